"""What the user sees while `grpo sft`, `grpo train` and `grpo eval` run.

On a terminal: a rich progress bar (step/total, ETA, tokens/s) and, for GRPO, a compact table of the latest
metrics with their start value and a sparkline. When stdout is not a terminal (a log file, a cluster job): one
plain line per logging step. Alarms (grpo_cli.observe.alarms) are printed once, above the live view, and appended to
`<stage dir>/alarms.jsonl`.

`MonitorCallback` is a transformers `TrainerCallback`: the training commands hand it to the stages, which pass it to
TRL's trainers and call its `attach(trainer)` (as every callback's that has one), which removes transformers' own tqdm
bar / log printer so they do not draw over it. The stages never import this module.
`eval_progress` is the same view for generation loops that have no trainer.
"""

from __future__ import annotations

import atexit
import dataclasses
import math
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console, Group, JustifyMethod
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text
from transformers import TrainerCallback

from grpo_cli import rundir
from grpo_cli.config import MonitorConfig, Recipe
from grpo_cli.observe import alarms, durations
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
    MetricStream,
)
from grpo_cli.stepwise.scoring import STEP_METRICS

# (metric key, label) in display order; rewards/<name>/mean for every other reward function is added after accuracy.
GRPO_METRICS = [
    (REWARD, "reward"),
    (ACCURACY, "accuracy"),
    (LENGTH, "mean length"),
    (CLIPPED, "clipped ratio"),
    (ZERO_STD, "zero-std frac"),
    (KL, "kl"),
    (ENTROPY, "entropy"),
]
# grpo.dynamic_sampling's refills, shown when the run logs them.
DYNAMIC_SAMPLING_METRICS = [
    (DS_DROPPED, "groups refilled"),
    (DS_UNFILLED, "groups unfilled"),
    (DS_ROUNDS, "extra rounds"),
]
SFT_METRICS = [
    ("loss", "loss"),
    ("mean_token_accuracy", "token accuracy"),
    ("learning_rate", "lr"),
    ("grad_norm", "grad norm"),
]
SPARK = "▁▂▃▄▅▆▇█"


def interactive(console: Console) -> bool:
    """True when stdout is a real terminal that can redraw a live view."""
    return console.is_terminal and not console.is_dumb_terminal


def fmt_value(value: float | None) -> str:
    if value is None:
        return "-"
    if value == 0:
        return "0"
    if abs(value) >= 1000 or abs(value) < 1e-3:
        return f"{value:.3g}"
    if abs(value) >= 100:
        return f"{value:.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.3f}"


def fmt_rate(tokens_per_s: float | None) -> str:
    if tokens_per_s is None or not math.isfinite(tokens_per_s):
        return "- tok/s"
    if tokens_per_s >= 1e6:
        return f"{tokens_per_s / 1e6:.1f}M tok/s"
    if tokens_per_s >= 1e3:
        return f"{tokens_per_s / 1e3:.1f}k tok/s"
    return f"{tokens_per_s:.0f} tok/s"


def fmt_duration(seconds: float | None) -> str:
    return durations.duration(seconds, form="short", missing="-")


