"""Expected values of scenarios/plan/serving_step.mls (ServingStep), computed independently of mlsi from the
model docs/planner.md §4 describes (Kwon et al. 2023; Pope et al. 2023; Shoeybi et al. 2019) and the catalogue
values it reads (the tables below, copied from stdlib/catalogue, where each has its source). Python standard
library only; no mlsi.

EXPECTED maps config name -> output name -> value in the display unit its `expect` line writes.
"""
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from expected import GiB, MiB, ceil, print_expect  # noqa: E402
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from serving_replicas import replicas_for  # noqa: E402

# --- Catalogue values -------------------------------------------------------------------------------------
# stdlib/catalogue/workloads/language.toml: P parameters (A active), h, L, V, heads a, KV heads, head width d,
# MLP width f, MLP matrices, embedding matrices (untied: 2).
WORKLOADS = {
    "Llama3_70B": dict(P=70.6e9, h=8192, L=80, V=128256, a=64, kv=8, d=128, f=28672, mats=3, emb=2),
    "Llama2_7B": dict(P=7e9, h=4096, L=32, V=32000, a=32, kv=32, d=128, f=11008, mats=3, emb=2),
    "Mixtral_8x7B": dict(P=46.7e9, A=12.9e9, h=4096, L=32, V=32000, a=32, kv=8, d=128, f=14336, mats=3, emb=2,
                         E=8, k=2, shared=0, ef=14336, dense_layers=0),
    # MLA: the latent (512) and the RoPE key (64) are cached; queries through a 1536 low-rank projection; head
    # width 128 without RoPE plus 64 with it, values 128; 256 routed experts (8 per token), one shared, the
    # first three layers dense.
    "DeepSeek_V3": dict(P=671e9, A=37e9, h=7168, L=61, V=129280, a=128, d=128, rope=64, kv_lora=512, q_lora=1536,
                        f=18432, mats=3, emb=2, E=256, k=8, shared=1, ef=2048, dense_layers=3),
}
# stdlib/catalogue/hardware/cloud.toml: dense rates, the calibration (GEMM efficiency and fixed time, copy and
# decode-read shares of the bandwidth, kernel launch, all-reduce latency and bus bandwidth), SMs, memory, hour price.
HARDWARE = {
    "H100": dict(peak=dict(bf16=989e12, fp16=989e12, fp8=1979e12), eff=dict(bf16=0.79, fp16=0.79, fp8=0.69),
                 gemm_lat=6.3e-6, bw=3.35e12, meff=0.90, deff=0.95, launch=2e-6, ar_lat=7.8e-6, ar_bw=479e9,
                 sm_count=132, memory=80 * GiB, price=4.00),
}
# Precisions (stdlib/catalogue/numerics/precisions.toml): bytes and kind.
PRECISIONS = {"bf16": (2, "float"), "fp16": (2, "float"), "fp8": (1, "float"), "int8": (1, "int"), "int4": (0.5, "int")}

BLOCK = 16       # vLLM's KV block size, tokens
RESERVE = 0.10   # vLLM's gpu_memory_utilization 0.9
ACT = 2          # bytes of an activation and of a 16-bit weight


