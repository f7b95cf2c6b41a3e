#!/usr/bin/env python3
"""The built-in open-weight models against their shapes, counted independently of mlsi.

For each entry of stdlib/catalogue/workloads/open_weights.toml this script
  1. checks that its shape fields are those of the same model's config.json in tests/hf (the file named
     below), field by field;
  2. counts the weight matrices of that shape by hand: the embedding table (twice unless tied), per layer
     the q, k, v and o projections (h = head_dim, or hidden / heads) and the gated FFN's three matrices
     (each of `experts` for a moe entry), and compares the count with the entry's published `parameters`
     (and `active_parameters`) within the tolerance of tests/hf/expected.toml (1 % unless stated).
Norm weights and biases are left out: they are under 0.01 % of each model. Standard library only; mlsi is
not run.

    python3 tests/catalogue/open_weights_parameters.py     check, print a table (exit status 1 on a mismatch)
"""
import json
import pathlib
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[2]

CONFIGS = {
    "Qwen2_5_7B": "qwen2.5-7b", "Qwen2_5_72B": "qwen2.5-72b", "Gemma2_9B": "gemma-2-9b",
    "Gemma2_27B": "gemma-2-27b", "Phi3_Mini": "phi-3-mini-4k-instruct",
    "Phi3_Medium": "phi-3-medium-4k-instruct", "Mistral_7B": "mistral-7b", "Mixtral_8x22B": "mixtral-8x22b",
    "Llama3_2_1B": "llama-3.2-1b", "Llama3_2_3B": "llama-3.2-3b",
}
# catalogue field <- config.json field
SHAPE = {"layers": "num_hidden_layers", "hidden_dim": "hidden_size", "heads": "num_attention_heads",
         "kv_heads": "num_key_value_heads", "ffn_dim": "intermediate_size", "vocab_size": "vocab_size",
         "experts": "num_local_experts", "active_experts": "num_experts_per_tok"}


def count(w, active):
    d, L, H, K, F, V = w["hidden_dim"], w["layers"], w["heads"], w["kv_heads"], w["ffn_dim"], w["vocab_size"]
    h = w.get("head_dim", d // H)
    experts = w.get("active_experts" if active else "experts", 1)
    per_layer = d * H * h + 2 * d * K * h + H * h * d + experts * 3 * d * F
    return (1 if w["tied_embeddings"] else 2) * V * d + L * per_layer


def main():
    catalogue = tomllib.loads((ROOT / "stdlib/catalogue/workloads/open_weights.toml").read_text())["Workload"]
    expected = tomllib.loads((ROOT / "tests/hf/expected.toml").read_text())
    failures = []
    if set(catalogue) != set(CONFIGS):
        failures.append(f"entries {sorted(catalogue)} are not those of this script {sorted(CONFIGS)}")
    print(f"{'entry':15} {'counted':>16} {'published':>10} {'difference':>10}")
    for key, stem in CONFIGS.items():
        w = catalogue[key]
        config = json.loads((ROOT / "tests/hf" / f"{stem}.json").read_text())
        for field, cfg in SHAPE.items():
            if cfg in config and config[cfg] != w.get(field):
                failures.append(f"{key}.{field} = {w.get(field)}, config.json {cfg} = {config[cfg]}")
        tied = config.get("tie_word_embeddings", config["model_type"] == "gemma2")
        if tied != w["tied_embeddings"]:
            failures.append(f"{key}.tied_embeddings = {w['tied_embeddings']}, config.json says {tied}")
        if "head_dim" in config and config["head_dim"] != w.get("head_dim", w["hidden_dim"] // w["heads"]):
            failures.append(f"{key}.head_dim differs from config.json's {config['head_dim']}")
        tolerance = expected[stem].get("total_tolerance", 0.01)
        for active in (False, True):
            published = w.get("active_parameters", w["parameters"]) if active else w["parameters"]
            n = count(w, active)
            diff = n / published - 1
            print(f"{key + (' active' if active else ''):15} {n:16,} {published:10.3g} {diff:+10.2%}")
            if abs(diff) > tolerance:
                failures.append(f"{key}: counted {n}, published {published} ({diff:+.2%}, tolerance {tolerance:.2%})")
    for f in failures:
        print("MISMATCH:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