def sparkline(values: list[float], width: int = 30) -> str:
    """The whole history in `width` characters: bucket means, so the trend shows through step-to-step noise."""
    if len(values) > width:
        n = len(values)
        values = [
            sum(values[i * n // width : (i + 1) * n // width]) / ((i + 1) * n // width - i * n // width)
            for i in range(width)
        ]
    if not values:
        return ""
    lo, hi = min(values), max(values)
    if hi - lo < 1e-12:
        return SPARK[0] * len(values)
    return "".join(SPARK[min(len(SPARK) - 1, int((v - lo) / (hi - lo) * len(SPARK)))] for v in values)


def metric_rows(stream: MetricStream, stage: str) -> list[tuple[str, str]]:
    """(key, label) of the metrics to show, in order, among those the stream has."""
    if stage != "grpo":
        return [(k, label) for k, label in SFT_METRICS if stream.has(k)]
    rewards = sorted(k for k in stream.values if k.startswith("rewards/") and k.endswith("/mean") and k != ACCURACY)
    rows = []
    for key, label in GRPO_METRICS:
        if stream.has(key):
            rows.append((key, label))
        if key == ACCURACY:
            rows += [(k, k.split("/")[1]) for k in rewards]
    rows += [(key, label) for key, label in DYNAMIC_SAMPLING_METRICS if stream.has(key)]
    rows += [(key, label) for key, label in STEP_METRICS if stream.has(key)]
    rows += [(k, f"acc {k.rsplit('/', 1)[1]}") for k in sorted(stream.values) if k.startswith("steps/acc/")]
    return rows


class TokensPerSecondColumn(ProgressColumn):
    """tokens/s from the task's `tokens_per_s` field (set by whoever advances it)."""

    def render(self, task) -> Text:
        return Text(fmt_rate(task.fields.get("tokens_per_s")), style="progress.data.speed")


def _progress(console: Console, unit: str) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        TokensPerSecondColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=console,
    )


class MonitorCallback(TrainerCallback):
    """Live progress, metrics and alarms for one training stage (sft or grpo).

    out_dir: the stage directory (alarms.jsonl goes there; metrics.jsonl, written by grpo_cli.observe.callbacks, is
    read back on resume so the alarms see the whole run). Only the main process prints or writes.
    """

    def __init__(
        self,
        out_dir: str | Path,
        cfg: MonitorConfig | None = None,
        *,
        stage: str = "grpo",
        context: alarms.RunContext | None = None,
        console: Console | None = None,
    ):
        self.out_dir = Path(out_dir)
        self.cfg = cfg or MonitorConfig()
        self.stage = stage
        self.context = context or alarms.RunContext()
        self.console = console or Console()
        self.live_mode = interactive(self.console)
        self.watcher = alarms.AlarmWatcher(self.cfg, self.context)
        self.alarms: list[alarms.Alarm] = []
        self._active = False
        self._live: Live | None = None
        self._progress: Progress | None = None
        self._task = None
        self._t0 = 0.0
        self._step0 = 0
        self._total = 0
        self._last_log: tuple[float, float] | None = None  # (time, num_tokens) at the previous log
        self.tokens_per_s: float | None = None

    @classmethod
    def for_recipe(cls, recipe: Recipe, out_dir: str | Path, stage: str = "grpo", **kwargs: Any) -> MonitorCallback:
        g = recipe.grpo
        ctx = alarms.RunContext(
            total_steps=g.max_steps if g.max_steps > 0 else None,
            num_generations=g.num_generations,
            max_completion_length=g.max_completion_length,
            temperature=g.temperature,
            learning_rate=g.learning_rate,
            beta=g.beta,
        )
        return cls(out_dir, recipe.monitor, stage=stage, context=ctx, **kwargs)

    def attach(self, trainer: Any) -> None:
        """Called by the stage with the trainer before training: this view replaces transformers' own."""
        quiet_default_progress(trainer)

    # -- trainer events ---------------------------------------------------------------------------------

    def on_train_begin(self, args, state, control, **kwargs):
        self._active = bool(state.is_world_process_zero)
        if not self._active:
            return
        self._total = int(state.max_steps or 0)
        if self._total and self.context.total_steps != self._total:
            self.watcher.ctx = self.context = dataclasses.replace(self.context, total_steps=self._total)
        self._step0 = int(state.global_step)
        self._t0 = time.monotonic()
        # tokens/s from the first log on: count from the tokens the trainer has seen at the start.
        self._last_log = (self._t0, float(state.num_input_tokens_seen or 0))
        if self._step0:
            self._replay_previous(self._step0)
        if self.live_mode:
            self._progress = _progress(self.console, "steps")
            self._task = self._progress.add_task(self.stage, total=self._total or None, completed=self._step0)
            self._live = Live(self._render(), console=self.console, refresh_per_second=4, transient=False)
            self._live.start()
            # A crash or a second Ctrl-C skips on_train_end: still give the terminal its cursor back.
            atexit.register(self.close)
        else:
            _say(self.console, f"{self.stage}: training to step {self._total or '?'} (from step {self._step0})")

    def on_step_end(self, args, state, control, **kwargs):
        if self._active and self._progress is not None:
            self._progress.update(self._task, completed=state.global_step, tokens_per_s=self.tokens_per_s)

    def on_log(self, args, state, control, logs=None, **kwargs):
        if not self._active or not logs:
            return
        row = {**logs, "step": state.global_step}
        self._update_rate(row)
        if self.stage == "grpo":
            for alarm in self.watcher.feed(row):
                self._raise(alarm)
        else:
            self.watcher.stream.append(row)
        if self._live is not None:
            self._progress.update(self._task, completed=state.global_step, tokens_per_s=self.tokens_per_s)
            self._live.update(self._render())
        elif not _is_summary(logs):
            _say(self.console, self.plain_line(state.global_step))

    def on_train_end(self, args, state, control, **kwargs):
        if not self._active:
            return
        if self._live is not None:
            self._progress.update(self._task, completed=state.global_step)
            self._live.update(self._render())
            self.close()
        fired = ", ".join(f"{a.id} (step {a.step})" for a in self.alarms) or "none"
        _say(self.console, f"{self.stage}: finished at step {state.global_step}; alarms: {fired}")

    def close(self) -> None:
        """Stop the live view (idempotent)."""
        if self._live is not None:
            self._live.stop()
            self._live = None
        atexit.unregister(self.close)

    # -- pieces -----------------------------------------------------------------------------------------

    def _replay_previous(self, upto: int) -> None:
        """On resume: feed the metrics already logged (rundir.prepare cut them at the checkpoint) without
        printing the alarms alarms.jsonl already holds; an alarm only the replay finds (say, the thresholds
        changed) is raised now."""
        known = {row["id"]: row for row in rundir.read_alarms(self.out_dir) if row["id"] in alarms.ALARMS}
        for row in rundir.read_jsonl(self.out_dir / "metrics.jsonl"):
            if not isinstance(row.get("step"), (int, float)) or row["step"] > upto:
                continue
            if self.stage != "grpo":
                self.watcher.stream.append(row)
                continue
            for alarm in self.watcher.feed(row):
                if alarm.id not in known:
                    self._raise(alarm)
        for aid, row in known.items():  # raised before the interruption: never print them twice
            if aid not in self.watcher.fired:
                self.watcher.fired[aid] = alarms.Alarm(
                    aid, row.get("step", 0), row.get("evidence", ""), row.get("advice", "")
                )

    def _update_rate(self, row: Mapping[str, Any]) -> None:
        now, tokens = time.monotonic(), row.get("num_tokens")
        if isinstance(tokens, (int, float)):
            if self._last_log is not None and now > self._last_log[0] and tokens >= self._last_log[1]:
                self.tokens_per_s = (tokens - self._last_log[1]) / (now - self._last_log[0])
            self._last_log = (now, float(tokens))
        elif isinstance(row.get("tokens_per_second"), (int, float)):
            self.tokens_per_s = float(row["tokens_per_second"])

    def _raise(self, alarm: alarms.Alarm) -> None:
        self.alarms.append(alarm)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        rundir.append_jsonl(self.out_dir / "alarms.jsonl", alarm.to_dict())
        if self.live_mode:
            text = Text()
            text.append(f"ALARM {alarm.id}", style="bold red")
            text.append(f" at step {alarm.step}: {alarm.title}\n", style="red")
            text.append("  evidence: ", style="bold")
            text.append(alarm.evidence + "\n")
            text.append("  advice: ", style="bold")
            text.append(alarm.advice)
            self.console.print(text)
        else:
            _say(self.console, "ALARM " + alarm.format())

    def eta_seconds(self, step: int) -> float | None:
        done = step - self._step0
        if done <= 0 or not self._total:
            return None
        return (time.monotonic() - self._t0) / done * (self._total - step)

    def plain_line(self, step: int) -> str:
        s = self.watcher.stream
        total = f"/{self._total}" if self._total else ""
        parts = [f"{self.stage} step {step}{total}"]
        parts += [f"{label} {fmt_value(s.values[key][-1])}" for key, label in metric_rows(s, self.stage)]
        parts += [fmt_rate(self.tokens_per_s), f"eta {fmt_duration(self.eta_seconds(step))}"]
        return " | ".join(parts)

    def metrics_table(self) -> Table:
        s = self.watcher.stream
        table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
        columns: tuple[tuple[str, JustifyMethod], ...] = (
            ("metric", "left"), ("now", "right"), ("start", "right"), ("trend", "left"),
        )  # fmt: skip
        for col, justify in columns:
            table.add_column(col, justify=justify)
        for key, label in metric_rows(s, self.stage):
            values = s.values[key]
            table.add_row(label, fmt_value(values[-1]), fmt_value(values[0]), sparkline(values))
        if self.alarms:
            table.add_row("alarms", ", ".join(a.id for a in self.alarms), "", "", style="red")
        return table

    def _render(self) -> Group:
        assert self._progress is not None  # made with the live view, before its first render
        return Group(self._progress, self.metrics_table())


def _say(console: Console, text: str) -> None:
    """One plain line: no markup (evidence may hold brackets), no highlighting, no wrapping in log files."""
    console.print(text, markup=False, highlight=False, soft_wrap=True)


def _is_summary(logs: Mapping[str, Any]) -> bool:
    """The trainer's closing log (train_runtime, train_loss, ...) rather than a logging step."""
    return "train_runtime" in logs


def quiet_default_progress(trainer: Any) -> None:
    """Remove transformers' tqdm bar and log printer from a trainer that has a MonitorCallback, so the two
    views do not draw over each other."""
    from transformers.trainer_callback import PrinterCallback, ProgressCallback

    handler = trainer.callback_handler
    if not any(isinstance(cb, MonitorCallback) for cb in handler.callbacks):
        return
    for cb in list(handler.callbacks):
        if isinstance(cb, (PrinterCallback, ProgressCallback)) or type(cb).__name__ == "NotebookProgressCallback":
            handler.remove_callback(cb)


@contextmanager
def eval_progress(
    total: int,
    description: str = "eval",
    *,
    unit: str = "problems",
    console: Console | None = None,
    plain_every: float = 30.0,
) -> Iterator[Any]:
    """Progress for a generation loop: `with eval_progress(n) as advance: ... advance(k, tokens=t)`.

    `advance(n=1, tokens=0)` counts n finished items and t generated tokens. A terminal gets a rich bar with
    ETA and tokens/s; otherwise a plain line is printed at most every `plain_every` seconds and at the end.
    """
    console = console or Console()
    t0 = time.monotonic()
    state = {"done": 0, "tokens": 0, "printed": t0}

    def rate() -> float | None:
        elapsed = time.monotonic() - t0
        return state["tokens"] / elapsed if elapsed > 0 and state["tokens"] else None

    def line() -> str:
        done, elapsed = state["done"], time.monotonic() - t0
        eta = elapsed / done * (total - done) if done and total else None
        pct = f" ({done / total:.0%})" if total else ""
        return f"{description}: {done}/{total} {unit}{pct} | {fmt_rate(rate())} | elapsed {fmt_duration(elapsed)} | eta {fmt_duration(eta)}"

    if interactive(console):
        progress = _progress(console, unit)
        task = progress.add_task(description, total=total or None)

        def advance_bar(n: int = 1, tokens: int = 0) -> None:
            state["done"] += n
            state["tokens"] += tokens
            progress.update(task, advance=n, tokens_per_s=rate())

        with progress:
            yield advance_bar
        return

    def advance(n: int = 1, tokens: int = 0) -> None:
        state["done"] += n
        state["tokens"] += tokens
        now = time.monotonic()
        if now - state["printed"] >= plain_every:
            state["printed"] = now
            _say(console, line())

    try:
        yield advance
    finally:
        _say(console, line())
