"""Expected values of scenarios/plan/training_step.mls (TrainingStep), computed independently of mlsi from
the model docs/planner.md describes (Narayanan et al. 2021; Korthikanti et al. 2022) and the catalogue
values it reads (the tables below, copied from stdlib/catalogue, where each has its source). Python
standard library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes.
"""
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import DAY, GiB, HOUR, print_expect  # noqa: E402

# --- Catalogue values -------------------------------------------------------------------------------------
WORKLOADS = {
    # h, L, V, heads a, KV heads, head width d, MLP width f, MLP matrices, seq_len, training tokens
    "Llama3_70B": dict(h=8192, L=80, V=128256, a=64, kv=8, d=128, f=28672, mats=3, s=8192, tokens=15e12),
    "Mixtral_8x7B": dict(h=4096, L=32, V=32000, a=32, kv=8, d=128, f=14336, mats=3, s=32768, params=46.7e9,
                         E=8, k=2, shared=0, ef=14336, dense_layers=0),
}
# DeepSeek-V3 (stdlib/catalogue/workloads/language.toml): MLA (no kv_heads: taken as the query heads),
# head width 128 without RoPE plus 64 with it, values 128; 256 routed experts, 8 per token, 1 shared, the
# first 3 layers dense.
WORKLOADS["DeepSeek_V3"] = dict(h=7168, L=61, V=129280, a=128, kv=128, d=128, rope=64, kv_lora=512, q_lora=1536,
                                f=18432, mats=3, s=4096, tokens=14.8e12, E=256, k=8, shared=1, ef=2048,
                                dense_layers=3)
WORKLOADS["Llama3_405B"] = dict(h=16384, L=126, V=128256, a=128, kv=8, d=128, f=53248, mats=3, s=8192, tokens=15.6e12)
# stdlib/catalogue/hardware/cloud.toml: dense rates, the MAMF/OpenXLA/FlashMLA calibration, SMs, memory.
HARDWARE = {
    "H100": dict(peak=dict(bf16=989e12, fp16=989e12, fp8=1979e12), eff=dict(bf16=0.79, fp16=0.79, fp8=0.69),
                 lat=6.3e-6, mem=3.35e12, meff=0.90, sm_count=132, memory=80 * GiB),
    "H800": dict(peak=dict(bf16=989e12, fp16=989e12, fp8=1979e12), eff=dict(bf16=0.79, fp16=0.79, fp8=0.69),
                 lat=6.3e-6, mem=3.35e12, meff=0.90, sm_count=132, memory=80 * GiB),
}
# stdlib/catalogue/systems/nodes.toml and fabrics.toml: the collective lines.
NODES = {"DGX_H100": dict(accelerator="H100", per_node=8, bw=370e9, lat=76e-6),
         "HGX_H800": dict(accelerator="H800", per_node=8, bw=155e9, lat=76e-6)}
FABRICS = {"InfiniBand_NDR": dict(bw=48.5e9, lat=25e-6)}


