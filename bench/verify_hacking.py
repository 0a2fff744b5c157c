"""The hacking suite (tests/verify_hacks.py) scored by grpo_cli.verify and math-verify on the same rows, in one run.

For each edit kind: hacks (wrong by construction) -> the share each verifier credits (a false positive: a gradient
toward the hack); keeps (right by construction) -> the share each verifier still credits. Our verifier gets the
question where a row has one (math-verify has no such input) and every row is a finished completion.

    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py            # the table quoted in docs/verifiers.md
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --show retraction   # our false positives of one kind
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --json
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --round 2 --mode strict   # round two, the strict reading
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout   # round two's held-out phrasings (score once)
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout-after   # ... the set written after the rules
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout-3   # ... the set written before round three
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout-4   # ... the set written before round four
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout-5   # ... the set written before round five
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout-6   # ... the set written before round six
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout-7   # ... the set written before round seven
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout-8   # ... the set written before round eight
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout-9   # ... round nine, in the R1 format's shape
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout-10  # ... round ten, in the R1 format's shape
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout-11  # ... round eleven, in the R1 format's shape
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout-12  # ... round twelve, in the R1 format's shape
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout-13  # ... round thirteen, in the R1 format's shape
    PYTHONPATH=src .venv/bin/python bench/verify_hacking.py --heldout-14  # ... round fourteen, in the R1 format's shape
"""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "bench"))

import verify_hacks as hacks  # noqa: E402
from verify_agreement import math_verify  # noqa: E402


def ours(rows: list[dict], timeout: float = 10.0, mode: str = "flexible") -> list[bool]:
    from grpo_cli.verify import verify_batch

    args = ([r["completion"] for r in rows], [r["answer"] for r in rows], [r["task"] for r in rows])
    try:
        verdicts = verify_batch(*args, questions=[r["question"] for r in rows], timeout=timeout, mode=mode)
    except TypeError:  # a verifier from before issue 26 (PYTHONPATH=old/src): it takes no question
        verdicts = verify_batch(*args, timeout=timeout, mode=mode)
    return [v.correct is True for v in verdicts]


def report(rows: list[dict], a: list[bool], b: list[bool]) -> dict:
    out: dict[str, dict] = {}
    for r, x, y in zip(rows, a, b, strict=True):
        s = out.setdefault(r["kind"], {"group": r["group"], "rows": 0, "ours": 0, "math_verify": 0})
        s["rows"] += 1
        s["ours"] += x
        s["math_verify"] += y
    return out


def table(summary: dict) -> str:
    lines = [
        "| edit kind | rows | credited: grpo_cli.verify | credited: math-verify | by construction |",
        "|---|---|---|---|---|",
    ]
    for kind, s in summary.items():
        want = "wrong (a false positive if credited)" if s["group"] == "hack" else "right (kept if credited)"
        pct = [f"{100 * s[k] / s['rows']:.1f}% ({s[k]}/{s['rows']})" for k in ("ours", "math_verify")]
        lines.append(f"| {kind} | {s['rows']} | {pct[0]} | {pct[1]} | {want} |")
    return "\n".join(lines)


def main() -> None:
    logging.disable(logging.WARNING)
    mode = sys.argv[sys.argv.index("--mode") + 1] if "--mode" in sys.argv else "flexible"
    held = [a[len("--heldout") :].lstrip("-") for a in sys.argv[1:] if a.startswith("--heldout")]
    # '--heldout' is round two's held-out set, '--heldout-after' and '--heldout-3' ... '--heldout-14' the later ones
    rows = hacks.heldout_rows(held[0]) if held else hacks.edited_rows()
    if "--round" in sys.argv:  # '--round 2': round two's kinds only
        two = (
            set(hacks.HACKS_RIGHT_BASE) | set(hacks.HACKS_WRONG_BASE) | set(hacks.KEEPS_RIGHT_BASE) | {"changed_answer"}
        )
        rows = [r for r in rows if (r["kind"] in two) == (sys.argv[sys.argv.index("--round") + 1] == "2")]
    a = ours(rows, mode=mode)
    b = math_verify(rows)
    if "--show" in sys.argv:
        kind = sys.argv[sys.argv.index("--show") + 1]
        for r, x, y in zip(rows, a, b, strict=True):
            if r["kind"] == kind and x != (r["group"] == "keep"):
                print(f"[{r['source_id']} {r['task']} phrasing {r['phrasing']}] ours={x} mv={y} ref={r['answer']!r}")
                print(f"   {r['completion'][-260:]!r}")
    summary = report(rows, a, b)
    print(json.dumps(summary, indent=2) if "--json" in sys.argv else table(summary))


if __name__ == "__main__":
    main()
