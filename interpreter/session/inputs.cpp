#include "session/inputs.hpp"

#include <fmt/format.h>

#include <toml++/toml.h>

#include "model/unit_example.hpp"
#include "source/file_reader.hpp"
#include "syntax/parser.hpp"
#include "model/unknown_input.hpp"

namespace mlsi {

bool apply_config(ProgramSession& s, Evaluator& ev, const Config& config, GivenInputs& given) {
  (void)s;
  for (const auto& set : config.sets) {
    Value v = ev.value(set.value);
    given[static_cast<std::size_t>(set.slot)] =
        InputValue{std::move(v), "config " + config.name, set.display, set.span, std::make_shared<const CExpr>(set.value)};
  }
  return true;
}

namespace {

// The errors found while an input's value is read are about that input (the value's syntax errors stay
// syntax errors).
struct InputCategory {
  DiagnosticLog& diags;
  std::size_t first = diags.size();
  ~InputCategory() { diags.categorize_from(first, Category::input); }
};

// The first use in `e` of a name of the scenario other than the input `self` itself, if any: a value
// that names another member is a formula over them (`--set dp=1024/(tp*pp)`).
const ast::Expr* member_named(const ast::Expr& e, const Scenario& sc, const std::string& self) {
  if (e.kind == ast::ExprKind::name && e.text != self && sc.find_slot(e.text) >= 0) return &e;
  for (const auto& o : e.operands)
    if (const ast::Expr* found = o ? member_named(*o, sc, self) : nullptr) return found;
  return nullptr;
}

const ast::Expr* use_of(const ast::Expr& e, const std::string& name) {
  if (e.kind == ast::ExprKind::name && e.text == name) return &e;
  for (const auto& o : e.operands)
    if (const ast::Expr* found = o ? use_of(*o, name) : nullptr) return found;
  return nullptr;
}

// Checks an input value's expression against the input's type and evaluates it; a formula over the
// scenario's other inputs is kept for the run to evaluate (InputValue::in_scope).
bool assign(ProgramSession& s, Evaluator& ev, int scenario, const std::string& name, Span name_span, const ast::Expr& expr,
            const std::string& origin, GivenInputs& given) {
  Program& p = s.program();
  Scenario& sc = p.scenarios[static_cast<std::size_t>(scenario)];
  // A value given to a run names units and dimensions as the scenario's file does (ServingFleet's `tok`).
  if (expr.span.file != sc.file) p.scopes.read_as_in(expr.span.file, sc.file);
  int slot = sc.find_slot(name);
  if (slot < 0 || sc.slots[static_cast<std::size_t>(slot)].kind != SlotKind::input) {
    s.diagnostics().error(name_span, fmt::format("scenario `{}` has no input `{}`", sc.name, name)).notes = unknown_input_notes(sc, name);
    return false;
  }
  const Type want = sc.slots[static_cast<std::size_t>(slot)].type;
  std::size_t before = s.diagnostics().reported();
  DisplayUnit display;
  bool formula = member_named(expr, sc, name) != nullptr;
  std::vector<int> reads;
  CExpr c = formula ? s.compiler().compile_input_formula(expr, scenario, slot, &display, &reads)
                    : s.compiler().compile_value(expr, want, &display);
  if (s.diagnostics().reported() > before) return false;
  for (int r : reads) {
    const Slot& read = sc.slots[static_cast<std::size_t>(r)];
    if (read.kind == SlotKind::input) continue;
    const ast::Expr* use = use_of(expr, read.name);
    auto& d = s.diagnostics().error(use ? use->span : c.span, fmt::format("the value of input `{}` may read the scenario's other inputs, not its {} `{}`",
                                                                          name, read.kind == SlotKind::let ? "let" : "output", read.name));
    d.notes.push_back("a given value is known before the scenario's formulas are computed");
    return false;
  }
  if (!compatible(c.type, want)) {
    std::string msg;
    if (want.kind == Type::Kind::record && want.record->catalogue && c.type.kind == Type::Kind::record && c.op == Op::constant && !c.constant.record().key.empty())
      msg = fmt::format("{} expects a {}; {} is a {}", name, want.record->name, c.constant.record().key, c.type.record->name);
    else
      msg = fmt::format("input `{}` expects {}, found {}", name, type_name(want, p.dims), type_name(c.type, p.dims));
    auto& d = s.diagnostics().error(c.span, msg);
    if (std::string note = bare_number_note(c, want, p); !note.empty()) d.notes.push_back(std::move(note));
    return false;
  }
  Span span = c.span;
  if (formula) {
    given[static_cast<std::size_t>(slot)] = InputValue{Value(), origin, display, span, std::make_shared<const CExpr>(std::move(c)), true};
    return true;
  }
  Value v = ev.value(c);
  given[static_cast<std::size_t>(slot)] = InputValue{std::move(v), origin, display, span, std::make_shared<const CExpr>(std::move(c)), false};
  return true;
}

// TOML values become expression text: numbers and booleans as written, strings as expressions
// ("2 byte", "Llama2_7B", "[1, 2]"), arrays element by element.
std::string toml_to_expr(const toml::node& n) {
  if (n.is_string()) return *n.value<std::string>();
  if (n.is_integer()) return fmt::format("{}", *n.value<std::int64_t>());
  if (n.is_floating_point()) return fmt::format("{}", *n.value<double>());
  if (n.is_boolean()) return *n.value<bool>() ? "true" : "false";
  if (n.is_array()) {
    std::string s = "[";
    bool first = true;
    for (const auto& e : *n.as_array()) {
      s += (first ? "" : ", ") + toml_to_expr(e);
      first = false;
    }
    return s + "]";
  }
  return "?";
}

}  // namespace

int apply_converted_workload(ProgramSession& s, Evaluator& ev, int scenario, GivenInputs& given, std::string& message) {
  Program& p = s.program();
  const Scenario& sc = p.scenarios[static_cast<std::size_t>(scenario)];
  std::vector<int> slots;
  for (int i : sc.inputs) {
    const Type& t = sc.slots[static_cast<std::size_t>(i)].type;
    if (t.kind == Type::Kind::record && t.record->catalogue && t.record->name == "Workload") slots.push_back(i);
  }
  const HfWorkload& w = *s.converted_workload();
  const std::string& config = s.options().workload_config;
  if (slots.size() != 1) {
    std::string names;
    for (std::size_t i = 0; i < slots.size(); ++i)
      names += fmt::format("{}`{}`", i == 0 ? "" : i + 1 == slots.size() ? " and " : ", ", sc.slots[static_cast<std::size_t>(slots[i])].name);
    const CallerWords& words = s.options().words;
    message = slots.empty() ? fmt::format("scenario `{}` has no input of kind Workload for {} to set", sc.name, words.name("workload"))
                            : fmt::format("scenario `{}` has several inputs of kind Workload ({}): {} cannot choose; write the entry with "
                                          "`mlsi catalogue from-hf {} > {}.toml`, then give `{} {}`",
                                          sc.name, names, words.name("workload"), config, w.key, words.give("catalogues", w.key + ".toml"),
                                          words.give("set", sc.slots[static_cast<std::size_t>(slots[0])].name + "=" + w.key));
    return -1;
  }
  const std::string& name = sc.slots[static_cast<std::size_t>(slots[0])].name;
  FileId f = p.sources.add(s.options().words.name("workload"), w.key);
  auto expr = parse_expression(p.sources, f, s.diagnostics());
  if (!expr || !assign_input(s, ev, scenario, name, Span{f, 0, static_cast<std::uint32_t>(w.key.size())}, *expr, s.options().words.name("workload") + " " + config, given))
    return -2;
  return slots[0];
}

bool assign_input(ProgramSession& s, Evaluator& ev, int scenario, const std::string& name, Span name_span, const ast::Expr& expr,
                  const std::string& origin, GivenInputs& given) {
  InputCategory category{s.diagnostics()};
  return assign(s, ev, scenario, name, name_span, expr, origin, given);
}

bool apply_set(ProgramSession& s, Evaluator& ev, int scenario, const std::string& assignment, GivenInputs& given,
               const std::string& given_origin) {
  InputCategory category{s.diagnostics()};
  Program& p = s.program();
  const std::string origin = given_origin.empty() ? s.options().words.name("set") : given_origin;
  FileId f = p.sources.add(origin, assignment);
  auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0) {
    s.diagnostics().error(Span{f, 0, static_cast<std::uint32_t>(std::max<std::size_t>(assignment.size(), 1))},
                          fmt::format("{} needs `name=value`, such as {}", s.options().words.name("set"), s.options().words.give("set", "batch=4")));
    return false;
  }
  std::string name = assignment.substr(0, eq);
  while (!name.empty() && name.back() == ' ') name.pop_back();
  auto expr = parse_expression(p.sources, f, s.diagnostics(), static_cast<std::uint32_t>(eq + 1));
  if (!expr) return false;
  s.load_builtin_scenarios_called();  // a value may call one, as a file may
  return assign(s, ev, scenario, name, Span{f, 0, static_cast<std::uint32_t>(name.size())}, *expr, origin, given);
}

