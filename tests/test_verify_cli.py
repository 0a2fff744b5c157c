"""`grpo verify FILE.jsonl`, run as a user runs it (a real subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

ROWS = [
    {"completion": "<think>6*12</think><answer>72</answer>", "answer": "#### 72", "id": 1},
    {"completion": "The answer is 71.", "answer": "72", "id": 2},
    {"completion": r"\boxed{\frac{1}{2}}", "answer": "0.5", "task": "math", "id": 3},
    {"completion": [{"role": "assistant", "content": "<answer>5</answer>"}], "answer": 5, "id": 4},
    {"completion": "<answer>3</answer>", "answer": "three", "id": 5},
    {"completion": "I give up", "answer": "9", "id": 6},
    {"completion": r"\boxed{(2,\infty)}", "answer": "x > 2", "task": "math", "id": 7},
]


def _write(path, rows, extra_lines=()):
    lines = [json.dumps(r) for r in rows] + list(extra_lines)
    path.write_text("\n".join(lines) + "\n")
    return path


def test_rows_come_back_unchanged_with_verdicts(cli, tmp_path):
    src = _write(tmp_path / "in.jsonl", ROWS)
    out = tmp_path / "out.jsonl"
    res = cli("verify", str(src), "--out", str(out))
    assert res.returncode == 0, res.stderr
    got = [json.loads(line) for line in out.read_text().splitlines()]
    assert [{k: v for k, v in g.items() if k not in ("correct", "extracted", "reason")} for g in got] == ROWS
    assert [g["correct"] for g in got] == [True, False, True, True, None, False, True]
    assert [g["reason"] for g in got] == ["ok", "wrong", "ok", "ok", "bad_reference", "no_answer", "ok"]
    assert got[0]["extracted"] == "72" and got[2]["extracted"] == r"\frac{1}{2}"
    assert "rows 7  correct 4  wrong 2  unscorable 1  timeouts 0  malformed 0" in res.stdout


def test_json_summary(cli, tmp_path):
    src = _write(tmp_path / "in.jsonl", ROWS)
    res = cli("verify", str(src), "--out", str(tmp_path / "o.jsonl"), "--json")
    summary = json.loads(res.stdout)
    assert {k: summary[k] for k in ("rows", "correct", "wrong", "unscorable", "timeouts", "malformed")} == {
        "rows": 7,
        "correct": 4,
        "wrong": 2,
        "unscorable": 1,
        "timeouts": 0,
        "malformed": 0,
    }
    assert summary["accuracy"] == pytest.approx(4 / 6)


def test_without_out_rows_go_to_stdout_and_the_summary_to_stderr(cli, tmp_path):
    src = _write(tmp_path / "in.jsonl", ROWS[:2])
    res = cli("verify", str(src), "--json")
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert [r["correct"] for r in rows] == [True, False]
    assert json.loads(res.stderr.strip().splitlines()[-1])["rows"] == 2


def test_malformed_lines_are_reported_and_skipped(cli, tmp_path):
    bad = [
        "not json",
        "[1, 2]",
        json.dumps({"completion": "x"}),
        json.dumps({"completion": "1", "answer": "1", "task": "mth"}),
        json.dumps({"completion": 5, "answer": "1"}),
        json.dumps({"completion": "1", "answer": None}),
    ]
    src = _write(tmp_path / "in.jsonl", ROWS[:1], bad)
    out = tmp_path / "out.jsonl"
    res = cli("verify", str(src), "--out", str(out), "--json")
    assert res.returncode == 0
    assert len(out.read_text().splitlines()) == 1
    for lineno in range(2, 8):
        assert f"line {lineno}:" in res.stderr
    assert "unknown task 'mth' (did you mean: math?)" in res.stderr
    assert "missing 'answer'" in res.stderr
    assert json.loads(res.stdout)["malformed"] == 6


def test_task_option_applies_to_rows_without_their_own(cli, tmp_path):
    src = _write(tmp_path / "in.jsonl", [{"completion": r"\boxed{2\sqrt{5}}", "answer": r"\sqrt{20}"}])
    gsm = cli("verify", str(src), "--json")
    math = cli("verify", str(src), "--task", "math", "--json")
    assert json.loads(gsm.stdout.splitlines()[0])["correct"] is False  # read as numbers: 2 != 20
    assert json.loads(math.stdout.splitlines()[0])["correct"] is True


def test_strict_mode(cli, tmp_path):
    src = _write(tmp_path / "in.jsonl", [{"completion": "so 12 in all", "answer": "12"}])
    assert json.loads(cli("verify", str(src)).stdout)["correct"] is True
    assert json.loads(cli("verify", str(src), "--mode", "strict").stdout)["reason"] == "no_answer"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["verify", "missing.jsonl"], "input file not found: missing.jsonl"),
        (["verify", "{tmp}", "--task", "mth"], "--task 'mth' is not a verifier task (did you mean: math?)"),
        (["verify", "{tmp}"], "is a directory"),
    ],
)
def test_user_errors_are_one_line(cli, tmp_path, args, message):
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    if "--task" in args:
        args[1] = str(_write(tmp_path / "in.jsonl", ROWS[:1]))
    res = cli(*args, cwd=tmp_path)
    assert res.returncode == 2
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], res.stderr


def test_a_few_thousand_rows(cli, tmp_path):
    rows = [{"completion": f"<answer>{i}</answer>", "answer": str(i if i % 3 else i + 1)} for i in range(3000)]
    src = _write(tmp_path / "in.jsonl", rows)
    res = cli("verify", str(src), "--out", str(tmp_path / "o.jsonl"), "--json")
    summary = json.loads(res.stdout)
    assert (summary["rows"], summary["correct"], summary["wrong"]) == (3000, 2000, 1000)


def test_verify_imports_no_ml_stack(tmp_path):
    src = _write(tmp_path / "in.jsonl", ROWS)
    code = (
        "import sys\n"
        "from grpo_cli.cli import main\n"
        f"sys.argv = ['grpo', 'verify', {str(src)!r}, '--out', {str(tmp_path / 'o.jsonl')!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('torch', 'transformers', 'trl', 'datasets', 'sympy') if m in sys.modules]\n"
        "print('HEAVY', heavy)\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert "HEAVY []" in res.stdout, res.stdout + res.stderr


def test_a_row_can_say_it_was_cut_off(cli, tmp_path):
    rows = [
        {"completion": "5 and 7 make 12", "answer": "12"},
        {"completion": "5 and 7 make 12", "answer": "12", "finished": False},
        {"completion": "5 and 7 make 12", "answer": "12", "truncated": True},
    ]
    src = _write(tmp_path / "in.jsonl", rows)
    cli("verify", str(src), "--out", str(tmp_path / "o.jsonl"))
    got = [json.loads(line) for line in (tmp_path / "o.jsonl").read_text().splitlines()]
    assert [(g["correct"], g["reason"]) for g in got] == [(True, "ok"), (False, "truncated"), (False, "truncated")]
