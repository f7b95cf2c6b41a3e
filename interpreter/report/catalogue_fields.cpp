#include "report/catalogue_fields.hpp"

#include "model/display.hpp"

namespace mlsi {

const std::vector<KindView>& kind_views() {
  static const std::vector<KindView> views = {
      {"hardware", "Hardware", {"name", "year", "tier", "peak_flops", "memory", "memory_bandwidth", "tdp"}},
      {"workloads", "Workload", {"name", "family", "parameters", "layers", "hidden_dim", "heads", "kv_heads", "seq_len"}},
      {"nodes", "Node", {"accelerator", "accelerators_per_node", "intra_node_bandwidth", "intra_node_bidirectional"}},
      {"fabrics", "Fabric", {"name", "bandwidth", "latency"}},
      {"fleets", "Fleet", {"node", "nodes", "accelerators", "fabric"}},
      {"pods", "Pod", {"accelerator", "accelerators", "memory"}},
      {"datasets", "Dataset", {"name", "train_examples", "test_examples", "classes"}},
      {"precisions", "Precision", {"bytes", "bits", "kind"}},
      {"grids", "Grid", {"carbon_intensity", "pue", "wue", "renewable_share"}},
      {"datacenters", "Datacenter", {"grid", "pue", "wue"}},
      {"cooling", "Cooling", {"pue", "wue"}},
      {"racks", "Rack", {"power", "cooling"}},
      {"pricing", "Pricing", {"electricity", "gpu_hour", "egress"}},
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

std::string first_line(const std::string& doc) { return doc.substr(0, doc.find('\n')); }

}  // namespace mlsi
