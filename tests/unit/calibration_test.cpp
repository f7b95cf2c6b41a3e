// The calibration fields of the catalogue (docs/catalogue.md §2.14): the defaults the loader derives from
// datasheet figures, their marks, and the rule that a built-in figure names its source.
#include <gtest/gtest.h>

#include <string>

#include <mlsi/mlsi.hpp>

#include "catalogue/catalogue_loader.hpp"
#include "model/calibration.hpp"
#include "session/session.hpp"
#include "tests/unit/cli_harness.hpp"

namespace {

// A session with `toml` loaded as a catalogue file, built-in or not, and its diagnostics' messages.
struct CalibrationCatalogue {
  mlsi::ProgramSession session;
  std::string messages;
  explicit CalibrationCatalogue(const std::string& toml, bool builtin) {
    mlsi::Program& p = session.program();
    mlsi::CatalogueLoader loader(p, session.diagnostics());
    loader.load(p.sources.add("calibration.toml", toml), builtin);
    loader.finish();
    for (const auto& d : session.diagnostics().list()) messages += d.message + "\n";
  }
  const mlsi::RecordValue& entry(const std::string& key) { return session.program().catalogue.find(key)->value.record(); }
};

const char* const kCalibrationDatasheetOnly = R"toml(
[Hardware.SheetGPU]
name = "SheetGPU"
year = 2024
tier = "cloud"
peak_flops = "800 TFLOP/s"
peak_precision = "bf16"
memory = "80 GB"
memory_bandwidth = "3 TB/s"
source = "a datasheet"
[Hardware.SheetGPU.flops]
fp8 = "1600 TFLOP/s"
[Node.SheetNode]
name = "SheetNode"
accelerator = "SheetGPU"
accelerators_per_node = 8
intra_node_bandwidth = "600 GB/s"
intra_node_bidirectional = true
source = "a datasheet"
[Fabric.SheetFabric]
name = "SheetFabric"
bandwidth = "400 Gbit/s"
latency = "2 us"
oversubscription = 4
source = "a datasheet"
)toml";

double calibration_field(const mlsi::RecordValue& r, const std::string& name) { return r.fields[static_cast<std::size_t>(r.type->find(name))]->number(); }
bool calibration_defaulted(const mlsi::RecordValue& r, const std::string& name) {
  auto i = static_cast<std::size_t>(r.type->find(name));
  return i < r.defaulted.size() && r.defaulted[i];
}

TEST(CalibrationDefaults, DerivedFromTheDatasheetFiguresAndMarked) {
  CalibrationCatalogue c(kCalibrationDatasheetOnly, false);
  EXPECT_EQ(c.messages, "");
  const auto& hw = c.entry("SheetGPU");
  // docs/catalogue.md §2.14: 0.7 for each precision flops quotes (bf16 from peak_flops, fp8), 10 us, 0.8, 5 us.
  const auto& shares = hw.fields[static_cast<std::size_t>(hw.type->find("gemm_efficiency"))]->record();
  EXPECT_EQ(calibration_field(shares, "bf16"), 0.7);
  EXPECT_EQ(calibration_field(shares, "fp8"), 0.7);
  EXPECT_FALSE(shares.fields[static_cast<std::size_t>(shares.type->find("fp32"))].has_value());
  EXPECT_DOUBLE_EQ(calibration_field(hw, "gemm_latency"), 10e-6);
  EXPECT_EQ(calibration_field(hw, "memory_efficiency"), 0.8);
  EXPECT_DOUBLE_EQ(calibration_field(hw, "kernel_launch"), 5e-6);
  // The serving fields: the read share is memory_efficiency's (here its default 0.8), the latency 20 us; with
  // neither a device link nor a host link there is no link to take a share of, so no bandwidth.
  EXPECT_EQ(calibration_field(hw, "decode_read_efficiency"), 0.8);
  EXPECT_DOUBLE_EQ(calibration_field(hw, "all_reduce_latency"), 20e-6);
  EXPECT_FALSE(hw.fields[static_cast<std::size_t>(hw.type->find("all_reduce_bandwidth"))].has_value());
  for (const char* f : {"gemm_efficiency", "gemm_latency", "memory_efficiency", "kernel_launch", "decode_read_efficiency", "all_reduce_latency"})
    EXPECT_TRUE(calibration_defaulted(hw, f)) << f;
  EXPECT_FALSE(calibration_defaulted(hw, "memory_bandwidth"));
  // 0.7 x 600 GB/s / 2 (bidirectional) = 210 GB/s; 0.7 x 400 Gbit/s (50 GB/s) / 4 = 8.75 GB/s.
  const auto& node = c.entry("SheetNode");
  EXPECT_DOUBLE_EQ(calibration_field(node, "collective_bandwidth"), 210e9);
  EXPECT_DOUBLE_EQ(calibration_field(node, "collective_latency"), 10e-6);
  const auto& fabric = c.entry("SheetFabric");
  EXPECT_DOUBLE_EQ(calibration_field(fabric, "collective_bandwidth"), 8.75e9);
  EXPECT_DOUBLE_EQ(calibration_field(fabric, "collective_latency"), 20e-6);
  EXPECT_TRUE(calibration_defaulted(node, "collective_bandwidth"));
  EXPECT_TRUE(calibration_defaulted(fabric, "collective_latency"));
}

