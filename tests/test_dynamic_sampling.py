"""grpo.dynamic_sampling: DAPO's refill of zero-signal groups, on TRL's GRPOTrainer and the tiny model."""

from __future__ import annotations

import json

import pytest

torch = pytest.importorskip("torch")

from grpo_cli.stages.dynamic_sampling import fill, take_slots, zero_signal_groups  # noqa: E402


def test_zero_signal_groups_reads_each_group_of_g() -> None:
    rewards = torch.tensor([0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.5, 0.5, 0.5, 0.50000001])
    assert zero_signal_groups(rewards, 4) == [True, False, True, True]


def test_an_unscorable_completion_is_left_out_of_the_spread() -> None:
    nan = float("nan")
    rewards = torch.tensor([1.0, nan, 1.0, 1.0, 0.0, nan, nan, nan, 1.0, nan, 0.0, 1.0])
    assert zero_signal_groups(rewards, 4) == [True, True, False]


@pytest.mark.parametrize(("p", "G", "groups", "rounds"), [(0.5, 8, 8, 3), (0.05, 8, 8, 3), (0.2, 4, 16, 2)])
def test_expected_rounds_formula_matches_the_refill_loop(p, G, groups, rounds) -> None:
    """formulas.dynamic_sampling_rounds (what grpo estimate charges) against the trainer's own slot logic on
    Bernoulli(p) rewards, 1,500 simulated batches (a seeded generator: the same draws every run)."""
    from grpo_cli.formulas import dynamic_sampling_rounds

    gen = torch.Generator().manual_seed(0)

    def batch() -> list[bool]:
        return zero_signal_groups(torch.bernoulli(torch.full((groups * G,), p), generator=gen), G)

    total = 0
    for _ in range(1500):
        slots, used = batch(), 0
        while any(slots) and used < rounds:
            _, slots = take_slots(slots, [not z for z in batch()])
            used += 1
        total += used
    assert total / 1500 == pytest.approx(dynamic_sampling_rounds(p, G, groups, rounds), abs=0.08)


def test_fill_pads_prompts_left_and_completions_right() -> None:
    """Two rounds with different widths: the merged rows keep their tokens aligned on the prompt/completion seam."""
    out = {
        "prompt_ids": torch.tensor([[0, 5, 6], [7, 8, 9]]),  # pad id 0, left-padded
        "prompt_mask": torch.tensor([[0, 1, 1], [1, 1, 1]]),
        "completion_ids": torch.tensor([[11, 0], [12, 13]]),
        "completion_mask": torch.tensor([[1, 0], [1, 1]]),
        "advantages": torch.tensor([0.0, 0.0]),
        "old_per_token_logps": None,
        "num_items_in_batch": torch.tensor(3),
    }
    new = {
        "prompt_ids": torch.tensor([[21, 22], [23, 24]]),
        "prompt_mask": torch.tensor([[1, 1], [1, 1]]),
        "completion_ids": torch.tensor([[31, 32, 33], [34, 0, 0]]),
        "completion_mask": torch.tensor([[1, 1, 1], [1, 0, 0]]),
        "advantages": torch.tensor([0.7, -0.7]),
        "old_per_token_logps": None,
        "num_items_in_batch": torch.tensor(4),
    }
    merged = fill(out, new, [False, True], {"prompt_ids": 0, "completion_ids": 0})
    assert merged["prompt_ids"].tolist() == [[0, 5, 6], [0, 23, 24]]
    assert merged["prompt_mask"].tolist() == [[0, 1, 1], [0, 1, 1]]
    assert merged["completion_ids"].tolist() == [[11, 0, 0], [34, 0, 0]]
    assert merged["completion_mask"].tolist() == [[1, 0, 0], [1, 0, 0]]
    assert merged["advantages"].tolist() == pytest.approx([0.0, -0.7])
    assert merged["old_per_token_logps"] is None and "num_items_in_batch" not in merged


def test_fill_refuses_a_key_it_does_not_know() -> None:
    """A TRL upgrade that adds an output key must fail here, not train on rows that no longer line up."""
    out = {"advantages": torch.zeros(2), "pixel_values": torch.zeros(2, 3)}
    with pytest.raises(NotImplementedError, match="pixel_values"):
        fill(out, dict(out), [True, False], {})


# --------------------------------------------------------------------------------------------------------
# the TRL subclass, on the tiny model


