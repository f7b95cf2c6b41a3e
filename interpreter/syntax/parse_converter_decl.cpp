// Declarations: the members of a scenario, and the declarations of a file.
#include "syntax/parse_converter.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "grammar/grammar.hpp"
#include "syntax/parser.hpp"

namespace mlsi::parse_detail {

namespace g = grammar;

namespace {

// A declaration whose first child is its name: its doc, name and name's span filled in.
template <typename Decl>
Decl named(const Converter& c, const Node& n, std::string doc) {
  Decl d;
  d.doc = std::move(doc);
  d.name = n.children.at(0)->string();
  d.name_span = c.span(*n.children[0]);
  return d;
}

}  // namespace

std::optional<ast::TypeExpr> Converter::annotation(const Node& n) {
  return type(*n.children.at(0));
}

ast::Member Converter::member(const Node& n) {
  std::string doc = doc_before(span(n).begin);
  plain_comments_in(span(n));
  if (!n.is_type<g::check_decl>()) doc_may_precede(span(n).begin);
  if (n.is_type<g::input_decl>()) {
    auto d = named<ast::InputDecl>(*this, n, std::move(doc));
    d.type = type(*n.children.at(1)->children.at(0));
    for (std::size_t i = 2; i < n.children.size(); ++i) {
      if (n.children[i]->is_type<g::default_value>()) d.default_value = expr(*n.children[i]->children.at(0));
      if (n.children[i]->is_type<g::where_clause>()) d.where = expr(*n.children[i]->children.at(0));
    }
    return d;
  }
  if (n.is_type<g::let_decl>()) return let(n, std::move(doc));
  if (n.is_type<g::fn_decl>()) return function(n, std::move(doc));
  if (n.is_type<g::output_decl>()) {
    auto d = named<ast::OutputDecl>(*this, n, std::move(doc));
    std::size_t i = 1;
    if (n.children.at(i)->is_type<g::type_annotation>()) d.type = annotation(*n.children[i++]);
    d.value = expr(*n.children.at(i));
    return d;
  }
  ast::CheckDecl d;
  d.span = span(n);
  d.condition = expr(*n.children.at(0));
  if (n.children.size() > 1) d.message = unescape(n.children[1]->string_view());
  return d;
}

ast::LetDecl Converter::let(const Node& n, std::string doc) {
  auto d = named<ast::LetDecl>(*this, n, std::move(doc));
  std::size_t i = 1;
  if (n.children.at(i)->is_type<g::type_annotation>()) d.type = annotation(*n.children[i++]);
  d.value = expr(*n.children.at(i));
  return d;
}

ast::FnDecl Converter::function(const Node& n, std::string doc) {
  auto d = named<ast::FnDecl>(*this, n, std::move(doc));
  for (const auto& p : n.children.at(1)->children)
    d.params.push_back(ast::Param{p->children.at(0)->string(), span(*p->children[0]), type(*p->children.at(1))});
  std::size_t i = 2;
  if (n.children.at(i)->is_type<g::return_type>()) d.result = type(*n.children[i++]->children.at(0));
  d.body = expr(*n.children.at(i));
  return d;
}

ast::Decl Converter::decl(const Node& n) {
  std::string doc = doc_before(span(n).begin);
  if (!n.is_type<g::import_decl>()) doc_may_precede(span(n).begin);
  if (!n.is_type<g::scenario_decl>() && !n.is_type<g::config_decl>()) plain_comments_in(span(n));
  if (n.is_type<g::scenario_decl>()) {
    auto d = named<ast::ScenarioDecl>(*this, n, std::move(doc));
    d.span = span(n);
    for (std::size_t i = 1; i < n.children.size(); ++i) d.members.push_back(member(*n.children[i]));
    return d;
  }
  if (n.is_type<g::config_decl>()) {
    auto d = named<ast::ConfigDecl>(*this, n, std::move(doc));
    d.scenario = n.children.at(1)->string();
    d.scenario_span = span(*n.children[1]);
    for (std::size_t i = 2; i < n.children.size(); ++i) {
      const Node& c = *n.children[i];
      plain_comments_in(span(c));
      if (c.is_type<g::expect_decl>()) {
        doc_may_precede(span(c).begin);
        ast::Expectation x;
        x.span = span(c);
        std::size_t at = 0;
        if (c.children.at(0)->is_type<g::expect_measured>()) {
          x.measured = true;
          x.measured_span = span(*c.children[0]);
          at = 1;
        }
        x.output = c.children.at(at)->string();
        x.output_span = span(*c.children[at]);
        x.value = expr(*c.children.at(at + 1));
        for (std::size_t k = at + 2; k < c.children.size(); ++k) {
          const Node& part = *c.children[k];
          if (part.is_type<g::expect_tolerance>()) x.tolerance = expr(*part.children.at(0));
          else if (part.is_type<g::expect_source_text>()) {
            x.source = unescape(part.string_view());
            x.source_span = span(part);
          }
        }
        d.expects.push_back(std::move(x));
      } else {
        ast::ConfigSet s;
        s.name = c.children.at(0)->string();
        s.name_span = span(*c.children[0]);
        s.value = expr(*c.children.at(1));
        d.sets.push_back(std::move(s));
      }
    }
    return d;
  }
  if (n.is_type<g::fn_decl>()) return function(n, std::move(doc));
  if (n.is_type<g::let_decl>()) return let(n, std::move(doc));
  if (n.is_type<g::dimension_decl>()) {
    auto d = named<ast::DimensionDecl>(*this, n, std::move(doc));
    if (n.children.size() > 1) d.definition = type(*n.children[1]);
    return d;
  }
  if (n.is_type<g::unit_decl>()) {
    ast::UnitDecl d;
    d.doc = std::move(doc);
    for (const auto& c : n.children) {
      if (c->is_type<g::attribute>()) {
        ast::Attribute a;
        a.name = c->children.at(0)->string();
        a.span = span(*c);
        for (std::size_t i = 1; i < c->children.size(); ++i) a.args.push_back(c->children[i]->string());
        d.attributes.push_back(std::move(a));
      } else if (c->is_type<g::unit_decl_name>()) {
        d.name = c->string();
        d.name_span = span(*c);
      } else if (c->is_type<g::expr>()) {
        d.value = expr(*c);
      } else {
        d.dimension = type(*c);
      }
    }
    return d;
  }
  if (n.is_type<g::type_decl>()) {
    auto d = named<ast::TypeDecl>(*this, n, std::move(doc));
    d.type = type(*n.children.at(1));
    return d;
  }
  ast::ImportDecl d;
  d.span = span(n);
  d.path = unescape(n.children.at(0)->string_view());
  return d;
}

}  // namespace mlsi::parse_detail
