#pragma once
// Files of the standard library (prelude, catalogue, built-in scenarios) compiled into the binary.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mlsi {

// What an embedded .mls file (the prelude's, a pack's) declares at the start of a line, and the built-in
// scenarios its code names (not its comments or strings): found at build time (cmake/embed.cmake), so
// that a name finds its file without any file being read or parsed. Empty for the catalogue's files.
struct EmbeddedNames {
  std::span<const std::string_view> scenarios, functions, globals, dimensions, units;
  std::span<const std::string_view> configs_for;  // the SCENARIO of each `config NAME for SCENARIO`, once
  std::span<const std::string_view> calls;        // built-in scenarios its code names (a call, a config)
};

// A free text of a catalogue entry (`source`, `note`, `source_url`, `*_source`: a string on one line,
// without escapes) that its values' text leaves empty: the field, and where its quoted string is in the
// file (the quotes included), from which the loader takes the string.
struct EmbeddedFreeText {
  std::string_view field;
  std::size_t begin = 0, end = 0;
};

// An entry of an embedded catalogue file: the names it defines (its key, then its aliases) and where its
// lines are, found at build time (cmake/embed.cmake, by the rule of catalogue/ catalogue_sections), so that
// a start reads no catalogue text until an entry is asked for; and the text of its values that the TOML
// reader reads: its lines, line for line, without comments and with its free texts left `""` (most of the
// bytes, and the reader's cost is per byte).
struct EmbeddedCatalogueEntry {
  std::span<const std::string_view> names;
  std::size_t begin = 0, end = 0;  // byte offsets: the header's line up to the next entry's header
  std::size_t lines_before = 0;    // the lines of the file before `begin`
  std::size_t values_begin = 0, values_end = 0;  // in EmbeddedFile::catalogue_values
  std::span<const EmbeddedFreeText> free_texts;
};

struct EmbeddedFile {
  std::string_view path;  // relative to the project root, e.g. "stdlib/prelude/units.mls"
  std::string_view text;  // static storage: copied only when a file is read
  EmbeddedNames names;
  std::span<const EmbeddedCatalogueEntry> catalogue_entries;  // a catalogue file's; empty for the others
  std::string_view catalogue_values;  // a catalogue file's entries' values, one after the other
};

std::span<const EmbeddedFile> embedded_files();

// A name a built-in catalogue entry defines (its key or an alias), and the entry's number among the
// entries of all the embedded catalogue files, in order.
struct EmbeddedCatalogueName {
  std::string_view name;
  std::size_t entry = 0;
};
// Every such name, sorted by name and then by entry (a name two entries define: the first comes first):
// a name finds its entry by a binary search, with no map made at run time.
std::span<const EmbeddedCatalogueName> embedded_catalogue_names();
// Whether an embedded file is a pack file: `scenarios/<pack>/x.mls`, any pack.
bool is_pack_file(const EmbeddedFile& file);

// The names a file declares with `keyword` (`let `, `fn `, `scenario `): the word after it at the start
// of a line, read without parsing the file.
std::vector<std::string> declared_names(std::string_view text, std::string_view keyword);
// The declarations of a prelude file as parts of its text: each from a line that starts with `let NAME` or
// `fn NAME` (the keyword's rule above) to the next such line or the end, with the NAME. Text before the
// first is in none. So that a name mentioned parses its own declaration, not the whole file.
struct DeclarationPart {
  std::uint32_t begin = 0, end = 0;  // bytes of the text
  std::string_view name;             // of the text
};
std::vector<DeclarationPart> declaration_parts(std::string_view text);
// The names of the built-in scenarios (the embedded `scenarios/` files), loaded or not.
const std::vector<std::string>& builtin_scenario_names();

// The built-in pack files (the embedded `scenarios/` files) as a command line names them
// (source/builtin_files.cpp): a FILE that is not on disk may be one of them.
// The index in embedded_files() of the pack file `path` names: its path `scenarios/training/x.mls`
// (`./` and `..` allowed), or its bare file name `x.mls` when one pack file alone has it; nothing else.
std::optional<std::size_t> builtin_pack_file(std::string_view path);
// The name diagnostics give an embedded file: `<builtin>/scenarios/training/activation_memory.mls`.
std::string builtin_shown_name(const EmbeddedFile& file);
// For a FILE that is neither on disk nor a pack file: the nearest pack file as the user would write it
// (`activation_memory.mls` for a bare name, `scenarios/training/activation_memory.mls` for a path under
// `scenarios/`), or empty when none is close or the path names another folder.
std::string closest_builtin_file(std::string_view path);

// The built-in packs as a user names them: `serving` (or the folder `scenarios/serving`, `./` and `..`
// allowed) is that pack; `inference`, the pack that `serving` and `systems` were split from, is both of
// them. The packs named, in order, or nothing when `name` names no pack.
std::vector<std::string> packs_named(std::string_view name);
// The paths of the embedded files of the packs `name` names (`scenarios/serving/cost_per_token.mls`,
// ...), sorted; empty when it names none.
std::vector<std::string> builtin_pack_paths(std::string_view name);

}  // namespace mlsi
