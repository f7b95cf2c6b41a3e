#include "interpreter/parser.hpp"

#include <fmt/format.h>

#include "grammar/grammar.hpp"
#include "interpreter/parse_node.hpp"
#include "interpreter/parse_tree_builder.hpp"
#include "interpreter/stack_guard.hpp"

namespace mlsi {
namespace {

namespace pg = tao::pegtl;
namespace g = grammar;
using Node = ParseNode;

// Thrown when a rule under `must` fails; the parse state holds what was expected where.
struct MustFailed {};

struct ParseState {
  struct Attempt {
    std::size_t start;
    std::size_t saved_size;
    std::size_t saved_farthest;
  };
  std::size_t farthest = 0;
  std::vector<const char*> expected;
  std::vector<Attempt> attempts;  // named rules being tried, innermost last
  int depth = 0;
  int max_nesting = kMaxNesting;
};

template <typename Rule>
inline constexpr bool counts_nesting =
    std::is_same_v<Rule, g::expr> || std::is_same_v<Rule, g::negation> || std::is_same_v<Rule, g::logical_not> ||
    std::is_same_v<Rule, g::type_expr> || std::is_same_v<Rule, g::unit_paren> || std::is_same_v<Rule, g::dim_paren> ||
    std::is_same_v<Rule, g::pow_operand>;

// Syntax errors report what was expected at the farthest position the parser reached. A named rule
// (one with an `expected` message) that fails where it began speaks for everything it tried inside
// ("an expression", not "`(`, `[`, `{` or a string"); one that failed further in leaves the word to
// the inner rule that got furthest ("the closing `\"` of the string").
template <typename Rule>
struct control : pg::normal<Rule> {
  template <typename Input>
  static void start(const Input& in, ParseState& ps) {
    if constexpr (counts_nesting<Rule>) {
      if (++ps.depth > ps.max_nesting) throw pg::parse_error(fmt::format("nesting deeper than {} levels", ps.max_nesting), in);
      // Only with a small stack (or a sanitizer's large frames) does this come before the limit above.
      if (stack_exhausted()) throw pg::parse_error("nesting too deep for the available stack", in);
    }
    if constexpr (g::expected<Rule> != nullptr)
      ps.attempts.push_back({static_cast<std::size_t>(in.current() - in.begin()), ps.expected.size(), ps.farthest});
  }
  template <typename Input>
  static void success(const Input&, ParseState& ps) {
    if constexpr (counts_nesting<Rule>) --ps.depth;
    if constexpr (g::expected<Rule> != nullptr) ps.attempts.pop_back();
  }
  // A `must` that fails: what the failed rule recorded (in failure above) is the message.
  template <typename Input>
  [[noreturn]] static void raise(const Input& in, ParseState& ps) {
    auto pos = static_cast<std::size_t>(in.current() - in.begin());
    if (ps.farthest < pos || ps.expected.empty()) {
      ps.farthest = pos;
      ps.expected.assign(1, g::expected<Rule> != nullptr ? g::expected<Rule> : "valid syntax");
    }
    throw MustFailed{};
  }
  template <typename Input>
  static void failure(const Input& in, ParseState& ps) {
    if constexpr (counts_nesting<Rule>) --ps.depth;
    if constexpr (g::expected<Rule> != nullptr) {
      auto attempt = ps.attempts.back();
      ps.attempts.pop_back();
      auto pos = static_cast<std::size_t>(in.current() - in.begin());
      if (pos != attempt.start || ps.farthest > pos) return;
      if (ps.farthest == pos && attempt.saved_farthest == pos) ps.expected.resize(attempt.saved_size);
      else ps.expected.clear();
      ps.farthest = pos;
      if (std::find(ps.expected.begin(), ps.expected.end(), g::expected<Rule>) == ps.expected.end())
        ps.expected.push_back(g::expected<Rule>);
    }
  }
};

template <typename Rule>
using selector = pg::parse_tree::selector<
    Rule,
    pg::parse_tree::store_content::on<
        g::number, g::string_lit, g::quantity, g::unit_name, g::unit_power, g::unit_atom, g::unit_mul, g::unit_div,
        g::unit_tight, g::unit_one, g::unit_paren, g::unit_expr, g::list_type, g::enum_case, g::enum_type, g::dim_name,
        g::dim_one, g::dim_power, g::dim_paren, g::dim_factor, g::dim_mul, g::dim_div, g::dim_expr, g::true_lit,
        g::false_lit, g::name_ref, g::paren, g::list_items, g::comp_var, g::comp_filter, g::comprehension, g::list_body, g::list_lit, g::list_quantity,
        g::field_name, g::record_field, g::record_lit, g::if_expr, g::match_pattern, g::match_arm, g::match_expr,
        g::arg_name, g::named_arg, g::call_args, g::field_access, g::index_access, g::call_suffix, g::postfix,
        g::op_pow, g::power, g::op_neg, g::negation, g::op_mul, g::op_div, g::product, g::op_add, g::op_sub, g::sum,
        g::op_cmp, g::comparison, g::logical_not, g::op_and, g::conjunction, g::op_or, g::disjunction, g::expr,
        g::decl_name, g::import_decl, g::dimension_decl, g::attribute, g::attr_name, g::attr_arg, g::unit_decl_name,
        g::unit_decl, g::param, g::params, g::return_type, g::fn_decl, g::type_annotation, g::let_decl,
        g::where_clause, g::default_value, g::input_decl, g::output_decl, g::check_message, g::check_decl,
        g::scenario_decl, g::expect_tolerance, g::expect_source_text, g::expect_decl, g::config_set, g::config_target, g::config_decl>,
    // Selected only so that the error control sees them (parse_tree skips the control hooks of rules it
    // does not select); each has exactly one child, which takes its place.
    pg::parse_tree::fold_one::on<g::member, g::config_item, g::declaration, g::type_expr, g::primary, g::unit_factor,
                                 g::pow_operand>>;

// A well-formed text the AST cannot hold: an operator chain too long, a power too large.
struct ConvertError {
  Span span;
  std::string message;
};

class Converter {
 public:
  Converter(const SourceManager& sources, FileId file, std::uint32_t base) : sources_(sources), file_(file), base_(base) {}

