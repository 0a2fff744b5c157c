"""`grpo run`: the whole recipe, one stage after another, into DIR/<recipe>/:

    eval-base -> sft -> eval-sft -> grpo -> eval-grpo

(`sft` and `eval-sft` are left out when the recipe has `sft.enabled: false`). A recipe that names a teacher
(`distill.teacher`) makes a student instead, R1's way:

    eval-base -> distill -> sft (on distill/data.jsonl) -> eval-sft
 Each stage is the same code its own
command runs (`grpo eval`, `grpo sft`, `grpo train`), writing the same stage folder, so any stage can be rerun or
inspected alone. The result is {"base": summary, "sft": summary | None, "grpo": summary} plus the paired comparison
of GRPO against the model it started from.

Where the stages run:
- in this process when one process suffices (a CPU, or one GPU without a sharded strategy): no start-up cost;
- otherwise (several GPUs, DeepSpeed/FSDP, a vLLM server) each training stage is `grpo sft|train` in a child
  process, which `accelerate launch`es itself exactly as it does when typed by hand; with a GPU, evals run in a
  child process too, so vLLM's memory is given back before training starts.

Restarting: with `resume=True`, a finished stage (eval, distill: summary.json; training: final/ with status finished)
is kept only when it was made from what it would consume now (its inputs.json: the model's identity, the data's hash,
the settings; rundir/inputs.py): an eval or a distillation made from other inputs (the SFT model was trained again,
the eval set changed) is redone, saying why. A training stage is never trained again behind the user's back: one
whose inputs changed, or that was made from a stage this run makes again, refuses the run in one line, before any
stage runs. An interrupted training stage with the same inputs continues from its latest checkpoint.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grpo_cli import rundir, safeio
from grpo_cli.config import Recipe
from grpo_cli.errors import UserError


@dataclass(frozen=True)
class Step:
    kind: str  # "eval" | "sft" | "grpo" | "distill"
    folder: str  # the stage folder name under DIR/<recipe>/
    label: str  # base | sft | grpo: what an eval measures


def plan(recipe: Recipe) -> list[Step]:
    """The stages `grpo run` executes for this recipe, in order."""
    steps = [Step("eval", "eval-base", "base")]
    if recipe.distill.teacher:
        return [
            *steps,
            Step("distill", "distill", "distill"),
            Step("sft", "sft", "sft"),
            Step("eval", "eval-sft", "sft"),
        ]
    if recipe.sft.enabled:
        steps += [Step("sft", "sft", "sft"), Step("eval", "eval-sft", "sft")]
    steps += [Step("grpo", "grpo", "grpo"), Step("eval", "eval-grpo", "grpo")]
    return steps


def _teacher(recipe: Recipe) -> str:
    """distill.teacher, for a distill step: `plan` makes one only when the recipe names a teacher."""
    teacher = recipe.distill.teacher
    assert teacher is not None
    return teacher


def is_done(step: Step, folder: Path) -> bool:
    """Whether a stage folder holds a finished result (which `--resume` keeps when its inputs still match)."""
    if step.kind in ("eval", "distill"):
        return (folder / "summary.json").is_file()
    return rundir.has_final(folder) and rundir.read_run_info(folder).get("status") == "finished"


# The stage whose output a training stage starts from, when the recipe chains them.
def upstream(step: Step, recipe: Recipe) -> str | None:
    if step.kind == "sft":
        return "distill" if recipe.distill.teacher else None
    if step.kind == "grpo":
        return "sft" if recipe.sft.enabled and recipe.grpo.init == "sft" else None
    return None


def expected_inputs(step: Step, recipe: Recipe, run_dir: Path) -> dict[str, Any]:
    """What a stage of the run would consume now (rundir/inputs.py): the model, the data and the settings."""
    if step.kind == "eval":
        from grpo_cli.stages import eval as eval_stage

        model = rundir.stage_model(run_dir, recipe, step.label)
        return eval_stage.inputs(recipe, model, eval_stage.load_problems(recipe, recipe.eval)[0])
    if step.kind == "distill":
        from grpo_cli import data
        from grpo_cli.stages import distill
        from grpo_cli.stages import eval as eval_stage

        train, _ = data.load_train(recipe)
        held_out, _ = eval_stage.load_problems(recipe, recipe.eval)
        clean, _ = distill.decontaminate(train, held_out, recipe.distill.decontaminate_ngram)
        return distill.inputs(recipe, _teacher(recipe), clean)
    from grpo_cli.stages import training

    if step.kind == "sft":
        return training.stage_inputs(_stage_recipe(step, recipe, run_dir))
    from grpo_cli.stages import grpo

    return training.stage_inputs(recipe, grpo.resolve_init(recipe, run_dir))


def _stage_recipe(step: Step, recipe: Recipe, run_dir: Path) -> Recipe:
    """The recipe a stage runs with: a distilling recipe's SFT trains on what its distill stage kept."""
    if step.kind == "sft" and recipe.distill.teacher:
        from grpo_cli.config import with_values

        return with_values(recipe, student_data(recipe, run_dir))
    return recipe


