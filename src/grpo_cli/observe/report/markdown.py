"""`grpo report`, report.md: the alarms, the plots, and per run its recipe, hardware, status, compute beside the
estimate, evals, metrics, reasoning steps and a few sample completions."""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from grpo_cli import rundir
from grpo_cli.observe.report.compute import compute_section, hms, tokens_line, wall_time
from grpo_cli.observe.report.plots import ACC_PREFIX, STEP_PREFIX, Panel, panels_for
from grpo_cli.observe.report.runs import Run, run_context

_TEXT_LIMIT = 700  # characters of a sample shown in report.md


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _fence(text: str) -> str:
    """A fenced block that the text's own backticks cannot close."""
    longest, run_len = 0, 0
    for ch in text:
        run_len = run_len + 1 if ch == "`" else 0
        longest = max(longest, run_len)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text}\n{fence}"


def _clip_text(text: Any) -> str:
    text = str(text)
    return text if len(text) <= _TEXT_LIMIT else text[:_TEXT_LIMIT] + f"... [{len(text) - _TEXT_LIMIT} more characters]"


def recipe_lines(run: Run) -> list[str]:
    r = run.recipe_dict
    if r is None:
        return ["- recipe: n/a: no recipe.yaml in the run dir (alarm thresholds are the defaults; G unknown)"]
    g, m, d = r.get("grpo") or {}, r.get("model") or {}, r.get("data") or {}
    rewards = ", ".join(
        f"{k} {v:g}" if isinstance(v, (int, float)) else str(k) for k, v in (r.get("rewards") or {}).items()
    )
    line = (
        f"- recipe: **{r.get('name', '?')}**: model {m.get('name', '?')}"
        f"{' (LoRA)' if m.get('lora') else ''}, data {d.get('dataset', '?')}, rewards {rewards or '?'}"
    )
    lines = [line]
    if run.is_grpo:
        lines.append(
            f"- GRPO: G={g.get('num_generations')}, lr {g.get('learning_rate')}, beta {g.get('beta')}, "
            f"loss {g.get('loss_type')}, max completion {g.get('max_completion_length')} tokens, "
            f"temperature {g.get('temperature')}, init {g.get('init')}"
        )
    if run.recipe_error:
        lines.append(f"- note: recipe.yaml did not load with this grpo-cli ({run.recipe_error}); defaults used")
    return lines


def hardware_line(run: Run) -> str:
    hw = run.info.get("hardware")
    if not hw:
        return "- hardware: n/a: no run.json"
    gpus = hw.get("gpus") or []
    if gpus:
        kinds = sorted(set(gpus))
        dev = ", ".join(f"{gpus.count(k)}x {k}" for k in kinds)
    else:
        dev = "no GPU"
    parts = [dev, f"{hw.get('cpus', '?')} CPU cores", f"world size {hw.get('world_size', 1)}"]
    if hw.get("host"):
        parts.append(f"host {hw['host']}")
    if hw.get("torch"):
        parts.append(f"torch {hw['torch']}")
    return "- hardware: " + ", ".join(parts)


def status_line(run: Run) -> str:
    steps = [int(r["step"]) for r in run.metrics if isinstance(r.get("step"), (int, float))]
    total = run_context(run).total_steps
    status = run.info.get("status", "n/a (no run.json)")
    span = f"steps {min(steps)}-{max(steps)}" if steps else "no steps"
    planned = f" of {total} planned" if total and steps and total != max(steps) else ""
    return f"- status: {status}; {len(run.metrics)} logged rows, {span}{planned}"


def metric_table(run: Run) -> list[str]:
    keys = [p.keys for p in panels_for([run])]
    rows = ["| metric | first | last | min | max |", "|---|---|---|---|---|"]
    seen = set()
    for group in keys:
        for key in group:
            if key in seen:
                continue
            seen.add(key)
            _, values = run.column(key)
            if values:
                rows.append(f"| {key} | {values[0]:.4g} | {values[-1]:.4g} | {min(values):.4g} | {max(values):.4g} |")
    return rows if len(rows) > 2 else ["n/a: none of the plotted metrics were logged"]


def weakest_step_kinds(run: Run, window: int = 5) -> list[tuple[str, float, float]]:
    """(operation, accuracy at the start, accuracy now) per step kind, weakest now first: the means of the first and
    last `window` logged values of steps/acc/<op>."""
    out = []
    for key in run.stream.values:
        if key.startswith(ACC_PREFIX):
            values = run.stream.values[key]
            out.append(
                (key.removeprefix(ACC_PREFIX), statistics.fmean(values[:window]), statistics.fmean(values[-window:]))
            )
    return sorted(out, key=lambda kind: kind[2])


def step_lines(run: Run) -> list[str]:
    if not any(k.startswith(STEP_PREFIX) for k in run.stream.values):
        return [
            "n/a: no step metrics; the `steps` reward (weight 0 only watches) or grpo.advantage=process log them "
            "(docs/process.md)"
        ]
    lines = []
    for key, label in (
        ("steps/correct_frac", "correct steps"),
        ("steps/wrong_working_frac", "completions with wrong working"),
        ("steps/first_wrong_pos", "first wrong step (position)"),
        ("steps/per_completion", "steps per completion"),
    ):
        _, values = run.column(key)
        if values:
            lines.append(f"- {label}: {values[0]:.3g} -> {values[-1]:.3g} (first -> last log)")
    kinds = weakest_step_kinds(run)
    if kinds:
        lines += ["", "| step kind | accuracy at the start | now |", "|---|---|---|"]
        lines += [f"| {op} | {start:.3f} | {now:.3f} |" for op, start, now in kinds]
        weakest = kinds[0]
        lines += ["", f"Weakest step kind now: **{weakest[0]}** ({weakest[2]:.1%} of its claims hold)."]
    return lines


