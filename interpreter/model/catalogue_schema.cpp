// The record schemas of the built-in catalogue: every kind of docs/catalogue.md §2, every field of its table, in
// that order. Requirements follow the "requirement" column (§1.5 for derived fields); cross-field rules
// ("parameters unless model_size", "active_parameters for moe") are checked by the loader, not here.
#include "model/catalogue.hpp"

namespace mlsi {

namespace {

constexpr Requirement kRequired = Requirement::required;
constexpr Requirement kOptional = Requirement::optional;
constexpr Requirement kDerived = Requirement::derived;

constexpr bool kWhole = true;
constexpr bool kAny = false;

}  // namespace

const std::vector<std::string_view>& precision_keys() {
  static const std::vector<std::string_view> keys = {"fp32", "tf32", "bf16", "fp16", "fp8",
                                                     "fp6",  "fp4",  "int8", "int4"};
  return keys;
}

const std::vector<FieldSpec>& common_fields() {
  static const std::vector<FieldSpec> fields = {
      {"name", "Text", kRequired, kAny, {}, "human-readable name"},
      {"aliases", "list Text", kOptional, kAny, {}, "extra names for the same entry"},
      {"source", "Text", kRequired, kAny, {}, "where the figures come from (warning if missing in user files)"},
      {"source_kind", "Text", kOptional, kAny,
       {"datasheet", "paper", "model card", "product page", "derived", "estimate", "convention"},
       "kind of source"},
      {"source_url", "Text", kOptional, kAny, {}, "address of the source"},
      {"note", "Text", kOptional, kAny, {}, "free-form remark"},
      {"override", "Bool", kOptional, kAny, {}, "user files only: replace a built-in entry of the same kind"},
  };
  return fields;
}

const std::vector<KindSpec>& catalogue_schema() {
  static const std::vector<KindSpec> kinds = {
      // §2.1
      {"Workload",
       {
           {"family", "Text", kRequired, kAny,
            {"transformer", "moe", "cnn", "ssm", "diffusion", "mlp", "recsys", "policy"},
            "architecture family (policy: embodied vision-language-action and control policies)"},
           {"attention", "Text", kOptional, kAny, {"mha", "gqa", "mla", "none"},
            "attention variant; decides which KV-cache formula applies"},
           {"parameters", "Count", kOptional, kAny, {}, "total parameters (required unless model_size is given)"},
           {"active_parameters", "Count", kDerived, kAny, {}, "parameters used per token (= parameters; required for moe)"},
           {"model_size", "Information", kOptional, kAny, {}, "stored size, for models without a single parameter count"},
           {"layers", "Count", kOptional, kWhole, {}, "transformer blocks / network depth"},
           {"hidden_dim", "Count", kOptional, kWhole, {}, "model width d_model"},
           {"heads", "Count", kOptional, kWhole, {}, "attention (query) heads"},
           {"kv_heads", "Count", kOptional, kWhole, {}, "key/value heads (= heads for MHA, fewer for GQA); absent for MLA"},
           {"head_dim", "Count", kDerived, kWhole, {}, "per-head width (= hidden_dim / heads); stated where it differs"},
           {"ffn_dim", "Count", kOptional, kWhole, {}, "feed-forward inner width (dense layers)"},
           {"mlp", "Text", kDerived, kAny, {"gelu", "gated"},
            "feed-forward kind: gelu, two matrices around a pointwise activation (GELU; ReLU in OPT), or gated, three (SwiGLU, GeGLU)"},
           {"seq_len", "Count", kOptional, kWhole, {}, "training context length, in tokens"},
           {"max_seq_len", "Count", kOptional, kWhole, {}, "longest context the released model supports, where longer than seq_len"},
           {"vocab_size", "Count", kOptional, kWhole, {}, "tokenizer vocabulary"},
           {"tied_embeddings", "Bool", kDerived, kAny, {},
            "the output (logits) matrix is the input embedding table: one vocab_size x hidden_dim matrix, not two"},
           {"inference_flops", "Compute", kOptional, kAny, {},
            "per generated token (decoder LMs), per sequence (encoders), per input (vision), per denoising step (diffusion)"},
           {"inference_seq_len", "Count", kOptional, kWhole, {}, "sequence length at which an encoder's inference_flops is quoted"},
           {"inference_macs", "Count", kOptional, kAny, {}, "multiply-accumulates per input, where the source quotes MACs"},
           {"inference_energy", "Energy", kOptional, kAny, {}, "energy per inference, where quoted"},
           {"resolution", "Count", kOptional, kWhole, {}, "input side in pixels (square input) at which FLOPs are quoted"},
           {"training_tokens", "Count", kOptional, kAny, {}, "pretraining tokens"},
           {"training_flops", "Compute", kOptional, kAny, {}, "total training compute as published"},
           {"training_accelerators", "Count", kOptional, kWhole, {}, "accelerators of the published (or reference) training run"},
           {"training_time", "Time", kOptional, kAny, {}, "wall-clock duration of that run"},
           {"training_energy", "Energy", kOptional, kAny, {}, "published training energy"},
           {"training_data_size", "Information", kOptional, kAny, {}, "training corpus size"},
           {"experts", "Count", kOptional, kWhole, {}, "routed experts per MoE layer"},
           {"active_experts", "Count", kOptional, kWhole, {}, "routed experts per token (top-k)"},
           {"shared_experts", "Count", kOptional, kWhole, {}, "always-on experts per MoE layer"},
           {"expert_ffn_dim", "Count", kOptional, kWhole, {}, "inner width of one expert"},
           {"dense_layers", "Count", kOptional, kWhole, {}, "layers with a dense FFN (ffn_dim) instead of experts (MoE)"},
           {"moe_layers", "Count", kDerived, kWhole, {}, "layers whose FFN is experts (= layers - dense_layers, for moe)"},
           {"kv_lora_rank", "Count", kOptional, kWhole, {}, "MLA compressed KV width per token per layer"},
           {"q_lora_rank", "Count", kOptional, kWhole, {}, "MLA compressed query width"},
           {"qk_rope_head_dim", "Count", kOptional, kWhole, {}, "MLA decoupled RoPE key width (cached alongside kv_lora_rank)"},
           {"qk_nope_head_dim", "Count", kOptional, kWhole, {}, "MLA per-head query and key width without RoPE"},
           {"v_head_dim", "Count", kOptional, kWhole, {}, "MLA per-head value width"},
           {"state_size", "Count", kOptional, kWhole, {}, "SSM state dimension N"},
           {"denoising_steps", "Count", kOptional, kWhole, {}, "default sampler steps (diffusion)"},
           {"embedding_entries", "Count", kOptional, kAny, {}, "embedding-table rows (recsys)"},
           {"action_chunk", "Count", kOptional, kWhole, {}, "actions emitted per policy call"},
           {"action_dim", "Count", kOptional, kWhole, {}, "degrees of freedom per action"},
       }},
      // §2.2
      {"Hardware",
       {
           {"year", "Count", kRequired, kWhole, {}, "release year"},
           {"tier", "Text", kRequired, kAny, {"cloud", "workstation", "mobile", "edge", "tiny"}, "deployment tier"},
           {"peak_flops", "Compute / Time", kRequired, kAny, {}, "default peak rate: dense, at peak_precision"},
           {"peak_precision", "Text", kOptional, kAny, precision_keys(), "precision at which peak_flops is quoted (default fp16)"},
           {"flops", "rates Compute / Time", kDerived, kAny, {},
            "dense per-precision rates as the vendor quotes them (the peak_precision key is derived)"},
           {"flops_sparse", "rates Compute / Time", kOptional, kAny, {}, "rates with 2:4 structured sparsity, where quoted"},
           {"memory", "Information", kRequired, kAny, {}, "main memory capacity (HBM, DRAM, on-chip SRAM, or flash for tiny)"},
           {"memory_bandwidth", "Information / Time", kRequired, kAny, {}, "bandwidth of memory"},
           {"sram", "Information", kOptional, kAny, {}, "on-chip SRAM / scratchpad capacity"},
           {"sram_bandwidth", "Information / Time", kOptional, kAny, {}, "bandwidth of sram"},
           {"flash", "Information", kOptional, kAny, {}, "on-chip flash (tiny tier)"},
           {"flash_bandwidth", "Information / Time", kOptional, kAny, {}, "bandwidth of flash"},
           {"l2_cache", "Information", kOptional, kAny, {}, "L2 cache capacity"},
           {"sm_count", "Count", kOptional, kWhole, {}, "streaming multiprocessors / cores"},
           {"shared_memory_per_sm", "Information", kOptional, kAny, {}, "shared memory per SM"},
           {"register_file_per_sm", "Information", kOptional, kAny, {}, "register file per SM"},
           {"storage", "Information", kOptional, kAny, {}, "local storage"},
           {"storage_bandwidth", "Information / Time", kOptional, kAny, {}, "bandwidth of storage"},
           {"host_link", "Text", kOptional, kAny, {}, "host link name (PCIe generation ...)"},
           {"host_link_bandwidth", "Information / Time", kOptional, kAny, {}, "host link, per direction"},
           {"device_link", "Text", kOptional, kAny, {}, "device-to-device link name"},
           {"device_link_bandwidth", "Information / Time", kOptional, kAny, {}, "device link, as the vendor quotes it"},
           {"device_link_bidirectional", "Bool", kDerived, kAny, {},
            "true when that figure is send + receive summed (NVLink, ICI); transfer times then use half"},
           {"tdp", "Power", kOptional, kAny, {}, "thermal design power (nominal)"},
           {"tdp_min", "Power", kOptional, kAny, {}, "bottom of the configurable power range"},
           {"tdp_max", "Power", kOptional, kAny, {}, "top of the configurable power range"},
           {"battery", "Energy", kOptional, kAny, {}, "battery capacity (mobile, wearables)"},
           {"price", "Money", kOptional, kAny, {}, "indicative unit price (most are estimates)"},
           {"price_max", "Money", kOptional, kAny, {}, "top of a published price range"},
           {"hour_price", "Money / Time", kOptional, kAny, {},
            "price of one device-hour rented on demand (the one source of device-hour prices)"},
           {"accelerators", "Count", kDerived, kWhole, {}, "accelerators inside one catalogue entry (72 for a GB200 NVL72 rack)"},
           {"embodied_carbon", "Mass", kOptional, kAny, {}, "manufacturing emissions, CO2e"},
           {"dispatch_overhead", "Time", kDerived, kAny, {}, "fixed per-call overhead (kernel dispatch, runtime)"},
           {"mig_profiles", "mig_profiles", kOptional, kAny, {}, "GPU partition profiles (name, memory, sm_count)"},
           // Calibration (§2.14): each measured figure, then where it comes from.
           {"gemm_efficiency", "shares", kDerived, kAny, {},
            "share of flops.<precision> a large dense GEMM sustains (cuBLAS sweep), per precision"},
           {"gemm_efficiency_source", "Text", kOptional, kAny, {}, "the microbenchmark or vendor figure gemm_efficiency comes from"},
           {"gemm_latency", "Time", kDerived, kAny, {},
            "fixed time of one GEMM kernel beyond its FLOPs: F FLOPs take gemm_latency + F / (gemm_efficiency.p * flops.p)"},
           {"gemm_latency_source", "Text", kOptional, kAny, {}, "the microbenchmark gemm_latency comes from"},
           {"memory_efficiency", "Count", kDerived, kAny, {}, "share of memory_bandwidth a streaming copy achieves (STREAM, BabelStream)"},
           {"memory_efficiency_source", "Text", kOptional, kAny, {}, "the microbenchmark memory_efficiency comes from"},
           {"kernel_launch", "Time", kDerived, kAny, {}, "launch overhead of one kernel (an empty-kernel loop)"},
           {"kernel_launch_source", "Text", kOptional, kAny, {}, "the microbenchmark kernel_launch comes from"},
           {"decode_read_efficiency", "Count", kDerived, kAny, {},
            "share of memory_bandwidth decode-shaped streaming reads achieve (weights and KV cache, read-only, many blocks)"},
           {"decode_read_efficiency_source", "Text", kOptional, kAny, {}, "the microbenchmark decode_read_efficiency comes from"},
           {"all_reduce_latency", "Time", kDerived, kAny, {},
            "time of a small (64 KiB or less) all-reduce among the accelerators of its standard node over its device link, as tensor-parallel decode runs it"},
           {"all_reduce_latency_source", "Text", kOptional, kAny, {}, "the microbenchmark all_reduce_latency comes from"},
           {"all_reduce_bandwidth", "Information / Time", kDerived, kAny, {},
            "bus bandwidth (nccl-tests busbw) of a large all-reduce among up to 8 of them over its device link (PCIe when it has none)"},
           {"all_reduce_bandwidth_source", "Text", kOptional, kAny, {}, "the microbenchmark all_reduce_bandwidth comes from"},
       }},
      // §2.3
      {"Node",
       {
           {"accelerator", "ref Hardware", kRequired, kAny, {}, "accelerator model"},
           {"accelerators_per_node", "Count", kRequired, kWhole, {}, "accelerators in one node"},
           {"intra_node_bandwidth", "Information / Time", kRequired, kAny, {},
            "accelerator-to-accelerator bandwidth inside the node, as quoted (the NVLink figure)"},
           {"intra_node_bidirectional", "Bool", kRequired, kAny, {}, "true when that figure is send + receive summed"},
           {"nics", "Count", kOptional, kWhole, {}, "network adapters per node"},
           {"price", "Money", kOptional, kAny, {}, "purchase price of one node"},
           {"collective_bandwidth", "Information / Time", kDerived, kAny, {},
            "achieved all-reduce bus bandwidth among the node's accelerators (nccl-tests busbw, large messages)"},
           {"collective_bandwidth_source", "Text", kOptional, kAny, {}, "the microbenchmark collective_bandwidth comes from"},
           {"collective_latency", "Time", kDerived, kAny, {}, "fixed time of one collective among them (nccl-tests, small messages)"},
           {"collective_latency_source", "Text", kOptional, kAny, {}, "the microbenchmark collective_latency comes from"},
       }},
      // §2.4
      {"Fabric",
       {
           {"bandwidth", "Information / Time", kRequired, kAny, {}, "per port, per direction"},
           {"latency", "Time", kRequired, kAny, {}, "one-way end-to-end latency (alpha) of one message"},
           {"topology", "Text", kDerived, kAny, {}, "network topology (default fat-tree)"},
           {"oversubscription", "Count", kDerived, kAny, {},
            "ratio (default 1); effective inter-node bandwidth = bandwidth / oversubscription"},
           {"collective_bandwidth", "Information / Time", kDerived, kAny, {},
            "achieved bus bandwidth of collectives across nodes, per port (one NIC per accelerator; nccl-tests busbw)"},
           {"collective_bandwidth_source", "Text", kOptional, kAny, {}, "the microbenchmark collective_bandwidth comes from"},
           {"collective_latency", "Time", kDerived, kAny, {}, "fixed time of one collective across nodes (nccl-tests, small messages)"},
           {"collective_latency_source", "Text", kOptional, kAny, {}, "the microbenchmark collective_latency comes from"},
       }},
      // §2.5
      {"Fleet",
       {
           {"node", "ref Node", kRequired, kAny, {}, "node type"},
           {"nodes", "Count", kRequired, kWhole, {}, "number of nodes"},
           {"accelerators", "Count", kDerived, kWhole, {}, "nodes x accelerators per node; if written, must match"},
           {"accelerator", "ref Hardware", kDerived, kAny, {}, "node.accelerator"},
           {"fabric", "ref Fabric", kRequired, kAny, {}, "inter-node network"},
           {"grid", "ref Grid", kOptional, kAny, {}, "where it runs (economics and carbon use default_grid when absent)"},
       }},
      // §2.6
      {"Pod",
       {
           {"accelerator", "ref Hardware", kRequired, kAny, {}, "accelerator model"},
           {"accelerators", "Count", kRequired, kWhole, {}, "chips in the pod"},
           {"memory", "Information", kDerived, kAny, {}, "total accelerator memory (accelerators x accelerator.memory)"},
           {"power", "Power", kOptional, kAny, {}, "facility power of the pod"},
       }},
      // §2.7
      {"Dataset",
       {
           {"train_examples", "Count", kOptional, kWhole, {}, "training split"},
           {"validation_examples", "Count", kOptional, kWhole, {}, "validation split"},
           {"test_examples", "Count", kOptional, kWhole, {}, "test split"},
           {"total_examples", "Count", kOptional, kAny, {}, "whole corpus, where the splits are not the figure quoted"},
           {"classes", "Count", kOptional, kWhole, {}, "label classes"},
           {"image_width", "Count", kOptional, kWhole, {}, "input width in pixels, as used in training"},
           {"image_height", "Count", kOptional, kWhole, {}, "input height in pixels, as used in training"},
           {"channels", "Count", kOptional, kWhole, {}, "colour channels of the input, as used in training"},
           {"languages", "Count", kOptional, kWhole, {}, "(speech) languages"},
           {"keywords", "Count", kOptional, kWhole, {}, "(speech) distinct keywords"},
           {"clip_length", "Time", kOptional, kAny, {}, "(audio) length of one example"},
           {"sample_rate", "1 / Time", kOptional, kAny, {}, "(audio) sample rate"},
           {"bytes_per_sample", "Information", kOptional, kAny, {}, "(audio) storage per sample"},
           {"episodes", "Count", kOptional, kWhole, {}, "(robot learning) recorded episodes (trajectories, demonstrations)"},
           {"total_duration", "Time", kOptional, kAny, {}, "(robot learning) recorded time of all episodes"},
           {"embodiments", "Count", kOptional, kWhole, {}, "(robot learning) distinct robot types recorded"},
       }},
      // §2.8
      {"Precision",
       {
           {"bytes", "Information", kRequired, kAny, {},
            "storage per element (block-scale overhead of microscaled formats excluded)"},
           {"bits", "Count", kDerived, kAny, {}, "bytes x 8"},
           {"kind", "Text", kRequired, kAny, {"float", "int"}, "floating-point or integer format"},
       }},
      // §2.9
      {"Grid",
       {
           {"carbon_intensity", "Mass / Energy", kRequired, kAny, {}, "grid average CO2e per kWh delivered"},
           {"pue", "Count", kRequired, kAny, {}, "typical power usage effectiveness of a datacenter on this grid (>= 1)"},
           {"wue", "Volume / Energy", kOptional, kAny, {}, "typical water usage effectiveness"},
           {"renewable_share", "Count", kOptional, kAny, {}, "share of renewable generation, in [0, 1]"},
           {"generation", "Text", kOptional, kAny, {}, "dominant source (hydro, nuclear, coal, mixed ...)"},
       }},
      // §2.10
      {"Datacenter",
       {
           {"grid", "ref Grid", kRequired, kAny, {}, "grid it draws from"},
           {"pue", "Count", kDerived, kAny, {}, "facility PUE when it overrides the grid's (>= 1)"},
           {"wue", "Volume / Energy", kDerived, kAny, {}, "facility WUE (default: the grid's)"},
       }},
      // §2.11
      {"Cooling",
       {
           {"pue", "Count", kRequired, kAny, {}, "PUE of this facility class (>= 1)"},
           {"wue", "Volume / Energy", kRequired, kAny, {}, "WUE of this facility class"},
       }},
      // §2.12
      {"Rack",
       {
           {"power", "Power", kRequired, kAny, {}, "power budget per rack"},
           {"cooling", "Text", kRequired, kAny, {"air", "liquid"}, "cooling method"},
       }},
      // §2.13 (all fields optional; an entry holds the prices of one market)
      {"Pricing",
       {
           {"electricity", "Money / Energy", kOptional, kAny, {}, "energy price"},
           {"gpu_hour", "Money / Time", kOptional, kAny, {}, "one accelerator-hour, on demand (training)"},
           {"gpu_hour_inference", "Money / Time", kOptional, kAny, {}, "one accelerator-hour, inference instances"},
           {"gpu_hour_spot", "Money / Time", kOptional, kAny, {}, "preemptible accelerator-hour"},
           {"gpu_hour_internal", "Money / Time", kOptional, kAny, {}, "internal chargeback rate"},
           {"tpu_hour", "Money / Time", kOptional, kAny, {}, "one TPU v4 chip-hour"},
           {"egress", "Money / Information", kOptional, kAny, {}, "data leaving the cloud"},
           {"object_storage", "Money / (Information * Time)", kOptional, kAny, {}, "hot object storage"},
           {"archive_storage", "Money / (Information * Time)", kOptional, kAny, {}, "cold archive storage"},
           {"archive_retrieval", "Money / Information", kOptional, kAny, {}, "reading back from archive"},
           {"carbon_per_gpu_hour", "Mass / Time", kOptional, kAny, {}, "CO2e per accelerator-hour"},
           {"maintenance_rate", "1 / Time", kOptional, kAny, {}, "yearly maintenance as a fraction of capital cost"},
           {"nvme_storage", "Money / (Information * Time)", kOptional, kAny, {}, "local NVMe storage (bottom of a range)"},
           {"nvme_storage_max", "Money / (Information * Time)", kOptional, kAny, {}, "top of the nvme_storage range"},
           {"labelling_crowd", "Money", kOptional, kAny, {}, "one crowd-sourced label (classification; bottom of a range)"},
           {"labelling_crowd_max", "Money", kOptional, kAny, {}, "top of the labelling_crowd range"},
           {"labelling_box", "Money", kOptional, kAny, {}, "one bounding-box annotation (bottom of a range)"},
           {"labelling_box_max", "Money", kOptional, kAny, {}, "top of the labelling_box range"},
           {"labelling_medical", "Money", kOptional, kAny, {}, "one expert (medical) annotation (bottom of a range)"},
           {"labelling_medical_max", "Money", kOptional, kAny, {}, "top of the labelling_medical range"},
       }},
  };
  return kinds;
}

const KindSpec* find_kind_spec(const std::string& name) {
  for (const auto& k : catalogue_schema())
    if (k.name == name) return &k;
  return nullptr;
}

const FieldSpec* find_field_spec(const KindSpec& kind, const std::string& name) {
  for (const auto& f : common_fields())
    if (f.name == name) return &f;
  for (const auto& f : kind.fields)
    if (f.name == name) return &f;
  return nullptr;
}

}  // namespace mlsi
