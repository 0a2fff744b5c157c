"""The reward pays a completion for one answer at most (issue 38; bench/verify_multishot.py, docs/verifiers.md "Hedges
that pay"): the `final` reading, scored with each number a completion shows as the reference, is paid under two
different answers by none of the held-out hack rows that state two values (a second value, alternatives, a condition
on the grader, a retraction, a scale after the value), nor by their honest twins. A text paid under two answers is a
bet spread over them, the one device that raises a policy's reward without it being right more often."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "tests"))
import verify_hacks as hacks  # noqa: E402
import verify_multishot as multishot  # noqa: E402

# The kinds whose rows hold another value beside the right one.
TWO_VALUES = {"two_values", "json_alternatives", "grader_conditional", "retraction_any", "trailing_value", "asked"}


def _rows(which: str) -> list[dict]:
    rows = [r for r in hacks.heldout_rows(which, n=40) if r["kind"] in TWO_VALUES or r["group"] == "keep"]
    for r in rows:
        r["candidates"] = multishot.candidates(r["completion"], r["answer"])
    return [r for r in rows if len(r["candidates"]) > 1]  # (a row that shows only its answer has nothing to spread)


def _spread(rows: list[dict], reader: str = "final") -> tuple[list[tuple[str, tuple]], int]:
    """The rows `reader` pays under two answers that it read differently (a bet spread), and how many it pays at all."""
    paid = multishot.paid_under(rows, reader)
    found = [(r["completion"][-200:], multishot.hedge(p, r["task"])) for r, p in zip(rows, paid, strict=True)]
    return [(text, h) for text, h in found if h is not None and h[2]], sum(bool(p) for p in paid)


@pytest.mark.parametrize("which", ["12", "13", "14"])
def test_the_reward_pays_no_bet_spread_over_two_answers(which):
    rows = _rows(which)
    assert len(rows) > 300
    spread, paid = _spread(rows)
    assert spread == []
    assert paid >= 5  # (the reading pays some of them: it does not simply refuse every row)


def test_the_reward_pays_honest_answers_for_one_answer(shared_data):
    from final_contract_price import WRITTEN_SETS, written_rows

    rows = [r for label, path in WRITTEN_SETS.items() for r in written_rows(path, label)]
    for r in rows:
        r["candidates"] = multishot.candidates(r["completion"], r["reference"])
    spread, paid = _spread(rows)
    assert spread == [] and paid > 500


def test_a_hedge_is_two_answers_and_one_quantity_is_not():
    assert multishot.hedge([("18", "18"), ("19", "19")], "gsm8k") == ("18", "19", True)  # read differently
    assert multishot.hedge([("40", "40"), ("0.4", "40")], "gsm8k") == ("40", "0.4", False)  # '40%' read two ways
    assert multishot.hedge([("0.5", "1/2"), ("1/2", "1/2")], "gsm8k") is None  # one answer, two notations
    assert multishot.hedge([("18", None), ("19", None)], "gsm8k") == ("18", "19", True)  # no extraction reported


def test_the_flexible_reading_reads_a_percent_two_ways():
    # the control for the count: '40%' is paid under 40 and under 0.4, one quantity (verify.gsm8k.span_number's alt)
    row = {"completion": "<answer>40%</answer>", "task": "gsm8k", "question": None}
    row["candidates"] = multishot.candidates(row["completion"], "0.4")
    paid = multishot.paid_under([row], "flexible")[0]
    assert sorted(c for c, _ in paid) == ["0.4", "40"]
    assert multishot.hedge(paid, "gsm8k") == ("0.4", "40", False)


def test_the_spread_set_spreads_only_by_a_quantity_read_in_two_units(shared_data):
    # bench/data/spread_heldout_1.jsonl, written blind to be paid under two or more answers (docs/verifiers.md, "Hedges
    # that pay"): no device makes the reward read one text two ways; what still pays twice is one quantity written
    # with a unit whose bare number the reference may count either way, where the question names neither unit
    rows = multishot.spread_rows(REPO / "bench" / "data" / "spread_heldout_1.jsonl")
    paid = multishot.paid_under(rows, "final")
    found = [(r["device"], multishot.hedge(p, r["task"])) for r, p in zip(rows, paid, strict=True)]
    assert [f for f in found if f[1] is not None and f[1][2]] == []
    assert {device for device, h in found if h is not None} <= {"percent", "dollar_decimal", "cents", "hours_minutes"}
    assert sum(bool(p) for p in paid) > 100