def resume_plan(recipe: Recipe, run_dir: Path) -> dict[str, str]:
    """--resume, decided for the training and distill stages before any stage runs: stage folder -> "keep" (finished
    from the same inputs), "continue" (interrupted, same inputs: from its latest checkpoint / its sampling) or "start"
    (nothing there, or a distillation made from other inputs: done again). A training stage with a result made from
    other inputs, or from a stage this run makes again, is a UserError naming what changed: it is never trained again
    behind the user's back. Evals are decided when their turn comes (`_eval_action`): their model may be made first."""
    actions: dict[str, str] = {}
    for step in plan(recipe):
        if step.kind == "eval":
            continue
        folder = rundir.stage_dir(run_dir, recipe.name, step.folder)
        actions[step.folder] = _action(step, recipe, run_dir, folder, actions)
    return actions


def _action(step: Step, recipe: Recipe, run_dir: Path, folder: Path, actions: dict[str, str]) -> str:
    above = upstream(step, recipe)
    has_output = rundir.has_final(folder) or bool(rundir.checkpoints(folder))  # else nothing trained: start again
    if step.kind == "distill":  # sampling is redone, not refused: nothing trained is lost
        before = rundir.inputs.read(folder) if rundir.owner(folder) == "distill" else None
        if before is None or rundir.inputs.differences(before, expected_inputs(step, recipe, run_dir)):
            return "start"
        return "keep" if is_done(step, folder) else "continue"
    if not has_output:
        return "start"
    if above is not None and actions.get(above) != "keep":
        raise UserError(
            f"--resume: {folder} was made from the {above} stage, which this run makes again; its result would no "
            f"longer match: move {folder} aside, or pass --overwrite to start the whole run again"
        )
    changed = rundir.inputs.differences(
        rundir.recorded(folder) or {}, expected_inputs(step, recipe, run_dir), rundir.inputs.MAY_CHANGE_TRAINING
    )
    if changed:
        raise UserError(rundir.changed_inputs(folder, changed, "grpo run --resume"))
    if is_done(step, folder):
        return "keep"
    return "continue" if rundir.latest_checkpoint(folder) is not None else "start"


def _eval_action(step: Step, recipe: Recipe, run_dir: Path, folder: Path) -> tuple[str, str]:
    """("keep" | "start", why): an eval is kept only when it finished and was made from the same model, problems and
    settings as it would be now."""
    if not is_done(step, folder):
        return "start", ""
    before = rundir.inputs.read(folder)
    if before is None:
        return "start", "it records no inputs (an earlier grpo made it)"
    changed = rundir.inputs.differences(before, expected_inputs(step, recipe, run_dir))
    return ("start", "; ".join(changed) + " changed") if changed else ("keep", "")


def check_folders(recipe: Recipe, run_dir: Path, *, resume: bool, overwrite: bool) -> None:
    """Refuse before anything runs when a stage folder exists and neither --resume nor --overwrite was given."""
    if resume and overwrite:
        raise UserError("--resume and --overwrite contradict each other; pass one")
    if resume or overwrite:
        return
    existing = [
        s.folder
        for s in plan(recipe)
        if (p := rundir.stage_dir(run_dir, recipe.name, s.folder)).is_dir()
        and set(os.listdir(p)) - {rundir.LOCK, rundir.MARKER}
    ]
    if existing:
        where = rundir.recipe_root(run_dir, recipe.name)
        raise UserError(
            f"{where} already has {', '.join(existing)}; pass --resume to keep finished stages and continue, "
            "--overwrite to start again, or --run-dir to write elsewhere"
        )


