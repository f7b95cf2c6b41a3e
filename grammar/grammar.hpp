#pragma once
// The PEGTL grammar of `.mls`: one named rule type per construct. The type names are the hooks for the
// parse tree (see parser.cpp) and for the "expected ..." messages of syntax errors (error_message below).
//
// Whitespace: `ws` skips spaces, newlines and comments (`# ...` and `## ...` docs; docs are read back
// from the source text by the parser). `hs` skips only spaces and tabs: a number and its unit, and a
// callee and its `(` or `[`, must be on one line, so that a new line always starts a new entry.
#include <cstring>
#include <string_view>
#include <utility>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

#include "grammar/reserved_words.hpp"

namespace mlsi::grammar {

namespace pg = tao::pegtl;

// ---- lexical ------------------------------------------------------------------------------------
// Spaces, line ends and comments (`#` to the end of the line): one scan, as whitespace is tried between
// almost any two tokens (a rule per character, `star<sor<space, seq<one<'#'>, until<eolf>>>>`, was a
// tenth of the time of a parse).
struct ws {
  using rule_t = ws;
  using subs_t = pg::empty_list;
  template <typename ParseInput>
  [[nodiscard]] static bool match(ParseInput& in) noexcept {
    const char* begin = in.current();
    const char* end = begin + in.size();
    const char* at = begin;
    while (at < end) {
      char c = *at;
      if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f') {
        ++at;
      } else if (c == '#') {
        const void* eol = std::memchr(at, '\n', static_cast<std::size_t>(end - at));
        at = eol == nullptr ? end : static_cast<const char*>(eol) + 1;
      } else {
        break;
      }
    }
    in.bump(static_cast<std::size_t>(at - begin));
    return true;
  }
};
struct hs : pg::star<pg::blank> {};

struct idchar : pg::identifier_other {};
template <typename Key>
struct keyword : pg::seq<Key, pg::not_at<idchar>> {};

#define MLSI_KEYWORD(name, text) \
  struct kw_##name : keyword<TAO_PEGTL_STRING(text)> {};
MLSI_KEYWORD(scenario, "scenario")
MLSI_KEYWORD(input, "input")
MLSI_KEYWORD(let, "let")
MLSI_KEYWORD(output, "output")
MLSI_KEYWORD(check, "check")
MLSI_KEYWORD(else, "else")
MLSI_KEYWORD(config, "config")
MLSI_KEYWORD(for, "for")
MLSI_KEYWORD(expect, "expect")
MLSI_KEYWORD(within, "within")
MLSI_KEYWORD(fn, "fn")
MLSI_KEYWORD(dimension, "dimension")
MLSI_KEYWORD(unit, "unit")
MLSI_KEYWORD(import, "import")
MLSI_KEYWORD(where, "where")
MLSI_KEYWORD(if, "if")
MLSI_KEYWORD(then, "then")
MLSI_KEYWORD(and, "and")
MLSI_KEYWORD(or, "or")
MLSI_KEYWORD(not, "not")
MLSI_KEYWORD(match, "match")
MLSI_KEYWORD(in, "in")
MLSI_KEYWORD(true, "true")
MLSI_KEYWORD(false, "false")
MLSI_KEYWORD(one, "one")
MLSI_KEYWORD(of, "of")
MLSI_KEYWORD(List, "List")
#undef MLSI_KEYWORD

// Matches the word that starts here when it is a reserved word (reserved_words.hpp): what a `sor` of
// the keyword rules would match, in one step (every name is checked against the reserved words).
struct reserved {
  using rule_t = reserved;
  using subs_t = pg::empty_list;
  template <typename ParseInput>
  [[nodiscard]] static bool match(ParseInput& in) noexcept {
    const char* begin = in.current();
    std::size_t length = 0;
    for (std::size_t size = in.size(); length < size; ++length) {
      char c = begin[length];
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) break;
    }
    std::string_view word(begin, length);
    for (auto w : kReservedWords)
      if (w.size() == length && w[0] == begin[0] && w == word) {
        in.bump_in_this_line(length);
        return true;
      }
    return false;
  }
};

struct identifier : pg::seq<pg::not_at<reserved>, pg::identifier> {};

