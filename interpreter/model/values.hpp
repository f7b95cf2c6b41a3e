#pragma once
// Run-time values. Quantities are plain doubles in SI base units: the checker has already proven the
// dimensions, so evaluation does no unit work.
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/types.hpp"

namespace mlsi {

struct Value;
using List = std::vector<Value>;

struct RecordValue {
  std::shared_ptr<const RecordType> type;
  std::vector<std::optional<Value>> fields;  // an absent catalogue field is nullopt
  std::string key;                           // catalogue key (`GPT3`), empty otherwise
  // An entry written inline as a record literal of its kind (language.md §7.6): its name in messages,
  // "the Fleet written at run.mls:3:9" (inline_entry_name); empty otherwise.
  std::string inline_name;
  // A record inside a catalogue entry (the `flops` rates of `A100`): that entry's key, for messages.
  std::string owner;
  // For a sub-record of rates: the entry's kind and the field that holds it (`Hardware`, `flops`), so that an
  // absent rate is named by its path (`Hardware A100 has no field flops.fp8`).
  std::string owner_kind, owner_field;
  // Per field of a catalogue entry (or of a per-precision map it gives in part): true where the loader
  // filled in a calibration default (model/calibration.hpp), so that a run reading it says so. Empty for
  // every other record.
  std::vector<bool> defaulted;
};

struct EnumValue {
  int index = 0;
  std::shared_ptr<const EnumType> type;
};

struct Value {
  std::variant<double, bool, std::string, std::shared_ptr<const List>, std::shared_ptr<const RecordValue>, EnumValue> v;

  Value() : v(0.0) {}
  Value(double d) : v(d) {}
  Value(bool b) : v(b) {}
  Value(std::string s) : v(std::move(s)) {}
  Value(List l) : v(std::make_shared<const List>(std::move(l))) {}
  Value(RecordValue r) : v(std::make_shared<const RecordValue>(std::move(r))) {}
  Value(EnumValue e) : v(std::move(e)) {}

  bool is_number() const { return std::holds_alternative<double>(v); }
  bool is_list() const { return std::holds_alternative<std::shared_ptr<const List>>(v); }
  bool is_record() const { return std::holds_alternative<std::shared_ptr<const RecordValue>>(v); }
  double number() const { return std::get<double>(v); }
  bool boolean() const { return std::get<bool>(v); }
  const std::string& text() const { return std::get<std::string>(v); }
  const List& list() const { return *std::get<std::shared_ptr<const List>>(v); }
  const RecordValue& record() const { return *std::get<std::shared_ptr<const RecordValue>>(v); }
  const EnumValue& enumeration() const { return std::get<EnumValue>(v); }
};

}  // namespace mlsi
