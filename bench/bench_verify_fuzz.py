"""Worst-case time of one verification over hostile completions up to 64 KB, as a ratio to the verifier's timeout.

The target (issue 31): no completion of up to 64 KB takes more than 2x the timeout in any path (gsm8k and math,
flexible and strict, finished or cut off), the fast path included. Each pattern is a text a policy could write (a
power tower, a run of digits or braces, thousands of answer tags, ...) grown to each size; every case is timed
through `verify_batch` (what the GRPO reward and `grpo verify` call) with the symbolic workers already started.

Two more figures make the ratios readable on a shared machine:
- `inline`: the fast path alone, in this process, on each pattern at exactly `row.INLINE_CHARS` characters (the
  longest text that is not sent to a worker): its worst case is what a deadline cannot cut;
- `reference`: the time of a fixed normal workload (1,000 short completions) now, against an idle-machine figure
  quoted in docs/reliability.md, so a loaded run's ratios can be discounted by that factor. The load average is
  printed too.

    PYTHONPATH=src .venv/bin/python bench/bench_verify_fuzz.py [--timeout 1] [--sizes 1024,4096,16384,65536] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time


def _tower(n: int) -> str:
    return "^".join(["2"] * (n // 2))


def _rand(n: int) -> str:
    rng = random.Random(n)
    return "".join(rng.choice("0123456789+-*/^()[]{}\\$., =<>abcx\n") for _ in range(n))


# name -> text of about n characters. Each was a slow or large case in issue 31's probes, or is built to stress one
# reader (digits, separators, braces, tags, phrases, LaTeX commands, scripts other than Latin).
PATTERNS = {
    "tag-tower": lambda n: f"<answer>{_tower(n)}</answer>",
    "box-tower": lambda n: f"\\boxed{{{_tower(n)}}}",
    "plain-tower": lambda n: _tower(n),
    "hash-tower": lambda n: f"#### {_tower(n)}",
    "tag-digits": lambda n: f"<answer>{'9' * n}</answer>",
    "hash-digits": lambda n: "#### " + "9" * n,
    "plain-digits": lambda n: "9" * n,
    "commas": lambda n: "<answer>" + "1," * (n // 2) + "</answer>",
    "dots": lambda n: "1." * (n // 2),
    "slashes": lambda n: "<answer>" + "1/" * (n // 2) + "1</answer>",
    "spaced-numbers": lambda n: "1 " * (n // 2),
    "signs": lambda n: "<answer>" + "-" * n + "1</answer>",
    "sums": lambda n: "\\boxed{" + "1+" * (n // 2) + "1}",
    "open-braces": lambda n: "\\boxed{" + "{" * n,
    "nested-braces": lambda n: "\\boxed{" + "{" * (n // 2) + "1" + "}" * (n // 2) + "}",
    "nested-boxes": lambda n: "\\boxed{" * (n // 7) + "1" + "}" * (n // 7),
    "nested-fracs": lambda n: "\\frac{1}{" * (n // 9) + "2" + "}" * (n // 9),
    "nested-sqrt": lambda n: "\\boxed{" + "\\sqrt{" * (n // 6) + "2" + "}" * (n // 6) + "}",
    "parens": lambda n: "\\boxed{" + "(" * (n // 2) + "1" + ")" * (n // 2) + "}",
    "left-right": lambda n: "$" + "\\left(" * (n // 12) + "x" + "\\right)" * (n // 12) + "$",
    "many-boxes": lambda n: "\\boxed{1} " * (n // 10),
    "many-tags": lambda n: "<answer>1</answer>" * (n // 18),
    "open-tags": lambda n: "<answer>" * (n // 8),
    "close-tags": lambda n: "</answer>" * (n // 9),
    "many-hash": lambda n: "#### 1\n" * (n // 7),
    "hash-only": lambda n: "#### " * (n // 5),
    "dollars": lambda n: "$" * n,
    "inline-math": lambda n: "$1$ " * (n // 4),
    "display-math": lambda n: "$$x=1$$\n" * (n // 8),
    "answer-is": lambda n: "The answer is " * (n // 14) + "4.",
    "final-answer": lambda n: "Final answer: " + "1 or " * (n // 5),
    "bold": lambda n: "**1** " * (n // 6),
    "open-bold": lambda n: "**" * (n // 2),
    "equations": lambda n: "x = " * (n // 4) + "1",
    "inequalities": lambda n: "$" + "x \\le " * (n // 6) + "1$",
    "intervals": lambda n: "\\boxed{" + "(1,2) \\cup " * (n // 12) + "(3,4)}",
    "matrix": lambda n: "\\boxed{\\begin{pmatrix}" + "1 & " * (n // 4) + "1\\end{pmatrix}}",
    "text-cmds": lambda n: "\\boxed{" + "\\text{a}" * (n // 8) + "}",
    "unknown-cmds": lambda n: "\\boxed{" + "\\zz" * (n // 3) + "}",
    "exponents": lambda n: "\\boxed{" + "9^{9}" * (n // 5) + "}",
    "factorials": lambda n: "\\boxed{" + "9!" * (n // 2) + "}",
    "decimals": lambda n: "<answer>0." + "3" * n + "...</answer>",
    "scientific": lambda n: "1e" * (n // 2),
    "words": lambda n: "one hundred and " * (n // 16) + "four",
    "number-words": lambda n: "twenty-" * (n // 7) + "one",
    "arabic-digits": lambda n: "<answer>" + "٣" * n + "</answer>",
    "cjk-numerals": lambda n: "答案是" + "一万" * (n // 2),
    "fractions-vulgar": lambda n: "½" * n,
    "superscripts": lambda n: "x" + "²" * n,
    "money": lambda n: "$" + "1,000" * (n // 5),
    "units": lambda n: "The answer is " + "3 kg " * (n // 5),
    "or-answers": lambda n: "**Answer:** " + "1 or 2 " * (n // 7),
    "newlines": lambda n: "\n" * n + "4",
    "spaces": lambda n: " " * n + "4",
    "letters": lambda n: "a" * n,
    "random": _rand,
    "think-tag": lambda n: "<think>" + "Let me think. 3 + 4 = 7. " * (n // 25) + "</think><answer>7</answer>",
    "revisions": lambda n: "Actually, the answer is 5. " * (n // 27),
    "next-question": lambda n: "The answer is 4.\n\nQuestion: " * (n // 28),
    "hedges": lambda n: "\\boxed{4} (or " * (n // 14),
    "checks": lambda n: "Check: 2 + 2 = 4. " * (n // 18) + "\\boxed{4}",
}


def _time(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def reference_workload() -> float:
    """Seconds for 1,000 normal completions (fast path only): the machine's speed now."""
    from grpo_cli.verify import math_task, verify_batch

    texts = [f"Step 1: 3 * {i} = {3 * i}.\nThe answer is <answer>{3 * i}</answer>." for i in range(500)]
    texts += [f"So $x = \\frac{{{i}}}{{2}}$, and the answer is $\\boxed{{\\frac{{{i}}}{{2}}}}$." for i in range(500)]
    refs = [str(3 * i) for i in range(500)] + [f"\\frac{{{i}}}{{2}}" for i in range(500)]
    tasks = ["gsm8k"] * 500 + ["math"] * 500
    math_task.CACHE.data.clear()
    return _time(lambda: verify_batch(texts, refs, tasks))


