"""`grpo report`, the plots: one PNG per panel (matplotlib's Agg backend, imported when drawing), every run
overlaid, the alarms marked at their steps and their thresholds drawn."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grpo_cli import safeio
from grpo_cli.observe import alarms
from grpo_cli.observe.report.runs import Run
from grpo_cli.observe.stream import (
    ACCURACY,
    CLIPPED,
    DS_DROPPED,
    DS_ROUNDS,
    DS_UNFILLED,
    ENTROPY,
    KL,
    LENGTH,
    REWARD,
    ZERO_STD,
)


@dataclass(frozen=True)
class Panel:
    name: str  # file stem
    title: str
    keys: tuple[str, ...]  # metric keys drawn (the first solid, the rest dashed)
    ylabel: str
    threshold: str | None = None  # MonitorConfig field drawn as a horizontal line


GRPO_PANELS = (
    Panel("reward", "Reward and accuracy", (REWARD, ACCURACY), "mean over the batch"),
    Panel("length", "Mean completion length", (LENGTH,), "tokens"),
    Panel("zero_std", "Groups with zero reward std (no signal)", (ZERO_STD,), "fraction", "no_signal_frac"),
    Panel("clipped", "Completions cut at max length", (CLIPPED,), "fraction", "truncation_ratio"),
    Panel("kl", "KL to the reference model", (KL,), "kl"),
    Panel("entropy", "Policy entropy", (ENTROPY,), "nats/token"),
)
# Per-step curves of a run that scores reasoning steps (grpo_cli.stepwise.scoring); one panel per operation follows.
STEP_PREFIX, ACC_PREFIX = "steps/", "steps/acc/"
STEP_PANELS = (
    Panel(
        "steps", "Reasoning steps: share correct, share of completions with wrong working",
        ("steps/correct_frac", "steps/wrong_working_frac"), "fraction",
    ),
    Panel("steps_first_wrong", "Position of the first wrong step (1 = the first step)", ("steps/first_wrong_pos",), "step"),
    Panel("steps_per_completion", "Steps per completion", ("steps/per_completion",), "steps"),
    Panel("process_zero_std", "Groups with equal step rewards (no process signal)", ("process/zero_std_frac",), "fraction"),
)  # fmt: skip
DYNAMIC_SAMPLING_PANEL = Panel(
    "dynamic_sampling", "Dynamic sampling: zero-signal groups refilled / left, extra generation rounds",
    (DS_DROPPED, DS_UNFILLED, DS_ROUNDS), "groups / rounds per batch",
)  # fmt: skip
SFT_PANELS = (
    Panel("loss", "SFT loss", ("loss",), "loss"),
    Panel("token_accuracy", "Token accuracy", ("mean_token_accuracy",), "fraction"),
)


def panels_for(runs: list[Run]) -> list[Panel]:
    """The fixed panels, then one per reward function any run logged."""
    keys = {k for run in runs for row in run.metrics for k in row}
    # accuracy is already drawn beside the total reward
    rewards = sorted(k for k in keys if k.startswith("rewards/") and k.endswith("/mean") and k != ACCURACY)
    panels = list(GRPO_PANELS if any(r.is_grpo for r in runs) else SFT_PANELS)
    panels += [
        Panel(f"reward_{k.split('/')[1]}", f"Reward function: {k.split('/')[1]}", (k,), "mean reward") for k in rewards
    ]
    if DS_ROUNDS in keys:
        panels.append(DYNAMIC_SAMPLING_PANEL)
    if any(k.startswith(STEP_PREFIX) for k in keys):
        panels += list(STEP_PANELS)
        panels += [
            Panel(f"steps_acc_{k.rsplit('/', 1)[1]}", f"Step accuracy: {k.rsplit('/', 1)[1]}", (k,), "fraction")
            for k in sorted(k for k in keys if k.startswith(ACC_PREFIX))
        ]
    return panels


def _smooth(values: Any) -> Any:
    """Centered rolling mean over ~5% of the points (at least 3), so trends read through the step noise. numpy (which
    matplotlib imports anyway): running sums make each window's mean O(1) (slicing each window was quadratic: 28 s
    at 1e5 rows), and a million-row column takes milliseconds."""
    import numpy as np

    v = np.asarray(values, dtype=float)
    n = len(v)
    half = (max(3, n // 20) | 1) // 2
    prefix = np.concatenate([[0.0], np.cumsum(v)])
    i = np.arange(n)
    hi, lo = np.minimum(n, i + half + 1), np.maximum(0, i - half)
    return (prefix[hi] - prefix[lo]) / (hi - lo)


# A plot is ~800 pixels wide: a line of more points than this is drawn as its envelope (below), which looks the same
# and keeps a million-row run's plots to seconds.
PLOT_POINTS = 4000


def _thin(steps: Any, values: Any) -> tuple[Any, Any]:
    """At most ~PLOT_POINTS points that draw like the whole line: in each of PLOT_POINTS / 2 consecutive buckets (the
    last one takes the rest), its lowest and highest point, in step order. A short enough line is returned whole."""
    import numpy as np

    x, y = np.asarray(steps), np.asarray(values, dtype=float)
    n = len(y)
    if n <= PLOT_POINTS:
        return x, y
    buckets = PLOT_POINTS // 2
    size = n // buckets
    blocks = y[: size * (buckets - 1)].reshape(buckets - 1, size)  # shape (buckets - 1, size); the rest is the last
    starts = np.arange(buckets - 1) * size
    tail = size * (buckets - 1)
    low = np.append(starts + blocks.argmin(axis=1), tail + y[tail:].argmin())
    high = np.append(starts + blocks.argmax(axis=1), tail + y[tail:].argmax())
    keep = np.unique(np.concatenate([low, high]))  # sorted: step order
    return x[keep], y[keep]


def plot(runs: list[Run], out_dir: Path) -> tuple[list[tuple[Panel, Path]], list[str]]:
    """One PNG per panel with every run overlaid; returns (drawn panels, notes on panels nobody logged)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out_dir.mkdir(parents=True, exist_ok=True)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    drawn, notes = [], []
    for panel in panels_for(runs):
        series = [
            (i, run, key, *run.column(key)) for i, run in enumerate(runs) for key in panel.keys if run.column(key)[1]
        ]
        if not series:
            why = ""
            if panel.name == "kl" and any((r.recipe_dict or {}).get("grpo", {}).get("beta") == 0 for r in runs):
                why = "; grpo.beta = 0 has no KL term"
            notes.append(f"{panel.title}: not logged ({', '.join(panel.keys)}{why})")
            continue
        fig, ax = plt.subplots(figsize=(7.5, 4.0), dpi=110)
        for i, run, key, steps, values in series:
            color = colors[i % len(colors)]
            style = "-" if key == panel.keys[0] else "--"
            name = run.label if len(panel.keys) == 1 else f"{run.label}: {key.split('/')[-2] if '/' in key else key}"
            if len(values) >= 20:
                ax.plot(*_thin(steps, values), style, color=color, alpha=0.25, linewidth=0.8)
                ax.plot(*_thin(steps, _smooth(values)), style, color=color, linewidth=1.8, label=name)
            else:
                ax.plot(steps, values, style, color=color, marker="o", markersize=3, linewidth=1.5, label=name)
            for alarm in run.alarms:
                if alarms.ALARMS[alarm.id].metric == key:
                    ax.axvline(alarm.step, color=color, linestyle=":", linewidth=1.2)
                    ax.annotate(alarm.id, (alarm.step, 0.97), xycoords=("data", "axes fraction"), rotation=90,
                                va="top", ha="right", fontsize=7, color=color)  # fmt: skip
        if panel.ylabel == "fraction":
            ax.set_ylim(-0.02, 1.02)
        if panel.threshold:
            level = getattr(runs[0].monitor_cfg, panel.threshold)
            ax.axhline(level, color="grey", linestyle=":", linewidth=1, label=f"alarm at {level:g}")
        ax.set_title(panel.title)
        ax.set_xlabel("step")
        ax.set_ylabel(panel.ylabel)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="best")
        fig.tight_layout()
        path = out_dir / f"{panel.name}.png"
        with safeio.atomic_writer(path, binary=True) as fh:  # never through a symlink, never half a plot
            fig.savefig(fh, format="png")
        plt.close(fig)
        drawn.append((panel, path))
    return drawn, notes
