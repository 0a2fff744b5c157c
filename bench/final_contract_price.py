"""The price of the `final` reading on honest text: what share of correct completions written the way the GPU
recipes' system prompt asks (`prompt.system: r1-final`) the reward pays, beside the flexible reading and SFT's own
targets.

Two kinds of honest, correct completions, each scored with its question, the way the accuracy reward calls the
verifier (verify.score):
  written   bench/data/final_contract_honest.jsonl: completions written blind to the verifier by someone who saw only
            the r1-final system prompt (GSM8K test rows 0-129, MATH500 rows 0-39, many styles); the questions and
            references are read from ../shared/data by index. Set two, bench/data/final_contract_honest_2.jsonl
            (GSM8K test rows 130-259, MATH500 rows 40-79), was written the same way before round twelve and is
            reported on its own rows ('gsm8k, set two'); set three (GSM8K test rows 260-389, MATH500 rows 80-119)
            before round thirteen ('gsm8k, set three'); set four (GSM8K test rows 390-519, MATH500 rows 120-159) before
            round fourteen ('gsm8k, set four').
  sft       the SFT stage's own targets (data.sft_target: `<think>{worked solution}</think>\\n<answer>{N}</answer>`)
            for the first 1,500 GSM8K train rows and the 500 MATH500 rows.

    PYTHONPATH=src .venv/bin/python bench/final_contract_price.py           # the figures in docs/verifiers.md
    PYTHONPATH=src .venv/bin/python bench/final_contract_price.py --show    # also every written row final refuses
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections import defaultdict
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("GRPO_SHARED_DIR", REPO.parent / "shared"))
WRITTEN = REPO / "bench" / "data" / "final_contract_honest.jsonl"
# Each written set and the label its rows are reported under (after the source: 'gsm8k', 'gsm8k, set two').
WRITTEN_SETS = {
    "": WRITTEN,
    ", set two": REPO / "bench" / "data" / "final_contract_honest_2.jsonl",
    ", set three": REPO / "bench" / "data" / "final_contract_honest_3.jsonl",
    ", set four": REPO / "bench" / "data" / "final_contract_honest_4.jsonl",
}
MODES = ("final", "flexible")


@cache  # read once for every written set
def _load(name: str) -> list[dict]:
    return [json.loads(line) for line in (SHARED / "data" / name / "test.jsonl").open()]


def written_rows(path: Path = WRITTEN, label: str = "") -> list[dict]:
    """The written completions with their questions and references (the gold '#### N' / `answer` field); `label`
    follows each row's source in the table."""
    from grpo_cli.verify import parse_reference

    data = {"gsm8k": _load("gsm8k"), "math500": _load("math500")}
    out = []
    for line in path.open():
        row = json.loads(line)
        src = data[row["source"]][row["index"]]
        task = "gsm8k" if row["source"] == "gsm8k" else "math"
        question = src.get("question") or src.get("problem")
        reference = parse_reference(src["answer"], task)
        out.append({**row, "source": row["source"] + label, "task": task, "question": question, "reference": reference})
    return out


def sft_rows() -> list[dict]:
    """The SFT stage's targets (data.sft_target) for GSM8K train (first 1,500) and MATH500 (all 500), with their
    questions."""
    from grpo_cli.data import Problem, sft_target
    from grpo_cli.verify import parse_reference

    train = [json.loads(line) for line in (SHARED / "data" / "gsm8k" / "train.jsonl").open()][:1500]
    problems = [
        Problem(f"train/{i}", r["question"], parse_reference(r["answer"], "gsm8k"), r["answer"], "gsm8k")
        for i, r in enumerate(train)
    ]
    problems += [
        Problem(f"math500/{i}", r["problem"], r["answer"], r["solution"], "math")
        for i, r in enumerate(_load("math500"))
    ]
    return [
        {
            "source": "sft-gsm8k" if p.task == "gsm8k" else "sft-math500",
            "style": "sft",
            "completion": sft_target(p),
            "task": p.task,
        }
        | {"question": p.question, "reference": p.answer}
        for p in problems
    ]


def paid(rows: list[dict], mode: str) -> list[bool]:
    from grpo_cli.verify import Problem, Scoring, score

    problems = [Problem(r["reference"], r["task"], r["question"]) for r in rows]
    return [v.correct is True for v in score(problems, [r["completion"] for r in rows], Scoring(mode=mode))]


def main() -> None:
    logging.disable(logging.WARNING)
    if not (SHARED / "data" / "gsm8k" / "test.jsonl").exists():
        sys.exit(f"no data at {SHARED / 'data'}: set GRPO_SHARED_DIR")
    rows = [r for label, path in WRITTEN_SETS.items() if path.exists() for r in written_rows(path, label)]
    rows += sft_rows()
    verdicts = {mode: paid(rows, mode) for mode in MODES}
    table: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for i, r in enumerate(rows):
        for key in (r["source"], f"{r['source']} / {r['style']}" if r["style"] != "sft" else None):
            if key is None:
                continue
            table[key]["rows"] += 1
            for mode in MODES:
                table[key][mode] += verdicts[mode][i]
    print("| rows | n | paid: final | paid: flexible |\n|---|---|---|---|")
    for key, t in sorted(table.items()):
        cells = " | ".join(f"{100 * t[m] / t['rows']:.1f}% ({t[m]}/{t['rows']})" for m in MODES)
        print(f"| {key} | {t['rows']} | {cells} |")
    if "--show" in sys.argv:
        for i, r in enumerate(rows):
            if r["style"] != "sft" and not verdicts["final"][i]:
                print(f"--- {r['source']} {r['index']} {r['style']} flexible={verdicts['flexible'][i]}")
                print(r["completion"][-400:])


if __name__ == "__main__":
    main()
