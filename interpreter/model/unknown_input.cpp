#include "model/unknown_input.hpp"

#include <fmt/format.h>

#include "source/diagnostics.hpp"

namespace mlsi {

std::vector<std::string> unknown_input_notes(const Scenario& s, const std::string& name) {
  std::vector<std::string> names;
  for (int i : s.inputs) names.push_back(s.slots[static_cast<std::size_t>(i)].name);
  std::vector<std::string> notes;
  if (auto near = closest_name(name, names); !near.empty()) notes.push_back(fmt::format("did you mean `{}`?", near));
  if (names.empty()) {
    notes.push_back(fmt::format("`{}` has no inputs", s.name));
    return notes;
  }
  std::string all;
  for (const auto& n : names) all += (all.empty() ? "" : ", ") + n;
  notes.push_back(fmt::format("its inputs are: {}", all));
  return notes;
}

}  // namespace mlsi
