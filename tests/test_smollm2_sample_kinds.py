"""bench/smollm2_cpu.py's `kind`: what an eval sample of the `smollm2-cpu` recipe did, read from its own working.
docs/learning.md's "samples by kind" tables come from it, so each kind is checked both ways here."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

import smollm2_cpu  # noqa: E402


def sample(completion: str, extracted: str | None, reference: str = "14") -> dict:
    return {"completion": completion, "extracted": extracted, "reference": reference, "correct": extracted == reference}


@pytest.mark.parametrize(
    ("completion", "extracted", "expected"),
    [
        ("<think>12+7=19, 19-5=14</think>\n<answer>14</answer>", "14", "correct"),
        # the careless demonstrator's slip: right working, the value one step before the end as the answer
        ("<think>12+7=19, 19-5=14</think>\n<answer>19</answer>", "19", "sub-result"),
        ("<think>12+7=19, 19-5=14</think>\n<answer>12</answer>", "12", "other answer"),
        # the working does not reach the reference: an arithmetic slip, whatever the answer
        ("<think>12+7=18, 18-5=13</think>\n<answer>13</answer>", "13", "working wrong"),
        ("<think>12+7=19, 19-5=13</think>\n<answer>19</answer>", "19", "working wrong"),
        ("<answer>19</answer>", "19", "working wrong"),  # no working to read
        ("<think>12+7=19, 19-5=14</think>", None, "no answer"),
        ("<think>12+7=19, 19-5= 14</think>\n<answer>19</answer>", "19", "sub-result"),  # a space after "="
        # one step: the value before it is its first operand, as the careless demonstrator writes it
        ("<think>5+9=14</think>\n<answer>5</answer>", "5", "sub-result"),
        ("<think>5+9=14</think>\n<answer>9</answer>", "9", "other answer"),
    ],
)
def test_each_kind(completion, extracted, expected):
    assert smollm2_cpu.kind(sample(completion, extracted)) == expected


def test_kinds_counts_every_kind_of_a_samples_file(tmp_path):
    rows = [
        sample("<think>12+7=19, 19-5=14</think>\n<answer>14</answer>", "14"),
        sample("<think>12+7=19, 19-5=14</think>\n<answer>19</answer>", "19"),
        sample("<think>12+7=19, 19-5=14</think>\n<answer>19</answer>", "19"),
    ]
    path = tmp_path / "samples.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    counts = smollm2_cpu.kinds(path)
    assert list(counts) == list(smollm2_cpu.KINDS)
    assert counts == {"correct": 1, "sub-result": 2, "other answer": 0, "working wrong": 0, "no answer": 0}
