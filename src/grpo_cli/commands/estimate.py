"""`grpo estimate`: tokens, FLOPs, hours, dollars and the memory plan of a GRPO run, before you rent GPUs.

Thin: read the recipe (gsm8k-7b when none is given, and it says so), apply --set and the shortcut flags, call
`grpo_cli.estimate`, print. On Typer like every command, with the shared options and shortcut flags
(commands/options.py); `grpo estimate` alone builds only this command (cli.main), and imports no
torch/transformers/trl/datasets (rich only when printing a table) so it answers fast.
"""

from __future__ import annotations

import contextvars
import math
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperArgument, TyperOption

from grpo_cli.commands.options import JsonOpt, OptionalRecipeOpt, SetOpt, as_set, given, with_shortcuts
from grpo_cli.errors import UserError, did_you_mean
from grpo_cli.observe.durations import duration

if TYPE_CHECKING:
    from rich.console import JustifyMethod

    from grpo_cli.estimate import Estimate

# `grpo estimate` with no --recipe estimates this one (and says so; flags still override every input).
DEFAULT_RECIPE = "gsm8k-7b"
METHODS = ("grpo", "ppo", "dpo", "distill")
HELP = (
    "Tokens, FLOPs per phase, GPU-hours, wall clock, cost and the memory plan per GPU of a GRPO run, from a recipe "
    f"(default {DEFAULT_RECIPE}) and flags that override it. Formulas, defaults and the calibration against published "
    "runs: docs/estimate.md."
)
WORKLOAD, HARDWARE, METHOD, OUTPUT = "Model and workload", "Hardware and speed", "Method, PRM and scale", "Output"


def _opt(*decls: str, help: str, panel: str, **kw: Any) -> Any:  # noqa: A002 (typer's own name)
    return typer.Option(*decls, help=help, rich_help_panel=panel, **kw)


# Filled in from the tables the code uses when the command is built (help_lists): the architectures, the GPUs.
MODEL_HELP = "a known architecture ({archs}) or a HF config.json path"
GPU_HELP = "the GPUs: {gpus} (also launch.gpu)"
PRM_HELP = "a process reward model scoring every completion: {prms}, a config.json, or a count (7B)"

# Printing is on for the command, off for compute() (tests, docs): the callback returns the Estimate either way.
_PRINT: contextvars.ContextVar[bool] = contextvars.ContextVar("estimate_print", default=True)


# The estimate's own options: the inputs a recipe does not hold (the shared ones and the shortcuts: options.py).
ModelOpt = Annotated[str | None, _opt("--model", help=MODEL_HELP, panel=WORKLOAD)]
ParamsOpt = Annotated[
    str | None,
    _opt(
        "--params", help="parameter count, e.g. 7e9 or 7B (drops the architecture: no attention term)", panel=WORKLOAD
    ),
]
TokensOpt = Annotated[
    str | None,
    _opt("--tokens", help="total generated tokens, e.g. 1e10 (instead of prompts x G x len x epochs)", panel=WORKLOAD),
]
NumGpusOpt = Annotated[
    int | None, _opt("--num-gpus", help="training GPUs (default: the recipe's processes x nodes)", panel=HARDWARE)
]
GenBatchOpt = Annotated[
    int | None,
    _opt("--gen-batch", help="completions generated per round, all GPUs (TRL: batch x accum x GPUs)", panel=HARDWARE),
]
DecodeEffOpt = Annotated[
    float | None, _opt("--decode-eff", help="fraction of peak FLOP/s of decode's per-token work", panel=HARDWARE)
]
BwEffOpt = Annotated[
    float | None, _opt("--bw-eff", help="fraction of peak bandwidth a decode step reaches", panel=HARDWARE)
]
EagerOpt = Annotated[
    bool | None,
    _opt("--eager/--no-eager", help="decode without CUDA graphs (HF generate, vLLM enforce_eager)", panel=HARDWARE),
]
OldLogprobsOpt = Annotated[
    bool | None, _opt("--old-logprobs/--no-old-logprobs", help="force the old-policy forward on or off", panel=METHOD)
]
MethodOpt = Annotated[
    str | None,
    _opt("--method", help="grpo (default), ppo (+ a critic), dpo (given pairs), distill (R1: a teacher's verified "
         "samples, then SFT; the teacher is --teacher)", panel=METHOD),
]  # fmt: skip
CompareOpt = Annotated[
    bool, _opt("--compare-methods", help="also estimate GRPO, PPO and DPO on the same data, side by side", panel=METHOD)
]
OldCompareOpt = Annotated[bool, typer.Option("--compare", hidden=True)]  # the old spelling of --compare-methods
RolloutTpOpt = Annotated[
    int | None,
    _opt("--rollout-tp", help="GPUs per vLLM engine, as given (default: the recipe's when it fits, else the smallest "
         "group that does)", panel=METHOD),
]  # fmt: skip
OffloadOpt = Annotated[
    bool | None,
    _opt("--offload-optimizer", help="Adam states and fp32 master weights in host memory, the Adam step on the CPU "
         "(DeepSpeed offload)", panel=METHOD),
]  # fmt: skip
PrmOpt = Annotated[str | None, _opt("--prm", help=PRM_HELP, panel=METHOD)]
PrmTokensOpt = Annotated[
    str | None, _opt("--prm-train-tokens", help="also the cost of training that PRM on so many tokens", panel=METHOD)
]
PassRateOpt = Annotated[
    float | None,
    _opt("--pass-rate", help="expected pass rate p: the share of groups with no signal, p^G + (1-p)^G", panel=OUTPUT),
]
CalibrateOpt = Annotated[
    str | None,
    _opt(
        "--calibrate", help="a run directory or a gpu_check.json: its measured speed replaces the model's", panel=OUTPUT
    ),
]


