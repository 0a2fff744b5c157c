"""grpo_cli.evaluation.generation: batched HF generation, stopping, truncation, per-sample seeding; vLLM where it runs."""

from __future__ import annotations

import pytest
import torch

from eval_models import scripted, tiny
from grpo_cli.evaluation import generation
from grpo_cli.evaluation.generation import Completion, HFGenerator, Sampling


@pytest.fixture(scope="module")
def random_tiny():
    return tiny()


@pytest.fixture(scope="module")
def script():
    """'#' -> '4</answer>z', '%' -> '7' then EOS, 'q' -> 'qqqq...' (never stops)."""
    model, tok = tiny()
    eos = tok.eos_token_id
    return scripted(["#4</answer>zz", tok("%7", add_special_tokens=False)["input_ids"] + [eos], "qq"])


PROMPTS = [f"User: what is {i} + {3 * i}?\nAssistant:" + " " * (i % 5) for i in range(10)]
KEYS = [f"p{i}" for i in range(10)]


def test_stop_string_eos_and_truncation(script):
    model, tok = script
    gen = HFGenerator(model, tok, batch_size=3)
    for sampling in (Sampling(max_tokens=12), Sampling(n=2, temperature=1.0, max_tokens=12, seed=5)):
        out = gen.generate(["Q#", "Q%", "Qq", "a longer prompt #"], ["a", "b", "c", "d"], sampling)
        assert [len(per) for per in out] == [sampling.n] * 4
        for c in out[0] + out[3]:  # cut right after the stop string; the text after it is never returned
            assert c == Completion("4</answer>", len("4</answer>"), "stop")
            assert not c.truncated
        for c in out[1]:  # EOS ends it and is not part of the text or the token count
            assert c == Completion("7", 1, "eos")
        for c in out[2]:  # never stops: truncated at max_tokens
            assert c == Completion("q" * 12, 12, "length")
            assert c.truncated


def test_finish_counts_tokens_and_truncation(random_tiny):
    _, tok = random_tiny
    ids = tok("12</answer>34", add_special_tokens=False)["input_ids"]
    eos, pad = tok.eos_token_id, tok.pad_token_id
    ends = {eos, pad}
    stop = ("</answer>",)
    assert generation.finish(ids, tok, ends, stop, 64) == Completion("12</answer>", len(ids), "stop")
    assert generation.finish([*ids[:2], eos, pad, pad], tok, ends, stop, 5) == Completion("12", 2, "eos")
    # Exactly max_tokens tokens and no end: truncated. The same tokens ending in EOS at the limit: not truncated.
    assert generation.finish(ids[:4], tok, ends, stop, 4) == Completion("12</", 4, "length")
    assert generation.finish([*ids[:3], eos], tok, ends, stop, 4) == Completion("12<", 3, "eos")
    # A stop string completed on the very last allowed token is a stop, not a truncation.
    assert generation.finish(ids[:11], tok, ends, stop, 11).finish == "stop"


def test_left_padded_batches_match_one_prompt_at_a_time(random_tiny):
    model, tok = random_tiny
    greedy = Sampling(max_tokens=10)
    one = HFGenerator(model, tok, batch_size=1).generate(PROMPTS, KEYS, greedy)
    batched = HFGenerator(model, tok, batch_size=8).generate(PROMPTS, KEYS, greedy)
    assert one == batched
    assert len({c[0].text for c in one}) > 1  # the prompts lead somewhere different: the check has teeth


@pytest.mark.slow
def test_samples_do_not_depend_on_batch_size_order_or_subset(random_tiny):
    model, tok = random_tiny
    s = Sampling(n=3, temperature=1.0, top_p=0.95, max_tokens=12, seed=7)
    ref = HFGenerator(model, tok, batch_size=64).generate(PROMPTS, KEYS, s)
    assert HFGenerator(model, tok, batch_size=4).generate(PROMPTS, KEYS, s) == ref
    rev = HFGenerator(model, tok, batch_size=5).generate(PROMPTS[::-1], KEYS[::-1], s)
    assert rev[::-1] == ref
    assert HFGenerator(model, tok, batch_size=2).generate(PROMPTS[3:6], KEYS[3:6], s) == ref[3:6]
    # The n samples of a problem differ from each other, and another seed gives other samples.
    assert len({c.text for c in ref[0]}) == 3
    other = HFGenerator(model, tok, batch_size=64).generate(
        PROMPTS, KEYS, Sampling(n=3, temperature=1.0, max_tokens=12, seed=8)
    )
    assert other != ref


