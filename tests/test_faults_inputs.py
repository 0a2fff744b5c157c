"""Fault injection, round three (issue 41): results tied to their inputs, and the last step always logged.

Every training stage, eval, filter and distillation records what it consumed (inputs.json: the model's identity, the
data's hash, the settings; rundir/inputs.py). `--resume` and `grpo run --resume` reuse a result only when that
matches what they would consume now; otherwise they redo it or refuse in one line naming what changed:
- `grpo distill --resume` reused a finished sampling/ after the data changed (new questions with old completions;
  a lower --limit: KeyError; a higher one: a summary counting samples that do not exist);
- `grpo run --resume` kept eval-sft, grpo and eval-grpo after the SFT model was trained again;
- `--resume` with a changed `--set` rewrote recipe.yaml to values the run never trained with.
A GRPO run shorter than logging_steps wrote no metrics.jsonl at all. Real files, real subprocesses, the tiny model.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import run_cli, sets
from grpo_cli import recipes, rundir
from grpo_cli.errors import UserError
from test_faults import fake_model, one_line_exit_2, snapshot, training_stage

grpo = run_cli


def _problems(path: Path, n: int, offset: int = 0) -> Path:
    """A custom dataset of n sums with worked solutions."""
    rows = [
        {"id": f"q{i}", "question": f"What is {i} plus {i + 7}?", "answer": str(2 * i + 7),
         "solution": f"{i} + {i + 7} = {2 * i + 7}"}
        for i in range(offset, offset + n)
    ]  # fmt: skip
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _finished(stage: Path, inputs: dict) -> Path:
    """A finished training stage that recorded `inputs` (as `grpo sft` / `grpo train` leave it)."""
    rundir.prepare(stage, overwrite=stage.exists(), inputs=inputs)
    fake_model(stage / "final")
    rundir.manifest.record(stage, "final")
    rundir.write_run_info(stage, stage=stage.name, status="finished", step=4)
    return stage


# --------------------------------------------------------------------------------------------------------
# grpo run --resume after the SFT model was trained again


def test_run_resume_refuses_a_grpo_stage_made_from_an_sft_model_trained_since(tmp_path):
    from grpo_cli.stages import run as run_stage
    from grpo_cli.stages import training

    recipe = recipes.load("tiny", ["data.toy.num_train=16"])
    run_dir = tmp_path / "runs"
    root = run_dir / "tiny"
    sft = _finished(root / "sft", training.stage_inputs(recipe))
    _finished(root / "grpo", training.stage_inputs(recipe, sft / "final"))
    rundir.release_all()
    assert run_stage.resume_plan(recipe, run_dir) == {"sft": "keep", "grpo": "keep"}
    eval_sft = root / "eval-sft"
    eval_sft.mkdir()
    rundir.manifest.write_new(eval_sft, "eval", rundir.now())
    rundir.inputs.record(
        eval_sft, run_stage.expected_inputs(run_stage.Step("eval", "eval-sft", "sft"), recipe, run_dir)
    )
    (eval_sft / "summary.json").write_text("{}")
    step = run_stage.Step("eval", "eval-sft", "sft")
    assert run_stage._eval_action(step, recipe, run_dir, eval_sft) == ("keep", "")

    _finished(root / "sft", training.stage_inputs(recipe))  # `grpo sft --overwrite`: a new run, a new final/
    rundir.release_all()
    before = snapshot(root / "grpo")
    with pytest.raises(UserError, match="the model \\(was final of run .*, now final of run") as err:
        run_stage.resume_plan(recipe, run_dir)  # before: kept, with eval-sft and eval-grpo of the old model
    assert str(root / "grpo") in str(err.value) and "--overwrite" in str(err.value)
    assert snapshot(root / "grpo") == before
    action, why = run_stage._eval_action(step, recipe, run_dir, eval_sft)
    assert action == "start" and why.startswith("the model (was final of run")
    # Moved aside by the user, the grpo stage is trained again from the new SFT model.
    shutil.move(root / "grpo", tmp_path / "grpo.old")
    assert run_stage.resume_plan(recipe, run_dir) == {"sft": "keep", "grpo": "start"}


def test_run_resume_refuses_a_grpo_stage_whose_sft_is_trained_again_by_this_run(tmp_path):
    from grpo_cli.stages import run as run_stage
    from grpo_cli.stages import training

    recipe = recipes.load("tiny", ["data.toy.num_train=16"])
    run_dir = tmp_path / "runs"
    sft = _finished(run_dir / "tiny" / "sft", training.stage_inputs(recipe))
    _finished(run_dir / "tiny" / "grpo", training.stage_inputs(recipe, sft / "final"))
    rundir.release_all()
    shutil.rmtree(sft / "final")  # the SFT stage will be trained (again) by this run
    with pytest.raises(UserError, match="was made from the sft stage, which this run makes again"):
        run_stage.resume_plan(recipe, run_dir)


# --------------------------------------------------------------------------------------------------------
# a stage's --resume with changed inputs


def _interrupted_sft(root: Path, recipe_sets: list[str]) -> Path:
    """An interrupted sft stage (a checkpoint at step 2, metrics to step 3) that recorded its inputs."""
    from grpo_cli.stages import training

    stage = training_stage(root, [2], 3)
    recipe = recipes.load("tiny", recipe_sets)
    rundir.inputs.record(stage, {"run": "r1", **training.stage_inputs(recipe)})
    rundir.write_recipe(stage, recipe)
    return stage


def test_resume_with_a_changed_set_refuses_naming_the_keys(tmp_path):
    """It used to continue and rewrite recipe.yaml to values the run never trained with."""
    data = _problems(tmp_path / "data.jsonl", 8)
    base = ["data.dataset=custom", f"data.path={data}", "sft.max_steps=8"]
    stage = _interrupted_sft(tmp_path, base)
    before = snapshot(stage)
    args = ["sft", "--recipe", "tiny", "--run-dir", str(tmp_path), "--resume"]
    proc = grpo(*args, *_set(*base, "sft.learning_rate=0.5", "sft.seed=7"))
    one_line_exit_2(proc, "--resume", str(stage), "sft.learning_rate", "sft.seed", "--overwrite")
    _problems(data, 8, offset=1)  # the same file, other questions
    proc = grpo(*args, *_set(*base))
    one_line_exit_2(proc, "the data (was 8 problems, sha256", ", now 8 problems, sha256")
    assert snapshot(stage) == before  # recipe.yaml as trained, metrics untrimmed, the checkpoint untouched


def test_resume_may_change_the_documented_keys(tmp_path):
    from grpo_cli.stages import training

    stage = _interrupted_sft(tmp_path, ["data.toy.num_train=16"])
    changed = ["data.toy.num_train=16", "sft.logging_steps=1", "sft.save_steps=5", "monitor.no_signal_target=0.4",
               "tracking.report_to=none", "eval.n=4", "description=longer"]  # fmt: skip
    now = training.stage_inputs(recipes.load("tiny", changed))
    assert rundir.prepare(stage, resume=True, inputs=now) == stage / "checkpoint-2"
    record = rundir.inputs.read(stage)
    assert record["run"] == "r1" and record["recipe"]["sft"]["logging_steps"] == 1


def test_a_folder_from_the_release_before_resumes(tmp_path):
    """A stage an earlier grpo-cli made holds recipe.yaml only (no inputs.json), with max_steps 0 (now -1, TRL's
    default, which means the same) and without model.generation (a key added since): it resumes. A real change in
    that recipe is still refused."""
    from grpo_cli.config import to_dict
    from grpo_cli.stages import training

    stage = training_stage(tmp_path, [2], 3)
    epochs = ["sft.max_steps=-1", "grpo.max_steps=-1"]  # as the gsm8k and math recipes leave it: train the epochs
    now = training.stage_inputs(recipes.load("tiny", epochs))
    old = to_dict(recipes.load("tiny"))
    old["sft"]["max_steps"], old["grpo"]["max_steps"], old["prm"]["trust_remote_code"] = 0, 0, True
    del old["model"]["generation"]
    (stage / "recipe.yaml").write_text(yaml.safe_dump(old, sort_keys=False))
    assert rundir.prepare(stage, resume=True, inputs=now) == stage / "checkpoint-2"
    rundir.release_all()
    with pytest.raises(UserError, match=r"sft\.seed"):
        rundir.prepare(stage, resume=True, inputs=training.stage_inputs(recipes.load("tiny", [*epochs, "sft.seed=7"])))


def test_train_resume_refuses_when_the_sft_model_was_trained_again(tmp_path):
    from grpo_cli.stages import training

    recipe = recipes.load("tiny", ["data.toy.num_train=16"])
    sft = _finished(tmp_path / "tiny" / "sft", training.stage_inputs(recipe))
    stage = training_stage(tmp_path / "elsewhere", [2], 2)
    shutil.move(stage, tmp_path / "tiny" / "grpo")
    stage = tmp_path / "tiny" / "grpo"
    (stage / rundir.MARKER).write_text(json.dumps({**json.loads((stage / rundir.MARKER).read_text()), "kind": "grpo"}))
    rundir.inputs.record(stage, {"run": "g1", **training.stage_inputs(recipe, sft / "final")})
    _finished(sft, training.stage_inputs(recipe))  # `grpo sft --overwrite` since
    rundir.release_all()
    before = snapshot(stage)
    proc = grpo("train", "--recipe", "tiny", "--run-dir", str(tmp_path), "--resume", *_set("data.toy.num_train=16"))
    one_line_exit_2(proc, "--resume", "the model (was final of run", "now final of run")
    assert snapshot(stage) == before


# --------------------------------------------------------------------------------------------------------
# grpo distill --resume after the data or --limit changed (slow: the tiny teacher samples)

_DISTILL = ["grpo.max_completion_length=16", "distill.n=2", "data.toy.num_test=40"]


def _set(*overrides: str) -> list[str]:
    return [a for s in overrides for a in ("--set", s)]


def _distill(out: Path, data: Path, *extra: str) -> object:
    args = ["distill", "--recipe", "tiny", "--teacher", "tiny", "--output", str(out)]
    return grpo(*args, *extra, *_set(*_DISTILL, "data.dataset=custom", f"data.path={data}"))


@pytest.mark.slow
def test_distill_resume_after_the_data_or_limit_changed_refuses_naming_it(tmp_path):
    data = _problems(tmp_path / "data.jsonl", 6)
    out = tmp_path / "d"
    assert _distill(out, data, "--train-limit", "4").returncode == 0
    samples = out / "sampling" / "samples.jsonl"
    stamp = samples.stat().st_mtime_ns
    (out / "summary.json").unlink()  # killed after sampling
    before = snapshot(out)
    # before: new questions paired with old completions; a KeyError; a summary counting samples that do not exist
    one_line_exit_2(_distill(out, data, "--train-limit", "3", "--resume"), "data.limit", "the data (was 4 problems")
    one_line_exit_2(_distill(out, data, "--train-limit", "6", "--resume"), "data.limit", "the data (was 4 problems")
    _problems(data, 6, offset=10)
    one_line_exit_2(_distill(out, data, "--train-limit", "4", "--resume"), "the data (was 4 problems")
    assert snapshot(out) == before
    # The same inputs: the sampling is reused; a sampling that recorded no inputs (an earlier grpo's) is redone.
    _problems(data, 6)
    proc = _distill(out, data, "--train-limit", "4", "--resume")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert samples.stat().st_mtime_ns == stamp
    (out / "summary.json").unlink()
    (out / "sampling" / rundir.inputs.INPUTS).unlink()
    proc = _distill(out, data, "--train-limit", "4", "--resume")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert samples.stat().st_mtime_ns != stamp and "sampling again" in proc.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert summary["counts"]["samples"] == 2 * summary["counts"]["problems"] == len(samples.read_text().splitlines())


# --------------------------------------------------------------------------------------------------------
# every command records what it consumed; grpo run --resume redoes what a retrained SFT model made (slow)

SHORT = ["sft.max_steps=2", "grpo.max_steps=1", "eval.limit=2", "eval.n=1", "eval.max_tokens=8",
         "data.toy.num_train=16", "grpo.max_completion_length=8", "sft.save_steps=1", "grpo.save_steps=1"]  # fmt: skip


@pytest.mark.slow
def test_run_resume_redoes_the_evals_of_a_retrained_sft_model_and_refuses_its_grpo_stage(tmp_path):
    run_dir = tmp_path / "runs"
    root = run_dir / "tiny"
    args = ["run", "--recipe", "tiny", "--run-dir", str(run_dir), *_set(*SHORT)]
    assert (proc := grpo(*args)).returncode == 0, proc.stderr[-3000:]
    for stage in ("eval-base", "sft", "eval-sft", "grpo", "eval-grpo"):
        record = rundir.inputs.read(root / stage)
        assert {"model", "data"} <= set(record) and ("recipe" in record or "settings" in record), stage
    sft_run = rundir.inputs.read(root / "sft")["run"]
    assert rundir.inputs.read(root / "grpo")["model"]["run"] == sft_run
    assert rundir.inputs.read(root / "eval-sft")["model"]["run"] == sft_run

    train = ["sft", "--recipe", "tiny", "--run-dir", str(run_dir), *_set(*SHORT)]
    assert (proc := grpo(*train, "--overwrite")).returncode == 0, proc.stderr[-3000:]
    before = snapshot(root)
    one_line_exit_2(grpo(*args, "--resume"), str(root / "grpo"), "the model (was final of run")
    assert snapshot(root) == before  # refused before any stage ran
    shutil.move(root / "grpo", tmp_path / "grpo.old")
    proc = grpo(*args, "--resume")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "[eval-base] finished earlier, kept" in proc.stderr and "[sft] finished earlier, kept" in proc.stderr
    assert "[eval-sft] made from other inputs" in proc.stderr and "[eval-grpo] made from other inputs" in proc.stderr
    new_run = rundir.inputs.read(root / "sft")["run"]
    for stage in ("eval-sft", "grpo"):
        assert rundir.inputs.read(root / stage)["model"]["run"] == new_run, stage
    assert rundir.inputs.read(root / "eval-grpo")["model"]["run"] == rundir.inputs.read(root / "grpo")["run"]


@pytest.mark.slow
def test_filter_records_what_it_measured(tmp_path):
    out = tmp_path / "f"
    proc = grpo("filter", "--recipe", "tiny", "--run-dir", str(tmp_path), "--n", "2", "--limit", "3", "--output", str(out),
                *sets())  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    record = rundir.inputs.read(out)
    assert record["model"]["name"] == "tiny" and record["data"]["problems"] == 3
    assert record["settings"]["eval"]["n"] == 2 and record["settings"]["filter"] == {"min": 0.1, "max": 0.6}
    assert rundir.inputs.read(out / "sampling")["data"] == record["data"]
    assert rundir.manifest.listed(out)["sampling"] == {"folder": "eval"}  # made by filter: cleared by its --overwrite


# --------------------------------------------------------------------------------------------------------
# the last step is always logged


@pytest.mark.slow
def test_a_grpo_run_shorter_than_logging_steps_logs_its_last_step(tmp_path):
    """3 steps against logging_steps 10: metrics.jsonl was not even created."""
    proc = grpo("train", "--recipe", "tiny", "--run-dir", str(tmp_path),
                *sets("grpo.max_steps=3", "grpo.logging_steps=10", "grpo.save_steps=10"))  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = rundir.read_jsonl(tmp_path / "tiny" / "grpo" / "metrics.jsonl")
    assert [row["step"] for row in rows] == [3] and "reward" in rows[0]
