"""grpo eval end to end: known answers from scripted models, truncation, determinism, MATH breakdowns, --compare,
and one clear line with exit code 2 for every bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval_models import save, scripted, tokenizer
from grpo_cli import config, rundir
from grpo_cli.config import build
from grpo_cli.errors import UserError
from grpo_cli.evaluation import stats
from grpo_cli.stages import eval as eval_stage

# The verdict fields summarize() reads; settings/timing/created describe the run rather than the samples.
METRIC_KEYS = ("pass@1", "pass@1_ci", "ci_method", "pass@k", "maj@k", "format_rate", "truncation_rate", "mean_tokens")


def _ids(tok, text: str) -> list[int]:
    return tok(text, add_special_tokens=False)["input_ids"]


@pytest.fixture(scope="module")
def answers_four(tmp_path_factory) -> Path:
    """A model that answers every prompt with "4" and stops: the chat prompt ends in "\\n", "\\n" -> "4" -> EOS."""
    tok = tokenizer()
    model, tok = scripted([_ids(tok, "\n4") + [tok.eos_token_id]])
    return save(model, tok, tmp_path_factory.mktemp("models") / "answers-four")


@pytest.fixture(scope="module")
def never_stops(tmp_path_factory) -> Path:
    """A model that answers "qqqq..." forever."""
    model, tok = scripted(["\nqq"])
    return save(model, tok, tmp_path_factory.mktemp("models") / "never-stops")


@pytest.fixture(scope="module")
def gsm8k_file(tmp_path_factory) -> Path:
    """10 GSM8K-style problems, 3 of them with answer 4, plus one whose answer cannot be parsed (dropped)."""
    answers = [4, 7, 4, 8, 9, 4, 10, 11, 12, 13]
    rows = [{"question": f"What is {a} + 0?", "answer": f"It is {a}.\n#### {a}"} for a in answers]
    rows.insert(5, {"question": "What colour is the sky?", "answer": "blue, with no number"})
    path = tmp_path_factory.mktemp("data") / "ten.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _recipe(**eval_section):
    return build({"name": "t", "model": {"name": "tiny"}, "eval": {"dataset": "toy", "max_tokens": 16, **eval_section}})


def _with(recipe, **eval_keys):
    """The recipe with eval keys set, as `grpo eval`'s flags (--set eval.KEY=VALUE) set them."""
    return config.with_values(recipe, {f"eval.{k}": v for k, v in eval_keys.items()})


def _metric_view(summary: dict) -> dict:
    return {k: summary[k] for k in METRIC_KEYS} | {
        "counts": {k: v for k, v in summary["counts"].items() if k != "dropped_at_load"}
    }


@pytest.mark.slow
def test_known_answer_through_the_cli(cli, answers_four, gsm8k_file, tmp_path):
    proc = cli(
        "eval", "--ckpt", str(answers_four), "--dataset", str(gsm8k_file), "--n", "1", "--temperature", "0", "--json"
    )
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)  # --json: stdout holds the summary and nothing else
    out = answers_four.parent / "eval-answers-four"  # the default output folder, beside the checkpoint
    assert json.loads((out / "summary.json").read_text()) == summary

    assert summary["pass@1"] == pytest.approx(0.3)
    assert summary["pass@1_ci"] == pytest.approx(list(stats.wilson_ci(3, 10)))
    assert summary["counts"] == {
        "problems": 10,
        "scored": 10,
        "excluded": 0,
        "samples": 10,
        "correct": 3,
        "truncated": 0,
        "no_answer": 0,
        "dropped_at_load": 1,
    }
    assert summary["truncation_rate"] == 0 and summary["format_rate"] == 0  # "4" alone is not the <think> format
    assert summary["mean_tokens"] == 1.0
    assert summary["settings"]["n"] == 1 and summary["settings"]["backend"] == "hf"

    rows = rundir.read_jsonl(out / "samples.jsonl")
    assert len(rows) == 10
    for row in rows:
        for key in ("id", "sample", "prompt", "completion", "extracted", "reference", "correct", "truncated", "tokens"):
            assert key in row
        assert row["completion"] == "4" and row["extracted"] == "4" and row["finish"] == "eos"
        assert row["correct"] == (row["reference"] == "4")
    # The summary is a pure function of the samples ...
    assert _metric_view(stats.summarize(rows)) == _metric_view(summary)
    # ... and `grpo verify` re-scores them to the same counts.
    rescored = cli("verify", str(out / "samples.jsonl"), "--json", "--out", str(tmp_path / "rescored.jsonl"))
    assert rescored.returncode == 0, rescored.stderr
    counts = json.loads(rescored.stdout)
    assert (counts["rows"], counts["correct"], counts["unscorable"]) == (10, 3, 0)
    again = [r["correct"] for r in rundir.read_jsonl(tmp_path / "rescored.jsonl")]
    assert again == [r["correct"] for r in rows]

    # A second eval into the same folder is refused, with the way out in the message.
    proc = cli("eval", "--ckpt", str(answers_four), "--dataset", str(gsm8k_file))
    assert proc.returncode == 2
    assert "--overwrite" in proc.stderr and "Traceback" not in proc.stderr