// A choice (a `sor`) that tries only the alternatives that can begin with the next character: `when<R,
// P>` is tried when P accepts that character. One that cannot begin there fails where it stands without
// being matched, and its control's start and failure still run, as for a try that fails at once (so the
// "expected ..." of syntax errors and the nesting bound of parser.cpp see the same). Before, every name in
// an expression was first tried as a quantity, a number, a string, each keyword expression, a list, a
// record and a parenthesis: most of a parse was those tries and the parse-tree records they opened.
template <typename Rule, typename FirstChar>
struct when {
  using rule = Rule;
  using first = FirstChar;
};
template <char... Cs>
struct first_of {
  static constexpr bool accepts(int c) noexcept { return ((c == static_cast<unsigned char>(Cs)) || ...); }
};
struct first_digit {
  static constexpr bool accepts(int c) noexcept { return c >= '0' && c <= '9'; }
};
struct first_of_name {  // what pg::identifier begins with
  static constexpr bool accepts(int c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
};
struct first_any {
  static constexpr bool accepts(int) noexcept { return true; }
};

template <typename... Whens>
struct choice {
  using rule_t = choice;
  using subs_t = pg::type_list<typename Whens::rule...>;

  template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action, template <typename...> class Control,
            typename ParseInput, typename... States>
  [[nodiscard]] static bool match(ParseInput& in, States&&... st) {
    const int c = in.empty() ? -1 : static_cast<unsigned char>(in.peek_char());
    return match_each<A, M, Action, Control>(std::index_sequence_for<Whens...>{}, c, in, st...);
  }

 private:
  // As pg::sor does: each alternative but the last rewinds the input itself when it fails; the last one
  // is given the choice's own mode (a failure then may leave the input where it stopped, and a named
  // rule's failure hook sees that position).
  template <pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action, template <typename...> class Control,
            typename ParseInput, typename... States, std::size_t... I>
  static bool match_each(std::index_sequence<I...>, int c, ParseInput& in, States&... st) {
    return (attempt<typename Whens::rule, typename Whens::first, A, I + 1 == sizeof...(Whens) ? M : pg::rewind_mode::required,
                    Action, Control>(c, in, st...) ||
            ...);
  }

