#include "model/display.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <system_error>

namespace mlsi {

// A whole number of up to seven digits reads best in full (1048576, 8388608); beyond, the digits past the
// sixth are noise to a reader, and `7e+10` says the magnitude at once where 70000000000 must be counted.
constexpr double kWholeInFull = 1e7;

char* write_number(char* at, double x) {
  if (x == 0) {  // also turns -0 into 0
    *at = '0';
    return at + 1;
  }
  // std::to_chars with a precision writes what printf's %.0f and %.6g write, without parsing a format
  // string each time: numbers are formatted for every value a run returns. %.0f of a number below
  // kWholeInFull, or %.6g, has at most 13 characters.
  bool whole = std::fabs(x) < kWholeInFull && x == std::floor(x);
#if defined(__cpp_lib_to_chars)
  auto r = whole ? std::to_chars(at, at + kNumberChars, x, std::chars_format::fixed, 0)
                 : std::to_chars(at, at + kNumberChars, x, std::chars_format::general, 6);
  return r.ptr;
#else
  // A standard library without floating-point to_chars (Emscripten's libc++ 14): fmt writes the same text.
  return whole ? fmt::format_to_n(at, kNumberChars, "{:.0f}", x).out : fmt::format_to_n(at, kNumberChars, "{:.6g}", x).out;
#endif
}

char* write_exact_number(char* at, double x) {
  if (x == 0) {
    *at = '0';
    return at + 1;
  }
  // A whole number that a double holds exactly is written in digits (5000000, not the shorter 5e+06),
  // as a spreadsheet or a program expects a count: at most 17 characters. The longest shortest form,
  // -2.2250738585072014e-308, has 24.
  // Its digits are those of the 64-bit integer it equals, which are written faster than a double's.
  if (std::fabs(x) < 9007199254740992.0 && x == std::floor(x)) return std::to_chars(at, at + kNumberChars, static_cast<std::int64_t>(x)).ptr;
#if defined(__cpp_lib_to_chars)
  return std::to_chars(at, at + kNumberChars, x).ptr;
#else
  std::string shortest = shortest_decimal(x);
  return std::copy(shortest.begin(), shortest.end(), at);
#endif
}

std::string format_number(double x) {
  char buf[kNumberChars];
  return std::string(buf, write_number(buf, x));
}

std::string exact_number(double x) {
  char buf[kNumberChars];
  return std::string(buf, write_exact_number(buf, x));
}

std::string shortest_decimal(double x) {
  // The shortest digits that read back to x (Dragonbox; std::to_chars's Ryu gives the same digits: both
  // take the shortest, and of several the nearest), as significand * 10^exponent.
  auto decimal = fmt::detail::dragonbox::to_decimal(std::fabs(x));
  std::string digits = std::to_string(decimal.significand);
  int n = static_cast<int>(digits.size());
  int exponent = decimal.exponent;
  std::string plain;
  // A whole number in the plain form is written with every digit of its exact value, as std::to_chars
  // writes it (928887459423438976, not the shortest digits and zeros 928887459423439000): as many digits.
  if (exponent >= 0) plain = fmt::format("{:.0f}", std::fabs(x));
  else if (-exponent < n) plain = digits.substr(0, static_cast<std::size_t>(n + exponent)) + "." + digits.substr(static_cast<std::size_t>(n + exponent));
  else plain = "0." + std::string(static_cast<std::size_t>(-exponent - n), '0') + digits;
  int power = exponent + n - 1;
  std::string scientific = digits.substr(0, 1) + (n > 1 ? "." + digits.substr(1) : "") + fmt::format("e{}{:02}", power < 0 ? '-' : '+', std::abs(power));
  return (x < 0 ? "-" : "") + (scientific.size() < plain.size() ? scientific : plain);
}

namespace {
// A representative magnitude for choosing a display prefix: the first non-zero entry of a list.
double magnitude(const Value& v) {
  if (v.is_number()) return v.number();
  if (v.is_list())
    for (const auto& e : v.list()) {
      double m = magnitude(e);
      if (m != 0) return m;
    }
  return 0;
}
}  // namespace

namespace {
// The first number of `v` that is not finite divided by `factor`, if any.
const Value* first_unshowable(const Value& v, double factor) {
  if (v.is_number()) return std::isfinite(v.number() / factor) ? nullptr : &v;
  if (v.is_list())
    for (const auto& e : v.list())
      if (const Value* bad = first_unshowable(e, factor)) return bad;
  return nullptr;
}
}  // namespace

bool shows_finite(const Value& v, double factor) { return first_unshowable(v, factor) == nullptr; }

DisplayUnit si_display_unit(const Dim& d, const Program& p) {
  std::string si = p.units.si_text(d);
  return DisplayUnit{si == "1" ? "" : si, 1, false};
}

DisplayUnit field_display(const RecordType& r, std::size_t field) {
  if (field >= r.units.size() || r.units[field].text.empty()) return DisplayUnit{};
  return DisplayUnit{r.units[field].text, r.units[field].factor, false};
}

DisplayUnit effective_unit(const Value& v, const Type& t, const DisplayUnit& unit, const Program& p) {
  const Type& s = t.scalar();
  if (!s.is_quantity()) return unit;
  // The unit is chosen for one entry of a list ([1e-30 s, 1e306 s] in `as`), and a declared unit is
  // checked by the evaluator only where it shows a result: any other value falls back to SI.
  DisplayUnit u = unit;
  if (unit.automatic) {
    auto r = auto_display_unit(magnitude(v), s.dim, p.units, p.dims, unit.label);
    u = DisplayUnit{r.text, r.factor, false, unit.label};
  }
  return shows_finite(v, u.factor) ? u : si_display_unit(s.dim, p);
}

std::optional<Diagnostic> display_overflow(const std::string& subject, const Value& v, const Type& t, const DisplayUnit& unit,
                                           const Program& p, Span span) {
  if (unit.automatic || !t.scalar().is_quantity()) return std::nullopt;
  const Value* bad = first_unshowable(v, unit.factor);
  if (!bad) return std::nullopt;
  const Dim& dim = t.scalar().dim;
  std::string si = p.units.si_text(dim);
  auto in_si = [&](double x) { return si == "1" ? format_number(x) : format_number(x) + " " + si; };
  Diagnostic d;
  d.span = span;
  d.category = Category::evaluation;
  d.message = fmt::format("the conversion to `{}` overflows to infinity", unit.text);
  d.notes.push_back(fmt::format("{}{} is {}, and one {} is {}", bad == &v ? "" : "an entry of ", subject,
                                in_si(bad->number()), unit.text, in_si(unit.factor)));
  return d;
}

namespace {
// A string literal of `.mls` (language.md §2) that means `text`.
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else out += c;
  }
  return out + "\"";
}

