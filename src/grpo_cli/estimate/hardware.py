"""GPUs: dense bf16 peak, memory and bandwidth (docs/sources.md, "GPUs"), their aliases, and a device name -> GPU."""

from __future__ import annotations

from dataclasses import dataclass

from grpo_cli.errors import UserError, did_you_mean


@dataclass(frozen=True)
class GPU:
    name: str
    tflops: float  # bf16 dense peak, TFLOP/s
    memory_gb: float  # as sold (decimal GB)
    memory_gib: float  # what the driver reports as usable
    bandwidth_tbs: float  # HBM bandwidth, TB/s

    @property
    def flops(self) -> float:
        return self.tflops * 1e12

    @property
    def bandwidth(self) -> float:
        return self.bandwidth_tbs * 1e12


GPUS: dict[str, GPU] = {
    g.name: g
    for g in (
        GPU("a100-40g", 312, 40, 40960 / 1024, 1.56),
        GPU("a100-80g", 312, 80, 81920 / 1024, 2.04),
        GPU("h100", 989, 80, 81559 / 1024, 3.35),
        GPU("h100-pcie", 756, 80, 81559 / 1024, 2.0),
        GPU("h800", 989, 80, 81559 / 1024, 3.35),
        GPU("h200", 989, 141, 143771 / 1024, 4.8),
        GPU("h20", 148, 96, 97871 / 1024, 4.0),
        GPU("l40s", 362, 48, 46068 / 1024, 0.86),
        GPU("mi300x", 1307, 192, 196592 / 1024, 5.3),
    )
}
_GPU_ALIASES = {
    "a100": "a100-80g",
    "a100-40gb": "a100-40g",
    "a100-80gb": "a100-80g",
    "h100-80g": "h100",
    "h100-sxm": "h100",
    "h100-80g-pcie": "h100-pcie",
    "h800-sxm": "h800",
    "h200-141g": "h200",
    "mi300": "mi300x",
}


def resolve_gpu(name: str) -> GPU:
    key = name.strip().lower().replace("_", "-")
    key = _GPU_ALIASES.get(key, key)
    if key not in GPUS:
        raise UserError(f"unknown GPU '{name}'{did_you_mean(key, GPUS)}")
    return GPUS[key]


def gpu_from_device_name(device_name: str) -> GPU | None:
    """'NVIDIA H100 80GB HBM3' -> h100 (for run.json hardware info); None when nothing matches."""
    text = device_name.lower()
    if "h100" in text and "pcie" in text:
        return GPUS["h100-pcie"]
    for key in ("h800", "h200", "h100", "h20", "l40s", "mi300x"):
        if key in text:
            return GPUS[key]
    if "a100" in text:
        return GPUS["a100-40g"] if "40g" in text.replace(" ", "") else GPUS["a100-80g"]
    return None