@pytest.fixture(scope="module")
def trainer(tmp_path_factory):
    pytest.importorskip("trl")
    from trl import GRPOConfig

    from grpo_cli import data, models, recipes
    from grpo_cli.stages import grpo, training
    from grpo_cli.stages.dynamic_sampling import DynamicSamplingGRPOTrainer

    recipe = recipes.load(
        "tiny",
        ["data.toy.num_train=16", "grpo.num_generations=4", "grpo.per_device_batch_size=8",
         "grpo.max_completion_length=12", "grpo.beta=0", "grpo.dynamic_sampling=true",
         "grpo.dynamic_sampling_max_rounds=4"],
    )  # fmt: skip
    tokenizer = models.load_tokenizer("tiny", recipe.model)
    problems, _ = data.load_train(recipe)
    dataset = training.prompt_dataset(problems, tokenizer, recipe, with_target=False)
    hard = {dataset[0]["prompt"], dataset[1]["prompt"]}

    def hard_or_length(prompts, completions, **kwargs):
        """A real reward function: 0 for every completion of a 'hard' prompt (the first two training problems: an
        all-wrong group), else the completion's length in characters (it varies within a group)."""
        return [0.0 if p in hard else float(len(str(c))) for p, c in zip(prompts, completions, strict=True)]

    kwargs = {**grpo.grpo_config_kwargs(recipe, tmp_path_factory.mktemp("ds"), device="cpu"), "reward_weights": None}
    trainer = DynamicSamplingGRPOTrainer(
        model=models.resolve("tiny", recipe.model), reward_funcs=[hard_or_length], args=GRPOConfig(**kwargs),
        train_dataset=dataset, processing_class=tokenizer, max_rounds=recipe.grpo.dynamic_sampling_max_rounds,
    )  # fmt: skip
    trainer.model.train()
    trainer.current_gradient_accumulation_steps = 1  # set by the training loop; compute_loss reads it
    rows = [dataset[i] for i in (0, 1) for _ in range(4)]  # the two hard prompts x G: both groups without signal
    return trainer, rows, hard


@pytest.mark.slow
def test_zero_signal_groups_are_replaced_by_fresh_prompts(trainer) -> None:
    trainer, rows, hard = trainer
    torch.manual_seed(0)
    out = trainer._generate_and_score_completions(rows)
    ds = trainer._metrics["train"]
    rounds = ds["dynamic_sampling/extra_rounds"][-1]
    assert 1 <= rounds <= 4
    assert ds["dynamic_sampling/dropped_groups"][-1] + ds["dynamic_sampling/unfilled_groups"][-1] == 2
    refilled = int(ds["dynamic_sampling/dropped_groups"][-1])
    assert refilled >= 1  # 14 easy prompts of 16: a fresh round has signal almost surely
    # Each group's G rows still share one prompt (a refill replaces whole groups, never single rows) ...
    for g in (0, 4):
        rows = zip(out["prompt_ids"][g : g + 4], out["prompt_mask"][g : g + 4], strict=True)
        ids = [row[mask.bool()].tolist() for row, mask in rows]
        assert all(x == ids[0] for x in ids)
    # ... and only refilled groups carry advantage (a hard prompt's group is all zeros by construction).
    advantages = out["advantages"].view(2, 4)
    assert sum(bool(a.abs().sum() > 0) for a in advantages) == refilled
    # Every tensor still holds 8 rows, and TRL's loss normaliser counts the merged batch's completion tokens.
    for key in ("prompt_ids", "prompt_mask", "completion_ids", "completion_mask", "advantages"):
        assert out[key].shape[0] == 8, key
    assert int(out["num_items_in_batch"]) == int(out["completion_mask"].sum())
    assert out["prompt_ids"].shape == out["prompt_mask"].shape
    assert out["completion_ids"].shape == out["completion_mask"].shape
    loss = trainer.compute_loss(trainer.model, out)
    assert torch.isfinite(loss)


@pytest.mark.slow
def test_a_batch_with_signal_is_left_alone(trainer) -> None:
    trainer, _, hard = trainer
    easy = [row for row in (trainer.train_dataset[i] for i in range(2, 16)) if row["prompt"] not in hard][:2]
    rows = [r for r in easy for _ in range(4)]
    torch.manual_seed(1)
    trainer._generate_and_score_completions(rows)
    ds = trainer._metrics["train"]
    assert ds["dynamic_sampling/extra_rounds"][-1] == 0
    assert ds["dynamic_sampling/dropped_groups"][-1] == 0 and ds["dynamic_sampling/unfilled_groups"][-1] == 0


@pytest.mark.slow
def test_grpo_train_logs_dynamic_sampling(cli, tmp_path) -> None:
    """`grpo train` as a user runs it: the untrained tiny model gets every toy problem wrong, so with accuracy as the
    only reward every group is zero-signal and each batch runs its bound of extra rounds; metrics.jsonl says so."""
    sets = [
        "grpo.init=base", "grpo.max_steps=2", "grpo.num_generations=4", "grpo.per_device_batch_size=8",
        "grpo.max_completion_length=8", "grpo.logging_steps=1", "data.toy.num_train=16", "grpo.dynamic_sampling=true",
        "grpo.dynamic_sampling_max_rounds=2", "rewards.format=0",
    ]  # fmt: skip
    proc = cli("train", "--recipe", "tiny", *[a for s in sets for a in ("--set", s)], "--run-dir", str(tmp_path))
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = [json.loads(line) for line in (tmp_path / "tiny" / "grpo" / "metrics.jsonl").read_text().splitlines()]
    assert len(rows) == 2
    for row in rows:
        assert row["dynamic_sampling/extra_rounds"] == 2
        assert row["dynamic_sampling/unfilled_groups"] == 2 and row["dynamic_sampling/dropped_groups"] == 0
        assert row["frac_reward_zero_std"] == 1.0