std::string bare(const Value& v, const Type& t, const DisplayUnit& u, const Program& p, NumberStyle style) {
  auto number = [&](double x) { return style == NumberStyle::exact ? exact_number(x) : format_number(x); };
  switch (t.kind) {
    case Type::Kind::quantity: return number(v.number() / u.factor);
    case Type::Kind::boolean: return v.boolean() ? "true" : "false";
    case Type::Kind::text: return v.text();
    case Type::Kind::enumeration: return v.enumeration().type->cases.at(static_cast<std::size_t>(v.enumeration().index));
    case Type::Kind::list: {
      std::string s = "[";
      const auto& l = v.list();
      for (std::size_t i = 0; i < l.size(); ++i) s += (i ? ", " : "") + bare(l[i], *t.element, u, p, style);
      return s + "]";
    }
    case Type::Kind::record: {
      const auto& r = v.record();
      if (!r.key.empty()) return r.key;
      std::string s = "{";
      // An entry written inline (language.md §7.6) shows the fields it holds: the ones given and the ones
      // derived from them, not its absent fields or calibration defaults.
      const bool entry = r.type->catalogue;
      bool first = true;
      for (std::size_t i = 0; i < r.fields.size(); ++i) {
        if (entry && (!r.fields[i] || (i < r.defaulted.size() && r.defaulted[i]))) continue;
        s += (first ? "" : ", ") + r.type->fields[i] + ": ";
        first = false;
        if (!r.fields[i]) {
          s += "(absent)";
          continue;
        }
        const Type& ft = r.type->types[i];
        DisplayUnit fu = effective_unit(*r.fields[i], ft, field_display(*r.type, i), p);
        // In quotes, as a record literal writes it: `{name: "H100", memory: 80 GB}` reads back.
        if (ft.kind == Type::Kind::text) s += quoted(r.fields[i]->text());
        else s += bare(*r.fields[i], ft, fu, p, style);
        if (ft.scalar().is_quantity() && !fu.text.empty()) s += " " + fu.text;
      }
      return s + "}";
    }
    case Type::Kind::error: break;
  }
  if (v.is_number()) return number(v.number());
  return "?";
}
}  // namespace

std::string format_bare(const Value& v, const Type& t, const DisplayUnit& unit, const Program& p, NumberStyle style) {
  return bare(v, t, unit, p, style);
}

std::string format_value(const Value& v, const Type& t, const DisplayUnit& unit, const Program& p) {
  DisplayUnit u = effective_unit(v, t, unit, p);
  std::string s = bare(v, t, u, p, NumberStyle::people);
  if (t.scalar().is_quantity() && !u.text.empty()) s += " " + u.text;
  return s;
}

std::string record_subject(const std::string& type_name, const std::string& key, const std::string& owner) {
  std::string name = type_name.empty() ? "record" : type_name;
  // A sub-record's type is named for what it holds (`rates`, `mig_profile`): a plural takes "have".
  if (!owner.empty()) return fmt::format("{}'s {} {}", owner, name, name.ends_with('s') ? "have" : "has");
  if (!key.empty()) return fmt::format("{} {} has", name, key);
  return type_name.empty() ? "this record has" : fmt::format("{} has", name);
}

}  // namespace mlsi