def test_lora_adapter_is_evaluated_on_its_base(answers_four, gsm8k_file, tmp_path):
    """A PEFT adapter folder (no tokenizer in it) loads onto the base its adapter_config names. Its B matrices start
    at zero, so it answers exactly as the base does: "4", right on 3 of the 10 problems."""
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM

    base = AutoModelForCausalLM.from_pretrained(answers_four)
    adapter = tmp_path / "adapter"
    get_peft_model(base, LoraConfig(r=4, target_modules=["q_proj", "v_proj"], task_type="CAUSAL_LM")).save_pretrained(
        adapter
    )
    assert (adapter / "adapter_config.json").is_file() and not (adapter / "config.json").exists()
    s = eval_stage.run(_with(_recipe(n=1, temperature=0.0), dataset=str(gsm8k_file)), adapter, tmp_path / "out")
    assert s["pass@1"] == pytest.approx(0.3) and s["counts"]["scored"] == 10


def test_truncation_is_counted(never_stops, tmp_path):
    recipe = _recipe(n=1, temperature=0.0)
    s = eval_stage.run(_with(recipe, limit=5, max_tokens=6), never_stops, tmp_path / "out")
    assert s["truncation_rate"] == 1.0 and s["counts"]["truncated"] == 5
    assert s["mean_tokens"] == 6.0 and s["pass@1"] == 0.0
    rows = rundir.read_jsonl(tmp_path / "out" / "samples.jsonl")
    assert {(r["completion"], r["tokens"], r["truncated"], r["finish"]) for r in rows} == {("q" * 6, 6, True, "length")}
    assert {r["reason"] for r in rows} == {"truncated"}  # cut off before any answer: no fallback
    assert s["pass@1_strict"] == s["pass@1_flexible"] == 0.0


@pytest.mark.slow
def test_same_seed_same_samples_and_subsets_agree(tmp_path):
    """The random tiny model, sampled: seeds make samples.jsonl reproducible whatever the batch size."""
    recipe = _recipe(n=3, temperature=1.0, limit=6, max_tokens=12)
    a = eval_stage.run(_with(recipe, batch_size=64), "tiny", tmp_path / "a")
    eval_stage.run(_with(recipe, batch_size=64), "tiny", tmp_path / "b")
    eval_stage.run(_with(recipe, batch_size=1), "tiny", tmp_path / "c")
    eval_stage.run(_with(recipe, seed=1), "tiny", tmp_path / "d")
    text = (tmp_path / "a" / "samples.jsonl").read_text()
    assert text == (tmp_path / "b" / "samples.jsonl").read_text()
    assert text == (tmp_path / "c" / "samples.jsonl").read_text()
    assert text != (tmp_path / "d" / "samples.jsonl").read_text()
    assert a["counts"]["samples"] == 18 and set(a["pass@k"]) == {"1", "2", "3"} and set(a["maj@k"]) == {"1", "2", "3"}
    # The first 2 problems, evaluated alone, get the very same samples.
    eval_stage.run(_with(recipe, limit=2), "tiny", tmp_path / "e")
    first = [r for r in rundir.read_jsonl(tmp_path / "a" / "samples.jsonl") if r["id"] in ("toy-test-0", "toy-test-1")]
    assert rundir.read_jsonl(tmp_path / "e" / "samples.jsonl") == first


