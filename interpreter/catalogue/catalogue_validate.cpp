// The range and consistency rules of catalogue entries, after their references are resolved.
#include "catalogue/catalogue_loader.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include <toml++/toml.h>

#include "grammar/reserved_words.hpp"
#include "catalogue/catalogue_text.hpp"
#include "model/calibration.hpp"
#include "check/compiler.hpp"
#include "eval/evaluator.hpp"
#include "syntax/parser.hpp"
#include "source/source_excerpt.hpp"

namespace mlsi {

// Range and consistency rules of docs/catalogue.md §5 (rules 5, 15, 21, 22, 23, 25, 26, 27 and the warnings).
void CatalogueLoader::validate(Pending& e) {
  const KindSpec* kind = find_kind_spec(e.kind);
  const auto& rt = *p_.catalogue.kinds.at(e.kind);
  const std::string label = fmt::format("{} `{}`", e.kind, e.key);
  auto index = [&](std::string_view f) { return rt.find(f); };
  auto number = [&](std::string_view f) -> std::optional<double> {
    int i = index(f);
    if (i < 0 || !e.fields[static_cast<std::size_t>(i)] || !e.fields[static_cast<std::size_t>(i)]->is_number()) return std::nullopt;
    return e.fields[static_cast<std::size_t>(i)]->number();
  };
  auto written = [&](std::string_view f) {
    int i = index(f);
    return i >= 0 && e.field_spans[static_cast<std::size_t>(i)].valid();
  };
  auto where = [&](std::string_view f) {
    int i = index(f);
    return i >= 0 && e.field_spans[static_cast<std::size_t>(i)].valid() ? e.field_spans[static_cast<std::size_t>(i)] : e.span;
  };
  auto shown = [&](std::string_view f, double v) {
    int i = index(f);
    const auto& u = e.units[static_cast<std::size_t>(i)];
    return u.text.empty() ? fmt::format("{}", v) : fmt::format("{} {}", v / u.factor, u.text);
  };

  // Rule 15: every magnitude >= 0 (checked when read); required magnitudes > 0; shares, PUE, years.
  for (const auto& f : kind->fields) {
    auto v = number(f.name);
    if (!v || !written(f.name)) continue;
    // Water use may truly be zero (closed-loop liquid cooling); every other required magnitude may not.
    if (f.requirement == Requirement::required && *v <= 0 && f.type != "Text" && f.type != "Bool" && f.name != "wue")
      diags_.error(where(f.name), fmt::format("{}: field `{}` must be greater than 0, got {}", label, f.name, shown(f.name, *v)));
    if (f.name == "pue" && *v < 1) diags_.error(where(f.name), fmt::format("{}: field `pue` must be at least 1, got {}", label, *v));
    if (f.name == "renewable_share" && *v > 1)
      diags_.error(where(f.name), fmt::format("{}: field `renewable_share` must be in [0, 1], got {}", label, *v));
    if (f.name == "year" && (*v < 1940 || *v > 2100))
      diags_.error(where(f.name), fmt::format("{}: field `year` must be between 1940 and 2100, got {}", label, *v));
  }

  auto rule = [&](bool broken, const std::string& field, const std::string& message) {
    if (broken) diags_.error(where(field), fmt::format("{}: {}", label, message));
  };
  // Calibration (§2.14): a measured figure says where it comes from, as an entry does (rule 8).
  for (const auto& c : calibration_defaults()) {
    if (c.kind != e.kind) continue;
    const std::string field(c.field), source = field + "_source";
    if (written(field) && !written(source)) {
      std::string message = fmt::format("{}: `{}` without `{}`: name the microbenchmark or vendor figure it comes from", label, field, source);
      if (e.builtin) diags_.error(where(field), std::move(message));
      else diags_.warning(where(field), message + "; results that use it cannot be traced");
    }
    if (!written(field) && written(source))
      diags_.warning(where(source), fmt::format("{}: `{}` without `{}`: it is the source of nothing", label, source, field));
  }
  for (std::string_view field : {"memory_efficiency", "decode_read_efficiency"}) {
    auto share = number(field);
    rule(written(field) && share && (*share <= 0 || *share > 1), std::string(field),
         fmt::format("`{}` must be a share in (0, 1], got {}", field, share.value_or(0)));
  }
  // A collective that takes no time or moves bytes infinitely fast would make tensor parallelism free.
  for (std::string_view field : {"all_reduce_latency", "all_reduce_bandwidth"}) {
    auto v = number(field);
    if (written(field) && v && *v <= 0)
      rule(true, std::string(field), fmt::format("`{}` must be greater than 0, got {}", field, shown(field, *v)));
  }
  if (e.kind == "Workload") {
    auto params = number("parameters"), active = number("active_parameters");
    auto heads = number("heads"), kv = number("kv_heads"), hidden = number("hidden_dim");
    rule(params && active && *active > *params, "active_parameters",
         fmt::format("`active_parameters` ({}) must not exceed `parameters` ({})", active.value_or(0), params.value_or(0)));
    if (heads && kv)
      rule(*kv > *heads || std::fmod(*heads, *kv) != 0, "kv_heads", fmt::format("`kv_heads` ({}) must divide `heads` ({})", *kv, *heads));
    if (heads && hidden && !written("head_dim"))
      rule(std::fmod(*hidden, *heads) != 0, "hidden_dim",
           fmt::format("`hidden_dim` ({}) is not divisible by `heads` ({}); give `head_dim`", *hidden, *heads));
    auto experts = number("experts"), active_experts = number("active_experts");
    rule(experts && active_experts && *active_experts > *experts, "active_experts",
         fmt::format("`active_experts` ({}) must not exceed `experts` ({})", active_experts.value_or(0), experts.value_or(0)));
    auto layers = number("layers"), dense_layers = number("dense_layers");
    rule(layers && dense_layers && *dense_layers > *layers, "dense_layers",
         fmt::format("`dense_layers` ({}) must not exceed `layers` ({})", dense_layers.value_or(0), layers.value_or(0)));
    auto seq = number("seq_len"), max_seq = number("max_seq_len");
    rule(seq && max_seq && *max_seq < *seq, "max_seq_len", fmt::format("`max_seq_len` ({}) must be at least `seq_len` ({})", max_seq.value_or(0), seq.value_or(0)));
    int fam = index("family");
    bool moe = fam >= 0 && e.fields[static_cast<std::size_t>(fam)] && category_text(*e.fields[static_cast<std::size_t>(fam)]) == "moe";
    // What a token uses and which experts a batch touches are what every MoE answer depends on
    // (docs/language.md §17.4): without them a moe entry would silently be priced as dense.
    std::vector<std::string_view> missing;
    for (std::string_view field : {"active_parameters", "experts", "active_experts"})
      if (moe && !written(field)) missing.push_back(field);
    if (!missing.empty())
      diags_.error(where("family"), fmt::format("Workload `{}` is a moe model: give `{}`", e.key, fmt::join(missing, "`, `")));
    if (!written("parameters") && !written("model_size"))
      diags_.error(e.span, fmt::format("Workload `{}` needs `parameters` (or `model_size`)", e.key));
    // Rule 25: the FFN's kind and the tied embeddings decide the matrices a transformer counts; its source
    // says them, so a built-in entry must, and a user entry is told what it was given (docs/catalogue.md §1.5).
    std::string family = fam >= 0 && e.fields[static_cast<std::size_t>(fam)] ? category_text(*e.fields[static_cast<std::size_t>(fam)]) : "";
    if (family == "transformer" || family == "moe") {
      auto shape_rule = [&](std::string_view field, bool applies, std::string_view given) {
        if (!applies || written(field)) return;
        if (e.builtin)
          diags_.error(e.span, fmt::format("built-in Workload `{}` must give `{}`: its source says it", e.key, field));
        else
          diags_.add(Diagnostic{Severity::note, e.span, fmt::format("Workload `{}` does not give `{}`: taken as {}", e.key, field, given), {}, {}});
      };
      shape_rule("mlp", written("ffn_dim") || written("expert_ffn_dim"), "\"gated\" (three matrices, as SwiGLU)");
      shape_rule("tied_embeddings", written("vocab_size"), "false (an output matrix apart from the embedding table)");
    }
    if (moe && written("moe_layers") && layers) {
      double expected = *layers - dense_layers.value_or(0);
      auto moe_layers = number("moe_layers");
      rule(moe_layers && *moe_layers != expected, "moe_layers",
           fmt::format("`moe_layers` ({}) must equal `layers` - `dense_layers` ({})", moe_layers.value_or(0), expected));
    }
  } else if (e.kind == "Hardware") {
    auto tdp = number("tdp"), lo = number("tdp_min"), hi = number("tdp_max");
    rule(tdp && lo && *tdp < *lo, "tdp", fmt::format("`tdp` ({}) is below `tdp_min` ({})", shown("tdp", tdp.value_or(0)), shown("tdp_min", lo.value_or(0))));
    rule(tdp && hi && *tdp > *hi, "tdp", fmt::format("`tdp` ({}) is above `tdp_max` ({})", shown("tdp", tdp.value_or(0)), shown("tdp_max", hi.value_or(0))));
    auto price = number("price"), price_max = number("price_max");
    rule(price && price_max && *price > *price_max, "price", "`price` must not exceed `price_max`");
    auto sram = number("sram"), memory = number("memory");
    int tier = index("tier");
    bool tiny = tier >= 0 && e.fields[static_cast<std::size_t>(tier)] && category_text(*e.fields[static_cast<std::size_t>(tier)]) == "tiny";
    rule(!tiny && sram && memory && *sram > *memory, "sram", "`sram` must not exceed `memory` (outside the tiny tier)");
    int flops = index("flops"), sparse = index("flops_sparse");
    std::string precision = "fp16";
    if (int pp = index("peak_precision"); pp >= 0 && e.fields[static_cast<std::size_t>(pp)]) precision = category_text(*e.fields[static_cast<std::size_t>(pp)]);
    auto peak = number("peak_flops");
    if (flops >= 0 && e.fields[static_cast<std::size_t>(flops)] && peak && written("flops")) {
      const auto& r = e.fields[static_cast<std::size_t>(flops)]->record();
      int pi = r.type->find(precision);
      if (pi >= 0 && r.fields[static_cast<std::size_t>(pi)] && std::fabs(r.fields[static_cast<std::size_t>(pi)]->number() - *peak) > 1e-9 * *peak)
        rule(true, "flops", fmt::format("`flops.{}` must equal `peak_flops`", precision));
      if (sparse >= 0 && e.fields[static_cast<std::size_t>(sparse)]) {
        const auto& sr = e.fields[static_cast<std::size_t>(sparse)]->record();
        for (std::size_t k = 0; k < sr.fields.size(); ++k)
          if (sr.fields[k] && r.fields[k] && sr.fields[k]->number() < r.fields[k]->number())
            rule(true, "flops_sparse", fmt::format("`flops_sparse.{}` is below the dense rate", sr.type->fields[k]));
      }
    }
    if (!e.builtin && written("device_link_bandwidth") && !written("device_link_bidirectional"))
      diags_.warning(where("device_link_bandwidth"),
                     fmt::format("{}: `device_link_bandwidth` without `device_link_bidirectional`: taken as per direction", label));
  } else if (e.kind == "Pricing") {
    // A price range is two fields, X and X_max (as Hardware.price and price_max).
    for (std::string_view field : {"nvme_storage", "labelling_crowd", "labelling_box", "labelling_medical"}) {
      std::string top = std::string(field) + "_max";
      auto low = number(field), high = number(top);
      rule(low && high && *low > *high, std::string(field), fmt::format("`{}` must not exceed `{}`", field, top));
    }
  } else if (e.kind == "Fleet") {
    if (written("accelerators")) {
      int node = index("node");
      if (node >= 0 && e.fields[static_cast<std::size_t>(node)]) {
        const auto& n = e.fields[static_cast<std::size_t>(node)]->record();
        const auto& per = n.fields[static_cast<std::size_t>(n.type->find("accelerators_per_node"))];
        auto nodes = number("nodes"), acc = number("accelerators");
        if (per && nodes && acc && *acc != per->number() * *nodes)
          rule(true, "accelerators", fmt::format("`accelerators` ({}) must equal `nodes` x `node.accelerators_per_node` ({})", *acc, per->number() * *nodes));
      }
    }
  } else if (e.kind == "Node") {
    int acc = index("accelerator");
    auto intra = number("intra_node_bandwidth");
    if (acc >= 0 && e.fields[static_cast<std::size_t>(acc)] && intra) {
      const auto& h = e.fields[static_cast<std::size_t>(acc)]->record();
      const auto& link = h.fields[static_cast<std::size_t>(h.type->find("device_link_bandwidth"))];
      if (link && *intra > link->number() * (1 + 1e-9))
        diags_.warning(where("intra_node_bandwidth"), fmt::format("{}: `intra_node_bandwidth` is larger than its accelerator's `device_link_bandwidth`", label));
    }
  }
}

}  // namespace mlsi