class Serving:
    """One ServingStep evaluation, term by term as docs/planner.md §4 writes them."""

    def __init__(self, workload, hardware, tp, weight_precision, kv_precision, batch, prompt_len, output_len,
                 schedule, prefix_hit, token_budget):
        self.w, self.hw = WORKLOADS[workload], HARDWARE[hardware]
        self.tp, self.B, self.s, self.o, self.schedule, self.hit = tp, batch, prompt_len, output_len, schedule, prefix_hit
        self.N = token_budget
        wb, kind = PRECISIONS[weight_precision]
        # Weight-only integers carry one 16-bit scale per group of 128 weights.
        self.wbytes = wb + (2 / 128 if kind == "int" else 0)
        self.kvbytes = PRECISIONS[kv_precision][0]
        hw = self.hw
        self.r16 = hw["peak"]["bf16"] * hw["eff"]["bf16"]
        self.rate = hw["peak"]["fp8"] * hw["eff"]["fp8"] if weight_precision == "fp8" else self.r16
        self.mem = hw["bw"] * hw["meff"]
        self.dec = hw["bw"] * hw["deff"]

    # --- shape
    @property
    def mla(self):
        return "kv_lora" in self.w

    def layer_counts(self):
        w = self.w
        if "E" in w:
            moe = w["L"] - w["dense_layers"]
            return w["L"] - moe, moe
        return w["L"], 0

    # --- kernels
    def wave(self, tiles):
        t = max(tiles, 1)
        sms = self.hw["sm_count"]
        if sms is None:  # an entry without an SM count: no wave quantization
            return 1.0
        return t / (ceil(t / sms) * sms)

    def linear(self, count, m, k, n):
        return count * (self.hw["gemm_lat"] + 2 * m * k * n / (self.rate * self.wave(ceil(m / 256) * ceil(n / 128))))

    def grouped(self, count, groups, m, k, n):
        """`count` grouped GEMMs, each one kernel over `groups` experts' m × k by k × n products: one fixed time,
        the FLOPs at the wave share of all the groups' 256 × 128 output tiles together."""
        tiles = groups * ceil(m / 256) * ceil(n / 128)
        return count * (self.hw["gemm_lat"] + 2 * groups * m * k * n / (self.rate * self.wave(tiles)))

    def all_reduce(self, nbytes):
        tp = self.tp
        return 0.0 if tp <= 1 else self.hw["ar_lat"] + 2 * (tp - 1) / tp * nbytes / self.hw["ar_bw"]

    def layer_gemms(self, m, moe):
        """Compute side of one layer's GEMMs over m tokens."""
        w, tp, h, a = self.w, self.tp, self.w["h"], self.w["a"]
        if self.mla:
            dqk, dv = w["d"] + w["rope"], w["d"]
            t = self.linear(1, m, h, w["q_lora"]) + self.linear(1, m, w["q_lora"], a * dqk / tp)
            t += self.linear(1, m, h, w["kv_lora"] + w["rope"]) + self.linear(1, m, w["kv_lora"], a * (w["d"] + dv) / tp)
            t += self.linear(1, m, a * dv / tp, h)
        else:
            t = self.linear(1, m, h, (a + 2 * w["kv"]) * w["d"] / tp) + self.linear(1, m, a * w["d"] / tp, h)
        if not moe:
            return t + self.linear(w["mats"], m, h, w["f"] / tp)
        E, k = w["E"], w["k"]
        touched = max(E * (1 - (1 - k / E) ** m), 1)
        return (t + self.grouped(w["mats"], touched, m * k / touched, h, w["ef"] / tp)
                + self.linear(w["mats"] * w["shared"], m, h, w["ef"] / tp) + self.linear(1, m, h, E))

    def gemms(self, m, n):
        dense, moe = self.layer_counts()
        w = self.w
        t = dense * self.layer_gemms(m, False) + (moe * self.layer_gemms(m, True) if moe else 0)
        return t + self.linear(1, n, w["h"], w["V"] / self.tp)

    def params_read(self, m):
        w = self.w
        if "E" not in w:
            return w["P"]
        E, k = w["E"], w["k"]
        touched = E * (1 - (1 - k / E) ** m)
        return w["P"] - (w["P"] - w["A"]) * (E - touched) / (E - k)

    def weights_read(self, m):
        w = self.w
        emb = w["emb"] * w["V"] * w["h"]
        return ((self.params_read(m) - emb) * self.wbytes + w["V"] * w["h"] * ACT) / self.tp

    def kv_token_device(self):
        w = self.w
        values = w["kv_lora"] + w["rope"] if self.mla else 2 * max(w["kv"] / self.tp, 1) * w["d"]
        return w["L"] * values * self.kvbytes

    def launch(self):
        _, moe = self.layer_counts()
        return (4 * self.w["L"] + 3 * moe) * self.hw["launch"]

    def tp_comm(self, m):
        return 2 * self.w["L"] * self.all_reduce(m * self.w["h"] * ACT)

    def evaluate(self):
        w, hw, tp, B, s, o = self.w, self.hw, self.tp, self.B, self.s, self.o
        h, L, a = w["h"], w["L"], w["a"]
        out = {}
        emb = w["emb"] * w["V"] * h
        out["weights_per_device"] = ((w["P"] - emb) * self.wbytes + emb * ACT) / tp
        kv_seq_dev = ceil((s + o) / BLOCK) * BLOCK * self.kv_token_device()
        out["kv_per_sequence"] = kv_seq_dev * tp
        out["memory_per_device"] = out["weights_per_device"] + B * kv_seq_dev
        usable = (1 - RESERVE) * hw["memory"]
        out["fits"] = out["memory_per_device"] <= usable
        out["max_batch"] = max(math.floor((usable - out["weights_per_device"]) / kv_seq_dev), 0)

        # Prefill: whole blocks of the prefix cache, the last prompt token always computed.
        hit = min(math.floor(s * self.hit / BLOCK) * BLOCK, s - 1)
        new = s - hit
        seqs = B if self.schedule == "static" else 1
        T = seqs * new
        dqk, dv = (w["d"] + w["rope"], w["d"]) if self.mla else (w["d"], w["d"])
        attn_flops = 2 * T * (hit + (new + 1) / 2) * (a / tp) * (dqk + dv) * L
        attn_time = attn_flops / (self.r16 * self.wave(seqs * (a / tp) * ceil(new / 128)))
        dense, moe = self.layer_counts()
        # Bytes of one prefill token's norms, residual adds and MLP activation, per device.
        act_token = ACT * (10 * h * L + w["mats"] * (dense * w["f"] + moe * (w.get("k", 0) + w.get("shared", 0)) * w.get("ef", 0)) / tp)
        act_bytes = T * act_token
        pre_compute = self.gemms(T, seqs) + attn_time
        pre_memory = (self.weights_read(T) + T * self.kv_token_device() + act_bytes) / self.mem
        pre_comm = self.tp_comm(T)
        # Each kernel bound by its own roofline, the kernels one after another (Calculon's sum of per-kernel maxima).
        pre_kernels = (max(self.gemms(T, seqs), self.weights_read(T) / self.mem)
                       + max(attn_time, T * self.kv_token_device() / self.mem) + act_bytes / self.mem)
        out["prefill_time"] = pre_kernels + pre_comm + self.launch()
        out["prefill_bound"] = ("communication" if pre_comm > max(pre_compute, pre_memory)
                                else "compute" if pre_compute >= pre_memory else "memory")

        # Decode at the mean context prompt + output/2; MLA absorbed: 2·kv_lora + rope per head and key.
        ctx = s + o / 2
        width = 2 * w["kv_lora"] + w["rope"] if self.mla else dqk + dv
        dec_attn = 2 * B * ctx * (a / tp) * width * L
        out["decode_compute_time"] = self.gemms(B, B) + dec_attn / self.r16
        out["decode_memory_time"] = (self.weights_read(B) + B * ctx * self.kv_token_device()) / self.dec
        out["decode_comm_time"] = self.tp_comm(B)
        c, m_, k_ = out["decode_compute_time"], out["decode_memory_time"], out["decode_comm_time"]
        gemm_side = max(self.gemms(B, B), self.weights_read(B) / self.dec)
        attention_side = max(dec_attn / self.r16, B * ctx * self.kv_token_device() / self.dec)
        out["decode_step_time"] = gemm_side + attention_side + k_ + self.launch()
        out["decode_bound"] = "communication" if k_ > max(c, m_) else "compute" if c >= m_ else "memory"

        kvtok = self.kv_token_device()

        def iteration(d, p, attention, logits):
            """One forward pass of d decode tokens and p prefill tokens (their prompt attention `attention` FLOPs):
            the GEMMs over all d + p tokens (the weights read once), the decode attention over d sequences' cache
            at the mean context, the prefill attention and the cache it writes, the prefill tokens' activation
            bytes, the all-reduces of d + p tokens and the other kernels' fixed time."""
            m = d + p
            gemm_side = max(self.gemms(m, logits), self.weights_read(m) / self.dec)
            decode_side = max(2 * d * ctx * (a / tp) * width * L / self.r16, d * ctx * kvtok / self.dec)
            prefill_side = max(attention / (self.r16 * self.wave((a / tp) * ceil(p / 128))), p * kvtok / self.mem)
            return gemm_side + decode_side + prefill_side + p * act_token / self.mem + self.tp_comm(m) + self.launch()

        if self.schedule == "static":
            out["in_flight"] = B
            out["ttft"] = out["prefill_time"]
            out["itl"] = out["decode_step_time"]
            tps = B * o / (out["prefill_time"] + (o - 1) * out["decode_step_time"])
        else:
            # Steady state: every iteration decodes the n sequences in flight and prefills n/o new prompts (n·t/o
            # tokens), within the token budget N: n + n·t/o <= N, so n = min(B, ⌊N·o/(o + t)⌋), whole sequences.
            n = min(B, math.floor(self.N * o / (o + new)))
            out["in_flight"] = n
            prompt_attn = 2 * new * (hit + (new + 1) / 2) * (a / tp) * (dqk + dv) * L
            # The n·t/o prompt tokens an iteration needs come in chunks of c = min(t, N − n): a whole prompt, or the
            # budget the decode tokens leave. Fewer than c an iteration: a share f of the iterations carries a chunk
            # and the rest decode only; otherwise every iteration carries them all.
            P = n * new / o
            c = min(new, max(self.N - n, 1))
            f = min(P / c, 1)
            out["itl"] = f * iteration(n, P / f, n / o * prompt_attn / f, n + n / o / f) + (1 - f) * iteration(n, 0, 0, n)
            # A new prompt in chunks of at most the budget the decode tokens leave, equal chunks, one an iteration.
            chunks = ceil(new / max(self.N - n, 1))
            out["ttft"] = chunks * iteration(n, new / chunks, prompt_attn / chunks, n + 1)
            tps = n / out["itl"]
        out["request_latency"] = out["ttft"] + (o - 1) * out["itl"]
        out["output_tokens_per_second"] = tps
        out["output_tokens_per_second_per_device"] = tps / tp
        out["cost_per_million_tokens"] = tp * hw["price"] / 3600 / tps * 1e6
        return out


