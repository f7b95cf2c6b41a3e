#pragma once
// Source text -> AST, through a parse tree (parse_tree_builder.hpp). Syntax errors name what was
// expected and where.
#include <optional>

#include "mlsi/options.hpp"
#include "syntax/ast.hpp"
#include "source/diagnostics.hpp"

namespace mlsi {

// How deeply expressions, types and units may nest before the parser gives up with an error
// (instead of overflowing the stack on a file of 100,000 `(`): the default of --max-nesting.
inline constexpr int kMaxNesting = api::Limits{}.max_nesting;
// How many operators may be chained along one path of an expression (`1 + 1 + ... + 1`, `x[0][0]...`,
// counted over the nested chains too): each one is a level of the tree the checker and evaluator walk.
inline constexpr int kMaxChain = 1000;
// The largest exponent of a unit or dimension power (`s^2`).
inline constexpr int kMaxPower = 1000;

// `max_nesting`: --max-nesting, for a file.
std::optional<ast::Module> parse_module(const SourceManager& sources, FileId file, DiagnosticLog& diags,
                                        int max_nesting = kMaxNesting);
// The declarations of the bytes [begin, end) of a file, with the file's spans and docs: a part of a
// built-in prelude file read on demand (the `##` blocks of the whole file are checked when it is parsed
// whole, not here).
std::optional<ast::Module> parse_declarations(const SourceManager& sources, FileId file, DiagnosticLog& diags,
                                              std::uint32_t begin, std::uint32_t end, int max_nesting = kMaxNesting);
// Parses [begin, end) of a file as one expression (a `--set` value, a catalogue or TOML string).
ast::ExprPtr parse_expression(const SourceManager& sources, FileId file, DiagnosticLog& diags, std::uint32_t begin = 0,
                              std::uint32_t end = UINT32_MAX);
std::optional<ast::UnitExpr> parse_unit(const SourceManager& sources, FileId file, DiagnosticLog& diags,
                                        std::uint32_t begin = 0, std::uint32_t end = UINT32_MAX);
std::optional<ast::TypeExpr> parse_type(const SourceManager& sources, FileId file, DiagnosticLog& diags,
                                        std::uint32_t begin = 0, std::uint32_t end = UINT32_MAX);

}  // namespace mlsi
