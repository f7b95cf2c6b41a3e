// The REPL's commands that browse the session: `:show`, `:source`, `:list` and `:units`. `:show NAME` and `:list KIND`
// print what `mlsi show` and `mlsi list` do (report/catalogue_listing.hpp), over the session's own
// definitions too; `:list` alone lists what was defined at the REPL.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "source/diagnostics.hpp"
#include "report/catalogue_listing.hpp"
#include "model/display.hpp"
#include "syntax/parser.hpp"
#include "repl/repl_session.hpp"
#include "repl/repl_text.hpp"

namespace mlsi {

namespace {

// The dimension a `:units` argument names: a dimension, a unit, or a product, quotient or power of them.
std::optional<Dim> dimension_of(const Program& p, DiagnosticLog& d, const ast::Expr& e) {
  using K = ast::ExprKind;
  if (e.kind == K::name) {
    if (e.text == "Count") return Dim{};
    if (const Dim* dim = p.dims.find(e.text)) return *dim;
    if (const Unit* u = p.units.find(e.text)) return u->dim;
    auto& diag = d.error(e.span, fmt::format("`{}` is neither a dimension nor a unit", e.text));
    auto names = p.dims.names();
    auto units = p.units.names();
    names.insert(names.end(), units.begin(), units.end());
    if (auto s = closest_name(e.text, names); !s.empty()) diag.notes.push_back(fmt::format("did you mean `{}`?", s));
    return std::nullopt;
  }
  if (e.kind == K::number && e.value == 1) return Dim{};
  // An exponent out of range is reported at the operator, as the checker does.
  auto checked = [&](const DimOutcome& r) -> std::optional<Dim> {
    if (!r.ok()) d.error(e.op_span, p.dims.overflow_message(r));
    return r.dim;
  };
  if (e.kind == K::binary && (e.text == "*" || e.text == "/")) {
    auto a = dimension_of(p, d, *e.operands[0]);
    auto b = dimension_of(p, d, *e.operands[1]);
    if (!a || !b) return std::nullopt;
    return checked(e.text == "*" ? multiply(*a, *b) : divide(*a, *b));
  }
  // A whole power, compared as a double before any conversion (casting 1e300 to an integer is undefined).
  const ast::Expr* n = e.kind == K::binary && e.text == "^" ? e.operands[1].get() : nullptr;
  bool negated = n && n->kind == K::negate && n->operands[0]->kind == K::number;
  if (negated) n = n->operands[0].get();
  if (n && n->kind == K::number && n->value == std::floor(n->value) && n->value <= static_cast<double>(kMaxExponentPart)) {
    auto a = dimension_of(p, d, *e.operands[0]);
    if (!a) return std::nullopt;
    auto exponent = static_cast<std::int64_t>(n->value);
    return checked(power(*a, *Rational::make(negated ? -exponent : exponent, 1)));
  }
  d.error(e.span, "expected a dimension (`Information / Time`) or a unit (`GiB`)");
  return std::nullopt;
}

}  // namespace

// Prints a listing of the library, or its problem, then what the session reported on the way.
Repl::Status Repl::listing(const Listing& l) {
  Status status = l.status == ListingStatus::ok ? Status::ok : Status::failed;
  if (l.status == ListingStatus::ok) io_.out << l.text;
  else if (l.failure) io_.err << render(workspace_->session().program().sources, *l.failure, io_.colour);
  else if (!l.message.empty()) error(l.message);
  report();
  return status;
}

Repl::Status Repl::cmd_show(const std::string& name) {
  if (name.empty()) return error("`:show` needs a NAME, as in `:show H100`");
  ShowRequest request;
  request.name = name;
  request.limits = options_.limits;
  return listing(show_name(workspace_->session(), request));
}

Repl::Status Repl::cmd_source(const std::string& name) {
  if (name.empty()) return error("`:source` needs a SCENARIO, as in `:source ActivationMemory`");
  ShowRequest request;
  request.name = name;
  request.limits = options_.limits;
  request.source = true;
  return listing(show_name(workspace_->session(), request));
}

Repl::Status Repl::cmd_list(const std::string& kind) {
  Program& p = workspace_->session().program();
  if (kind.empty() || kind == "scenarios") {
    // Only the live definitions: one replaced at the REPL no longer counts.
    std::vector<std::pair<std::string, std::string>> rows;
    // Defined at the REPL or by a loaded file (not the prelude, the catalogue or the built-in scenarios).
    auto mine = [&](FileId file) {
      const std::string& from = p.sources.file(file).name;
      return kind == "scenarios" || from == "<repl>" || !from.starts_with("<");
    };
    if (kind.empty()) {
      for (const auto& [name, i] : p.global_index)
        if (mine(p.globals[static_cast<std::size_t>(i)].span.file)) rows.emplace_back(declared_line(p, workspace_->let_value(i)), "");
      for (const auto& [name, i] : p.function_index)
        if (mine(p.functions[static_cast<std::size_t>(i)].span.file)) rows.emplace_back(signature(p, p.functions[static_cast<std::size_t>(i)]), "");
    }
    // `:list scenarios` is `mlsi list scenarios` with this session's own (their pack is the file, `<repl>`
    // for one typed here).
    std::vector<const Scenario*> scenarios;
    for (const auto& [name, i] : p.scenario_index) {
      const Scenario& sc = p.scenarios[static_cast<std::size_t>(i)];
      if (!mine(sc.file)) continue;
      if (kind.empty()) rows.emplace_back(scenario_summary(sc), "");
      else scenarios.push_back(&sc);
    }
    if (kind.empty()) {
      for (const auto& c : p.configs)
        if (mine(c.file)) rows.emplace_back(fmt::format("config {} for {}", c.name, p.scenarios[static_cast<std::size_t>(c.scenario)].name), "");
      for (const auto& u : p.units.declared())
        if (const Unit* unit = p.units.find(u); unit && unit->span.valid() && mine(unit->span.file)) rows.emplace_back(unit_summary(p, *unit), "");
      if (rows.empty()) io_.out << "nothing defined yet: declare with let, fn, unit, scenario, ... or `:load FILE`\n";
      for (const auto& r : rows) io_.out << r.first << "\n";
    } else {
      io_.out << scenario_table(p, scenarios);
    }
    return Status::ok;
  }
  const std::vector<std::string> kinds = listable_kinds();
  bool known = std::find(kinds.begin(), kinds.end(), kind) != kinds.end() || p.catalogue.kinds.count(kind);
  if (!known) return error(fmt::format("cannot list `{}`{}; the kinds are {}", kind, did_you_mean(kind, kinds), fmt::join(kinds, ", ")));
  ListRequest request;
  request.kind = kind;
  request.limits = options_.limits;
  return listing(list_kind(workspace_->session(), request));
}

Repl::Status Repl::cmd_units(const std::string& text, std::size_t args, std::uint32_t line) {
  Program& p = workspace_->session().program();
  std::vector<std::pair<std::string, std::string>> rows;
  if (trim(text.substr(args)).empty()) {
    // One line per dimension: its units, with the prefix sets they take.
    std::vector<std::string> order;
    std::map<std::string, std::string> units;
    for (const auto& n : p.units.declared()) {
      const Unit* u = p.units.find(n);
      std::string dim = p.dims.format(u->dim);
      if (!units.count(dim)) order.push_back(dim);
      std::string entry = n;
      if (!u->prefix_sets.empty()) entry += fmt::format(" ({})", fmt::join(u->prefix_sets, ", "));
      units[dim] += (units[dim].empty() ? "" : ", ") + entry;
    }
    for (const auto& d : order) rows.emplace_back(d, units[d]);
    print_rows(io_.out, rows);
    return Status::ok;
  }
  FileId f = workspace_->add_source(text, line);
  auto e = parse_expression(p.sources, f, workspace_->session().diagnostics(), static_cast<std::uint32_t>(args));
  if (report() || !e) return Status::failed;
  auto dim = dimension_of(p, workspace_->session().diagnostics(), *e);
  if (report() || !dim) return Status::failed;
  std::vector<const Unit*> found;
  for (const auto& n : p.units.names())
    if (const Unit* u = p.units.find(n); u->dim == *dim) found.push_back(u);
  std::sort(found.begin(), found.end(), [](const Unit* a, const Unit* b) { return a->factor != b->factor ? a->factor < b->factor : a->name < b->name; });
  if (found.empty()) {
    io_.out << fmt::format("no unit of {} is declared\n", p.dims.format(*dim));
    return Status::ok;
  }
  rows.emplace_back("unit", fmt::format("in SI base units ({})", p.dims.format(*dim)));
  for (const Unit* u : found) rows.emplace_back(u->name, dim->dimensionless() ? format_number(u->factor) : fmt::format("{:.10g} {}", u->factor, p.units.si_text(u->dim)));
  print_rows(io_.out, rows);
  return Status::ok;
}


}  // namespace mlsi
