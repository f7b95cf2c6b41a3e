#!/usr/bin/env python3
"""The parameter counts of the config.json files of tests/hf, computed independently of mlsi.

mlsi (interpreter/catalogue/hf_parameters.cpp) counts parameters by parts with the formula of
docs/catalogue.md §6.2. This script counts them another way: it lists every weight tensor that the
model's Hugging Face modeling code creates (the names of its state dict, with their shapes), as
DeepSeek's and Hugging Face's code build them, and sums their sizes. A token's active parameters are
every tensor but the routed experts it does not use (those numbered from num_experts_per_tok on, as if
the router chose the first ones: all experts of a layer are the same size).

It then checks tests/hf/expected.toml: that its `total` and `active` are these exact counts (the unit
test HfConfig.* checks that mlsi's conversion gives the same), and that each count is within the
stated tolerance of the published figure. Standard library only; mlsi is not run.

    python3 tests/hf/parameters.py            check, and print a table (exit status 1 on a mismatch)
"""
import json
import math
import pathlib
import sys
import tomllib

HERE = pathlib.Path(__file__).resolve().parent


def tensors(c):
    """(name, shape, routed expert index or None) of every weight of the model the config describes."""
    t = c["model_type"]
    V, d, L, H = c["vocab_size"], c["hidden_size"], c["num_hidden_layers"], c["num_attention_heads"]
    F = c["intermediate_size"]
    out = [("model.embed_tokens.weight", (V, d), None)]
    for i in range(L):
        p = f"model.layers.{i}."
        out += [(p + "input_layernorm.weight", (d,), None), (p + "post_attention_layernorm.weight", (d,), None)]
        if t == "gemma2":  # Gemma2DecoderLayer also normalizes before and after its MLP
            out += [(p + "pre_feedforward_layernorm.weight", (d,), None), (p + "post_feedforward_layernorm.weight", (d,), None)]
        if t in ("deepseek_v2", "deepseek_v3"):
            out += mla_tensors(c, p + "self_attn.")
        else:
            out += attention_tensors(c, p + "self_attn.")
        out += ffn_tensors(c, i, p + "mlp.")
    out.append(("model.norm.weight", (d,), None))
    # Gemma2Config defaults tie_word_embeddings to true, the other configuration classes to false.
    if not c.get("tie_word_embeddings", t == "gemma2"):
        out.append(("lm_head.weight", (V, d), None))
    return out


def attention_tensors(c, p):
    t, d, H = c["model_type"], c["hidden_size"], c["num_attention_heads"]
    K = c.get("num_key_value_heads") or H
    h = c.get("head_dim") or d // H
    bias_qkv = t in ("qwen2", "qwen2_moe") or (t in ("llama", "gemma2") and c.get("attention_bias", False))
    bias_o = t in ("llama", "gemma2") and c.get("attention_bias", False)
    if t == "phi3":  # Phi3Attention: one fused qkv_proj, no biases
        return [(p + "qkv_proj.weight", (H * h + 2 * K * h, d), None), (p + "o_proj.weight", (d, H * h), None)]
    out = [(p + "q_proj.weight", (H * h, d), None), (p + "k_proj.weight", (K * h, d), None),
           (p + "v_proj.weight", (K * h, d), None), (p + "o_proj.weight", (d, H * h), None)]
    if bias_qkv:
        out += [(p + "q_proj.bias", (H * h,), None), (p + "k_proj.bias", (K * h,), None), (p + "v_proj.bias", (K * h,), None)]
    if bias_o:
        out.append((p + "o_proj.bias", (d,), None))
    return out


def mla_tensors(c, p):
    """DeepSeek-V2/V3 multi-head latent attention (DeepseekV3Attention of their modeling code)."""
    d, H = c["hidden_size"], c["num_attention_heads"]
    q_rank, kv_rank = c.get("q_lora_rank"), c["kv_lora_rank"]
    nope, rope, v = c["qk_nope_head_dim"], c["qk_rope_head_dim"], c["v_head_dim"]
    bias = c.get("attention_bias", False)
    out = []
    if q_rank is None:
        out.append((p + "q_proj.weight", (H * (nope + rope), d), None))
    else:
        out += [(p + "q_a_proj.weight", (q_rank, d), None), (p + "q_a_layernorm.weight", (q_rank,), None),
                (p + "q_b_proj.weight", (H * (nope + rope), q_rank), None)]
        if bias:
            out.append((p + "q_a_proj.bias", (q_rank,), None))
    out += [(p + "kv_a_proj_with_mqa.weight", (kv_rank + rope, d), None), (p + "kv_a_layernorm.weight", (kv_rank,), None),
            (p + "kv_b_proj.weight", (H * (nope + v), kv_rank), None), (p + "o_proj.weight", (d, H * v), None)]
    if bias:
        out += [(p + "kv_a_proj_with_mqa.bias", (kv_rank + rope,), None), (p + "o_proj.bias", (d,), None)]
    return out