def run(timeout: float, sizes: list[int]) -> dict:
    from grpo_cli.verify import math_task, pool, row, verify_batch

    pool().run([("sleep", (0,))] * 2, timeout=60)  # start the workers before timing (once per process)
    cases = []
    for name, make in PATTERNS.items():
        for size in sizes:
            text = make(size)[:size] if len(make(size)) > size else make(size)
            for task in ("gsm8k", "math"):
                for mode, finished in (("flexible", True), ("strict", False)):
                    ref = "4" if task == "gsm8k" else "\\frac{1}{2}"
                    math_task.CACHE.data.clear()
                    start = time.perf_counter()
                    [verdict] = verify_batch([text], [ref], task, timeout=timeout, mode=mode, finished=finished)
                    seconds = time.perf_counter() - start
                    cases.append(
                        {"pattern": name, "chars": len(text), "task": task, "mode": mode, "finished": finished,
                         "seconds": round(seconds, 4), "ratio": round(seconds / timeout, 3), "reason": verdict.reason}
                    )  # fmt: skip
    inline = []
    for name, make in PATTERNS.items():
        text = make(row.INLINE_CHARS)[: row.INLINE_CHARS]
        for task in ("gsm8k", "math"):
            ref = "4" if task == "gsm8k" else "\\frac{1}{2}"
            seconds = _time(lambda t=text, k=task, r=ref: row.fast_path(t, r, k, "flexible", True))
            inline.append({"pattern": name, "chars": len(text), "task": task, "seconds": round(seconds, 4)})
    rewards = reward_cases(max(sizes))
    cases.sort(key=lambda c: -c["seconds"])
    inline.sort(key=lambda c: -c["seconds"])
    return {
        "timeout": timeout,
        "sizes": sizes,
        "patterns": len(PATTERNS),
        "cases": len(cases),
        "load_average": os.getloadavg(),
        "reference_seconds": round(reference_workload(), 3),
        "worst": cases[:10],
        "over_target": [c for c in cases if c["ratio"] > 2],
        "timeouts": sum(c["reason"] == "timeout" for c in cases),
        "inline_chars": row.INLINE_CHARS,
        "inline_worst": inline[:5],
        "rewards_worst": rewards[:5],
    }


