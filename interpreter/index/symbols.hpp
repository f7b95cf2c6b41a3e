#pragma once
// The symbol index of a checked program: every declaration and every name that refers to one, with its
// span, in every file the program holds (the user's, the prelude, the catalogue, built-in scenarios).
// The references come from the checker itself (model/name_uses.hpp); units, dimensions and type names
// from the declarations' type expressions and the quantities' units.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model/program.hpp"

namespace mlsi::index {

enum class SymbolKind {
  scenario, input, let, output, function, parameter, local, global, config, unit, dimension, type,
  catalogue_entry, catalogue_kind, field, enum_case, builtin_function, builtin_type,
};
// "input", "catalogue entry", ...
const char* kind_name(SymbolKind k);

// What a name refers to.
struct Target {
  SymbolKind kind = SymbolKind::local;
  std::string name;
  std::string key;      // equal for every occurrence of one symbol
  Span definition;      // where it is declared; invalid for what no source declares (`len`, `Bool`)
  int scenario = -1;    // input, let, output, function of a scenario: its scenario; config: its scenario
  int index = -1;       // slot, global, function, scenario, config, type, field or case position
  Type type;            // its static type, when it has one (`error` when unknown)
  std::shared_ptr<const RecordType> record;     // field
  std::shared_ptr<const EnumType> enumeration;  // enum_case
};

struct Occurrence {
  Span span;
  Target target;
  bool declaration = false;  // the name in its own declaration
};

class SymbolIndex {
 public:
  SymbolIndex(const Program& program, const NameUses& uses);
  // The innermost occurrence whose span holds `offset` (its end included: the cursor just after a name).
  const Occurrence* at(FileId file, std::uint32_t offset) const;
  // Every occurrence of the target's symbol, in file order; without its declaration unless asked.
  std::vector<const Occurrence*> references(const Target& target, bool include_declaration) const;
  // The occurrences of one file, by position.
  std::vector<const Occurrence*> in_file(FileId file) const;
  const std::vector<Occurrence>& all() const { return occurrences_; }

 private:
  void add_declarations(const ast::Module& m);
  void add_uses(const NameUses& uses);
  void add_type_names(const ast::TypeExpr& t, FileId file);
  void add_units(const ast::UnitExpr& u);
  void add_expr_units(const ast::Expr& e);
  void add(Span span, Target target, bool declaration);
  Target slot_target(int scenario, int slot) const;

  const Program& p_;
  std::vector<Occurrence> occurrences_;  // sorted by file, begin, then longer spans first
};

// The key of a symbol by kind and identity (for targets made elsewhere: completion, hover).
Target target_of_use(const Program& p, const NameUse& use);

}  // namespace mlsi::index
