// The catalogue's models, nodes, fabrics, fleets, datasets, precisions, grids and prices against their
// published figures (docs/catalogue.md §3.2-§3.7), in SI units (catalogue_facts.hpp says how the figures were
// written).
#include "catalogue_facts.hpp"

namespace catalogue_facts {

// clang-format off
const std::vector<Spot> kModelAndSystemSpots = {
  // ---- §3.2.1 language models --------------------------------------------------------------------------
  {"BERT_Base", "parameters", 110e6},              // §3.2.1: BERT_Base 110e6
  {"BERT_Base", "layers", 12},                     // §3.2.1: BERT_Base layers 12
  {"BERT_Base", "hidden_dim", 768},                // §3.2.1: BERT_Base hidden_dim 768
  {"BERT_Base", "heads", 12},                      // §3.2.1: BERT_Base heads 12
  {"BERT_Base", "kv_heads", 12},                   // §3.2.1: BERT_Base kv_heads 12
  {"BERT_Base", "ffn_dim", 3072},                  // §3.2.1: BERT_Base ffn_dim 3072
  {"BERT_Base", "seq_len", 512},                   // §3.2.1: BERT_Base seq_len 512
  {"BERT_Base", "vocab_size", 30522},              // §3.2.1: BERT_Base vocab_size 30522
  {"BERT_Base", "inference_flops", 22 * GFLOP},    // §3.2.1: BERT_Base "22 GFLOP"
  {"BERT_Base", "inference_seq_len", 128},         // §3.2.1: "Both BERT entries have inference_seq_len = 128"
  {"BERT_Large", "parameters", 340e6},             // §3.2.1: BERT_Large 340e6
  {"BERT_Large", "layers", 24},                    // §3.2.1: BERT_Large layers 24
  {"BERT_Large", "hidden_dim", 1024},              // §3.2.1: BERT_Large hidden_dim 1024
  {"BERT_Large", "heads", 16},                     // §3.2.1: BERT_Large heads 16
  {"BERT_Large", "ffn_dim", 4096},                 // §3.2.1: BERT_Large ffn_dim 4096
  {"BERT_Large", "inference_flops", 72 * GFLOP},   // §3.2.1: BERT_Large "72 GFLOP"
  {"BERT_Large", "inference_seq_len", 128},        // §3.2.1: inference_seq_len = 128
  {"GPT2_Small", "parameters", 124e6},             // §3.2.1: GPT2_Small 124e6
  {"GPT2_Small", "seq_len", 1024},                 // §3.2.1: GPT2_Small seq_len 1024
  {"GPT2_Small", "vocab_size", 50257},             // §3.2.1: GPT2_Small vocab_size 50257
  {"GPT2_Small", "inference_flops", 248 * MFLOP},  // §3.2.1: GPT2_Small "248 MFLOP"
  {"GPT2", "parameters", 1.5e9},                   // §3.2.1: GPT2 1.5e9
  {"GPT2", "layers", 48},                          // §3.2.1: GPT2 layers 48
  {"GPT2", "hidden_dim", 1600},                    // §3.2.1: GPT2 hidden_dim 1600
  {"GPT2", "heads", 25},                           // §3.2.1: GPT2 heads 25
  {"GPT2", "ffn_dim", 6400},                       // §3.2.1: GPT2 ffn_dim 6400
  {"GPT2", "inference_flops", 3 * GFLOP},          // §3.2.1: GPT2 "3 GFLOP"
  {"GPT2", "training_flops", 1.5e21},              // §3.2.1: GPT2 "training_flops 1.5e21 FLOP"
  {"GPT2", "training_data_size", 40 * GB},         // §3.2.1: GPT2 "training_data_size 40 GB"
  {"GPT3", "parameters", 175e9},                   // §3.2.1: GPT3 175e9
  {"GPT3", "layers", 96},                          // §3.2.1: GPT3 layers 96
  {"GPT3", "hidden_dim", 12288},                   // §3.2.1: GPT3 hidden_dim 12288
  {"GPT3", "heads", 96},                           // §3.2.1: GPT3 heads 96
  {"GPT3", "kv_heads", 96},                        // §3.2.1: GPT3 kv_heads 96
  {"GPT3", "ffn_dim", 49152},                      // §3.2.1: GPT3 ffn_dim 49152
  {"GPT3", "seq_len", 2048},                       // §3.2.1: GPT3 seq_len 2048
  {"GPT3", "vocab_size", 50257},                   // §3.2.1: GPT3 vocab_size 50257
  {"GPT3", "inference_flops", 350 * GFLOP},        // §3.2.1: GPT3 "350 GFLOP"
  {"GPT3", "training_tokens", 300e9},              // §3.2.1: GPT3 "training_tokens 300e9"
  {"GPT3", "training_accelerators", 1024},         // §3.2.1: GPT3 "training_accelerators 1024"
  {"GPT3", "training_time", 25 * day},             // §3.2.1: GPT3 "training_time 25 day" = 2,160,000 s
  {"GPT3", "training_energy", 1287 * MWh},         // §3.2.1: GPT3 "training_energy 1287 MWh" = 4.6332e12 J
  {"GPT4", "parameters", 1.76e12},                 // §3.2.1: GPT4 1.76e12
  {"GPT4", "active_parameters", 280e9},            // §3.2.1: GPT4 active_parameters 280e9
  {"GPT4", "layers", 120},                         // §3.2.1: GPT4 layers 120
  {"GPT4", "hidden_dim", 16384},                   // §3.2.1: GPT4 hidden_dim 16384
  {"GPT4", "heads", 128},                          // §3.2.1: GPT4 heads 128
  {"GPT4", "max_seq_len", 8192},                   // §3.2.1: GPT4 max_seq_len 8192
  {"GPT4", "inference_flops", 560 * GFLOP},        // §3.2.1: GPT4 "560 GFLOP"
  {"GPT4", "training_flops", 2.15e25},             // SemiAnalysis 2023 (the entry's source): "~2.15e25 FLOPS"
  {"GPT4", "training_accelerators", 25000},        // §3.2.1: GPT4 "training_accelerators 25000"
  {"GPT4", "training_time", 90 * day},             // §3.2.1: GPT4 "training_time 90 day"
  {"GPT4", "experts", 16},                         // §3.2.1: GPT4 "experts 16"
  {"GPT4", "active_experts", 2},                   // §3.2.1: GPT4 "active_experts 2"
  {"Llama2_7B", "parameters", 7e9},                // §3.2.1: Llama2_7B 7e9
  {"Llama2_7B", "kv_heads", 32},                   // §3.2.1: Llama2_7B kv_heads 32
  {"Llama2_7B", "ffn_dim", 11008},                 // §3.2.1: Llama2_7B ffn_dim 11008
  {"Llama2_7B", "seq_len", 4096},                  // §3.2.1: Llama2_7B seq_len 4096
  {"Llama2_7B", "vocab_size", 32000},              // §3.2.1: Llama2_7B vocab_size 32000
  {"Llama2_7B", "inference_flops", 14 * GFLOP},    // §3.2.1: Llama2_7B "14 GFLOP"
  {"Llama2_7B", "training_tokens", 2e12},          // §3.2.1: Llama2_7B "training_tokens 2e12"
  {"Llama2_70B", "layers", 80},                    // §3.2.1: Llama2_70B layers 80
  {"Llama2_70B", "hidden_dim", 8192},              // §3.2.1: Llama2_70B hidden_dim 8192
  {"Llama2_70B", "heads", 64},                     // §3.2.1: Llama2_70B heads 64
  {"Llama2_70B", "kv_heads", 8},                   // §3.2.1: Llama2_70B kv_heads 8
  {"Llama2_70B", "ffn_dim", 28672},                // §3.2.1: Llama2_70B ffn_dim 28672
  {"Llama2_70B", "inference_flops", 140 * GFLOP},  // §3.2.1: Llama2_70B "140 GFLOP"
  {"Llama2_70B", "training_tokens", 2e12},         // §3.2.1: Llama2_70B "training_tokens 2e12"
  {"Llama3_8B", "parameters", 8.03e9},             // §3.2.1: Llama3_8B 8.03e9
  {"Llama3_8B", "kv_heads", 8},                    // §3.2.1: Llama3_8B kv_heads 8
  {"Llama3_8B", "ffn_dim", 14336},                 // §3.2.1: Llama3_8B ffn_dim 14336
  {"Llama3_8B", "seq_len", 8192},                  // §3.2.1: Llama3_8B seq_len 8192
  {"Llama3_8B", "max_seq_len", 131072},            // §3.2.1: Llama3_8B max_seq_len 131072
  {"Llama3_8B", "vocab_size", 128256},             // §3.2.1: Llama3_8B vocab_size 128256
  {"Llama3_8B", "inference_flops", 16.06 * GFLOP}, // §3.2.1: Llama3_8B "16.06 GFLOP"
  {"Llama3_8B", "training_tokens", 15e12},         // §3.2.1: Llama3_8B "training_tokens 15e12"
  {"Llama3_70B", "parameters", 70.6e9},            // §3.2.1: Llama3_70B 70.6e9
  {"Llama3_70B", "inference_flops", 141.2 * GFLOP},// §3.2.1: Llama3_70B "141.2 GFLOP"
  {"Llama3_70B", "max_seq_len", 131072},           // §3.2.1: Llama3_70B max_seq_len 131072
  {"Llama3_70B", "training_tokens", 15e12},        // §3.2.1: Llama3_70B "training_tokens 15e12"
  {"Llama3_405B", "parameters", 405e9},            // §3.2.1: Llama3_405B 405e9
  {"Llama3_405B", "layers", 126},                  // §3.2.1: Llama3_405B layers 126
  {"Llama3_405B", "hidden_dim", 16384},            // §3.2.1: Llama3_405B hidden_dim 16384
  {"Llama3_405B", "heads", 128},                   // §3.2.1: Llama3_405B heads 128
  {"Llama3_405B", "kv_heads", 8},                  // §3.2.1: Llama3_405B kv_heads 8
  {"Llama3_405B", "ffn_dim", 53248},               // §3.2.1: Llama3_405B ffn_dim 53248
  {"Llama3_405B", "inference_flops", 810 * GFLOP}, // §3.2.1: Llama3_405B "810 GFLOP"
  {"Llama3_405B", "training_tokens", 15.6e12},     // §3.2.1: Llama3_405B "training_tokens 15.6e12"
  {"Llama3_405B", "training_flops", 3.8e25},       // §3.2.1: Llama3_405B "training_flops 3.8e25 FLOP"
  {"Llama3_405B", "training_accelerators", 16384}, // §3.2.1: Llama3_405B "training_accelerators 16384"
  {"Llama3_405B", "training_time", 54 * day},      // §3.2.1: Llama3_405B "training_time 54 day"
  {"Mixtral_8x7B", "parameters", 46.7e9},          // §3.2.1: Mixtral_8x7B 46.7e9
  {"Mixtral_8x7B", "active_parameters", 12.9e9},   // §3.2.1: Mixtral_8x7B active_parameters 12.9e9
  {"Mixtral_8x7B", "kv_heads", 8},                 // §3.2.1: Mixtral_8x7B kv_heads 8
  {"Mixtral_8x7B", "seq_len", 32768},              // §3.2.1: Mixtral_8x7B seq_len 32768
  {"Mixtral_8x7B", "vocab_size", 32000},           // §3.2.1: Mixtral_8x7B vocab_size 32000
  {"Mixtral_8x7B", "inference_flops", 25.8 * GFLOP}, // §3.2.1: Mixtral_8x7B "25.8 GFLOP"
  {"Mixtral_8x7B", "experts", 8},                  // §3.2.1: Mixtral_8x7B "experts 8"
  {"Mixtral_8x7B", "active_experts", 2},           // §3.2.1: Mixtral_8x7B "active_experts 2"
  {"DeepSeek_V3", "parameters", 671e9},            // §3.2.1: DeepSeek_V3 671e9
  {"DeepSeek_V3", "active_parameters", 37e9},      // §3.2.1: DeepSeek_V3 active_parameters 37e9
  {"DeepSeek_V3", "layers", 61},                   // §3.2.1: DeepSeek_V3 layers 61
  {"DeepSeek_V3", "hidden_dim", 7168},             // §3.2.1: DeepSeek_V3 hidden_dim 7168
  {"DeepSeek_V3", "heads", 128},                   // §3.2.1: DeepSeek_V3 heads 128
  {"DeepSeek_V3", "ffn_dim", 18432},               // §3.2.1: DeepSeek_V3 ffn_dim 18432
  {"DeepSeek_V3", "seq_len", 4096},                // §3.2.1: DeepSeek_V3 seq_len 4096
  {"DeepSeek_V3", "max_seq_len", 131072},          // §3.2.1: DeepSeek_V3 max_seq_len 131072
  {"DeepSeek_V3", "vocab_size", 129280},           // §3.2.1: DeepSeek_V3 vocab_size 129280
  {"DeepSeek_V3", "inference_flops", 74 * GFLOP},  // §3.2.1: DeepSeek_V3 "74 GFLOP"
  {"DeepSeek_V3", "training_tokens", 14.8e12},     // §3.2.1: DeepSeek_V3 "training_tokens 14.8e12"
  {"DeepSeek_V3", "training_accelerators", 2048},  // §3.2.1: DeepSeek_V3 "training_accelerators 2048 (H800)"
  {"DeepSeek_V3", "experts", 256},                 // §3.2.1: DeepSeek_V3 "experts 256"
  {"DeepSeek_V3", "shared_experts", 1},            // §3.2.1: DeepSeek_V3 "shared_experts 1"
  {"DeepSeek_V3", "active_experts", 8},            // §3.2.1: DeepSeek_V3 "active_experts 8"
  {"DeepSeek_V3", "expert_ffn_dim", 2048},         // §3.2.1: DeepSeek_V3 "expert_ffn_dim 2048"
  {"DeepSeek_V3", "kv_lora_rank", 512},            // §3.2.1: DeepSeek_V3 "kv_lora_rank 512"
  {"DeepSeek_V3", "q_lora_rank", 1536},            // §3.2.1: DeepSeek_V3 "q_lora_rank 1536"
  {"DeepSeek_V3", "qk_rope_head_dim", 64},         // §3.2.1: DeepSeek_V3 "qk_rope_head_dim 64"

  // ---- §3.2.2 vision -----------------------------------------------------------------------------------
  {"AlexNet", "parameters", 60e6},                 // §3.2.2: AlexNet 60e6
  {"AlexNet", "layers", 8},                        // §3.2.2: AlexNet layers 8
  {"AlexNet", "resolution", 224},                  // §3.2.2: AlexNet resolution 224
  {"AlexNet", "inference_flops", 1.5 * GFLOP},     // §3.2.2: AlexNet "1.5 GFLOP"
  {"ResNet18", "parameters", 11.7e6},              // §3.2.2: ResNet18 11.7e6
  {"ResNet18", "layers", 18},                      // §3.2.2: ResNet18 layers 18
  {"ResNet18", "inference_flops", 3.6 * GFLOP},    // §3.2.2: ResNet18 "3.6 GFLOP"
  {"ResNet18", "inference_macs", 1.8e9},           // §3.2.2: ResNet18 inference_macs 1.8e9
  {"ResNet50", "parameters", 25.6e6},              // §3.2.2: ResNet50 25.6e6
  {"ResNet50", "layers", 50},                      // §3.2.2: ResNet50 layers 50
  {"ResNet50", "resolution", 224},                 // §3.2.2: ResNet50 resolution 224
  {"ResNet50", "inference_flops", 8.2 * GFLOP},    // §3.2.2: ResNet50 "8.2 GFLOP"
  {"ResNet50", "inference_macs", 4.1e9},           // §3.2.2: ResNet50 inference_macs 4.1e9
  {"MobileNetV2", "parameters", 3504872},          // §3.2.2: MobileNetV2 3504872
  {"MobileNetV2", "layers", 54},                   // §3.2.2: MobileNetV2 layers 54
  {"MobileNetV2", "inference_flops", 600 * MFLOP}, // §3.2.2: MobileNetV2 "600 MFLOP"
  {"MobileNetV2", "inference_macs", 300e6},        // §3.2.2: MobileNetV2 inference_macs 300e6
  {"MobileNetV2", "inference_energy", 0.1 * mJ},   // §3.2.2: MobileNetV2 "inference_energy 0.1 mJ"
  {"MobileNetV2_Alpha0_5", "parameters", 1968680}, // §3.2.2: MobileNetV2_Alpha0_5 1968680
  {"MobileNetV2_Alpha0_5FeatureExtractor", "parameters", 687680}, // §3.2.2: 687680
  {"EfficientNetB0", "parameters", 5.3e6},         // §3.2.2: EfficientNetB0 5.3e6
  {"EfficientNetB0", "resolution", 224},           // §3.2.2: EfficientNetB0 resolution 224
  {"EfficientNetB0", "inference_flops", 780 * MFLOP}, // §3.2.2: EfficientNetB0 "780 MFLOP"
  {"EfficientNetB0", "inference_macs", 390e6},     // §3.2.2: EfficientNetB0 inference_macs 390e6
  {"YOLOv8_Nano", "parameters", 3.2e6},            // §3.2.2: YOLOv8_Nano 3.2e6
  {"YOLOv8_Nano", "layers", 225},                  // §3.2.2: YOLOv8_Nano layers 225
  {"YOLOv8_Nano", "resolution", 640},              // §3.2.2: YOLOv8_Nano resolution 640
  {"YOLOv8_Nano", "inference_flops", 8.7 * GFLOP}, // §3.2.2: YOLOv8_Nano "8.7 GFLOP"
  {"LeNet1", "parameters", 10e3},                  // §3.2.2: LeNet1 10e3

  // ---- §3.2.3 tiny, recommendation, state-space, generative, embodied -----------------------------------
  {"AnomalyDetector", "parameters", 270e3},        // §3.2.3: AnomalyDetector 270e3
  {"AnomalyDetector", "inference_flops", 540 * kFLOP}, // §3.2.3: AnomalyDetector "540 kFLOP"
  {"DS_CNN", "parameters", 200e3},                 // §3.2.3: DS_CNN 200e3
  {"DS_CNN", "inference_flops", 20 * MFLOP},       // §3.2.3: DS_CNN "20 MFLOP"
  {"WakeVision", "parameters", 250e3},             // §3.2.3: WakeVision 250e3
  {"WakeVision", "inference_flops", 25 * MFLOP},   // §3.2.3: WakeVision "25 MFLOP"
  {"DLRM", "model_size", 100 * GB},                // §3.2.3: DLRM "model_size 100 GB"
  {"DLRM", "embedding_entries", 25e9},             // §3.2.3: DLRM "embedding_entries 25e9"
  {"Mamba_130M", "parameters", 130e6},             // §3.2.3: Mamba_130M 130e6
  {"Mamba_130M", "inference_flops", 260 * MFLOP},  // §3.2.3: Mamba_130M "260 MFLOP"
  {"Mamba_130M", "layers", 24},                    // §3.2.3: Mamba_130M "layers 24"
  {"Mamba_130M", "hidden_dim", 768},               // §3.2.3: Mamba_130M "hidden_dim 768"
  {"Mamba_130M", "state_size", 16},                // §3.2.3: Mamba_130M "state_size 16"
  {"Mamba_130M", "seq_len", 2048},                 // §3.2.3: Mamba_130M "seq_len 2048"
  {"Mamba_130M", "vocab_size", 50277},             // §3.2.3: Mamba_130M "vocab_size 50277"
  {"Mamba_130M", "training_tokens", 300e9},        // §3.2.3: Mamba_130M "training_tokens 300e9"
  {"Mamba_2_8B", "parameters", 2.8e9},             // §3.2.3: Mamba_2_8B 2.8e9
  {"Mamba_2_8B", "inference_flops", 5.6 * GFLOP},  // §3.2.3: Mamba_2_8B "5.6 GFLOP"
  {"Mamba_2_8B", "layers", 64},                    // §3.2.3: Mamba_2_8B "layers 64"
  {"Mamba_2_8B", "hidden_dim", 2560},              // §3.2.3: Mamba_2_8B "hidden_dim 2560"
  {"Mamba_2_8B", "state_size", 16},                // §3.2.3: Mamba_2_8B "state_size 16"
  {"Mamba_2_8B", "vocab_size", 50277},             // §3.2.3: Mamba_2_8B "vocab_size 50277"
  {"StableDiffusion_v1_5", "parameters", 860e6},   // §3.2.3: StableDiffusion_v1_5 860e6
  {"StableDiffusion_v1_5", "inference_flops", 678 * GFLOP}, // Kim et al. 2023 (BK-SDM), Table 1: 339 GMAC per U-Net evaluation at 512 x 512, x 2 FLOP/MAC
  {"StableDiffusion_v1_5", "denoising_steps", 50}, // §3.2.3: "denoising_steps 50"
  {"StableDiffusion_v1_5", "resolution", 512},     // §3.2.3: "resolution 512"
  {"OpenVLA_7B", "parameters", 7e9},               // §3.2.3: OpenVLA_7B 7e9
  {"OpenVLA_7B", "layers", 32},                    // §3.2.3: OpenVLA_7B "layers 32"
  {"OpenVLA_7B", "hidden_dim", 4096},              // §3.2.3: OpenVLA_7B "hidden_dim 4096"
  {"OpenVLA_7B", "action_chunk", 1},               // §3.2.3: OpenVLA_7B "action_chunk 1"
  {"OpenVLA_7B", "action_dim", 7},                 // §3.2.3: OpenVLA_7B "action_dim 7"
  {"Octo_Base", "parameters", 93e6},               // §3.2.3: Octo_Base 93e6
  {"Octo_Base", "layers", 12},                     // §3.2.3: Octo_Base "layers 12"
  {"Octo_Base", "hidden_dim", 768},                // §3.2.3: Octo_Base "hidden_dim 768"
  {"Octo_Base", "action_chunk", 4},                // §3.2.3: Octo_Base "action_chunk 4"
  {"Octo_Base", "action_dim", 7},                  // §3.2.3: Octo_Base "action_dim 7"
  {"DiffusionPolicy_PushT", "parameters", 16e6},   // §3.2.3: DiffusionPolicy_PushT 16e6
  {"DiffusionPolicy_PushT", "action_chunk", 16},   // §3.2.3: DiffusionPolicy_PushT "action_chunk 16"
  {"DiffusionPolicy_PushT", "action_dim", 2},      // §3.2.3: DiffusionPolicy_PushT "action_dim 2"
  {"ACT_ALOHA", "parameters", 50e6},               // §3.2.3: ACT_ALOHA 50e6
  {"ACT_ALOHA", "layers", 8},                      // §3.2.3: ACT_ALOHA "layers 8"
  {"ACT_ALOHA", "hidden_dim", 512},                // §3.2.3: ACT_ALOHA "hidden_dim 512"
  {"ACT_ALOHA", "action_chunk", 100},              // §3.2.3: ACT_ALOHA "action_chunk 100"
  {"ACT_ALOHA", "action_dim", 14},                 // §3.2.3: ACT_ALOHA "action_dim 14"

  // ---- §3.3 nodes, fabrics, fleets, pods ---------------------------------------------------------------
  {"DGX_H100", "accelerators_per_node", 8},        // §3.3: DGX_H100 accelerators_per_node 8
  {"DGX_H100", "intra_node_bandwidth", 900 * GB},  // §3.3: DGX_H100 "900 GB/s"
  {"DGX_H100", "nics", 8},                         // §3.3: DGX_H100 nics 8
  {"DGX_H100", "price", 350000},                   // §3.3 / §3.7: DGX_H100 "350000 USD"
  {"DGX_H100", "accelerator.memory", 80 * GiB},    // §3.3: DGX_H100 accelerator H100 ("80 GiB")
  {"DGX_A100", "accelerators_per_node", 8},        // §3.3: DGX_A100 accelerators_per_node 8
  {"DGX_A100", "intra_node_bandwidth", 600 * GB},  // §3.3: DGX_A100 "600 GB/s"
  {"DGX_A100", "nics", 8},                         // §3.3: DGX_A100 nics 8
  {"DGX_A100", "accelerator.peak_flops", 312 * TFLOP}, // §3.3: DGX_A100 accelerator A100 ("312 TFLOP/s")
  {"DGX_B200", "accelerators_per_node", 8},        // §3.3: DGX_B200 accelerators_per_node 8
  {"DGX_B200", "intra_node_bandwidth", 1800 * GB}, // §3.3: DGX_B200 "1800 GB/s"
  {"DGX_B200", "nics", 8},                         // §3.3: DGX_B200 nics 8
  {"DGX_B200", "accelerator.memory", 192 * GiB},   // §3.3: DGX_B200 accelerator B200 ("192 GiB")
  // DGX_B200 collective line: least squares in relative error of t = L + 1.75 S / B through Bekman's 8 x B200
  // all_reduce sweep, S = 16 MiB .. 1 GiB, t = 1.75 S / busbw (busbw 254.96 .. 723.34 GB/s): B = 717.0 GB/s, L = 85.4 us.
  {"DGX_B200", "collective_bandwidth", 717 * GB},  // nodes.toml DGX_B200 "717 GB/s"
  {"DGX_B200", "collective_latency", 85 * us},     // nodes.toml DGX_B200 "85 us"
  {"DGX1_V100", "accelerators_per_node", 8},       // DGX-1 V100 whitepaper: eight Tesla V100 SXM2
  {"DGX1_V100", "intra_node_bandwidth", 300 * GB}, // six NVLink 2 links x 25 GB/s x 2 directions = 300 GB/s
  {"DGX1_V100", "nics", 4},                        // DGX-1 datasheet: four 100 Gb/s EDR InfiniBand adapters
  {"DGX1_V100", "accelerator.memory", 32 * GiB},   // accelerator V100 ("32 GiB")
  // DGX1_V100 collective line: the same fit through the 8 x V100 cube-mesh sweep of konnase.github.io, 16-128 MiB
  // (324.1, 550.8, 992.7, 1818.8 us): B = 135.1 GB/s, L = 109.5 us.
  {"DGX1_V100", "collective_bandwidth", 135 * GB}, // nodes.toml DGX1_V100 "135 GB/s"
  {"DGX1_V100", "collective_latency", 109 * us},   // nodes.toml DGX1_V100 "109 us"
  {"DGX2_V100", "accelerators_per_node", 16},      // DGX-2 datasheet: sixteen Tesla V100 32 GB
  {"DGX2_V100", "intra_node_bandwidth", 300 * GB}, // six NVLink 2 links x 25 GB/s x 2 directions into NVSwitch
  {"DGX2_V100", "nics", 8},                        // DGX-2 datasheet: eight 100 Gb/s cluster adapters
  // DGX2_V100 collective line: the same fit, factor 2 x 11 / 12, through the 12-GPU DGX-2 sweep of
  // wohlbier/nccl-tests, 16 MiB-1 GiB (482.8 .. 15986 us): B = 131.0 GB/s, L = 177.7 us.
  {"DGX2_V100", "collective_bandwidth", 131 * GB}, // nodes.toml DGX2_V100 "131 GB/s"
  {"DGX2_V100", "collective_latency", 178 * us},   // nodes.toml DGX2_V100 "178 us"
  {"Ethernet_10G", "bandwidth", 10 * Gbps},        // §3.3: Ethernet_10G "10 Gbps" (= 1.25 GB/s)
  {"Ethernet_10G", "latency", 50 * us},            // §3.3: Ethernet_10G "50 us"
  {"Ethernet_100G", "bandwidth", 100 * Gbps},      // §3.3: Ethernet_100G "100 Gbps" (= 12.5 GB/s)
  {"Ethernet_100G", "latency", 50 * us},           // §3.3: Ethernet_100G "50 us"
  {"Ethernet_400G", "bandwidth", 400 * Gbps},      // §3.3: Ethernet_400G "400 Gbps" (= 50 GB/s)
  {"Ethernet_400G", "latency", 50 * us},           // §3.3: Ethernet_400G "50 us"
  {"Ethernet_800G", "bandwidth", 800 * Gbps},      // §3.3: Ethernet_800G "800 Gbps" (= 100 GB/s)
  {"Ethernet_800G", "latency", 50 * us},           // §3.3: Ethernet_800G "50 us"
  {"Ethernet_1P6T", "bandwidth", 1600 * Gbps},     // §3.3: Ethernet_1P6T "1600 Gbps" (= 200 GB/s)
  {"Ethernet_1P6T", "latency", 50 * us},           // §3.3: Ethernet_1P6T "50 us"
  {"RoCE_100G", "bandwidth", 100 * Gbps},          // §3.3: RoCE_100G "100 Gbps" (= 12.5 GB/s)
  {"RoCE_100G", "latency", 10 * us},               // §3.3: RoCE_100G "10 us"
  {"InfiniBand_HDR", "bandwidth", 25 * GB},        // §3.3: InfiniBand_HDR "200 Gbps" (= 25 GB/s)
  {"InfiniBand_HDR", "latency", 7 * us},           // §3.3: InfiniBand_HDR "7 us"
  {"InfiniBand_NDR", "latency", 5 * us},           // §3.3: InfiniBand_NDR "5 us"
  {"InfiniBand_XDR", "bandwidth", 100 * GB},       // §3.3: InfiniBand_XDR "800 Gbps" (= 100 GB/s)
  {"InfiniBand_XDR", "latency", 5 * us},           // §3.3: InfiniBand_XDR "5 us"
  {"InfiniBand_GXDR", "bandwidth", 200 * GB},      // §3.3: InfiniBand_GXDR "1600 Gbps" (= 200 GB/s)
  {"InfiniBand_GXDR", "latency", 5 * us},          // §3.3: InfiniBand_GXDR "5 us"
  {"Research_256", "nodes", 32},                   // §3.3: Research_256 nodes 32
  {"Research_256", "fabric.bandwidth", 100 * Gbps},// §3.3: Research_256 fabric Ethernet_100G "100 Gbps"
  {"Training_1K", "nodes", 128},                   // §3.3: Training_1K nodes 128
  {"Production_2K", "nodes", 256},                 // §3.3: Production_2K nodes 256
  {"Frontier_8K", "nodes", 1024},                  // §3.3: Frontier_8K nodes 1024
  {"Frontier_8K", "fabric.latency", 5 * us},       // §3.3: Frontier_8K fabric InfiniBand_NDR "5 us"
  {"Training_10K", "nodes", 1250},                 // §3.3: Training_10K nodes 1250
  {"Reference_25K_H100", "nodes", 3125},           // §3.3: Reference_25K_H100 nodes 3125
  {"Mega_100K", "nodes", 12500},                   // §3.3: Mega_100K nodes 12500
  {"TPUv4_4096", "accelerators", 4096},            // §3.3: TPUv4_4096 accelerators 4096
  {"TPUv4_4096", "power", 3 * MW},                 // §3.3: TPUv4_4096 "3 MW"

  // ---- §3.4 datasets -----------------------------------------------------------------------------------
  {"ImageNet", "train_examples", 1281167},         // §3.4: ImageNet train_examples 1281167
  {"ImageNet", "validation_examples", 50000},      // §3.4: ImageNet validation_examples 50000
  {"ImageNet", "test_examples", 100000},           // §3.4: ImageNet test_examples 100000
  {"ImageNet", "classes", 1000},                   // §3.4: ImageNet classes 1000
  {"ImageNet", "image_width", 224},                // §3.4: ImageNet "224 x 224 x 3"
  {"ImageNet", "image_height", 224},               // §3.4: ImageNet "224 x 224 x 3"
  {"ImageNet", "channels", 3},                     // §3.4: ImageNet "224 x 224 x 3"
  {"ImageNet", "total_examples", 14197122},        // §3.4: ImageNet "total_examples 14197122"
  {"CIFAR10", "train_examples", 50000},            // §3.4: CIFAR10 train_examples 50000
  {"CIFAR10", "test_examples", 10000},             // §3.4: CIFAR10 test_examples 10000
  {"CIFAR10", "classes", 10},                      // §3.4: CIFAR10 classes 10
  {"CIFAR10", "image_width", 32},                  // §3.4: CIFAR10 "32 x 32 x 3"
  {"CIFAR10", "channels", 3},                      // §3.4: CIFAR10 "32 x 32 x 3"
  {"MNIST", "train_examples", 60000},              // §3.4: MNIST train_examples 60000
  {"MNIST", "test_examples", 10000},               // §3.4: MNIST test_examples 10000
  {"MNIST", "classes", 10},                        // §3.4: MNIST classes 10
  {"MNIST", "image_height", 28},                   // §3.4: MNIST "28 x 28 x 1"
  {"MNIST", "channels", 1},                        // §3.4: MNIST "28 x 28 x 1"
  {"MSWC", "total_examples", 23.4e6},              // §3.4: MSWC "total_examples 23.4e6"
  {"MSWC", "languages", 50},                       // §3.4: MSWC "languages 50"
  {"MSWC", "keywords", 340000},                    // §3.4: MSWC "keywords 340000"
  {"MSWC", "clip_length", 1},                      // §3.4: MSWC "clip_length 1 s"
  {"MSWC", "sample_rate", 16000},                  // §3.4: MSWC "sample_rate 16 kHz" = 16000 /s
  {"MSWC", "bytes_per_sample", 2},                 // §3.4: MSWC "bytes_per_sample 2 byte"

  // ---- §3.5 precisions ---------------------------------------------------------------------------------
  {"fp32", "bytes", 4},                            // §3.5: fp32 "4 byte"
  {"tf32", "bytes", 4},                            // §3.5: tf32 "4 byte"
  {"bf16", "bytes", 2},                            // §3.5: bf16 "2 byte"
  {"fp16", "bytes", 2},                            // §3.5: fp16 "2 byte"
  {"fp8", "bytes", 1},                             // §3.5: fp8 "1 byte"
  {"fp4", "bytes", 0.5},                           // §3.5: fp4 "0.5 byte"
  {"int8", "bytes", 1},                            // §3.5: int8 "1 byte"
  {"int4", "bytes", 0.5},                          // §3.5: int4 "0.5 byte"

  // ---- §3.6 grids, datacenters, cooling, racks ---------------------------------------------------------
  {"Quebec", "carbon_intensity", 20 * g / kWh},    // §3.6: Quebec "20 g/kWh"
  {"Quebec", "pue", 1.06},                         // §3.6: Quebec pue 1.06
  {"Quebec", "wue", 0},                            // §3.6: Quebec "0 L/kWh"
  {"Quebec", "renewable_share", 0.99},             // §3.6: Quebec renewable_share 0.99
  {"Norway", "carbon_intensity", 10 * g / kWh},    // §3.6: Norway "10 g/kWh"
  {"Norway", "renewable_share", 0.98},             // §3.6: Norway renewable_share 0.98
  {"Iceland", "carbon_intensity", 28 * g / kWh},   // §3.6: Iceland "28 g/kWh"
  {"Iceland", "renewable_share", 1.0},             // §3.6: Iceland renewable_share 1.0
  {"France", "carbon_intensity", 50 * g / kWh},    // §3.6: France "50 g/kWh"
  {"France", "pue", 1.12},                         // §3.6: France pue 1.12
  {"France", "wue", 1.8 * L / kWh},                // §3.6: France "1.8 L/kWh"
  {"EU_Avg", "carbon_intensity", 270 * g / kWh},   // §3.6: EU_Avg "270 g/kWh"
  {"Germany", "carbon_intensity", 385 * g / kWh},  // §3.6: Germany "385 g/kWh"
  {"Germany", "renewable_share", 0.46},            // §3.6: Germany renewable_share 0.46
  {"Texas", "carbon_intensity", 400 * g / kWh},    // §3.6: Texas "400 g/kWh"
  {"Texas", "renewable_share", 0.28},              // §3.6: Texas renewable_share 0.28
  {"US_Avg", "pue", 1.12},                         // §3.6: US_Avg pue 1.12
  {"US_Avg", "wue", 1.8 * L / kWh},                // §3.6: US_Avg "1.8 L/kWh"
  {"US_Avg", "renewable_share", 0.21},             // §3.6: US_Avg renewable_share 0.21
  {"China_Avg", "carbon_intensity", 555 * g / kWh},// §3.6: China_Avg "555 g/kWh"
  {"China_Avg", "pue", 1.4},                       // §3.6: China_Avg pue 1.4
  {"China_Avg", "renewable_share", 0.30},          // §3.6: China_Avg renewable_share 0.30
  {"Iowa", "carbon_intensity", 680 * g / kWh},     // §3.6: Iowa "680 g/kWh"
  {"Iowa", "renewable_share", 0.12},               // §3.6: Iowa renewable_share 0.12
  {"India_Avg", "carbon_intensity", 720 * g / kWh},// §3.6: India_Avg "720 g/kWh"
  {"India_Avg", "pue", 1.58},                      // §3.6: India_Avg pue 1.58
  {"India_Avg", "renewable_share", 0.22},          // §3.6: India_Avg renewable_share 0.22
  {"Poland", "carbon_intensity", 820 * g / kWh},   // §3.6: Poland "820 g/kWh"
  {"Poland", "pue", 1.58},                         // §3.6: Poland pue 1.58
  {"Poland", "renewable_share", 0.17},             // §3.6: Poland renewable_share 0.17
  {"US_Hyperscale", "grid.carbon_intensity", 429 * g / kWh}, // §3.6: US_Hyperscale grid US_Avg "429 g/kWh"
  {"LiquidCooled", "pue", 1.06},                   // §3.6: LiquidCooled pue 1.06
  {"LiquidCooled", "wue", 0},                      // §3.6: LiquidCooled "0 L/kWh"
  {"BestAir", "pue", 1.12},                        // §3.6: BestAir pue 1.12
  {"BestAir", "wue", 1.8 * L / kWh},               // §3.6: BestAir "1.8 L/kWh"
  {"StateOfArt", "pue", 1.10},                     // §3.6: StateOfArt pue 1.10
  {"Typical", "pue", 1.40},                        // §3.6: Typical pue 1.40
  {"SimpleAir", "pue", 1.50},                      // §3.6: SimpleAir pue 1.50
  {"Legacy", "pue", 1.58},                         // §3.6: Legacy pue 1.58
  {"Legacy", "wue", 1.8 * L / kWh},                // §3.6: Legacy "1.8 L/kWh"
  {"Traditional", "power", 12 * kW},               // §3.6: Traditional "12 kW"
  {"AI_Standard", "power", 70 * kW},               // §3.6: AI_Standard "70 kW"
  {"AI_High", "power", 100 * kW},                  // §3.6: AI_High "100 kW"

  // ---- §3.7 pricing ------------------------------------------------------------------------------------
  {"Cloud2024", "electricity", 0.12 / kWh},        // §3.7: Cloud2024 "electricity 0.12 USD/kWh"
  {"Cloud2024", "gpu_hour", 4.00 / hour},          // §3.7: Cloud2024 "gpu_hour 4.00 USD/h"
  {"Cloud2024", "gpu_hour_inference", 2.50 / hour},// §3.7: Cloud2024 "gpu_hour_inference 2.50 USD/h"
  {"Cloud2024", "tpu_hour", 4.00 / hour},          // §3.7: Cloud2024 "tpu_hour 4.00 USD/h"
  {"Cloud2024", "egress", 0.09 / GB},              // §3.7: Cloud2024 "egress 0.09 USD/GB"
  {"Cloud2024", "object_storage", 23 / TB / month},// §3.7: Cloud2024 "object_storage 23 USD/TB/month"
  {"Cloud2024", "archive_storage", 1 / TB / month},// §3.7: Cloud2024 "archive_storage 1 USD/TB/month"
  {"Cloud2024", "archive_retrieval", 0.02 / GB},   // §3.7: Cloud2024 "archive_retrieval 0.02 USD/GB"
  {"Fleet2024", "gpu_hour", 2.00 / hour},          // §3.7: Fleet2024 "gpu_hour 2.00 USD/h"
  {"Fleet2024", "gpu_hour_spot", 0.70 / hour},     // §3.7: Fleet2024 "gpu_hour_spot 0.70 USD/h"
  {"Fleet2024", "gpu_hour_internal", 2.50 / hour}, // §3.7: Fleet2024 "gpu_hour_internal 2.50 USD/h"
  {"Fleet2024", "carbon_per_gpu_hour", 0.16 / hour}, // §3.7: Fleet2024 "carbon_per_gpu_hour 0.16 kg/h"
  {"OnPrem2024", "electricity", 0.07 / kWh},       // §3.7: OnPrem2024 "electricity 0.07 USD/kWh"
  {"OnPrem2024", "maintenance_rate", 0.05 / year}, // §3.7: OnPrem2024 "maintenance_rate 0.05 /year"
};
// clang-format on

TEST(CatalogueSpot, ModelAndSystemValuesMatchTheSpecInSI) { expect_spots(kModelAndSystemSpots, 300); }

}  // namespace catalogue_facts