  // An operator chain (`a + b + c`, `f(x).y[0]`, `A * B * C` in a type) becomes a left-deep tree, as
  // deep as the chain is long; the checker, the evaluator and the destructors recurse that deep. The
  // lengths of the chains along one path, summed, are limited like bracket nesting.
  struct Chain {
    Converter& c;
    int length;
    ~Chain() { c.chain_ -= length; }
  };
  Chain chain(const Node& n, std::size_t operators) {
    int length = static_cast<int>(std::min<std::size_t>(operators, kMaxChain + 1));
    chain_ += length;
    if (chain_ > kMaxChain)  // at the start of the chain: underlining all of it could mean a megabyte of `~`
      throw ConvertError{Span{file_, span(n).begin, span(n).begin + 1}, fmt::format("syntax error: expression too deep: more than {} operators chained along one path", kMaxChain)};
    return Chain{*this, length};
  }

  // The exponent of a unit or dimension power, `^-2`.
  int power_of(const Node& n) const {
    std::string text = n.string();  // `^2`, `^-1`: the grammar allows only these characters
    bool negative = text.size() > 1 && text[1] == '-';
    int value = 0;
    for (std::size_t i = negative ? 2 : 1; i < text.size(); ++i) {
      value = value * 10 + (text[i] - '0');
      if (value > kMaxPower)
        throw ConvertError{span(n), fmt::format("the power `{}` is too large (at most {})", text, kMaxPower)};
    }
    return negative ? -value : value;
  }

  Span span(const Node& n) const {
    return Span{file_, base_ + n.begin, base_ + n.end};
  }

  static std::string unescape(std::string_view quoted) {
    std::string out;
    for (std::size_t i = 1; i + 1 < quoted.size(); ++i) {
      char c = quoted[i];
      if (c == '\\' && i + 2 < quoted.size()) {
        char e = quoted[++i];
        out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
      } else {
        out += c;
      }
    }
    return out;
  }

