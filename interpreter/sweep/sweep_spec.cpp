#include "sweep/sweep_spec.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "eval/evaluator.hpp"
#include "syntax/parser.hpp"
#include "model/unknown_input.hpp"

namespace mlsi {

namespace {

// A value of the spec: an expression of the input's dimension, evaluated on its own.
std::optional<double> value_at(ProgramSession& s, FileId f, std::uint32_t begin, std::uint32_t end, const Type& want,
                               const std::string& flag, const std::string& input, DisplayUnit* display, const EvaluationLimits& limits) {
  while (begin < end && s.program().sources.file(f).text[begin] == ' ') ++begin;
  while (end > begin && s.program().sources.file(f).text[end - 1] == ' ') --end;
  auto expr = parse_expression(s.program().sources, f, s.diagnostics(), begin, end);
  if (!expr) return std::nullopt;
  std::size_t before = s.diagnostics().reported();
  DisplayUnit du;
  CExpr c = s.compiler().compile_value(*expr, want, &du);
  if (s.diagnostics().reported() > before) return std::nullopt;
  if (!c.type.is_quantity() || !compatible(c.type, want)) {
    s.diagnostics().error(c.span, fmt::format("{} {} needs values of {}, found {}", flag, input, type_name(want, s.program().dims),
                                              type_name(c.type, s.program().dims)));
    return std::nullopt;
  }
  if (display && display->automatic) *display = du;
  try {
    return Evaluator(s.program(), limits).value(c).number();
  } catch (const EvalError& e) {
    s.diagnostics().add(e.diag);
    return std::nullopt;
  }
}

// One value of a categorical spec: an entry of the input's kind, a case of its enumeration, or a Bool.
std::optional<Value> choice_at(ProgramSession& s, FileId f, std::uint32_t begin, std::uint32_t end, const Type& want,
                               const std::string& flag, const std::string& input, const EvaluationLimits& limits) {
  const Program& p = s.program();
  while (begin < end && p.sources.file(f).text[begin] == ' ') ++begin;
  while (end > begin && p.sources.file(f).text[end - 1] == ' ') --end;
  auto expr = parse_expression(s.program().sources, f, s.diagnostics(), begin, end);
  if (!expr) return std::nullopt;
  // An entry is looked up among the entries of the input's kind, so that a misspelt one is suggested
  // from them and not from every name a formula could read.
  if (want.kind == Type::Kind::record && expr->kind == ast::ExprKind::name) {
    const CatalogueEntry* entry = p.catalogue.find(expr->text);
    if (!entry) {
      auto& d = s.diagnostics().error(expr->span, fmt::format("{} {}: there is no {} `{}` in the catalogue", flag, input, want.record->name, expr->text));
      std::vector<std::string> same_kind;
      for (const auto& n : p.catalogue.all_names())
        if (const CatalogueEntry* e = p.catalogue.find(n); e && e->value.record().type->name == want.record->name) same_kind.push_back(n);
      if (auto near = closest_name(expr->text, same_kind); !near.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", near));
      return std::nullopt;
    }
  }
  if (want.is_bool() && expr->kind != ast::ExprKind::boolean) {
    auto& d = s.diagnostics().error(expr->span, fmt::format("{} {} takes `true` and `false`", flag, input));
    if (expr->kind == ast::ExprKind::name)
      if (auto near = closest_name(expr->text, {"true", "false"}); !near.empty()) d.notes.push_back(fmt::format("did you mean `{}`?", near));
    return std::nullopt;
  }
  std::size_t before = s.diagnostics().reported();
  CExpr c = s.compiler().compile_value(*expr, want, nullptr);
  if (s.diagnostics().reported() > before) return std::nullopt;
  if (!compatible(c.type, want)) {
    std::string found = type_name(c.type, p.dims);
    if (c.type.kind == Type::Kind::record && c.op == Op::constant && c.constant.is_record() && !c.constant.record().key.empty())
      s.diagnostics().error(c.span, fmt::format("{} {} expects a {}; {} is a {}", flag, input, type_name(want, p.dims), c.constant.record().key, found));
    else
      s.diagnostics().error(c.span, fmt::format("{} {} needs values of {}, found {}", flag, input, type_name(want, p.dims), found));
    return std::nullopt;
  }
  try {
    return Evaluator(s.program(), limits).value(c);
  } catch (const EvalError& e) {
    s.diagnostics().add(e.diag);
    return std::nullopt;
  }
}

// How the values of a categorical input are written, for messages: `precision=fp16,bf16`.
std::string choices_example(const Program& p, const std::string& input, const Type& t) {
  if (t.is_bool()) return fmt::format("`{}=true,false`", input);
  if (t.kind == Type::Kind::enumeration) {
    const auto& cases = t.enumeration->cases;
    return fmt::format("`{}={}`", input, cases.size() > 1 ? cases[0] + "," + cases[1] : cases[0]);
  }
  std::vector<std::string> keys;
  for (const auto& n : p.catalogue.all_names())
    if (const CatalogueEntry* e = p.catalogue.find(n); e && e->value.record().key == n && e->value.record().type->name == t.record->name) keys.push_back(n);
  if (keys.size() < 2) return fmt::format("the names of {} entries", t.record->name);
  return fmt::format("`{}={},{}`", input, keys[0], keys[1]);
}

}  // namespace

bool categorical_type(const Type& t) {
  return t.is_bool() || t.kind == Type::Kind::enumeration || (t.kind == Type::Kind::record && t.record->catalogue);
}

std::optional<VarySpec> parse_vary(ProgramSession& s, int scenario, const std::string& text, const EvaluationLimits& limits,
                                   const VaryOptions& options) {
  const std::size_t max_points = limits.max_list_length;
  Program& p = s.program();
  const std::string flag = options.flag.empty() ? limits.words.name("vary") : options.flag;
  FileId f = p.sources.add(flag, text);
  const Scenario& sc = p.scenarios.at(static_cast<std::size_t>(scenario));
  p.scopes.read_as_in(f, sc.file);  // its values name units as the scenario's file does
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0) {
    s.diagnostics().error(Span{f, 0, static_cast<std::uint32_t>(text.size())},
                          flag + " needs `INPUT=VALUES`, such as `batch=1,2,4,8`, `seq=1024..16384 step 1024` or `seq=1024..65536 *2`");
    return std::nullopt;
  }
  VarySpec v;
  v.name = text.substr(0, eq);
  Span name_span{f, 0, static_cast<std::uint32_t>(eq)};
  v.slot = sc.find_slot(v.name);
  if (v.slot < 0 || sc.slots[static_cast<std::size_t>(v.slot)].kind != SlotKind::input) {
    s.diagnostics().error(name_span, fmt::format("scenario `{}` has no input `{}`", sc.name, v.name)).notes = unknown_input_notes(sc, v.name);
    return std::nullopt;
  }
  const Slot& slot = sc.slots[static_cast<std::size_t>(v.slot)];
  const bool categorical = categorical_type(slot.type);
  if (!slot.type.is_quantity() && !categorical) {
    s.diagnostics().error(name_span, fmt::format("{} takes numbers, quantities, catalogue entries, enumeration cases or Bools; input `{}` is {}",
                                                 flag, v.name, type_name(slot.type, p.dims)));
    return std::nullopt;
  }
  v.display = slot.display;
  auto begin = static_cast<std::uint32_t>(eq + 1);
  auto end = static_cast<std::uint32_t>(text.size());
  std::string body = text.substr(eq + 1);
  auto dots = body.find("..");
  if (categorical && dots != std::string::npos) {
    auto& d = s.diagnostics().error(Span{f, begin, end}, fmt::format("{} {}: a range needs numbers, and `{}` is {}", flag, v.name, v.name,
                                                                     type_name(slot.type, p.dims)));
    d.notes.push_back("list its values, separated by commas: " + choices_example(p, v.name, slot.type));
    return std::nullopt;
  }
  if (categorical) {
    std::uint32_t start = begin;
    for (std::uint32_t i = begin; i <= end; ++i) {
      if (i < end && text[i] != ',') continue;
      auto x = choice_at(s, f, start, i, slot.type, flag, v.name, limits);
      if (!x) return std::nullopt;
      v.values.push_back(static_cast<double>(v.choices.size()));
      v.choices.push_back(std::move(*x));
      start = i + 1;
    }
  } else if (dots == std::string::npos) {
    // A list: top-level commas separate values.
    std::uint32_t start = begin;
    int depth = 0;
    for (std::uint32_t i = begin; i <= end; ++i) {
      char c = i < end ? text[i] : ',';
      if (c == '(' || c == '[') ++depth;
      if (c == ')' || c == ']') --depth;
      if (c == ',' && depth == 0) {
        auto x = value_at(s, f, start, i, slot.type, flag, v.name, &v.display, limits);
        if (!x) return std::nullopt;
        v.values.push_back(*x);
        start = i + 1;
      }
    }
  } else {
    auto lo_end = static_cast<std::uint32_t>(begin + dots);
    auto rest = body.substr(dots + 2);
    auto step_at = rest.find(" step ");
    auto geo_at = rest.find('*');
    bool geometric = step_at == std::string::npos;
    if (geometric && geo_at == std::string::npos) {
      // `a..b` alone: range_points points from a to b, both included (at most max_points, checked below).
      auto lo = value_at(s, f, begin, lo_end, slot.type, flag, v.name, &v.display, limits);
      auto hi = value_at(s, f, lo_end + 2, end, slot.type, flag, v.name, nullptr, limits);
      if (!lo || !hi) return std::nullopt;
      if (!(*hi > *lo) || (options.geometric && !(*lo > 0))) {
        s.diagnostics().error(Span{f, begin, end}, options.geometric ? "a range on a log axis needs 0 < start < end"
                                                                     : "a range needs an end above its start");
        return std::nullopt;
      }
      // A count between whole numbers (batch=1..64) takes whole values only: inputs counted in units
      // are usually `where is_whole(...)`.
      bool whole = slot.type.is_count() && *lo == std::floor(*lo) && *hi == std::floor(*hi);
      std::size_t points = std::max<std::size_t>(options.range_points, 2);
      double last = static_cast<double>(points - 1);
      for (std::size_t i = 0; i < points; ++i) {
        double t = static_cast<double>(i) / last;
        double x = options.geometric ? *lo * std::pow(*hi / *lo, t) : *lo + (*hi - *lo) * t;
        if (i == points - 1) x = *hi;
        if (whole) x = std::round(x);
        if (v.values.empty() || x != v.values.back()) v.values.push_back(x);
      }
    } else {
      auto hi_begin = lo_end + 2;
      auto hi_end = static_cast<std::uint32_t>(hi_begin + (geometric ? geo_at : step_at));
      auto lo = value_at(s, f, begin, lo_end, slot.type, flag, v.name, &v.display, limits);
      auto hi = value_at(s, f, hi_begin, hi_end, slot.type, flag, v.name, nullptr, limits);
      if (!lo || !hi) return std::nullopt;
      if (geometric) {
        auto factor = value_at(s, f, hi_end + 1, end, Type::count(), flag, v.name + " factor", nullptr, limits);
        if (!factor) return std::nullopt;
        if (*factor <= 1 || *lo <= 0) {
          s.diagnostics().error(Span{f, hi_end, end}, "a geometric range needs a factor above 1 and a start above 0");
          return std::nullopt;
        }
        for (double x = *lo; x <= *hi * (1 + 1e-12) && v.values.size() <= max_points; x *= *factor) v.values.push_back(x);
      } else {
        auto step = value_at(s, f, hi_end + 6, end, slot.type, flag, v.name, nullptr, limits);
        if (!step) return std::nullopt;
        if (*step <= 0) {
          s.diagnostics().error(Span{f, hi_end + 6, end}, "the step of a range must be above 0");
          return std::nullopt;
        }
        double n = std::floor((*hi - *lo) / *step + 1e-9);
        // Kept as first, step and count (AxisValues): one value more than the limit stands for "too many".
        if (n >= 0) v.values = AxisValues::stepped(*lo, *step, static_cast<std::size_t>(std::min(n + 1, static_cast<double>(max_points) + 1)));
      }
    }
  }
  if (v.values.empty()) {
    s.diagnostics().error(Span{f, begin, end}, fmt::format("{} {} gives no values", flag, v.name));
    return std::nullopt;
  }
  if (v.values.size() > max_points) {
    s.diagnostics().error(Span{f, begin, end}, fmt::format("{} {} gives more than {} values", flag, v.name, max_points));
    return std::nullopt;
  }
  return v;
}

}  // namespace mlsi
