"""ActivationMemory (scenarios/training/activation_memory.mls) written the way a pint user writes it:
the same six outputs from the same inputs (GPT-3's 96 layers, hidden 12288, 96 heads, seq_len 2048,
2 bytes per value), every quantity carried by pint. bench/python_bench.py times it beside mlsi.run;
it also checks that both give the same numbers."""
import pint

ureg = pint.UnitRegistry()


def activation_memory(microbatch, seq_len=2048, layers=96, hidden=12288, heads=96, bytes_per_value=2 * ureg.byte):
    """Korthikanti et al. 2022: s*b*h*(34 + 5*a*s/h) bytes per layer at 2 bytes per value; selective
    recomputation keeps 34 s*b*h, full recomputation 2 s*b*h (the layer input)."""
    sbh = seq_len * microbatch * hidden * ureg.dimensionless
    per_value = bytes_per_value / (2 * ureg.byte)
    none = layers * sbh * (34 + 5 * heads * seq_len / hidden) * per_value * ureg.byte
    selective = layers * sbh * 34 * per_value * ureg.byte
    full = layers * sbh * 2 * per_value * ureg.byte
    return {
        "none": none.to(ureg.GiB),
        "selective": selective.to(ureg.GiB),
        "full": full.to(ureg.GiB),
        "none_per_layer": (none / layers).to(ureg.GiB),
        "selective_savings": (1 - selective / none).to(ureg.dimensionless),
        "full_savings": (1 - full / none).to(ureg.dimensionless),
    }