  // `##` lines directly above the declaration that starts at `offset`.
  std::string doc_before(std::uint32_t offset) const {
    const auto& text = sources_.file(file_).text;
    auto lc = sources_.line_col(file_, offset);
    std::vector<std::string> lines;
    for (auto line = lc.line; line > 1; --line) {
      std::string_view l = sources_.line_text(file_, line - 1);
      auto first = l.find_first_not_of(" \t");
      if (first == std::string_view::npos || l.substr(first, 2) != "##") break;
      auto body = l.substr(first + 2);
      if (!body.empty() && body.front() == ' ') body.remove_prefix(1);
      lines.emplace_back(body);
    }
    (void)text;
    std::string doc;
    for (auto it = lines.rbegin(); it != lines.rend(); ++it) doc += (doc.empty() ? "" : "\n") + *it;
    return doc;
  }

  ast::UnitExpr unit(const Node& n) {
    ast::UnitExpr u;
    u.span = span(n);
    add_unit_terms(n, false, u.terms);
    return u;
  }

  void add_unit_terms(const Node& n, bool inverted, std::vector<ast::UnitTerm>& out) {
    bool divide_next = false;
    for (const auto& c : n.children) {
      if (c->is_type<g::unit_mul>()) {
        divide_next = false;
      } else if (c->is_type<g::unit_div>()) {
        divide_next = true;
      } else if (c->is_type<g::unit_paren>()) {
        add_unit_terms(*c->children.at(0), inverted != divide_next, out);
        divide_next = false;
      } else if (c->is_type<g::unit_atom>()) {
        ast::UnitTerm t;
        t.name = c->children.at(0)->string();
        t.span = span(*c);
        if (c->children.size() > 1) t.power = power_of(*c->children[1]);
        t.divide = inverted != divide_next;
        out.push_back(std::move(t));
        divide_next = false;
      } else if (c->is_type<g::unit_one>()) {
        ast::UnitTerm t;
        t.span = span(*c);
        t.divide = inverted != divide_next;
        out.push_back(std::move(t));
        divide_next = false;
      } else if (c->is_type<g::unit_expr>() || c->is_type<g::unit_tight>()) {
        add_unit_terms(*c, inverted != divide_next, out);
        divide_next = false;
      }
    }
  }

  ast::TypeExpr type(const Node& n) {
    ast::TypeExpr t;
    t.span = span(n);
    if (n.is_type<g::list_type>()) {
      t.kind = ast::TypeExpr::Kind::list;
      t.operands.push_back(type(*n.children.at(0)));
    } else if (n.is_type<g::enum_type>()) {
      t.kind = ast::TypeExpr::Kind::enumeration;
      for (const auto& c : n.children) {
        t.cases.push_back(c->string());
        t.case_spans.push_back(span(*c));
      }
    } else if (n.is_type<g::dim_expr>()) {
      auto deeper = chain(n, n.children.size() / 2);
      t = type(*n.children.at(0));
      for (std::size_t i = 1; i + 1 < n.children.size(); i += 2) {
        ast::TypeExpr combined;
        combined.kind = n.children[i]->is_type<g::dim_mul>() ? ast::TypeExpr::Kind::mul : ast::TypeExpr::Kind::div;
        combined.span = Span::join(t.span, span(*n.children[i + 1]));
        combined.operands.push_back(std::move(t));
        combined.operands.push_back(type(*n.children[i + 1]));
        t = std::move(combined);
      }
    } else if (n.is_type<g::dim_factor>()) {
      t = type(*n.children.at(0));
      if (n.children.size() > 1) {
        ast::TypeExpr p;
        p.kind = ast::TypeExpr::Kind::pow;
        p.span = span(n);
        p.power = power_of(*n.children[1]);
        p.operands.push_back(std::move(t));
        t = std::move(p);
      }
    } else if (n.is_type<g::dim_paren>()) {
      t = type(*n.children.at(0));
    } else if (n.is_type<g::dim_one>()) {
      t.kind = ast::TypeExpr::Kind::one;
    } else {  // dim_name
      t.kind = ast::TypeExpr::Kind::name;
      t.name = n.string();
    }
    return t;
  }

  ast::ExprPtr make(ast::ExprKind k, const Node& n) {
    auto e = std::make_unique<ast::Expr>();
    e->kind = k;
    e->span = span(n);
    return e;
  }