@with_shortcuts
def estimate_command(
    recipe: OptionalRecipeOpt = None,
    set_: SetOpt = [],  # noqa: B006 (typer copies defaults; the list is never mutated)
    model: ModelOpt = None,
    params: ParamsOpt = None,
    tokens: TokensOpt = None,
    num_gpus: NumGpusOpt = None,
    gen_batch: GenBatchOpt = None,
    decode_efficiency: DecodeEffOpt = None,
    bandwidth_efficiency: BwEffOpt = None,
    eager: EagerOpt = None,
    old_logprobs: OldLogprobsOpt = None,
    method: MethodOpt = None,
    compare_methods: CompareOpt = False,
    compare: OldCompareOpt = False,
    rollout_tp: RolloutTpOpt = None,
    offload_optimizer: OffloadOpt = None,
    prm: PrmOpt = None,
    prm_train_tokens: PrmTokensOpt = None,
    pass_rate: PassRateOpt = None,
    as_json: JsonOpt = False,
    calibrate: CalibrateOpt = None,
    *,
    shortcuts: dict[str, Any],
) -> Any:  # the Estimate (compute() reads it; the command prints it)
    """Estimate tokens, FLOPs, GPU-hours, wall clock, cost and memory per GPU of a GRPO run, before you rent GPUs.
    The recipe (default gsm8k-7b) and flags that override it; formulas, defaults and the calibration against published
    runs: docs/estimate.md."""
    inputs = {
        "model": model, "params": params, "tokens": tokens, "num_gpus": num_gpus, "gen_batch": gen_batch,
        "decode_efficiency": decode_efficiency, "bandwidth_efficiency": bandwidth_efficiency, "eager": eager,
        "old_logprobs": old_logprobs, "rollout_tp": rollout_tp, "offload_optimizer": offload_optimizer, "prm": prm,
        "prm_train_tokens": prm_train_tokens, "pass_rate": pass_rate,
    }  # fmt: skip
    result = _compute(
        recipe, set_, shortcuts, inputs, method=method, compare=compare_methods or compare, calibrate=calibrate
    )
    if _PRINT.get():
        _output(result, as_json=as_json, recipe=recipe)
    return result


def help_lists() -> dict[str, dict[str, str]]:
    """The lists --help shows, from the tables the code uses: option -> the names its help text fills in."""
    from grpo_cli.estimate import ARCHS, GPUS

    prms = [name for name, arch in ARCHS.items() if arch.scorer]
    return {
        "--model": {"archs": ", ".join(name for name, arch in ARCHS.items() if not arch.scorer)},
        "--gpu": {"gpus": ", ".join(GPUS)},
        "--prm": {"prms": ", ".join(prms)},
    }


def click_command() -> Any:
    """`grpo estimate` alone, as the click command Typer builds (the other commands are not built: start-up is this
    command's only cost), with the help lists filled in from the code's tables and plain value conversion."""
    one = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    one.command("estimate", help=HELP)(estimate_command)
    cmd = typer.main.get_command(one)
    lists = help_lists()
    for param in cmd.params:
        names = lists.get(param.opts[0] if param.opts else "")
        # Typer's parameters carry `help` (click's own Parameter does not declare it)
        if names and isinstance(param, (TyperOption, TyperArgument)) and param.help:
            param.help = (
                param.help.format(**names) if "{" in param.help else f"{param.help}: {', '.join(names.values())}"
            )
        _plain_conversion(param)
    # --help too (click makes it once per command and keeps it)
    help_option = cmd.get_help_option(cmd.context_class(cmd, info_name="grpo estimate"))
    if help_option is not None:
        _plain_conversion(help_option)
    return cmd


