"""DeepSeekMath's process-supervised advantage: the arithmetic on a hand-worked group, equality with outcome GRPO when
each completion is one step, and the real TRL trainer subclass replacing only the advantage."""

from __future__ import annotations

import math

import pytest

from grpo_cli.stepwise.advantage import normalise, process_advantages, token_advantages


def approx(values, rel=1e-6):
    return pytest.approx(values, rel=rel, abs=1e-6)


def test_hand_worked_group() -> None:
    """G=2. Completion A (7 tokens): steps ending at tokens 2 and 5, scored 1 then 0. Completion B (7 tokens): steps
    ending at 3 and 6, both 1. R = {1, 0, 1, 1}: mean 3/4, Bessel std sqrt((3 x 1/16 + 9/16) / 3) = 1/2, so a right
    step is normalised to (1 - 3/4) / (1/2) = 1/2 and the wrong one to (0 - 3/4) / (1/2) = -3/2 (eps = 0 here)."""
    rewards = [[(2, 1.0), (5, 0.0)], [(3, 1.0), (6, 1.0)]]
    assert normalise(rewards, 2, eps=0.0) == [[(2, 0.5), (5, -1.5)], [(3, 0.5), (6, 0.5)]]
    a, b = process_advantages(rewards, [7, 7], 2, eps=0.0)
    # A: tokens 0-2 carry both steps (1/2 - 3/2), tokens 3-5 only the wrong step, token 6 no step.
    assert a == approx([-1.0, -1.0, -1.0, -1.5, -1.5, -1.5, 0.0])
    # B: tokens 0-3 carry both steps, tokens 4-6 the second.
    assert b == approx([1.0, 1.0, 1.0, 1.0, 0.5, 0.5, 0.5])
    # TRL's eps (1e-4) in the denominator
    a_eps = process_advantages(rewards, [7, 7], 2)[0]
    assert a_eps[3] == approx(-0.75 / 0.5001)


def test_groups_are_normalised_separately_and_unscored_completions_get_nothing() -> None:
    rewards = [[(0, 1.0)], [(0, 0.0)], [(1, 5.0), (2, 5.0)], []]
    out = process_advantages(rewards, [1, 1, 3, 2], 2, eps=0.0)
    assert out[0] == approx([math.sqrt(2) / 2]) and out[1] == approx([-math.sqrt(2) / 2])
    assert out[2] == [0.0, 0.0, 0.0]  # all of the group's steps equal: std 0, no signal
    assert out[3] == [0.0, 0.0]


def test_scale_options() -> None:
    rewards = [[(0, 1.0)], [(0, 0.0)], [(0, 3.0)], [(0, 1.0)]]
    assert [a[0] for a in process_advantages(rewards, [1] * 4, 2, scale="none")] == approx([0.5, -0.5, 1.0, -1.0])
    batch_std = 1.2583057392117916  # std of {1, 0, 3, 1}
    expected = [0.5 / (batch_std + 1e-4), -0.5 / (batch_std + 1e-4), 1 / (batch_std + 1e-4), -1 / (batch_std + 1e-4)]
    assert [a[0] for a in process_advantages(rewards, [1] * 4, 2, scale="batch")] == approx(expected)
    with pytest.raises(ValueError, match="groups of 3"):
        normalise(rewards, 3)


def test_token_advantages_suffix_sums() -> None:
    assert token_advantages([(1, 1.0), (3, 2.0)], 5) == [3.0, 3.0, 2.0, 2.0, 0.0]
    assert token_advantages([(9, 1.0)], 3) == [1.0, 1.0, 1.0]  # a clipped index counts at the last token
    assert token_advantages([], 0) == []


def test_one_step_per_completion_is_outcome_grpo() -> None:
    """Each completion's one step is its outcome reward, ending on its last token: every token gets TRL's outcome
    advantage (r - mean) / (std + 1e-4), computed here with TRL's own nanstd."""
    torch = pytest.importorskip("torch")
    from trl.trainer.utils import nanstd

    rewards = torch.tensor([1.2, 0.0, 1.2, 0.2, 0.0, 0.0, 1.0, 0.2])
    g = 4
    grouped = rewards.view(-1, g)
    trl_adv = (rewards - grouped.mean(1).repeat_interleave(g)) / (nanstd(grouped, dim=1).repeat_interleave(g) + 1e-4)
    lengths = [5, 3, 8, 1, 2, 6, 4, 7]
    ours = process_advantages([[(n - 1, float(r))] for n, r in zip(lengths, rewards, strict=True)], lengths, g)
    for adv, expected, n in zip(ours, trl_adv.tolist(), lengths, strict=True):
        assert adv == approx([expected] * n, rel=1e-5)


# --------------------------------------------------------------------------------------------------------
# the TRL subclass, on the tiny model


class DigitSteps:
    """A step scorer for the test: 1 for a step with an even count of digits, 0 for an odd count."""

    name = "digits"

    def __call__(self, questions, steps):
        return [[float(sum(ch.isdigit() for ch in s) % 2 == 0) for s in per] for per in steps]


