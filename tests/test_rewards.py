"""Reward functions: one behaviour per case for every reward, TRL's calling convention, and the recipe registry."""

from __future__ import annotations

import pytest

from grpo_cli import recipes
from grpo_cli.errors import UserError
from grpo_cli.rewards import (
    REWARDS,
    WORKER_FAILURES,
    build_reward_funcs,
    completion_finished,
    completion_text,
    format_score,
    language_share,
    overlong_penalty,
    reasoning_text,
    tag_count_score,
    verifier_shares,
)
from grpo_cli.verify import REASONS, Verdict, shutdown


@pytest.fixture(scope="module", autouse=True)
def _stop_workers():
    yield
    shutdown()


def _funcs(recipe_name: str = "tiny", *overrides: str) -> dict:
    funcs, weights = build_reward_funcs(recipes.load(recipe_name, list(overrides)))
    return {f.__name__: f for f in funcs}


def _trl_kwargs(n: int, **columns) -> dict:
    """The keyword arguments TRL 1.16's GRPOTrainer passes besides completions (dataset columns, then extras)."""
    return {
        "prompts": ["Q"] * n,
        "completion_ids": columns.pop("completion_ids", [[1, 2, 3]] * n),
        **columns,
        "trainer_state": None,
        "log_extra": lambda column, values: None,
        "log_metric": lambda name, value: None,
    }


# --------------------------------------------------------------------------------------------------------
# registry


def test_registry_names():
    assert set(REWARDS) == {"accuracy", "format", "tag_count", "language", "overlong", "steps"}


def test_build_returns_functions_and_weights_in_recipe_order():
    recipe = recipes.load("tiny", ["rewards={format: 0.2, accuracy: 1.0, tag_count: 0.1}"])
    funcs, weights = build_reward_funcs(recipe)
    assert [f.__name__ for f in funcs] == ["format", "accuracy", "tag_count"]
    assert weights == [0.2, 1.0, 0.1]


def test_unknown_reward_is_a_recipe_error():
    with pytest.raises(UserError, match=r"unknown reward 'acuracy' \(did you mean: accuracy\?\)"):
        recipes.load("tiny", ["rewards.acuracy=1.0"])


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("reward_options.language=xx", "reward_options.language"),
        ("reward_options.overlong_buffer=0", "reward_options.overlong_buffer"),
        ("reward_options.overlong_buffer=1000", "reward_options.overlong_buffer"),
        ("reward_options.verify_timeout=0", "reward_options.verify_timeout"),
    ],
)
def test_bad_reward_options_are_recipe_errors(override, message):
    # Refused when the recipe is loaded (what `grpo recipes show` does), not first when GRPO builds its rewards.
    with pytest.raises(UserError, match=message):
        recipes.load("tiny", ["rewards={accuracy: 1.0, language: 0.1, overlong: 1.0}", override])


# --------------------------------------------------------------------------------------------------------
# accuracy


def test_accuracy_gsm8k():
    f = _funcs()["accuracy"]
    completions = ["<answer>72</answer>", "<answer>71</answer>", "no answer", "#### 1,234"]
    got = f(completions, **_trl_kwargs(4, answer=["72", "72", "72", "1234"], task=["gsm8k"] * 4))
    assert got == [1.0, 0.0, 0.0, 1.0]


def test_accuracy_math_task_column_wins_over_the_recipe():
    f = _funcs()["accuracy"]  # tiny recipe: data.task gsm8k
    got = f([r"\boxed{\frac{1}{2}}", r"\boxed{0.5}"], **_trl_kwargs(2, answer=["0.5", r"\frac12"], task=["math"] * 2))
    assert got == [1.0, 1.0]


def test_accuracy_uses_the_recipe_task_without_a_task_column():
    f = _funcs("math-7b")["accuracy"]
    assert f(
        [r"<think>\sqrt{20} = 2\sqrt5</think><answer>\boxed{2\sqrt5}</answer>"], **_trl_kwargs(1, answer=[r"\sqrt{20}"])
    ) == [1.0]


def test_accuracy_is_none_for_an_unusable_reference():
    f = _funcs()["accuracy"]
    assert f(["<answer>72</answer>"], **_trl_kwargs(1, answer=["not a number"])) == [None]
    assert f(["<answer>72</answer>"], **_trl_kwargs(1, answer=[None])) == [None]