def serving_step(workload="Llama3_70B", hardware="H100", tp=4, weight_precision="fp8", kv_precision="bf16", batch=32,
                 prompt_len=2048, output_len=256, schedule="continuous", prefix_hit=0, token_budget=8192):
    return Serving(workload, hardware, tp, weight_precision, kv_precision, batch, prompt_len, output_len, schedule,
                   prefix_hit, token_budget).evaluate()


UNITS = {"weights_per_device": (GiB, "GiB"), "memory_per_device": (GiB, "GiB"), "kv_per_sequence": (MiB, "MiB"),
         "prefill_time": (1e-3, "ms"), "decode_compute_time": (1e-3, "ms"), "decode_memory_time": (1e-3, "ms"),
         "decode_comm_time": (1e-3, "ms"), "decode_step_time": (1e-3, "ms"), "ttft": (1e-3, "ms"),
         "itl": (1e-3, "ms"), "request_latency": (1.0, "s"), "output_tokens_per_second": (1.0, "1/s"),
         "output_tokens_per_second_per_device": (1.0, "1/s"), "cost_per_million_tokens": (1.0, "USD")}


def shown(out):
    return {k: (v / UNITS[k][0] if k in UNITS else v) for k, v in out.items()}


CONFIGS = {
    # The defaults: Llama 3.1 70B, FP8 weights, BF16 cache, 4 H100s, 32 sequences of 2048 + 256, continuous.
    "llama3_70b_defaults": dict(),
    # Llama 2 7B on one H100 in BF16, a static batch of 64 (gptSessionBenchmark's schedule).
    "llama2_7b_static": dict(workload="Llama2_7B", tp=1, weight_precision="bf16", batch=64, prompt_len=1024,
                             output_len=512, schedule="static"),
    # Mixtral 8x7B on two H100s, FP8 weights and cache: decode at batch 1 reads 2 of 8 experts per layer...
    "mixtral_batch1": dict(workload="Mixtral_8x7B", tp=2, kv_precision="fp8", batch=1, prompt_len=128,
                           output_len=128, schedule="static"),
    # ... and at batch 64 all of them (8 · (1 − (3/4)^64) = 8.0).
    "mixtral_batch64": dict(workload="Mixtral_8x7B", tp=2, kv_precision="fp8", batch=64, prompt_len=128,
                            output_len=128, schedule="static"),
    # Weight-only INT4 (AWQ/GPTQ, 4.125 bits) Llama 3.1 70B on one H100, FP8 cache.
    "llama3_70b_int4": dict(tp=1, weight_precision="int4", kv_precision="fp8", batch=16),
    # BF16 Llama 3.1 70B on one H100: the weights alone exceed the memory.
    "llama3_70b_does_not_fit": dict(tp=1, weight_precision="bf16", batch=8),
    # Half of each prompt from the prefix cache.
    "llama3_70b_prefix_hit": dict(prefix_hit=0.5),
    # DeepSeek-V3 (MLA: every device keeps the whole 576-value latent) with INT4 weights on 8 H100s, FP8 cache.
    "deepseek_v3_mla": dict(workload="DeepSeek_V3", tp=8, weight_precision="int4", kv_precision="fp8", batch=16),
    # Continuous batching where the token budget binds: 512 sequences of 2048 + 128 on eight H100s, FP8 cache.
    "llama3_70b_token_budget": dict(tp=8, kv_precision="fp8", batch=512, output_len=128),
    # The defaults with vLLM's 2048-token budget of smaller GPUs: a new prompt takes two chunks.
    "llama3_70b_budget_2048": dict(token_budget=2048),
}

