#pragma once
// The top level of a JSON object, as a Hugging Face config.json is: each member's value and where its key
// stands, so that a problem with a field points at it. Read with nlohmann/json, which only hf_json.cpp
// includes.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/caller_words.hpp"
#include "source/diagnostics.hpp"

namespace mlsi {

struct JsonMember {
  enum class Kind { null, boolean, number, string, object, array };
  std::string name;
  Span key;  // the key, its quotes included
  Kind kind = Kind::null;
  bool boolean = false;
  double number = 0;                   // a number (an integer beyond 2^53 rounded)
  std::optional<std::uint64_t> count;  // a number that is a whole number from 0 to 2^64 - 1, exactly
  std::string text;                    // a string, decoded
  // An array's elements, each a whole number from 0 to 2^64 - 1 (as `count`), or nothing for any other value.
  std::vector<std::optional<std::uint64_t>> items;
};

struct JsonObject {
  Span open;  // its `{`
  std::vector<JsonMember> members;  // in the order of the file
  // The member of that name, or null.
  const JsonMember* find(std::string_view name) const;
};

// What a JSON kind is called in a message: "a string", "null", "an object".
std::string_view json_kind_name(JsonMember::Kind kind);

// Reads the text of `file` (registered in `sources`) as JSON whose top level is an object with each key
// once. Each problem goes to `diags`, at the byte the JSON library names or at the key; nothing is
// returned after one. The text obeys the rule of source text (source/text_rules.hpp), because a
// diagnostic quotes its lines; objects and arrays nest at most `max_nesting` deep (the top level is 1), so
// that a file of brackets cannot take the memory of millions of empty values.
std::optional<JsonObject> read_json_object(const SourceManager& sources, FileId file, DiagnosticLog& diags, int max_nesting,
                                           const CallerWords& words = {});

}  // namespace mlsi
