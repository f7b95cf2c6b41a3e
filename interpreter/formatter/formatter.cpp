#include "formatter/formatter.hpp"

#include <algorithm>
#include <variant>

#include "grammar/grammar.hpp"
#include "formatter/formatter_lex.hpp"
#include "formatter/formatter_writer.hpp"

namespace mlsi {
namespace {

using fmt_layout::Space;
using fmt_layout::Writer;
using ast::ExprKind;

class Printer {
 public:
  explicit Printer(std::string_view source) : w_(source), src_(source) {}

  std::string module(const ast::Module& m) {
    for (const auto& d : m.decls) std::visit([&](const auto& x) { decl(x); }, d);
    w_.finish();
    return w_.take();
  }

 private:
  // ---- declarations ------------------------------------------------------------------------------
  void start(int indent) { w_.statement(w_.next(), indent, indent); }
  void header(std::string_view text, Space space = Space::one) { w_.expect(text, space, false); }

  void decl(const ast::ScenarioDecl& d) {
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

  // `{`, the entries (each starts its own line), `}` on a line of its own, or `{}` when there is nothing.
  template <typename Entries>
  void block(Entries entries, bool any) {
    header("{");
    std::uint32_t brace = w_.next();
    if (!any && !w_.comment_before(brace + 1)) {
      w_.expect("}", Space::none, false);
      return;
    }
    entries();
    w_.statement(w_.next(), 0, 2, false);
    w_.expect("}", Space::none, false);
  }

  void decl(const ast::ConfigDecl& d) {
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

  void config_set(const ast::ConfigSet& s) {
    header(s.name, Space::none);
    header("=");
    clause(*s.value);
  }

  // `expect NAME == VALUE [within TOLERANCE] [source "TEXT"]`: every part of an expectation is printed here.
  void expectation(const ast::Expectation& x) {
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

  void decl(const ast::FnDecl& d) {
    start(0);
    member(d);
  }
  void member(const ast::FnDecl& d) {
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

  void decl(const ast::LetDecl& d) {
    start(0);
    member(d);
  }

  void decl(const ast::UnitDecl& d) {
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

  void decl(const ast::DimensionDecl& d) {
    start(0);
    header("dimension", Space::none);
    header(d.name);
    if (d.definition) {
      header("=");
      type<grammar::dim_expr>();
    }
  }

  void decl(const ast::TypeDecl& d) {
    start(0);
    header("type", Space::none);
    header(d.name);
    header("=");
    type<grammar::type_expr>();
  }

  void decl(const ast::ImportDecl&) {
    start(0);
    header("import", Space::none);
    literal(fmt_layout::string_length(src_.substr(w_.next())), Space::one, false);
  }

  void member(const ast::InputDecl& d) {
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
  void member(const ast::LetDecl& d) { named_value("let", d.name, d.type.has_value(), *d.value); }
  void member(const ast::OutputDecl& d) { named_value("output", d.name, d.type.has_value(), *d.value); }
  void named_value(std::string_view keyword, const std::string& name, bool typed, const ast::Expr& value) {
    header(keyword, Space::none);
    header(name);
    if (typed) {
      header(":", Space::none);
      type<grammar::type_expr>();
    }
    header("=");
    clause(value);
  }
  void member(const ast::CheckDecl& d) {
    header("check", Space::none);
    clause(*d.condition);
    if (d.message) {
      w_.expect("else", Space::one);
      literal(fmt_layout::string_length(src_.substr(w_.next())), Space::one, true);
    }
  }

  // ---- types and units ---------------------------------------------------------------------------
  // A type as written (its brackets kept), spaced canonically: `Information / Time`, `Time^2`,
  // `List[Count]`, `one of a | b`. Its extent is found by the grammar's own rule.
  template <typename Rule>
  void type() {
    std::uint32_t begin = w_.next();
    tao::pegtl::memory_input<> in(src_.data() + begin, src_.size() - begin, "");
    if (!tao::pegtl::parse<Rule>(in)) throw fmt_layout::LostPlace(begin, "expected a type in the source here");
    auto end = static_cast<std::uint32_t>(begin + (in.current() - in.begin()));
    std::string_view prev;
    for (const auto& t : fmt_layout::lex_region(w_, begin, end)) {
      std::string_view text = src_.substr(t.begin, t.end - t.begin);
      // Against its neighbour: `(`, `[` and what follows them, `)`, `]`, the `[` of `List[` and a power.
      bool tight = !prev.empty() && (text == ")" || text == "]" || text == "[" || text[0] == '^' || text == ":" ||
                                     text == "," || prev == "(" || prev == "[");
      w_.token(text, t.begin, t.end, tight ? Space::none : Space::one, false);
      prev = text;
    }
  }

  // A unit after `->`, written without spaces: `-> GB/s`, `-> 1/s`.
  void unit(const ast::UnitExpr& u, Space space) {
    for (const auto& t : fmt_layout::lex_region(w_, u.span.begin, u.span.end)) {
      w_.token(src_.substr(t.begin, t.end - t.begin), t.begin, t.end, space, false);
      space = Space::none;
    }
  }

  // ---- expressions -------------------------------------------------------------------------------
  // The value of a declaration or clause, after a space.
  void clause(const ast::Expr& e) {
    w_.begin_expression();
    expr(e, Space::one);
    w_.end_expression();
  }

  void literal(std::size_t length, Space space, bool breakable) {
    std::uint32_t at = w_.next();
    w_.token(src_.substr(at, length), at, at + static_cast<std::uint32_t>(length), space, breakable);
  }

  static bool led_by_operand(const ast::Expr& e) {
    switch (e.kind) {
      case ExprKind::binary: case ExprKind::call: case ExprKind::field: case ExprKind::index: case ExprKind::convert:
        return true;
      default:
        return false;
    }
  }

  // How many parentheses the author put around `e` (the parser keeps only the widened span).
  int parentheses(const ast::Expr& e) const {
    std::uint32_t stop = led_by_operand(e) ? e.operands.at(0)->span.begin : e.span.end;
    int count = 0;
    for (std::uint32_t at = w_.skip(e.span.begin); at < stop && src_[at] == '('; at = w_.skip(at + 1)) ++count;
    return count;
  }

  void expr(const ast::Expr& e, Space space) {
    int parens = parentheses(e);
    for (int i = 0; i < parens; ++i) {
      w_.open("(", i == 0 ? space : Space::none);
      w_.begin_expression();
    }
    bare(e, parens > 0 ? Space::none : space);
    for (int i = 0; i < parens; ++i) {
      w_.end_expression();
      w_.close(")", false, true);
    }
  }

  // The entries of a list, a call, a record or a match, each an expression of its own.
  // `inside` is the space after the opening bracket: one inside braces (`{ a: 1 }`), none otherwise.
  template <typename Entry>
  void entries(std::size_t count, Space inside, Entry entry) {
    for (std::size_t i = 0; i < count; ++i) {
      if (i > 0) w_.expect(",", Space::none, false);
      w_.begin_expression();
      entry(i, i > 0 ? Space::one : inside);
      w_.end_expression();
    }
  }

  void bare(const ast::Expr& e, Space space) {
    const auto& ops = e.operands;
    switch (e.kind) {
      case ExprKind::number:
        return literal(fmt_layout::number_length(src_.substr(w_.next())), space, true);
      case ExprKind::quantity: {
        // As written, with at most one space between the number and its unit.
        std::uint32_t at = w_.next();
        std::string text(src_.substr(at, fmt_layout::number_length(src_.substr(at))));
        if (at + text.size() < e.unit.span.begin) text += ' ';
        text += src_.substr(e.unit.span.begin, e.unit.span.end - e.unit.span.begin);
        return w_.token(text, at, e.unit.span.end, space, true);
      }
      case ExprKind::boolean:
        return w_.expect(e.flag ? "true" : "false", space);
      case ExprKind::text:
        return literal(fmt_layout::string_length(src_.substr(w_.next())), space, true);
      case ExprKind::name:
        return w_.expect(e.text, space);
      case ExprKind::negate:
        w_.expect("-", space);
        return expr(*ops.at(0), Space::none);
      case ExprKind::logical_not:
        w_.expect("not", space);
        return expr(*ops.at(0), Space::one);
      case ExprKind::binary: {
        expr(*ops.at(0), space);
        if (e.flag) {  // `[a, b] GB`: the unit of every entry, against the list
          const auto& u = ops.at(1)->unit.span;
          return w_.token(src_.substr(u.begin, u.end - u.begin), u.begin, u.end, Space::one, false);
        }
        w_.expect(e.text, Space::one);
        return expr(*ops.at(1), Space::one);
      }
      case ExprKind::if_then:
        w_.expect("if", space);
        expr(*ops.at(0), Space::one);
        w_.expect("then", Space::one);
        expr(*ops.at(1), Space::one);
        w_.expect("else", Space::one);
        return expr(*ops.at(2), Space::one);
      case ExprKind::call:
        expr(*ops.at(0), space);
        w_.open("(", Space::none);
        entries(ops.size() - 1, Space::none, [&](std::size_t i, Space s) {
          if (!e.names[i].empty()) {
            w_.expect(e.names[i], s);
            w_.expect("=", Space::one, false);
            s = Space::one;
          }
          expr(*ops[i + 1], s);
        });
        return w_.close(")", true, ops.size() > 1);
      case ExprKind::field:
        expr(*ops.at(0), space);
        w_.expect(".", Space::none);
        return w_.expect(e.text, Space::none, false);
      case ExprKind::index:
        expr(*ops.at(0), space);
        w_.open("[", Space::none);
        w_.begin_expression();
        expr(*ops.at(1), Space::none);
        w_.end_expression();
        return w_.close("]", false, true);
      case ExprKind::list:
        w_.open("[", space);
        entries(ops.size(), Space::none, [&](std::size_t i, Space s) { expr(*ops[i], s); });
        return w_.close("]", true, !ops.empty());
      case ExprKind::comprehension:
        if (e.flag) w_.begin_expression();  // `max_by(d.memory for d in devices)`: no brackets of its own
        else w_.open("[", space);
        w_.begin_expression();
        expr(*ops.at(0), e.flag ? space : Space::none);
        w_.end_expression();
        w_.expect("for", Space::one);
        w_.expect(e.text, Space::one);
        w_.expect("in", Space::one);
        w_.begin_expression();
        expr(*ops.at(1), Space::one);
        w_.end_expression();
        if (ops.size() > 2) {
          w_.expect("if", Space::one);
          w_.begin_expression();
          expr(*ops[2], Space::one);
          w_.end_expression();
        }
        if (e.flag) return w_.end_expression();
        return w_.close("]", false, true);
      case ExprKind::record:
        w_.open("{", space);
        entries(ops.size(), Space::one, [&](std::size_t i, Space s) {
          w_.expect(e.names[i], s);
          w_.expect(":", Space::none, false);
          expr(*ops[i], Space::one);
        });
        return w_.close("}", true, !ops.empty(), Space::one);
      case ExprKind::match:
        w_.expect("match", space);
        expr(*ops.at(0), Space::one);
        w_.open("{", Space::one);
        entries(ops.size() - 1, Space::one, [&](std::size_t i, Space s) {
          w_.expect(e.names[i], s);
          w_.expect("=>", Space::one);
          expr(*ops[i + 1], Space::one);
        });
        return w_.close("}", true, ops.size() > 1, Space::one);
      case ExprKind::let_in:
        w_.expect("let", space);
        w_.expect(e.text, Space::one);
        w_.expect("=", Space::one);
        expr(*ops.at(0), Space::one);
        w_.expect("in", Space::one);
        return expr(*ops.at(1), Space::one);
      case ExprKind::convert:
        expr(*ops.at(0), space);
        w_.expect("->", Space::one);
        return unit(e.unit, Space::one);
    }
  }

  Writer w_;
  std::string_view src_;
};

}  // namespace

std::string format_module(const SourceManager& sources, const ast::Module& module) {
  std::string_view text = sources.file(module.file).text;
  // A byte order mark stays: it decides whether `##` on the first line is a doc (parser.cpp doc_before).
  std::string_view bom = text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(0, 3) : std::string_view();
  return std::string(bom) + Printer(text).module(module);
}

}  // namespace mlsi
