"""`grpo estimate`: tokens, FLOPs, hours, dollars and the memory plan of a GRPO run, before you rent GPUs.

Thin: read the recipe (gsm8k-7b when none is given), apply --set and the flags, call `grpo_cli.estimate`, print.
Imports stay light (no torch/transformers/trl/datasets; rich only when printing a table) so it answers fast.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from grpo_cli.errors import UserError, did_you_mean
from grpo_cli.observe.durations import duration

if TYPE_CHECKING:
    from grpo_cli.estimate import Estimate

# `grpo estimate` with no --recipe estimates this one (flags still override every input).
DEFAULT_RECIPE = "gsm8k-7b"
# For --help only (the table itself lives in grpo_cli.estimate, imported when the command runs).
ARCH_NAMES = ("qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-7b", "qwen2.5-math-7b", "qwen2-7b", "deepseek-v3")
# --prm's known reward model (grpo_cli.estimate.KNOWN_CONFIGS), besides those and a parameter count.
PRM_NAMES = ("qwen2.5-math-prm-7b",)


def build_parser() -> argparse.ArgumentParser:
    """The flags of `grpo estimate`. Every one overrides the recipe; None means "not given"."""
    p = _Parser(
        prog="grpo estimate",
        description="Tokens, FLOPs per phase, GPU-hours, wall clock, cost and the memory plan per GPU of a GRPO run, "
        f"from a recipe (default {DEFAULT_RECIPE}) and flags that override it. Formulas, defaults and the "
        "calibration against published runs: docs/estimate.md.",
        allow_abbrev=False,
    )
    a = p.add_argument
    a("--recipe", "-r", help=f"recipe name or YAML path (default: {DEFAULT_RECIPE})")
    a("--set", dest="set_", action="append", default=[], metavar="KEY=VALUE", help="override a recipe key (repeatable)")
    w = p.add_argument_group("model and workload")
    w.add_argument("--model", help="known architecture (" + ", ".join(ARCH_NAMES) + ") or a HF config.json path")
    w.add_argument("--params", help="parameter count, e.g. 7e9 or 7B (drops the architecture: no attention term)")
    w.add_argument("--G", type=int, help="completions per prompt (group size)")
    w.add_argument("--len", dest="mean_len", type=float, metavar="TOKENS", help="mean completion tokens (not the max)")
    w.add_argument("--max-len", type=int, help="max completion tokens (a generation round waits for its longest)")
    w.add_argument("--prompt-len", type=float, help="mean prompt tokens")
    w.add_argument("--prompts", type=int, help="prompts per epoch (default: the dataset's size)")
    w.add_argument("--epochs", type=float, help="passes over the prompts")
    w.add_argument("--tokens", help="total generated tokens, e.g. 1e10 (overrides prompts x G x len x epochs)")
    h = p.add_argument_group("hardware and speed")
    h.add_argument("--gpu", help="a100-40g, a100-80g, h100, h800, h200, h20, l40s or mi300x")
    h.add_argument("--num-gpus", type=int, help="training GPUs (default: the recipe's processes x nodes)")
    h.add_argument(
        "--gen-batch", type=int, help="completions generated per round, all GPUs (TRL: batch x accum x GPUs)"
    )
    h.add_argument("--mfu", type=float, help="model FLOP utilization of the compute-bound phases (recipe: 0.35)")
    h.add_argument(
        "--decode-eff",
        dest="decode_efficiency",
        type=float,
        metavar="FRACTION",
        help="fraction of peak FLOP/s of decode's per-token work",
    )
    h.add_argument(
        "--bw-eff",
        dest="bandwidth_efficiency",
        type=float,
        metavar="FRACTION",
        help="fraction of peak bandwidth a decode step reaches",
    )
    h.add_argument(
        "--eager",
        action=argparse.BooleanOptionalAction,
        help="decode without CUDA graphs (HF generate, vLLM enforce_eager)",
    )
    h.add_argument("--price", type=float, help="$ per GPU-hour")
    t = p.add_argument_group("training")
    t.add_argument("--beta", type=float, help="KL coefficient; > 0 adds the reference forward")
    t.add_argument(
        "--num-iterations", type=int, help="policy updates per generation batch; > 1 adds the old-policy forward"
    )
    t.add_argument(
        "--old-logprobs", action=argparse.BooleanOptionalAction, help="force the old-policy forward on or off"
    )
    t.add_argument("--lora", action=argparse.BooleanOptionalAction, help="LoRA instead of full fine-tuning")
    t.add_argument("--lora-rank", type=int, help="LoRA rank")
    t.add_argument("--grad-ckpt", action=argparse.BooleanOptionalAction, help="activation checkpointing")
    _add_scale_flags(p)
    o = p.add_argument_group("output")
    o.add_argument(
        "--pass-rate", type=float, help="expected pass rate p: the share of groups with no signal, p^G + (1-p)^G"
    )
    o.add_argument("--json", dest="as_json", action="store_true", help="print one JSON object on stdout")
    o.add_argument(
        "--calibrate",
        metavar="RUN_DIR",
        help="a run directory or a gpu_check.json: its measured speed replaces the model's",
    )
    return p


def _add_scale_flags(p: argparse.ArgumentParser) -> None:
    """--method, --compare, --rollout-tp, --offload-optimizer, --prm, --prm-train-tokens: inputs no recipe holds."""
    m = p.add_argument_group("method, PRM and scale (docs/estimate.md, 'The source's four claims')")
    m.add_argument(
        "--method",
        choices=("grpo", "ppo", "dpo", "distill"),
        help="grpo (default), ppo (+ a critic), dpo (given pairs), distill (R1: a teacher's verified samples, then SFT)",
    )
    m.add_argument(
        "--teacher",
        metavar="MODEL",
        help="--method distill: the teacher (an architecture, Hub id, config.json or a count like 7B; "
        "default distill.teacher)",
    )
    m.add_argument(
        "--compare", action="store_true", help="also estimate GRPO, PPO and DPO on the same data, side by side"
    )
    m.add_argument(
        "--rollout-tp",
        type=int,
        metavar="GPUS",
        help="GPUs per vLLM engine, as given (default: the recipe's when it fits, else the smallest group that does)",
    )
    m.add_argument(
        "--offload-optimizer",
        action="store_true",
        default=None,
        help="Adam states and fp32 master weights in host memory, the Adam step on the CPU (DeepSpeed offload)",
    )
    m.add_argument(
        "--prm",
        metavar="MODEL",
        help="a process reward model scoring every completion: "
        + ", ".join(PRM_NAMES)
        + ", a config.json, or a count (7B)",
    )
    m.add_argument("--prm-train-tokens", metavar="TOKENS", help="also the cost of training that PRM on so many tokens")


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad flag is a UserError: one line with the closest valid flags, exit 2, no usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        match = re.match(r"unrecognized arguments: (\S+)", message)
        if match:
            flag = match.group(1).split("=")[0]
            options = [s for action in self._actions for s in action.option_strings if s.startswith("--")]
            raise UserError(f"grpo estimate: unknown option {flag}{did_you_mean(flag, options)}")
        raise UserError(f"grpo estimate: {message}")


def register(app: typer.Typer) -> None:
    # The flags are parsed by argparse, not typer: typer 0.29 builds a pydantic TypeAdapter for every declared
    # option on each call (~110 ms to import pydantic on this machine), which alone would break the 0.3 s budget.
    @app.command(
        "estimate",
        context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
        add_help_option=False,
    )
    def estimate_cmd(ctx: typer.Context) -> None:
        """Estimate tokens, FLOPs, GPU-hours, wall clock, cost and memory per GPU (`grpo estimate --help`)."""
        run(list(ctx.args))


def run(argv: list[str]) -> None:
    """`grpo estimate ARGV`: print the table, or with --json one JSON object on stdout."""
    args = build_parser().parse_args(argv)
    result = compute(args)
    if args.as_json:
        import json

        # Valid JSON always: an unbounded figure (no KV-cache limit) is null, never 'Infinity' or 'NaN'.
        sys.stdout.write(json.dumps(_finite(result.to_json()), indent=2, allow_nan=False) + "\n")
    else:
        _print(result)


def compute(args: argparse.Namespace | list[str]) -> Estimate:
    """The estimate for parsed flags (or an argv list); its to_json() is what --json prints."""
    from grpo_cli import estimate as E

    if isinstance(args, list):
        args = build_parser().parse_args(args)
    skip = ("recipe", "set_", "as_json", "calibrate", "compare", "rollout_tp", "prm", "teacher")
    distill = args.method == "distill"
    if distill:
        args.method = None  # the figures of GRPO on the student, beside the distillation's
    flags = {k: v for k, v in vars(args).items() if k not in skip}
    if args.params is not None:
        flags["params"] = E.parse_count(args.params, "--params")
    if args.tokens is not None:
        flags["tokens"] = E.parse_count(args.tokens, "--tokens")
    flags.update(_scale_flags(args))
    if args.calibrate is not None:
        return E.withhold_unfit(_calibrated(Path(args.calibrate), args.recipe, args.set_, flags))
    recipe = _load(args.recipe or DEFAULT_RECIPE, args.set_)
    if args.prm is None and E.recipe_prm(recipe):
        flags.update(E.resolve_prm(E.recipe_prm(recipe), where="prm.model"))
    x = E.inputs_from_recipe(recipe, **flags)
    result = E.withhold_unfit(E.estimate(x))
    if args.compare:
        result = result.replace(compare=E.compare_methods(x))
    if distill:
        teacher = args.teacher or recipe.distill.teacher
        if not teacher:
            raise UserError("--method distill needs the teacher: --teacher MODEL (e.g. 7B or a config.json)")
        result = result.replace(distill=E.distill_plan(x, str(teacher), result.gpu_hours))
    elif args.teacher is not None:
        raise UserError("--teacher is the teacher of --method distill; add --method distill or drop --teacher")
    return result


def _scale_flags(args: argparse.Namespace) -> dict:
    """--rollout-tp, --prm and --prm-train-tokens as EstimateInputs fields."""
    from grpo_cli import estimate as E

    out: dict[str, Any] = {}
    if args.rollout_tp is not None:
        out["rollout_tp_given"] = args.rollout_tp
    if args.prm is not None:
        out.update(E.resolve_prm(args.prm))
    if args.prm_train_tokens is not None:
        out["prm_train_tokens"] = E.parse_count(args.prm_train_tokens, "--prm-train-tokens")
    return out


def _finite(obj: Any) -> Any:
    """`obj` with every non-finite float (inf, nan) as None: JSON has neither."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_finite(v) for v in obj]
    return obj


