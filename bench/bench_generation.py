"""Eval generation throughput: grpo's batched HF backend vs one-prompt-at-a-time `model.generate`, same run.

Workload: the `tiny` recipe's eval (toy test problems rendered with the recipe's prompt, max 32 new tokens) on the
offline tiny model, CPU. Two settings, each against the peers below in the same process:
  sampled  n=8, temperature 1.0 (the tiny recipe's eval)
  greedy   n=1, temperature 0
Peers: `one_at_a_time`, one plain `generate` call per sequence (the baseline the eval issue names);
`per_prompt_n` (sampled only), one call per prompt with num_return_sequences=8 (already 8 rows wide).
Every side stops at EOS or `</answer>` and counts completion tokens the same way (generation.finish). The figure is
completion tokens per second; a ratio is grpo / peer.

    .venv/bin/python bench/bench_generation.py            # prints the figures (docs/eval.md quotes them)
    BENCH_THREADS=2 .venv/bin/python bench/bench_generation.py
    make bench                                             # the same, as a pytest that checks ratio >= 5
"""

from __future__ import annotations

import json
import os
import sys
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")


def _workload(problems: int):
    from grpo_cli import models, prompts, recipes
    from grpo_cli.data import load_problems

    recipe = recipes.load("tiny")
    tok = models.load_tokenizer("tiny", recipe.model)
    model = models.load_model("tiny", recipe.model, device="cpu")
    items, _ = load_problems("toy", "test", recipe, limit=problems)
    texts = [prompts.render_prompt(tok, p.question, recipe.prompt) for p in items]
    return recipe, model, tok, texts, [p.id for p in items]


def _peer(model, tok, texts, n: int, temperature: float, max_tokens: int, per_call: int) -> tuple[int, float]:
    """Plain transformers generate, one prompt per call, `per_call` sequences per call (1: one sequence at a time;
    n: num_return_sequences=n). Returns (completion tokens, seconds)."""
    import torch
    from transformers import GenerationConfig

    from grpo_cli.evaluation import generation

    ends = generation.eos_ids(tok, model) | {tok.pad_token_id}
    cfg = GenerationConfig(
        max_new_tokens=max_tokens,
        do_sample=temperature > 0,
        temperature=temperature if temperature > 0 else None,
        top_k=None,
        num_return_sequences=per_call,
        eos_token_id=tok.eos_token_id,
        pad_token_id=tok.pad_token_id,
        stop_strings=list(generation.STOP_STRINGS),
    )
    tokens = 0
    start = time.perf_counter()
    with torch.inference_mode():
        for text in texts:
            ids = torch.tensor([generation.encode_prompt(tok, text)])
            for _ in range(n // per_call):
                out = model.generate(
                    input_ids=ids, attention_mask=torch.ones_like(ids), generation_config=cfg, tokenizer=tok
                )
                for row in out[:, ids.shape[1] :].tolist():
                    tokens += generation.finish(row, tok, ends, generation.STOP_STRINGS, max_tokens).tokens
    return tokens, time.perf_counter() - start


def _ours(model, tok, texts, keys, n: int, temperature: float, max_tokens: int, batch_size: int) -> tuple[int, float]:
    from grpo_cli.evaluation.generation import HFGenerator, Sampling

    gen = HFGenerator(model, tok, batch_size=batch_size)
    start = time.perf_counter()
    out = gen.generate(texts, keys, Sampling(n=n, temperature=temperature, max_tokens=max_tokens, seed=0))
    return sum(c.tokens for per in out for c in per), time.perf_counter() - start


def measure(problems: int = 24, max_tokens: int = 32, batch_size: int = 64, repeats: int = 2) -> dict:
    """Peers and grpo alternate `repeats` times; each keeps its best time (the machine is shared: the best run is the
    one least disturbed by other processes). All run with the same torch thread count: 1, what `grpo eval` uses for
    a model this small (generation.cpu_threads), unless BENCH_THREADS says otherwise."""
    import torch

    torch.set_num_threads(int(os.environ.get("BENCH_THREADS", "1")))
    recipe, model, tok, texts, keys = _workload(problems)
    results: dict = {"problems": problems, "max_tokens": max_tokens, "batch_size": batch_size, "threads": _threads()}
    for name, n, temperature in (("sampled", 8, 1.0), ("greedy", 1, 0.0)):
        _ours(model, tok, texts[:4], keys[:4], n, temperature, max_tokens, batch_size)  # warm-up
        runs: dict[str, list] = {"one_at_a_time": [], "grpo": []}
        if n > 1:
            runs["per_prompt_n"] = []
        for _ in range(repeats):
            runs["one_at_a_time"].append(_peer(model, tok, texts, n, temperature, max_tokens, per_call=1))
            if n > 1:
                runs["per_prompt_n"].append(_peer(model, tok, texts, n, temperature, max_tokens, per_call=n))
            runs["grpo"].append(_ours(model, tok, texts, keys, n, temperature, max_tokens, batch_size))
        rate = {k: max(t / s for t, s in v) for k, v in runs.items()}
        results[name] = {"n": n, **{f"{k}_tokens_per_s": round(r, 1) for k, r in rate.items()}}
        results[name]["ratio_vs_one_at_a_time"] = round(rate["grpo"] / rate["one_at_a_time"], 2)
        if n > 1:
            results[name]["ratio_vs_per_prompt_n"] = round(rate["grpo"] / rate["per_prompt_n"], 2)
    return results


def _threads() -> int:
    import torch

    return torch.get_num_threads()


def test_batched_generation_is_5x_one_prompt_at_a_time():
    results = measure()
    print(json.dumps(results, indent=2))
    assert results["sampled"]["ratio_vs_one_at_a_time"] >= 5, results
    assert results["greedy"]["ratio_vs_one_at_a_time"] >= 5, results


if __name__ == "__main__":
    out = measure(problems=int(sys.argv[1]) if len(sys.argv) > 1 else 24)
    print(json.dumps(out, indent=2))