class _Plain:
    """A value converted as click converts one: int, float or str (a list of them for a repeated option). Typer 0.29
    converts every option through a pydantic TypeAdapter: importing pydantic (~0.1 s) and building one adapter per
    option nearly doubled `grpo estimate`'s start-up, whose options are all of these plain types. Set on an option as
    Typer's lazy `_runtime_param`; a Typer that no longer reads it builds its own, slower and the same."""

    def __init__(self, tp: type, multiple: bool):
        self.tp, self.multiple = tp, multiple

    def coerce(self, value: Any, param: Any = None, ctx: Any = None) -> Any:
        if value is None:
            return () if self.multiple else None
        if self.multiple:
            return tuple(self._one(v, param, ctx) for v in value)
        return self._one(value, param, ctx)

    def _one(self, value: Any, param: Any, ctx: Any) -> Any:
        try:
            return self.tp(value)
        except (TypeError, ValueError):
            kind = {int: "an integer", float: "a number"}.get(self.tp, self.tp.__name__)
            raise typer.BadParameter(f"{value!r} is not {kind}", ctx=ctx, param=param) from None


def _plain_conversion(param: Any) -> None:
    """Give a Typer option of a plain type (int, float, str, bool, list[str]; optional or not) the plain conversion."""
    import typing

    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    if annotation is None or not hasattr(param, "_runtime_param"):
        return
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    multiple = typing.get_origin(annotation) is list
    tp = args[0] if (multiple or len(args) == 1) else annotation
    if tp in (int, float, str, bool):  # a flag is a bool already, or None when not given
        param._runtime_param = _Plain(tp, multiple)


def register(app: typer.Typer) -> None:
    app.command("estimate", help=HELP)(estimate_command)


def run(argv: list[str]) -> None:
    """`grpo estimate ARGV` from cli.main: this command alone, one line for a usage error (exit 2)."""
    from grpo_cli.commands.options import invoke

    invoke(click_command(), "grpo estimate", argv)


def compute(argv: list[str]) -> Estimate:
    """The estimate for an argv list, printed nowhere; its to_json() is what --json prints."""
    from grpo_cli.commands.options import usage_error

    token = _PRINT.set(False)
    try:
        return click_command().main(list(argv), prog_name="grpo estimate", standalone_mode=False)
    except Exception as err:
        if type(err).__name__ in ("UsageError", "NoSuchOption", "BadParameter", "MissingParameter", "BadOptionUsage"):
            raise UserError(usage_error(err, "grpo estimate")) from None
        raise
    finally:
        _PRINT.reset(token)


def _compute(
    recipe: str | None, set_: list[str], shortcuts: dict[str, Any], inputs: dict[str, Any], *, method: str | None,
    compare: bool, calibrate: str | None,
) -> Estimate:  # fmt: skip
    from grpo_cli import estimate as E

    if method is not None and method not in METHODS:
        raise UserError(f"--method {method}: expected one of {', '.join(METHODS)}{did_you_mean(method, METHODS)}")
    teacher_flag = shortcuts["distill.teacher"][1]
    if teacher_flag is not None and method != "distill":
        raise UserError("--teacher is the teacher of --method distill; add --method distill or drop --teacher")
    flags = _inputs(inputs)
    if method not in (None, "distill"):
        flags["method"] = method  # distill: the figures of GRPO on the student, beside the distillation's
    if calibrate is not None:
        # The recipe flags as the --set they stand for; --len and --gpu as inputs, which the calibration fills in
        # (the run's length, the check's GPU) when they are absent.
        flags["mean_len"] = shortcuts["estimate.mean_completion_len"][1]
        flags["gpu"] = shortcuts["launch.gpu"][1]
        own = ("estimate.mean_completion_len", "launch.gpu")
        sets = [*set_, *as_set({k: v for k, v in shortcuts.items() if k not in own})]
        return E.withhold_unfit(_calibrated(Path(calibrate), recipe, sets, flags))
    rec = _load(recipe or DEFAULT_RECIPE, set_)
    if inputs["prm"] is None and (prm := E.recipe_prm(rec)):
        flags.update(E.resolve_prm(prm, where="prm.model"))
    x = E.inputs_from_recipe(rec, flags=given(shortcuts), **flags)
    result = E.withhold_unfit(E.estimate(x))
    if compare:
        result = result.replace(compare=E.compare_methods(x))
    if method == "distill":
        teacher = x.recipe.distill.teacher
        if not teacher:
            raise UserError("--method distill needs the teacher: --teacher MODEL (e.g. 7B or a config.json)")
        result = result.replace(distill=E.distill_plan(x, str(teacher), result.gpu_hours))
    return result


