#include "report/catalogue_fields.hpp"

#include <cctype>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "model/calibration.hpp"
#include "model/display.hpp"

namespace mlsi {

const std::vector<KindView>& kind_views() {
  static const std::vector<KindView> views = {
      {"hardware", "Hardware", {"name", "year", "tier", "peak_flops", "memory", "memory_bandwidth", "tdp"}, "accelerators: peak FLOP/s per precision, memory, memory bandwidth, power"},
      {"workloads", "Workload", {"name", "family", "parameters", "layers", "hidden_dim", "heads", "kv_heads", "seq_len"}, "models: parameters, layers, widths, heads, context length"},
      {"nodes", "Node", {"accelerator", "accelerators_per_node", "intra_node_bandwidth", "intra_node_bidirectional"}, "servers: accelerators per node and the bandwidth between them"},
      {"fabrics", "Fabric", {"name", "bandwidth", "latency"}, "networks between nodes: bandwidth and latency"},
      {"fleets", "Fleet", {"node", "nodes", "accelerators", "fabric"}, "clusters: nodes of one kind joined by a fabric"},
      {"pods", "Pod", {"accelerator", "accelerators", "memory"}, "pods of accelerators sharing one interconnect"},
      {"datasets", "Dataset", {"name", "train_examples", "test_examples", "classes"}, "datasets: examples and classes"},
      {"precisions", "Precision", {"bytes", "bits", "kind"}, "number formats: bytes and bits per value"},
      {"grids", "Grid", {"carbon_intensity", "pue", "wue", "renewable_share"}, "electricity grids: carbon intensity, PUE, water use"},
      {"datacenters", "Datacenter", {"grid", "pue", "wue"}, "datacenters: their grid, PUE and water use"},
      {"cooling", "Cooling", {"pue", "wue"}, "cooling systems: PUE and water use"},
      {"racks", "Rack", {"power", "cooling"}, "racks: power and cooling"},
      {"pricing", "Pricing", {"electricity", "gpu_hour", "egress"}, "prices: electricity, accelerator hours, data egress"},
  };
  return views;
}

// One field of an entry as text: quantities in the unit the catalogue wrote, references by key.
std::string field_text(const Program& p, const CatalogueEntry& e, int index) {
  const auto& r = e.value.record();
  const auto& v = r.fields[static_cast<std::size_t>(index)];
  if (!v) return "";
  const Type& t = r.type->types[static_cast<std::size_t>(index)];
  const auto& unit = e.units[static_cast<std::size_t>(index)];
  if (t.is_quantity() && !unit.text.empty()) return format_number(v->number() / unit.factor) + " " + unit.text;
  if (t.kind == Type::Kind::record && v->record().type->catalogue) return v->record().key;
  if (t.kind == Type::Kind::record) {
    std::string s;
    const auto& rec = v->record();
    for (std::size_t i = 0; i < rec.fields.size(); ++i)
      if (rec.fields[i]) s += (s.empty() ? "" : ", ") + rec.type->fields[i] + " " + format_value(*rec.fields[i], rec.type->types[i], DisplayUnit{}, p);
    return s;
  }
  return format_value(*v, t, DisplayUnit{}, p);
}

std::vector<std::string> defaulted_fields(const CatalogueEntry& e) {
  std::vector<std::string> out;
  const auto& r = e.value.record();
  for (std::size_t i = 0; i < r.fields.size(); ++i) {
    if (!r.fields[i]) continue;
    const std::string& name = r.type->fields[i];
    if (i < r.defaulted.size() && r.defaulted[i]) out.push_back(name);
    // A per-precision map given in part; an entry a reference holds has its own marks.
    if (!r.fields[i]->is_record() || r.fields[i]->record().type->catalogue) continue;
    const auto& sub = r.fields[i]->record();
    for (std::size_t k = 0; k < sub.defaulted.size(); ++k)
      if (sub.defaulted[k]) out.push_back(name + "." + sub.type->fields[k]);
  }
  return out;
}

std::string field_origin(const CatalogueEntry& e, int index) {
  const auto& r = e.value.record();
  auto i = static_cast<std::size_t>(index);
  const auto* rule = find_calibration_default(e.kind, r.type->fields[i]);
  if (rule && i < r.defaulted.size() && r.defaulted[i])
    return fmt::format("(default: {}; no calibration, {})", rule->rule, kCalibrationSection);
  if (rule && r.fields[i] && r.fields[i]->is_record()) {
    // A map the entry gives in part: the precisions it lacks.
    const auto& sub = r.fields[i]->record();
    std::vector<std::string> keys;
    for (std::size_t k = 0; k < sub.defaulted.size(); ++k)
      if (sub.defaulted[k]) keys.push_back(sub.type->fields[k]);
    if (!keys.empty())
      return fmt::format("(default for {}: {}; no calibration, {})", fmt::join(keys, ", "), rule->rule, kCalibrationSection);
  }
  return e.field_spans[i].valid() ? "" : "(derived)";
}

std::string scenario_pack(const Program& p, const Scenario& sc) {
  const std::string& file = p.sources.file(sc.file).name;
  const std::string builtin = "<builtin>/scenarios/";
  if (file.starts_with(builtin)) {
    std::string rest = file.substr(builtin.size());
    return rest.substr(0, rest.find('/'));
  }
  return file;
}

std::string scenario_kind(const std::string& pack) {
  if (pack == "training") return "exercise";
  if (pack == "serving" || pack == "systems" || pack == "plan") return "question";
  return "";
}

}  // namespace mlsi
