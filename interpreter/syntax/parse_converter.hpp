#pragma once
// The second half of parsing: the parse tree of the grammar (grammar.hpp) becomes the AST (ast.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "syntax/ast.hpp"
#include "syntax/parse_node.hpp"
#include "source/source.hpp"

namespace mlsi::parse_detail {

using Node = ParseNode;

// A well-formed text the AST cannot hold: an operator chain too long, a power too large.
struct ConvertError {
  Span span;
  std::string message;
};

// Builds the AST from a parse tree (parse_tree_builder.hpp): of a file, an expression or a unit.
// Expressions, units and types are in parse_converter.cpp, declarations in parse_converter_decl.cpp.
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
  Chain chain(const Node& n, std::size_t operators);

  // The exponent of a unit or dimension power, `^-2` or `^(1/2)`, as numerator and denominator.
  std::pair<int, int> power_of(const Node& n) const;
  Span span(const Node& n) const;
  static std::string unescape(std::string_view quoted);

  // `##` lines directly above the declaration that starts at `offset` (parse_converter_docs.cpp).
  std::string doc_before(std::uint32_t offset) const;
  // Marks what a `##` block may stand above (a declaration that keeps its doc, or an `expect`, whose
  // `##` comment says where its figure comes from), and the text of one declaration, inside whose
  // expressions `##` is an ordinary comment.
  void doc_may_precede(std::uint32_t offset) { doc_anchors_.push_back(offset); }
  void plain_comments_in(Span s) { plain_comment_spans_.push_back(s); }
  // The `##` blocks of the file that document nothing: above a blank line, a `check`, a setting, an
  // `import`, a `}` or the end of the file. Not the file's own description (its first block, before its
  // first declaration), nor a banner of `#` only.
  std::vector<Span> stray_docs(std::uint32_t first_declaration) const;
  ast::UnitExpr unit(const Node& n);
  void add_unit_terms(const Node& n, bool inverted, std::vector<ast::UnitTerm>& out);
  ast::TypeExpr type(const Node& n);
  ast::ExprPtr make(ast::ExprKind k, const Node& n);
  ast::ExprPtr binary(const Node& n);
  ast::ExprPtr expr(const Node& n);
  // `[body for x in xs if c]` (`whole` the list literal), or without brackets as a call's argument (`bare`).
  ast::ExprPtr comprehension(const Node& whole, const Node& body, const Node& rest, bool bare);
  // The value of a number literal; `_` digit separators are skipped.
  static double number_value(std::string_view text);
  std::optional<ast::TypeExpr> annotation(const Node& n);
  ast::Member member(const Node& n);
  ast::LetDecl let(const Node& n, std::string doc);
  ast::FnDecl function(const Node& n, std::string doc);
  ast::Decl decl(const Node& n);

 private:
  const SourceManager& sources_;
  FileId file_;
  std::uint32_t base_;
  int chain_ = 0;
  std::vector<std::uint32_t> doc_anchors_;
  std::vector<Span> plain_comment_spans_;
};

}  // namespace mlsi::parse_detail