  ast::ExprPtr binary(const Node& n) {
    auto deeper = chain(n, n.children.size() / 2);
    auto lhs = expr(*n.children.at(0));
    for (std::size_t i = 1; i + 1 < n.children.size(); i += 2) {
      auto rhs = expr(*n.children[i + 1]);
      auto e = std::make_unique<ast::Expr>();
      e->kind = ast::ExprKind::binary;
      const Node& op = *n.children[i];
      e->text = op.is_type<g::op_and>() ? "and" : op.is_type<g::op_or>() ? "or" : op.string();
      e->op_span = span(op);
      e->span = Span::join(lhs->span, rhs->span);
      e->operands.push_back(std::move(lhs));
      e->operands.push_back(std::move(rhs));
      lhs = std::move(e);
    }
    return lhs;
  }

  ast::ExprPtr expr(const Node& n) {
    using K = ast::ExprKind;
    if (n.is_type<g::expr>()) {
      auto inner = expr(*n.children.at(0));
      if (n.children.size() == 1) return inner;
      auto e = make(K::convert, n);
      e->unit = unit(*n.children[1]);
      e->op_span = e->unit.span;
      e->operands.push_back(std::move(inner));
      return e;
    }
    if (n.is_type<g::disjunction>() || n.is_type<g::conjunction>() || n.is_type<g::comparison>() ||
        n.is_type<g::sum>() || n.is_type<g::product>() || n.is_type<g::power>())
      return binary(n);
    if (n.is_type<g::logical_not>()) {
      auto e = make(K::logical_not, n);
      e->op_span = Span{file_, e->span.begin, e->span.begin + 3};
      e->operands.push_back(expr(*n.children.at(0)));
      return e;
    }
    if (n.is_type<g::negation>()) {
      auto e = make(K::negate, n);
      e->op_span = span(*n.children.at(0));
      e->operands.push_back(expr(*n.children.at(1)));
      return e;
    }
    if (n.is_type<g::postfix>()) {
      auto deeper = chain(n, n.children.size() - 1);
      auto e = expr(*n.children.at(0));
      for (std::size_t i = 1; i < n.children.size(); ++i) {
        const Node& s = *n.children[i];
        ast::ExprPtr next;
        if (s.is_type<g::call_suffix>()) {
          next = std::make_unique<ast::Expr>();
          next->kind = K::call;
          next->op_span = e->span;
          for (const auto& a : s.children.at(0)->children) {
            if (a->is_type<g::named_arg>()) {
              next->names.push_back(a->children.at(0)->string());
              next->name_spans.push_back(span(*a->children[0]));
              next->operands.push_back(expr(*a->children.at(1)));
            } else {
              next->names.emplace_back();
              next->name_spans.push_back(span(*a));
              next->operands.push_back(expr(*a));
            }
          }
          next->operands.insert(next->operands.begin(), std::move(e));
        } else if (s.is_type<g::field_access>()) {
          next = std::make_unique<ast::Expr>();
          next->kind = K::field;
          next->text = s.children.at(0)->string();
          next->op_span = span(*s.children[0]);
          next->operands.push_back(std::move(e));
        } else {  // index_access
          next = std::make_unique<ast::Expr>();
          next->kind = K::index;
          next->op_span = span(s);
          next->operands.push_back(std::move(e));
          next->operands.push_back(expr(*s.children.at(0)));
        }
        next->span = Span{file_, next->operands[0]->span.begin, span(s).end};
        e = std::move(next);
      }
      return e;
    }
    if (n.is_type<g::number>()) {
      auto e = make(K::number, n);
      e->value = std::strtod(n.string().c_str(), nullptr);
      return e;
    }
    if (n.is_type<g::quantity>()) {
      auto e = make(K::quantity, n);
      e->value = std::strtod(n.children.at(0)->string().c_str(), nullptr);
      e->unit = unit(*n.children.at(1));
      e->op_span = e->unit.span;
      return e;
    }
    if (n.is_type<g::string_lit>()) {
      auto e = make(K::text, n);
      e->text = unescape(n.string_view());
      return e;
    }
    if (n.is_type<g::true_lit>() || n.is_type<g::false_lit>()) {
      auto e = make(K::boolean, n);
      e->flag = n.is_type<g::true_lit>();
      return e;
    }
    if (n.is_type<g::name_ref>()) {
      auto e = make(K::name, n);
      e->text = n.string();
      e->op_span = e->span;
      return e;
    }
    if (n.is_type<g::paren>()) {
      auto e = expr(*n.children.at(0));
      e->span = span(n);
      return e;
    }
    if (n.is_type<g::list_quantity>()) {
      if (n.children.size() == 1) return expr(*n.children[0]);  // a list without a unit
      // `[a, b] GB` is `[a, b] * 1 GB`, marked so that the unit also becomes the display unit.
      auto e = make(K::binary, n);
      e->text = "*";
      e->flag = true;
      auto unit_node = make(K::quantity, *n.children.at(1));
      unit_node->value = 1;
      unit_node->unit = unit(*n.children.at(1));
      e->op_span = unit_node->span;
      e->operands.push_back(expr(*n.children.at(0)));
      e->operands.push_back(std::move(unit_node));
      return e;
    }
    if (n.is_type<g::list_lit>()) {
      if (n.children.empty()) return make(K::list, n);
      const Node& body = *n.children[0];  // list_body: the first entry, then a comprehension or more entries
      const Node& rest = *body.children.at(1);
      if (rest.is_type<g::comprehension>()) {
        auto e = make(K::comprehension, n);
        e->operands.push_back(expr(*body.children[0]));
        e->text = rest.children.at(0)->string();
        e->op_span = span(*rest.children[0]);
        e->operands.push_back(expr(*rest.children.at(1)));
        if (rest.children.size() > 2) e->operands.push_back(expr(*rest.children[2]->children.at(0)));
        return e;
      }
      auto e = make(K::list, n);
      e->operands.push_back(expr(*body.children[0]));
      for (const auto& item : rest.children) e->operands.push_back(expr(*item));
      return e;
    }
    if (n.is_type<g::record_lit>()) {
      auto e = make(K::record, n);
      for (const auto& f : n.children) {
        e->names.push_back(f->children.at(0)->string());
        e->name_spans.push_back(span(*f->children[0]));
        e->operands.push_back(expr(*f->children.at(1)));
      }
      return e;
    }
    if (n.is_type<g::if_expr>()) {
      auto e = make(K::if_then, n);
      for (const auto& c : n.children) e->operands.push_back(expr(*c));
      return e;
    }
    if (n.is_type<g::match_expr>()) {
      auto e = make(K::match, n);
      e->operands.push_back(expr(*n.children.at(0)));
      for (std::size_t i = 1; i < n.children.size(); ++i) {
        const Node& arm = *n.children[i];
        e->names.push_back(arm.children.at(0)->string());
        e->name_spans.push_back(span(*arm.children[0]));
        e->operands.push_back(expr(*arm.children.at(1)));
      }
      return e;
    }
    throw std::logic_error(fmt::format("parser: unexpected node {}", n.type));
  }

