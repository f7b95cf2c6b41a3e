#pragma once
// The unit registry: every unit declared by `unit` in the prelude or a user file, with the names its
// prefixes generate (`@prefixes(large, binary)` on `B` gives kB, MB, ..., KiB, MiB, ...).
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "syntax/ast.hpp"
#include "source/diagnostics.hpp"
#include "model/dimension.hpp"
#include "model/private_scopes.hpp"

namespace mlsi {

// A unit declared from Count (`unit tok: Count`) is 1: it labels a count without changing it. A value's
// label is such a unit and its power (`tok/s`: tok, 1; `s/tok`: tok, -1); `unit` empty for none.
struct CountLabel {
  std::string unit;
  int power = 0;
  bool operator==(const CountLabel&) const = default;
  explicit operator bool() const { return !unit.empty() && power != 0; }
};

struct Unit {
  std::string name;
  double factor = 1;  // SI value of one of this unit
  Dim dim;
  Span span;
  std::string doc;
  std::string base;  // the unprefixed unit for a prefixed name, else empty
  std::vector<std::string> prefix_sets;  // the prefix sets it takes, for automatic display
  bool display = false;  // @display: shows values of its dimension when no `-> unit` is given
  bool from_dimension = false;  // declared from a dimension (`unit s: Time`), not from another unit
  // @replaceable: a file's own unit of this name replaces it (with its prefixed forms), and a file's
  // own unit named like one of its prefixed forms is found before that form.
  bool replaceable = false;
  // A unit declared in a built-in pack file is private to it (model/private_scopes.hpp): that file.
  FileId owner = kNoFile;
  bool prefixable() const { return !prefix_sets.empty(); }
};

struct PrefixSet {
  const char* name;
  std::vector<std::pair<const char*, double>> prefixes;
};
const std::vector<PrefixSet>& prefix_sets();

// What the context of a unit expression says, for the notes of an unknown unit (unit_hints.hpp).
struct UnitContext {
  std::string number;           // the number the unit follows, as written; empty after `->` and in types
  std::optional<Dim> expected;  // the dimension of the whole unit, when the context says
  std::function<bool(const std::string&)> names_value;  // whether a value of that name is in scope
};

// A unit expression resolved to a factor and a dimension, and its normalised spelling for display.
struct ResolvedUnit {
  double factor = 1;
  Dim dim;
  std::string text;
  CountLabel label = {};  // the count label its units carry (`tok/s`), if exactly one
};

class UnitRegistry {
 public:
  // Adds a unit, which also names its prefixed forms. Returns the name that collided with an existing
  // unit or prefixed form, if any.
  // A private unit (`owner` set) collides only with its owner's other units.
  std::optional<std::string> add(Unit unit, const std::vector<std::string>& prefix_sets);
  // A declared unit or a prefixed form of one. With a scope: a public unit its home declares, else a
  // private unit it sees, else any public unit.
  const Unit* find(const std::string& name, const NameScope* scope = nullptr) const;
  std::vector<std::string> names() const;  // declared units, each followed by its prefixed forms
  const std::vector<std::string>& declared() const { return declared_; }
  const std::deque<Unit>& private_units() const { return private_; }  // of built-in pack files
  // The SI unit of a dimension spelled with base units: `byte/s`, `1/s`, `W`.
  std::string si_text(const Dim& d) const;
  // The units (with their prefixes) that may show values of this dimension when no `-> unit` is given.
  std::vector<const Unit*> display_units(const Dim& d) const;
  // The unit that shows values of this dimension when no `-> unit` is given, if there is one.
  const Unit* display_base(const Dim& d) const;
  // Whether a file's own unit named `name` would replace a public one: `name` is a `@replaceable` unit or a
  // prefixed form of one (`tok`, `ktok`), declared in another file than `file`.
  bool replaceable_by(const std::string& name, FileId file) const;
  // The unprefixed label unit that `name` is or is a prefixed form of (`ktok` -> `tok`), or null.
  const Unit* label_unit(const std::string& name, const NameScope* scope = nullptr) const;

  std::optional<ResolvedUnit> resolve(const ast::UnitExpr& u, const DimensionRegistry& dims, const SourceManager& sources,
                                      DiagnosticLog& diags, const UnitContext* context = nullptr, const NameScope* scope = nullptr) const;

 private:
  void remove(const std::string& name);  // a unit and its prefixed forms
  // The dimension the one unknown term of `u` must have for `u` to be `expected`, if it has one.
  std::optional<Dim> expected_of_unknown(const ast::UnitExpr& u, const Dim& expected, const NameScope* scope) const;
  const Unit* find_public(const std::string& name) const;
  const Unit* find_private(const std::string& name, const NameScope& scope) const;
  // Every declared unit, public then private, in declaration order (display and SI spelling see all: a
  // private unit's dimension is its pack's own).
  template <typename F>
  void for_each_declared(F&& f) const {
    for (const auto& name : declared_) f(units_.at(name));
    for (const auto& u : private_) f(u);
  }

  std::unordered_map<std::string, Unit> units_;  // as declared
  mutable std::unordered_map<std::string, Unit> prefixed_;  // prefixed forms looked up so far (one thread)
  std::vector<std::string> declared_;  // unprefixed names in declaration order
  std::deque<Unit> private_;  // units of built-in pack files, each with its owner (a deque: found units stay put)
  mutable std::deque<Unit> private_prefixed_;  // their prefixed forms looked up so far
};

// Why a unit cannot be declared: a factor of 0 or one a double cannot hold, for the unit or for one of
// the prefixed forms its prefix sets (`large`, `small`, `binary`) give. Such a unit would show every
// value as infinity or NaN.
std::optional<std::string> unusable_factor(const Unit& u, const std::vector<std::string>& prefix_sets, const UnitRegistry& units);

// A readable display unit for a value of dimension `d` (`3.35 TB/s`, `10 GiB` -> `10.7374 GB`).
// With a count label, the label's unit joins the unit chosen: `3 ktok/s`, `25 ms/tok`, `2.048 ktok`.
ResolvedUnit auto_display_unit(double value_in_si, const Dim& d, const UnitRegistry& units, const DimensionRegistry& dims,
                               const CountLabel& label = {});

}  // namespace mlsi