class Model:
    """One TrainingStep evaluation, term by term as docs/planner.md writes them."""

    def __init__(self, workload, node, fabric, tp, pp, cp, dp, ep, v, b, B, s, recompute, sp, zero, precision,
                 kernel, dp_overlap, tp_backward_overlap=True):
        w = WORKLOADS[workload]
        n = NODES[node]
        hw = HARDWARE[n["accelerator"]]
        f = FABRICS[fabric]
        self.__dict__.update(w=w, n=n, hw=hw, f=f, tp=tp, pp=pp, cp=cp, dp=dp, ep=ep, v=v, b=b, B=B, s=s,
                             recompute=recompute, sp=sp, zero=zero, precision=precision, kernel=kernel,
                             dp_overlap=dp_overlap, tp_backward_overlap=tp_backward_overlap)
        self.peak = hw["peak"][precision]
        self.rate = self.peak * hw["eff"][precision]
        attn_p = "fp16" if precision == "fp16" else "bf16"
        self.attn_rate = hw["peak"][attn_p] * hw["eff"][attn_p]
        self.mem = hw["mem"] * hw["meff"]

    # kernels
    def wave_share(self, tiles):
        if tiles <= 0:
            return 1.0
        sms = self.hw["sm_count"]
        return tiles / (math.ceil(tiles / sms) * sms)

    def gemm(self, count, batch, rows, cols, flops, nbytes, rate):
        tiles = batch * math.ceil(rows / 256) * math.ceil(cols / 128)
        return count * (self.hw["lat"] + max(flops / (rate * self.wave_share(tiles)), nbytes / self.mem))

    def linear(self, count, m, k, n, backward):
        flops, nbytes = 2 * m * k * n, (m * k + k * n + m * n) * 2
        if backward:
            return self.gemm(count, 1, m, k, flops, nbytes, self.rate) + self.gemm(count, 1, k, n, flops, nbytes, self.rate)
        return self.gemm(count, 1, m, n, flops, nbytes, self.rate)

    def coll(self, ranks, size, factor, where):
        link = self.n if where == "node" else self.f
        return 0.0 if ranks <= 1 else link["lat"] + factor * size / link["bw"]

    def evaluate(self):
        w, tp, pp, cp, dp, ep, v, b, B, s = (self.w, self.tp, self.pp, self.cp, self.dp, self.ep, self.v, self.b,
                                             self.B, self.s)
        h, L, V, a, kv, d, f, mats = w["h"], w["L"], w["V"], w["a"], w["kv"], w["d"], w["f"], w["mats"]
        moe = "E" in w
        E, k, shared, ef = (w["E"], w["k"], w["shared"], w["ef"]) if moe else (1, 0, 0, f)
        moe_layers = L - w["dense_layers"] if moe else 0
        dense_layers = L - moe_layers
        T = b * s / cp
        per_node = self.n["per_node"]
        m = B / (dp * b)

        # one layer on one rank, forward and backward
        # Multi-head latent attention (DeepSeek-V2/V3): queries and keys of d_nope + rope, values of d_v.
        latent = "kv_lora" in w
        d_qk = w["d"] + w["rope"] if latent else d
        d_v = w.get("d_v", d)

        def proj(bwd):
            if not latent:
                return self.linear(1, T, h, (a + 2 * kv) * d / tp, bwd) + self.linear(1, T, a * d / tp, h, bwd)
            q = (self.linear(1, T, h, w["q_lora"], bwd) + self.linear(1, T, w["q_lora"], a * d_qk / tp, bwd)
                 if "q_lora" in w else self.linear(1, T, h, a * d_qk / tp, bwd))
            return (q + self.linear(1, T, h, w["kv_lora"] + w["rope"], bwd)
                    + self.linear(1, T, w["kv_lora"], a * (d + d_v) / tp, bwd) + self.linear(1, T, a * d_v / tp, h, bwd))

        core_flops = 2 * T * s * (a / tp) * (d_qk + d_v)
        heads = b * a / tp
        scores = heads * (s / cp) * s
        if self.kernel == "fused":
            core_f = self.gemm(1, heads, s / cp, s, core_flops / 2, 0, self.attn_rate)
            core_b = 2.5 * core_f
        else:
            flops_qk, flops_v = core_flops * d_qk / (d_qk + d_v), core_flops * d_v / (d_qk + d_v)
            g = lambda rows, cols, flops: self.gemm(1, heads, rows, cols, flops, scores * 2, self.attn_rate)
            core_f = g(s / cp, s, flops_qk) + g(s / cp, d_v, flops_v) + 4.5 * scores * 2 / self.mem
            core_b = (g(s / cp, d_qk, flops_qk) + g(s, d_qk, flops_qk) + g(s / cp, s, flops_v) + g(s, d_v, flops_v)
                      + 9 * scores * 2 / self.mem)
        tpe = ep * T * k / E if moe else 0

        def dense_mlp(bwd):
            return self.linear(mats, T, h, f / tp, bwd)

        def moe_mlp(bwd):
            return (self.linear(mats * E / ep, tpe, h, ef / tp, bwd) + self.linear(mats * shared, T, h, ef / tp, bwd)
                    + self.linear(1, T, h, E, bwd))

        norms = 11 * T * h * 2 / (tp if self.sp else 1)
        dact = mats * T * f / tp * 2
        mact = mats * T * (k + shared) * ef / tp * 2
        dense_f = proj(False) + core_f + dense_mlp(False) + (norms + dact) / self.mem
        dense_b = proj(True) + core_b + dense_mlp(True) + 2 * (norms + dact) / self.mem
        moe_f = moe_b = 0.0
        if moe:
            moe_f = proj(False) + core_f + moe_mlp(False) + (norms + mact) / self.mem
            moe_b = proj(True) + core_b + moe_mlp(True) + 2 * (norms + mact) / self.mem
        fwd = (dense_layers * dense_f + moe_layers * moe_f) / L
        bwd = (dense_layers * dense_b + moe_layers * moe_b) / L
        rec = {"none": 0.0, "selective": (0.0 if self.kernel == "fused" else core_f), "full": fwd}[self.recompute]

        # communication per layer
        x = T * h * 2
        ag = self.coll(tp, x, (tp - 1) / tp, "node")
        ar = self.coll(tp, x, 2 * (tp - 1) / tp, "node")
        tp_f = 4 * ag if self.sp else 2 * ar
        # Backward: the row-parallel linears' all-gathers (with SP), and the column-parallel linears' (QKV,
        # MLP input) all-gather + reduce-scatter or all-reduce, each hidden under a backward GEMM of the
        # linear (as long as its forward GEMM) when overlapped.
        if latent:
            qin = (self.linear(1, T, w["q_lora"], a * d_qk / tp, False) if "q_lora" in w
                   else self.linear(1, T, h, a * d_qk / tp, False))
            attn_in = qin + self.linear(1, T, w["kv_lora"], a * (d + d_v) / tp, False)
        else:
            attn_in = self.linear(1, T, h, (a + 2 * kv) * d / tp, False)
        mlp_in_dense = self.linear(mats - 1, T, h, f / tp, False)
        mlp_in_moe = (self.linear((mats - 1) * E / ep, tpe, h, ef / tp, False)
                      + self.linear((mats - 1) * shared, T, h, ef / tp, False)) if moe else 0.0
        mlp_in = (dense_layers * mlp_in_dense + moe_layers * mlp_in_moe) / L

        def column(g):
            return 2 * max(ag - g, 0) if self.sp else max(ar - g, 0)
        tp_b = (2 * ag if self.sp else 0) + (column(attn_in) + column(mlp_in) if self.tp_backward_overlap
                                             else (4 * ag if self.sp else 2 * ar))
        layer_tp = tp_f + tp_b + (tp_f if self.recompute == "full" else 0)
        layer_cp = 0.0
        if cp > 1:
            kvb = T * 2 * (a * (d_qk + d_v) / 2 if latent else kv * d) / tp * 2
            where = "node" if tp * cp <= per_node else "fabric"
            link = self.n if where == "node" else self.f
            ring = (cp - 1) * (link["lat"] + kvb / link["bw"])
            layer_cp = max(ring - core_f, 0) + max(2 * ring - core_b, 0)
        layer_ep = 0.0
        if moe and ep > 1:
            where = "node" if tp * ep <= per_node else "fabric"
            a2a = self.coll(ep, T * k * h * 2, (ep - 1) / ep, where)
            layer_ep = (4 + (2 if self.recompute == "full" else 0)) * a2a * moe_layers / L

        per_layer = fwd + bwd + rec + layer_tp + layer_cp + layer_ep
        logits = self.linear(1, T, h, V / tp, False) + self.linear(1, T, h, V / tp, True) + 3 * 4 * T * V / tp * 4 / self.mem
        chunk = math.ceil(L / (pp * v))
        stage = chunk * v
        last = max(L - (pp - 1) * stage, 0)
        p2p = 0.0
        if pp > 1:
            where = "fabric" if tp * cp >= per_node else "node"
            link = self.n if where == "node" else self.f
            # Without sequence parallelism the receivers all-gather the whole activation (scatter/gather).
            gather = 0.0 if self.sp else self.coll(tp, T * h * 2, (tp - 1) / tp, "node")
            p2p = 2 * v * (link["lat"] + T * h * 2 / tp / link["bw"] + gather)
        full_stage = stage * per_layer
        last_stage = last * per_layer + logits
        slow_last = last_stage > full_stage
        layers = last if slow_last else stage
        lg = logits if (slow_last or pp == 1) else 0.0
        mb_time = layers * per_layer + lg + p2p
        out = {}
        out["devices"] = tp * pp * cp * dp
        out["microbatches"] = m
        out["compute_time"] = m * (layers * (fwd + bwd) + lg)
        out["recompute_time"] = m * layers * rec
        out["tp_comm_time"] = m * layers * layer_tp
        out["cp_comm_time"] = m * layers * layer_cp
        out["ep_comm_time"] = m * layers * layer_ep
        out["pp_comm_time"] = m * p2p
        out["bubble_time"] = (pp - 1) / v * mb_time

        # parameters on one device of the first stage
        if latent:
            attn_params = ((h * w["q_lora"] + w["q_lora"] * a * d_qk if "q_lora" in w else h * a * d_qk)
                           + h * (w["kv_lora"] + w["rope"]) + w["kv_lora"] * a * (d + d_v) + a * d_v * h)
        else:
            attn_params = h * (a + 2 * kv) * d + a * d * h
        dense_lp = attn_params + mats * h * f + 2 * h
        moe_lp = attn_params + mats * h * ef * (E / ep + shared) + h * E + 2 * h
        stage_dense = stage * dense_layers / L
        dev_params = (stage_dense * dense_lp + (stage - stage_dense) * moe_lp + V * h) / tp
        grad_bytes = 2 if self.precision == "fp16" else 4
        dp_in = max(min(math.floor(per_node / (tp * cp)), dp), 1)
        dp_out = dp * cp / dp_in
        red = dev_params * grad_bytes
        reduction = self.coll(dp_in, red, 2 * (dp_in - 1) / dp_in, "node") + \
            self.coll(dp_out, red / dp_in, 2 * (dp_out - 1) / dp_out, "fabric")
        zero3 = 0.0
        if self.zero >= 3:
            per_layer_w = dev_params / stage * 2
            g = 2 * (self.coll(dp_in, per_layer_w, (dp_in - 1) / dp_in, "node")
                     + self.coll(dp_out, per_layer_w / dp_in, (dp_out - 1) / dp_out, "fabric"))
            zero3 = m * stage * max(g - (fwd + bwd), 0)
        last_bwd = stage * bwd
        out["dp_comm_time"] = (max(reduction - last_bwd, 0) if self.dp_overlap else reduction) + zero3
        ranks = dp * cp
        out["optimizer_time"] = dev_params / (ranks if self.zero >= 1 else 1) * 34 / self.mem
        out["step_time"] = sum(out[x] for x in ("compute_time", "recompute_time", "tp_comm_time", "cp_comm_time",
                                                "ep_comm_time", "pp_comm_time", "bubble_time", "dp_comm_time",
                                                "optimizer_time"))
        out["tokens_per_second"] = B * s / out["step_time"]
        per_token = 2 * (dense_layers * (dense_lp - 2 * h)
                         + moe_layers * (attn_params + mats * h * ef * (k + shared) + h * E)) \
            + 2 * s * a * (d_qk + d_v) * L + 2 * h * V
        out["model_flops"] = 3 * B * s * per_token
        extra = {"none": 0.0,
                 "selective": 0.0 if self.kernel == "fused" else B * s * 2 * s * a * (d_qk + d_v) * L,
                 "full": out["model_flops"] / 3 - B * s * 2 * h * V}[self.recompute]
        out["hardware_flops"] = out["model_flops"] + extra
        out["mfu"] = out["model_flops"] / (out["step_time"] * out["devices"] * self.peak)
        out["hfu"] = out["hardware_flops"] / (out["step_time"] * out["devices"] * self.peak)
        out["weights"] = dev_params * (3 if self.precision == "fp8" else 2) / (ranks if self.zero >= 3 else 1)
        out["gradients"] = dev_params * 4 / (ranks if self.zero >= 2 else 1)
        out["optimizer_state"] = dev_params * 12 / (ranks if self.zero >= 1 else 1)
        in_flight = min(pp, m) * ((1 + (pp - 1) / (pp * v)) if v > 1 else 1)
        replicated = 10 * T * h
        split = 2 * T * (a + 2 * kv) * d + 2 * T * a * d_v + \
            (2 * mats * T * (k + shared) * ef if (moe and moe_layers == L) else 2 * mats * T * f)
        score = 5 * scores if self.kernel == "unfused" else 0
        rep = replicated / tp if self.sp else replicated
        per = {"full": 2 * T * h / (tp if self.sp else 1),
               "selective": rep + split / tp,
               "none": rep + split / tp + score}[self.recompute]
        out["activations"] = stage * per * in_flight
        out["memory_per_device"] = out["weights"] + out["gradients"] + out["optimizer_state"] + out["activations"]
        out["fits"] = out["memory_per_device"] <= 0.9 * self.hw["memory"]
        return out