def _load(name: str, overrides: list[str]) -> Any:
    from grpo_cli import recipes

    # The estimate plans its own world (--num-gpus, --gen-batch): the recipe's generation batch need not split
    # into its groups here, as it must for `grpo train`.
    return recipes.load(name, overrides, world=False)


# --------------------------------------------------------------------------------------------------------
# --calibrate RUN_DIR


def _stage_dir(run_dir: Path) -> Path:
    """The grpo stage folder holding metrics.jsonl: RUN_DIR itself, its grpo/ or the one */grpo/ below it."""
    from grpo_cli import rundir

    try:
        return rundir.find_stage(run_dir, stages=("grpo",))
    except UserError as err:
        raise UserError(f"--calibrate: {err}") from None


def _calibrated(run_dir: Path, recipe: str | None, overrides: list[str], flags: dict) -> Estimate:
    from grpo_cli import estimate as E
    from grpo_cli import rundir

    if run_dir.is_file():  # bench/gpu_check.py's JSON
        return E.calibrate_on_check(run_dir, _load, recipe, overrides, flags)
    stage = _stage_dir(run_dir)
    if not (stage / "recipe.yaml").is_file():
        raise UserError(
            f"--calibrate {run_dir}: no recipe.yaml beside metrics.jsonl; the run's resolved recipe is needed"
        )
    measured = E.measured_from_metrics(rundir.read_jsonl(stage / "metrics.jsonl"), str(stage / "metrics.jsonl"))
    run_recipe = _load(str(stage / "recipe.yaml"), [])
    device, count = rundir.run_gpus(rundir.read_run_info(stage))
    run_gpu = E.gpu_from_device_name(device) if device else None
    run_inputs = E.inputs_from_recipe(
        run_recipe, gpu=run_gpu, num_gpus=count or None, mean_len=measured.mean_length, prompts=1, epochs=1.0
    )
    report = E.calibration(run_inputs, measured)
    report["run_dir"] = str(stage)
    report["device"] = device
    # The target: the --recipe given, else the run's own; the run's measured length unless --len is given.
    target = (
        _load(recipe, overrides)
        if recipe
        else (_load(str(stage / "recipe.yaml"), overrides) if overrides else run_recipe)
    )
    target_flags = dict(flags)
    if target_flags.get("mean_len") is None and measured.mean_length:
        target_flags["mean_len"] = measured.mean_length
    result = E.estimate(E.inputs_from_recipe(target, **target_flags))
    return E.apply_calibration(result, report)


