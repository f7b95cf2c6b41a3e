#pragma once
// Tab completion for the REPL: what may follow the text before the cursor, by context. After a number
// or `->`: units (`Gi` -> GiB, Gibit); after `name.`: the record's fields (`H100.mem` -> memory,
// memory_bandwidth; a catalogue entry offers only the fields it has); elsewhere: variables, functions,
// scenarios, catalogue entries and keywords (units when no value name fits); at `:`: commands; after
// `:run`: scenario names, then that scenario's `input=` names, `config=` and their values.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "model/program.hpp"

namespace mlsi {

struct Completion {
  std::size_t start = 0;                // where the word being completed begins in the text
  std::vector<std::string> candidates;  // sorted, each a replacement for text[start, end)
};

Completion complete(const Program& p, std::string_view before_cursor);

// The longest prefix every candidate shares.
std::string common_prefix(const std::vector<std::string>& candidates);

}  // namespace mlsi
