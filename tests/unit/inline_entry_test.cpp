// Catalogue entries written inline as record literals of their kind (docs/language.md §7.6): their derived
// fields are the loader's (docs/catalogue.md §1.5, §2.14). Every expected value is computed by hand below
// from the built-in entries' published figures, never read back from the interpreter.
#include <memory>
#include <optional>
#include <string>

#include "eval/evaluator.hpp"
#include "session/session.hpp"

// gtest after the interpreter headers (see catalogue_test.cpp: <signal.h> defines `si_value`).
#include <gtest/gtest.h>

namespace {

struct Checked {
  std::unique_ptr<mlsi::ProgramSession> session = std::make_unique<mlsi::ProgramSession>();
  bool ok = false;
  explicit Checked(const std::string& text) {
    session->load_text("inline_entry_test.mls", text);
    ok = session->check();
  }
  std::string diags() { return mlsi::render_all(session->program().sources, session->diagnostics(), false); }
  // The value of `slot` after a run of `scenario` at its defaults, or the run's error in `error`.
  std::optional<mlsi::Value> run(const std::string& scenario, const std::string& slot, std::string& error) {
    auto& p = session->program();
    const mlsi::Scenario* sc = p.find_scenario(scenario);
    mlsi::Evaluator ev(p);
    std::vector<std::optional<mlsi::InputValue>> given(sc->slots.size());
    try {
      auto r = ev.run(p.find_scenario_index(scenario), given);
      return r.slots.at(static_cast<std::size_t>(sc->find_slot(slot)));
    } catch (const mlsi::EvalError& e) {
      error = e.diag.message;
      return std::nullopt;
    }
  }
};

const char* kFleets = R"(
scenario InlineFleet {
  input fleet: Fleet = {node: DGX_H100, nodes: 64, fabric: InfiniBand_NDR}
  output accelerators = fleet.accelerators
  output accelerator = fleet.accelerator.name
  output nodes = fleet.nodes
  output has_grid = has(fleet.grid)
}
scenario InlineFleetGrid {
  input fleet: Fleet = {node: DGX_H100, nodes: 64, fabric: InfiniBand_NDR}
  output grid = fleet.grid.pue
}
scenario InlineNode {
  input node: Node = {accelerator: H100, accelerators_per_node: 4, intra_node_bandwidth: 900 GB/s, intra_node_bidirectional: true}
  output collective_bandwidth = node.collective_bandwidth
  let fleet: Fleet = {node: node, nodes: 3, fabric: InfiniBand_NDR}
  output fleet_accelerators = fleet.accelerators
}
)";

TEST(InlineEntry, FleetDerivesItsAcceleratorsFromItsNode) {
  Checked s(kFleets);
  ASSERT_TRUE(s.ok) << s.diags();
  std::string err;
  // NVIDIA DGX H100 datasheet: 8 H100 GPUs per system (stdlib/catalogue/systems/nodes.toml, DGX_H100
  // accelerators_per_node = 8); 64 nodes x 8 = 512.
  auto accelerators = s.run("InlineFleet", "accelerators", err);
  ASSERT_TRUE(accelerators) << err;
  EXPECT_EQ(accelerators->number(), 64.0 * 8.0);
  // Fleet.accelerator is node.accelerator: DGX_H100's is the H100 (SXM5 80 GB), named "NVIDIA H100 SXM5".
  auto accelerator = s.run("InlineFleet", "accelerator", err);
  ASSERT_TRUE(accelerator) << err;
  EXPECT_EQ(accelerator->text(), "NVIDIA H100 SXM5");
  auto nodes = s.run("InlineFleet", "nodes", err);
  ASSERT_TRUE(nodes) << err;
  EXPECT_EQ(nodes->number(), 64.0);
  auto has_grid = s.run("InlineFleet", "has_grid", err);
  ASSERT_TRUE(has_grid) << err;
  EXPECT_FALSE(has_grid->boolean());
}

TEST(InlineEntry, AnAbsentFieldIsNamedByWhereTheEntryIsWritten) {
  Checked s(kFleets);
  ASSERT_TRUE(s.ok) << s.diags();
  std::string err;
  EXPECT_FALSE(s.run("InlineFleetGrid", "grid", err));
  EXPECT_EQ(err, "the Fleet written at inline_entry_test.mls:10:24 has no field grid (its source does not give one)");
}

TEST(InlineEntry, NodeGetsTheLoadersCalibrationDefault) {
  Checked s(kFleets);
  ASSERT_TRUE(s.ok) << s.diags();
  std::string err;
  // docs/catalogue.md §2.14: Node.collective_bandwidth defaults to 0.7 x intra_node_bandwidth per direction;
  // 900 GB/s summed over both directions is 450 GB/s each way: 0.7 x 450e9 B/s = 315e9 B/s.
  auto bandwidth = s.run("InlineNode", "collective_bandwidth", err);
  ASSERT_TRUE(bandwidth) << err;
  EXPECT_DOUBLE_EQ(bandwidth->number(), 0.7 * 450e9);
  // A Fleet of 3 nodes of that inline node (4 accelerators each): 12.
  auto fleet = s.run("InlineNode", "fleet_accelerators", err);
  ASSERT_TRUE(fleet) << err;
  EXPECT_EQ(fleet->number(), 12.0);
}

}  // namespace
