#include "syntax/parser.hpp"

#include <fmt/format.h>

#include "grammar/grammar.hpp"
#include "syntax/parse_converter.hpp"
#include "syntax/parse_node.hpp"
#include "syntax/parse_tree_builder.hpp"
#include "syntax/syntax_hints.hpp"
#include "base/check_deadline.hpp"
#include "base/stack_guard.hpp"
#include "source/text_rules.hpp"

namespace mlsi {
namespace {

namespace pg = tao::pegtl;
namespace g = grammar;
using Node = ParseNode;
using parse_detail::ConvertError;
using parse_detail::Converter;

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
      // A bound on time, for the language server (check_deadline.hpp); none for the commands.
      if (check_deadline_passed())
        throw pg::parse_error(fmt::format("reading stopped here: this document takes more than {} ms to read and check, the "
                                          "editor's bound (`mlsi check` has none)", check_deadline_milliseconds()), in);
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
    if constexpr (std::is_same_v<Rule, g::misplaced_separator>)
      throw pg::parse_error("a digit separator `_` goes between two digits, as in `1_000` or `2_048.5`", in);
    if constexpr (std::is_same_v<Rule, g::exponent_separator>)
      throw pg::parse_error("an exponent has no digit separators: write `1e10`, not `1e1_0`", in);
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
        g::number, g::string_lit, g::unit_name, g::unit_power, g::unit_atom, g::unit_mul, g::unit_div,
        g::unit_tight, g::unit_one, g::unit_paren, g::unit_expr, g::list_type, g::enum_case, g::enum_type, g::dim_name,
        g::dim_one, g::dim_power, g::dim_paren, g::dim_factor, g::dim_mul, g::dim_div, g::dim_expr, g::true_lit,
        g::false_lit, g::name_ref, g::paren, g::list_items, g::comp_var, g::comp_filter, g::comprehension, g::list_body, g::list_lit, g::list_quantity,
        g::field_name, g::record_field, g::record_lit, g::record_type_field, g::record_type, g::type_decl, g::if_expr, g::let_name, g::let_in, g::match_pattern, g::match_arm, g::match_expr,
        g::arg_name, g::named_arg, g::call_args, g::field_access, g::index_access, g::call_suffix,
        g::op_pow, g::op_neg, g::negation, g::op_mul, g::op_div, g::op_add, g::op_sub,
        g::op_cmp, g::logical_not, g::op_and, g::op_or, g::expr,
        g::decl_name, g::import_decl, g::dimension_decl, g::attribute, g::attr_name, g::attr_arg, g::unit_decl_name,
        g::unit_decl, g::param, g::params, g::return_type, g::fn_decl, g::type_annotation, g::let_decl,
        g::where_clause, g::default_value, g::input_decl, g::output_decl, g::check_message, g::check_decl,
        g::scenario_decl, g::expect_measured, g::expect_tolerance, g::expect_source_text, g::expect_decl, g::config_set, g::config_target, g::config_decl>,
    // Selected only so that the error control sees them (parse_tree skips the control hooks of rules it
    // does not select); each has exactly one child, which takes its place. Quantity too, when it has no
    // unit: it is its number (grammar.hpp).
    pg::parse_tree::fold_one::on<g::quantity, g::positional_arg, g::member, g::config_item, g::declaration, g::type_expr, g::primary, g::unit_factor,
                                 g::pow_operand,
                                 // The levels of operator precedence: one with a single operand is that
                                 // operand (the converter reads it so either way). Kept, every number of a
                                 // list literal would cost a node per level.
                                 g::postfix, g::power, g::product, g::sum, g::comparison, g::conjunction,
                                 g::disjunction>>;

// Source text is UTF-8 without control characters but the whitespace ones (text_rules.hpp): a byte that
// breaks this is reported where it is, before it can reach a message or an output. The line is quoted
// only up to that byte, and not at all for binary data (a NUL), so that a file that is not text shows
// nothing of what follows (the rest of /proc/self/environ, of a binary file).
bool check_encoding(const SourceManager& sources, FileId file, DiagnosticLog& diags, std::uint32_t begin, std::uint32_t end) {
  auto problem = find_text_problem(sources.file(file).text, "source text", begin, end);
  if (!problem) return true;
  auto at = static_cast<std::uint32_t>(problem->offset);
  auto& d = diags.error(Span{file, at, at + 1}, problem->message);
  d.quote = problem->binary ? Quote::none : Quote::before_span;
  return false;
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
Result parse_with(const SourceManager& sources, FileId file, DiagnosticLog& diags, std::uint32_t begin,
                  std::uint32_t end, Convert convert, int max_nesting = kMaxNesting) {
  // Every error found here is a syntax error, however it is reported.
  struct Categorize {
    DiagnosticLog& diags;
    std::size_t first;
    ~Categorize() { diags.categorize_from(first, Category::syntax); }
  } categorize{diags, diags.size()};
  const auto& f = sources.file(file);
  end = std::min<std::uint32_t>(end, static_cast<std::uint32_t>(f.text.size()));
  begin = std::min(begin, end);
  if (!check_encoding(sources, file, diags, begin, end)) return Result{};
  std::string_view text(f.text.data() + begin, end - begin);
  // Lazy tracking: positions are byte offsets here (a line and column are counted only for an error),
  // so that consuming input does not count lines and columns character by character.
  pg::memory_input<pg::tracking_mode::lazy> in(text.data(), text.size(), f.name);
  ParseState ps;
  ps.max_nesting = max_nesting;
  auto report_expected = [&] {
    std::string expected;
    for (std::size_t i = 0; i < ps.expected.size(); ++i)
      expected += (i == 0 ? "" : i + 1 == ps.expected.size() ? " or " : ", ") + std::string(ps.expected[i]);
    if (expected.empty()) expected = "valid syntax";
    auto pos = static_cast<std::uint32_t>(begin + ps.farthest);
    auto& d = diags.error(Span{file, pos, pos + 1}, fmt::format("syntax error: expected {}, found {}", expected, describe_found(f.text, pos)));
    if (std::string hint = syntax_hint(f.text, pos); !hint.empty()) d.notes.push_back(std::move(hint));
  };
  try {
    ParseTreeState tree(text.size());
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
    // Stopped by the bound on time, the text is not wrong: the message says what happened.
    diags.error(Span{file, pos, pos + 1}, check_deadline_stopped() ? msg : fmt::format("syntax error: {}", msg));
  } catch (const ConvertError& e) {
    diags.error(e.span, e.message);
  }
  return Result{};
}

}  // namespace

std::optional<ast::Module> parse_module(const SourceManager& sources, FileId file, DiagnosticLog& diags, int max_nesting) {
  return parse_with<g::file, std::optional<ast::Module>>(sources, file, diags, 0, UINT32_MAX, [&](Converter& c, const Node& root) {
    ast::Module m;
    m.file = file;
    for (const auto& d : root.children) m.decls.push_back(c.decl(*d));
    std::uint32_t first = root.children.empty() ? UINT32_MAX : c.span(*root.children.front()).begin;
    for (const Span& block : c.stray_docs(first)) {
      auto& d = diags.warning(block, "this `##` doc documents nothing: a doc stands directly above the declaration it is about");
      d.notes.push_back("a scenario, config, input, let, output, fn, type, unit or dimension keeps the `##` lines right above it, "
                        "with no blank line between; elsewhere write a `#` comment");
    }
    return std::optional<ast::Module>(std::move(m));
  }, max_nesting);
}

std::optional<ast::Module> parse_declarations(const SourceManager& sources, FileId file, DiagnosticLog& diags,
                                              std::uint32_t begin, std::uint32_t end, int max_nesting) {
  return parse_with<g::file, std::optional<ast::Module>>(sources, file, diags, begin, end, [&](Converter& c, const Node& root) {
    ast::Module m;
    m.file = file;
    for (const auto& d : root.children) m.decls.push_back(c.decl(*d));
    return std::optional<ast::Module>(std::move(m));
  }, max_nesting);
}

ast::ExprPtr parse_expression(const SourceManager& sources, FileId file, DiagnosticLog& diags, std::uint32_t begin,
                              std::uint32_t end) {
  return parse_with<g::expression_only, ast::ExprPtr>(sources, file, diags, begin, end, [](Converter& c, const Node& root) {
    return c.expr(*root.children.at(0));
  });
}

std::optional<ast::UnitExpr> parse_unit(const SourceManager& sources, FileId file, DiagnosticLog& diags,
                                        std::uint32_t begin, std::uint32_t end) {
  return parse_with<g::unit_only, std::optional<ast::UnitExpr>>(sources, file, diags, begin, end, [](Converter& c, const Node& root) {
    return std::optional<ast::UnitExpr>(c.unit(*root.children.at(0)));
  });
}

std::optional<ast::TypeExpr> parse_type(const SourceManager& sources, FileId file, DiagnosticLog& diags,
                                        std::uint32_t begin, std::uint32_t end) {
  return parse_with<g::type_only, std::optional<ast::TypeExpr>>(sources, file, diags, begin, end, [](Converter& c, const Node& root) {
    return std::optional<ast::TypeExpr>(c.type(*root.children.at(0)));
  });
}

}  // namespace mlsi
