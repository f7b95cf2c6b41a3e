#pragma once
// The fields of a catalogue entry that are derived from its others (docs/catalogue.md §1.5) and its
// calibration defaults (§2.14), filled where the entry does not give them. One function for the loader
// (an entry of a TOML file) and the evaluator (an entry written inline as a record literal of its kind,
// language.md §7.6), so that both mean the same by an entry.
#include <optional>
#include <string>
#include <vector>

#include "model/types.hpp"
#include "model/values.hpp"

namespace mlsi {

// Fills the derived fields that `fields` (an entry of `kind`, whose record type is `rt`, its references
// already resolved to entries) lacks, then its calibration defaults (fill_calibration_defaults). `key`
// names the entry in the sub-records it makes (the `flops` rates of a Hardware): its key, or an inline
// entry's name (inline_entry_name). Returns, per field, whether it holds a calibration default (empty
// when none does).
std::vector<bool> fill_derived_fields(const std::string& key, const std::string& kind, const RecordType& rt,
                                      std::vector<std::optional<Value>>& fields, std::vector<DisplayUnitText>& units);

// How messages name an entry written inline: "the Fleet written at run.mls:3:9". Never an entry key
// (keys are identifiers), so a message can tell the two apart (entry_subject).
std::string inline_entry_name(const std::string& kind, const std::string& file, std::uint32_t line, std::uint32_t col);
// "Hardware A100" for a key; an inline entry's name as it is.
std::string entry_subject(const std::string& kind, const std::string& key_or_inline_name);

// The text of a Text field's value, or the case name of an enumerated field's: what the entry wrote.
const std::string& category_text(const Value& v);

}  // namespace mlsi
