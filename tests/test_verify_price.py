"""The final reading's price on honest text (docs/verifiers.md, "Its price"): correct completions written blind to
the rules by someone who saw only the GPU recipes' system prompt (`prompt.system: r1-final`), scored as the reward
scores them. A floor below today's figure, so a rule that starts refusing compliant answers fails here; the first
score was GSM8K 96.2% and MATH500 75.0% (bench/final_contract_price.py prints the table).
"""

from __future__ import annotations

import json
import sys

from conftest import REPO

sys.path.insert(0, str(REPO / "bench"))
import final_contract_price as price  # noqa: E402

FLOORS = {"gsm8k": 0.95, "math500": 0.70}  # (today: 98.5%, 75.0%)


def test_the_written_set_is_well_formed():
    rows = [json.loads(line) for line in price.WRITTEN.open()]
    assert len(rows) == 170 and all(set(r) == {"source", "index", "style", "completion"} for r in rows)
    assert all(r["completion"].startswith("<think>") and r["completion"].endswith("</answer>") for r in rows)


def test_compliant_answers_are_paid(shared_data):
    rows = price.written_rows()
    final, flexible = price.paid(rows, "final"), price.paid(rows, "flexible")
    assert all(flexible)  # every row is right: the flexible reading pays each
    for source, floor in FLOORS.items():
        paid = [f for r, f in zip(rows, final, strict=True) if r["source"] == source]
        assert sum(paid) / len(paid) >= floor, (source, sum(paid), len(paid))