def eval_lines(run: Run) -> list[str]:
    if not run.evals:
        return [f"n/a: no eval-*/summary.json beside {run.path.name}/ (run `grpo eval`)"]
    rows = [
        "| eval | dataset | problems | n | pass@1 | 95% CI | maj@n | format rate | truncation rate |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, s in run.evals.items():
        settings, counts = s.get("settings") or {}, s.get("counts") or {}
        n = s.get("n", settings.get("n", "?"))
        ci = s.get("pass@1_ci")
        maj = (s.get("maj@k") or {}).get(str(n))
        rows.append(
            "| "
            + " | ".join(
                _cell(x)
                for x in (
                    name,
                    settings.get("dataset", "?"),
                    counts.get("scored", counts.get("problems", "?")),
                    n,
                    _pct(s.get("pass@1")),
                    f"{_pct(ci[0])}-{_pct(ci[1])}" if isinstance(ci, list) and len(ci) == 2 else "-",
                    _pct(maj),
                    _pct(s.get("format_rate")),
                    _pct(s.get("truncation_rate")),
                )
            )
            + " |"
        )
    return rows


def _pct(x: Any) -> str:
    return f"{100 * x:.1f}%" if isinstance(x, (int, float)) else "-"


def alarm_lines(runs: list[Run]) -> list[str]:
    grpo_runs = [r for r in runs if r.is_grpo]
    if not grpo_runs:
        return ["n/a: the alarms watch GRPO metrics; no GRPO run was given"]
    rows = []
    for run in grpo_runs:
        for a in run.alarms:
            rows.append(
                f"| {_cell(run.label)} | `{a.id}` | {a.step} | {_cell(a.title)} | {_cell(a.evidence)} | {_cell(a.advice)} |"
            )
    if rows:
        out = ["| run | alarm | first step | what | evidence | advice |", "|---|---|---|---|---|---|", *rows]
    else:
        steps = ", ".join(f"{r.label}: {len(r.metrics)} logged rows" for r in grpo_runs)
        out = [f"None fired ({steps}). Thresholds: the recipe's `monitor:` section (docs/monitor.md)."]
    for run in grpo_runs:
        live = {row["id"] for row in run.live_alarms}  # rundir.read_alarms keeps the rows whose id is a string
        derived = {a.id for a in run.alarms}
        if run.live_alarms and live != derived:
            out.append(
                f"\n{run.label}: the live run wrote {sorted(live)} to alarms.jsonl; the metrics give {sorted(derived)} "
                "(thresholds or the planned step count differed)"
            )
    return out


def sample_lines(run: Run) -> list[str]:
    """Two rows each from the start, the middle and the end of samples.jsonl (rundir.sample_picks: the first step,
    the step at the file's middle byte, the last step), a step shown once."""
    if not run.samples:
        why = "no samples.jsonl" if not (run.path / "samples.jsonl").exists() else "no row of samples.jsonl has a step"
        return [f"n/a: {why}"]
    out = []
    shown: set[int] = set()
    for where, (step, rows) in run.samples.items():
        if step in shown:
            continue
        shown.add(step)
        out.append(f"### {where} (step {step})")
        last_prompt = None
        for row in rows:
            out.append(f"\n{'; '.join(_reward_parts(row))}\n")
            prompt = _clip_text(row.get("prompt", ""))
            out.append("prompt: the same as above" if prompt == last_prompt else "prompt:\n\n" + _fence(prompt))
            last_prompt = prompt
            out.append("\ncompletion:\n\n" + _fence(_clip_text(row.get("completion", ""))))
        out.append("")
    return out


def _reward_parts(row: dict) -> list[str]:
    reward = row.get("reward")
    parts = [f"reward {reward:.3g}" if isinstance(reward, (int, float)) else "reward n/a"]
    per = row.get("rewards")
    if isinstance(per, dict) and per:
        parts.append(", ".join(f"{k} {v:.3g}" if isinstance(v, (int, float)) else f"{k} -" for k, v in per.items()))
    return parts


def render(runs: list[Run], drawn: list[tuple[Panel, Path]], notes: list[str], out_dir: Path) -> str:
    title = runs[0].label if len(runs) == 1 else f"{len(runs)} runs"
    lines = [
        f"# GRPO report: {title}",
        "",
        f"Written by `grpo report` at {rundir.now()} from: " + ", ".join(f"`{r.path}`" for r in runs),
        "",
        "## Alarms",
        "",
        "Re-derived from metrics.jsonl with the thresholds in each run's recipe (docs/monitor.md explains each one).",
        "",
        *alarm_lines(runs),
        "",
        "## Plots" + (" (runs overlaid)" if len(runs) > 1 else ""),
        "",
    ]
    for panel, path in drawn:
        rel = path.relative_to(out_dir) if path.is_relative_to(out_dir) else path
        lines += [f"![{panel.title}]({rel})", ""]
    if notes:
        lines += ["Not plotted: " + "; ".join(notes) + ".", ""]
    for run in runs:
        seconds, source = wall_time(run)
        lines += [
            f"## Run: {run.label}",
            "",
            f"- path: `{run.path}`",
            *(f"- **warning**: {w}" for w in run.warnings),
            *recipe_lines(run),
            hardware_line(run),
            status_line(run),
            f"- wall time: {hms(seconds)}" + (f" ({source})" if seconds is not None else f": {source}"),
            f"- tokens: {tokens_line(run)}",
            *compute_section(run),
            "",
            "### Eval",
            "",
            *eval_lines(run),
            "",
            "### Metrics",
            "",
            *metric_table(run),
            "",
            "### Reasoning steps",
            "",
            *step_lines(run),
            "",
            "### Sample completions",
            "",
            *sample_lines(run),
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"
