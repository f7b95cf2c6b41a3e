#include "verbs/option_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>


namespace mlsi {

namespace {

using R = VerbRequest;

// The refusal of an option that no message of its own explains.
std::string not_an_option(const R& r, std::string_view flag) { return fmt::format("{} is not an option of `mlsi {}`", flag, r.command); }

using Refusal = std::string (*)(const R&, std::string_view);

// An option with a text value (a name, a file, a condition ...).
OptionSpec text(std::string_view flag, ValueKind kind, std::string_view api_name, void (*set)(R&, const std::string&), Refusal refusal = not_an_option,
                std::string_view file_ext = {}) {
  OptionSpec o;
  o.flag = flag;
  o.kind = kind;
  o.file_ext = file_ext;
  o.api_name = api_name;
  o.set_text = set;
  o.refusal = refusal;
  return o;
}

// An option with a whole number from 1 to `max`.
OptionSpec number(std::string_view flag, std::string_view api_name, std::uint64_t max, void (*set)(R&, std::uint64_t), Refusal refusal = not_an_option) {
  OptionSpec o;
  o.flag = flag;
  o.kind = ValueKind::number;
  o.api_name = api_name;
  o.max = max;
  o.set_number = set;
  o.refusal = refusal;
  return o;
}

// An option that sets a limit: its flag, name and largest value are the limit's (mlsi/options.hpp).
OptionSpec limit(std::string_view flag) {
  const api::LimitInfo& info = api::limit_info(flag);
  OptionSpec o;
  o.flag = info.flag;
  o.kind = ValueKind::number;
  o.api_name = info.option;
  o.max = info.maximum;
  o.limit = &info;
  o.refusal = not_an_option;
  return o;
}

// An option without a value.
OptionSpec switch_(std::string_view flag, std::string_view api_name, void (*set)(R&), Refusal refusal = not_an_option) {
  OptionSpec o;
  o.flag = flag;
  o.api_name = api_name;
  o.set_switch = set;
  o.refusal = refusal;
  return o;
}

OptionSpec with_alias(OptionSpec o, std::string_view alias) {
  o.alias = alias;
  return o;
}

// An option that adds a value each time it is given.
OptionSpec repeatable(OptionSpec o) {
  o.repeatable = true;
  return o;
}

std::string of_test(const R&, std::string_view flag) { return fmt::format("{} is an option of `mlsi test`", flag); }

std::vector<OptionSpec> make_options() {
  using K = ValueKind;
  // The caps of the numbers (the limits' are theirs, mlsi/options.hpp). Threads: a few thousand is more
  // cores than any machine has, and each thread is a reservation of its stack.
  std::vector<OptionSpec> all = {
      text("--scenario", K::text, "scenario", [](R& r, const std::string& v) { r.scenario = v; }),
      text("--config", K::text, "config", [](R& r, const std::string& v) { r.config = v; }),
      repeatable(text("--set", K::text, "set", [](R& r, const std::string& v) { r.sets.push_back(v); })),
      text("--inputs", K::file, "inputs", [](R& r, const std::string& v) { r.inputs_file = v; }, not_an_option, "toml"),
      text("--workload", K::file, "workload", [](R& r, const std::string& v) { r.workload_config = v; },
           [](const R& r, std::string_view) { return fmt::format("--workload applies to `mlsi run`, `sweep`, `solve` and `plot`, not `mlsi {}`", r.command); },
           "json"),
      text("--name", K::text, "name", [](R& r, const std::string& v) { r.entry_name = v; },
           [](const R&, std::string_view) { return std::string("--name gives the key of the entry of `mlsi catalogue from-hf` or of --workload FILE.json"); }),
      text("--format", K::format, "format", nullptr),
      repeatable(text("--catalog", K::file, "catalogues", [](R& r, const std::string& v) { r.catalogues.push_back(v); }, not_an_option, "toml")),
      repeatable(text("--catalog-text", K::text, "catalog_text", [](R& r, const std::string& v) { r.catalogue_texts.push_back(v); })),
      text("--sort", K::text, "sort", [](R& r, const std::string& v) { r.sort = v; }),
      text("--where", K::text, "where", [](R& r, const std::string& v) { r.where = v; }),
      repeatable(text("--vary", K::input_values, "vary", [](R& r, const std::string& v) { r.varies.push_back(v); })),
      text("--shard", K::text, "shard", [](R& r, const std::string& v) { r.shard = v; }),
      with_alias(number("--jobs", "jobs", 4096, [](R& r, std::uint64_t n) { r.jobs = static_cast<unsigned>(n); },
                        [](const R&, std::string_view) { return std::string("-j/--jobs N sets the threads of `mlsi sweep` and `mlsi solve --vary`"); }),
                 "-j"),
      text("--plot", K::file, "plot", [](R& r, const std::string& v) { r.plot_file = v; }, not_an_option, "svg"),
      text("--x", K::input_values, "x", [](R& r, const std::string& v) { r.plot_x = v; }),
      repeatable(text("--y", K::text, "y", [](R& r, const std::string& v) { r.plot_y += (r.plot_y.empty() ? "" : ",") + v; })),
      text("--series", K::input_values, "series", [](R& r, const std::string& v) { r.plot_series = v; }),
      switch_("--log-x", "log_x", [](R& r) { r.log_x = true; }),
      switch_("--log-y", "log_y", [](R& r) { r.log_y = true; }),
      // -o names the file of a page or a chart: only `mlsi doc` and `mlsi plot` write one.
      with_alias(text("--output", K::file, "output", [](R& r, const std::string& v) { r.output = v; }, nullptr), "-o"),
      text("--max", K::text, "max", [](R& r, const std::string& v) { r.solve_max = v; }),
      text("--min", K::text, "min", [](R& r, const std::string& v) { r.solve_min = v; }),
      repeatable(text("--such-that", K::text, "such_that", [](R& r, const std::string& v) { r.such_that.push_back(v); })),
      text("--tol", K::text, "tol", [](R& r, const std::string& v) { r.tolerance = v; }),
      text("--for", K::input_values, "for", [](R& r, const std::string& v) { r.solve_domain = v; }),
      text("--minimize", K::text, "minimize", [](R& r, const std::string& v) { r.minimize = v; }),
      text("--maximize", K::text, "maximize", [](R& r, const std::string& v) { r.maximize = v; }),
      number("--top", "top", 1'000'000, [](R& r, std::uint64_t n) { r.top = n; }),
      switch_("--explain", "explain", [](R& r) { r.explain = true; },
              [](const R& r, std::string_view) { return fmt::format("--explain applies to `mlsi run` and `mlsi solve`, not `mlsi {}`", r.command); }),
      switch_("--report", "report", [](R& r) { r.report = true; }, of_test),
      switch_("--published", "published", [](R& r) { r.published = true; }, of_test),
      // These mean nothing outside their verb: another verb does not know them.
      switch_("--source", "source", [](R& r) { r.show_source = true; }, nullptr),
      with_alias(switch_("--write", "write", [](R& r) { r.fmt_write = true; }, nullptr), "-w"),
      switch_("--check", "check", [](R& r) { r.fmt_check = true; }, nullptr),
      // `mlsi eval -e EXPR`: an entry in its place among the operands.
      repeatable(text("-e", K::text, "entries", [](R& r, const std::string& v) { r.positional.push_back(v); }, nullptr)),
      with_alias(switch_("--help", "help", [](R& r) { r.help = true; }, nullptr), "-h"),
      limit("--max-depth"),
      limit("--max-list"),
      limit("--max-steps"),
      limit("--max-total-steps"),
      limit("--max-nesting"),
      limit("--max-import-depth"),
      limit("--max-files"),
      limit("--max-file-size"),
      number("--max-errors", "max_errors", 1'000'000, [](R& r, std::uint64_t n) { r.max_errors = n; }),
      limit("--max-points"),
  };
  for (auto& o : all) {
    if (o.flag == "--explain") o.says_takes_no_value = true;
    if (o.flag == "-e") o.value_name = "an EXPR";
  }
  return all;
}

}  // namespace

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> options = make_options();
  return options;
}

const CallerWords& command_line_words() {
  static const CallerWords words = [] {
    std::map<std::string, CallerWord, std::less<>> flags;
    for (const auto& o : option_specs()) flags[std::string(o.api_name)] = CallerWord{std::string(o.flag), {}};
    return CallerWords(std::move(flags));
  }();
  return words;
}

EvaluationLimits command_line_limits() {
  EvaluationLimits limits;
  limits.words = command_line_words();
  return limits;
}

ProgramSessionOptions session_limits(const VerbRequest& r) {
  ProgramSessionOptions options;
  options.limits = r.limits;
  options.words = r.limits.words;
  return options;
}

const OptionSpec* find_option(std::string_view typed) {
  const auto& all = option_specs();
  auto it = std::find_if(all.begin(), all.end(), [&](const OptionSpec& o) { return o.flag == typed || (!o.alias.empty() && o.alias == typed); });
  return it == all.end() ? nullptr : &*it;
}

const OptionSpec* find_api_option(std::string_view api_name) {
  const auto& all = option_specs();
  auto it = std::find_if(all.begin(), all.end(), [&](const OptionSpec& o) { return o.api_name == api_name; });
  return it == all.end() ? nullptr : &*it;
}

}  // namespace mlsi
