"""docs/estimate.md's calibration table is re-run: every command gives the figure and ratio printed, within 0.5x-2x."""

from __future__ import annotations

import re
import shlex

import pytest

from conftest import REPO
from grpo_cli.commands.estimate import compute

DOC = REPO / "docs" / "estimate.md"


def _section(title: str) -> list[str]:
    text = DOC.read_text()
    start = text.index(title)
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None].splitlines()


def calibration_rows() -> list[tuple[str, str, float, float, float, str]]:
    """(run, metric, published, estimate, ratio, command) per table row; 'same ...' reuses the row above's command."""
    rows, command = [], None
    for line in _section("## Calibration against published runs"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 7 or not cells[2].startswith("`"):
            continue
        run, _source, metric, published, estimate, ratio, cmd = cells
        if cmd.startswith("`grpo estimate"):
            command = cmd.strip("`")
        assert command, f"row {run!r} has no command above it"
        num = lambda s: float(s.replace(",", ""))  # noqa: E731
        rows.append((run, metric.strip("`"), num(published), num(estimate), num(ratio), command))
    return rows


def metric_value(result: dict, metric: str) -> float:
    total = 0.0
    for part in metric.split("+"):
        value = result
        for key in part.split("."):
            value = value[key]
        total += value
    return total


ROWS = calibration_rows()


def test_the_table_has_every_published_run():
    runs = " ".join(r[0] for r in ROWS)
    for needle in ("8x H100", "verl GRPO, same workload", "SimpleRL-Zoo", "Oat-Zero"):
        assert needle in runs
    assert len(ROWS) >= 9


@pytest.mark.parametrize("run, metric, published, estimate, ratio, command", ROWS, ids=[r[0][:40] for r in ROWS])
def test_calibration_row_reproduces(run, metric, published, estimate, ratio, command):
    argv = shlex.split(command)
    assert argv[:2] == ["grpo", "estimate"]
    value = metric_value(compute(argv[2:]).to_json(), metric)
    assert value == pytest.approx(estimate, rel=0.005, abs=0.06), f"docs say {estimate}, the command gives {value:.2f}"
    assert value / published == pytest.approx(ratio, abs=0.006)
    assert 0.5 <= value / published <= 2.0


def test_source_rule_of_thumb_row_reproduces():
    lines = _section("### The source's rule of thumb")
    row = next(line for line in lines if "`grpo estimate --params" in line)
    cells = [c.strip() for c in row.strip().strip("|").split("|")]
    command = re.search(r"`(grpo estimate [^`]+)`", cells[3]).group(1)
    hours = float(re.match(r"([\d.]+) GPU-hours", cells[2]).group(1))
    assert compute(shlex.split(command)[2:]).to_json()["gpu_hours"] == pytest.approx(hours, abs=0.06)


def _table_rows(section: str, ncells: int) -> list[list[str]]:
    """Cells of each row of `section`'s tables with `ncells` columns whose last cell is a command (or "same")."""
    rows = []
    for line in _section(section):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == ncells and (cells[-1].startswith("`grpo estimate") or cells[-1] == "same"):
            rows.append(cells)
    return rows


def _claim_rows() -> list[tuple[str, str, float, str]]:
    """(claim, metric, estimate, command) of the four-claims table; 'same' reuses the row above's command."""
    out, command = [], None
    for claim, _says, metric, estimate, _holds, cmd in _table_rows("## The source's four claims", 6):
        command = cmd.strip("`") if cmd.startswith("`grpo estimate") else command
        out.append((claim, metric.strip("`"), float(estimate.replace(",", "")), command))
    return out


CLAIMS = _claim_rows()


def test_every_claim_has_rows():
    claims = " ".join(c[0] for c in CLAIMS)
    for needle in ("1. R1 scale", "2. PPO", "3. DPO", "4. A PRM", "200M-token"):
        assert needle in claims
    assert len(CLAIMS) >= 14


@pytest.mark.parametrize("claim, metric, estimate, command", CLAIMS, ids=[f"{i}-{c[1]}" for i, c in enumerate(CLAIMS)])
def test_claim_row_reproduces(claim, metric, estimate, command):
    result = compute(shlex.split(command)[2:]).to_json()
    assert result["fits"], result["does_not_fit"]
    value = metric_value(result, metric)
    assert value == pytest.approx(estimate, rel=0.005, abs=0.06), f"docs say {estimate}, the command gives {value}"


def test_r1_sensitivity_rows_reproduce():
    rows = _table_rows("What moves the answer", 5)
    assert len(rows) >= 10
    base = None
    for assumption, _change, hours, ratio, cmd in rows:
        result = compute(shlex.split(cmd.strip("`"))[2:]).to_json()
        assert result["fits"], result["does_not_fit"]
        assert result["gpu_hours"] == pytest.approx(float(hours.replace(",", "")), abs=0.06), assumption
        base = base or result["gpu_hours"]
        assert result["gpu_hours"] / base == pytest.approx(float(ratio), abs=0.006), assumption


def test_r1_as_the_source_states_it_does_not_fit_and_the_doc_shows_the_line():
    text = DOC.read_text()
    line = compute(
        shlex.split("--model deepseek-v3 --tokens 1e10 --prompt-len 0 --gpu h800 --num-gpus 128 --mfu 0.4")
    ).to_json()
    assert line["fits"] is False and line["gpu_hours"] is None
    shown = " ".join(text[text.index("does not fit on 128x h800") :].split("```")[0].split())
    assert shown == line["does_not_fit"]