@pytest.fixture(scope="module")
def trainer_for(tmp_path_factory):
    pytest.importorskip("trl")
    from trl import GRPOConfig

    from grpo_cli import data, models, recipes
    from grpo_cli.rewards import build_reward_funcs
    from grpo_cli.stages import grpo, training
    from grpo_cli.stages.process_grpo import ProcessGRPOTrainer
    from grpo_cli.stepwise.scoring import StepScoring

    def make(scorer, *overrides: str):
        recipe = recipes.load(
            "tiny",
            [
                "data.toy.num_train=16", "grpo.num_generations=4", "grpo.per_device_batch_size=8",
                "grpo.max_completion_length=24", "grpo.beta=0", "rewards.overlong=1.0",
                "reward_options.overlong_buffer=20", "grpo.advantage=process", "steps.split=clause", *overrides,
            ],
        )  # fmt: skip
        out = tmp_path_factory.mktemp("process")
        tokenizer = models.load_tokenizer("tiny", recipe.model)
        problems, _ = data.load_train(recipe)
        dataset = training.prompt_dataset(problems, tokenizer, recipe, with_target=False)
        funcs, weights = build_reward_funcs(recipe)
        args = GRPOConfig(**grpo.grpo_config_kwargs(recipe, out, device="cpu"))
        trainer = ProcessGRPOTrainer(
            model=models.resolve("tiny", recipe.model), reward_funcs=funcs, args=args, train_dataset=dataset,
            processing_class=tokenizer, step_scoring=StepScoring(scorer, recipe.steps.split),
            outcome=recipe.steps.outcome,
        )  # fmt: skip
        rows = [dataset[i] for i in (0, 1) for _ in range(4)]  # two prompts x G
        return trainer, rows

    return make


@pytest.mark.slow
def test_trainer_with_one_step_per_completion_matches_outcome_grpo(trainer_for) -> None:
    """The arithmetic scorer finds no claim in the untrained model's text, so each completion has only the outcome
    step: the token-level advantage equals TRL's own outcome advantage on every completion token."""
    import torch

    from grpo_cli.stepwise.arithmetic import ArithmeticScorer

    trainer, rows = trainer_for(ArithmeticScorer())
    torch.manual_seed(0)
    out = trainer._generate_and_score_completions(rows)
    adv, outcome, mask = out["advantages"], trainer.last_outcome_advantages, out["completion_mask"]
    assert adv.shape == out["completion_ids"].shape
    assert outcome.abs().sum() > 0  # the overlong reward varies with length: a real signal to compare
    assert torch.allclose(adv * mask, outcome.unsqueeze(1) * mask, atol=1e-5)


@pytest.mark.slow
def test_trainer_puts_step_rewards_on_their_tokens(trainer_for) -> None:
    """With a step scorer, the subclass's advantage is process_advantages of (token end, score) per step plus the
    outcome step, and TRL's loss runs on it."""
    import torch

    from grpo_cli.stepwise.split import split_steps, with_token_ends

    trainer, rows = trainer_for(DigitSteps(), "steps.outcome=false")
    torch.manual_seed(1)
    out = trainer._generate_and_score_completions(rows)
    ids = [row[m.bool()].tolist() for row, m in zip(out["completion_ids"], out["completion_mask"], strict=True)]
    texts = [trainer._decode(x) for x in ids]
    expected_rewards = []
    for text, x in zip(texts, ids, strict=True):
        steps = with_token_ends(split_steps(text, "clause"), x, trainer._decode)
        scores = DigitSteps()(["q"], [[s.text for s in steps]])[0]
        expected_rewards.append([(s.token_end, v) for s, v in zip(steps, scores, strict=True)])
    expected = process_advantages(expected_rewards, [len(x) for x in ids], 4)
    assert any(len({round(v, 6) for v in exp}) > 1 for exp in expected)  # advantages really vary within a completion
    for row, exp in zip(out["advantages"], expected, strict=True):
        assert row[: len(exp)].tolist() == approx(exp, rel=1e-5)
    loss = trainer.compute_loss(trainer.model, out)
    assert torch.isfinite(loss)


@pytest.mark.slow
def test_grpo_train_with_process_supervision_and_a_prm(cli, tmp_path):
    """`grpo train` end to end, as a user runs it: process-supervised GRPO with the steps reward, scored by a PRM
    named in the recipe (the tiny local one); metrics.jsonl carries the per-step diagnostics."""
    import json

    sets = [
        "grpo.init=base", "grpo.max_steps=2", "grpo.num_generations=4", "grpo.per_device_batch_size=8",
        "grpo.max_completion_length=16", "grpo.logging_steps=1", "data.toy.num_train=32", "grpo.advantage=process",
        "rewards.steps=0.5", "steps.scorer=prm", "prm.model=tiny", "prm.trust_remote_code=false",
    ]  # fmt: skip
    proc = cli("train", "--recipe", "tiny", *[a for s in sets for a in ("--set", s)], "--run-dir", str(tmp_path))
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = [json.loads(line) for line in (tmp_path / "tiny" / "grpo" / "metrics.jsonl").read_text().splitlines()]
    assert len(rows) == 2
    for key in ("rewards/steps/mean", "steps/per_completion", "steps/mean_score", "process/zero_std_frac"):
        assert key in rows[-1], key
