"""`grpo distill`: rejection, duplicates, decontamination, resume and refusal to overwrite; the student's SFT data."""

from __future__ import annotations

import json
import os

import pytest

from conftest import run_cli
from grpo_cli import config, data
from grpo_cli.stages import distill

RIGHT = "<think>6+4=10, 10+4=14</think>\n<answer>14</answer>"


def _row(sample: int, completion: str = RIGHT, **kw) -> dict:
    base = {"id": "p1", "sample": sample, "prompt": "Q?", "completion": completion, "answer": "14", "task": "gsm8k",
            "question": "Dan has 6 pens...", "correct": True, "formatted": True, "truncated": False,
            "tokens": len(completion)}  # fmt: skip
    return {**base, **kw}


def test_rejection_reasons_in_order() -> None:
    recipe = config.build({})
    assert distill.rejection(_row(0), recipe) is None
    assert distill.rejection(_row(0, truncated=True, correct=False), recipe) == "truncated"
    assert distill.rejection(_row(0, correct=False), recipe) == "wrong"
    assert distill.rejection(_row(0, formatted=False), recipe) == "format"
    mixed = "<think>Сначала сложим шесть и четыре получаем десять then add 4</think>\n<answer>14</answer>"
    assert distill.rejection(_row(0, mixed), recipe) == "language"
    loop = "<think>" + "add four to ten to get fourteen " * 4 + "</think>\n<answer>14</answer>"
    assert distill.rejection(_row(0, loop), recipe) == "repetition"


def test_repetition_needs_the_same_ngram_three_times() -> None:
    twice = "we add four to ten to get fourteen and " * 2
    assert not distill.repetitive(twice, 8, 3)
    assert distill.repetitive(twice * 2, 8, 3)


def test_pick_drops_exact_duplicates_and_keeps_the_shortest_k() -> None:
    rows = [
        _row(0, RIGHT, tokens=30),
        _row(1, RIGHT.replace(", ", ",  "), tokens=31),  # the same text up to whitespace: a duplicate
        _row(2, "<think>6+4+4=14</think>\n<answer>14</answer>", tokens=20),
        _row(3, "<think>4+4=8, 8+6=14</think>\n<answer>14</answer>", tokens=25),
    ]
    picked, duplicates = distill.pick(rows, 2)
    assert duplicates == 1
    assert [r["sample"] for r in picked] == [2, 3]


def test_select_writes_one_row_per_kept_completion_with_its_provenance() -> None:
    recipe = config.build({"distill": {"k": 2}})
    samples = [_row(0), _row(1, correct=False), _row(2, RIGHT), _row(0, id="p2", question="Jo has 7 coins...")]
    kept, rejected, duplicates = distill.select(recipe, samples, "teacher-dir")
    assert rejected == {"wrong": 1} and duplicates == 1
    assert [(r["id"], r["problem_id"]) for r in kept] == [("p1/0", "p1"), ("p2/0", "p2")]
    assert {r["teacher"] for r in kept} == {"teacher-dir"}
    assert set(kept[0]) >= {"question", "prompt", "completion", "answer", "task", "tokens"}


class P:
    def __init__(self, pid: str, question: str):
        self.id, self.question = pid, question


def test_decontamination_drops_problems_sharing_an_ngram_with_the_eval_split() -> None:
    held = [P("t1", "Natalia sold clips to 48 of her friends in April and then half as many in May.")]
    train = [
        P("a", "In April Natalia sold clips to 48 of her friends in April and then more."),  # shares 8 words
        P("b", "Weng earns 12 an hour for babysitting. Yesterday she did 50 minutes."),
        P("c", "sold clips to 48"),  # shorter than n: compared whole, and not a whole held-out question
    ]
    clean, dropped = distill.decontaminate(train, held, 8)
    assert dropped == ["a"] and [p.id for p in clean] == ["b", "c"]
    assert distill.decontaminate([P("d", "sold clips to 48")], [P("e", "Sold clips, to 48!")], 8)[1] == ["d"]