def mlp(p, d, width, expert=None, bias=False):
    out = [(p + "gate_proj.weight", (width, d), expert), (p + "up_proj.weight", (width, d), expert),
           (p + "down_proj.weight", (d, width), expert)]
    if bias:
        out += [(p + "gate_proj.bias", (width,), expert), (p + "up_proj.bias", (width,), expert), (p + "down_proj.bias", (d,), expert)]
    return out


def ffn_tensors(c, i, p):
    t, d, F = c["model_type"], c["hidden_size"], c["intermediate_size"]
    if t == "phi3":  # Phi3MLP: gate and up projections fused in one gate_up_proj
        return [(p + "gate_up_proj.weight", (2 * F, d), None), (p + "down_proj.weight", (d, F), None)]
    if t == "qwen2_moe":  # Qwen2MoeDecoderLayer
        E = c["num_experts"]
        step, dense = c.get("decoder_sparse_step", 1), c.get("mlp_only_layers") or []
        if i in dense or (i + 1) % step != 0:
            return mlp(p, d, F)
        out = [(p + "gate.weight", (E, d), None)]
        for j in range(E):
            out += mlp(f"{p}experts.{j}.", d, c["moe_intermediate_size"], expert=j)
        out += mlp(p + "shared_expert.", d, c["shared_expert_intermediate_size"])
        out.append((p + "shared_expert_gate.weight", (1, d), None))
        return out
    if t == "mixtral":
        E = c["num_local_experts"]
        p = p.replace("mlp.", "block_sparse_moe.")
        out = [(p + "gate.weight", (E, d), None)]
        for j in range(E):
            q = f"{p}experts.{j}."
            out += [(q + "w1.weight", (F, d), j), (q + "w2.weight", (d, F), j), (q + "w3.weight", (F, d), j)]
        return out
    if t in ("deepseek_v2", "deepseek_v3"):
        E = c.get("n_routed_experts")
        moe = E is not None and i >= c.get("first_k_dense_replace", 0) and i % c.get("moe_layer_freq", 1) == 0
        if not moe:
            return mlp(p, d, F)
        Fe, S = c["moe_intermediate_size"], c.get("n_shared_experts") or 0
        out = [(p + "gate.weight", (E, d), None)]
        if t == "deepseek_v3" or c.get("topk_method") == "noaux_tc":
            out.append((p + "gate.e_score_correction_bias", (E,), None))
        for j in range(E):
            out += mlp(f"{p}experts.{j}.", d, Fe, expert=j)
        if S:
            out += mlp(p + "shared_experts.", d, Fe * S)  # one MLP S experts wide
        return out
    return mlp(p, d, F, bias=t == "llama" and c.get("mlp_bias", False))


def counts(config):
    """(total, active) parameters."""
    k = config.get("num_experts_per_tok", 0)
    total = active = 0
    for _name, shape, expert in tensors(config):
        size = math.prod(shape)
        total += size
        if expert is None or expert < k:
            active += size
    return total, active


def main():
    expected = tomllib.loads((HERE / "expected.toml").read_text())
    failures = []
    files = sorted(HERE.glob("*.json"))
    if sorted(expected) != sorted(f.stem for f in files):
        failures.append(f"expected.toml lists {sorted(expected)}, tests/hf holds {sorted(f.stem for f in files)}")
    print(f"{'config':<24} {'total':>15} {'active':>15}  published total / active (difference)")
    for f in files:
        total, active = counts(json.loads(f.read_text()))
        e = expected.get(f.stem, {})
        line = f"{f.stem:<24} {total:>15,} {active:>15,}"
        for what, mine in (("total", total), ("active", active)):
            if e.get(what) != mine:
                failures.append(f"{f.stem}: {what} is {mine}, expected.toml says {e.get(what)}")
            published = e.get(f"published_{what}")
            if published is None:
                line += f"  {what}: not compared"
                continue
            tolerance = e.get(f"{what}_tolerance", 0.01)
            difference = mine / published - 1
            line += f"  {published:.4g} ({difference:+.2%})"
            if abs(difference) > tolerance:
                failures.append(f"{f.stem}: {what} {mine} is {difference:+.2%} from the published {published:g}, beyond {tolerance:.1%}")
        print(line)
    for failure in failures:
        print("FAIL", failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
