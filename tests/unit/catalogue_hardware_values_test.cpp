// The catalogue's hardware against its published figures (docs/catalogue.md §5.1 spot values, §1.5 derived
// fields, §3.1 accelerators by tier), in SI units (catalogue_facts.hpp says how the figures were written).
#include "catalogue_facts.hpp"

namespace catalogue_facts {

// clang-format off
const std::vector<Spot> kHardwareSpots = {
  // ---- §5.1 spot values --------------------------------------------------------------------------------
  {"H100", "memory", 85899345920.0},               // §5.1: H100.memory == 85899345920 byte ("80 GiB")
  {"H100", "peak_flops", 9.89e14},                 // §5.1: H100.peak_flops == 9.89e14 FLOP/s ("989 TFLOP/s")
  {"InfiniBand_NDR", "bandwidth", 5e10},           // §5.1: InfiniBand_NDR.bandwidth == 5e10 byte/s ("400 Gbps")
  {"GPT3", "training_flops", 3.14e23},             // §5.1: GPT3.training_flops == 3.14e23 FLOP
  {"US_Avg", "carbon_intensity", 0.429 / 3.6e6},   // §5.1: US_Avg.carbon_intensity == 0.429 kg/kWh ("429 g/kWh")
  {"fp6", "bytes", 0.75},                          // §5.1: fp6.bytes == 0.75 byte

  // ---- §1.5 derived fields -----------------------------------------------------------------------------
  {"Frontier_8K", "accelerators", 8192},           // §5.1/§3.3: Frontier_8K nodes 1024 x DGX_H100 8 = 8192
  {"Research_256", "accelerators", 256},           // §3.3: 32 nodes x 8 = 256
  {"Training_1K", "accelerators", 1024},           // §3.3: 128 x 8 = 1024
  {"Production_2K", "accelerators", 2048},         // §3.3: 256 x 8 = 2048
  {"Training_10K", "accelerators", 10000},         // §3.3: 1250 x 8 = 10000
  {"Reference_25K_H100", "accelerators", 25000},   // §3.3: 3125 x 8 = 25000
  {"Mega_100K", "accelerators", 100000},           // §3.3: 12500 x 8 = 100000
  {"Frontier_8K", "accelerator.memory", 80 * GiB}, // §1.5 Fleet.accelerator = node.accelerator = H100 ("80 GiB")
  {"Mega_100K", "accelerator.peak_flops", 989 * TFLOP}, // §1.5 Fleet.accelerator = H100 ("989 TFLOP/s")
  {"GPT3", "active_parameters", 175e9},            // §1.5 active_parameters = parameters (dense): 175e9
  {"Llama2_70B", "active_parameters", 70e9},       // §1.5 dense: 70e9
  {"BERT_Base", "active_parameters", 110e6},       // §1.5 dense: 110e6
  {"ResNet50", "active_parameters", 25.6e6},       // §1.5 dense: 25.6e6
  {"GPT3", "head_dim", 128},                       // §1.5 head_dim = hidden_dim / heads = 12288 / 96 = 128
  {"BERT_Base", "head_dim", 64},                   // §3.2.1: 768 / 12 = 64
  {"BERT_Large", "head_dim", 64},                  // §3.2.1: 1024 / 16 = 64
  {"GPT2_Small", "head_dim", 64},                  // §3.2.1: 768 / 12 = 64
  {"GPT2", "head_dim", 64},                        // §3.2.1: 1600 / 25 = 64
  {"GPT4", "head_dim", 128},                       // §3.2.1: 16384 / 128 = 128
  {"Llama2_7B", "head_dim", 128},                  // §3.2.1: 4096 / 32 = 128
  {"Llama2_70B", "head_dim", 128},                 // §3.2.1: 8192 / 64 = 128
  {"Llama3_8B", "head_dim", 128},                  // §3.2.1: 4096 / 32 = 128
  {"Llama3_70B", "head_dim", 128},                 // §3.2.1: 8192 / 64 = 128
  {"Llama3_405B", "head_dim", 128},                // §3.2.1: 16384 / 128 = 128
  {"Mixtral_8x7B", "head_dim", 128},               // §3.2.1: 4096 / 32 = 128
  {"DeepSeek_V3", "head_dim", 128},                // §3.2.1: "DeepSeek-V3 states it (128)"
  {"H100", "flops.fp16", 989 * TFLOP},             // §1.5 flops.<peak_precision fp16> = peak_flops "989 TFLOP/s"
  {"Gaudi2", "flops.bf16", 432 * TFLOP},           // §1.5 flops.bf16 = peak_flops "432 TFLOP/s" (peak_precision bf16)
  {"TPUv1", "flops.int8", 92 * TOPS},              // §1.5 flops.int8 = peak_flops "92 TOPS"
  {"Untether_speedAI240", "flops.fp8", 2 * PFLOP}, // §1.5 flops.fp8 = peak_flops "2 PFLOP/s"
  {"MacBookM3Max", "flops.fp32", 14.2 * TFLOP},    // §1.5 flops.fp32 = peak_flops "14.2 TFLOP/s"
  {"ESP32_S3", "flops.fp32", 0.5 * GFLOP},         // §1.5 flops.fp32 = peak_flops "0.5 GFLOP/s"
  {"DriveThor", "flops.fp8", 1000 * TFLOP},        // §1.5 flops.fp8 = peak_flops "1000 TFLOP/s"
  {"H100", "accelerators", 1},                     // §1.5 Hardware.accelerators = 1
  {"T4", "accelerators", 1},                       // §1.5 Hardware.accelerators = 1
  {"GB200_NVL72", "accelerators", 72},             // §3.1.1 GB200_NVL72 "accelerators 72"
  {"H100", "dispatch_overhead", 1e-5},             // §1.5 / §3.1.1: "0.01 ms" = 1e-5 s
  {"TPUv4_4096", "memory", 128 * TiB},             // §1.5 Pod.memory = 4096 x TPUv4 "32 GiB" = "128 TiB"
  {"Quebec_Hydro", "pue", 1.06},                   // §1.5 Datacenter.pue = grid Quebec pue 1.06
  {"Norway_Hydro", "pue", 1.06},                   // §3.6: Norway pue 1.06
  {"US_Hyperscale", "pue", 1.12},                  // §3.6: US_Avg pue 1.12
  {"EU_Average", "pue", 1.12},                     // §3.6: EU_Avg pue 1.12
  {"France_Nuclear", "pue", 1.12},                 // §3.6: France pue 1.12
  {"Iowa_Reference", "pue", 1.12},                 // §3.6: Iowa pue 1.12
  {"Poland_Coal", "pue", 1.58},                    // §3.6: Poland pue 1.58
  {"Quebec_Hydro", "wue", 0},                      // §1.5 Datacenter.wue = Quebec wue "0 L/kWh"
  {"Poland_Coal", "wue", 1.8 * L / kWh},           // §1.5 Datacenter.wue = Poland wue "1.8 L/kWh"
  {"Ethernet_10G", "oversubscription", 1},         // §1.5 Fabric.oversubscription = 1
  {"InfiniBand_NDR", "oversubscription", 1},       // §1.5 / §3.3 "all fat-tree, oversubscription 1"
  {"fp32", "bits", 32},                            // §1.5 Precision.bits = bytes in bits: "4 byte" -> 32
  {"tf32", "bits", 32},                            // §3.5 tf32 bits 32
  {"bf16", "bits", 16},                            // §3.5 bf16 bits 16
  {"fp16", "bits", 16},                            // §3.5 fp16 bits 16
  {"fp8", "bits", 8},                              // §3.5 fp8 bits 8
  {"fp6", "bits", 6},                              // §3.5 fp6 bits 6
  {"fp4", "bits", 4},                              // §3.5 fp4 bits 4
  {"int8", "bits", 8},                             // §3.5 int8 bits 8
  {"int4", "bits", 4},                             // §3.5 int4 bits 4

  // ---- §3.1.1 Hardware, cloud --------------------------------------------------------------------------
  {"V100", "year", 2017},                          // §3.1.1: V100 year 2017
  {"V100", "peak_flops", 125 * TFLOP},             // §3.1.1: V100 "125 TFLOP/s"
  {"V100", "flops.fp32", 15.7 * TFLOP},            // §3.1.1: V100 "fp32 15.7 TFLOP/s"
  {"V100", "memory", 32 * GiB},                    // §3.1.1: V100 "32 GiB"
  {"V100", "memory_bandwidth", 900 * GB},          // §3.1.1: V100 "900 GB/s"
  {"V100", "host_link_bandwidth", 15.75 * GB},     // §3.1.1: V100 "PCIe Gen3 x16 / 15.75 GB/s"
  {"V100", "device_link_bandwidth", 300 * GB},     // §3.1.1: V100 "NVLink 2.0 / 300 GB/s"
  {"V100", "tdp", 300},                            // §3.1.1: V100 "300 W"
  {"V100", "price", 10000},                        // §3.1.1: V100 "10000 USD"
  {"V100", "dispatch_overhead", 0.02 * ms},        // §3.1.1: V100 "0.02 ms"
  {"V100_PCIe", "peak_flops", 112 * TFLOP},        // §3.1.1: V100_PCIe "112 TFLOP/s"
  {"V100_PCIe", "flops.fp32", 14 * TFLOP},         // §3.1.1: V100_PCIe "fp32 14 TFLOP/s"
  {"V100_PCIe", "tdp", 250},                       // §3.1.1: V100_PCIe "250 W"
  {"T4", "peak_flops", 65 * TFLOP},                // §3.1.1: T4 "65 TFLOP/s"
  {"T4", "flops.int8", 130 * TOPS},                // §3.1.1: T4 "int8 130 TOPS"
  {"T4", "memory", 16 * GiB},                      // §3.1.1: T4 "16 GiB"
  {"T4", "memory_bandwidth", 320 * GB},            // §3.1.1: T4 "320 GB/s"
  {"T4", "tdp", 70},                               // §3.1.1: T4 "70 W"
  {"T4", "price", 2500},                           // §3.1.1: T4 "2500 USD"
  {"T4", "dispatch_overhead", 0.03 * ms},          // §3.1.1: T4 "0.03 ms"
  {"A100", "year", 2020},                          // §3.1.1: A100 year 2020
  {"A100", "peak_flops", 312 * TFLOP},             // §3.1.1: A100 "312 TFLOP/s"
  {"A100", "flops.bf16", 312 * TFLOP},             // §3.1.1: A100 "bf16 312 TFLOP/s"
  {"A100", "flops.tf32", 156 * TFLOP},             // §3.1.1: A100 "tf32 156 TFLOP/s"
  {"A100", "flops.fp32", 19.5 * TFLOP},            // §3.1.1: A100 "fp32 19.5 TFLOP/s"
  {"A100", "flops.int8", 624 * TOPS},              // §3.1.1: A100 "int8 624 TOPS"
  {"A100", "flops_sparse.fp16", 624 * TFLOP},      // §3.1.1: A100 flops_sparse "fp16 624 TFLOP/s"
  {"A100", "memory", 80 * GiB},                    // §3.1.1: A100 "80 GiB"
  {"A100", "memory_bandwidth", 2039 * GB},         // §3.1.1: A100 "2039 GB/s"
  {"A100", "host_link_bandwidth", 32 * GB},        // §3.1.1: A100 "PCIe Gen4 x16 / 32 GB/s"
  {"A100", "device_link_bandwidth", 600 * GB},     // §3.1.1: A100 "NVLink 3.0 / 600 GB/s"
  {"A100", "tdp", 400},                            // §3.1.1: A100 "400 W"
  {"A100", "price", 15000},                        // §3.1.1: A100 "15000 USD"
  {"A100", "dispatch_overhead", 0.015 * ms},       // §3.1.1: A100 "0.015 ms"
  {"A100", "embodied_carbon", 150},                // §3.1.1: A100 "embodied_carbon 150 kg"
  {"A100", "mig_profiles.0.memory", 10 * GiB},     // §3.1.1 mig: 1g.10gb "10 GiB"
  {"A100", "mig_profiles.0.sm_count", 14},         // §3.1.1 mig: 1g.10gb sm_count 14
  {"A100", "mig_profiles.1.memory", 20 * GiB},     // §3.1.1 mig: 2g.20gb "20 GiB"
  {"A100", "mig_profiles.1.sm_count", 28},         // §3.1.1 mig: 2g.20gb sm_count 28
  {"A100", "mig_profiles.2.memory", 40 * GiB},     // §3.1.1 mig: 3g.40gb "40 GiB"
  {"A100", "mig_profiles.2.sm_count", 42},         // §3.1.1 mig: 3g.40gb sm_count 42
  {"A100", "mig_profiles.3.memory", 80 * GiB},     // §3.1.1 mig: 7g.80gb "80 GiB"
  {"A100", "mig_profiles.3.sm_count", 98},         // §3.1.1 mig: 7g.80gb sm_count 98
  {"H100", "year", 2022},                          // §3.1.1: H100 year 2022
  {"H100", "flops.bf16", 989 * TFLOP},             // §3.1.1: H100 "bf16 989 TFLOP/s"
  {"H100", "flops.tf32", 494 * TFLOP},             // §3.1.1: H100 "tf32 494 TFLOP/s"
  {"H100", "flops.fp32", 67 * TFLOP},              // §3.1.1: H100 "fp32 67 TFLOP/s"
  {"H100", "flops.fp8", 1979 * TFLOP},             // §3.1.1: H100 "fp8 1979 TFLOP/s"
  {"H100", "flops.int8", 1979 * TOPS},             // §3.1.1: H100 "int8 1979 TOPS"
  {"H100", "memory_bandwidth", 3.35 * TB},         // §3.1.1: H100 "3.35 TB/s"
  {"H100", "host_link_bandwidth", 64 * GB},        // §3.1.1: H100 "PCIe Gen5 x16 / 64 GB/s"
  {"H100", "device_link_bandwidth", 900 * GB},     // §3.1.1: H100 "NVLink 4.0 / 900 GB/s"
  {"H100", "tdp", 700},                            // §3.1.1: H100 "700 W"
  {"H100", "price", 30000},                        // §3.1.1 / §3.7: H100 "30000 USD"
  {"H100", "sm_count", 132},                       // §3.1.1: H100 "sm_count 132"
  {"H100", "l2_cache", 50 * MB},                   // §3.1.1: H100 "l2_cache 50 MB"
  {"H100", "register_file_per_sm", 256 * KiB},     // §3.1.1: H100 "register_file_per_sm 256 KiB"
  {"H100", "shared_memory_per_sm", 228 * KiB},     // §3.1.1: H100 "shared_memory_per_sm 228 KiB"
  {"H100", "storage", 2 * TB},                     // §3.1.1: H100 "storage 2 TB"
  {"H100", "storage_bandwidth", 7 * GB},           // §3.1.1: H100 "storage_bandwidth 7 GB/s"
  {"H100", "embodied_carbon", 164},                // §3.1.1: H100 "embodied_carbon 164 kg"
  {"H200", "peak_flops", 989 * TFLOP},             // §3.1.1: H200 "989 TFLOP/s"
  {"H200", "flops.fp8", 1979 * TFLOP},             // §3.1.1: H200 "same as H100": fp8 1979 TFLOP/s
  {"H200", "memory", 151397597184.0},              // NVIDIA H200 product page: 141 GB, kept as 141 GiB = 141 x 2^30 B like every HBM capacity (docs/catalogue.md §3.1)
  {"H200", "memory_bandwidth", 4.8 * TB},          // §3.1.1: H200 "4.8 TB/s"
  {"H200", "tdp", 700},                            // §3.1.1: H200 "700 W"
  {"H200", "price", 35000},                        // §3.1.1: H200 "35000 USD"
  {"H200", "storage", 4 * TB},                     // §3.1.1: H200 "storage 4 TB"
  {"B200", "peak_flops", 2250 * TFLOP},            // §3.1.1: B200 "2250 TFLOP/s"
  {"B200", "flops.bf16", 2250 * TFLOP},            // §3.1.1: B200 "bf16 2250 TFLOP/s"
  {"B200", "flops.fp8", 4500 * TFLOP},             // §3.1.1: B200 "fp8 4500 TFLOP/s"
  {"B200", "flops.fp4", 9000 * TFLOP},             // §3.1.1: B200 "fp4 9000 TFLOP/s"
  {"B200", "flops.int4", 9000 * TOPS},             // §3.1.1: B200 "int4 9000 TOPS"
  {"B200", "memory", 206158430208.0},              // §3.1.1: B200 "192 GiB" = 192 * 2^30 B = 206,158,430,208 B
  {"B200", "memory_bandwidth", 8 * TB},            // §3.1.1: B200 "8 TB/s"
  {"B200", "device_link_bandwidth", 1800 * GB},    // §3.1.1: B200 "NVLink 5.0 / 1800 GB/s"
  {"B200", "tdp", 1000},                           // §3.1.1: B200 "1000 W"
  {"B200", "price", 40000},                        // §3.1.1: B200 "40000 USD"
  {"B200", "dispatch_overhead", 0.008 * ms},       // §3.1.1: B200 "0.008 ms"
  {"GB200_NVL72", "peak_flops", 162 * PFLOP},      // §3.1.1: GB200_NVL72 "162 PFLOP/s"
  {"GB200_NVL72", "flops.fp8", 324 * PFLOP},       // §3.1.1: GB200_NVL72 "fp8 324 PFLOP/s"
  {"GB200_NVL72", "flops.fp4", 648 * PFLOP},       // §3.1.1: GB200_NVL72 "fp4 648 PFLOP/s"
  {"GB200_NVL72", "memory", 14843406974976.0},     // §3.1.1: "13.5 TiB" = 14,843,406,974,976 B
  {"GB200_NVL72", "memory_bandwidth", 576 * TB},   // §3.1.1: "576 TB/s"
  {"GB200_NVL72", "device_link_bandwidth", 130 * TB}, // §3.1.1: "NVLink Switch domain / 130 TB/s"
  {"GB200_NVL72", "tdp", 120 * kW},                // §3.1.1: "120 kW"
  {"GB200_NVL72", "price", 3000000},               // §3.1.1: "3000000 USD"
  {"GB200_NVL72", "dispatch_overhead", 0.005 * ms},// §3.1.1: "0.005 ms"
  {"MI250X", "peak_flops", 383 * TFLOP},           // §3.1.1: MI250X "383 TFLOP/s"
  {"MI250X", "flops.fp32", 47.9 * TFLOP},          // §3.1.1: MI250X "fp32 47.9 TFLOP/s"
  {"MI250X", "flops.int8", 383 * TOPS},            // §3.1.1: MI250X "int8 383 TOPS"
  {"MI250X", "memory", 128 * GiB},                 // §3.1.1: MI250X "128 GiB"
  {"MI250X", "memory_bandwidth", 3.2 * TB},        // §3.1.1: MI250X "3.2 TB/s"
  {"MI250X", "tdp", 500},                          // §3.1.1: MI250X "500 W"
  {"MI300X", "peak_flops", 1307 * TFLOP},          // §3.1.1: MI300X "1307 TFLOP/s"
  {"MI300X", "flops.fp32", 163.4 * TFLOP},         // §3.1.1: MI300X "fp32 163.4 TFLOP/s"
  {"MI300X", "flops.fp8", 2614 * TFLOP},           // §3.1.1: MI300X "fp8 2614 TFLOP/s"
  {"MI300X", "memory", 192 * GiB},                 // §3.1.1: MI300X "192 GiB"
  {"MI300X", "memory_bandwidth", 5.3 * TB},        // §3.1.1: MI300X "5.3 TB/s"
  {"MI300X", "tdp", 750},                          // §3.1.1: MI300X "750 W"
  {"MI300X", "price", 15000},                      // §3.1.1: MI300X "15000 USD"
  {"MI300X", "dispatch_overhead", 0.012 * ms},     // §3.1.1: MI300X "0.012 ms"
  {"Gaudi2", "peak_flops", 432 * TFLOP},           // §3.1.1: Gaudi2 "432 TFLOP/s"
  {"Gaudi2", "flops.fp8", 865 * TFLOP},            // §3.1.1: Gaudi2 "fp8 865 TFLOP/s"
  {"Gaudi2", "memory", 96 * GiB},                  // §3.1.1: Gaudi2 "96 GiB"
  {"Gaudi2", "memory_bandwidth", 2.45 * TB},       // §3.1.1: Gaudi2 "2.45 TB/s"
  {"Gaudi2", "device_link_bandwidth", 300 * GB},   // §3.1.1: Gaudi2 "RoCE 24 x 100 GbE / 300 GB/s"
  {"Gaudi2", "tdp", 600},                          // §3.1.1: Gaudi2 "600 W"
  {"Gaudi3", "peak_flops", 1835 * TFLOP},          // §3.1.1: Gaudi3 "1835 TFLOP/s"
  {"Gaudi3", "flops.fp8", 1835 * TFLOP},           // §3.1.1: Gaudi3 "fp8 1835 TFLOP/s"
  {"Gaudi3", "memory", 128 * GiB},                 // §3.1.1: Gaudi3 "128 GiB"
  {"Gaudi3", "memory_bandwidth", 3.7 * TB},        // §3.1.1: Gaudi3 "3.7 TB/s"
  {"Gaudi3", "tdp", 900},                          // §3.1.1: Gaudi3 "900 W"
  {"Trainium2", "peak_flops", 380 * TFLOP},        // §3.1.1: Trainium2 "380 TFLOP/s"
  {"Trainium2", "flops.fp8", 760 * TFLOP},         // §3.1.1: Trainium2 "fp8 760 TFLOP/s"
  {"Trainium2", "memory", 96 * GiB},               // §3.1.1: Trainium2 "96 GiB"
  {"Trainium2", "memory_bandwidth", 2.4 * TB},     // §3.1.1: Trainium2 "2.4 TB/s"
  {"TPUv1", "peak_flops", 92 * TOPS},              // §3.1.1: TPUv1 "92 TOPS"
  {"TPUv1", "memory", 8 * GiB},                    // §3.1.1: TPUv1 "8 GiB"
  {"TPUv1", "memory_bandwidth", 34 * GB},          // §3.1.1: TPUv1 "34 GB/s"
  {"TPUv1", "tdp", 75},                            // §3.1.1: TPUv1 "75 W"
  {"TPUv1", "dispatch_overhead", 0.05 * ms},       // §3.1.1: TPUv1 "0.05 ms"
  {"TPUv2", "peak_flops", 45 * TFLOP},             // §3.1.1: TPUv2 "45 TFLOP/s"
  {"TPUv2", "memory", 16 * GiB},                   // §3.1.1: TPUv2 "16 GiB"
  {"TPUv2", "memory_bandwidth", 700 * GB},         // §3.1.1: TPUv2 "700 GB/s"
  {"TPUv3", "peak_flops", 105 * TFLOP},            // §3.1.1: TPUv3 "105 TFLOP/s"
  {"TPUv3", "memory", 32 * GiB},                   // §3.1.1: TPUv3 "32 GiB"
  {"TPUv4", "peak_flops", 275 * TFLOP},            // §3.1.1: TPUv4 "275 TFLOP/s"
  {"TPUv4", "memory", 32 * GiB},                   // §3.1.1: TPUv4 "32 GiB"
  {"TPUv4", "memory_bandwidth", 1200 * GB},        // §3.1.1: TPUv4 "1200 GB/s"
  {"TPUv4", "tdp", 200},                           // §3.1.1: TPUv4 "200 W"
  {"TPUv4", "dispatch_overhead", 0.04 * ms},       // §3.1.1: TPUv4 "0.04 ms"
  {"TPUv5p", "peak_flops", 459 * TFLOP},           // §3.1.1: TPUv5p "459 TFLOP/s"
  {"TPUv5p", "flops.int8", 918 * TOPS},            // §3.1.1: TPUv5p "int8 918 TOPS"
  {"TPUv5p", "memory", 95 * GiB},                  // §3.1.1: TPUv5p "95 GiB"
  {"TPUv5p", "memory_bandwidth", 2.76 * TB},       // §3.1.1: TPUv5p "2.76 TB/s"
  {"TPUv5p", "sram", 128 * MiB},                   // §3.1.1: TPUv5p "128 MiB (VMEM)"
  {"TPUv5p", "device_link_bandwidth", 1200 * GB},  // §3.1.1: TPUv5p "ICI / 1200 GB/s"
  {"TPUv6", "peak_flops", 918 * TFLOP},            // §3.1.1: TPUv6 "918 TFLOP/s"
  {"TPUv6", "memory", 32 * GiB},                   // §3.1.1: TPUv6 "32 GiB"
  {"TPUv6", "memory_bandwidth", 1600 * GB},        // §3.1.1: TPUv6 "1600 GB/s"
  {"Cerebras_CS3", "peak_flops", 125 * PFLOP},     // §3.1.1: Cerebras_CS3 "125 PFLOP/s"
  {"Cerebras_CS3", "memory", 44 * GiB},            // §3.1.1: Cerebras_CS3 "44 GiB"
  {"Cerebras_CS3", "memory_bandwidth", 21 * PB},   // §3.1.1: Cerebras_CS3 "21 PB/s"
  {"Cerebras_CS3", "host_link_bandwidth", 1.2 * TB}, // §3.1.1: Cerebras_CS3 "SwarmX / MemoryX / 1.2 TB/s"
  {"Cerebras_CS3", "tdp", 23000},                  // §3.1.1: Cerebras_CS3 "23000 W"
  {"Cerebras_CS3", "price", 2000000},              // §3.1.1: Cerebras_CS3 "2000000 USD"
  {"Cerebras_CS3", "dispatch_overhead", 0.001 * ms}, // §3.1.1: Cerebras_CS3 "0.001 ms"
  {"DMatrix_Corsair", "peak_flops", 2400 * TOPS},  // §3.1.1: DMatrix_Corsair "2400 TOPS"
  {"DMatrix_Corsair", "flops.int4", 9600 * TOPS},  // §3.1.1: DMatrix_Corsair "int4 9600 TOPS"
  {"DMatrix_Corsair", "memory", 2 * GiB},          // §3.1.1: DMatrix_Corsair "2 GiB"
  {"DMatrix_Corsair", "memory_bandwidth", 150 * TB}, // §3.1.1: DMatrix_Corsair "150 TB/s"
  {"DMatrix_Corsair", "tdp", 600},                 // §3.1.1: DMatrix_Corsair "600 W"
  {"Graphcore_GC200", "peak_flops", 250 * TFLOP},  // §3.1.1: Graphcore_GC200 "250 TFLOP/s"
  {"Graphcore_GC200", "memory", 900 * MB},         // §3.1.1: Graphcore_GC200 "900 MB"
  {"Graphcore_GC200", "memory_bandwidth", 45 * TB},// §3.1.1: Graphcore_GC200 "45 TB/s"
  {"Groq_LPU", "peak_flops", 188 * TFLOP},         // §3.1.1: Groq_LPU "188 TFLOP/s"
  {"Groq_LPU", "flops.int8", 750 * TOPS},          // §3.1.1: Groq_LPU "int8 750 TOPS"
  {"Groq_LPU", "memory", 230 * MB},                // §3.1.1: Groq_LPU "230 MB"
  {"Groq_LPU", "memory_bandwidth", 80 * TB},       // §3.1.1: Groq_LPU "80 TB/s"
  {"Groq_LPU", "tdp", 215},                        // §3.1.1: Groq_LPU "215 W"
  {"Untether_speedAI240", "peak_flops", 2 * PFLOP}, // §3.1.1: Untether_speedAI240 "2 PFLOP/s"
  {"Untether_speedAI240", "flops.bf16", 1 * PFLOP}, // §3.1.1: Untether_speedAI240 "bf16 1 PFLOP/s"
  {"Untether_speedAI240", "memory", 238 * MB},     // §3.1.1: Untether_speedAI240 "238 MB"
  {"Untether_speedAI240", "memory_bandwidth", 1 * PB}, // §3.1.1: Untether_speedAI240 "1 PB/s"
  {"IntelSGX", "peak_flops", 1 * TFLOP},           // §3.1.1: IntelSGX "1 TFLOP/s"
  {"IntelSGX", "memory", 128 * MiB},               // §3.1.1: IntelSGX "128 MiB"
  {"IntelSGX", "memory_bandwidth", 10 * GB},       // §3.1.1: IntelSGX "10 GB/s"
  {"IntelSGX", "sram", 128 * MiB},                 // §3.1.1: IntelSGX sram "128 MiB"
  {"IntelSGX", "dispatch_overhead", 5 * ms},       // §3.1.1: IntelSGX "5 ms"
  {"ReferenceCPU", "peak_flops", 1 * TFLOP},       // §3.1.1: ReferenceCPU "1 TFLOP/s"
  {"ReferenceCPU", "memory", 64 * GiB},            // §3.1.1: ReferenceCPU "64 GiB"
  {"ReferenceCPU", "memory_bandwidth", 50 * GB},   // §3.1.1: ReferenceCPU "50 GB/s"
  {"ReferenceCPU", "tdp", 150},                    // §3.1.1: ReferenceCPU "150 W"
  {"ReferenceCPU", "dispatch_overhead", 0.1 * ms}, // §3.1.1: ReferenceCPU "0.1 ms"

  // ---- §3.1.2 workstation ------------------------------------------------------------------------------
  {"DGX_Spark", "year", 2025},                     // §3.1.2: DGX_Spark year 2025
  {"DGX_Spark", "peak_flops", 125 * TFLOP},        // §3.1.2: DGX_Spark "125 TFLOP/s"
  {"DGX_Spark", "flops.fp8", 250 * TFLOP},         // §3.1.2: DGX_Spark "fp8 250 TFLOP/s"
  {"DGX_Spark", "flops.fp4", 500 * TFLOP},         // §3.1.2: DGX_Spark "fp4 500 TFLOP/s"
  {"DGX_Spark", "flops_sparse.fp4", 1000 * TFLOP}, // §3.1.2: DGX_Spark "sparse fp4 1000 TFLOP/s"
  {"DGX_Spark", "memory", 128 * GB},               // §3.1.2: DGX_Spark "128 GB" (decimal)
  {"DGX_Spark", "memory_bandwidth", 273 * GB},     // §3.1.2: DGX_Spark "273 GB/s"
  {"DGX_Spark", "tdp", 200},                       // §3.1.2: DGX_Spark "200 W"
  {"DGX_Spark", "price", 3000},                    // §3.1.2: DGX_Spark "3000 USD"
  {"DGX_Spark", "price_max", 5000},                // §3.1.2: DGX_Spark "price_max 5000 USD"
  {"DGX_Spark", "storage", 4 * TB},                // §3.1.2: DGX_Spark "storage 4 TB"
  {"DGX_Spark", "storage_bandwidth", 7 * GB},      // §3.1.2: DGX_Spark "storage_bandwidth 7 GB/s"
  {"DGX_Spark", "dispatch_overhead", 0.01 * ms},   // §3.1.2: DGX_Spark "0.01 ms"
  {"MacBookM3Max", "peak_flops", 14.2 * TFLOP},    // §3.1.2: MacBookM3Max "14.2 TFLOP/s"
  {"MacBookM3Max", "memory", 128 * GiB},           // §3.1.2: MacBookM3Max "128 GiB"
  {"MacBookM3Max", "memory_bandwidth", 400 * GB},  // §3.1.2: MacBookM3Max "400 GB/s"
  {"MacBookM3Max", "tdp", 100},                    // §3.1.2: MacBookM3Max "100 W"
  {"MacBookM3Max", "dispatch_overhead", 0.05 * ms},// §3.1.2: MacBookM3Max "0.05 ms"

  // ---- §3.1.3 mobile -----------------------------------------------------------------------------------
  {"iPhone15Pro", "peak_flops", 35 * TOPS},        // §3.1.3: iPhone15Pro "35 TOPS"
  {"iPhone15Pro", "memory", 8 * GiB},              // §3.1.3: iPhone15Pro "8 GiB"
  {"iPhone15Pro", "memory_bandwidth", 51.2 * GB},  // §3.1.3: iPhone15Pro "51.2 GB/s"
  {"iPhone15Pro", "tdp", 5},                       // §3.1.3: iPhone15Pro "5 W"
  {"iPhone15Pro", "battery", 15 * Wh},             // §3.1.3: iPhone15Pro "15 Wh" = 54000 J
  {"iPhone15Pro", "dispatch_overhead", 1 * ms},    // §3.1.3: iPhone15Pro "1 ms"
  {"Pixel8", "peak_flops", 15 * TOPS},             // §3.1.3: Pixel8 "15 TOPS"
  {"Pixel8", "memory", 8 * GB},                    // §3.1.3: Pixel8 "8 GB"
  {"Pixel8", "memory_bandwidth", 60 * GB},         // §3.1.3: Pixel8 "60 GB/s"
  {"Pixel8", "dispatch_overhead", 1.2 * ms},       // §3.1.3: Pixel8 "1.2 ms"
  {"Snapdragon8Gen3", "peak_flops", 45 * TOPS},    // §3.1.3: Snapdragon8Gen3 "45 TOPS"
  {"Snapdragon8Gen3", "memory", 12 * GB},          // §3.1.3: Snapdragon8Gen3 "12 GB"
  {"Snapdragon8Gen3", "memory_bandwidth", 77 * GB},// §3.1.3: Snapdragon8Gen3 "77 GB/s"
  {"Snapdragon8Gen3", "dispatch_overhead", 1.5 * ms}, // §3.1.3: Snapdragon8Gen3 "1.5 ms"
  {"AppleM2", "peak_flops", 15.8 * TOPS},          // §3.1.3: AppleM2 "15.8 TOPS"
  {"AppleM2", "memory", 16 * GiB},                 // §3.1.3: AppleM2 "16 GiB"
  {"AppleM2", "memory_bandwidth", 100 * GB},       // §3.1.3: AppleM2 "100 GB/s"
  {"AppleM2", "tdp", 20},                          // §3.1.3: AppleM2 "20 W"

  // ---- §3.1.4 edge -------------------------------------------------------------------------------------
  {"JetsonAGXOrin", "peak_flops", 275 * TOPS},     // §3.1.4: JetsonAGXOrin "275 TOPS"
  {"JetsonAGXOrin", "memory", 64 * GiB},           // §3.1.4: JetsonAGXOrin "64 GiB"
  {"JetsonAGXOrin", "memory_bandwidth", 204 * GB}, // §3.1.4: JetsonAGXOrin "204 GB/s"
  {"JetsonAGXOrin", "tdp", 60},                    // §3.1.4: JetsonAGXOrin "60 W"
  {"JetsonAGXOrin", "tdp_min", 15},                // §3.1.4: JetsonAGXOrin "(15 W–60 W)"
  {"JetsonAGXOrin", "tdp_max", 60},                // §3.1.4: JetsonAGXOrin "(15 W–60 W)"
  {"JetsonAGXOrin", "dispatch_overhead", 0.2 * ms},// §3.1.4: JetsonAGXOrin "0.2 ms"
  {"JetsonOrinNX", "peak_flops", 25 * TFLOP},      // §3.1.4: JetsonOrinNX "25 TFLOP/s"
  {"JetsonOrinNX", "flops.int8", 100 * TOPS},      // §3.1.4: JetsonOrinNX "int8 100 TOPS"
  {"JetsonOrinNX", "memory", 16 * GB},             // §3.1.4: JetsonOrinNX "16 GB"
  {"JetsonOrinNX", "memory_bandwidth", 102 * GB},  // §3.1.4: JetsonOrinNX "102 GB/s"
  {"JetsonOrinNX", "tdp", 25},                     // §3.1.4: JetsonOrinNX "25 W"
  {"JetsonOrinNano", "peak_flops", 10 * TFLOP},    // §3.1.4: JetsonOrinNano "10 TFLOP/s"
  {"JetsonOrinNano", "flops.int8", 40 * TOPS},     // §3.1.4: JetsonOrinNano "int8 40 TOPS"
  {"JetsonOrinNano", "memory", 8 * GB},            // §3.1.4: JetsonOrinNano "8 GB"
  {"JetsonOrinNano", "memory_bandwidth", 68 * GB}, // §3.1.4: JetsonOrinNano "68 GB/s"
  {"JetsonOrinNano", "tdp", 15},                   // §3.1.4: JetsonOrinNano "15 W (7 W–15 W)"
  {"JetsonOrinNano", "tdp_min", 7},                // §3.1.4: JetsonOrinNano "7 W"
  {"JetsonOrinNano", "tdp_max", 15},               // §3.1.4: JetsonOrinNano "15 W"
  {"DriveThor", "peak_flops", 1000 * TFLOP},       // §3.1.4: DriveThor "1000 TFLOP/s"
  {"DriveThor", "flops.int8", 1000 * TOPS},        // §3.1.4: DriveThor "int8 1000 TOPS"
  {"DriveThor", "flops.fp4", 2000 * TFLOP},        // §3.1.4: DriveThor "fp4 2000 TFLOP/s"
  {"DriveThor", "memory", 64 * GiB},               // §3.1.4: DriveThor "64 GiB"
  {"DriveThor", "memory_bandwidth", 546 * GB},     // §3.1.4: DriveThor "546 GB/s"
  {"DriveThor", "tdp", 100},                       // §3.1.4: DriveThor "100 W (50 W–150 W)"
  {"DriveThor", "tdp_min", 50},                    // §3.1.4: DriveThor "50 W"
  {"DriveThor", "tdp_max", 150},                   // §3.1.4: DriveThor "150 W"
  {"DriveThor", "storage", 512 * GiB},             // §3.1.4: DriveThor "storage 512 GiB"
  {"DriveThor", "storage_bandwidth", 4 * GB},      // §3.1.4: DriveThor "storage_bandwidth 4 GB/s"
  {"DriveThor", "host_link_bandwidth", 100 * Gbps},// §3.1.4: DriveThor host_link "100 Gbps" = 12.5e9 B/s
  {"DriveThor", "dispatch_overhead", 0.1 * ms},    // §3.1.4: DriveThor "0.1 ms"
  {"RoboTaxi", "peak_flops", 5.2 * TFLOP},         // §3.1.4: RoboTaxi "5.2 TFLOP/s"
  {"RoboTaxi", "flops.int8", 254 * TOPS},          // §3.1.4: RoboTaxi "int8 254 TOPS"
  {"RoboTaxi", "memory", 32 * GiB},                // §3.1.4: RoboTaxi "32 GiB"
  {"RoboTaxi", "memory_bandwidth", 200 * GB},      // §3.1.4: RoboTaxi "200 GB/s"
  {"RoboTaxi", "tdp", 60},                         // §3.1.4: RoboTaxi "60 W (30 W–120 W)"
  {"RoboTaxi", "tdp_min", 30},                     // §3.1.4: RoboTaxi "30 W"
  {"RoboTaxi", "tdp_max", 120},                    // §3.1.4: RoboTaxi "120 W"
  {"RoboTaxi", "storage", 256 * GiB},              // §3.1.4: RoboTaxi "storage 256 GiB"
  {"RoboTaxi", "storage_bandwidth", 1 * GB},       // §3.1.4: RoboTaxi "storage_bandwidth 1 GB/s"
  {"RoboTaxi", "host_link_bandwidth", 30 * Gbps},  // §3.1.4: RoboTaxi "host_link_bandwidth 30 Gbps" = 3.75e9 B/s
  {"Coral", "peak_flops", 4 * TOPS},               // §3.1.4: Coral "4 TOPS"
  {"Coral", "memory", 1 * GB},                     // §3.1.4: Coral "1 GB"
  {"Coral", "memory_bandwidth", 8 * GB},           // §3.1.4: Coral "8 GB/s"
  {"Coral", "tdp", 2},                             // §3.1.4: Coral "2 W"
  {"Coral", "dispatch_overhead", 1 * ms},          // §3.1.4: Coral "1 ms"
  {"NUC_Movidius", "peak_flops", 1 * TOPS},        // §3.1.4: NUC_Movidius "1 TOPS"
  {"NUC_Movidius", "memory", 16 * GB},             // §3.1.4: NUC_Movidius "16 GB"
  {"NUC_Movidius", "memory_bandwidth", 25 * GB},   // §3.1.4: NUC_Movidius "25 GB/s"
  {"NUC_Movidius", "tdp", 15},                     // §3.1.4: NUC_Movidius "15 W"
  {"NUC_Movidius", "dispatch_overhead", 2 * ms},   // §3.1.4: NUC_Movidius "2 ms"
  {"GenericServer", "peak_flops", 1 * TFLOP},      // §3.1.4: GenericServer "1 TFLOP/s"
  {"GenericServer", "memory", 128 * GB},           // §3.1.4: GenericServer "128 GB"
  {"GenericServer", "memory_bandwidth", 100 * GB}, // §3.1.4: GenericServer "100 GB/s"
  {"GenericServer", "tdp", 300},                   // §3.1.4: GenericServer "300 W"

  // ---- §3.1.5 tiny -------------------------------------------------------------------------------------
  {"ESP32_S3", "peak_flops", 0.5 * GFLOP},         // §3.1.5: ESP32_S3 "0.5 GFLOP/s"
  {"ESP32_S3", "flops.int8", 2.4 * GOPS},          // §3.1.5: ESP32_S3 "int8 2.4 GOPS"
  {"ESP32_S3", "memory", 4 * MB},                  // §3.1.5: ESP32_S3 "4 MB"
  {"ESP32_S3", "memory_bandwidth", 80 * MB},       // §3.1.5: ESP32_S3 "80 MB/s"
  {"ESP32_S3", "sram", 520 * KiB},                 // §3.1.5: ESP32_S3 "520 KiB"
  {"ESP32_S3", "sram_bandwidth", 0.96 * GB},       // §3.1.5: ESP32_S3 "0.96 GB/s"
  {"ESP32_S3", "flash", 4 * MB},                   // §3.1.5: ESP32_S3 flash "4 MB"
  {"ESP32_S3", "flash_bandwidth", 80 * MB},        // §3.1.5: ESP32_S3 flash "80 MB/s"
  {"ESP32_S3", "tdp", 0.4},                        // §3.1.5: ESP32_S3 "0.4 W (0.05 W–1.2 W)"
  {"ESP32_S3", "tdp_min", 0.05},                   // §3.1.5: ESP32_S3 "0.05 W"
  {"ESP32_S3", "tdp_max", 1.2},                    // §3.1.5: ESP32_S3 "1.2 W"
  {"ESP32_S3", "embodied_carbon", 5},              // §3.1.5: ESP32_S3 "embodied_carbon 5 kg"
  {"ESP32_S3", "dispatch_overhead", 1 * ms},       // §3.1.5: ESP32_S3 "1 ms"
  {"nRF52840", "peak_flops", 64 * MFLOP},          // §3.1.5: nRF52840 "64 MFLOP/s"
  {"nRF52840", "flops.int8", 128 * MOPS},          // §3.1.5: nRF52840 "int8 128 MOPS"
  {"nRF52840", "memory", 1 * MiB},                 // §3.1.5: nRF52840 "1 MiB"
  {"nRF52840", "memory_bandwidth", 64 * MB},       // §3.1.5: nRF52840 "64 MB/s"
  {"nRF52840", "sram", 256 * KiB},                 // §3.1.5: nRF52840 "256 KiB"
  {"nRF52840", "sram_bandwidth", 256 * MB},        // §3.1.5: nRF52840 "256 MB/s"
  {"nRF52840", "flash", 1 * MiB},                  // §3.1.5: nRF52840 flash "1 MiB"
  {"nRF52840", "flash_bandwidth", 64 * MB},        // §3.1.5: nRF52840 flash "64 MB/s"
  {"nRF52840", "tdp", 15 * mW},                    // §3.1.5: nRF52840 "15 mW"
  {"nRF52840", "dispatch_overhead", 0.5 * ms},     // §3.1.5: nRF52840 "0.5 ms"
  {"HimaxWE1", "peak_flops", 200 * MFLOP},         // §3.1.5: HimaxWE1 "200 MFLOP/s"
  {"HimaxWE1", "memory", 2 * MiB},                 // §3.1.5: HimaxWE1 "2 MiB"
  {"HimaxWE1", "memory_bandwidth", 100 * MB},      // §3.1.5: HimaxWE1 "100 MB/s"
  {"HimaxWE1", "tdp", 5 * mW},                     // §3.1.5: HimaxWE1 "5 mW"
  {"HimaxWE1", "dispatch_overhead", 2 * ms},       // §3.1.5: HimaxWE1 "2 ms"
  {"OuraRing", "peak_flops", 100 * MFLOP},         // §3.1.5: OuraRing "100 MFLOP/s"
  {"OuraRing", "flops.int8", 200 * MOPS},          // §3.1.5: OuraRing "int8 200 MOPS"
  {"OuraRing", "memory", 2 * MiB},                 // §3.1.5: OuraRing "2 MiB"
  {"OuraRing", "memory_bandwidth", 80 * MB},       // §3.1.5: OuraRing "80 MB/s"
  {"OuraRing", "sram", 512 * KiB},                 // §3.1.5: OuraRing "512 KiB"
  {"OuraRing", "sram_bandwidth", 250 * MB},        // §3.1.5: OuraRing "250 MB/s"
  {"OuraRing", "flash", 2 * MiB},                  // §3.1.5: OuraRing "2 MiB"
  {"OuraRing", "flash_bandwidth", 40 * MB},        // §3.1.5: OuraRing "40 MB/s"
  {"OuraRing", "tdp", 20 * mW},                    // §3.1.5: OuraRing "20 mW (0.1 mW–50 mW)"
  {"OuraRing", "tdp_min", 0.1 * mW},               // §3.1.5: OuraRing "0.1 mW"
  {"OuraRing", "tdp_max", 50 * mW},                // §3.1.5: OuraRing "50 mW"
  {"OuraRing", "battery", 0.06 * Wh},              // §3.1.5: OuraRing "battery 0.06 Wh" = 216 J
  {"LockstepSafetyMCU_Reference", "peak_flops", 800 * MFLOP},   // §3.1.5: "800 MFLOP/s"
  {"LockstepSafetyMCU_Reference", "memory", 4 * MiB},           // §3.1.5: "4 MiB"
  {"LockstepSafetyMCU_Reference", "memory_bandwidth", 1.6 * GB},// §3.1.5: "1.6 GB/s"
  {"LockstepSafetyMCU_Reference", "sram", 1 * MiB},             // §3.1.5: "1 MiB (TCM)"
  {"LockstepSafetyMCU_Reference", "sram_bandwidth", 3.2 * GB},  // §3.1.5: "3.2 GB/s"
  {"LockstepSafetyMCU_Reference", "flash", 4 * MiB},            // §3.1.5: "4 MiB"
  {"LockstepSafetyMCU_Reference", "flash_bandwidth", 0.4 * GB}, // §3.1.5: "0.4 GB/s"
  {"LockstepSafetyMCU_Reference", "tdp", 1},                    // §3.1.5: "1 W (0.2 W–1.5 W)"
  {"LockstepSafetyMCU_Reference", "tdp_min", 0.2},              // §3.1.5: "0.2 W"
  {"LockstepSafetyMCU_Reference", "tdp_max", 1.5},              // §3.1.5: "1.5 W"
  {"LockstepSafetyMCU_Reference", "dispatch_overhead", 0.001 * ms}, // §3.1.5: "0.001 ms"

};
// clang-format on

TEST(CatalogueSpot, HardwareValuesMatchTheSpecInSI) { expect_spots(kHardwareSpots, 300); }

}  // namespace catalogue_facts