def test_a_distilled_completion_is_the_sft_target_as_written(tmp_path) -> None:
    path = tmp_path / "data.jsonl"
    rows = [{"id": "p1/0", "question": "Dan has 6 pens?", "answer": "14", "completion": RIGHT, "task": "gsm8k"}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    recipe = config.build({"data": {"dataset": "custom", "path": str(path)}})
    problems, dropped = data.load_train(recipe)
    assert dropped == 0 and data.sft_target(problems[0]) == RIGHT


# --------------------------------------------------------------------------------------------------------
# the command, end to end on the tiny model (untrained: it gets no toy problem right, so every sample is rejected)

SETS = ["data.toy.num_train=24", "data.toy.num_test=40", "grpo.max_completion_length=16", "distill.n=2"]


def _sets(*extra: str) -> list[str]:
    return [a for s in (*SETS, *extra) for a in ("--set", s)]


@pytest.fixture(scope="module")
def distilled(tmp_path_factory):
    out = tmp_path_factory.mktemp("distill") / "d"
    proc = run_cli("distill", "--recipe", "tiny", "--teacher", "tiny", "--output", str(out), *_sets())
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out


@pytest.mark.slow
def test_distill_writes_data_summary_and_card(distilled) -> None:
    from grpo_cli import recipes

    summary = json.loads((distilled / "summary.json").read_text())
    c, dc = summary["counts"], summary["decontamination"]
    recipe = recipes.load("tiny", SETS)
    train, _ = data.load_train(recipe)
    test, _ = data.load_problems("toy", "test", recipe)
    clean, dropped = distill.decontaminate(train, test, 8)
    assert (dc["training_problems"], dc["dropped"], c["problems"]) == (24, len(dropped), len(clean))
    assert c["samples"] == 2 * len(clean) == sum(c["rejected"].values()) + c["kept"] + c["duplicates"]
    assert c["kept"] == len((distilled / "data.jsonl").read_text().splitlines())
    card = (distilled / "README.md").read_text()
    assert f"| samples | {c['samples']} |" in card and "rules fingerprint" in card
    assert summary["verifier"]["fingerprint"] == distill.verifier_fingerprint()


@pytest.mark.slow
def test_distill_refuses_to_overwrite_and_resume_keeps_the_sampling(distilled) -> None:
    proc = run_cli("distill", "--recipe", "tiny", "--teacher", "tiny", "--output", str(distilled), *_sets())
    assert proc.returncode == 2 and "--resume" in proc.stderr and "Traceback" not in proc.stderr
    proc = run_cli("distill", "--recipe", "tiny", "--teacher", "tiny", "--output", str(distilled), "--resume", *_sets())
    assert proc.returncode == 2 and "finished" in proc.stderr
    # Interrupted after sampling: --resume selects again from the same samples, without sampling anew.
    samples = distilled / "sampling" / "samples.jsonl"
    stamp = samples.stat().st_mtime_ns
    (distilled / "summary.json").unlink()
    (distilled / "data.jsonl").unlink()
    proc = run_cli("distill", "--recipe", "tiny", "--teacher", "tiny", "--output", str(distilled), "--resume", *_sets())
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert samples.stat().st_mtime_ns == stamp and (distilled / "data.jsonl").is_file()


@pytest.mark.slow
def test_a_user_folder_is_never_taken(tmp_path) -> None:
    (tmp_path / "notes.md").write_text("mine")
    proc = run_cli("distill", "--recipe", "tiny", "--teacher", "tiny", "--output", str(tmp_path), "--overwrite",
                   *_sets())  # fmt: skip
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert os.listdir(tmp_path) == ["notes.md"]


@pytest.mark.slow
def test_push_to_hub_offline_is_one_line_before_any_work(tmp_path) -> None:
    out = tmp_path / "d"
    proc = run_cli("distill", "--recipe", "tiny", "--teacher", "tiny", "--output", str(out), "--push-to-hub", "me/x",
                   *_sets(), env={"HF_HUB_OFFLINE": "1"})  # fmt: skip
    assert proc.returncode == 2 and "HF_HUB_OFFLINE" in proc.stderr and not out.exists()


@pytest.mark.slow
def test_no_teacher_is_one_line() -> None:
    proc = run_cli("distill", "--recipe", "tiny", *_sets())
    assert proc.returncode == 2 and "--teacher" in proc.stderr


@pytest.mark.slow
def test_grpo_run_chains_teacher_distill_student(tmp_path) -> None:
    """A recipe naming a teacher: grpo run makes the student (eval-base, distill, sft on the distilled data,
    eval-sft), each stage in its own folder."""
    sets = [*SETS, "distill.teacher=tiny", "sft.max_steps=2", "eval.n=1", "eval.temperature=0", "eval.limit=4"]
    proc = run_cli("run", "--recipe", "tiny", *[a for s in sets for a in ("--set", s)], "--run-dir", str(tmp_path))
    # The untrained teacher keeps nothing, so the student has no data: the SFT stage says so in one line.
    root = tmp_path / "tiny"
    assert (root / "distill" / "summary.json").is_file() and (root / "eval-base" / "summary.json").is_file()
    assert not (root / "grpo").exists()
    assert proc.returncode == 2 and "distill kept no completion" in proc.stderr and "Traceback" not in proc.stderr
    assert not (root / "sft" / "run.json").exists()  # grpo run holds the folder's lock, and trained nothing