# The doc line of each config in scenarios/plan/serving_step.mls.
DESCRIPTIONS = {
    "llama3_70b_defaults": "The defaults: Llama 3.1 70B, FP8 weights and a BF16 cache on four H100s, 32 sequences of 2048 + 256 tokens, continuous batching.",
    "llama2_7b_static": "Llama 2 7B in BF16 on one H100, a static batch of 64 (1024 + 512 tokens), as gptSessionBenchmark runs it.",
    "mixtral_batch1": "Mixtral 8x7B on two H100s with an FP8 cache: a decode step at batch 1 reads the 2 experts its token picks per layer (12.9 of 46.7 B parameters).",
    "mixtral_batch64": "The same at batch 64: 64 tokens touch 8 (1 - (3/4)^64) = 8.0 experts per layer, every weight.",
    "llama3_70b_int4": "Weight-only INT4 (4.125 bits with the group scales) Llama 3.1 70B on one H100 with an FP8 cache.",
    "llama3_70b_does_not_fit": "BF16 Llama 3.1 70B on one H100: 131 GiB of weights exceed the 72 GiB usable, so nothing fits.",
    "llama3_70b_prefix_hit": "The defaults with half of each prompt served from the prefix cache (1024 tokens, 64 whole blocks).",
    "deepseek_v3_mla": "DeepSeek-V3 (MLA: each device keeps the whole 576-value latent per token and layer) with INT4 weights on eight H100s, FP8 cache.",
    "llama3_70b_token_budget": "Continuous batching on eight H100s at batch 512, 2048 + 128 tokens: the 8192-token budget admits replacements for ⌊8192 · 128 / 2176⌋ = 481 sequences in flight, fewer than the batch.",
    "llama3_70b_budget_2048": "The defaults with a 2048-token budget (vLLM's on GPUs under 70 GiB): the 32 decode tokens leave 2016, so a 2048-token prompt takes two chunks.",
    "capacity_defaults": "The defaults: Llama 3.1 70B in FP8 on replicas of four H100s, 10 requests/s, P99 first token within 2 s, 50 ms between tokens.",
    "capacity_queue_bound": "60 requests/s with a 300 ms P99 first-token target: the queue's P99 wait, not stability alone, sets the replicas.",
    "capacity_llama2_7b": "Llama 2 7B in BF16 on single H100s, 512 + 128 tokens at 200 requests/s, 20 ms between tokens.",
    "capacity_itl_infeasible": "An inter-token target that no batch meets: one INT4 Llama 3.1 70B sequence on one H100 decodes slower than 5 ms.",
    "capacity_memory_infeasible": "BF16 Llama 3.1 70B on one H100: the weights leave no room for a sequence's cache.",
}