def test_output_folder_is_never_silently_reused(answers_four, gsm8k_file, tmp_path):
    recipe = _recipe(n=1, temperature=0.0)
    eval_stage.run(_with(recipe, dataset=str(gsm8k_file), limit=2), answers_four, tmp_path / "o")
    with pytest.raises(UserError, match="--overwrite"):
        eval_stage.run(_with(recipe, dataset=str(gsm8k_file), limit=2), answers_four, tmp_path / "o")
    s = eval_stage.run(_with(recipe, dataset=str(gsm8k_file), limit=4), answers_four, tmp_path / "o", overwrite=True)
    assert s["counts"]["scored"] == 4


@pytest.mark.slow
def test_math500_breakdown_by_subject_and_level(answers_four, sample_data, tmp_path):
    recipe = _recipe(n=1, temperature=0.0)
    s = eval_stage.run(_with(recipe, dataset=str(sample_data / "math500"), limit=20), answers_four, tmp_path / "m")
    assert s["settings"]["task"] == ["math"]
    assert sum(v["problems"] for v in s["by_subject"].values()) == s["counts"]["scored"] == 20
    assert sum(v["problems"] for v in s["by_level"].values()) == 20
    assert len(s["by_subject"]) >= 5 and len(s["by_level"]) == 5  # the sample spans subjects and levels
    assert set(s["by_level"]) <= {"1", "2", "3", "4", "5"}
    rows = rundir.read_jsonl(tmp_path / "m" / "samples.jsonl")
    fours = {r["id"] for r in rows if r["reference"] == "4"}
    assert fours and s["counts"]["correct"] == len(fours)  # the model answers 4: right exactly where the reference is 4
    for subject, v in s["by_subject"].items():
        subset = [r for r in rows if r["subject"] == subject]
        assert v["pass@1"] == pytest.approx(sum(r["correct"] for r in subset) / len(subset))


# --------------------------------------------------------------------------------------------------------
# --compare


def _write_eval(folder: Path, solved: dict[str, list[bool]]) -> Path:
    folder.mkdir(parents=True)
    with open(folder / "samples.jsonl", "w") as fh:
        for pid, verdicts in solved.items():
            for j, ok in enumerate(verdicts):
                fh.write(json.dumps({"id": pid, "sample": j, "correct": ok, "key": "1" if ok else "2"}) + "\n")
    return folder


