"""`grpo filter`: pass rates per training problem, the kept set, and its files, on the tiny model in a subprocess."""

from __future__ import annotations

import json

import pytest

from grpo_cli import config
from grpo_cli.errors import UserError
from grpo_cli.stages import filter as filter_stage


def test_pass_rates_count_verdicts_per_problem() -> None:
    rows = [
        {"id": "a", "correct": True}, {"id": "a", "correct": False}, {"id": "a", "correct": True},
        {"id": "a", "correct": False}, {"id": "b", "correct": False}, {"id": "b", "correct": False},
        {"id": "c", "correct": None},  # reference unparseable: no verdict, not a sample of its pass rate
    ]  # fmt: skip
    assert filter_stage.pass_rates(rows) == {"a": (2, 4), "b": (0, 2)}


def test_histogram_has_every_k_over_n() -> None:
    assert filter_stage.histogram([0.0, 0.25, 0.25, 1.0], 4) == {"0/4": 1, "1/4": 2, "2/4": 0, "3/4": 0, "4/4": 1}


def test_no_signal_share_is_the_mean_of_p_to_the_g_plus_its_complement() -> None:
    # p = 0 or 1: a group of any size is all-same; p = 0.5 at G = 2: half the groups are.
    assert filter_stage.no_signal_share([0.0, 1.0, 0.5], 2) == pytest.approx((1 + 1 + 0.5) / 3)
    assert filter_stage.no_signal_share([], 8) is None


@pytest.mark.parametrize(
    ("n", "low", "high", "limit", "needle"),
    [(1, 0.1, 0.6, 0, "at least 2"), (8, 0.7, 0.6, 0, "min <= max"), (8, -0.1, 0.6, 0, "min <= max"),
     (8, 0.1, 1.5, 0, "min <= max"), (8, 0.1, 0.6, -1, "--limit"), (5000, 0.1, 0.6, 0, "at most 1024")],
)  # fmt: skip
def test_bounds(n, low, high, limit, needle) -> None:
    with pytest.raises(UserError, match=needle):
        filter_stage.check_bounds(n, low, high, limit)


def test_sampling_follows_grpo_not_eval() -> None:
    """The pass rate that predicts a GRPO group is measured at GRPO's sampling settings, on the training split."""
    recipe = config.build(
        {"data": {"dataset": "toy"}, "grpo": {"temperature": 0.7, "top_p": 0.9, "max_completion_length": 33},
         "eval": {"temperature": 0.0, "max_tokens": 512, "split": "test"}},
    )  # fmt: skip
    r = filter_stage.sampling_recipe(recipe, 6, 10)
    e = r.eval
    assert (e.dataset, e.split, e.n, e.limit) == ("toy", "train", 6, 10)
    assert (e.temperature, e.top_p, e.max_tokens) == (0.7, 0.9, 33)


def test_custom_data_is_sampled_from_its_path(tmp_path) -> None:
    recipe = config.build({"data": {"dataset": "custom", "path": str(tmp_path / "x.jsonl")}})
    assert filter_stage.sampling_recipe(recipe, 4, 0).eval.dataset == str(tmp_path / "x.jsonl")


FAST = ["grpo.max_completion_length=12", "grpo.init=base", "data.toy.num_train=32"]


def _sets(*extra: str) -> list[str]:
    return [a for s in (*FAST, *extra) for a in ("--set", s)]


@pytest.fixture(scope="module")
def filtered(tmp_path_factory):
    from conftest import run_cli

    out = tmp_path_factory.mktemp("filter") / "f"
    proc = run_cli("filter", "--recipe", "tiny", "--n", "4", "--limit", "10", "--min", "0", "--max", "0",
                   "--output", str(out), *_sets())  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out, proc


@pytest.mark.slow
def test_filter_writes_kept_problems_and_histograms(filtered) -> None:
    """The untrained tiny model answers no toy problem: every pass rate is 0/4, so [0, 0] keeps all 10, and the
    summary's counts, histograms and the sampling eval agree with data.jsonl."""
    out, proc = filtered
    summary = json.loads((out / "summary.json").read_text())
    rows = [json.loads(line) for line in (out / "data.jsonl").read_text().splitlines()]
    samples = [json.loads(line) for line in (out / "sampling" / "samples.jsonl").read_text().splitlines()]
    assert len(samples) == 40  # 10 problems x 4
    assert summary["counts"]["problems"] == 10
    assert summary["counts"]["kept"] == len(rows) == sum(summary["histogram"]["after"].values())
    assert sum(summary["histogram"]["before"].values()) == 10
    assert all(r["pass_rate"] == r["correct"] / r["samples"] for r in rows)
    assert all(0 <= r["pass_rate"] <= 0 for r in rows)
    assert summary["no_signal_share"] == {"G": 8, "before": 1.0, "after": 1.0}  # the tiny recipe's G
    assert summary["settings"]["temperature"] == 1.0 and summary["settings"]["split"] == "train"
    assert "train on it: grpo train --recipe tiny --set data.dataset=custom" in " ".join(proc.stdout.split())


@pytest.mark.slow
def test_filtered_data_trains_as_a_custom_dataset(filtered) -> None:
    """data.jsonl reads back through data.load_problems as the recipe's training data: the same questions, the same
    parsed references, and the worked solution kept for SFT targets."""
    from grpo_cli import data, recipes

    out, _ = filtered
    rows = [json.loads(line) for line in (out / "data.jsonl").read_text().splitlines()]
    recipe = recipes.load("tiny", ["data.dataset=custom", f"data.path={out / 'data.jsonl'}"])
    problems, dropped = data.load_train(recipe)
    assert dropped == 0
    assert [(p.question, p.answer, p.solution) for p in problems] == [
        (r["question"], r["answer"], r["solution"]) for r in rows
    ]


@pytest.mark.slow
def test_a_second_filter_is_refused_without_overwrite(filtered) -> None:
    from conftest import run_cli

    out, _ = filtered
    proc = run_cli("filter", "--recipe", "tiny", "--n", "2", "--limit", "2", "--output", str(out), *_sets())
    assert proc.returncode == 2 and "already holds a filter" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.slow
def test_a_user_folder_is_never_a_filter_folder(tmp_path) -> None:
    from conftest import run_cli

    (tmp_path / "notes.txt").write_text("mine")
    proc = run_cli("filter", "--recipe", "tiny", "--n", "2", "--limit", "2", "--output", str(tmp_path), "--overwrite",
                   *_sets())  # fmt: skip
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert (tmp_path / "notes.txt").read_text() == "mine"