def test_accuracy_conversational_completions():
    f = _funcs()["accuracy"]
    completions = [
        [{"role": "assistant", "content": "<think>6*12</think><answer>72</answer>"}],
        [{"role": "assistant", "content": [{"type": "text", "text": "<answer>70</answer>"}]}],
    ]
    assert f(completions, **_trl_kwargs(2, answer=["72", "72"])) == [1.0, 0.0]


def test_accuracy_logs_verifier_shares():
    logged = {}
    f = _funcs()["accuracy"]
    kwargs = _trl_kwargs(4, answer=["1", "1", "1", "x"])
    kwargs["log_metric"] = lambda name, value: logged.__setitem__(name, value)
    f(["<answer>1</answer>", "nothing", "nothing", "<answer>1</answer>"], **kwargs)
    assert logged == {
        "verify/no_answer_frac": 0.5,
        "verify/timeout_frac": 0.0,
        "verify/truncated_frac": 0.0,
        "verify/unscorable_frac": 0.25,
        "verify/bad_reference_frac": 0.25,
        "verify/worker_failure_frac": 0.0,
    }


def test_accuracy_logs_timeouts_and_unreadable_references_as_they_happen():
    """The silent failures of math rewards as metrics (open-r1 issue 293: unreadable references paid as right;
    verl PR 5635: graders failing and scoring 0): a real 60 KB power tower past a 10 ms deadline, a reference the
    verifier cannot read; each row's share of the batch goes to TRL's log_metric, which metrics.jsonl records."""
    logged = {}
    f = _funcs("tiny", "reward_options.verify_timeout=0.01")["accuracy"]
    kwargs = _trl_kwargs(4, answer=["4", "4", "four-ish", "4"])
    kwargs["log_metric"] = lambda name, value: logged.__setitem__(name, value)
    tower = "<answer>" + "2^" * 30_000 + "2</answer>"
    got = f([tower, "<answer>4</answer>", "<answer>4</answer>", "<answer>5</answer>"], **kwargs)
    assert got == [0.0, 1.0, None, 0.0]
    assert logged["verify/timeout_frac"] == 0.25 and logged["verify/bad_reference_frac"] == 0.25


def test_verifier_shares_count_every_way_a_grader_fails():
    finished = [True] * 6
    verdicts = [Verdict(False, None, reason) for reason in (*WORKER_FAILURES, "wrong", "ok")]
    assert verifier_shares(verdicts, finished)["verify/worker_failure_frac"] == len(WORKER_FAILURES) / 6
    assert set(WORKER_FAILURES) <= set(REASONS)  # names the verifier really gives


def test_accuracy_gives_a_cut_off_completion_no_last_number_credit():
    """Issue 12: a completion cut at max_completion_length whose last number happens to match is not credited;
    the same text that ended by EOS (fewer ids than the limit) is; a stated answer counts either way."""
    f = _funcs("tiny", "grpo.max_completion_length=8")["accuracy"]
    text = "So she has 5 apples and buys 7 more, so 12"
    boxed = r"She has \boxed{12} apples. Let me check: 5 + 7"
    cut, ended = [list(range(8))], [list(range(5))]
    assert f([text], **_trl_kwargs(1, answer=["12"], completion_ids=cut)) == [0.0]
    assert f([text], **_trl_kwargs(1, answer=["12"], completion_ids=ended)) == [1.0]
    assert f([boxed], **_trl_kwargs(1, answer=["12"], completion_ids=cut)) == [1.0]
    # A completion that fills the limit but closed its answer tag ended by itself.
    assert f(["<answer>12</answer>"], **_trl_kwargs(1, answer=["12"], completion_ids=cut)) == [1.0]


def test_completion_finished():
    assert completion_finished("... 12", [1] * 7, 8) is True
    assert completion_finished("... 12", [1] * 8, 8) is False
    assert completion_finished("<answer>12</answer>\n", [1] * 8, 8) is True
    assert completion_finished("... 12", None, 8) is True


def test_accuracy_without_the_answer_column_says_which_column():
    f = _funcs()["accuracy"]
    with pytest.raises(ValueError, match="dataset column 'answer'"):
        f(["<answer>1</answer>"], prompts=["Q"])


# --------------------------------------------------------------------------------------------------------
# format and tag_count