TEST(CalibrationDefaults, AGivenFigureIsKeptAndAPartialMapIsFilledPerPrecision) {
  CalibrationCatalogue c(R"toml(
[Hardware.PartGPU]
name = "PartGPU"
year = 2024
tier = "cloud"
peak_flops = "800 TFLOP/s"
peak_precision = "bf16"
memory = "80 GB"
memory_bandwidth = "3 TB/s"
source = "a datasheet"
gemm_latency = "6 us"
gemm_latency_source = "a size sweep"
gemm_efficiency_source = "a GEMM sweep"
[Hardware.PartGPU.flops]
fp8 = "1600 TFLOP/s"
[Hardware.PartGPU.gemm_efficiency]
bf16 = 0.85
)toml",
                    false);
  EXPECT_EQ(c.messages, "");
  const auto& hw = c.entry("PartGPU");
  EXPECT_DOUBLE_EQ(calibration_field(hw, "gemm_latency"), 6e-6);
  EXPECT_FALSE(calibration_defaulted(hw, "gemm_latency"));
  EXPECT_FALSE(calibration_defaulted(hw, "gemm_efficiency"));
  const auto& shares = hw.fields[static_cast<std::size_t>(hw.type->find("gemm_efficiency"))]->record();
  EXPECT_EQ(calibration_field(shares, "bf16"), 0.85);
  EXPECT_EQ(calibration_field(shares, "fp8"), 0.7);
  EXPECT_FALSE(calibration_defaulted(shares, "bf16"));
  EXPECT_TRUE(calibration_defaulted(shares, "fp8"));
}