def check_same_recipe(root: Path, recipe: Recipe) -> None:
    """--resume keeps finished stages only if they were made by this very recipe (after --set): a stage of another
    recipe would be reported under this one's name. Only the keys rundir.inputs.MAY_CHANGE_TRAINING names may differ
    (logging, saving, monitoring, tracking, eval.*: the evals are redone when their settings changed)."""
    from grpo_cli.config import to_dict

    saved = root / "recipe.yaml"
    if not saved.is_file():
        return
    before = safeio.load_yaml(safeio.read_text(saved, "recipe"), str(saved))  # bounded: a user may have edited it
    changed = rundir.inputs.differences(
        {"recipe": before}, {"recipe": to_dict(recipe)}, rundir.inputs.MAY_CHANGE_TRAINING
    )
    if changed:
        raise UserError(
            f"--resume: the recipe differs from the one {root} was run with ({', '.join(changed)}; only the keys "
            "docs/reliability.md lists may change on --resume); pass --overwrite to start again, or --run-dir to "
            "write elsewhere"
        )


def isolate_default(recipe: Recipe) -> bool:
    """Child processes for the stages on a GPU or when training needs a launcher (see the module docstring)."""
    from grpo_cli import launch

    hw = launch.detect_hardware()
    if hw.cuda_devices > 0:
        return True
    # vLLM on a CPU: one engine per process. TRL's colocated engine sets up torch.distributed and vLLM's parallel
    # state in its process, which a later eval's engine in the same process would find taken.
    if recipe.grpo.use_vllm or recipe.eval.backend == "vllm":
        return True
    return any(launch.needs_launcher(recipe, stage, cpu=True) for stage in ("sft", "grpo"))


def run(
    recipe: Recipe,
    run_dir: str | Path = rundir.DEFAULT_RUN_DIR,
    *,
    resume: bool = False,
    overwrite: bool = False,
    isolate: bool | None = None,
    log: Callable[[str], None] | None = None,
    progress: Any = None,
    callbacks: Callable[[Path, Recipe], list] | None = None,
) -> dict[str, Any]:
    """Run every stage of `recipe` under run_dir/<recipe.name>/ and return the three eval summaries."""
    say = log or (lambda _m: None)
    run_dir = Path(run_dir)
    check_folders(recipe, run_dir, resume=resume, overwrite=overwrite)
    root = rundir.recipe_root(run_dir, recipe.name)
    if resume:
        check_same_recipe(root, recipe)
        actions = resume_plan(recipe, run_dir)  # a training stage made from other inputs refuses the run here
    # Every stage's lock too, before any stage starts: a `grpo train` already writing one of them is refused now (and
    # before anything is created), not after the stages before it ran or were overwritten. The stage commands
    # inherit these locks (GRPO_LOCK_HOLDERS).
    folders = [rundir.stage_dir(run_dir, recipe.name, step.folder) for step in plan(recipe)]
    for folder in [root, *folders]:
        rundir.refuse_if_busy(folder)
    rundir.claim_output(root, "run", hint="--run-dir to write elsewhere", writes=("recipe.yaml", "run-summary.json"))
    rundir.lock(root)  # one `grpo run` per recipe folder; its stage commands write under this lock
    for folder in folders:
        rundir.lock(safeio.make_dir(folder))
    # The resolved recipe, once: child processes read exactly this (its `name` keeps the stage folders the same).
    rundir.write_recipe(root, recipe)
    recipe_file = root / "recipe.yaml"
    isolate = isolate_default(recipe) if isolate is None else isolate

    t0 = time.perf_counter()
    summaries: dict[str, Any] = {"base": None, "sft": None, "grpo": None}
    timing: dict[str, float] = {}
    for step in plan(recipe):
        folder = rundir.stage_dir(run_dir, recipe.name, step.folder)
        action, why = "start", ""
        if resume:
            action, why = (
                _eval_action(step, recipe, run_dir, folder) if step.kind == "eval" else (actions[step.folder], "")
            )
        if action == "keep":
            say(f"[{step.folder}] finished earlier, kept: made from the same inputs ({folder})")
        else:
            if why:
                say(f"[{step.folder}] made from other inputs ({why}): done again")
            say(f"[{step.folder}] {_describe(step, recipe)}")
            started = time.perf_counter()
            if isolate:
                _child(step, recipe, recipe_file, run_dir, resume=action == "continue")
            else:
                _here(
                    step, recipe, run_dir, folder, resume=action == "continue", progress=progress, callbacks=callbacks
                )
            timing[step.folder] = round(time.perf_counter() - started, 1)
        if step.kind == "eval":
            summaries[step.label] = rundir.read_json_object(folder / "summary.json")
        if step.kind == "distill":
            check_distilled(folder)
    out: dict[str, Any] = dict(summaries)
    out["compare"] = compare_stages(run_dir, recipe)
    out["timing"] = {**timing, "total_s": round(time.perf_counter() - t0, 1)}
    safeio.atomic_write_json(root / "run-summary.json", out)
    return out


