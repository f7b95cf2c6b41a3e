#include "model/calibration.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace mlsi {

// The defaults and why each is what it is: docs/catalogue.md §2.14.
const std::vector<CalibrationDefault>& calibration_defaults() {
  static const std::vector<CalibrationDefault> defaults = {
      {"Hardware", "gemm_efficiency", 0.7, "0.7 for each precision `flops` quotes"},
      {"Hardware", "gemm_latency", 10e-6, "10 us"},
      {"Hardware", "memory_efficiency", 0.8, "0.8"},
      {"Hardware", "kernel_launch", 5e-6, "5 us"},
      // After memory_efficiency, whose value (given or defaulted) it takes.
      {"Hardware", "decode_read_efficiency", 1.0, "the entry's memory_efficiency"},
      {"Hardware", "all_reduce_latency", 20e-6, "20 us"},
      {"Hardware", "all_reduce_bandwidth", 0.7, "0.7 x device_link_bandwidth per direction (host_link_bandwidth without a device link)"},
      {"Node", "collective_bandwidth", 0.7, "0.7 x intra_node_bandwidth per direction"},
      {"Node", "collective_latency", 10e-6, "10 us"},
      {"Fabric", "collective_bandwidth", 0.7, "0.7 x bandwidth / oversubscription"},
      {"Fabric", "collective_latency", 20e-6, "20 us"},
  };
  return defaults;
}

const CalibrationDefault* find_calibration_default(std::string_view kind, std::string_view field) {
  for (const auto& d : calibration_defaults())
    if (d.kind == kind && d.field == field) return &d;
  return nullptr;
}

std::string_view calibration_field_of_source(std::string_view kind, std::string_view field) {
  constexpr std::string_view suffix = "_source";
  if (!field.ends_with(suffix)) return {};
  const auto* d = find_calibration_default(kind, field.substr(0, field.size() - suffix.size()));
  return d ? d->field : std::string_view{};
}

void note_calibration_default(std::vector<CalibrationNote>& notes, std::string_view entry, std::string_view kind, std::string_view map,
                              std::string_view field) {
  auto it = std::find_if(notes.begin(), notes.end(), [&](const CalibrationNote& n) { return n.entry == entry; });
  if (it == notes.end()) {
    notes.push_back(CalibrationNote{std::string(entry), std::string(kind), {}});
    it = notes.end() - 1;
  }
  auto same = [&](const std::string& f) {
    if (map.empty()) return f == field;
    return f.size() == map.size() + 1 + field.size() && f.starts_with(map) && f[map.size()] == '.' && f.ends_with(field);
  };
  if (std::none_of(it->fields.begin(), it->fields.end(), same))
    it->fields.push_back(map.empty() ? std::string(field) : fmt::format("{}.{}", map, field));
}

std::string calibration_note_message(const CalibrationNote& note) {
  return fmt::format("{} has no calibration of {}; using defaults derived from its datasheet ({})", note.entry, fmt::join(note.fields, ", "),
                     kCalibrationSection);
}

}  // namespace mlsi
