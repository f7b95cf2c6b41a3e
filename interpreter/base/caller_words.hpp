#pragma once
// What the caller calls the things it gives the library: the library's messages name a request field
// or a limit (`max_steps`, `set`, `scenario`) in the caller's words, never in a front end's. The command
// line says `--max-steps N`, the Python module `limits={"max_call_depth": N}`; a caller that gives no
// words is answered with the field's own name (docs/architecture.md, docs/api.md).
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "mlsi/options.hpp"

namespace mlsi {

// What the caller calls one field and how it writes a value given to it (mlsi/options.hpp): the command
// line's `--max-steps` and `--max-steps N`, the Python module's `limits["max_steps"]` and
// `limits={"max_steps": {}}`.
using api::CallerWord;

// A caller's words, shared by every copy (a copy of a run's limits per sweep thread costs a pointer).
class CallerWords {
 public:
  CallerWords() = default;
  explicit CallerWords(std::map<std::string, CallerWord, std::less<>> words);

  // What the caller calls `field`: its word, or the field itself when it gave none.
  std::string name(std::string_view field) const;
  // A value given to `field` as the caller writes it: `--max-steps N`, `limits={"max_steps": N}`,
  // `max_steps N` without a word.
  std::string give(std::string_view field, std::string_view value) const;
  // Whether the caller can give `field` at all (it gave no empty word for it).
  bool has(std::string_view field) const;

 private:
  const CallerWord* find(std::string_view field) const;
  std::shared_ptr<const std::map<std::string, CallerWord, std::less<>>> words_;
};

}  // namespace mlsi
