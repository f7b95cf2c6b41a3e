#pragma once
// Reads catalogue TOML files into typed records, with file:line:col diagnostics for every problem.
#include <deque>
#include <string_view>

#include "model/catalogue_derived.hpp"
#include "model/program.hpp"
#include "source/embedded.hpp"

namespace mlsi {

class CatalogueLoader {
 public:
  CatalogueLoader(Program& program, DiagnosticLog& diags);
  // Reads one TOML file already registered in program.sources. `builtin` marks the embedded catalogue.
  void load(FileId file, bool builtin);
  // Resolves references between entries and fills the derived fields; call after the last load().
  void finish();

  // Reading on demand (the built-in catalogue, when a run needs only a few entries): `defer` notes where
  // each entry of a file is and the names it defines, as the build's index gives them (no TOML parse, no
  // scan); `demand` reads and resolves the entry that defines `name` (with the entries its references
  // need), or every deferred entry when `name` is empty. Entries read this way are the same, spans
  // included, as those load() + finish() give.
  // `file`: an embedded catalogue file (static storage, with the build's index of its entries). An entry
  // is read from its values' text, and its free texts are put back from the file's (EmbeddedFreeText).
  void defer(std::string shown_name, const EmbeddedFile& file);
  void demand(const std::string& name);

  // What is wrong with `name` as a key or alias (`what`: "entry name", "alias"): not an identifier, a
  // keyword, or (with `against_prelude`) a unit, prelude constant or function; empty when nothing is.
  std::string name_problem(const std::string& name, std::string_view what, bool against_prelude = true) const;
  // Where the entry that defines `name` (a key or an alias) of the files loaded so far starts, if one does.
  // Deferred entries are not looked at: a caller that must see every name loads without deferring.
  std::optional<Span> defined_at(const std::string& name) const;
  // Back to what `earlier` (a copy of this loader, of the same program) held: a file loaded after the
  // copy was made is taken back (the REPL's `:load x.toml` of a file with errors).
  void restore(const CatalogueLoader& earlier);
  // The kind and key of each entry read from `file`, in order.
  std::vector<std::pair<std::string, std::string>> entries_of(FileId file) const;

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
  std::optional<Value> quantity_value(double number, double factor, const Dim& dim, Span span, const Type& want,
                                      const std::string& field, const std::string& entry, const std::string& text,
                                      std::size_t unit_at, DisplayUnitText* unit);
  void check_name(const std::string& name, const char* what, Span span, bool builtin);
  void validate(Pending& e);
  void resolve(Pending& e, int depth);
  // `text`: the file's, or one entry's lines (read on demand), `line_offset` lines into the file.
  void load_entries(FileId file, bool builtin, std::string_view text, std::uint32_t line_offset = 0);
  void read_deferred(std::size_t entry);
  // Whether the deferred files are the embedded catalogue files, all of them in order, so that the
  // build's table of their names (embedded_catalogue_names) numbers the deferred entries.
  bool deferred_are_the_builtin_files();

  struct DeferredFile {
    std::string name;  // as shown in diagnostics
    const EmbeddedFile* embedded = nullptr;
    FileId id = kNoFile;  // registered in program.sources when its first entry is read
  };
  struct DeferredEntry {
    std::size_t file = 0;
    const EmbeddedCatalogueEntry* embedded = nullptr;  // its names (key, then aliases), lines and values
    bool read = false;
  };

  Program& p_;
  DiagnosticLog& diags_;
  std::uint32_t toml_line_offset_ = 0;  // of the text load_entries is reading (region_span)
  std::deque<Pending> pending_;  // a deque: resolving an entry may read another file, and appends
  std::map<std::string, int> pending_names_;
  std::vector<DeferredFile> deferred_files_;
  std::vector<DeferredEntry> deferred_;
  enum class BuiltinNames { unknown, yes, no };
  BuiltinNames builtin_names_ = BuiltinNames::unknown;  // deferred_are_the_builtin_files, once known
  // Entry key or alias -> deferred entry, when the deferred files are not the built-in ones: made at the
  // first look-up by name, so that a start that looks none up does not make it.
  std::map<std::string_view, std::size_t, std::less<>> deferred_names_;
  std::size_t deferred_named_ = 0;  // the deferred entries whose names deferred_names_ holds
  // While a built-in entry is read on demand: the factor and dimension of each unit text read in place
  // so far (H100's 24 quantity strings use 14 unit texts). Only a unit that resolved is kept, so
  // every diagnostic is made as before; a user's file is read without it.
  bool memo_units_ = false;
  std::map<std::string, std::pair<double, Dim>, std::less<>> unit_memo_;
};

// Where the entries of a catalogue file are and the names (key, then aliases) each defines, found by a
// scan of `[Kind.Key]` headers and `aliases = [...]` lines, without parsing the TOML. Exact for the
// built-in files (a unit test compares it with a full read of each). The build finds the same for the
// embedded files (cmake/embed.cmake, EmbeddedFile::catalogue_entries; a unit test compares the two), so a
// start does not scan them.
struct CatalogueSection {
  std::vector<std::string> names;
  std::size_t begin = 0, end = 0;  // byte offsets: the header's line up to the next entry's header
};
std::vector<CatalogueSection> catalogue_sections(std::string_view toml_text);

// A dimension the schema writes ("Information / Time", "Money / (Information * Time)", "1 / Time"), from the
// dimensions `dims` names, without the parser: names, `1`, `*`, `/` and parentheses, left to right; nothing
// for any other text or an unknown name. The same as the text read as a type, at a start (a unit test
// compares the two for every field of the schema).
std::optional<Dim> schema_dimension(std::string_view text, const DimensionRegistry& dims);

// The enumeration a catalogue field is (docs/catalogue.md §1.3): a Text field whose allowed values are all
// `.mls` names; null for any other field.
std::shared_ptr<const EnumType> catalogue_enumeration(const FieldSpec& f);

}  // namespace mlsi