# --------------------------------------------------------------------------------------------------------
# The table


def _si(x: float) -> str:
    for unit, scale in (("E", 1e18), ("P", 1e15), ("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if abs(x) >= scale:
            return f"{x / scale:.3g}{unit}"
    return f"{x:.3g}"


def _sci(x: float) -> str:
    return f"{x:.3g}".replace("e+", "e")


_PHASE_NOTES = {
    "generation": "decode: weights + KV read per step, amortized over sequences in flight",
    "prefill": "prompt forward in the rollout engine",
    "old_policy": "log-probs of the sampling policy",
    "reference": "log-probs of the reference model (GRPO/PPO: beta > 0; DPO: always)",
    "training": "policy forward + backward",
    "recompute": "activation checkpointing re-runs the forward",
    "reward_model": "the PRM's forward over every completion",
    "values": "the critic's forward (values)",
    "gae": "GAE: a reverse scan over the completion's positions",
    "critic_training": "critic forward + backward",
    "critic_recompute": "activation checkpointing re-runs the critic's forward",
    "optimizer_offload": "gradients to the host, Adam on the CPU, weights back",
}


def _print(r: Estimate) -> None:
    """The table `grpo estimate` prints: a "does not fit" line first when the plan cannot run, the workload, time
    per phase, how generation runs, hours and cost, a PRM, the method comparison, the calibration, the memory plan,
    the no-signal share and the assumptions, top to bottom."""
    from rich.console import Console

    con = Console()
    if r.has("distill"):
        _print_distill(con, r)
    if r.does_not_fit:
        # Said first, in one line, and no hours or cost below: the figures would be for a run that cannot start.
        con.print(f"[bold red]{r.does_not_fit}[/bold red]", soft_wrap=True)
    _print_workload(con, r)
    con.print(_phase_table(r))
    _print_totals(con, r)
    _print_prm(con, r)
    if r.has("compare"):
        con.print(_compare_table(r.compare))
    if r.has("calibration"):
        _print_calibration(con, r.calibration)
    _print_memory(con, r)
    if r.has("dynamic_sampling"):
        _print_dynamic_sampling(con, r.dynamic_sampling)
    if r.has("no_signal"):
        ns = r.no_signal
        best = ns.smallest_G_under_target
        advice = f"G >= {best} keeps it under {ns.target:.0%}" if best else "no G helps at this pass rate"
        con.print(
            f"no learning signal: at pass rate {ns.pass_rate:g}, {ns.fraction:.1%} of groups of G={ns.G} "
            f"score all-same (p^G + (1-p)^G); {advice}"
        )
    a = r.assumptions
    shape = "" if r.architecture else f"; KV/activation shape of {a.shape_from}"
    con.print(
        f"[dim]assumes MFU {a.mfu:g}, decode efficiency {a.decode_efficiency:g}, bandwidth efficiency "
        f"{a.bandwidth_efficiency:g}, old-policy forward {'on' if a.old_policy_forward else 'off'}{shape}; "
        "formulas, defaults and calibration: docs/estimate.md[/dim]"
    )


def _print_distill(con: Any, r: Estimate) -> None:
    d = r.distill
    kept = f"{d.expected_kept:,.0f} kept" + (
        f" at pass rate {d.pass_rate:g}"
        if d.pass_rate is not None
        else f" (if every problem yields {d.kept_per_problem}; --pass-rate gives the expected count)"
    )
    cost = f", ${d.cost_usd:,.0f}" if d.cost_usd is not None else ""
    con.print(
        f"[bold]distillation[/bold] {d.teacher} -> {r.model}: the teacher samples {d.problems:,} problems x "
        f"{d.samples_per_problem} ({d.teacher_generated_tokens:,.0f} tokens, {d.teacher_gpu_hours:.2f} "
        f"GPU-h); {kept}; the student's SFT on {d.student_tokens:,.0f} tokens ({d.student_gpu_hours:.2f} GPU-h): "
        f"[bold]{d.gpu_hours:.2f} GPU-hours[/bold] in all{cost}",
        soft_wrap=True,
    )
    if d.grpo_gpu_hours:
        con.print(
            f"GRPO on the student instead (the table below): {d.grpo_gpu_hours:.2f} GPU-hours, "
            f"{d.grpo_over_distill:.1f}x the distillation",
            soft_wrap=True,
        )


def _print_dynamic_sampling(con: Any, ds: Any) -> None:
    if ds.expected_extra_rounds is None:
        con.print(
            f"dynamic sampling: extra generation rounds not counted (pass --pass-rate P); at most "
            f"{ds.max_rounds} per batch, up to {ds.upper_bound_multiplier}x the generation above"
        )
        return
    con.print(
        f"dynamic sampling: {ds.expected_extra_rounds:.2f} extra rounds per batch of {ds.groups_per_batch} groups at "
        f"pass rate {ds.pass_rate:g}: generation, prefill and the log-prob forwards x{ds.generation_multiplier:.2f} "
        f"(counted above); {ds.unfilled_share:.1%} of trained groups still without signal"
    )


def _print_workload(con: Any, r: Estimate) -> None:
    x = r.inputs
    title = f"{r.recipe or 'estimate'}: {r.model}" + (
        f" ({r.params / 1e9:.2f}B params"
        + (f", {r.flop_params / 1e9:.1f}B per token" if r.flop_params < 0.9 * r.params else "")
        + ")"
    )
    con.print(f"[bold]{title}[/bold] on {r.num_gpus}x {r.gpu}")
    if x["tokens"] is not None:
        work = f"{_si(x['tokens'])} generated tokens given (--tokens) = {r.sequences:,.0f} completions of {x['mean_len']:g} tokens"
    else:
        work = f"{x['prompts']:,} prompts x G {x['G']} x {x['epochs']:g} epoch(s) = {r.sequences:,.0f} completions"
    con.print(
        f"{work}; {r.generated_tokens:,} generated tokens (mean {x['mean_len']:g}, max {x['max_len']}), "
        f"{r.prompt_tokens:,} prompt tokens; {r.steps:,.1f} optimizer steps of {x['gen_batch'] / x['num_iterations']:,.0f} completions"
    )
    if r.method != "grpo":
        given = "; DPO generates nothing: the same sequences are given as chosen/rejected pairs" * (r.method == "dpo")
        con.print(f"method: {r.method.upper()} on the same data{given}")


def _phase_table(r: Estimate) -> Any:
    from rich.table import Table

    from grpo_cli.estimate import phases_of

    table = Table(title="compute and time per phase")
    for col, justify in (
        ("phase", "left"),
        ("FLOPs", "right"),
        ("time", "right"),
        ("share", "right"),
        ("what", "left"),
    ):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    sec = r.seconds or {}  # None when the plan does not fit: FLOPs only
    total = sec.get("total") or 1.0
    for p in phases_of(r.flops):
        if r.flops[p] == 0 and not sec.get(p):
            continue
        time = (duration(sec[p], form="decimal"), f"{100 * sec[p] / total:.0f}%") if sec else ("-", "-")
        table.add_row(p, _sci(r.flops[p]), *time, _PHASE_NOTES[p])
    table.add_row(
        "[bold]total[/bold]",
        _sci(r.flops["total"]),
        duration(sec["total"], form="decimal") if sec else "-",
        "100%" if sec else "-",
        "",
    )
    return table


def _print_totals(con: Any, r: Estimate) -> None:
    gen = r.generation
    if gen["engines"]:
        con.print(_generation_line(gen))
    if r.gpu_hours is None:  # does not fit: no hours as if it did
        return
    cost = f", [bold]${r.cost_usd:,.0f}[/bold]" if r.has("cost_usd") else ""
    con.print(
        f"[bold]{r.gpu_hours:,.1f} GPU-hours[/bold], wall clock [bold]{duration(r.wall_clock_hours * 3600, form='decimal')}[/bold]"
        f"{cost}; {duration(r.seconds_per_step, form='decimal')} per step, {r.tokens_per_gpu_per_second:,.0f} tokens/GPU/s (prompt + completion)"
    )


def _generation_line(gen: dict) -> str:
    """How generation runs: engines, their layout (and why), sequences in flight, MoE experts read per step."""
    lay = gen.get("layout") or {}
    ep = lay.get("expert_parallel", 1)
    layout = f"TP {gen['tensor_parallel']}" + (
        f" with expert parallel {ep} ({lay['experts_per_gpu']:g} experts per GPU)" if ep > 1 else ""
    )
    why = {"auto": "sized to fit", "given": "--rollout-tp", "recipe": "grpo.vllm_tensor_parallel_size"}.get(
        lay.get("source", ""), lay.get("source", "")
    )
    line = (
        f"generation ({gen['backend']}): {gen['engines']} engine(s) x {layout} ({why}), "
        f"{gen['in_flight']:,.0f} of {gen['sequences_per_engine_round']:,.0f} sequences in flight per engine, "
        f"{gen['decode_steps_per_round']:,.0f} decode steps per round, {gen['rounds']:,.1f} rounds, "
        f"{gen['decode_tokens_per_gpu_per_second']:,.0f} decode tokens/GPU/s"
    )
    if "experts_touched_per_layer" in gen:
        line += (
            f"; each decode step reads {gen['weight_gib_read_per_step']:,.0f} GiB of weights "
            f"({gen['experts_touched_per_layer']:.0f} routed experts per layer touched)"
        )
    if lay.get("note"):
        line += f"\n  {lay['note']}"
    return line


def _print_prm(con: Any, r: Estimate) -> None:
    if r.has("prm"):
        p, sec = r.prm, r.seconds
        share = f", {100 * sec['reward_model'] / sec['total']:.0f}% of the time" if sec else ""
        gib = r.memory_gib_per_gpu.get("reward_model", 0.0)
        con.print(
            f"process reward model {p.model} ({p.params / 1e9:.2f}B): one forward per completion"
            f"{share}; {gib:.1f} GiB per GPU beside the policy"
        )
    if r.has("prm_training"):
        t = r.prm_training
        src = t.source
        con.print(
            f"training the PRM ({t.model}) on {_si(t.tokens)} tokens: {_sci(t.flops)} FLOPs, "
            f"[bold]{t.gpu_hours:,.1f} GPU-hours[/bold] ({duration(t.seconds, form='decimal')} on {t.num_gpus}x {t.gpu}); "
            f"the source: ~{_si(src['tokens'])} tokens / ~{src['gpu_hours']:g} GPU-hours for a 7B"
        )


def _compare_table(c: dict) -> Any:
    from rich.table import Table

    table = Table(title="GRPO, PPO and DPO on the same data, model and GPUs")
    for col in ("method", "GPU-hours", "wall clock", "GRPO / this", "peak GiB per GPU", "what differs"):
        table.add_column(col, justify="left" if col in ("method", "what differs") else "right")
    what = {
        "grpo": "G answers per prompt, group-normalised rewards, no critic",
        "ppo": "+ a critic of the policy's size: its forward, update and memory; GAE",
        "dpo": "no generation: chosen + rejected per pair, a reference forward",
    }
    for m, v in c.items():
        fits = "" if v["fits"] else " (does not fit)"
        hours = "-" if v["gpu_hours"] is None else f"{v['gpu_hours']:,.1f}"
        wall = "-" if v["wall_clock_hours"] is None else duration(v["wall_clock_hours"] * 3600, form="decimal")
        ratio = "-" if v["grpo_over"] is None else f"{v['grpo_over']:.2f}x"
        table.add_row(m, hours, wall, ratio, f"{v['peak_gib_per_gpu']:.1f}{fits}", what[m])
    return table


def _print_calibration(con: Any, c: dict) -> None:
    from rich.table import Table

    st, tps, ln = c["step_time"], c["tokens_per_second"], c["mean_completion_length"]
    cal = Table(title=f"calibration on {c['run_dir']} ({c['steps_logged']} logged steps, {c['num_gpus']}x {c['gpu']})")
    for col in ("", "predicted", "measured"):
        cal.add_column(col, justify="right" if col else "left")
    cal.add_row(
        "seconds per step", f"{st['predicted']:.3g}", "-" if st["measured"] is None else f"{st['measured']:.3g}"
    )
    cal.add_row("tokens/s", f"{tps['predicted']:,.0f}", "-" if tps["measured"] is None else f"{tps['measured']:,.0f}")
    cal.add_row(
        "mean completion tokens", f"{ln['assumed']:g}", "-" if ln["measured"] is None else f"{ln['measured']:.0f}"
    )
    con.print(cal)
    un = c["uncalibrated"]
    con.print(
        f"measured / predicted = x{c['factor']:.2f} (from {c['basis']}); the figures above use it "
        f"(uncalibrated: {un['gpu_hours']:,.1f} GPU-hours)"
    )


def _memory_rows(m: dict, x: dict) -> list[tuple[str, float]]:
    """(item, GiB) of the memory plan, the generation side, the critic and the PRM last."""
    rows = [
        ("weights (bf16)", m["weights"]),
        ("gradients", m["gradients"]),
        ("optimizer (fp32 master + Adam m, v)", m["optimizer"]),
        ("reference model", m["reference"]),
        ("activations (one micro-batch)", m["activations"]),
        ("ZeRO-3 gathered layers", m["zero3_gathered"]),
        ("runtime (CUDA context, NCCL, fragmentation)", m["runtime"]),
    ]
    if m["vllm_share"]:
        sleep = "" if not x["vllm_sleep"] else "; released while training (sleep mode)"
        rows.append(
            (
                f"vLLM share ({x['vllm_memory']:g} of the GPU): weights {m['vllm_weights']:.1f} + KV cache "
                f"{m['kv_cache']:.1f} + reserve{sleep}",
                m["vllm_share"],
            )
        )
    elif m["vllm_weights"] or m["kv_cache"]:
        rows.append(("generation: gathered weights + KV cache", m["vllm_weights"] + m["kv_cache"]))
    rows += [
        ("critic (PPO: the policy's size, its own optimizer)", m.get("critic", 0.0)),
        ("process reward model (bf16)", m.get("reward_model", 0.0)),
    ]
    return rows


def _print_memory(con: Any, r: Estimate) -> None:
    from rich.table import Table

    m, x, gen = r.memory_gib_per_gpu, r.inputs, r.generation
    mem = Table(title=f"memory per GPU ({m['mode']} fine-tuning, {m['strategy']}, {x['num_gpus']} training GPU(s))")
    mem.add_column("item")
    mem.add_column("GiB", justify="right")
    for item, gib in _memory_rows(m, x):
        if gib >= 0.005:
            mem.add_row(item, f"{gib:.1f}")
    if gen["engines"]:
        mem.add_row(
            f"KV cache the rollout batch needs ({gen['sequences_per_engine_round']:,.0f} sequences)",
            f"{m['kv_cache_rollout_batch']:.1f}",
        )
    verdict = "[green]fits[/green]" if m["fits"] else "[red]does not fit[/red]"
    mem.add_row(
        f"[bold]peak[/bold] (train {m['train_phase']:.1f}, generation {m['generation_phase']:.1f})",
        f"[bold]{m['total']:.1f}[/bold]",
    )
    mem.add_row(f"{r.gpu} memory: {verdict}", f"{m['gpu_memory']:.1f}")
    con.print(mem)
    for problem in m["problems"]:
        con.print(f"[red]memory: {problem}[/red]")
    if m.get("host_optimizer_per_gpu"):
        con.print(f"host memory: {m['host_optimizer_per_gpu']:.1f} GiB per GPU of offloaded optimizer state")