def test_tiny_top_p_is_greedy(random_tiny):
    model, tok = random_tiny
    greedy = HFGenerator(model, tok, batch_size=8).generate(PROMPTS, KEYS, Sampling(max_tokens=10))
    nucleus = HFGenerator(model, tok, batch_size=8).generate(
        PROMPTS, KEYS, Sampling(temperature=1.0, top_p=1e-6, max_tokens=10)
    )
    assert nucleus == greedy


def test_checkpoint_generation_config_does_not_change_sampling(random_tiny):
    from transformers import GenerationConfig

    model, tok = random_tiny
    s = Sampling(n=2, temperature=0.8, max_tokens=10, seed=1)
    ref = HFGenerator(model, tok, batch_size=8).generate(PROMPTS, KEYS, s)
    model.generation_config = GenerationConfig(do_sample=True, top_k=3, repetition_penalty=1.5, temperature=0.1)
    assert HFGenerator(model, tok, batch_size=8).generate(PROMPTS, KEYS, s) == ref


def test_seeded_sampler_draws_from_the_softmax():
    # 4000 rows, each with its own seed, one draw from the same 4-token distribution: frequencies within 4 sigma.
    logits = torch.log(torch.tensor([0.1, 0.2, 0.3, 0.4])).repeat(4000, 1)
    seeds = [generation.row_seed(0, "x", i) for i in range(4000)]
    ids = torch.zeros((4000, 0), dtype=torch.long)  # no prompt, first new token
    out = generation._SeededSampling(seeds, temperature=1.0, top_p=1.0, max_tokens=1, prompt_width=0)(
        ids, logits.clone()
    )
    picks = out.argmax(-1)
    assert torch.isinf(out).sum(-1).eq(3).all()  # exactly one token left per row
    freq = torch.bincount(picks, minlength=4).double() / 4000
    p = torch.tensor([0.1, 0.2, 0.3, 0.4], dtype=torch.double)
    assert ((freq - p).abs() < 4 * (p * (1 - p) / 4000).sqrt()).all(), freq
    # Temperature 0.5 sharpens to p^2 / sum(p^2); top-p 0.5 keeps {0.4, 0.3} renormalised.
    sharp = generation._SeededSampling(seeds, temperature=0.5, top_p=1.0, max_tokens=1, prompt_width=0)(
        ids, logits.clone()
    ).argmax(-1)
    q = p**2 / (p**2).sum()
    freq = torch.bincount(sharp, minlength=4).double() / 4000
    assert ((freq - q).abs() < 4 * (q * (1 - q) / 4000).sqrt()).all(), freq
    nucleus = generation._SeededSampling(seeds, temperature=1.0, top_p=0.5, max_tokens=1, prompt_width=0)(
        ids, logits.clone()
    ).argmax(-1)
    assert set(nucleus.tolist()) == {2, 3}


def test_row_seed_is_stable():
    assert generation.row_seed(0, "gsm8k-test-0", 0) == generation.row_seed(0, "gsm8k-test-0", 0)
    assert len({generation.row_seed(s, k, j) for s in (0, 1) for k in ("a", "b") for j in range(3)}) == 12
    # Pinned: a change here silently changes every published sampled eval.
    assert generation.row_seed(0, "a", 0) == 3019835601215111317
    assert generation.row_seed(1234, "gsm8k-test-7", 3) == 8091221679613959540


def test_sampling_rejects_bad_settings():
    for kwargs in ({"n": 0}, {"temperature": -1}, {"top_p": 0}, {"max_tokens": 0}):
        with pytest.raises(ValueError):
            Sampling(**kwargs)
