"""The live view: MonitorCallback inside a real transformers Trainer, plain lines off a terminal, the rich view on
one, alarms printed once and written to alarms.jsonl, resume, and the eval progress helper."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

from grpo_cli import rundir
from grpo_cli.config import MonitorConfig
from grpo_cli.observe.alarms import RunContext
from grpo_cli.observe.live import (
    MonitorCallback,
    eval_progress,
    fmt_duration,
    fmt_rate,
    fmt_value,
    quiet_default_progress,
    sparkline,
)
from metric_streams import STEPS, healthy_run, truncation_run

transformers = pytest.importorskip("transformers")
from transformers import TrainerControl, TrainerState, TrainingArguments  # noqa: E402


def console(terminal: bool) -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, force_terminal=terminal, width=120, color_system=None if not terminal else "standard"), buf


def drive(cb: MonitorCallback, rows: list[dict], tmp_path, max_steps: int = STEPS, start: int = 0) -> None:
    """Feed logged rows through the TrainerCallback interface, as the Trainer does."""
    args = TrainingArguments(output_dir=str(tmp_path / "trainer"), report_to="none", use_cpu=True)
    state, control = TrainerState(), TrainerControl()
    state.max_steps, state.global_step = max_steps, start
    cb.on_train_begin(args, state, control)
    for row in rows:
        state.global_step = row["step"]
        cb.on_step_end(args, state, control)
        cb.on_log(args, state, control, logs={k: v for k, v in row.items() if k != "step"})
    cb.on_train_end(args, state, control)


def test_plain_lines_when_not_a_terminal_with_alarm_once_and_alarms_jsonl(tmp_path):
    con, buf = console(terminal=False)
    cb = MonitorCallback(tmp_path, MonitorConfig(), context=RunContext(max_completion_length=128), console=con)
    drive(cb, truncation_run(), tmp_path)
    out = buf.getvalue()
    lines = [line for line in out.splitlines() if line.startswith("grpo step ")]
    assert len(lines) == STEPS  # one plain line per logging step, no redraw codes
    assert "\x1b[" not in out
    first = lines[0]
    for label in (
        "reward",
        "accuracy",
        "format",
        "language",
        "mean length",
        "clipped ratio",
        "zero-std frac",
        "kl",
        "entropy",
        "tok/s",
        "eta",
    ):
        assert label in first, label
    assert re.match(r"grpo step 1/200 \| reward ", first)
    assert out.count("ALARM [truncation]") == 1
    assert "evidence: " in out and "advice: " in out
    alarms = rundir.read_jsonl(tmp_path / "alarms.jsonl")
    assert [a["id"] for a in alarms] == ["truncation"]
    assert 50 <= alarms[0]["step"] <= 54 and "max_completion_length=128" in alarms[0]["evidence"]
    assert out.rstrip().endswith(f"alarms: truncation (step {alarms[0]['step']})")


def test_healthy_run_raises_nothing_and_writes_no_alarms(tmp_path):
    con, buf = console(terminal=False)
    drive(MonitorCallback(tmp_path, console=con), healthy_run(), tmp_path)
    assert "ALARM" not in buf.getvalue()
    assert not (tmp_path / "alarms.jsonl").exists()


def test_tokens_per_second_from_num_tokens(tmp_path, monkeypatch):
    clock = iter(range(0, 10_000, 10))  # every time.monotonic() call advances 10 s
    monkeypatch.setattr("grpo_cli.observe.live.time.monotonic", lambda: float(next(clock)))
    cb = MonitorCallback(tmp_path, console=console(False)[0])
    drive(cb, healthy_run(steps=5), tmp_path, max_steps=5)
    # num_tokens grows 40,000 per log; the clock is read once for the rate and once for the ETA per log: 20 s.
    assert cb.tokens_per_s == pytest.approx(40_000 / 20)


def test_live_view_on_a_terminal_shows_the_table_and_the_alarm(tmp_path):
    con, buf = console(terminal=True)
    cb = MonitorCallback(tmp_path, console=con)
    assert cb.live_mode
    drive(cb, truncation_run(), tmp_path)
    out = buf.getvalue()
    assert "ALARM truncation" in out and out.count("ALARM truncation") == 1
    for label in ("metric", "now", "start", "trend", "accuracy", "zero-std frac", "entropy"):
        assert label in out, label
    assert any(ch in out for ch in "▁▂▃▄▅▆▇█")  # the sparklines
    assert "200/200" in out  # step/total at the end


def test_sft_stage_shows_loss_and_raises_no_grpo_alarms(tmp_path):
    # SFT logs entropy too, and it falls as the model learns: that is not a GRPO entropy collapse.
    rows = [
        {"step": s, "loss": 2.0 / s, "entropy": 1.0 / s, "learning_rate": 1e-5, "mean_token_accuracy": 0.5}
        for s in range(1, 41)
    ]
    con, buf = console(terminal=False)
    drive(MonitorCallback(tmp_path, stage="sft", console=con), rows, tmp_path, max_steps=40)
    out = buf.getvalue()
    assert "sft step 40/40 | loss 0.050 | token accuracy 0.500 | lr 1e-05" in out
    assert "ALARM" not in out and not (tmp_path / "alarms.jsonl").exists()


def test_resume_replays_logged_metrics_and_does_not_repeat_alarms(tmp_path):
    rows = truncation_run()
    con, buf = console(terminal=False)
    drive(MonitorCallback(tmp_path, console=con), rows[:100], tmp_path)
    for row in rows[:100]:
        rundir.append_jsonl(tmp_path / "metrics.jsonl", row)  # what grpo_cli.observe.callbacks writes
    assert buf.getvalue().count("ALARM") == 1
    con2, buf2 = console(terminal=False)
    cb = MonitorCallback(tmp_path, console=con2)
    drive(cb, rows[100:], tmp_path, start=100)
    assert "ALARM" not in buf2.getvalue()
    assert "from step 100" in buf2.getvalue()
    assert len(rundir.read_jsonl(tmp_path / "alarms.jsonl")) == 1
    assert cb.watcher.stream.rows == STEPS  # the alarms saw the whole run


def test_resume_past_an_alarm_id_that_is_not_a_name(tmp_path, capsys):
    """alarms.jsonl edited by hand (a list as an id: unhashable) made the resume's replay raise; it is skipped with
    a warning (rundir.read_alarms, the report's reader too), and the alarm it stood for is raised again."""
    rows = truncation_run()
    for row in rows[:100]:
        rundir.append_jsonl(tmp_path / "metrics.jsonl", row)
    rundir.append_jsonl(tmp_path / "alarms.jsonl", {"id": ["truncation"], "step": 54})
    con, buf = console(terminal=False)
    drive(MonitorCallback(tmp_path, console=con), rows[100:], tmp_path, start=100)
    assert buf.getvalue().count("ALARM [truncation]") == 1
    assert "whose id is not a name (first: row 1), skipped" in capsys.readouterr().err


def test_only_the_main_process_prints_or_writes(tmp_path):
    con, buf = console(terminal=False)
    cb = MonitorCallback(tmp_path, console=con)
    args = TrainingArguments(output_dir=str(tmp_path / "t"), report_to="none", use_cpu=True)
    state, control = TrainerState(), TrainerControl()
    state.is_world_process_zero = False
    cb.on_train_begin(args, state, control)
    for row in truncation_run():
        state.global_step = row["step"]
        cb.on_log(args, state, control, logs=dict(row))
    cb.on_train_end(args, state, control)
    assert buf.getvalue() == "" and not (tmp_path / "alarms.jsonl").exists()


def _tiny_trainer(tmp_path, callbacks, steps=4):
    import torch
    from transformers import Qwen2Config, Qwen2ForCausalLM, Trainer

    torch.manual_seed(0)
    cfg = Qwen2Config(
        vocab_size=32,
        hidden_size=16,
        intermediate_size=32,
        num_hidden_layers=1,
        num_attention_heads=2,
        num_key_value_heads=1,
    )
    model = Qwen2ForCausalLM(cfg)
    data = [
        {"input_ids": [i % 32 for i in range(k, k + 8)], "labels": [i % 32 for i in range(k, k + 8)]} for k in range(16)
    ]
    args = TrainingArguments(
        output_dir=str(tmp_path / "trainer"), max_steps=steps, logging_steps=1, per_device_train_batch_size=4,
        report_to="none", use_cpu=True, save_strategy="no", learning_rate=1e-3,
    )  # fmt: skip
    return Trainer(model=model, args=args, train_dataset=data, callbacks=callbacks)


def test_inside_a_real_trainer_plain(tmp_path, capsys):
    con, buf = console(terminal=False)
    cb = MonitorCallback(tmp_path, stage="sft", console=con)
    trainer = _tiny_trainer(tmp_path, [cb])
    names = {type(c).__name__ for c in trainer.callback_handler.callbacks}
    assert "ProgressCallback" in names or "PrinterCallback" in names
    cb.attach(trainer)  # what stages/training.train does with every callback that has attach()
    names = {type(c).__name__ for c in trainer.callback_handler.callbacks}
    assert not names & {"ProgressCallback", "PrinterCallback", "NotebookProgressCallback"}
    trainer.train()
    out = buf.getvalue()
    assert [line.split(" | ")[0] for line in out.splitlines() if line.startswith("sft step")] == [
        f"sft step {i}/4" for i in range(1, 5)
    ]
    assert "loss" in out and "finished at step 4" in out
    assert "{'loss'" not in capsys.readouterr().out  # transformers' log printer is gone


def test_quiet_default_progress_leaves_a_trainer_without_monitor_alone(tmp_path):
    trainer = _tiny_trainer(tmp_path, [])
    before = [type(c).__name__ for c in trainer.callback_handler.callbacks]
    quiet_default_progress(trainer)
    assert [type(c).__name__ for c in trainer.callback_handler.callbacks] == before


def test_eval_progress_plain_prints_a_final_line(monkeypatch):
    con, buf = console(terminal=False)
    with eval_progress(10, "eval-grpo", console=con, plain_every=1e9) as advance:
        for _ in range(10):
            advance(1, tokens=50)
    lines = buf.getvalue().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("eval-grpo: 10/10 problems (100%) | ") and "tok/s" in lines[0]


def test_eval_progress_plain_prints_periodically():
    con, buf = console(terminal=False)
    with eval_progress(3, console=con, plain_every=0.0) as advance:
        for _ in range(3):
            advance()
    assert [line.split(" | ")[0] for line in buf.getvalue().splitlines()] == [
        "eval: 1/3 problems (33%)",
        "eval: 2/3 problems (67%)",
        "eval: 3/3 problems (100%)",
        "eval: 3/3 problems (100%)",
    ]


def test_eval_progress_on_a_terminal_draws_a_bar():
    con, buf = console(terminal=True)
    with eval_progress(4, "eval-base", console=con) as advance:
        advance(4, tokens=400)
    out = buf.getvalue()
    assert "eval-base" in out and "4/4" in out and "tok/s" in out


def test_eval_progress_final_line_even_when_the_loop_fails():
    con, buf = console(terminal=False)
    with pytest.raises(RuntimeError), eval_progress(5, console=con, plain_every=1e9) as advance:
        advance(2)
        raise RuntimeError("generation failed")
    assert "2/5 problems" in buf.getvalue()


@pytest.mark.parametrize(
    "value, text",
    [(None, "-"), (0, "0"), (0.5, "0.500"), (80.94, "80.9"), (123.4, "123"), (12345.0, "1.23e+04"), (1e-6, "1e-06")],
)
def test_fmt_value(value, text):
    assert fmt_value(value) == text


def test_formatters():
    assert fmt_rate(None) == "- tok/s" and fmt_rate(950) == "950 tok/s" and fmt_rate(2500) == "2.5k tok/s"
    assert fmt_duration(None) == "-" and fmt_duration(59) == "59s" and fmt_duration(61) == "1m01s"
    assert fmt_duration(3 * 3600 + 120) == "3h02m"
    assert sparkline([]) == "" and sparkline([1, 1, 1]) == "▁▁▁"
    line = sparkline([0, 1, 2, 3, 4, 5, 6, 7])
    assert line[0] == "▁" and line[-1] == "█" and len(line) == 8
    # A long history is bucketed, not cut: a rise early in the run still shows.
    long = sparkline([0.0] * 50 + [1.0] * 950, width=10)
    assert len(long) == 10 and long[0] == "▁" and long[1:] == "█" * 9


def test_alarm_json_rows_are_complete(tmp_path):
    con, _ = console(terminal=False)
    drive(MonitorCallback(tmp_path, console=con), truncation_run(), tmp_path)
    (row,) = [json.loads(line) for line in (tmp_path / "alarms.jsonl").read_text().splitlines()]
    assert set(row) == {"id", "step", "evidence", "advice", "title"}


def test_live_view_can_be_closed_without_train_end(tmp_path):
    # A crash skips on_train_end; close() (also registered with atexit) stops the live view, once.
    con, _ = console(terminal=True)
    cb = MonitorCallback(tmp_path, console=con)
    args = TrainingArguments(output_dir=str(tmp_path / "t"), report_to="none", use_cpu=True)
    state = TrainerState()
    state.max_steps = 10
    cb.on_train_begin(args, state, TrainerControl())
    assert cb._live is not None and cb._live.is_started
    live = cb._live
    cb.close()
    cb.close()
    assert cb._live is None and not live.is_started


def test_step_metrics_show_in_plain_lines_and_the_live_view(tmp_path):
    """A run that scores reasoning steps shows its per-step diagnostics and the accuracy of each operation."""
    rows = [
        {**row, "steps/per_completion": 2.0, "steps/correct_frac": 0.7 + row["step"] / 1000,
         "steps/wrong_working_frac": 0.3, "steps/acc/add": 0.9, "steps/acc/sub": 0.6}
        for row in healthy_run(steps=20)
    ]  # fmt: skip
    con, buf = console(terminal=False)
    drive(MonitorCallback(tmp_path / "plain", console=con), rows, tmp_path, max_steps=20)
    last = [line for line in buf.getvalue().splitlines() if line.startswith("grpo step 20/20")][0]
    assert "correct steps 0.720" in last and "wrong working 0.300" in last
    assert "acc add 0.900" in last and "acc sub 0.600" in last
    con, buf = console(terminal=True)
    drive(MonitorCallback(tmp_path / "live", console=con), rows, tmp_path, max_steps=20)
    assert "correct steps" in buf.getvalue() and "acc sub" in buf.getvalue()


def test_one_duration_function_serves_the_live_view_the_report_and_the_estimate():
    from grpo_cli.observe.durations import duration

    assert duration(3 * 3600 + 125, form="short") == "3h02m" and duration(3 * 3600 + 125, form="full") == "3h02m05s"
    assert duration(59, form="full") == "0m59s"
    assert duration(59, form="decimal") == "59.0 s" and duration(600, form="decimal") == "10.0 min"
    assert duration(7200, form="decimal") == "2.00 h"
    assert duration(float("nan"), form="decimal") == "-" and duration(None, form="full", missing="n/a") == "n/a"