@pytest.mark.slow
def test_compare_two_synthetic_evals(cli, tmp_path):
    # 40 problems: A solves p0-p29, B solves p20-p39. A only: p0-p19 (20), B only: p30-p39 (10).
    a = _write_eval(tmp_path / "a", {f"p{i:02d}": [i < 30] for i in range(40)})
    b = _write_eval(tmp_path / "b", {f"p{i:02d}": [i >= 20] for i in range(40)})
    proc = cli("eval", "--compare", str(a), str(b), "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["problems"] == 40
    assert out["diff"] == pytest.approx(0.25)
    assert out["a_only"] == [f"p{i:02d}" for i in range(20)]
    assert out["b_only"] == [f"p{i:02d}" for i in range(30, 40)]
    assert out["mcnemar_p"] == pytest.approx(stats.mcnemar_exact(20, 10))
    assert out["diff_ci"][0] < 0.25 < out["diff_ci"][1]

    table = cli("eval", "--compare", str(a), str(b))
    assert table.returncode == 0 and "McNemar" in table.stdout and "p00" in table.stdout

    c = _write_eval(tmp_path / "c", {f"p{i:02d}": [True] for i in range(30)})
    proc = cli("eval", "--compare", str(a), str(c))
    assert proc.returncode == 2 and "different problems" in proc.stderr


# --------------------------------------------------------------------------------------------------------
# bad inputs: one line on stderr, exit code 2, no traceback


@pytest.fixture(scope="module")
def empty_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("data") / "empty.jsonl"
    path.write_text("")
    return path


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ckpt", "/no/such/checkpoint"], "checkpoint not found"),
        (["--ckpt", "{tmp}"], "not a model folder"),
        (["--recipe", "tiny", "--stage", "base", "--dataset", "{empty}"], "no usable problems"),
        (["--recipe", "tiny", "--stage", "base", "--n", "0"], "--n 0"),
        (["--recipe", "tiny", "--stage", "base", "--n", "4", "--temperature", "0"], "identical greedy samples"),
        (["--recipe", "tiny", "--stage", "base", "--limit", "100000"], "larger than"),
        (["--recipe", "tiny", "--stage", "sft", "--run-dir", "{tmp}"], "grpo sft --recipe tiny"),
        (["--recipe", "tiny", "--stage", "final"], "--stage final"),
        (["--recipe", "tiny", "--stage", "base", "--backend", "vllm"], "vLLM"),
        ([], "--ckpt"),
        (["--compare", "{tmp}", "{tmp}"], "no samples.jsonl"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else None,
)
def test_bad_inputs_are_one_line_and_exit_2(cli, tmp_path, empty_file, args, message):
    if "vllm" in args:
        from grpo_cli.evaluation.generation import vllm_available

        if vllm_available():
            pytest.skip("vLLM runs here")
    args = [a.format(tmp=tmp_path, empty=empty_file) for a in args]
    proc = cli("eval", *args, "--output", str(tmp_path / "out"))
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    assert message in lines[0]


# --------------------------------------------------------------------------------------------------------
# benchmarks of the user's own: several in one eval, each with its column mapping, one table


@pytest.fixture(scope="module")
def two_benchmarks(tmp_path_factory) -> tuple[Path, Path]:
    """An AIME-like jsonl (columns problem / expected / pid; 2 of 4 answers are 4) and a parquet with other column
    names (q / a; 1 of 5 is 4, one row's task is math)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    folder = tmp_path_factory.mktemp("benchmarks")
    aime = folder / "aime-mini.jsonl"
    aime.write_text(
        "".join(
            json.dumps({"problem": f"Find {a}.", "expected": str(a), "pid": f"p{i}"}) + "\n"
            for i, a in enumerate([4, 5, 4, 6])
        )  # fmt: skip
    )
    amc = folder / "amc-mini.parquet"
    rows = [{"q": f"Compute {a}.", "a": str(a), "kind": "math" if a == 9 else "gsm8k"} for a in [4, 7, 8, 9, 10]]
    pq.write_table(pa.Table.from_pylist(rows), amc)
    return aime, amc


def test_two_benchmarks_in_one_eval(answers_four, two_benchmarks, tmp_path):
    """Done when (issue 39): `grpo eval` scores two user benchmarks in one table, each through its own column mapping,
    with avg@n, pass@n and maj@n and their CIs per benchmark."""
    aime, amc = two_benchmarks
    recipe = _recipe(
        n=1, temperature=0.0,
        benchmarks=[
            {"dataset": str(aime), "question_column": "problem", "answer_column": "expected", "id_column": "pid"},
            {"dataset": str(amc), "name": "amc", "question_column": "q", "answer_column": "a", "task_column": "kind"},
        ],
    )  # fmt: skip
    summary = eval_stage.run(recipe, answers_four, tmp_path / "out")
    b = summary["benchmarks"]
    assert list(b) == ["aime-mini", "amc"]
    assert b["aime-mini"]["counts"]["scored"] == 4 and b["amc"]["counts"]["scored"] == 5
    assert b["aime-mini"]["at_n"]["avg@n"] == pytest.approx(0.5) and b["amc"]["at_n"]["avg@n"] == pytest.approx(0.2)
    assert b["aime-mini"]["at_n"]["pass@n_ci"] == pytest.approx(list(stats.wilson_ci(2, 4)))
    assert b["amc"]["task"] == ["gsm8k", "math"]  # the task column, row by row
    rows = rundir.read_jsonl(tmp_path / "out" / "samples.jsonl")
    assert {r["id"] for r in rows if r["benchmark"] == "aime-mini"} == {"aime-mini/p0", "aime-mini/p1", "aime-mini/p2",
                                                                      "aime-mini/p3"}  # fmt: skip
    assert summary["counts"]["scored"] == 9  # the pooled figures beside the table
    # each benchmark's summary is the pure function of its own rows
    mine = [r for r in rows if r["benchmark"] == "amc"]
    assert _metric_view(stats.summarize(mine)) == _metric_view(b["amc"])


def test_benchmark_columns_are_checked_in_one_line(answers_four, two_benchmarks, tmp_path):
    aime, _ = two_benchmarks
    recipe = _recipe(benchmarks=[{"dataset": str(aime), "question_column": "question"}])
    with pytest.raises(UserError, match=r"benchmark aime-mini: column\(s\) question, answer not found \(columns: "):
        eval_stage.run(recipe, answers_four, tmp_path / "out")
    with pytest.raises(UserError, match="neither a file or folder here nor a Hub dataset id"):
        eval_stage.run(_recipe(benchmarks=[{"dataset": "no_such_file"}]), answers_four, tmp_path / "out2")
    with pytest.raises(UserError, match="two benchmarks named aime-mini"):
        _recipe(benchmarks=[{"dataset": str(aime)}, {"dataset": str(aime)}])


def test_at_n_is_r1s_avg_pass_and_majority():
    """avg@n is the mean share of right samples (R1's pass@1), pass@n any right sample, maj@n the majority answer."""
    rows = []
    verdicts = {"a": [(True, "1"), (False, "2"), (False, "2"), (False, "3")], "b": [(False, "5"), (False, "6")] * 2}
    for pid, samples in verdicts.items():
        rows += [{"id": pid, "sample": j, "correct": c, "key": k, "tokens": 1} for j, (c, k) in enumerate(samples)]
    at = stats.summarize(rows)["at_n"]
    assert at["n"] == 4 and at["avg@n"] == pytest.approx(0.125)
    assert at["pass@n"] == 0.5 and at["pass@n_ci"] == pytest.approx(list(stats.wilson_ci(1, 2)))
    assert at["maj@n"] == 0.0 and at["maj@n_ci"] == pytest.approx(list(stats.wilson_ci(0, 2)))


@pytest.mark.slow
def test_two_benchmarks_through_the_cli(cli, answers_four, two_benchmarks, tmp_path):
    """The flags: --benchmark repeated, one column mapping for both, one table printed."""
    aime, _ = two_benchmarks
    other = tmp_path / "other.jsonl"
    other.write_text("".join(json.dumps({"problem": f"Find {a}.", "expected": str(a)}) + "\n" for a in [4, 4, 1]))
    args = ["eval", "--ckpt", str(answers_four), "--benchmark", str(aime), "--benchmark", str(other),
            "--question-column", "problem", "--answer-column", "expected", "--output", str(tmp_path / "out")]  # fmt: skip
    proc = cli(*args)
    assert proc.returncode == 0, proc.stderr
    assert "benchmarks (1 samples per problem, 95% CIs)" in proc.stdout
    assert "aime-mini" in proc.stdout and "other" in proc.stdout and "avg@1" in proc.stdout
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["benchmarks"]["other"]["at_n"]["avg@n"] == pytest.approx(2 / 3)
    bad = cli("eval", "--ckpt", str(answers_four), "--question-column", "problem")
    assert bad.returncode == 2 and "--question-column maps the columns of a --benchmark" in bad.stderr
