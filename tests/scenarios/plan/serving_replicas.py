"""The replicas ServingCapacity sizes (docs/planner.md §5), for serving_step.py: the largest batch that meets
the inter-token target, then the fewest replicas whose M/M/c queue keeps the P99 first-token latency within
its target. Python standard library only; no mlsi."""
import math


def erlang_c(c, a):
    """Probability of waiting in an M/M/c queue at offered load a < c: the closed form
    C = (a^c/c!)·c/(c − a) / (Σ_{k<c} a^k/k! + (a^c/c!)·c/(c − a)), summed in log space (Kleinrock 1975 §3.5)."""
    logs = [k * math.log(a) - math.lgamma(k + 1) for k in range(c)] if a > 0 else [0.0]
    top = c * math.log(a) - math.lgamma(c + 1) + math.log(c / (c - a)) if a > 0 else -math.inf
    m = max(max(logs), top)
    below = sum(math.exp(x - m) for x in logs)
    return math.exp(top - m) / (below + math.exp(top - m))


def p99_wait(c, rate, service):
    """P(W > t) = C·exp(−(c/S − λ)·t): t = ln(C/0.01)/(c/S − λ) when C > 0.01, else 0."""
    C = erlang_c(c, rate * service)
    return 0.0 if C <= 0.01 else math.log(C / 0.01) / (c / service - rate)


def replicas_for(step, tp, price, output_len, request_rate, ttft_target, itl_target):
    """ServingCapacity's outputs (SI units) from `step(batch)`, ServingStep's outputs at that batch, and the
    price of one device per hour."""
    one = step(1)
    mb = one["max_batch"]
    batches = []
    b = 1
    while b < mb:
        batches.append(b)
        b *= 2
    if mb >= 1:
        batches.append(mb)
    meeting = [b for b in batches if step(b)["itl"] <= itl_target]
    out = {}
    out["binding"] = ("memory" if mb < 1 else "inter_token_latency" if not meeting
                      else "first_token_latency" if one["ttft"] >= ttft_target else "none")
    out["feasible"] = out["binding"] == "none"
    batch = meeting[-1] if meeting else 1
    out["batch"] = batch
    chosen = step(batch)
    service = chosen["request_latency"]
    # The slots: the sequences in flight at that batch (fewer than the batch when the token budget binds).
    slots = chosen["in_flight"]
    out["replica_rate"] = slots / service
    allowed = ttft_target - chosen["ttft"]
    stable = math.floor(request_rate / out["replica_rate"]) + 1
    sure = max(math.ceil((request_rate + math.log(100) / max(allowed, 1e-3)) / out["replica_rate"]), stable)
    tried = [r for r in range(stable, stable + 64) if p99_wait(r * slots, request_rate, service) <= allowed]
    replicas = tried[0] if tried else sure
    out["replicas"] = replicas
    out["devices"] = replicas * tp
    out["utilization"] = request_rate / (replicas * out["replica_rate"])
    out["ttft_p99"] = p99_wait(replicas * slots, request_rate, service) + chosen["ttft"]
    out["itl"] = chosen["itl"]
    out["monthly_cost"] = out["devices"] * price * 730
    out["cost_per_million_tokens"] = out["devices"] * price / 3600 / (request_rate * output_len) * 1e6
    return out
