"""The verifier against a careful human grader (issue 12): the labelled corpus and Math-Verify's own test suite.

tests/corpus/verifier_corpus.jsonl holds realistic completions (synthetic hard cases and real SmolLM2-135M outputs,
tests/corpus/build_corpus.py), each labelled by hand; the newest batch (rows written after the verifier last
changed) is the held-out split. bench/verify_agreement.py prints the full tables (and math-verify's figures on
the same rows).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

import verify_agreement as agreement  # noqa: E402

FLOORS = {
    "all": 0.985,
    "heldout": 0.97,
}  # 99.4% (9046/9101) and 97.2% (483/497, batch 22) on 2026-12-01; 97.4% after issue 26. Issue 38's fresh batches,
# each first scored with frozen rules against its 97% target: 24 90.2%, 25 93.4%, 26 93.9%, 27 93.9%, 28 96.1%, 29
# 92.4%, 30 96.1%, 31 97.5% (236/242; FN 1, FP 5) at 4a37a33 (docs/verifiers.md). The floors are the levels measured,
# so that they do not get worse; "all" holds each new batch at its first level until it joins tune.
# False positives at most: issue 12's target, 1%, overall; on the held-out batch 5%, the level batch 27 was first
# scored at (4.8%, its hacks in words no lexicon holds), under which batches 28-31 stayed (2.6%, 3.0%, 1.7%, 2.1%).
FP_CEILINGS = {"all": 0.01, "heldout": 0.05}


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    return agreement.read(agreement.CORPUS)


def test_corpus_is_large_realistic_and_labelled(corpus):
    assert len(corpus) >= 400
    wrong = sum(not r["label"] for r in corpus) / len(corpus)
    assert 0.3 <= wrong <= 0.55  # about 40% "wrong"
    assert {r["source"] for r in corpus} == {"synthetic", "synthetic_blind", "smollm2", "smollm2_own"}
    assert sum(r["source"] == "smollm2" for r in corpus) >= 80
    # real text with a right answer to find: each is a labelled real completion graded against the answer it states
    own = [r for r in corpus if r["source"] == "smollm2_own"]
    real = {r["id"]: r for r in corpus if r["source"] == "smollm2"}
    assert len(own) >= 50 and all(r["label"] and r["id"].removesuffix("-own") in real for r in own)
    assert all(r["batch"] == real[r["id"].removesuffix("-own")]["batch"] for r in own)  # one text, one side
    assert {r["task"] for r in corpus} == {"gsm8k", "math"}
    assert all(r["note"].strip() and isinstance(r["label"], bool) for r in corpus)
    assert any(not r["finished"] for r in corpus)  # truncated completions are in it
    assert len({r["id"] for r in corpus}) == len(corpus)


def test_held_out_split_is_the_newest_batch(corpus):
    """Held out = the batch written after the verifier last changed (blind synthetic rows and real completions);
    every older batch is tune. A split is a property of when a row was written, not of its id."""
    sys.path.insert(0, str(REPO / "tests" / "corpus"))
    from build_corpus import HELDOUT_BATCH

    assert all(r["split"] == ("heldout" if r["batch"] == HELDOUT_BATCH else "tune") for r in corpus)
    held = [r for r in corpus if r["split"] == "heldout"]
    assert len(held) >= 150
    assert "synthetic_blind" in {r["source"] for r in held} <= {"synthetic_blind", "smollm2", "smollm2_own"}
    assert 0.3 <= sum(not r["label"] for r in held) / len(held) <= 0.6


def test_agreement_with_the_grader_on_held_out_rows(corpus):
    """Issue 12's targets: >= 97% agreement and <= 1% false positives on the rows never used for tuning, and
    overall. FLOORS and FP_CEILINGS are the levels measured when the split was first scored (docs/verifiers.md);
    they must not get worse."""
    said = agreement.ours(corpus, timeout=10.0)  # verdicts, not the machine's load (the bench uses the 1 s default)
    held = [i for i, r in enumerate(corpus) if r["split"] == "heldout"]
    for idx, split in ((range(len(corpus)), "all"), (held, "heldout")):
        s = agreement.stats([corpus[i] for i in idx], [said[i] for i in idx])
        assert s["agreement"] >= FLOORS[split], s
        assert s["fp"] <= FP_CEILINGS[split] * s["rows"], s


def test_math_verify_suite_off_policy_rows():
    """Math-Verify's own tests, converted: every case that is not a listed policy difference agrees with the
    suite's expected value, as math-verify itself does (issue 12's target). The ~11 rows that need sympy get a
    10 s budget here, so the verdicts are checked and not the machine's load (the bench uses the 1 s default)."""
    rows = [r for r in agreement.read(agreement.SUITE) if r["include"]]
    assert len(rows) >= 260
    assert set(agreement.POLICY) <= {r["id"] for r in rows}
    rows = [r for r in rows if r["id"] not in agreement.POLICY]
    for r in rows:
        r["label"] = r["expected"]
    s = agreement.stats(rows, agreement.ours(rows, "pred", "gold", timeout=10.0))
    assert s["fn"] == 0 and s["fp"] == 0, s


def test_suite_rows_are_data_not_code():
    text = (REPO / "tests" / "corpus" / "math_verify_suite.jsonl").read_text()
    rows = [json.loads(line) for line in text.splitlines()]
    assert all(set(r) == {"id", "gold", "pred", "expected", "match_types", "options", "include", "why"} for r in rows)
    assert all(r["why"] for r in rows if not r["include"])


# What chat templates and assistants add around an answer without changing it: a sign-off (with a number of its
# own), a '---' rule and emoji, an end-of-turn token left in by decoding, Windows line ends, a check that concludes
# nothing new.
AROUND = {
    "sign-off": lambda c: c.rstrip() + "\n\nHope this helps! Let me know if you'd like to try one with 5 friends. 😊",
    "tip": lambda c: c.rstrip() + "\n\n---\n> 💡 **Tip:** check step 2 by multiplying back: 6 × 2 = 12.",
    "end of turn": lambda c: c + "<|im_end|>\n<|im_start|>user\nAnd for 7 people?",
    "crlf": lambda c: c.replace("\n", "\r\n"),
    "check": lambda c: c.rstrip() + "\n\n**Verification:** $2 + 3 = 5$, and 3 × 4 = 12 ✓",
    # Minerva's closing line (it flipped two verdicts where the R1-Zero prompt sentence had been echoed before it)
    "minerva": lambda c: c.rstrip() + "\nI hope it is correct.",
}


@pytest.mark.parametrize("change", sorted(AROUND))
def test_what_a_chat_adds_around_the_answer_changes_no_verdict(corpus, change):
    """Metamorphic: on every third finished corpus row, the verdict with the addition is the verdict without it
    (before the sign-off reader, 'Hope this helps! 😊' alone changed 79 verdicts of the tune split's finished rows,
    and a sign-off with a number in it about 420)."""
    rows = [r for r in corpus[::3] if r["finished"]]
    before = agreement.ours(rows, timeout=10.0)
    after = agreement.ours([{**r, "completion": AROUND[change](r["completion"])} for r in rows], timeout=10.0)
    changed = [r["id"] for r, a, b in zip(rows, before, after, strict=True) if a != b]
    assert not changed, changed[:10]
