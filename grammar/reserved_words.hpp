#pragma once
// The reserved words of `.mls`: never names (of values, scenarios or catalogue entries). `one`, `of`
// and `List` are special only inside types and stay usable as names.
#include <array>
#include <string_view>

namespace mlsi::grammar {

inline constexpr std::array<std::string_view, 24> kReservedWords = {
    "scenario", "input", "let", "output", "check", "else", "config", "for", "expect", "within", "fn", "dimension",
    "unit", "import", "where", "if", "then", "and", "or", "not", "match", "in", "true", "false"};

}  // namespace mlsi::grammar
