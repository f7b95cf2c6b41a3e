#pragma once
// Reads catalogue TOML files into typed records, with file:line:col diagnostics for every problem.
#include "interpreter/program.hpp"

namespace mlsi {

class CatalogueLoader {
 public:
  CatalogueLoader(Program& program, Diagnostics& diags);
  // Reads one TOML file already registered in program.sources. `builtin` marks the embedded catalogue.
  void load(FileId file, bool builtin);
  // Resolves references between entries and fills the derived fields; call after the last load().
  void finish();

 private:
  struct Reference {
    int field = 0;
    std::string target;
    std::string kind;
    Span span;
  };
  struct Pending {
    std::string key;
    std::string kind;
    Span span;
    bool builtin = true;
    std::vector<std::optional<Value>> fields;
    std::vector<Reference> refs;
    std::vector<std::string> aliases;
    std::vector<DisplayUnitText> units;
    std::vector<Span> field_spans;
    bool overrides = false;
    bool done = false;
  };

  void define_kinds();
  void load_entries(FileId file, bool builtin);
  Span region_span(FileId file, const void* node) const;
  std::optional<Value> quantity(FileId file, const void* node, const Type& want, const std::string& field,
                                const std::string& entry, DisplayUnitText* unit = nullptr);
  void validate(Pending& e);
  void resolve(Pending& e, int depth);

  Program& p_;
  Diagnostics& diags_;
  std::vector<Pending> pending_;
  std::map<std::string, int> pending_names_;
};

}  // namespace mlsi
