#include "cli/cli_options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>

#include "cli/formats.hpp"

namespace mlsi {

int usage(CliStreams& io, const std::string& message) {
  io.err << "error: " << message << "\n" << "run `mlsi --help` for usage\n";
  return kExitUsage;
}

namespace {
// The numeric options: their largest value. Imports recurse once per level, spans hold 32-bit offsets,
// and a sweep's point numbers stay exact as doubles: the caps keep all of them safe.
struct NumericOption {
  const char* name;
  std::uint64_t max;
};
constexpr NumericOption kNumericOptions[] = {
    {"--max-depth", 100'000},
    {"--max-list", std::uint64_t{1} << 53},
    {"--max-steps", 1'000'000'000'000'000'000},
    {"--max-total-steps", 1'000'000'000'000'000'000},
    {"--max-import-depth", 1000},
    {"--max-files", 1'000'000},
    {"--max-file-size", std::uint64_t{1} << 30},
    {"--max-nesting", 10'000},
    {"--max-points", kMaxSweepPointsCap},
    {"--max-errors", 1'000'000},
    {"--top", 1'000'000},
    // Threads: a few thousand is more cores than any machine has, and each thread is a reservation of
    // its stack.
    {"--jobs", 4096},
    {"-j", 4096},
};
}  // namespace

// Returns an exit status when the arguments are not usable.
std::optional<int> parse_options(const std::vector<std::string>& args, Options& o, CliStreams& io) {
  o.command = args[0];
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::string a = args[i];
    std::string value;
    bool has_value = false;
    // -jN, as make and GNU parallel take it.
    if (a.size() > 2 && a.rfind("-j", 0) == 0 && std::isdigit(static_cast<unsigned char>(a[2]))) {
      value = a.substr(2);
      a = "-j";
      has_value = true;
    }
    if (a.rfind("--", 0) == 0 && a.find('=') != std::string::npos && a.rfind("--set", 0) != 0) {
      value = a.substr(a.find('=') + 1);
      a = a.substr(0, a.find('='));
      has_value = true;
    }
    auto next = [&](std::string& out) -> bool {
      if (has_value) { out = value; return true; }
      if (i + 1 >= args.size()) return false;
      out = args[++i];
      return true;
    };
    // The options with a value: these, and the numeric ones of kNumericOptions.
    static const std::vector<std::string> with_values = {"--scenario", "--config", "--set", "--inputs", "--format", "--catalog", "--sort", "--where", "--vary", "--shard", "--plot", "--x", "--y", "--series", "-o", "--output", "--max", "--min", "--such-that", "--tol", "--for", "--minimize", "--maximize", "--workload", "--name"};
    const NumericOption* numeric = std::find_if(std::begin(kNumericOptions), std::end(kNumericOptions), [&](const NumericOption& x) { return a == x.name; });
    bool is_numeric = numeric != std::end(kNumericOptions);
    // -o names the file of a page or a chart: only `mlsi doc` and `mlsi plot` write one.
    bool output_elsewhere = (a == "-o" || a == "--output") && o.command != "doc" && o.command != "plot";
    if (a == "-e" && o.command == "eval") {
      // An entry of `mlsi eval`, in its place among the others.
      std::string v;
      if (!next(v)) return usage(io, "-e needs an EXPR");
      o.positional.push_back(v);
      continue;
    }
    if ((a == "--help" || a == "-h") && !has_value) {
      o.help = true;
      continue;
    }
    if (!output_elsewhere && (is_numeric || std::find(with_values.begin(), with_values.end(), a) != with_values.end())) {
      std::string v;
      if (!next(v)) return usage(io, fmt::format("{} needs a value", a));
      if (a == "--scenario") o.scenario = v;
      else if (a == "--config") o.config = v;
      else if (a == "--set") o.sets.push_back(v);
      else if (a == "--inputs") o.inputs_file = v;
      else if (a == "--catalog") o.catalogues.push_back(v);
      else if (a == "--sort") o.sort = v;
      else if (a == "--vary") o.varies.push_back(v);
      else if (a == "--shard") o.shard = v;
      else if (a == "--where") o.where = v;
      else if (a == "--max") o.solve_max = v;
      else if (a == "--min") o.solve_min = v;
      else if (a == "--such-that") o.such_that.push_back(v);
      else if (a == "--tol") o.tolerance = v;
      else if (a == "--for") o.solve_domain = v;
      else if (a == "--minimize") o.minimize = v;
      else if (a == "--maximize") o.maximize = v;
      else if (a == "--plot") o.plot_file = v;
      else if (a == "--x") o.plot_x = v;
      else if (a == "--y") o.plot_y += (o.plot_y.empty() ? "" : ",") + v;
      else if (a == "--series") o.plot_series = v;
      else if (a == "-o" || a == "--output") o.output = v;
      else if (a == "--workload") o.workload_config = v;
      else if (a == "--name") o.entry_name = v;
      else if (a == "--format") {
        o.format_given = true;
        if (auto refused = read_format(o.command, v, o.format)) return usage(io, *refused);
      } else if (is_numeric) {
        WholeNumber parsed = parse_whole(v, numeric->max, a);
        if (!parsed.error.empty()) return usage(io, parsed.error);
        std::uint64_t n = parsed.value;
        if (a == "--max-depth") o.limits.max_call_depth = static_cast<int>(n);
        else if (a == "--max-list") o.limits.max_list_length = n;
        else if (a == "--max-steps") o.limits.max_steps = n;
        else if (a == "--max-total-steps") o.limits.max_total_steps = n;
        else if (a == "--max-import-depth") o.files.max_import_depth = static_cast<int>(n);
        else if (a == "--max-files") o.files.max_files = static_cast<int>(n);
        else if (a == "--max-file-size") o.files.max_file_size = n;
        else if (a == "--max-points") o.max_points = n;
        else if (a == "--max-errors") o.max_errors = n;
        else if (a == "--top") o.top = n;
        else if (a == "--jobs" || a == "-j") o.jobs = static_cast<unsigned>(n);
        else o.files.max_nesting = static_cast<int>(n);
      }
    } else if (a == "--report" && !has_value) {
      o.report = true;
    } else if (a == "--published" && !has_value) {
      o.published = true;
    } else if (o.command == "fmt" && (a == "--write" || a == "-w")) {
      o.fmt_write = true;
    } else if (o.command == "show" && a == "--source" && !has_value) {
      o.show_source = true;
    } else if (o.command == "fmt" && a == "--check") {
      o.fmt_check = true;
    } else if (a == "--explain") {
      if (has_value) return usage(io, "--explain takes no value");
      o.explain = true;
    } else if (a == "--log-x" && !has_value) {
      o.log_x = true;
    } else if (a == "--log-y" && !has_value) {
      o.log_y = true;
    } else if (a.rfind("--", 0) == 0 || (a.size() > 1 && a[0] == '-' && !std::isdigit(static_cast<unsigned char>(a[1])))) {
      return usage(io, fmt::format("unknown option `{}`", a));
    } else {
      o.positional.push_back(args[i]);
    }
  }
  if (o.jobs != 0 && o.command != "sweep" && o.command != "solve")
    return usage(io, "-j/--jobs N sets the threads of `mlsi sweep` and `mlsi solve --vary`");
  return std::nullopt;
}


SessionOptions session_options(const Options& o) {
  SessionOptions s = o.files;
  s.catalogues = catalogue_files(o);
  s.read_on_demand = true;  // the REPL reads every name at its first command or completion
  s.workload_config = o.workload_config;
  s.workload_key = o.entry_name;
  // Kept: at least as many as --max-errors shows.
  s.max_diagnostics = std::max(kDefaultMaxDiagnostics, o.max_errors);
  return s;
}

std::vector<std::string> catalogue_files(const Options& o) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  if (const char* path = std::getenv("MLSI_PATH")) {
    std::string all(path);
    std::size_t start = 0;
    while (start <= all.size()) {
      std::size_t end = all.find(':', start);
      if (end == std::string::npos) end = all.size();
      std::string dir = all.substr(start, end - start);
      std::error_code ec;
      if (!dir.empty() && fs::is_directory(dir, ec)) {
        std::vector<std::string> found;
        for (const auto& entry : fs::directory_iterator(dir, ec))
          if (entry.path().extension() == ".toml") found.push_back(entry.path().string());
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
      }
      start = end + 1;
    }
  }
  files.insert(files.end(), o.catalogues.begin(), o.catalogues.end());
  return files;
}

}  // namespace mlsi