// The serving defaults follow the entry's own figures: the read share its measured memory_efficiency, the
// all-reduce bandwidth 0.7 of its link per direction (NVLink's send + receive figure halved; PCIe as quoted).
TEST(CalibrationDefaults, ServingFieldsFollowTheEntrysOwnFigures) {
  CalibrationCatalogue c(R"toml(
[Hardware.LinkedGPU]
name = "LinkedGPU"
year = 2024
tier = "cloud"
peak_flops = "800 TFLOP/s"
memory = "80 GB"
memory_bandwidth = "3 TB/s"
device_link = "NVLink"
device_link_bandwidth = "900 GB/s"
device_link_bidirectional = true
host_link_bandwidth = "64 GB/s"
source = "a datasheet"
memory_efficiency = 0.9
memory_efficiency_source = "BabelStream Copy"
[Hardware.PcieGPU]
name = "PcieGPU"
year = 2024
tier = "cloud"
peak_flops = "360 TFLOP/s"
memory = "48 GB"
memory_bandwidth = "864 GB/s"
host_link_bandwidth = "32 GB/s"
source = "a datasheet"
[Hardware.MeasuredServingGPU]
name = "MeasuredServingGPU"
year = 2024
tier = "cloud"
peak_flops = "800 TFLOP/s"
memory = "80 GB"
memory_bandwidth = "3 TB/s"
device_link_bandwidth = "900 GB/s"
device_link_bidirectional = true
source = "a datasheet"
decode_read_efficiency = 0.93
decode_read_efficiency_source = "gpu-benches cuda-stream read"
all_reduce_latency = "7 us"
all_reduce_latency_source = "nccl-tests -G 10 at 32 KiB"
all_reduce_bandwidth = "370 GB/s"
all_reduce_bandwidth_source = "nccl-tests busbw at 4 GiB"
)toml",
                         false);
  EXPECT_EQ(c.messages, "");
  const auto& linked = c.entry("LinkedGPU");
  EXPECT_EQ(calibration_field(linked, "decode_read_efficiency"), 0.9);
  EXPECT_TRUE(calibration_defaulted(linked, "decode_read_efficiency"));
  EXPECT_DOUBLE_EQ(calibration_field(linked, "all_reduce_bandwidth"), 315e9);  // 0.7 x 900 / 2, not of the 64 GB/s host link
  const auto& pcie = c.entry("PcieGPU");
  EXPECT_DOUBLE_EQ(calibration_field(pcie, "all_reduce_bandwidth"), 22.4e9);  // 0.7 x 32 GB/s
  EXPECT_TRUE(calibration_defaulted(pcie, "all_reduce_bandwidth"));
  const auto& measured = c.entry("MeasuredServingGPU");
  EXPECT_EQ(calibration_field(measured, "decode_read_efficiency"), 0.93);
  EXPECT_DOUBLE_EQ(calibration_field(measured, "all_reduce_latency"), 7e-6);
  EXPECT_DOUBLE_EQ(calibration_field(measured, "all_reduce_bandwidth"), 370e9);
  for (const char* f : {"decode_read_efficiency", "all_reduce_latency", "all_reduce_bandwidth"}) EXPECT_FALSE(calibration_defaulted(measured, f)) << f;
}

TEST(CalibrationSources, ABuiltinFigureWithoutItsSourceIsAnError) {
  const std::string toml = R"toml(
[Fabric.BuiltinFabric]
name = "BuiltinFabric"
bandwidth = "400 Gbit/s"
latency = "2 us"
source = "a datasheet"
collective_latency = "30 us"
)toml";
  const std::string message =
      "Fabric `BuiltinFabric`: `collective_latency` without `collective_latency_source`: name the microbenchmark or vendor figure it comes from";
  CalibrationCatalogue builtin(toml, true);
  EXPECT_EQ(builtin.messages, message + "\n");
  EXPECT_TRUE(builtin.session.diagnostics().has_errors());
  CalibrationCatalogue user(toml, false);
  EXPECT_EQ(user.messages, message + "; results that use it cannot be traced\n");
  EXPECT_FALSE(user.session.diagnostics().has_errors());
}

