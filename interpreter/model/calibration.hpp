#pragma once
// Calibration fields of the catalogue (docs/catalogue.md §2.14): what a kernel or a collective achieves
// as measured by a microbenchmark, and the default the loader derives from the datasheet figures when an
// entry does not give one. A run that reads a defaulted field says so (CalibrationNote), so that an
// uncalibrated answer is never taken for a calibrated one.
#include <string>
#include <string_view>
#include <vector>

namespace mlsi {

// One calibration field of a kind and its default. `value` is the default itself (a share, a time in
// seconds), or, for a bandwidth, the share of the datasheet bandwidth it is (for decode_read_efficiency,
// the factor on memory_efficiency); the loader applies it
// (catalogue/calibration_defaults.cpp) and `rule` says how, for `mlsi show`.
struct CalibrationDefault {
  std::string_view kind, field;
  double value = 0;
  std::string_view rule;
};

// Every calibration field, in the schema's order: Hardware, Node, Fabric.
const std::vector<CalibrationDefault>& calibration_defaults();
// The calibration field `field` of `kind`, or null when it is none.
const CalibrationDefault* find_calibration_default(std::string_view kind, std::string_view field);
// For `X_source` of `kind`, the calibration field X whose source it is; empty for any other field.
std::string_view calibration_field_of_source(std::string_view kind, std::string_view field);
// The section of docs/catalogue.md that writes the defaults, as the notes cite it.
inline constexpr std::string_view kCalibrationSection = "docs/catalogue.md §2.14";

// The defaulted calibration fields one run read of one entry, in the order it first read them.
struct CalibrationNote {
  std::string entry, kind;
  std::vector<std::string> fields;  // `gemm_latency`, or `gemm_efficiency.fp8` for one key of a map the entry gives in part
};

// Records that a run read `field` of `entry` (`map.field` when `map` is not empty: one precision of a map
// given in part) and found a default there: once per field, entries in order. Allocates only the first
// time, since the evaluator calls it at every read.
void note_calibration_default(std::vector<CalibrationNote>& notes, std::string_view entry, std::string_view kind, std::string_view map,
                              std::string_view field);
// "H200 has no calibration of gemm_efficiency, gemm_latency; using defaults derived from its datasheet (docs/catalogue.md §2.14)"
std::string calibration_note_message(const CalibrationNote& note);

}  // namespace mlsi