  std::optional<ast::TypeExpr> annotation(const Node& n) { return type(*n.children.at(0)); }

  ast::Member member(const Node& n) {
    std::string doc = doc_before(span(n).begin);
    if (n.is_type<g::input_decl>()) {
      ast::InputDecl d;
      d.doc = std::move(doc);
      d.name = n.children.at(0)->string();
      d.name_span = span(*n.children[0]);
      d.type = type(*n.children.at(1)->children.at(0));
      for (std::size_t i = 2; i < n.children.size(); ++i) {
        if (n.children[i]->is_type<g::default_value>()) d.default_value = expr(*n.children[i]->children.at(0));
        if (n.children[i]->is_type<g::where_clause>()) d.where = expr(*n.children[i]->children.at(0));
      }
      return d;
    }
    if (n.is_type<g::let_decl>()) return let(n, std::move(doc));
    if (n.is_type<g::output_decl>()) {
      ast::OutputDecl d;
      d.doc = std::move(doc);
      d.name = n.children.at(0)->string();
      d.name_span = span(*n.children[0]);
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

  ast::LetDecl let(const Node& n, std::string doc) {
    ast::LetDecl d;
    d.doc = std::move(doc);
    d.name = n.children.at(0)->string();
    d.name_span = span(*n.children[0]);
    std::size_t i = 1;
    if (n.children.at(i)->is_type<g::type_annotation>()) d.type = annotation(*n.children[i++]);
    d.value = expr(*n.children.at(i));
    return d;
  }

  ast::Decl decl(const Node& n) {
    std::string doc = doc_before(span(n).begin);
    if (n.is_type<g::scenario_decl>()) {
      ast::ScenarioDecl d;
      d.doc = std::move(doc);
      d.span = span(n);
      d.name = n.children.at(0)->string();
      d.name_span = span(*n.children[0]);
      for (std::size_t i = 1; i < n.children.size(); ++i) d.members.push_back(member(*n.children[i]));
      return d;
    }
    if (n.is_type<g::config_decl>()) {
      ast::ConfigDecl d;
      d.doc = std::move(doc);
      d.name = n.children.at(0)->string();
      d.name_span = span(*n.children[0]);
      d.scenario = n.children.at(1)->string();
      d.scenario_span = span(*n.children[1]);
      for (std::size_t i = 2; i < n.children.size(); ++i) {
        const Node& c = *n.children[i];
        if (c.is_type<g::expect_decl>()) {
          ast::Expectation x;
          x.span = span(c);
          x.output = c.children.at(0)->string();
          x.output_span = span(*c.children[0]);
          x.value = expr(*c.children.at(1));
          for (std::size_t k = 2; k < c.children.size(); ++k) {
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
    if (n.is_type<g::fn_decl>()) {
      ast::FnDecl d;
      d.doc = std::move(doc);
      d.name = n.children.at(0)->string();
      d.name_span = span(*n.children[0]);
      for (const auto& p : n.children.at(1)->children)
        d.params.push_back(ast::Param{p->children.at(0)->string(), span(*p->children[0]), type(*p->children.at(1))});
      std::size_t i = 2;
      if (n.children.at(i)->is_type<g::return_type>()) d.result = type(*n.children[i++]->children.at(0));
      d.body = expr(*n.children.at(i));
      return d;
    }
    if (n.is_type<g::let_decl>()) return let(n, std::move(doc));
    if (n.is_type<g::dimension_decl>()) {
      ast::DimensionDecl d;
      d.doc = std::move(doc);
      d.name = n.children.at(0)->string();
      d.name_span = span(*n.children[0]);
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
    ast::ImportDecl d;
    d.span = span(n);
    d.path = unescape(n.children.at(0)->string_view());
    return d;
  }

 private:
  const SourceManager& sources_;
  FileId file_;
  std::uint32_t base_;
  int chain_ = 0;
};

// The length of the UTF-8 sequence at text[pos], or 0 when it is not valid UTF-8 (a stray or missing
// continuation byte, an overlong form, a surrogate, beyond U+10FFFF).
std::size_t utf8_length(std::string_view text, std::size_t pos) {
  auto byte = [&](std::size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0u; };
  unsigned c = byte(pos);
  if (c < 0x80) return 1;
  std::size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
  if (len == 0 || pos + len > text.size()) return 0;
  for (std::size_t i = 1; i < len; ++i)
    if ((byte(pos + i) & 0xC0) != 0x80) return 0;
  unsigned second = byte(pos + 1);
  if ((c == 0xE0 && second < 0xA0) || (c == 0xED && second > 0x9F) || (c == 0xF0 && second < 0x90) ||
      (c == 0xF4 && second > 0x8F))
    return 0;
  return len;
}

// Source text is UTF-8 (language.md, "Lexical structure") and holds no control characters but the
// whitespace ones: a byte that breaks this is reported where it is, before it can reach a message or an
// output (a terminal escape sequence in a string, invalid UTF-8 in JSON).
bool check_encoding(const SourceManager& sources, FileId file, Diagnostics& diags, std::uint32_t begin, std::uint32_t end) {
  std::string_view text(sources.file(file).text);
  for (std::uint32_t i = begin; i < end;) {
    auto c = static_cast<unsigned char>(text[i]);
    if ((c >= 0x20 && c < 0x7F) || c == '\n') {  // the common case, first
      ++i;
      continue;
    }
    std::size_t len = utf8_length(text, i);
    std::string problem;
    if (len == 0) problem = fmt::format("invalid UTF-8: the byte 0x{:02X} does not start a valid character here", c);
    else if (c == 0) problem = "a NUL byte (0x00) is not allowed in source text";
    else if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f') || c == 0x7F)
      problem = fmt::format("the control character 0x{:02X} is not allowed in source text", c);
    if (!problem.empty()) {
      diags.error(Span{file, i, i + 1}, problem);
      return false;
    }
    i += static_cast<std::uint32_t>(len);
  }
  return true;
}

std::string describe_found(std::string_view text, std::size_t pos) {
  if (pos >= text.size()) return "the end of the input";
  char c = text[pos];
  if (c == '\n' || c == '\r') return "the end of the line";
  std::size_t len = std::max<std::size_t>(utf8_length(text, pos), 1);  // a whole character, not its first byte
  auto is_word = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '.'; };
  if (is_word(c))
    while (pos + len < text.size() && is_word(text[pos + len]) && len < 30) ++len;
  return fmt::format("`{}`", text.substr(pos, len));
}

template <typename Rule, typename Result, typename Convert>
Result parse_with(const SourceManager& sources, FileId file, Diagnostics& diags, std::uint32_t begin,
                  std::uint32_t end, Convert convert, int max_nesting = kMaxNesting) {
  const auto& f = sources.file(file);
  end = std::min<std::uint32_t>(end, static_cast<std::uint32_t>(f.text.size()));
  begin = std::min(begin, end);
  if (!check_encoding(sources, file, diags, begin, end)) return Result{};
  std::string_view text(f.text.data() + begin, end - begin);
  pg::memory_input<> in(text.data(), text.size(), f.name);
  ParseState ps;
  ps.max_nesting = max_nesting;
  auto report_expected = [&] {
    std::string expected;
    for (std::size_t i = 0; i < ps.expected.size(); ++i)
      expected += (i == 0 ? "" : i + 1 == ps.expected.size() ? " or " : ", ") + std::string(ps.expected[i]);
    if (expected.empty()) expected = "valid syntax";
    auto pos = static_cast<std::uint32_t>(begin + ps.farthest);
    diags.error(Span{file, pos, pos + 1}, fmt::format("syntax error: expected {}, found {}", expected, describe_found(f.text, pos)));
  };
  try {
    ParseTreeState tree;
    if (pg::parse<Rule, pg::nothing, ParseTreeControl<selector, control>::template type>(in, ps, tree)) {
      Converter conv(sources, file, begin);
      return convert(conv, tree.finish());
    }
    report_expected();
  } catch (const MustFailed&) {
    report_expected();
  } catch (const pg::parse_error& e) {
    auto pos = static_cast<std::uint32_t>(begin + e.positions().front().byte);
    std::string msg(e.message());
    diags.error(Span{file, pos, pos + 1}, fmt::format("syntax error: {}", msg));
  } catch (const ConvertError& e) {
    diags.error(e.span, e.message);
  }
  return Result{};
}

}  // namespace

std::optional<ast::Module> parse_module(const SourceManager& sources, FileId file, Diagnostics& diags, int max_nesting) {
  return parse_with<g::file, std::optional<ast::Module>>(sources, file, diags, 0, UINT32_MAX, [&](Converter& c, const Node& root) {
    ast::Module m;
    m.file = file;
    for (const auto& d : root.children) m.decls.push_back(c.decl(*d));
    return std::optional<ast::Module>(std::move(m));
  }, max_nesting);
}

ast::ExprPtr parse_expression(const SourceManager& sources, FileId file, Diagnostics& diags, std::uint32_t begin,
                              std::uint32_t end) {
  return parse_with<g::expression_only, ast::ExprPtr>(sources, file, diags, begin, end, [](Converter& c, const Node& root) {
    return c.expr(*root.children.at(0));
  });
}

std::optional<ast::UnitExpr> parse_unit(const SourceManager& sources, FileId file, Diagnostics& diags,
                                        std::uint32_t begin, std::uint32_t end) {
  return parse_with<g::unit_only, std::optional<ast::UnitExpr>>(sources, file, diags, begin, end, [](Converter& c, const Node& root) {
    return std::optional<ast::UnitExpr>(c.unit(*root.children.at(0)));
  });
}

}  // namespace mlsi
