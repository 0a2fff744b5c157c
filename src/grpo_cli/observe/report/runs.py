"""`grpo report`, finding and loading runs: the stage folder at or below each path, its files read through rundir
(metrics.jsonl whole: the plots and the alarms need every row; samples.jsonl by offset), and its alarms replayed."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from grpo_cli import rundir
from grpo_cli.config import MonitorConfig, Recipe
from grpo_cli.errors import UserError
from grpo_cli.observe import alarms
from grpo_cli.observe.stream import CLIPPED, LENGTH, REWARD, ZERO_STD, MetricStream, is_step

# TRL metric keys that only GRPO logs: a stream with any of them is a GRPO run.
_GRPO_KEYS = (REWARD, ZERO_STD, CLIPPED, LENGTH)


@dataclass
class Run:
    """Everything `grpo report` found in one stage directory."""

    path: Path
    label: str
    metrics: list[dict]
    # start / middle / end -> (step, its first rows), read by offset (rundir.sample_picks)
    samples: dict[str, tuple[int, list[dict]]] = field(default_factory=dict)
    recipe_dict: dict | None = None
    recipe: Recipe | None = None
    recipe_error: str | None = None
    info: dict = field(default_factory=dict)
    live_alarms: list[dict] = field(default_factory=list)
    evals: dict[str, dict] = field(default_factory=dict)
    alarms: list[alarms.Alarm] = field(default_factory=list)
    # Problems with metrics.jsonl itself (duplicated or out-of-order steps: two writers, or a resume that did not cut).
    warnings: list[str] = field(default_factory=list)

    @property
    def stage(self) -> str | None:
        return self.info.get("stage") or (self.path.name if self.path.name in rundir.STAGES else None)

    @property
    def is_grpo(self) -> bool:
        stage = self.stage
        if stage is not None:
            return stage == "grpo"
        return any(k in row for row in self.metrics for k in _GRPO_KEYS)

    @property
    def monitor_cfg(self) -> MonitorConfig:
        return self.recipe.monitor if self.recipe is not None else MonitorConfig()

    @cached_property
    def stream(self) -> MetricStream:
        return MetricStream.of(self.metrics)

    def column(self, key: str) -> tuple[list[int], list[float]]:
        """(steps, values) of one metric; None/NaN values skipped."""
        return self.stream.steps.get(key, []), self.stream.values.get(key, [])


def load_run(path: str | Path, label: str | None = None) -> Run:
    """The run whose stage folder is at or below `path` (rundir.find_stage), its files read through rundir, and its
    alarms replayed when it is a GRPO run."""
    stage_dir = rundir.find_stage(path)
    metrics = rundir.read_jsonl(stage_dir / "metrics.jsonl")
    if not metrics:
        raise UserError(f"{stage_dir / 'metrics.jsonl'} holds no logged steps")
    unnumbered = drop_bad_steps(metrics, stage_dir / "metrics.jsonl")
    run = Run(
        path=stage_dir,
        label=label or f"{stage_dir.parent.name}/{stage_dir.name}",
        metrics=metrics,
        warnings=unnumbered + step_warnings(metrics, stage_dir / "metrics.jsonl"),
        samples=rundir.sample_picks(stage_dir / "samples.jsonl"),
        info=rundir.read_run_info(stage_dir),
        live_alarms=rundir.read_alarms(stage_dir),
        evals=rundir.eval_summaries(stage_dir),
        recipe_dict=rundir.read_recipe_dict(stage_dir),
    )
    if run.recipe_dict is not None:
        from grpo_cli.config import build

        try:
            run.recipe = build(run.recipe_dict)
        except UserError as err:  # a recipe from another version of grpo-cli: use what can be read
            run.recipe_error = str(err)
    if run.is_grpo:
        from grpo_cli.observe import replay  # numpy, which the plots import anyway

        # the stream the replay built: the plots read it (a million rows, built once)
        run.alarms, run.stream = replay.replay(run.metrics, run.monitor_cfg, run_context(run))
    return run


def drop_bad_steps(metrics: list[dict], path: Path) -> list[str]:
    """Remove, in place, a `step` that is no finite number (NaN, inf, true/false: a damaged or hand-edited line), so
    the row reads as unnumbered (its place in the stream, as row_step reads any row without a step) instead of
    failing every `int(step)` downstream; a warning names how many and the first."""
    bad = [i for i, row in enumerate(metrics) if "step" in row and not is_step(row["step"])]
    for i in bad:
        del metrics[i]["step"]
    if not bad:
        return []
    return [
        f"{path}: {len(bad)} row(s) with a step that is not a finite number (first: row {bad[0] + 1}), read by place"
    ]


def step_warnings(metrics: list[dict], path: Path) -> list[str]:
    """Duplicated and out-of-order `step` values in a metrics stream: each logging step appears once, in order, in a
    file one process wrote (two writers, or rows not cut back on resume, break that)."""
    steps = [step for r in metrics if isinstance(step := r.get("step"), (int, float))]
    seen: dict[float, int] = {}
    duplicated, backwards = [], []
    for i, step in enumerate(steps):
        seen[step] = seen.get(step, 0) + 1
        if seen[step] == 2:
            duplicated.append(step)
        if i and step < steps[i - 1]:
            backwards.append((steps[i - 1], step))
    out = []
    if duplicated:
        shown = ", ".join(str(s) for s in duplicated[:5]) + (", ..." if len(duplicated) > 5 else "")
        out.append(
            f"{path}: {len(duplicated)} step(s) logged more than once ({shown}): two runs wrote this folder, or a "
            "resume kept rows past its checkpoint; plots and alarms mix them"
        )
    if backwards:
        a, b = backwards[0]
        out.append(f"{path}: steps go backwards {len(backwards)} time(s) (first: {a} then {b})")
    return out


def load_runs(paths: list[str | Path]) -> list[Run]:
    runs = [load_run(p) for p in paths]
    labels = [r.label for r in runs]
    for run in runs:
        if labels.count(run.label) > 1:  # the same recipe/stage from two run roots: name them by path
            run.label = str(run.path)
    return runs


def run_context(run: Run) -> alarms.RunContext:
    """The alarms' context: the recipe's G and limits, and the run's planned steps (else its last logged step)."""
    last = max((int(r["step"]) for r in run.metrics if isinstance(r.get("step"), (int, float))), default=None)
    ctx = alarms.RunContext.from_recipe_dict(run.recipe_dict)
    return ctx if ctx.total_steps else dataclasses.replace(ctx, total_steps=last)