FORMAT_CASES = [
    ("<think>reasoning</think><answer>72</answer>", 1.0, "the format"),
    ("<think>\nreasoning\n</think>\n<answer>\n72\n</answer>\n", 1.0, "newlines around"),
    ("  <think>r</think>  <answer>72</answer>  ", 1.0, "whitespace around"),
    ("<think></think><answer>72</answer>", 1.0, "empty reasoning is still the format"),
    ("<think>r</think><answer> </answer>", 0.0, "empty answer"),
    ("<answer>72</answer>", 0.0, "no reasoning block"),
    ("<think>r</think>", 0.0, "no answer block"),
    ("<answer>72</answer><think>r</think>", 0.0, "wrong order"),
    ("Sure! <think>r</think><answer>72</answer>", 0.0, "text before"),
    ("<think>r</think><answer>72</answer> Hope this helps", 0.0, "text after"),
    ("<think>r</think><answer>1</answer><answer>72</answer>", 0.0, "two answers"),
    ("<think>a<think>b</think><answer>72</answer>", 0.0, "nested think"),
    ("<think>r</think> middle <answer>72</answer>", 0.0, "text between"),
]


@pytest.mark.parametrize(("text", "score", "note"), FORMAT_CASES, ids=[c[2] for c in FORMAT_CASES])
def test_format(text, score, note):
    assert format_score(text) == score
    assert _funcs()["format"]([text], **_trl_kwargs(1)) == [score]


TAG_CASES = [
    ("<think>r</think><answer>72</answer>", 1.0, "all four"),
    ("<think>r</think>", 0.5, "reasoning only"),
    ("<answer>72</answer>", 0.5, "answer only"),
    ("<think>r", 0.25, "an opening tag"),
    ("</think><think>", 0.25, "closing before opening"),
    ("<think>a<think>b</think><answer>72</answer>", 0.75, "a repeated tag earns nothing"),
    ("<answer>72</answer><think>r</think>", 0.75, "answer before reasoning: <answer> earns nothing"),
    ("plain text", 0.0, "no tags"),
]


@pytest.mark.parametrize(("text", "score", "note"), TAG_CASES, ids=[c[2] for c in TAG_CASES])
def test_tag_count(text, score, note):
    assert tag_count_score(text) == score
    assert _funcs("tiny", "rewards={tag_count: 1.0}")["tag_count"]([text], **_trl_kwargs(1)) == [score]


# --------------------------------------------------------------------------------------------------------
# language

LANGUAGE_CASES = [
    ("<think>First add the two numbers</think><answer>5</answer>", "en", 1.0, "English reasoning"),
    ("<think>先把两个数相加</think><answer>5</answer>", "en", 0.0, "Chinese reasoning, English target"),
    ("<think>先把两个数相加</think><answer>5</answer>", "zh", 1.0, "Chinese reasoning, Chinese target"),
    ("<think>add 两个 numbers</think>", "en", 0.5, "mixed: 2 English words, 2 CJK characters"),
    ("<think>Сложим числа</think>", "en", 0.0, "Cyrillic is not English"),
    (r"<think>$\frac{12}{x}$ gives 6</think>", "en", 1.0, "LaTeX commands and math are not words"),
    ("<think>3 + 4 = 7</think>", "en", None, "no words to judge"),
    ("First add the numbers <answer>5</answer>", "en", 1.0, "no think block: the text before the answer"),
]


@pytest.mark.parametrize(("text", "lang", "share", "note"), LANGUAGE_CASES, ids=[c[3] for c in LANGUAGE_CASES])
def test_language(text, lang, share, note):
    assert language_share(reasoning_text(text), lang) == share
    f = _funcs("tiny", "rewards={language: 0.1}", f"reward_options.language={lang}")["language"]
    assert f([text], **_trl_kwargs(1)) == [share]


# --------------------------------------------------------------------------------------------------------
# overlong (DAPO): L_max = 512, buffer = 64 -> free up to 448 tokens, then a ramp to -1 at 512

OVERLONG_CASES = [(10, 0.0), (448, 0.0), (449, -1 / 64), (480, -0.5), (512, -1.0), (600, -1.0)]


