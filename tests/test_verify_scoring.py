"""One call (issue 38): the accuracy reward, `grpo eval` and `grpo verify` score answers through `verify.score`, so a
completion is read the same way by each.

The check that matters: a sample of the labelled corpus, plus problems with their question (an answer that only
restates the question), some rows cut off at the length limit, scored through the accuracy reward exactly as TRL
calls it (prompts, completion ids, dataset columns as keywords) and through the eval stage's scoring; the verdicts
must be identical. Before this issue the reward passed the prompt to the verifier and eval did not: `\\boxed{3 \\cdot 4
+ 1}` for "Compute $3 \\cdot 4 + 1$." was worth 0 in the reward and 1 in `grpo eval`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from grpo_cli import recipes
from grpo_cli.commands.verify import run_verify
from grpo_cli.data import Problem as DataProblem
from grpo_cli.rewards import build_reward_funcs
from grpo_cli.stages.eval import score as eval_score
from grpo_cli.verify import Problem, Scoring, extract_answer, score, shutdown

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

import verify_hacks as hacks  # noqa: E402

MAX_LENGTH = 64  # the recipe's grpo.max_completion_length in this test: a completion of that many ids was cut off


@pytest.fixture(scope="module", autouse=True)
def _stop_workers():
    yield
    shutdown()


@pytest.fixture(scope="module")
def recipe():
    return recipes.load("tiny", [f"grpo.max_completion_length={MAX_LENGTH}", "rewards={accuracy: 1.0}"])


def _sample() -> list[dict]:
    """Every 25th tune row of the corpus (both tasks, finished and cut off), the question-aware rows of the hacking
    suite (each with its question), and the issue's own example."""
    corpus = [json.loads(line) for line in (REPO / "tests" / "corpus" / "verifier_corpus.jsonl").open()]
    rows = [
        {
            "completion": r["completion"],
            "answer": r["answer"],
            "task": r["task"],
            "question": None,
            "finished": r["finished"],
        }
        for r in corpus[::25]
        if r["split"] == "tune"
    ]
    rows += [
        {**{k: r[k] for k in ("completion", "answer", "task", "question")}, "finished": True}
        for r in hacks.question_rows()
    ]
    example = {"answer": "13", "task": "math", "question": "Compute $3 \\cdot 4 + 1$.", "finished": True}
    # (in the R1 format, which every reading takes; the honest twin's think block ends on its derivation)
    restated, solved = ("3 \\cdot 4 + 1", "3 \\cdot 4 + 1"), ("3 \\cdot 4 + 1 = 13", "13")
    return rows + [
        {**example, "completion": f"<think>{t}</think>\n<answer>{a}</answer>"} for t, a in (restated, solved)
    ]


def _r1(rows: list[dict]) -> list[dict]:
    """The sample in the R1 format's shape, which is all the final reading pays: each finished completion's working
    in a think block and the answer the flexible reading takes from it in the answer tag (a completion with none
    keeps its text); cut-off completions stay as they are."""
    out = []
    for r in rows:
        said = extract_answer(r["completion"], r["task"], "flexible") if r["finished"] else None
        if said is not None and "<think>" not in r["completion"][-60:]:
            r = {**r, "completion": hacks.r1_completion(r["completion"], f"</think>\n<answer>{said}</answer>")}
        out.append(r)
    return out


def _reward(recipe, rows: list[dict]) -> list[float | None]:
    """The accuracy reward as TRL's GRPOTrainer calls it: prompts, completions, completion ids (a finished one shorter
    than the limit, a cut-off one exactly at it), every dataset column as a keyword, the trainer state, log_metric."""
    (accuracy,), _ = build_reward_funcs(recipe)
    logged: dict[str, float] = {}
    rewards = accuracy(
        prompts=[f"<|im_start|>user\n{r['question'] or 'Solve the problem.'}<|im_end|>\n" for r in rows],
        completions=[r["completion"] for r in rows],
        completion_ids=[[1] * (MAX_LENGTH - 1 if r["finished"] else MAX_LENGTH) for r in rows],
        answer=[r["answer"] for r in rows],
        task=[r["task"] for r in rows],
        question=[r["question"] or "" for r in rows],
        id=[str(i) for i in range(len(rows))],
        trainer_state=None,
        log_metric=logged.__setitem__,
    )
    assert "verify/no_answer_frac" in logged
    return rewards