// Every accelerator the serving planner is validated and compared on carries its own serving calibration
// (docs/catalogue.md §3.1.1): a measured or estimated figure with the source that says which, never a default.
TEST(CalibrationSources, EveryServingAcceleratorGivesItsServingFiguresWithSources) {
  mlsi::ProgramSession session;
  for (const char* key : {"A10G", "A100", "A100_40GB", "H100", "H100_PCIe", "H800", "H200", "B200", "MI300X", "L40S", "L4"}) {
    const auto* entry = session.program().catalogue.find(key);
    ASSERT_NE(entry, nullptr) << key;
    const auto& hw = entry->value.record();
    for (const char* field : {"decode_read_efficiency", "all_reduce_latency", "all_reduce_bandwidth", "kernel_launch", "memory_efficiency"}) {
      auto i = static_cast<std::size_t>(hw.type->find(field));
      ASSERT_TRUE(hw.fields[i].has_value()) << key << "." << field;
      EXPECT_FALSE(calibration_defaulted(hw, field)) << key << "." << field;
      auto source = static_cast<std::size_t>(hw.type->find(std::string(field) + "_source"));
      ASSERT_TRUE(hw.fields[source].has_value()) << key << "." << field << "_source";
      EXPECT_FALSE(hw.fields[source]->text().empty()) << key << "." << field << "_source";
    }
  }
}

TEST(CalibrationNotes, OneNotePerEntryEachFieldOnceInTheOrderRead) {
  std::vector<mlsi::CalibrationNote> notes;
  mlsi::note_calibration_default(notes, "H200", "Hardware", "", "gemm_efficiency");
  mlsi::note_calibration_default(notes, "DGX_H200", "Node", "", "collective_bandwidth");
  mlsi::note_calibration_default(notes, "H200", "Hardware", "", "gemm_latency");
  mlsi::note_calibration_default(notes, "H200", "Hardware", "", "gemm_efficiency");
  mlsi::note_calibration_default(notes, "H200", "Hardware", "gemm_efficiency", "fp8");
  mlsi::note_calibration_default(notes, "H200", "Hardware", "gemm_efficiency", "fp8");
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(mlsi::calibration_note_message(notes[0]),
            "H200 has no calibration of gemm_efficiency, gemm_latency, gemm_efficiency.fp8; using defaults derived from its datasheet "
            "(docs/catalogue.md §2.14)");
  EXPECT_EQ(notes[1].kind, "Node");
  EXPECT_EQ(notes[1].fields, std::vector<std::string>{"collective_bandwidth"});
}

// The API's RunResult carries the note as a diagnostic of severity note; a run that reads no default has none
// (3 TB/s is the entry's own memory_bandwidth).
TEST(CalibrationNotes, TheApiRunResultCarriesTheNote) {
  mlsi_test::TempFile toml("calibration_api.toml", kCalibrationDatasheetOnly);
  mlsi_test::TempFile scenario("calibration_api.mls", R"mls(
scenario ReadsShare {
  input hw: Hardware = SheetGPU
  output share = hw.gemm_efficiency.bf16
}
scenario ReadsBandwidth {
  input hw: Hardware = SheetGPU
  output bandwidth = hw.memory_bandwidth
}
)mls");
  mlsi::api::SessionOptions options;
  options.catalogues = {toml.path.string()};
  options.files = {scenario.path.string()};
  mlsi::api::Session session(options);
  ASSERT_TRUE(session.ok()) << session.diagnostics().render();
  mlsi::api::RunRequest request;
  request.scenario = "ReadsShare";
  auto result = session.run(request);
  ASSERT_TRUE(result.ok) << result.diagnostics.render();
  EXPECT_EQ(result.output("share")->value.si, 0.7);  // the default of docs/catalogue.md §2.14
  ASSERT_EQ(result.diagnostics.size(), 1u) << result.diagnostics.render();
  EXPECT_EQ(result.diagnostics[0].severity, mlsi::api::Severity::note);
  EXPECT_EQ(result.diagnostics[0].message,
            "SheetGPU has no calibration of gemm_efficiency; using defaults derived from its datasheet (docs/catalogue.md §2.14)");
  request.scenario = "ReadsBandwidth";
  auto datasheet_only = session.run(request);
  ASSERT_TRUE(datasheet_only.ok) << datasheet_only.diagnostics.render();
  EXPECT_EQ(datasheet_only.output("bandwidth")->value.si, 3e12);
  EXPECT_TRUE(datasheet_only.diagnostics.empty()) << datasheet_only.diagnostics.render();
}

}  // namespace
