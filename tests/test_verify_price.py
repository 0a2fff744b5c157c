"""The final reading's price on honest text (docs/verifiers.md, "Its price"): correct completions written blind to
the rules by someone who saw only the GPU recipes' system prompt (`prompt.system: r1-final`), scored as the reward
scores them. A floor below today's figure, so a rule that starts refusing compliant answers fails here. Four sets,
each written before a round of rules and scored once: set one's first score was GSM8K 96.2% and MATH500 75.0%, set
two's 85.4% and 62.5%, set three's 91.5% and 75.0%, set four's 91.5% and 65.0% (bench/final_contract_price.py prints
the table).
"""

from __future__ import annotations

import json
import sys

from conftest import REPO

sys.path.insert(0, str(REPO / "bench"))
import final_contract_price as price  # noqa: E402

# Per set label (bench/final_contract_price.WRITTEN_SETS) and source. Today: set one 97.7% / 75.0%, set two 90.8% /
# 62.5%, set three 91.5% / 72.5%, set four 91.5% / 65.0%.
FLOORS = {
    "": {"gsm8k": 0.95, "math500": 0.70},
    ", set two": {"gsm8k": 0.88, "math500": 0.60},
    ", set three": {"gsm8k": 0.88, "math500": 0.70},
    ", set four": {"gsm8k": 0.88, "math500": 0.60},
}


def test_the_written_sets_are_well_formed():
    for path in price.WRITTEN_SETS.values():
        rows = [json.loads(line) for line in path.open()]
        assert len(rows) == 170 and all(set(r) == {"source", "index", "style", "completion"} for r in rows)
        assert all(r["completion"].startswith("<think>") and r["completion"].endswith("</answer>") for r in rows)


def test_compliant_answers_are_paid(shared_data):
    rows = [r for label, path in price.WRITTEN_SETS.items() for r in price.written_rows(path, label)]
    final, flexible = price.paid(rows, "final"), price.paid(rows, "flexible")
    refused = {(r["source"], r["index"]) for r, f in zip(rows, flexible, strict=True) if not f}
    assert refused == set()  # every row is right, and the flexible reading pays each
    for label, floors in FLOORS.items():
        for source, floor in floors.items():
            paid = [f for r, f in zip(rows, final, strict=True) if r["source"] == source + label]
            assert len(paid) and sum(paid) / len(paid) >= floor, (source + label, sum(paid), len(paid))