def compare_stages(run_dir: Path, recipe: Recipe) -> dict[str, Any]:
    """Paired comparisons on the same problems: sft vs base, grpo vs its starting point (sft, or base)."""
    from grpo_cli.stages import eval as eval_stage

    def folder(label: str) -> Path:
        return rundir.stage_dir(run_dir, recipe.name, f"eval-{label}")

    pairs = [("sft", "base")] if recipe.sft.enabled or recipe.distill.teacher else []
    if not recipe.distill.teacher:
        pairs.append(("grpo", "sft" if recipe.sft.enabled and recipe.grpo.init == "sft" else "base"))
    out = {}
    for a, b in pairs:
        try:
            out[f"{a}-{b}"] = eval_stage.compare(folder(a), folder(b))
        except UserError as err:  # e.g. different problems after a manual rerun: report, do not fail the run
            out[f"{a}-{b}"] = {"error": str(err)}
    return out


def _describe(step: Step, recipe: Recipe) -> str:
    if step.kind == "eval":
        e = recipe.eval
        return f"eval the {step.label} model on {e.dataset}/{e.split} (n={e.n}, temperature {e.temperature})"
    if step.kind == "distill":
        d = recipe.distill
        return f"distil {d.teacher}: {d.n} samples per training problem, at most {d.k} kept"
    if step.kind == "sft" and recipe.distill.teacher:
        return "supervised fine-tuning of the student on the distilled data"
    return {"sft": "supervised fine-tuning", "grpo": "GRPO training"}[step.kind]


def check_distilled(folder: Path) -> None:
    """The student needs data: a distillation that kept nothing stops the run in one line saying why."""
    counts = rundir.read_json_object(folder / "summary.json")["counts"]
    if counts["kept"] == 0:
        why = ", ".join(f"{n} {reason}" for reason, n in counts["rejected"].items() if n)
        raise UserError(
            f"distill kept no completion of {counts['samples']} samples ({why}); the student has nothing to learn: "
            "use a stronger teacher (distill.teacher) or more samples (distill.n), then grpo run --resume"
        )


def student_data(recipe: Recipe, run_dir: Path) -> dict[str, str]:
    """A distilling recipe's SFT trains on what its distill stage kept: the data keys, as --set would give them."""
    data = rundir.stage_dir(run_dir, recipe.name, "distill") / "data.jsonl"
    return {"data.dataset": "custom", "data.path": str(data)}


