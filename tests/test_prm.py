"""The learned PRM scorer in Qwen2.5-Math-PRM's convention, on a tiny randomly initialised PRM of the same interface
built locally (a Qwen2ForTokenClassification with two labels and the <extra_0> separator; nothing downloaded)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from grpo_cli import recipes  # noqa: E402
from grpo_cli.errors import UserError  # noqa: E402
from grpo_cli.stepwise.prm import PRMScorer, build_tiny_prm, load_prm  # noqa: E402

QUESTIONS = ["Jo has 7 coins, finds 9 more, then uses 6. How many coins now?", "What is 2+3?", "Q"]
STEPS = [["7+9=16,", "16-6=10"], ["2+3=5"], []]


@pytest.fixture(scope="module")
def prm_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("prm")
    build_tiny_prm(path, seed=3)
    return path


@pytest.fixture(scope="module")
def scorer(prm_dir):
    model, tokenizer = load_prm(str(prm_dir), trust_remote_code=False)
    return PRMScorer(model, tokenizer, system="Please reason step by step.", batch_size=2)


def test_one_probability_per_step(scorer):
    scores = scorer(QUESTIONS, STEPS)
    assert [len(s) for s in scores] == [2, 1, 0]
    assert all(0.0 < v < 1.0 for per in scores for v in per)


def test_scores_are_the_positive_class_at_each_separator(scorer):
    """By hand, Qwen2.5-Math-PRM's model-card recipe: steps joined by <extra_0> with one after the last, the chat
    template, softmax over the two labels, the positive class at each separator."""
    tok, model = scorer.tokenizer, scorer.model
    text = tok.apply_chat_template(
        [
            {"role": "system", "content": "Please reason step by step."},
            {"role": "user", "content": QUESTIONS[0]},
            {"role": "assistant", "content": "<extra_0>".join(STEPS[0]) + "<extra_0>"},
        ],
        tokenize=False,
    )
    ids = tok(text, add_special_tokens=False, return_tensors="pt")["input_ids"]
    sep = tok.encode("<extra_0>", add_special_tokens=False)[0]
    with torch.no_grad():
        probs = torch.softmax(model(input_ids=ids)[0], dim=-1)[0, :, 1]
    expected = probs[ids[0] == sep].tolist()
    assert len(expected) == 2
    assert scorer(QUESTIONS[:1], STEPS[:1])[0] == pytest.approx(expected, abs=1e-5)


def test_batching_and_padding_do_not_change_scores(prm_dir, scorer):
    model, tokenizer = load_prm(str(prm_dir), trust_remote_code=False)
    one_by_one = PRMScorer(model, tokenizer, system="Please reason step by step.", batch_size=1)
    assert one_by_one(QUESTIONS, STEPS) == [pytest.approx(s, abs=1e-5) for s in scorer(QUESTIONS, STEPS)]


def test_a_cut_conversation_leaves_its_last_steps_unscored(prm_dir):
    model, tokenizer = load_prm(str(prm_dir), trust_remote_code=False)
    full = PRMScorer(model, tokenizer)(QUESTIONS[:1], STEPS[:1])[0]
    n = len(tokenizer(PRMScorer(model, tokenizer).conversation(QUESTIONS[0], STEPS[0]))["input_ids"])
    # the tail is 16-6=10 <extra_0> <|im_end|> "\n": n - 5 tokens keep the first separator, not the second
    cut = PRMScorer(model, tokenizer, max_length=n - 5)(QUESTIONS[:1], STEPS[:1])[0]
    assert cut[0] == pytest.approx(full[0], abs=1e-5) and cut[1] is None


def test_separator_must_be_one_token(prm_dir):
    model, tokenizer = load_prm(str(prm_dir), trust_remote_code=False)
    with pytest.raises(UserError, match="not one"):
        PRMScorer(model, tokenizer, step_separator="<step>")


def test_missing_model_is_one_line(tmp_path):
    with pytest.raises(UserError, match="prm.model") as err:
        load_prm(str(tmp_path / "nowhere"), trust_remote_code=False)
    assert "\n" not in str(err.value)


def test_steps_reward_with_the_prm_named_in_the_recipe(prm_dir):
    """`steps: {scorer: prm}` with `prm.model` a local PRM: the steps reward is the mean of its step probabilities."""
    from grpo_cli.rewards import build_reward_funcs

    recipe = recipes.load(
        "tiny", ["rewards.steps=0.5", "steps.scorer=prm", f"prm.model={prm_dir}", "prm.trust_remote_code=false"]
    )
    funcs, _ = build_reward_funcs(recipe)
    steps = {f.__name__: f for f in funcs}["steps"]
    completions = ["<think>7+9=16, 16-6=10</think>\n<answer>10</answer>", "<think></think><answer>1</answer>"]
    rewards = steps(completions, question=QUESTIONS[:2], answer=["10", "5"], prompts=["p", "p"])
    probs = steps.step_scoring.scorer([QUESTIONS[0]], [STEPS[0][:1] + ["16-6=10"]])[0]
    assert rewards[0] == pytest.approx(sum(probs) / 2, abs=1e-6)
    assert rewards[1] is None  # no steps, no score


def test_tiny_prm_by_name(monkeypatch, tmp_path):
    monkeypatch.setenv("GRPO_CACHE", str(tmp_path))
    model, tokenizer = load_prm("tiny")
    assert model.config.num_labels == 2 and (tmp_path / next(p.name for p in tmp_path.iterdir())).is_dir()
    assert len(PRMScorer(model, tokenizer)(QUESTIONS[:1], STEPS[:1])[0]) == 2