  template <typename Rule, typename FirstChar, pg::apply_mode A, pg::rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput, typename... States>
  static bool attempt(int c, ParseInput& in, States&... st) {
    if (FirstChar::accepts(c)) return Control<Rule>::template match<A, M, Action, Control>(in, st...);
    if constexpr (Control<Rule>::enable) {
      Control<Rule>::start(static_cast<const ParseInput&>(in), st...);
      Control<Rule>::failure(static_cast<const ParseInput&>(in), st...);
    }
    return false;
  }
};

// Digits may be grouped with `_` between two digits: `1_000`, `2_048 GiB`, `1_000_000.5` (not in an
// exponent). A `_` anywhere else next to a number's digits (`1__0`, `1_`, `1_.5`, `1e1_0`) is a syntax
// error of its own (parser.cpp), not a number followed by a unit named `_0`.
struct misplaced_separator : pg::one<'_'> {};
struct exponent_separator : pg::one<'_'> {};
struct digit_groups : pg::seq<pg::plus<pg::digit>, pg::star<pg::one<'_'>, pg::plus<pg::digit>>,
                              pg::opt<pg::at<pg::one<'_'>>, pg::raise<misplaced_separator>>> {};
struct number
    : pg::seq<digit_groups, pg::opt<pg::one<'.'>, digit_groups>,
              pg::opt<pg::one<'e', 'E'>, pg::opt<pg::one<'+', '-'>>, pg::plus<pg::digit>,
                      pg::opt<pg::at<pg::one<'_'>>, pg::raise<exponent_separator>>>> {};

struct string_char : pg::sor<pg::seq<pg::one<'\\'>, pg::any>, pg::not_one<'"', '\n'>> {};
struct string_end : pg::one<'"'> {};
struct string_lit : pg::seq<pg::one<'"'>, pg::star<string_char>, string_end> {};

// ---- units --------------------------------------------------------------------------------------
// A unit name is an identifier or `%`. In a quantity literal the unit follows the number on the same
// line and compound units are written without spaces (`3.35 TB/s`, `USD/TB/month`, `s^2`); with spaces,
// `/` and `*` are ordinary arithmetic (`100 GB / bandwidth`).
struct unit_name : pg::sor<identifier, pg::one<'%'>> {};
// An integer power (`^2`, `^-1`) or a fraction in parentheses (`^(1/2)`, `^(-3/2)`), as a square root
// of a quantity is printed.
struct signed_digits : pg::seq<pg::opt<pg::one<'-'>>, pg::plus<pg::digit>> {};
struct fraction_power : pg::seq<pg::one<'('>, signed_digits, pg::one<'/'>, pg::plus<pg::digit>, pg::one<')'>> {};
struct unit_power : pg::seq<pg::one<'^'>, pg::sor<fraction_power, signed_digits>> {};
struct unit_atom : pg::seq<unit_name, pg::opt<unit_power>> {};
struct unit_mul : pg::one<'*'> {};
struct unit_div : pg::one<'/'> {};
struct unit_one : pg::one<'1'> {};
// `1/s` leads with a 1, as mlsi prints a rate with no unit of its own (`81570.8 1/s`).
struct unit_tight : pg::seq<pg::sor<unit_atom, pg::seq<unit_one, unit_div, unit_atom>>, pg::star<pg::sor<unit_mul, unit_div>, unit_atom>> {};
// `source` after a number starts the source of an `expect` (`== 0.5 source "..."`), never a unit.
struct source_kw : keyword<TAO_PEGTL_STRING("source")> {};
// A number with no unit after it is a number: quantity folds to its only child (parser.cpp), so that a
// plain number is read once, not once as a failed quantity and again as a number.
struct quantity : pg::seq<number, pg::opt<hs, pg::not_at<source_kw>, unit_tight>> {};

// After `->` and in `unit` declarations a unit expression may use spaces and parentheses: `-> 1/s`.
struct unit_expr;
struct unit_paren : pg::seq<pg::one<'('>, ws, unit_expr, ws, pg::one<')'>> {};
struct unit_factor : pg::sor<unit_paren, unit_atom, pg::seq<unit_one, pg::not_at<pg::digit>>> {};
struct unit_expr : pg::seq<unit_factor, pg::star<ws, pg::sor<unit_mul, unit_div>, ws, unit_factor>> {};

// ---- types --------------------------------------------------------------------------------------
struct type_expr;
struct list_type : pg::seq<kw_List, hs, pg::one<'['>, ws, type_expr, ws, pg::one<']'>> {};
struct enum_case : identifier {};
struct enum_type : pg::seq<kw_one, ws, kw_of, ws, enum_case, pg::star<ws, pg::one<'|'>, ws, enum_case>> {};
struct dim_expr;
struct dim_name : identifier {};
struct dim_one : pg::one<'1'> {};
struct dim_power : pg::seq<pg::one<'^'>, pg::sor<fraction_power, signed_digits>> {};
struct dim_paren : pg::seq<pg::one<'('>, ws, dim_expr, ws, pg::one<')'>> {};
struct dim_factor : pg::seq<pg::sor<dim_paren, dim_name, dim_one>, pg::opt<dim_power>> {};
struct dim_mul : pg::one<'*'> {};
struct dim_div : pg::one<'/'> {};
struct dim_expr : pg::seq<dim_factor, pg::star<ws, pg::sor<dim_mul, dim_div>, ws, dim_factor>> {};
// `{ name: Text, memory: Information }`: a record type (field_name is declared with the expressions).
struct field_name;
struct record_type_field;
struct record_type;
struct type_expr : pg::sor<list_type, enum_type, record_type, dim_expr> {};

// ---- expressions --------------------------------------------------------------------------------
struct expr;
struct true_lit : kw_true {};
struct false_lit : kw_false {};
struct name_ref : identifier {};
struct paren : pg::seq<pg::one<'('>, ws, expr, ws, pg::one<')'>> {};

struct comp_var : identifier {};
struct comp_filter : pg::seq<kw_if, ws, expr> {};
// Keywords where the grammar needs them get rules of their own, so that "expected `then`" is reported
// only where `then` can follow, not wherever a name is checked against the reserved words.
struct then_kw : kw_then {};
struct else_kw : kw_else {};
struct for_kw : kw_for {};
struct in_kw : kw_in {};
// The first entry is parsed once and then followed either by `for` (a comprehension) or by more entries:
// trying a comprehension and then a plain list would parse it twice, and nested `[[[[...` would take time
// exponential in the depth (found by fuzzing: 16 unclosed `[` took minutes).
struct comprehension : pg::seq<ws, for_kw, ws, comp_var, ws, in_kw, ws, expr, pg::opt<ws, comp_filter>> {};
struct list_items : pg::seq<pg::star<ws, pg::one<','>, ws, expr>, pg::opt<ws, pg::one<','>>> {};
struct list_body : pg::seq<expr, pg::sor<comprehension, list_items>> {};
struct list_lit : pg::seq<pg::one<'['>, ws, pg::opt<list_body>, ws, pg::one<']'>> {};

struct field_name : identifier {};
struct record_type_field : pg::seq<field_name, ws, pg::one<':'>, ws, type_expr> {};
struct record_type
    : pg::seq<pg::one<'{'>, ws,
              pg::opt<record_type_field, pg::star<ws, pg::one<','>, ws, record_type_field>, pg::opt<ws, pg::one<','>>>, ws,
              pg::one<'}'>> {};
struct record_field : pg::seq<field_name, ws, pg::one<':'>, ws, expr> {};
struct record_lit
    : pg::seq<pg::one<'{'>, ws,
              pg::opt<record_field, pg::star<ws, pg::one<','>, ws, record_field>, pg::opt<ws, pg::one<','>>>, ws,
              pg::one<'}'>> {};

struct if_expr : pg::seq<kw_if, ws, expr, ws, then_kw, ws, expr, ws, else_kw, ws, expr> {};

// `let name = value in body`: a name for a value inside one expression. Like `if`, the body extends as
// far as possible.
struct let_name : identifier {};
struct let_in : pg::seq<kw_let, ws, let_name, ws, pg::one<'='>, pg::not_at<pg::one<'='>>, ws, expr, ws, in_kw, ws, expr> {};

struct match_pattern : pg::sor<identifier, pg::one<'_'>> {};
struct match_arm : pg::seq<match_pattern, ws, TAO_PEGTL_STRING("=>"), ws, expr> {};
struct match_expr
    : pg::seq<kw_match, ws, expr, ws, pg::one<'{'>, ws, match_arm, pg::star<ws, pg::one<','>, ws, match_arm>,
              pg::opt<ws, pg::one<','>>, ws, pg::one<'}'>> {};

// A list literal followed by a unit on the same line gives every entry that unit: `[120, 31.4] GB`,
// the way lists of quantities are printed. One rule with an optional unit, so that a list is parsed once.
// `source` after it starts the source of an `expect` (`== [1, 2] s source "..."`), never a unit.
struct list_quantity : pg::seq<list_lit, pg::opt<hs, pg::not_at<source_kw>, unit_tight>> {};
struct primary
    : choice<when<quantity, first_digit>, when<string_lit, first_of<'"'>>,
             when<true_lit, first_of<'t'>>, when<false_lit, first_of<'f'>>, when<if_expr, first_of<'i'>>,
             when<let_in, first_of<'l'>>, when<match_expr, first_of<'m'>>, when<list_quantity, first_of<'['>>,
             when<record_lit, first_of<'{'>>, when<paren, first_of<'('>>, when<name_ref, first_of_name>> {};

struct arg_name : identifier {};
struct named_arg : pg::seq<arg_name, ws, pg::one<'='>, pg::not_at<pg::one<'='>>, ws, expr> {};
// `max_by(d.memory for d in devices)`: a comprehension without brackets, as a call's only argument
// (check/compile_calls.cpp says where it is allowed). The expression is parsed once, then maybe `for`.
struct positional_arg : pg::seq<expr, pg::opt<comprehension>> {};
struct call_arg : pg::sor<named_arg, positional_arg> {};
struct call_args
    : pg::seq<pg::one<'('>, ws, pg::opt<call_arg, pg::star<ws, pg::one<','>, ws, call_arg>, pg::opt<ws, pg::one<','>>>,
              ws, pg::one<')'>> {};
struct field_access : pg::seq<ws, pg::one<'.'>, ws, field_name> {};
struct index_access : pg::seq<hs, pg::one<'['>, ws, expr, ws, pg::one<']'>> {};
struct call_suffix : pg::seq<hs, call_args> {};
struct postfix : pg::seq<primary, pg::star<pg::sor<call_suffix, field_access, index_access>>> {};

struct unary;
struct op_pow : pg::one<'^'> {};
// The exponent of `^` is a rule of its own so that `2^2^2^...` counts as nesting (parser.cpp kMaxNesting).
struct pow_operand : pg::seq<unary> {};
struct power : pg::seq<postfix, pg::opt<ws, choice<when<op_pow, first_of<'^'>>>, ws, pow_operand>> {};
struct op_neg : pg::seq<pg::one<'-'>, pg::not_at<pg::one<'>'>>> {};
struct negation : pg::seq<op_neg, ws, unary> {};
struct unary : choice<when<negation, first_of<'-'>>, when<power, first_any>> {};

struct op_mul : pg::one<'*'> {};
struct op_div : pg::one<'/'> {};
struct product : pg::seq<unary, pg::star<ws, choice<when<op_mul, first_of<'*'>>, when<op_div, first_of<'/'>>>, ws, unary>> {};
struct op_add : pg::one<'+'> {};
struct op_sub : pg::seq<pg::one<'-'>, pg::not_at<pg::one<'>'>>> {};
struct sum : pg::seq<product, pg::star<ws, choice<when<op_add, first_of<'+'>>, when<op_sub, first_of<'-'>>>, ws, product>> {};
struct op_cmp
    : pg::sor<TAO_PEGTL_STRING("<="), TAO_PEGTL_STRING(">="), TAO_PEGTL_STRING("=="), TAO_PEGTL_STRING("!="),
              pg::one<'<'>, pg::seq<pg::one<'>'>, pg::not_at<pg::one<'='>>>> {};
struct comparison : pg::seq<sum, pg::opt<ws, choice<when<op_cmp, first_of<'<', '>', '=', '!'>>>, ws, sum>> {};
struct not_expr;
struct logical_not : pg::seq<kw_not, ws, not_expr> {};
struct not_expr : choice<when<logical_not, first_of<'n'>>, when<comparison, first_any>> {};
struct op_and : kw_and {};
struct conjunction : pg::seq<not_expr, pg::star<ws, choice<when<op_and, first_of<'a'>>>, ws, not_expr>> {};
struct op_or : kw_or {};
struct disjunction : pg::seq<conjunction, pg::star<ws, choice<when<op_or, first_of<'o'>>>, ws, conjunction>> {};
struct conversion : pg::seq<disjunction, pg::opt<ws, TAO_PEGTL_STRING("->"), ws, unit_expr>> {};
struct expr : conversion {};

// ---- declarations -------------------------------------------------------------------------------
struct decl_name : identifier {};
struct import_decl : pg::seq<kw_import, ws, string_lit> {};
struct dimension_decl : pg::seq<kw_dimension, ws, decl_name, pg::opt<ws, pg::one<'='>, ws, dim_expr>> {};

struct attr_arg : identifier {};
struct attr_name : identifier {};
struct attribute
    : pg::seq<pg::one<'@'>, attr_name, hs, pg::one<'('>, ws, pg::opt<attr_arg, pg::star<ws, pg::one<','>, ws, attr_arg>>,
              ws, pg::one<')'>> {};
struct unit_decl_name : unit_name {};
struct unit_decl
    : pg::seq<pg::star<attribute, ws>, kw_unit, ws, unit_decl_name, pg::opt<ws, pg::one<':'>, ws, type_expr>,
              pg::opt<ws, pg::one<'='>, ws, expr>> {};

struct param : pg::seq<decl_name, ws, pg::one<':'>, ws, type_expr> {};
struct params : pg::seq<pg::one<'('>, ws, pg::opt<param, pg::star<ws, pg::one<','>, ws, param>, pg::opt<ws, pg::one<','>>>,
                        ws, pg::one<')'>> {};
struct return_type : pg::seq<TAO_PEGTL_STRING("->"), ws, type_expr> {};
struct fn_decl : pg::seq<kw_fn, ws, decl_name, ws, params, pg::opt<ws, return_type>, ws, pg::one<'='>, ws, expr> {};

struct type_annotation : pg::seq<pg::one<':'>, ws, type_expr> {};
struct let_decl : pg::seq<kw_let, ws, decl_name, pg::opt<ws, type_annotation>, ws, pg::one<'='>, ws, expr> {};
struct where_clause : pg::seq<kw_where, ws, expr> {};
struct default_value : pg::seq<pg::one<'='>, ws, expr> {};
struct input_decl
    : pg::seq<kw_input, ws, decl_name, ws, type_annotation, pg::opt<ws, default_value>, pg::opt<ws, where_clause>> {};
struct output_decl
    : pg::seq<kw_output, ws, decl_name, pg::opt<ws, type_annotation>, ws, pg::one<'='>, ws, expr> {};
struct check_message : string_lit {};
struct check_decl : pg::seq<kw_check, ws, expr, pg::opt<ws, else_kw, ws, check_message>> {};
struct member : choice<when<input_decl, first_of<'i'>>, when<let_decl, first_of<'l'>>, when<output_decl, first_of<'o'>>,
                      when<check_decl, first_of<'c'>>, when<fn_decl, first_of<'f'>>> {};
struct scenario_decl
    : pg::seq<kw_scenario, ws, decl_name, ws, pg::one<'{'>, ws, pg::star<member, ws>, pg::one<'}'>> {};

struct expect_tolerance : pg::seq<kw_within, ws, expr> {};
struct expect_eq : TAO_PEGTL_STRING("==") {};
// `source` is not reserved (catalogue entries have a `source` field): after an expectation it starts the
// source, unless `=` follows, which makes it the next line's setting of an input named `source`. Once it
// starts the source, the text must follow.
struct expect_source_text : string_lit {};
struct setting_equals : pg::one<'='> {};  // no message: that `=` is not expected, only looked for
struct expect_source : pg::seq<source_kw, ws, pg::not_at<setting_equals>, pg::must<expect_source_text>> {};
// `measured` is not reserved either: it marks a measured value (docs/language.md §6) only when a name and
// `==` follow it, so that an output named `measured` is still `expect measured == ...`.
struct measured_kw : keyword<TAO_PEGTL_STRING("measured")> {};
struct expect_measured : pg::seq<measured_kw, ws, pg::at<decl_name, ws, expect_eq>> {};
struct expect_decl
    : pg::seq<kw_expect, ws, pg::opt<expect_measured>, decl_name, ws, expect_eq, ws, expr, pg::opt<ws, expect_tolerance>,
              pg::opt<ws, expect_source>> {};
struct config_set : pg::seq<decl_name, ws, pg::one<'='>, pg::not_at<pg::one<'='>>, ws, expr> {};
struct config_item : choice<when<expect_decl, first_of<'e'>>, when<config_set, first_any>> {};
struct config_target : identifier {};
struct config_decl
    : pg::seq<kw_config, ws, decl_name, ws, for_kw, ws, config_target, ws, pg::one<'{'>, ws,
              pg::star<config_item, ws>, pg::one<'}'>> {};

// `type Name = T` names a type. `type` is a keyword only here, where a declaration starts: it stays free
// as a name (a catalogue field, an input).
struct type_kw : keyword<TAO_PEGTL_STRING("type")> {};
struct type_decl : pg::seq<type_kw, ws, decl_name, ws, pg::one<'='>, ws, type_expr> {};

struct declaration
    : choice<when<scenario_decl, first_of<'s'>>, when<config_decl, first_of<'c'>>, when<fn_decl, first_of<'f'>>,
             when<let_decl, first_of<'l'>>, when<unit_decl, first_of<'u', '@'>>, when<dimension_decl, first_of<'d'>>,
             when<import_decl, first_of<'i'>>, when<type_decl, first_of<'t'>>> {};
struct utf8_bom : TAO_PEGTL_STRING("\xEF\xBB\xBF") {};
struct file : pg::seq<pg::opt<utf8_bom>, ws, pg::star<declaration, ws>, pg::eof> {};

// A single expression, for `--set` values, catalogue strings and the REPL.
struct expression_only : pg::seq<ws, expr, ws, pg::eof> {};
// A unit expression alone, for `-> unit` given on the command line.
struct unit_only : pg::seq<ws, unit_expr, ws, pg::eof> {};
// A type alone, for the dimensions of the catalogue schema.
struct type_only : pg::seq<ws, type_expr, ws, pg::eof> {};

// ---- messages -----------------------------------------------------------------------------------
// What the parser expected, for each rule whose failure is worth naming. The farthest failure wins.
template <typename Rule>
inline constexpr const char* expected = nullptr;
template <> inline constexpr const char* expected<expr> = "an expression";
template <> inline constexpr const char* expected<primary> = "an expression";
template <> inline constexpr const char* expected<decl_name> = "a name";
template <> inline constexpr const char* expected<unit_factor> = "a unit";
template <> inline constexpr const char* expected<type_expr> = "a type (a dimension such as Information / Time, Bool, Text, List[T], `one of a | b` or `{ field: T }`)";
template <> inline constexpr const char* expected<member> = "`input`, `let`, `output`, `check`, `fn`";
template <> inline constexpr const char* expected<config_item> = "`name = value`, `expect`";
template <> inline constexpr const char* expected<declaration> = "a declaration (`scenario`, `config`, `fn`, `let`, `type`, `unit`, `dimension` or `import`)";
template <> inline constexpr const char* expected<string_lit> = "a string in double quotes";
template <> inline constexpr const char* expected<config_target> = "the name of a scenario";
template <> inline constexpr const char* expected<dim_factor> = "a dimension (a name such as Time, `1` or `(`)";
template <> inline constexpr const char* expected<enum_case> = "a case name";
template <> inline constexpr const char* expected<field_name> = "a field name";
template <> inline constexpr const char* expected<let_name> = "a name";
template <> inline constexpr const char* expected<unit_decl_name> = "a unit name";
template <> inline constexpr const char* expected<check_message> = "a message in double quotes";
template <> inline constexpr const char* expected<expect_source_text> = "the source in double quotes (`source \"Author et al. 2020, Table 1\"`)";
template <> inline constexpr const char* expected<then_kw> = "`then`";
template <> inline constexpr const char* expected<else_kw> = "`else`";
template <> inline constexpr const char* expected<in_kw> = "`in`";
template <> inline constexpr const char* expected<for_kw> = "`for`";
template <> inline constexpr const char* expected<string_end> = "the closing `\"` of the string";
template <> inline constexpr const char* expected<match_arm> = "a match arm `case => value`";
template <> inline constexpr const char* expected<type_annotation> = "`:` and a type";
template <> inline constexpr const char* expected<pg::one<')'>> = "`)`";
template <> inline constexpr const char* expected<pg::one<']'>> = "`]`";
template <> inline constexpr const char* expected<pg::one<'}'>> = "`}`";
template <> inline constexpr const char* expected<pg::one<'{'>> = "`{`";
template <> inline constexpr const char* expected<pg::one<'='>> = "`=`";
template <> inline constexpr const char* expected<pg::one<'('>> = "`(`";
template <> inline constexpr const char* expected<expect_eq> = "`==`";
template <> inline constexpr const char* expected<TAO_PEGTL_STRING("=>")> = "`=>`";
template <> inline constexpr const char* expected<pg::eof> = "the end of the input";

}  // namespace mlsi::grammar

// What pegtl::analyze (the grammar test) needs to know of the rules written as code: `ws` may succeed
// without consuming input, `reserved` consumes input whenever it succeeds, a `choice` is a `sor`.
template <typename Name>
struct tao::pegtl::analyze_traits<Name, mlsi::grammar::ws> : analyze_opt_traits<> {};
template <typename Name>
struct tao::pegtl::analyze_traits<Name, mlsi::grammar::reserved> : analyze_any_traits<> {};
template <typename Name, typename... Whens>
struct tao::pegtl::analyze_traits<Name, mlsi::grammar::choice<Whens...>> : analyze_sor_traits<typename Whens::rule...> {};

