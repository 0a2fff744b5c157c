"""grpo run: the whole tiny recipe end to end (shortened), the refusal to reuse a run, and --resume."""

from __future__ import annotations

import json
import shutil

import pytest

from grpo_cli import recipes, rundir
from grpo_cli.stages import run as run_stage

# The tiny recipe, cut to seconds: the same stages and code paths, a few steps each.
SHORT = [
    "sft.max_steps=4",
    "grpo.max_steps=2",
    "eval.limit=6",
    "eval.n=2",
    "data.toy.num_train=64",
]
SETS = [arg for s in SHORT for arg in ("--set", s)]


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory, request):
    from conftest import run_cli

    run_dir = tmp_path_factory.mktemp("runs")
    proc = run_cli("run", "--recipe", "tiny", "--run-dir", str(run_dir), *SETS, "--json")
    assert proc.returncode == 0, proc.stderr[-3000:]
    return run_dir, json.loads(proc.stdout)


@pytest.mark.slow
def test_run_writes_every_stage_and_prints_the_three_summaries(finished_run):
    run_dir, out = finished_run
    assert set(out) == {"base", "sft", "grpo"}
    root = run_dir / "tiny"
    for label in ("base", "sft", "grpo"):
        s = out[label]
        assert s == json.loads((root / f"eval-{label}" / "summary.json").read_text())
        assert s["settings"]["stage"] == label and s["n"] == 2 and s["counts"]["scored"] == 6
    assert out["base"]["settings"]["model"] == "tiny"
    assert out["sft"]["settings"]["model"] == str(root / "sft" / "final")
    assert out["grpo"]["settings"]["model"] == str(root / "grpo" / "final")
    for stage in ("sft", "grpo"):
        assert rundir.has_final(root / stage) and rundir.read_run_info(root / stage)["status"] == "finished"
    summary = json.loads((root / "run-summary.json").read_text())
    assert set(summary["compare"]) == {"sft-base", "grpo-sft"}
    assert summary["compare"]["grpo-sft"]["problems"] == 6
    assert summary["compare"]["grpo-sft"]["pass@1_a"] == pytest.approx(out["grpo"]["pass@1"])


@pytest.mark.slow
def test_an_existing_run_is_refused_then_resumed(finished_run, cli):
    run_dir, out = finished_run
    proc = cli("run", "--recipe", "tiny", "--run-dir", str(run_dir), *SETS)
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: ") and "--resume" in proc.stderr and "eval-base" in proc.stderr

    proc = cli("run", "--recipe", "tiny", "--run-dir", str(run_dir), *SETS, "--resume")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count("finished earlier, kept") == 5
    assert "pass@1" in proc.stdout and "grpo-sft" in proc.stdout  # the table, and the paired difference


@pytest.mark.slow
def test_resume_refuses_a_changed_recipe(finished_run, cli):
    """eval.* may change (the evals are redone: tests/test_faults_inputs.py); a training key may not."""
    run_dir, _ = finished_run
    proc = cli("run", "--recipe", "tiny", "--run-dir", str(run_dir), *SETS, "--set", "grpo.beta=0.1", "--resume")
    assert proc.returncode == 2 and "grpo.beta" in proc.stderr and "--overwrite" in proc.stderr


@pytest.mark.slow
def test_resume_reruns_only_the_missing_stage_and_a_child_process_reproduces_it(finished_run):
    run_dir, out = finished_run
    folder = run_dir / "tiny" / "eval-grpo"
    before = (folder / "samples.jsonl").read_text()
    shutil.rmtree(folder)
    recipe = recipes.load("tiny", SHORT)
    result = run_stage.run(recipe, run_dir, resume=True, isolate=True)  # the eval runs as `grpo eval` in a child
    assert set(result["timing"]) == {"eval-grpo", "total_s"}
    assert (folder / "samples.jsonl").read_text() == before  # seeded: the same samples, in another process
    assert result["grpo"]["pass@1"] == out["grpo"]["pass@1"]


def test_plan_follows_the_recipe():
    assert [s.folder for s in run_stage.plan(recipes.load("tiny"))] == [
        "eval-base",
        "sft",
        "eval-sft",
        "grpo",
        "eval-grpo",
    ]
    # math-7b trains GRPO from the base model: no SFT stage and no SFT eval.
    assert [s.folder for s in run_stage.plan(recipes.load("math-7b"))] == ["eval-base", "grpo", "eval-grpo"]


def test_resume_and_overwrite_together_are_refused(cli, tmp_path):
    proc = cli("run", "--recipe", "tiny", "--run-dir", str(tmp_path), "--resume", "--overwrite")
    assert proc.returncode == 2 and proc.stderr.strip().count("\n") == 0 and "contradict" in proc.stderr
