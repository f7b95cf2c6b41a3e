#include "model/calibration_defaults.hpp"

#include "model/calibration.hpp"

namespace mlsi {

namespace {

// `shares`: a share per precision for each precision `rates` quotes; the ones `given` lacks are `share`.
RecordValue filled_shares(const RecordValue& rates, const std::optional<Value>& given, double share, const std::string& key,
                          const std::string& kind, const std::string& field, const std::shared_ptr<const RecordType>& type) {
  RecordValue out;
  if (given) out = given->record();
  out.type = type;
  out.fields.resize(type->fields.size());
  out.owner = key;
  out.owner_kind = kind;
  out.owner_field = field;
  for (std::size_t k = 0; k < out.fields.size() && k < rates.fields.size(); ++k) {
    if (out.fields[k] || !rates.fields[k]) continue;
    out.fields[k].emplace(share);  // in place: GCC 12 warns (falsely) on moving a temporary Value into the optional
    // Marked per precision only in a map the entry gives: a map that is all defaults is marked as a whole.
    if (given) {
      out.defaulted.resize(out.fields.size());
      out.defaulted[k] = true;
    }
  }
  return out;
}

}  // namespace

std::vector<bool> fill_calibration_defaults(const std::string& key, const std::string& kind, const RecordType& rt,
                                            std::vector<std::optional<Value>>& fields, std::vector<DisplayUnitText>& units) {
  std::vector<bool> defaulted;
  auto at = [&](std::string_view f) -> std::optional<Value>& { return fields[static_cast<std::size_t>(rt.find(f))]; };
  auto number = [&](std::string_view f) -> std::optional<double> {
    int i = rt.find(f);
    if (i < 0 || !fields[static_cast<std::size_t>(i)] || !fields[static_cast<std::size_t>(i)]->is_number()) return std::nullopt;
    return fields[static_cast<std::size_t>(i)]->number();
  };
  auto set = [&](std::string_view f, Value v, DisplayUnitText unit) {
    auto i = static_cast<std::size_t>(rt.find(f));
    fields[i] = std::move(v);
    units[i] = std::move(unit);
    defaulted.resize(fields.size());
    defaulted[i] = true;
  };
  // A bandwidth default is shown in the unit of the figure it comes from.
  auto unit_of = [&](std::string_view f) { return units[static_cast<std::size_t>(rt.find(f))]; };
  for (const auto& d : calibration_defaults()) {
    if (d.kind != kind) continue;
    int index = rt.find(d.field);
    if (index < 0) continue;
    std::optional<Value>& v = fields[static_cast<std::size_t>(index)];
    if (d.field == "gemm_efficiency") {
      const auto& flops = at("flops");
      if (!flops || !flops->is_record()) continue;
      const auto& type = rt.types[static_cast<std::size_t>(index)].record;
      RecordValue shares = filled_shares(flops->record(), v, d.value, key, kind, std::string(d.field), type);
      if (v) v = Value(std::move(shares));
      else set(d.field, Value(std::move(shares)), {});
    } else if (v) {
      continue;
    } else if (d.field == "collective_bandwidth" && kind == "Node") {
      // The per-direction figure: a bidirectional (send + receive) one is halved.
      auto bandwidth = number("intra_node_bandwidth");
      const auto& bidirectional = at("intra_node_bidirectional");
      if (!bandwidth) continue;
      double per_direction = *bandwidth * (bidirectional && bidirectional->boolean() ? 0.5 : 1.0);
      set(d.field, Value(d.value * per_direction), unit_of("intra_node_bandwidth"));
    } else if (d.field == "all_reduce_bandwidth") {
      // The device link per direction (a bidirectional figure halved); a part without one reduces over PCIe.
      if (auto link = number("device_link_bandwidth")) {
        const auto& bidirectional = at("device_link_bidirectional");
        set(d.field, Value(d.value * *link * (bidirectional && bidirectional->boolean() ? 0.5 : 1.0)), unit_of("device_link_bandwidth"));
      } else if (auto host = number("host_link_bandwidth")) {
        set(d.field, Value(d.value * *host), unit_of("host_link_bandwidth"));
      }
    } else if (d.field == "decode_read_efficiency") {
      // memory_efficiency comes first in calibration_defaults(), so it is here, given or defaulted.
      if (auto copy = number("memory_efficiency")) set(d.field, Value(d.value * *copy), {});
    } else if (d.field == "collective_bandwidth" && kind == "Fabric") {
      auto bandwidth = number("bandwidth");
      double oversubscription = number("oversubscription").value_or(1.0);
      if (!bandwidth || oversubscription <= 0) continue;
      set(d.field, Value(d.value * *bandwidth / oversubscription), unit_of("bandwidth"));
    } else {
      // memory_efficiency, or a fixed time (gemm_latency, kernel_launch, all_reduce_latency, collective_latency), shown as a
      // derived field is, in the unit a table chooses.
      set(d.field, Value(d.value), {});
    }
  }
  return defaulted;
}

}  // namespace mlsi