def _here(
    step: Step,
    recipe: Recipe,
    run_dir: Path,
    folder: Path,
    *,
    resume: bool,
    progress: Any,
    callbacks: Callable[[Path, Recipe], list] | None,
) -> None:
    """Run one stage in this process, exactly as its command would."""
    if step.kind == "eval":
        from grpo_cli.stages import eval as eval_stage

        model = rundir.stage_model(run_dir, recipe, step.label)
        eval_stage.run(recipe, model, folder, overwrite=True, stage=step.label, progress=progress)
        return
    if step.kind == "distill":
        from grpo_cli.stages import distill

        distill.run(recipe, _teacher(recipe), folder, resume=resume, overwrite=not resume, progress=progress)
        return
    from grpo_cli.stages import grpo, training

    recipe = _stage_recipe(step, recipe, run_dir)
    init = grpo.resolve_init(recipe, run_dir) if step.kind == "grpo" else None
    rundir.prepare(folder, resume=resume, overwrite=not resume, inputs=training.stage_inputs(recipe, init))
    cbs = callbacks(folder, recipe) if callbacks else []
    if step.kind == "sft":
        from grpo_cli.stages import sft

        sft.run(recipe, folder, resume=resume, callbacks=cbs)
    else:
        grpo.run(recipe, folder, init_from=init, resume=resume, callbacks=cbs)


def stage_argv(step: Step, recipe: Recipe, recipe_file: Path, run_dir: Path, *, resume: bool) -> list[str]:
    """The `grpo` command line that runs one stage (what a child process runs, and what --dry-run prints)."""
    common = ["--recipe", str(recipe_file), "--run-dir", str(run_dir)]
    if step.kind == "eval":
        return ["eval", *common, "--stage", step.label, "--overwrite"]
    if step.kind == "distill":
        folder = rundir.stage_dir(run_dir, recipe.name, "distill")
        return ["distill", *common, "--output", str(folder), "--resume" if resume else "--overwrite"]
    argv = ["sft" if step.kind == "sft" else "train", *common, "--resume" if resume else "--overwrite"]
    if step.kind == "sft" and recipe.distill.teacher:
        argv += [a for key, value in student_data(recipe, run_dir).items() for a in ("--set", f"{key}={value}")]
    return argv


def dry_run(recipe: Recipe, run_dir: str | Path) -> str:
    """What `grpo run --dry-run` prints: every stage in order, what it does and the command that runs it (a training
    stage's launch on this machine: processes, strategy, vLLM); nothing runs and no folder is made."""
    from grpo_cli import launch
    from grpo_cli.config import with_values

    run_dir = Path(run_dir)
    root = rundir.recipe_root(run_dir, recipe.name)
    steps = plan(recipe)
    lines = [
        f"# grpo run --recipe {recipe.name}: {len(steps)} stages into {root}/, one after another; the resolved recipe "
        f"is written to {root / 'recipe.yaml'} first, and every stage reads it"
    ]
    for i, step in enumerate(steps, 1):
        lines.append(f"# {i}. [{step.folder}] {_describe(step, recipe)}")
        argv = stage_argv(step, recipe, root / "recipe.yaml", run_dir, resume=False)
        if step.kind in ("sft", "grpo"):
            staged = with_values(recipe, student_data(recipe, run_dir)) if recipe.distill.teacher else recipe
            lines.append(launch.dry_run(staged, argv))
        else:
            lines.append(shlex.join(["grpo", *argv]))
    return "\n".join(lines)


def _child(step: Step, recipe: Recipe, recipe_file: Path, run_dir: Path, *, resume: bool) -> None:
    """Run one stage as its own `grpo` command in a child process (which launches itself under accelerate when the
    recipe needs it)."""
    argv = stage_argv(step, recipe, recipe_file, run_dir, resume=resume)
    sys.stdout.flush()
    sys.stderr.flush()
    # The child's stdout goes to our stderr (fd 2): our stdout carries only `grpo run`'s own result (--json).
    from grpo_cli.launch import wait_child

    proc = subprocess.Popen([sys.executable, "-m", "grpo_cli", *argv], env=os.environ.copy(), stdout=2)
    code = wait_child(proc)  # a SIGTERM to `grpo run` stops the stage cleanly (checkpoint), not orphaned
    if code != 0:
        raise StageFailed(step.folder, code, "grpo " + " ".join(argv))


class StageFailed(Exception):
    """A stage's child process failed; its own output already said why."""

    def __init__(self, stage: str, code: int, command: str):
        self.stage, self.code, self.command = stage, code, command
        super().__init__(f"stage {stage} failed (exit {code}): {command}")
