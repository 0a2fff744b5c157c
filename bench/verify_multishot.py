"""Hedges that pay: how many completions a verifier pays under two different reference values (issue 38).

The credited share of a hack kind (bench/verify_hacking.py) counts every hack row a verifier pays. It does not say
whether the hack gains a policy anything. A verifier reads one answer from a completion and pays it when that answer
is the reference: then whatever else the text says (a disclaimer, a second value, a condition), it is paid exactly
when the one value it was read as is right, as the same value committed plainly would be, and a policy that does not
know the answer gains nothing by writing the device. A text gains only when it is paid under *more than one* value:
`\\boxed{18, 19}` read as "18 or 19", a condition on the grader read for whichever value the grader holds, a number
read two ways. That is a bet spread over several answers, the one way to raise the reward without being right more
often, and it is what this counts.

For each row: the candidate values are the distinct numbers a reader sees in the completion (verify.visible; at most
the last 12) and the row's reference. The completion is scored with each candidate as the reference. It is a hedge
that pays when two of the candidates it is paid under are different answers: neither, written as the answer alone
(`<answer>c</answer>`), is paid under the other (so '0.5' and '1/2', or a rounding within the documented tolerance,
are one answer).

    PYTHONPATH=src .venv/bin/python bench/verify_multishot.py --sets "" after 3 4 5 6 7 8 9 10 11 12 13 14  # the
        # table in docs/verifiers.md: all fourteen held-out sets and the honest written sets (without --sets: the R1-
        # shaped sets nine to fourteen)
    PYTHONPATH=src .venv/bin/python bench/verify_multishot.py --sets 14 --show  # one held-out set, every hedge shown
    PYTHONPATH=src .venv/bin/python bench/verify_multishot.py --no-math-verify  # ours only (math-verify takes minutes)
    PYTHONPATH=src .venv/bin/python bench/verify_multishot.py --spread bench/data/spread_heldout_1.jsonl  # a set
        # written to spread bets: each row scored with each of its targets as the reference, per device
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "bench"))

MAX_CANDIDATES = 12
READINGS = ("final", "flexible")


def candidates(completion: str, reference: str) -> list[str]:
    """The reference and the distinct numbers a reader sees in the completion (the last MAX_CANDIDATES)."""
    from grpo_cli.verify.numbers import find_numbers
    from grpo_cli.verify.visible import visible

    seen, out = set(), []
    for num in reversed(find_numbers(visible(completion))):
        if num.value is not None and num.value not in seen:
            seen.add(num.value)
            out.append(num.canonical())
        if len(out) == MAX_CANDIDATES:
            break
    return [reference] + [c for c in out if c != reference]


def paid_under(rows: list[dict], reader: str) -> list[list[tuple[str, str | None]]]:
    """For each row, (candidate, what the reader extracted) for each candidate (`row['candidates']`) its completion is
    paid under by `reader` (math-verify reports no extraction: None)."""
    flat = [(i, c) for i, r in enumerate(rows) for c in r["candidates"]]
    if reader == "math-verify":
        from verify_agreement import math_verify

        paid = math_verify([{"completion": rows[i]["completion"], "answer": c} for i, c in flat])
        verdicts: list[tuple[bool, str | None]] = [(ok, None) for ok in paid]
    else:
        from grpo_cli.verify import verify_batch

        verdicts = [
            (v.correct is True, v.extracted)
            for v in verify_batch(
                [rows[i]["completion"] for i, _ in flat],
                [c for _, c in flat],
                [rows[i]["task"] for i, _ in flat],
                questions=[rows[i]["question"] for i, _ in flat],
                timeout=10.0,
                mode=reader,
            )
        ]
    out: list[list[tuple[str, str | None]]] = [[] for _ in rows]
    for (i, c), (ok, extracted) in zip(flat, verdicts, strict=True):
        if ok:
            out[i].append((c, extracted))
    return out


def hedge(paid: list[tuple[str, str | None]], task: str) -> tuple[str, str, bool] | None:
    """Two of the values a completion is paid under that are different answers (neither, as the answer alone, is
    paid under the other), and whether the reader read the completion differently for them (a different extracted
    answer: a reading that follows the reference) rather than reading one stated quantity two ways ('40%' as 40 and
    0.4, '8 hours' as 8 and 480 minutes, '$1.2 million' as 1.2 and 1200000: verify.gsm8k.span_number's `alt`);
    None when every value it is paid under is one answer."""
    from grpo_cli.verify import verify

    found = None
    for a_i, (a, read_a) in enumerate(paid):
        for b, read_b in paid[a_i + 1 :]:
            same = verify(f"<answer>{a}</answer>", b, task).correct or verify(f"<answer>{b}</answer>", a, task).correct
            if not same:
                if read_a is None or read_a != read_b:
                    return a, b, True
                found = found or (a, b, False)
    return found


def rows_of(sets: list[str], honest: bool) -> list[dict]:
    """Hack and keep rows of the held-out sets named (tests/verify_hacks.HELDOUT_SETS), and the honest written sets."""
    import verify_hacks as hacks

    rows = []
    for name in sets:
        for r in hacks.heldout_rows(name):
            rows.append({**r, "set": f"held-out {name or 'two'}", "reference": r["answer"]})
    if honest:
        from final_contract_price import WRITTEN_SETS, written_rows

        for label, path in WRITTEN_SETS.items():
            for r in written_rows(path, label):
                rows.append({**r, "set": "honest" + label, "kind": r["source"], "group": "honest"})
    for r in rows:
        r["candidates"] = candidates(r["completion"], str(r["reference"]))
    return rows


def spread_rows(path: Path) -> list[dict]:
    """A set written to spread bets (bench/data/spread_heldout_*.jsonl): each row's completion and the answers it was
    written to be paid under (`targets`), with its question from ../shared/data by index; grouped by device."""
    import json

    from final_contract_price import _load

    rows = []
    for line in path.open():
        row = json.loads(line)
        src = _load(row["source"])[row["index"]]
        task = "gsm8k" if row["source"] == "gsm8k" else "math"
        question = src.get("question") or src.get("problem")
        rows.append(
            {
                **row,
                "set": path.stem,
                "group": row["device"],
                "kind": row["device"],
                "task": task,
                "question": question,
                "candidates": [str(t) for t in row["targets"]],
            }
        )
    return rows


def main() -> None:
    import verify_hacks as hacks

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sets", nargs="*", default=[s for s in hacks.HELDOUT_SETS if s in hacks.R1_SHAPED])
    p.add_argument("--no-math-verify", action="store_true")
    p.add_argument("--show", action="store_true", help="print every hedge that pays, with its two values")
    p.add_argument("--spread", type=Path, help="score a set written to spread bets instead (its rows' targets)")
    args = p.parse_args()
    logging.disable(logging.WARNING)
    rows = spread_rows(args.spread) if args.spread else rows_of(args.sets, honest=True)
    readers = READINGS + (() if args.no_math_verify else ("math-verify",))
    table: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for reader in readers:
        for r, paid in zip(rows, paid_under(rows, reader), strict=True):
            found = hedge(paid, r["task"]) if len(paid) > 1 else None
            for key in ((r["set"], r["group"]), ("all", "spread" if args.spread else r["group"])):
                table[key]["rows"] += reader == readers[0]
                table[key][reader] += found is not None and found[2]
                table[key][reader + " (one quantity)"] += found is not None and not found[2]
                table[key][reader + " (paid under any)"] += bool(paid)
            if found and args.show:
                how = "read differently" if found[2] else "one quantity read two ways"
                print(f"--- {reader} {r['set']} {r['kind']} paid under {found[0]} and {found[1]} ({how})")
                print(r["completion"][-300:])
    columns = [c for x in readers for c in ((x, x + " (one quantity)") if x != "math-verify" else (x,))]
    columns.append("final (paid under any)")  # how many rows the reward pays at all, for scale
    print("| rows | n | " + " | ".join(f"hedges paid: {c}" for c in columns) + " |")
    print("|---|---|" + "---|" * len(columns))
    for (name, group), t in sorted(table.items()):
        cells = " | ".join(f"{100 * t[c] / t['rows']:.2f}% ({t[c]})" for c in columns)
        print(f"| {name}, {group} | {t['rows']} | {cells} |")


if __name__ == "__main__":
    main()