OUTPUTS = ("weights_per_device", "kv_per_sequence", "memory_per_device", "fits", "max_batch", "in_flight", "prefill_time",
           "prefill_bound", "decode_compute_time", "decode_memory_time", "decode_comm_time", "decode_step_time",
           "decode_bound", "ttft", "itl", "request_latency", "output_tokens_per_second",
           "output_tokens_per_second_per_device", "cost_per_million_tokens")

EXPECTED = {name: {k: v for k, v in shown(serving_step(**c)).items() if k in OUTPUTS} for name, c in CONFIGS.items()}


# --- ServingCapacity ---------------------------------------------------------------------------------------

def serving_capacity(workload="Llama3_70B", hardware="H100", tp=4, weight_precision="fp8", kv_precision="bf16",
                     prompt_len=2048, output_len=256, prefix_hit=0, request_rate=10.0, ttft_target=2.0, itl_target=0.050):
    def step(b):
        return serving_step(workload, hardware, tp, weight_precision, kv_precision, b, prompt_len, output_len,
                            "continuous", prefix_hit)
    return replicas_for(step, tp, HARDWARE[hardware]["price"], output_len, request_rate, ttft_target, itl_target)


CAPACITY_UNITS = {"replica_rate": (1.0, "1/s"), "ttft_p99": (1e-3, "ms"), "itl": (1e-3, "ms"),
                  "monthly_cost": (1.0, "USD"), "cost_per_million_tokens": (1.0, "USD")}