def _inputs(inputs: dict[str, Any]) -> dict[str, Any]:
    """The options a recipe does not hold, as EstimateInputs fields (counts parsed; None: not given)."""
    from grpo_cli import estimate as E

    out = {k: v for k, v in inputs.items() if k not in ("params", "tokens", "rollout_tp", "prm", "prm_train_tokens")}
    if inputs["params"] is not None:
        out["params"] = E.parse_count(inputs["params"], "--params")
    if inputs["tokens"] is not None:
        out["tokens"] = E.parse_count(inputs["tokens"], "--tokens")
    if inputs["rollout_tp"] is not None:
        out["rollout_tp_given"] = inputs["rollout_tp"]
    if inputs["prm"] is not None:
        out.update(E.resolve_prm(inputs["prm"]))
    if inputs["prm_train_tokens"] is not None:
        out["prm_train_tokens"] = E.parse_count(inputs["prm_train_tokens"], "--prm-train-tokens")
    return out


def _output(result: Estimate, *, as_json: bool, recipe: str | None) -> None:
    """The table, or with --json one JSON object on stdout; without --recipe, which recipe was read."""
    if recipe is None and not result.has("calibration"):
        from grpo_cli import recipes

        path = recipes.find(DEFAULT_RECIPE).resolve()
        shown = path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path
        note = f"no --recipe: estimating {DEFAULT_RECIPE} ({shown}); flags override its keys"
        print(f"note: {note}", file=sys.stderr)  # stderr: stdout's first line stays the result's
    if as_json:
        import json

        # Valid JSON always: an unbounded figure (no KV-cache limit) is null, never 'Infinity' or 'NaN'.
        sys.stdout.write(json.dumps(_finite(result.to_json()), indent=2, allow_nan=False) + "\n")
    else:
        _print(result)


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


def _params(n: float) -> str:
    """A parameter count as people write it: 7.62B, 135M, 80.7k."""
    for unit, scale in (("T", 1e12), ("B", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= scale:
            return f"{n / scale:.3g}{unit}"
    return f"{n:.0f}"


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
    from grpo_cli.config import BUILT_MODELS

    x = r.inputs
    title = f"{r.recipe or 'estimate'}: {r.model}" + (
        f" ({_params(r.params)} params"
        + (f", {_params(r.flop_params)} per token" if r.flop_params < 0.9 * r.params else "")
        + ")"
    )
    if r.model in BUILT_MODELS:  # the tiny and smollm2-cpu recipes train on a CPU
        con.print(
            f"[bold]{title}[/bold], a CPU recipe: it trains on a CPU (docs/learning.md has its wall times); the figures "
            f"below are what it would take on {r.num_gpus}x {r.gpu}",
            soft_wrap=True,
        )
    else:
        con.print(f"[bold]{title}[/bold] on {r.num_gpus}x {r.gpu}")
    if x["tokens"] is not None:
        work = f"{_si(x['tokens'])} generated tokens given (--tokens) = {r.sequences:,.0f} completions of {x['mean_len']:g} tokens"
    else:
        work = f"{x['prompts']:,} prompts x G {x['G']} x {x['epochs']:g} epoch(s) = {r.sequences:,.0f} completions"
    con.print(
        f"{work}; {r.generated_tokens:,} generated tokens (mean {x['mean_len']:g}, max {x['max_len']}), "
        f"{r.prompt_tokens:,} prompt tokens; {math.ceil(r.steps - 1e-9):,} optimizer steps of {x['gen_batch'] / x['num_iterations']:,.0f} completions"
    )
    if r.method != "grpo":
        given = "; DPO generates nothing: the same sequences are given as chosen/rejected pairs" * (r.method == "dpo")
        con.print(f"method: {r.method.upper()} on the same data{given}")


def _phase_table(r: Estimate) -> Any:
    from rich.table import Table

    from grpo_cli.estimate import phases_of

    table = Table(title="compute and time per phase")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("phase", "left"), ("FLOPs", "right"), ("time", "right"), ("share", "right"), ("what", "left"),
    )  # fmt: skip
    for col, justify in columns:
        table.add_column(col, justify=justify)
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
    if r.gpu_hours is None or r.wall_clock_hours is None:  # does not fit: no hours as if it did (both withheld)
        return
    cost = f", [bold]${r.cost_usd:,.0f}[/bold]" if r.has("cost_usd") else ""
    con.print(
        f"[bold]{r.gpu_hours:,.1f} GPU-hours[/bold], wall clock [bold]{duration(r.wall_clock_hours * 3600, form='decimal')}[/bold]"
        f"{cost}; {duration(r.seconds_per_step, form='decimal')} per step, {r.tokens_per_gpu_per_second:,.0f} tokens/GPU/s (prompt + completion)"
    )


def _generation_line(gen: Mapping[str, Any]) -> str:
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


def _compare_table(c: Mapping[str, Any]) -> Any:
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


def _print_calibration(con: Any, c: Mapping[str, Any]) -> None:
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


def _memory_rows(m: Mapping[str, Any], x: Mapping[str, Any]) -> list[tuple[str, float]]:
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
