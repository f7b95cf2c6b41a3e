#pragma once
// How numbers and values are written (docs/language.md section 12): for people (tables, the REPL,
// messages) with six significant digits and whole numbers below 10^7 in full; for programs (CSV) exactly,
// as the shortest text that reads back to the same double.
#include <optional>
#include <string>

#include "source/diagnostics.hpp"
#include "model/program.hpp"

namespace mlsi {

// `x` is finite: every value is (the evaluator reports a non-finite result as an error), and every
// display unit is one its value can be shown in (effective_unit, display_overflow).
std::string format_number(double x);
// `x` exactly: a whole number below 2^53 in digits, any other the shortest decimal text that reads back to
// the same double (std::to_chars, else shortest_decimal); -0 as 0.
std::string exact_number(double x);
// The same texts written at `at`, which has room for kNumberChars characters; each returns the end of
// what it wrote. For writers of many numbers (a sweep's rows), which must not allocate per number.
inline constexpr std::size_t kNumberChars = 32;
char* write_number(char* at, double x);
char* write_exact_number(char* at, double x);
// The shortest decimal text that reads back to `x` (finite, not 0), as std::to_chars(first, last, x) writes
// it: the plain or the exponent form (`1e-05`), whichever is shorter, the plain one on a tie. Made from
// fmt's shortest digits, for a standard library without floating-point to_chars (Emscripten's libc++ 14).
std::string shortest_decimal(double x);
// How the numbers of a value are written: for people (format_number) or exactly (exact_number).
enum class NumberStyle { people, exact };
// A value in its display unit ("320 KiB", "[0.25, -0.75] ", "true", "Llama2_70B").
std::string format_value(const Value& v, const Type& t, const DisplayUnit& unit, const Program& p);
// A value without its unit, for a cell whose column names the unit: its numbers divided by `unit`'s
// factor (the unit actually used, see effective_unit), "[0.25, -0.75]" for a list. A record's fields,
// which have units of their own, keep them.
std::string format_bare(const Value& v, const Type& t, const DisplayUnit& unit, const Program& p, NumberStyle style);
// The display unit actually used for a value: the declared one, or one chosen for its magnitude. Never
// one in which a number of the value would be infinite (1e300 year in `as`): the SI unit instead.
DisplayUnit effective_unit(const Value& v, const Type& t, const DisplayUnit& unit, const Program& p);
// The display unit of a record's field: the unit its declared type names (`{ price: USD/h }`), or automatic.
DisplayUnit field_display(const RecordType& r, std::size_t field);
// The SI unit of a dimension (`s`, `byte/s`; none for a Count), in which every finite value shows.
DisplayUnit si_display_unit(const Dim& d, const Program& p);
// Whether every number of `v` (a number or a list of them, at any depth) is finite divided by `factor`.
bool shows_finite(const Value& v, double factor);
// Why `v` cannot be shown in its declared unit: "the conversion to `as` overflows to infinity", with a
// note on what `subject` ("`y`", "the result") is in SI. Nothing for an automatic unit.
std::optional<Diagnostic> display_overflow(const std::string& subject, const Value& v, const Type& t, const DisplayUnit& unit,
                                           const Program& p, Span span);
// A record as the subject of a message about its fields, with its verb: `Hardware A100 has`, `A100's
// rates have` (a record inside the entry `A100`), `this record has`. `owner` and `key` may be empty.
std::string record_subject(const std::string& type_name, const std::string& key, const std::string& owner);
inline std::string record_subject(const RecordValue& r) {
  if (!r.inline_name.empty()) return r.inline_name + " has";
  return record_subject(r.type ? r.type->name : "", r.key, r.owner);
}

}  // namespace mlsi