CAPACITY_OUTPUTS = ("binding", "feasible", "batch", "replica_rate", "replicas", "devices", "utilization", "ttft_p99",
                    "itl", "monthly_cost", "cost_per_million_tokens")
CAPACITY_CONFIGS = {
    # The defaults: Llama 3.1 70B in FP8 on replicas of 4 H100s, 10 requests/s, P99 TTFT 2 s, ITL 50 ms.
    "capacity_defaults": dict(),
    # A heavy load with a tight first-token target: the queue, not the slots' count, sets the replicas.
    "capacity_queue_bound": dict(request_rate=60.0, ttft_target=0.3),
    # Llama 2 7B on single H100s, short requests at 200 requests/s.
    "capacity_llama2_7b": dict(workload="Llama2_7B", tp=1, weight_precision="bf16", prompt_len=512, output_len=128,
                               request_rate=200.0, itl_target=0.020),
    # An ITL target no batch meets: one sequence of Llama 3.1 70B on one H100 (INT4) decodes slower than 5 ms.
    "capacity_itl_infeasible": dict(tp=1, weight_precision="int4", itl_target=0.005),
    # BF16 Llama 3.1 70B on one H100: the weights leave no room.
    "capacity_memory_infeasible": dict(tp=1, weight_precision="bf16"),
}
for _name, _c in CAPACITY_CONFIGS.items():
    _out = serving_capacity(**_c)
    EXPECTED[_name] = {k: (_out[k] / CAPACITY_UNITS[k][0] if k in CAPACITY_UNITS else _out[k]) for k in CAPACITY_OUTPUTS}


if __name__ == "__main__":
    # The config blocks of scenarios/plan/serving_step.mls, with these values as their expects.
    print("## Every expected value: tests/scenarios/plan/serving_step.py, an independent Python model of docs/planner.md §4 and §5.")
    def print_config(name, kind, settings, outputs, units):
        print(f"## {DESCRIPTIONS[name]}")
        print(f"config {name} for {kind} {{")
        for line in settings:
            print(f"  {line}")
        for k in outputs:
            v = EXPECTED[name][k]
            print_expect(k, v, units.get(k, (1, ""))[1], exact=isinstance(v, int))
        print("}\n")

    for name, c in CONFIGS.items():
        print_config(name, "ServingStep", [f"{k} = {v}" for k, v in c.items()], OUTPUTS, UNITS)
    for name, c in CAPACITY_CONFIGS.items():
        unit = {"request_rate": " Hz", "ttft_target": " s", "itl_target": " s"}
        settings = [f"{k} = {v:g}{unit.get(k, '')}" if isinstance(v, float) else f"{k} = {v}{unit.get(k, '')}"
                    for k, v in c.items()]
        print_config(name, "ServingCapacity", settings, CAPACITY_OUTPUTS, CAPACITY_UNITS)
