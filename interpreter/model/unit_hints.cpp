#include "model/unit_hints.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "model/units.hpp"
#include "source/diagnostics.hpp"
#include "syntax/syntax_hints.hpp"

namespace mlsi {

namespace {

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// `1_000` is the number 1 and a unit `_000`: the name starts with `_` and a digit.
bool digit_separator(const UnknownUnit& u) {
  return !u.number.empty() && u.first && u.name.size() > 1 && u.name[0] == '_' && is_digit(u.name[1]);
}

// The number `1 _000` meant (`1_000`: a separator stands between two digits, no space), and the unit
// written after its digits, if any (`1 _000GB`: `GB`).
std::string without_separators(const UnknownUnit& u) {
  std::string digits = u.number;
  std::size_t i = 0;
  while (i < u.name.size() && (u.name[i] == '_' || is_digit(u.name[i]))) {
    digits += u.name[i];
    ++i;
  }
  return i < u.name.size() ? digits + " " + u.name.substr(i) : digits;
}

// A prefix written alone after a number (`128k`, `8K`, `2Gi`): the number it multiplies by, as it would
// be written in .mls. `K` is not a prefix but is read as one (kilo) often enough to deserve the hint.
std::optional<std::string> prefix_factor(const std::string& name) {
  if (name == "K") return "1000";
  for (const auto& set : prefix_sets()) {
    if (std::string_view(set.name) == "small") continue;  // `2n`, `3m`: a name is likelier
    bool binary = std::string_view(set.name) == "binary";
    int power = 0;
    for (const auto& [prefix, factor] : set.prefixes) {
      ++power;
      if (name != prefix) continue;
      if (binary) return power == 1 ? std::string("1024") : fmt::format("1024^{}", power);
      auto exponent = static_cast<int>(std::lround(std::log10(factor)));
      return exponent == 3 ? std::string("1000") : fmt::format("1e{}", exponent);
    }
  }
  return std::nullopt;
}

// The declared units of dimension `d` (all units when there is no expected dimension), each with its
// prefixed forms.
std::vector<std::string> candidates(const UnitRegistry& units, const std::optional<Dim>& d) {
  std::vector<std::string> out;
  for (const auto& name : units.declared()) {
    const Unit* u = units.find(name);
    if (!u || (d && !(u->dim == *d))) continue;
    out.push_back(name);
    for (const auto& set_name : u->prefix_sets)
      for (const auto& set : prefix_sets())
        if (set_name == set.name)
          for (const auto& prefix : set.prefixes) out.push_back(prefix.first + name);
  }
  return out;
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A unit of the right kind for the usual misspellings of rates and bits, else the closest name.
std::string suggestion(const UnknownUnit& u, const UnitRegistry& units) {
  const std::string& n = u.name;
  // Every suggestion has the dimension the context expects, when it says: `FLOP/s` is no answer where a
  // `1 / Time` is expected.
  auto fits = [&](const std::optional<Dim>& d) { return d && (!u.expected || *d == *u.expected); };
  // `TFLOPS`, `Gflops`: the unit of compute is `FLOP`, and a rate of it is `FLOP/s`.
  if (n.size() >= 5 && lower(n.substr(n.size() - 5)) == "flops") {
    std::string unit = n.substr(0, n.size() - 5) + "FLOP";
    const Unit* flop = units.find(unit);
    const Unit* second = units.find("s");
    if (flop && second && fits(divide(flop->dim, second->dim).dim)) return unit + "/s";
  }
  // `Gb`, `Mb`, `b`: a lower-case b is read as bits, never as the byte `B` (eight times as much).
  if (n.back() == 'b') {
    std::string unit = n.substr(0, n.size() - 1) + "bit";
    if (const Unit* bits = units.find(unit); bits && fits(bits->dim)) return unit;
  }
  if (n.size() == 1) return {};  // every one-letter unit is one edit away: no guess is better than another
  std::string best = closest_name(n, candidates(units, u.expected));
  // A suggestion differing only in b and B is the trap itself (`MB` for `Mb` is handled above; `mB`, `kB`).
  if (!best.empty() && lower(best) == lower(n) && (best.find('B') != std::string::npos) != (n.find('B') != std::string::npos))
    return {};
  return best;
}

}  // namespace

std::string unknown_unit_message(const UnknownUnit& u) {
  return fmt::format("unknown unit `{}`", u.name);
}

std::vector<std::string> unknown_unit_notes(const UnknownUnit& u, const UnitRegistry& units) {
  std::vector<std::string> notes;
  if (digit_separator(u)) {
    notes.push_back(fmt::format("a digit separator `_` goes between two digits, with no space: write `{}`", without_separators(u)));
    return notes;
  }
  bool after_number = u.first && !u.number.empty();
  if (after_number && u.names_value) {
    notes.push_back(fmt::format("a number and a name need `*` between them: write `{} * {}`", u.number, u.name));
    return notes;
  }
  if (after_number)
    if (auto factor = prefix_factor(u.name)) {
      // A decimal prefix after a number is a count written the ML way (`7B`, `2T`): offer its scale word.
      std::string word(count_scale_word(u.name));
      std::string written = word.empty() ? fmt::format("{} * {}", u.number, *factor) : fmt::format("{} {}", u.number, word);
      notes.push_back(fmt::format("a Count has no unit: write `{}` (`{}` alone is {})", written, u.name,
                                  u.name == "K" ? "not a unit" : "a prefix, not a unit"));
      return notes;
    }
  std::string s = suggestion(u, units);
  if (!s.empty()) notes.push_back(fmt::format("did you mean `{}`?", s));
  else if (after_number && u.name.size() == 1)
    notes.push_back(fmt::format("a number and a name need `*` between them: write `{} * {}`", u.number, u.name));
  if (!u.first && !u.divide)
    notes.push_back("a unit is written right after its number; to multiply by a value, put spaces around `*`");
  else if (!u.first)
    notes.push_back("a unit is written right after its number; to divide by a value, put spaces around `/`");
  return notes;
}

}  // namespace mlsi
