#include "base/caller_words.hpp"

namespace mlsi {

CallerWords::CallerWords(std::map<std::string, CallerWord, std::less<>> words)
    : words_(std::make_shared<const std::map<std::string, CallerWord, std::less<>>>(std::move(words))) {}

const CallerWord* CallerWords::find(std::string_view field) const {
  if (!words_) return nullptr;
  auto it = words_->find(field);
  return it == words_->end() ? nullptr : &it->second;
}

std::string CallerWords::name(std::string_view field) const {
  const CallerWord* word = find(field);
  return word && !word->name.empty() ? word->name : std::string(field);
}

std::string CallerWords::give(std::string_view field, std::string_view value) const {
  const CallerWord* word = find(field);
  if (!word || word->form.empty()) return name(field) + " " + std::string(value);
  std::string out = word->form;
  if (auto at = out.find("{}"); at != std::string::npos) out.replace(at, 2, value);
  return out;
}

bool CallerWords::has(std::string_view field) const {
  const CallerWord* word = find(field);
  return !word || !word->name.empty();
}

}  // namespace mlsi