def reward_cases(size: int) -> list[dict]:
    """The other rewards a GRPO step runs on every completion (they are plain Python in the trainer's process, with
    no deadline): each pattern at `size` characters through format, tag_count, language and the arithmetic step
    scorer (the `steps` reward's default)."""
    from grpo_cli import rewards
    from grpo_cli.stepwise import split
    from grpo_cli.verify import arithmetic

    def steps(text: str) -> None:
        for step in split.split_steps(text):
            arithmetic.score_step(step.text)

    funcs = {"format": rewards.format_score, "tag_count": rewards.tag_count_score}
    funcs |= {"language": rewards.language_share, "steps": steps}
    out = []
    for name, make in PATTERNS.items():
        text = make(size)[:size]
        for reward, fn in funcs.items():
            out.append(
                {
                    "pattern": name,
                    "chars": len(text),
                    "reward": reward,
                    "seconds": round(_time(lambda f=fn, t=text: f(t)), 4),
                }
            )
    return sorted(out, key=lambda c: -c["seconds"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timeout", type=float, default=1.0)
    parser.add_argument("--sizes", default="1024,4096,16384,65536")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.timeout, [int(s) for s in args.sizes.split(",")])
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(
        f"{result['patterns']} patterns x sizes {result['sizes']} x gsm8k/math x (flexible, finished)/(strict, cut "
        f"off) = {result['cases']} cases, timeout {result['timeout']} s, load average "
        f"{' '.join(f'{x:.2f}' for x in result['load_average'])}, reference workload {result['reference_seconds']} s"
    )
    print(f"worst cases (target: at most {2 * result['timeout']:g} s):")
    for c in result["worst"]:
        print(
            f"  {c['seconds']:7.3f} s  {c['ratio']:5.2f}x  {c['pattern']:16} {c['chars']:6} chars  {c['task']:5} "
            f"{c['mode']:8} finished={c['finished']!s:5}  {c['reason']}"
        )
    print(f"over the target: {len(result['over_target'])}; timeouts: {result['timeouts']}")
    print(f"fast path in this process at {result['inline_chars']} chars (the longest not sent to a worker), worst:")
    for c in result["inline_worst"]:
        print(f"  {c['seconds']:7.3f} s  {c['pattern']:16} {c['task']}")
    print(f"other rewards at {max(result['sizes'])} chars, worst:")
    for c in result["rewards_worst"]:
        print(f"  {c['seconds']:7.3f} s  {c['pattern']:16} {c['reward']}")
    from grpo_cli.verify import shutdown

    shutdown()
    slow_rewards = [c for c in result["rewards_worst"] if c["seconds"] > 2 * result["timeout"]]
    return 1 if result["over_target"] or slow_rewards else 0


if __name__ == "__main__":
    sys.exit(main())