bool apply_inputs_file(ProgramSession& s, Evaluator& ev, int scenario, const std::string& path, std::size_t max_file_size,
                       GivenInputs& given) {
  InputCategory category{s.diagnostics()};
  Program& p = s.program();
  auto read = read_regular_file(path, max_file_size);
  if (!read) {
    s.diagnostics().error(Span{}, describe(*read.error, path, "inputs file"));
    return false;
  }
  FileId file = p.sources.add(path, std::move(read.text), path);
  p.sources.set_syntax(file, SourceSyntax::data);
  toml::table root;
  try {
    root = toml::parse(p.sources.file(file).text, path);
  } catch (const toml::parse_error& err) {
    const auto& where = err.source().begin;
    const auto& starts = p.sources.file(file).line_starts;
    std::uint32_t offset = where.line >= 1 && where.line <= starts.size() ? starts[where.line - 1] + where.column - 1 : 0;
    s.diagnostics().error(Span{file, offset, offset + 1}, fmt::format("not valid TOML: {}", err.description()));
    return false;
  }
  s.load_builtin_scenarios_called();  // a value may call one, as a file may
  bool ok = true;
  for (auto&& [key, node] : root) {
    const auto& region = node.source();
    const auto& starts = p.sources.file(file).line_starts;
    std::uint32_t line_start = region.begin.line >= 1 && region.begin.line <= starts.size() ? starts[region.begin.line - 1] : 0;
    std::uint32_t begin = line_start + (region.begin.column ? region.begin.column - 1 : 0);
    std::string name(key.str());
    Span name_span{file, line_start, line_start + static_cast<std::uint32_t>(name.size())};
    // A string is parsed where it stands in the file, so errors point into it.
    ast::ExprPtr expr;
    std::string text = toml_to_expr(node);
    if (node.is_string() && p.sources.text(Span{file, begin + 1, begin + 1 + static_cast<std::uint32_t>(text.size())}) == text)
      expr = parse_expression(p.sources, file, s.diagnostics(), begin + 1, begin + 1 + static_cast<std::uint32_t>(text.size()));
    else
      expr = parse_expression(p.sources, p.sources.add(fmt::format("{} ({})", path, name), text), s.diagnostics());
    if (!expr) {
      ok = false;
      continue;
    }
    ok = assign(s, ev, scenario, name, name_span, *expr, s.options().words.give("inputs", path), given) && ok;
  }
  return ok;
}

}  // namespace mlsi
