// The declarations of a module, each from the start of its line: scenarios and their members, configs,
// functions, lets, units, dimensions, types and imports.
#include <algorithm>
#include <variant>

#include "formatter/printer.hpp"

namespace mlsi::fmt_layout {

std::string Printer::module(const ast::Module& m) {
  for (const auto& d : m.decls) std::visit([&](const auto& x) { decl(x); }, d);
  w_.finish();
  return w_.take();
}

void Printer::decl(const ast::ScenarioDecl& d) {
  start(0);
  header("scenario", Space::none);
  header(d.name);
  block([&] {
    for (const auto& m : d.members) {
      start(2);
      std::visit([&](const auto& x) { member(x); }, m);
    }
  }, !d.members.empty());
}

void Printer::decl(const ast::ConfigDecl& d) {
  start(0);
  header("config", Space::none);
  header(d.name);
  header("for");
  header(d.scenario);
  // Settings and expectations are kept apart in the AST; the file interleaves them.
  using Item = std::variant<const ast::ConfigSet*, const ast::Expectation*>;
  std::vector<std::pair<std::uint32_t, Item>> items;
  for (const auto& s : d.sets) items.emplace_back(s.name_span.begin, &s);
  for (const auto& x : d.expects) items.emplace_back(x.span.begin, &x);
  std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  block([&] {
    for (const auto& item : items) {
      start(2);
      if (const auto* set = std::get_if<const ast::ConfigSet*>(&item.second)) config_set(**set);
      else expectation(*std::get<const ast::Expectation*>(item.second));
    }
  }, !items.empty());
}

void Printer::config_set(const ast::ConfigSet& s) {
  header(s.name, Space::none);
  header("=");
  clause(*s.value);
}

void Printer::expectation(const ast::Expectation& x) {
  header("expect", Space::none);
  if (x.measured) header("measured");
  header(x.output);
  header("==");
  clause(*x.value);
  if (x.tolerance) {
    w_.expect("within", Space::one);
    clause(*x.tolerance);
  }
  if (x.source_span.valid()) {
    w_.expect("source", Space::one);
    literal(fmt_layout::string_length(src_.substr(w_.next())), Space::one, true);
  }
}

void Printer::decl(const ast::FnDecl& d) {
  start(0);
  member(d);
}

void Printer::member(const ast::FnDecl& d) {
  header("fn", Space::none);
  header(d.name);
  w_.open("(", Space::none);
  for (std::size_t i = 0; i < d.params.size(); ++i) {
    if (i > 0) header(",", Space::none);
    w_.expect(d.params[i].name, i > 0 ? Space::one : Space::none);
    header(":", Space::none);
    type<grammar::type_expr>();
  }
  w_.close(")", true, !d.params.empty());
  if (d.result) {
    header("->");
    type<grammar::type_expr>();
  }
  header("=");
  clause(*d.body);
}

void Printer::decl(const ast::LetDecl& d) {
  start(0);
  member(d);
}

void Printer::decl(const ast::UnitDecl& d) {
  start(0);
  for (std::size_t i = 0; i < d.attributes.size(); ++i) {
    if (i > 0) w_.statement(w_.next(), 0, 0, false);
    const auto& a = d.attributes[i];
    header("@", Space::none);
    header(a.name, Space::none);
    header("(", Space::none);
    for (std::size_t j = 0; j < a.args.size(); ++j) {
      if (j > 0) header(",", Space::none);
      header(a.args[j], j > 0 ? Space::one : Space::none);
    }
    header(")", Space::none);
  }
  if (!d.attributes.empty()) w_.statement(w_.next(), 0, 0, false);
  header("unit", Space::none);
  header(d.name);
  if (d.dimension) {
    header(":", Space::none);
    type<grammar::type_expr>();
  }
  if (d.value) {
    header("=");
    clause(*d.value);
  }
}

void Printer::decl(const ast::DimensionDecl& d) {
  start(0);
  header("dimension", Space::none);
  header(d.name);
  if (d.definition) {
    header("=");
    type<grammar::dim_expr>();
  }
}

void Printer::decl(const ast::TypeDecl& d) {
  start(0);
  header("type", Space::none);
  header(d.name);
  header("=");
  type<grammar::type_expr>();
}

void Printer::decl(const ast::ImportDecl&) {
  start(0);
  header("import", Space::none);
  literal(fmt_layout::string_length(src_.substr(w_.next())), Space::one, false);
}

void Printer::member(const ast::InputDecl& d) {
  header("input", Space::none);
  header(d.name);
  header(":", Space::none);
  type<grammar::type_expr>();
  if (d.default_value) {
    header("=");
    clause(*d.default_value);
  }
  if (d.where) {
    w_.expect("where", Space::one);
    clause(*d.where);
  }
}

void Printer::named_value(std::string_view keyword, const std::string& name, bool typed, const ast::Expr& value) {
  header(keyword, Space::none);
  header(name);
  if (typed) {
    header(":", Space::none);
    type<grammar::type_expr>();
  }
  header("=");
  clause(value);
}

void Printer::member(const ast::CheckDecl& d) {
  header("check", Space::none);
  clause(*d.condition);
  if (d.message) {
    w_.expect("else", Space::one);
    literal(fmt_layout::string_length(src_.substr(w_.next())), Space::one, true);
  }
}

}  // namespace mlsi::fmt_layout