def training_step(workload="Llama3_70B", node="DGX_H100", fabric="InfiniBand_NDR", tp=8, pp=4, cp=1, dp=32, ep=1,
                  virtual_stages=1, microbatch=1, global_batch=1024, seq_len=None, recompute="selective",
                  sequence_parallel=True, zero=1, precision="bf16", goodput=0.9, attention_kernel="fused",
                  dp_overlap=True, tp_backward_overlap=True, training_tokens=None):
    w = WORKLOADS[workload]
    s = w["s"] if seq_len is None else seq_len
    out = Model(workload, node, fabric, tp, pp, cp, dp, ep, virtual_stages, microbatch, global_batch, s, recompute,
                sequence_parallel, zero, precision, attention_kernel, dp_overlap, tp_backward_overlap).evaluate()
    # No published token count: 20 tokens per parameter (Hoffmann et al. 2022), as the scenario says.
    tokens = w.get("tokens", 20 * w.get("params", 0)) if training_tokens is None else training_tokens
    out["run_time"] = tokens / out["tokens_per_second"] / goodput
    out["device_hours"] = out["run_time"] * out["devices"]
    return out


def shown(out):
    """In the display units of the expects: s, 1/s, EFLOP, GiB, day, h."""
    units = {"model_flops": 1e18, "hardware_flops": 1e18, "weights": GiB, "gradients": GiB, "optimizer_state": GiB,
             "activations": GiB, "memory_per_device": GiB, "run_time": DAY, "device_hours": HOUR}
    return {k: (val / units[k] if k in units else val) for k, val in out.items()}