@pytest.mark.parametrize("mode", ["flexible", "final"])
def test_the_reward_and_eval_give_identical_verdicts(mode):
    """In the default reading and in the one the GPU recipes' reward uses (final: the R1 format)."""
    recipe = recipes.load(
        "tiny",
        [f"grpo.max_completion_length={MAX_LENGTH}", "rewards={accuracy: 1.0}", f"reward_options.verify_mode={mode}"],
    )
    rows = _sample() if mode != "final" else _r1(_sample())
    assert len(rows) >= 400 and any(not r["finished"] for r in rows) and any(r["question"] for r in rows)
    # a cut-off completion that closed its answer tag counts as finished for the reward; keep the sample's flags exact
    rows = [r for r in rows if r["finished"] or not r["completion"].rstrip().endswith("</answer>")]
    rewards = _reward(recipe, rows)
    problems = [DataProblem(str(i), r["question"] or "", r["answer"], task=r["task"]) for i, r in enumerate(rows)]
    evaluated = eval_score(problems, [r["completion"] for r in rows], recipe, [r["finished"] for r in rows])
    eval_rewards = [None if e["correct"] is None else float(e["correct"]) for e in evaluated]
    assert rewards == eval_rewards
    # ... and the question mattered: the example is no answer to both, its honest twin right to both
    assert rewards[-2:] == [0.0, 1.0]
    assert sum(r == 0.0 for r, row in zip(rewards, rows, strict=True) if row["question"]) >= 60
    assert sum(r == 1.0 for r in rewards) >= 100  # (and neither reading refuses everything)


def test_eval_reports_both_readings_and_the_recipe_reading_is_correct(recipe):
    problems = [DataProblem("1", "How many?", "72"), DataProblem("2", "How many?", "72")]
    rows = eval_score(problems, ["So 8 x 9 = 72.", "<think>8 x 9 = 72</think><answer>72</answer>"], recipe)
    assert [r["correct_flexible"] for r in rows] == [True, True]
    assert [r["correct_strict"] for r in rows] == [False, True]
    assert [r["correct_final"] for r in rows] == [False, True]
    mode = recipe.reward_options.verify_mode
    assert [r["correct"] for r in rows] == [r[f"correct_{mode}"] for r in rows]
    strict = recipes.load("tiny", ["reward_options.verify_mode=strict"])
    assert [
        r["correct"]
        for r in eval_score(problems, ["So 8 x 9 = 72.", "<think>8 x 9 = 72</think><answer>72</answer>"], strict)
    ] == [
        False,
        True,
    ]


def test_grpo_verify_reads_the_question_or_the_prompt(tmp_path):
    """`grpo verify` gives the rows' question to the same call: a `question` field, else the `prompt`."""
    base = {"completion": "$\\boxed{3 \\cdot 4 + 1}$", "answer": "13", "task": "math"}
    rows = [base, {**base, "question": "Compute $3 \\cdot 4 + 1$."}, {**base, "prompt": "Compute $3 \\cdot 4 + 1$."}]
    rows.append(
        {
            **base,
            "prompt": [{"role": "system", "content": "Be brief."}, {"role": "user", "content": rows[1]["question"]}],
        }
    )
    src, out = tmp_path / "rows.jsonl", tmp_path / "scored.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run_verify(str(src), "gsm8k", str(out), False, "flexible", 10.0)
    said = [json.loads(line)["correct"] for line in out.read_text().splitlines()]
    assert said == [True, False, False, False]


def test_score_takes_problems_as_objects_or_rows_and_settings_as_a_recipe(recipe):
    completions = ["<answer>72</answer>", "So 8 x 9 = 72."]
    as_objects = score([Problem("72"), Problem("72")], completions, recipe, [True, False])
    as_rows = score([{"answer": "72", "task": "gsm8k"}] * 2, completions, Scoring.of(recipe), [True, False])
    assert as_objects == as_rows
    assert [v.correct for v in as_objects] == [True, False]  # the cut-off one gets no last-number reading
    assert Scoring.of(recipe) == Scoring(recipe.reward_options.verify_timeout, recipe.reward_options.verify_mode)
    with pytest.raises(ValueError):
        score([Problem("1")], [], recipe)