@pytest.mark.parametrize(("length", "reward"), OVERLONG_CASES)
def test_overlong(length, reward):
    assert overlong_penalty(length, 512, 64) == pytest.approx(reward)
    f = _funcs("tiny", "rewards={overlong: 1.0}", "grpo.max_completion_length=512", "reward_options.overlong_buffer=64")
    assert f["overlong"](["x"], **_trl_kwargs(1, completion_ids=[[0] * length])) == [pytest.approx(reward)]


def test_overlong_penalty_scales():
    assert overlong_penalty(480, 512, 64, penalty=0.5) == pytest.approx(-0.25)


def test_overlong_needs_completion_ids():
    f = _funcs("tiny", "rewards={overlong: 1.0}", "grpo.max_completion_length=512")["overlong"]
    with pytest.raises(ValueError, match="completion_ids"):
        f(["x"])


# --------------------------------------------------------------------------------------------------------
# completions


@pytest.mark.parametrize(
    ("completion", "text"),
    [
        ("plain", "plain"),
        ([{"role": "assistant", "content": "a"}], "a"),
        (
            [
                {"role": "assistant", "content": "a"},
                {"role": "tool", "content": "t"},
                {"role": "assistant", "content": "b"},
            ],
            "a\nb",
        ),
        ([{"role": "assistant", "content": [{"type": "text", "text": "x"}, {"type": "text", "text": "y"}]}], "xy"),
        ({"role": "assistant", "content": "d"}, "d"),
        (None, ""),
    ],
)
def test_completion_text(completion, text):
    assert completion_text(completion) == text


def test_reward_functions_return_one_value_per_completion():
    funcs = _funcs(
        "tiny",
        "rewards={accuracy: 1, format: 1, tag_count: 1, language: 1, overlong: 1}",
        "reward_options.overlong_buffer=8",
    )
    completions = ["<think>r</think><answer>3</answer>"] * 5
    for name, f in funcs.items():
        out = f(completions, **_trl_kwargs(5, answer=["3"] * 5, task=["gsm8k"] * 5))
        assert len(out) == 5, name
        assert all(v is None or isinstance(v, float) for v in out), name


# --------------------------------------------------------------------------------------------------------
# steps


@pytest.mark.parametrize(
    ("reduce", "expected"),
    [("mean", [1.0, 0.5, None, 0.0]), ("min", [1.0, 0.0, None, 0.0]), ("last", [1.0, 0.0, None, 0.0])],
)
def test_steps_reward_reduces_the_arithmetic_step_scores(reduce, expected):
    steps = _funcs("tiny", "rewards.steps=0.5", f"steps.reduce={reduce}")["steps"]
    completions = [
        "<think>9+2=11, 11-3=8</think>\n<answer>8</answer>",  # both steps right
        "<think>9+2=11, 11-3=9</think>\n<answer>9</answer>",  # the second step wrong
        "<think>I add them up</think>\n<answer>8</answer>",  # no checkable claim: no score
        [{"role": "assistant", "content": "<think>2*3=7</think><answer>7</answer>"}],  # conversational
    ]
    logged = {}
    kwargs = {**_trl_kwargs(4, answer=["8"] * 4), "log_metric": lambda name, value: logged.setdefault(name, value)}
    assert steps(completions, **kwargs) == expected
    # the per-step diagnostics of the batch: 1.5 steps per completion, 3 of 5 scored steps right, ...
    assert logged["steps/per_completion"] == 6 / 4
    assert logged["steps/correct_frac"] == 3 / 5
    assert logged["steps/wrong_working_frac"] == 2 / 3
    assert logged["steps/first_wrong_pos"] == 1.5  # step 2 of the second completion, step 1 of the fourth
    assert logged["steps/acc/add"] == 1.0 and logged["steps/acc/sub"] == 0.5 and logged["steps/acc/mul"] == 0.0


def test_steps_reward_needs_a_prm_model_when_asked_for_one():
    with pytest.raises(UserError, match="prm.model"):
        recipes.load("tiny", ["rewards.steps=0.5", "steps.scorer=prm"])
    with pytest.raises(UserError, match="prm.model"):
        recipes.load("tiny", ["grpo.advantage=process", "steps.scorer=prm"])
    recipes.load("tiny", ["steps.scorer=prm"])  # not used: no error
    with pytest.raises(UserError, match="steps.reduce"):
        recipes.load("tiny", ["rewards.steps=0.5", "steps.reduce=median"])