OUTPUTS = ("devices", "microbatches", "compute_time", "recompute_time", "tp_comm_time", "cp_comm_time", "ep_comm_time",
           "pp_comm_time", "bubble_time", "dp_comm_time", "optimizer_time", "step_time", "model_flops", "hardware_flops",
           "mfu", "hfu", "weights", "gradients", "optimizer_state", "activations", "memory_per_device", "fits")

CONFIGS = {
    # The defaults: Llama 3.1 70B on 1024 H100s, TP 8 x PP 4 x DP 32, selective recomputation, SP, ZeRO 1.
    "llama3_70b_defaults": dict(),
    # Full recomputation with plain TP all-reduces, no ZeRO, no overlap of the gradient reduction.
    "llama3_70b_full_recompute": dict(recompute="full", sequence_parallel=False, zero=0, dp_overlap=False),
    # The unfused attention kernel with interleaving and ZeRO 3, no recomputation.
    "llama3_70b_unfused_interleaved": dict(recompute="none", attention_kernel="unfused", virtual_stages=2, zero=3,
                                           microbatch=2),
    # Context parallelism across nodes with FP8 GEMMs and ZeRO 2.
    "llama3_70b_cp4_fp8": dict(tp=4, cp=4, dp=16, pp=4, zero=2, precision="fp8", seq_len=32768, global_batch=256),
    # Llama 3's PP16 over 126 layers: stages of 8 layers, the last holding 6 and the logits.
    "llama3_405b_pp16": dict(workload="Llama3_405B", tp=8, pp=16, dp=16, global_batch=512, zero=1),
    # Mixtral with expert parallelism across nodes (tp x ep = 16 > 8).
    "mixtral_ep8": dict(workload="Mixtral_8x7B", tp=2, pp=1, dp=512, ep=8, seq_len=4096),
    # DeepSeek-V3's published layout on 2048 H800s: PP 16, EP 64, DP 128, FP8 GEMMs (DeepSeek-AI 2024, §3.2).
    "deepseek_v3_h800": dict(workload="DeepSeek_V3", node="HGX_H800", tp=1, pp=16, dp=128, ep=64, precision="fp8",
                             global_batch=15360, zero=1),
}

EXPECTED = {name: {k: v for k, v in shown(training_step(**c)).items() if k in OUTPUTS} for name, c in CONFIGS.items()}


if __name__ == "__main__":
    # The config blocks of scenarios/plan/training_step.mls, with these values as their expects.
    units = {"s": ("compute_time", "recompute_time", "tp_comm_time", "cp_comm_time", "ep_comm_time", "pp_comm_time",
                   "bubble_time", "dp_comm_time", "optimizer_time", "step_time"),
             "EFLOP": ("model_flops", "hardware_flops"),
             "GiB": ("weights", "gradients", "optimizer_state", "activations", "memory_per_device")}
    unit_of = {o: u for u, os in units.items() for o in os}
    for name, c in CONFIGS.items():
        print(f"config {name} for TrainingStep {{")
        for k, v in c.items():
            print(f"  {k} = {str(v).lower() if isinstance(v, bool) else v}")
        for k, v in EXPECTED[name].items():
            print_expect(k, v, unit_of.get(k, ""))
        print("}\n")
