// `mlsi validate [FOLDER]`: the validation table (docs/validation.md). Every subfolder of FOLDER is a
// domain; its `validation.toml` names the catalogue files its rows read and its targets; every
// `expect measured` of its .mls files is a row, reported with mlsi's error against the measured value.
#include "commands/verbs.hpp"
#include "commands/verb_session.hpp"

#include <fmt/format.h>

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "model/display.hpp"
#include "report/validation_report.hpp"
#include "session/inputs.hpp"
#include "source/file_reader.hpp"

namespace mlsi {

namespace fs = std::filesystem;

namespace {

constexpr const char* kDomainFile = "validation.toml";

std::string where_in(const Program& p, Span s) {
  if (!s.valid()) return "";
  auto lc = p.sources.line_col(s.file, s.begin);
  return fmt::format("{}:{}:{}", p.sources.file(s.file).name, lc.line, lc.col);
}

// The .mls files under `folder`, recursively, in sorted order.
std::vector<std::string> mls_files_under(const std::string& folder) {
  std::vector<std::string> found;
  std::error_code ec;
  for (const auto& entry : fs::recursive_directory_iterator(folder, ec))
    if (entry.is_regular_file() && entry.path().extension() == ".mls") found.push_back(entry.path().string());
  std::sort(found.begin(), found.end());
  return found;
}

// `validation.toml` of a domain: the catalogue files its rows read (relative to the folder) and the
// targets per output. Returns the message of what is wrong with it, if anything.
std::optional<std::string> read_domain_file(const std::string& path, std::size_t max_bytes, ValidationDomain& domain,
                                            std::vector<std::string>& catalogues) {
  ReadResult read = read_regular_file(path, max_bytes);
  if (!read) {
    if (read.error->kind == ReadError::Kind::missing) return std::nullopt;  // a domain without targets
    return describe(*read.error, path, "validation file");
  }
  domain.targets_file = path;
  toml::table doc;
  try {
    doc = toml::parse(read.text, path);
  } catch (const toml::parse_error& e) {
    return fmt::format("{}:{}:{}: {}", path, e.source().begin.line, e.source().begin.column, e.description());
  }
  for (const auto& [key, value] : doc) {
    if (key == "catalogues") {
      const toml::array* files = value.as_array();
      if (!files) return fmt::format("{}: `catalogues` is a list of catalogue files (`catalogues = [\"models.toml\"]`)", path);
      for (const auto& f : *files) {
        auto name = f.value<std::string>();
        if (!name) return fmt::format("{}: `catalogues` is a list of file names in double quotes", path);
        catalogues.push_back((fs::path(domain.folder) / *name).string());
      }
    } else if (key == "targets") {
      const toml::table* targets = value.as_table();
      if (!targets) return fmt::format("{}: `targets` is a table of outputs (`[targets.step_time]`)", path);
      for (const auto& [output, fields] : *targets) {
        const toml::table* t = fields.as_table();
        if (!t) return fmt::format("{}: `targets.{}` is a table with `mean_error_percent` and `max_error_percent`", path, output.str());
        ValidationTarget target;
        target.output = std::string(output.str());
        for (const auto& [name, number] : *t) {
          auto percent = number.value<double>();
          if (!percent || !std::isfinite(*percent) || *percent < 0)
            return fmt::format("{}: `targets.{}.{}` is a percentage, a number at least 0 (`5` for 5 %)", path, output.str(), name.str());
          if (name == "mean_error_percent") target.mean = *percent / 100;
          else if (name == "max_error_percent") target.max = *percent / 100;
          else
            return fmt::format("{}: unknown key `targets.{}.{}`; a target has `mean_error_percent` and `max_error_percent`", path,
                               output.str(), name.str());
        }
        domain.targets.push_back(std::move(target));
      }
    } else {
      return fmt::format("{}: unknown key `{}`; a validation file has `catalogues` and `[targets.OUTPUT]` tables", path, key.str());
    }
  }
  return std::nullopt;
}

// The row of one `expect measured`, evaluated in `ev` after its config's run.
ValidationRow measured_row(const Program& p, const Scenario& sc, const Config& cfg, const Expectation& x, Evaluator& ev,
                           const ScenarioRun* run, Sink& io) {
  const Slot& slot = sc.slots[static_cast<std::size_t>(x.slot)];
  ValidationRow row{sc.name, cfg.name, slot.name, where_in(p, x.span), "-", "evaluation failed", std::nullopt, x.source, "null", "null"};
  try {
    Value measured = ev.value(x.value);
    DisplayUnit unit = effective_unit(measured, slot.type, run ? run->display[static_cast<std::size_t>(x.slot)] : DisplayUnit{}, p);
    row.measured = format_value(measured, slot.type, unit, p);
    row.measured_json = json_field(p, measured, slot.type, unit);
    if (!run) return row;
    const Value& computed = run->slots[static_cast<std::size_t>(x.slot)];
    row.computed = format_value(computed, slot.type, unit, p);
    row.computed_json = json_field(p, computed, slot.type, unit);
    double error = (computed.number() - measured.number()) / measured.number();
    if (std::isfinite(error)) row.error = error;
  } catch (const EvalError& e) {
    io.err << render(p.sources, e.diag, io.colour);
  }
  return row;
}

// The rows of one file of a domain; a file that does not check is listed as such. Returns kExitUsage for
// a file or a catalogue file that cannot be read (as `mlsi test` does), else kExitOk.
int validate_file(const std::string& path, const ProgramSessionOptions& options, const EvaluationLimits& limits, ValidationDomain& domain, Sink& io) {
  ProgramSession session(options);
  if (request_errors_only(session.diagnostics())) {  // a catalogue file that cannot be read
    io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
    return kExitUsage;
  }
  auto file = session.load_file(path);
  bool ok = session.check() && file;
  io.err << render_all(session.program().sources, session.diagnostics(), io.colour, io.max_errors);
  if (!file && request_errors_only(session.diagnostics())) return kExitUsage;  // a device, a file over --max-file-size
  if (!ok) {
    domain.unchecked_files.push_back(path);
    return kExitOk;
  }
  Program& p = session.program();
  for (const auto& cfg : p.configs) {
    if (cfg.file != *file) continue;
    if (std::none_of(cfg.expects.begin(), cfg.expects.end(), [](const Expectation& x) { return x.measured; })) continue;
    const Scenario& sc = p.scenarios[static_cast<std::size_t>(cfg.scenario)];
    Evaluator ev(p, limits);
    GivenInputs given(sc.slots.size());
    std::optional<ScenarioRun> run;
    try {
      apply_config(session, ev, cfg, given);
      run = ev.run(cfg.scenario, given);
    } catch (const EvalError& e) {
      io.err << render(p.sources, e.diag, io.colour);
    }
    for (const auto& x : cfg.expects)
      if (x.measured) domain.rows.push_back(measured_row(p, sc, cfg, x, ev, run ? &*run : nullptr, io));
  }
  return kExitOk;
}

}  // namespace

int run_validate(const VerbRequest& o, Sink& io) {
  if (o.positional.size() > 1) return usage(io, "`mlsi validate` takes one FOLDER (default: `validation`)");
  std::string folder = o.positional.empty() ? "validation" : o.positional.front();
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) return usage(io, fmt::format("cannot find the validation folder `{}`", folder));
  // The domains: every subfolder with .mls files or a validation.toml, in name order; .mls files directly
  // in FOLDER make a domain named after it.
  std::vector<std::pair<std::string, std::string>> found;  // name, folder
  for (const auto& entry : fs::directory_iterator(folder, ec))
    if (entry.is_directory() && (!mls_files_under(entry.path().string()).empty() || fs::exists(entry.path() / kDomainFile, ec)))
      found.emplace_back(entry.path().filename().string(), entry.path().string());
  std::sort(found.begin(), found.end());
  bool top_level = false;
  for (const auto& entry : fs::directory_iterator(folder, ec))
    top_level = top_level || (entry.is_regular_file() && entry.path().extension() == ".mls");
  if (top_level) found.insert(found.begin(), {fs::path(folder).lexically_normal().filename().string(), folder});
  if (found.empty()) return usage(io, fmt::format("`{}` has no domain: no subfolder holds a .mls file", folder));
  std::vector<ValidationDomain> domains;
  bool unreadable = false;
  for (const auto& [name, path] : found) {
    ValidationDomain domain;
    domain.name = name;
    domain.folder = path;
    std::vector<std::string> catalogues;
    if (auto problem = read_domain_file((fs::path(path) / kDomainFile).string(), o.limits.max_file_size, domain, catalogues))
      return usage(io, *problem);
    ProgramSessionOptions options = session_options(o);
    options.catalogues.insert(options.catalogues.end(), catalogues.begin(), catalogues.end());
    // The domain's own files only (those directly in FOLDER when it is the top-level domain).
    std::vector<std::string> files;
    if (path == folder) {
      for (const auto& entry : fs::directory_iterator(folder, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".mls") files.push_back(entry.path().string());
      std::sort(files.begin(), files.end());
    } else {
      files = mls_files_under(path);
    }
    for (const auto& file : files)
      unreadable = validate_file(file, options, o.limits, domain, io) != kExitOk || unreadable;
    domains.push_back(std::move(domain));
  }
  io.out << render_validation_report(domains, o.format);
  auto failures = validation_failures(domains);
  for (const auto& f : failures) io.err << "error: " << f << "\n";
  bool unchecked = std::any_of(domains.begin(), domains.end(), [](const ValidationDomain& d) { return !d.unchecked_files.empty(); });
  int status = unchecked ? kExitSource : failures.empty() ? kExitOk : kExitFailed;
  return unreadable ? std::max(status, kExitUsage) : status;
}

}  // namespace mlsi
