// The REPL's `:` commands.
#include <fmt/format.h>

#include <algorithm>

#include "eval/explain.hpp"
#include "source/diagnostics.hpp"
#include "model/display.hpp"
#include "session/input_formulas.hpp"
#include "session/inputs.hpp"
#include "session/run_request.hpp"
#include "syntax/parser.hpp"
#include "report/render.hpp"
#include "report/run_document.hpp"
#include "repl/repl_input.hpp"
#include "repl/repl_session.hpp"
#include "repl/repl_text.hpp"

namespace mlsi {

Repl::Status Repl::command(const std::string& text, std::uint32_t line) {
  std::size_t lead = text.find(':');
  std::size_t end = lead + 1;
  while (end < text.size() && is_identifier_char(text[end])) ++end;
  std::string name = text.substr(lead, end - lead);
  std::string rest = trim(text.substr(end));
  if (name != ":quit" && name != ":q" && name != ":reset") read_everything();
  if (name == ":help" || name == ":h") return cmd_help();
  if (name == ":load") return cmd_load(rest);
  if (name == ":run") return cmd_run(text, end, line);
  if (name == ":solve") return cmd_solve(text, end, line);
  if (name == ":type") return cmd_type(text, end, line);
  if (name == ":show") return cmd_show(rest);
  if (name == ":source") return cmd_source(rest);
  if (name == ":list") return cmd_list(rest);
  if (name == ":units") return cmd_units(text, end, line);
  if (name == ":explain") return cmd_explain(text, end, line);
  if ((name == ":reset" || name == ":quit" || name == ":q") && !rest.empty()) return error(fmt::format("`{}` takes no arguments", name));
  if (name == ":reset") return cmd_reset();
  if (name == ":quit" || name == ":q") return Status::quit;
  std::vector<std::string> names;
  for (const auto& c : repl_commands()) names.emplace_back(c.name);
  return error(fmt::format("unknown command `{}`{}; `:help` lists the commands", name, did_you_mean(name, names)));
}

Repl::Status Repl::cmd_help() {
  io_.out << "Type an expression to evaluate it (`989 TFLOP/s * 0.4 * 30 day -> EFLOP`), or a declaration\n"
             "(let, fn, unit, dimension, scenario, config) to add it to the session; `ans` is the last result.\n"
             "An entry goes on over several lines while a bracket is open or a line ends in an operator.\n\n";
  std::vector<std::pair<std::string, std::string>> rows;
  for (const auto& c : repl_commands()) rows.emplace_back(fmt::format("  {}{}{}", c.name, *c.args ? " " : "", c.args), c.help);
  print_rows(io_.out, rows);
  return Status::ok;
}

Repl::Status Repl::cmd_load(const std::string& argument) {
  std::string path = trim(argument);
  // `:load config.json --name KEY`: the key of the Workload entry, as `--workload FILE.json --name KEY`.
  std::optional<std::string> key;
  if (auto at = path.find(" --name"); at != std::string::npos) {
    key = trim(path.substr(at + 7));
    path = trim(path.substr(0, at));
  }
  if (path.size() >= 2 && path.front() == '"' && path.back() == '"') path = path.substr(1, path.size() - 2);
  if (path.empty()) return error("`:load` needs a FILE, as in `:load kv_cache.mls`");
  if (!key) return show(workspace_->load(path));
  if (!path.ends_with(".json")) return error("`--name KEY` is the key of a config.json's Workload entry, as in `:load config.json --name MyModel`");
  if (key->empty()) return error("`--name` needs a KEY, as in `:load config.json --name MyModel`");
  return show(workspace_->load_workload(path, *key));
}

std::optional<Repl::ScenarioInputs> Repl::scenario_inputs(const std::string& command, const std::string& text, std::size_t args,
                                                          std::uint32_t line) {
  Program& p = workspace_->session().program();
  DiagnosticLog& diags = workspace_->session().diagnostics();
  FileId f = workspace_->add_source(text, line);
  std::size_t b = text.find_first_not_of(" \t", args);
  if (b == std::string::npos) {
    error(fmt::format("`{}` needs a SCENARIO, as in `{}`", command, command == ":run" ? ":run KvCache batch=2" : ":solve --max microbatch --such-that \"full <= 80 GB\" ActivationMemory"));
    return std::nullopt;
  }
  std::size_t e = b;
  while (e < text.size() && is_identifier_char(text[e])) ++e;
  ScenarioInputs out;
  out.name_span = Span{f, static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(std::max(e, b + 1))};
  std::string name = text.substr(b, e - b);
  const Scenario* sc = name.empty() ? nullptr : p.find_scenario(name);
  if (!sc) {
    diags.error(out.name_span, fmt::format("no scenario `{}`{}", name, did_you_mean(name, keys(p.scenario_index))));
    report();
    return std::nullopt;
  }
  out.scenario = p.find_scenario_index(name);
  std::vector<Assignment> assignments;
  std::size_t bad = 0;
  if (!split_assignments(text, e, text.size(), assignments, bad)) {
    std::size_t stop = text.find_first_of(" \t", bad);
    diags.error(Span{f, static_cast<std::uint32_t>(bad), static_cast<std::uint32_t>(stop == std::string::npos ? text.size() : stop)},
                "expected `INPUT=EXPR` or `config=NAME`");
    report();
    return std::nullopt;
  }
  Evaluator ev(p, options_.limits);
  out.given.assign(sc->slots.size(), std::nullopt);
  try {
    // The config first, wherever it is written: the other arguments override it.
    for (const auto& a : assignments) {
      if (a.name != "config") continue;
      out.config = trim(text.substr(a.value_begin, a.value_end - a.value_begin));
      ConfigLookup found = find_config(p, out.scenario, out.config);
      if (!found.config) {
        diags.error(Span{f, static_cast<std::uint32_t>(a.value_begin), static_cast<std::uint32_t>(std::max(a.value_end, a.value_begin + 1))},
                    std::move(found.message));
        report();
        return std::nullopt;
      }
      apply_config(workspace_->session(), ev, *found.config, out.given);
    }
    bool ok = true;
    for (const auto& a : assignments) {
      if (a.name == "config") continue;
      Span n{f, static_cast<std::uint32_t>(a.name_begin), static_cast<std::uint32_t>(a.name_end)};
      if (a.value_begin >= a.value_end) {
        diags.error(n, fmt::format("`{}=` needs a value", a.name));
        ok = false;
        continue;
      }
      auto expr = parse_expression(p.sources, f, diags, static_cast<std::uint32_t>(a.value_begin), static_cast<std::uint32_t>(a.value_end));
      ok = expr && assign_input(workspace_->session(), ev, out.scenario, a.name, n, *expr, command, out.given) && ok;
    }
    ok = ok && check_given_formulas(workspace_->session(), out.scenario, out.given);
    if (report() || !ok) return std::nullopt;
  } catch (const EvalError& err) {
    io_.err << render(p.sources, err.diag, io_.colour);
    return std::nullopt;
  }
  return out;
}

Repl::Status Repl::cmd_run(const std::string& text, std::size_t args, std::uint32_t line) {
  auto in = scenario_inputs(":run", text, args, line);
  if (!in) return Status::failed;
  Program& p = workspace_->session().program();
  const Scenario& sc = p.scenarios[static_cast<std::size_t>(in->scenario)];
  try {
    ScenarioRun run = Evaluator(p, options_.limits).run(in->scenario, in->given);
    io_.out << run_document(p, run, in->given, RunDocumentOptions{in->config, Format::table, false, options_.limits, io_.colour});
    // `ans` becomes the record of the outputs, as a call `Scenario(...)` returns it.
    RecordValue r;
    r.type = sc.result;
    for (int o : sc.outputs) r.fields.emplace_back(run.slots[static_cast<std::size_t>(o)]);
    workspace_->set_ans(Value(std::move(r)), Type::of_record(sc.result), DisplayUnit{}, in->name_span);
    return Status::ok;
  } catch (const EvalError& err) {
    io_.err << render(p.sources, err.diag, io_.colour);
    return Status::failed;
  }
}

Repl::Status Repl::cmd_type(const std::string& text, std::size_t args, std::uint32_t line) {
  Program& p = workspace_->session().program();
  if (trim(text.substr(args)).empty()) return error("`:type` needs an expression, as in `:type 1 GB / (1 s)`");
  FileId f = workspace_->add_source(text, line);
  auto e = parse_expression(p.sources, f, workspace_->session().diagnostics(), static_cast<std::uint32_t>(args));
  if (report() || !e) return Status::failed;
  // A function or scenario named on its own: its signature.
  if (e->kind == ast::ExprKind::name && !p.global_index.count(e->text) && !p.catalogue.find(e->text)) {
    if (auto fn = p.function_index.find(e->text); fn != p.function_index.end()) {
      io_.out << signature(p, p.functions[static_cast<std::size_t>(fn->second)]) << "\n";
      return Status::ok;
    }
    if (const Scenario* sc = p.find_scenario(e->text)) {
      std::vector<std::string> in, out;
      for (int i : sc->inputs) in.push_back(sc->slots[static_cast<std::size_t>(i)].name + ": " + type_name(sc->slots[static_cast<std::size_t>(i)].type, p.dims));
      for (int o : sc->outputs) out.push_back(sc->slots[static_cast<std::size_t>(o)].name + ": " + type_name(sc->slots[static_cast<std::size_t>(o)].type, p.dims));
      std::string ins, outs;
      for (const auto& s : in) ins += (ins.empty() ? "" : ", ") + s;
      for (const auto& s : out) outs += (outs.empty() ? "" : ", ") + s;
      io_.out << fmt::format("scenario {}({}) -> {{{}}}\n", sc->name, ins, outs);
      return Status::ok;
    }
  }
  DisplayUnit display;
  CExpr c = workspace_->session().compiler().compile_global_expr(*e, &display);
  if (report()) return Status::failed;
  io_.out << type_name(c.type, p.dims) << "\n";
  return Status::ok;
}

Repl::Status Repl::cmd_explain(const std::string& text, std::size_t args, std::uint32_t line) {
  Program& p = workspace_->session().program();
  if (trim(text.substr(args)).empty()) return error("`:explain` needs an expression or a constant's name, as in `:explain training_compute(7e9, 2e12)`");
  FileId f = workspace_->add_source(text, line);
  auto e = parse_expression(p.sources, f, workspace_->session().diagnostics(), static_cast<std::uint32_t>(args));
  if (report() || !e) return Status::failed;
  DisplayUnit display;
  CExpr c = workspace_->session().compiler().compile_global_expr(*e, &display);
  if (report()) return Status::failed;
  if (c.type.is_error()) return error("this expression has no type");
  try {
    Value v = Evaluator(p, options_.limits).value(c);  // a failing expression reports its error, not a tree
    if (auto d = display_overflow("the result", v, c.type, display, p, c.span)) throw EvalError{std::move(*d)};
  } catch (const EvalError& err) {
    io_.err << render(p.sources, err.diag, io_.colour);
    return Status::failed;
  }
  io_.out << render_node_text(explain_expression(p, c, display, options_.limits), io_.colour);
  return Status::ok;
}

Repl::Status Repl::cmd_reset() {
  start();
  if (!ready_) return Status::quit;
  io_.out << "reset: every definition, loaded file and `ans` is forgotten\n";
  return Status::ok;
}

}  // namespace mlsi
