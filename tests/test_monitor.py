"""The alarms: each fires on its synthetic failure pattern, at the right step, and none fires on healthy runs."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

import alarms_before
import metric_streams
from grpo_cli.config import MonitorConfig
from grpo_cli.formulas import no_signal_fraction, smallest_group
from grpo_cli.observe import alarms, replay
from grpo_cli.observe.alarms import ALARMS, AlarmWatcher, RunContext
from grpo_cli.observe.stream import linear_trend
from metric_streams import PATTERNS, STEPS, healthy_run, no_signal_run, truncation_run

CTX = RunContext(total_steps=STEPS, num_generations=8, max_completion_length=128)


def replay_alarms(rows, cfg=None, ctx=None):
    """The row-by-row replay (every check after every row, as the live run): what tests/test_replay.py holds the
    masked one to."""
    return replay.replay(rows, cfg, ctx, masked=False).alarms


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("noise", [1.0, 3.0])
def test_no_alarm_on_healthy_runs(seed, noise):
    assert replay_alarms(healthy_run(seed=seed, noise=noise), ctx=CTX) == []


@pytest.mark.parametrize("alarm_id", list(PATTERNS))
def test_each_alarm_fires_on_its_pattern_and_only_it(alarm_id):
    alarms = replay_alarms(PATTERNS[alarm_id](seed=3), ctx=CTX)
    assert [a.id for a in alarms] == [alarm_id]
    alarm = alarms[0]
    assert alarm.evidence and alarm.advice and alarm.title == ALARMS[alarm_id].title
    # Every pattern starts at step 50 or later: nothing fires before the failure begins.
    assert alarm.step >= 50


def test_every_alarm_id_has_a_pattern():
    assert set(PATTERNS) == set(ALARMS)


@pytest.mark.parametrize(
    "alarm_id, first, last",
    [
        ("no_signal", 101, 105),  # zero-std 0.95 from step 101: the 5-log window is full at 105
        ("truncation", 50, 54),  # clipped 0.4 from step 50: the 5-log mean crosses 0.3 within the window
        ("kl_blowup", 150, 150),  # the spike itself
    ],
)
def test_alarm_steps(alarm_id, first, last):
    (alarm,) = replay_alarms(PATTERNS[alarm_id](seed=0), ctx=CTX)
    assert first <= alarm.step <= last


def test_no_signal_advice_computes_the_no_signal_fraction_and_the_smallest_group():
    (alarm,) = replay_alarms(no_signal_run(), ctx=CTX)
    p = 0.02
    assert f"G=8 gives P(all-same group) = p^G + (1-p)^G = {no_signal_fraction(p, 8):.2f}" in alarm.advice
    assert f"G={smallest_group(p, 0.1)} is the smallest" in alarm.advice
    assert f"~{smallest_group(p, 0.1) / 8:.0f}x this run's rollout cost" in alarm.advice
    assert "SFT first" in alarm.advice and "easier data" in alarm.advice
    assert "0.95" in alarm.evidence and "0.020" in alarm.evidence


def test_no_signal_with_no_formatted_answers_points_at_sft():
    rows = [{**r, "rewards/format/mean": 0.0} for r in no_signal_run()]
    (alarm,) = replay_alarms(rows, ctx=CTX)
    assert "format reward 0.00" in alarm.evidence
    assert "almost never answers in the rewarded format: run SFT first" in alarm.advice


def test_no_signal_advice_without_a_recipe_says_g_is_unknown():
    (alarm,) = replay_alarms(no_signal_run(), ctx=RunContext(total_steps=STEPS))
    assert "G unknown" in alarm.advice


def test_no_signal_when_the_model_solves_everything_says_harder_data():
    rows = [{"step": s, "frac_reward_zero_std": 0.97, "rewards/accuracy/mean": 0.99} for s in range(1, 11)]
    (alarm,) = replay_alarms(rows, ctx=RunContext(num_generations=16))
    assert alarm.id == "no_signal" and "harder data" in alarm.advice


def test_thresholds_come_from_the_config():
    rows = truncation_run()
    assert [a.id for a in replay_alarms(rows, MonitorConfig(), CTX)] == ["truncation"]
    assert replay_alarms(rows, MonitorConfig(truncation_ratio=0.5), CTX) == []


def test_length_hacking_needs_accuracy_to_stay_flat():
    rows = PATTERNS["length_hacking"](seed=0)
    # The same growth with accuracy climbing 10 points is the model learning to reason longer: no alarm.
    climbing = [{**r, "rewards/accuracy/mean": r["rewards/accuracy/mean"] + 0.1 * r["step"] / STEPS} for r in rows]
    assert [a.id for a in replay_alarms(rows, ctx=CTX)] == ["length_hacking"]
    assert replay_alarms(climbing, ctx=CTX) == []
    # Without an accuracy metric the alarm cannot tell the two apart and stays quiet.
    no_acc = [{k: v for k, v in r.items() if k != "rewards/accuracy/mean"} for r in rows]
    assert "length_hacking" not in {a.id for a in replay_alarms(no_acc, ctx=CTX)}


def test_length_hacking_evidence_names_the_growth():
    (alarm,) = replay_alarms(PATTERNS["length_hacking"](seed=0), ctx=CTX)
    assert "+5" in alarm.evidence or "+6" in alarm.evidence  # +50-69% at first firing
    assert "accuracy" in alarm.evidence and "overlong" in alarm.advice


def test_watcher_reports_each_alarm_once():
    watcher = AlarmWatcher(MonitorConfig(), CTX)
    fired = [a for row in truncation_run() for a in watcher.feed(row)]
    assert [a.id for a in fired] == ["truncation"]
    assert watcher.fired["truncation"] is fired[0]


def test_an_alarm_needs_its_rows():
    rows = truncation_run()
    assert [a.id for a in replay_alarms(rows, ctx=CTX)] == ["truncation"]
    assert replay_alarms(rows[:40], ctx=CTX) == []


def test_missing_none_and_nan_values_are_skipped():
    rows = healthy_run()
    for i, row in enumerate(rows):
        if i % 3 == 0:
            row["kl"] = None  # TRL logs None when every value of a metric was NaN
        if i % 7 == 0:
            row["entropy"] = math.nan
        if i % 11 == 0:
            del row["completions/clipped_ratio"]
    rows.append({"step": STEPS, "train_runtime": 6000.0, "train_loss": 0.01})  # the trainer's closing summary
    assert replay_alarms(rows, ctx=CTX) == []


def test_an_empty_or_tiny_stream_raises_nothing():
    assert replay_alarms([], ctx=CTX) == []
    assert replay_alarms(healthy_run()[:3], ctx=CTX) == []
    assert replay_alarms([{"loss": 1.0}]) == []


def test_baseline_defaults_to_the_last_logged_step_without_total_steps():
    rows = PATTERNS["entropy_collapse"](seed=0)
    alarms = replay_alarms(rows, ctx=RunContext())
    assert [a.id for a in alarms] == ["entropy_collapse"]


def test_alarm_serializes_with_its_title():
    (alarm,) = replay_alarms(truncation_run(), ctx=CTX)
    data = json.loads(json.dumps(alarm.to_dict()))
    assert data["id"] == "truncation" and data["step"] == alarm.step and data["title"] == alarm.title
    assert alarm.format().startswith(f"[truncation] step {alarm.step}:")
    assert "max_completion_length=128" in alarm.evidence


def test_linear_trend():
    change, se = linear_trend([0.0, 1.0, 2.0, 3.0])
    assert change == pytest.approx(3.0) and se == pytest.approx(0.0, abs=1e-12)
    change, se = linear_trend([0.0, 1.0, 0.0, 1.0, 0.0, 1.0])
    assert abs(change) < 1.0 and se > 0.1


def test_monitor_imports_no_torch():
    code = (
        "import sys, grpo_cli.observe.alarms as m; "
        "print(sorted(x for x in ('torch','transformers','trl','datasets','matplotlib') if x in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_linear_replay_fires_exactly_what_the_quadratic_one_did():
    """Random streams of every failure kind (random seeds, metrics dropped, NaNs, total_steps known or not, short
    windows): the running-sum baseline gives the same alarms, steps and evidence, to the character."""
    import random

    rng = random.Random(31)
    kinds = [metric_streams.healthy_run, metric_streams.length_hacking_run, metric_streams.entropy_collapse_run,
             metric_streams.language_mixing_run, metric_streams.no_signal_run, metric_streams.kl_blowup_run,
             metric_streams.format_over_accuracy_run, metric_streams.truncation_run,
             metric_streams.verifier_failures_run, metric_streams.nonfinite_reward_run]  # fmt: skip
    fired = []
    for trial in range(48):
        rows = kinds[trial % len(kinds)](seed=rng.randrange(10**6))
        metric_streams.damage(rows, rng, 0.05)
        cfg = MonitorConfig(baseline_frac=rng.choice([0.05, 0.1, 0.3]), recent_window=rng.choice([3, 5, 8]))
        ctx = alarms.RunContext(total_steps=rng.choice([None, len(rows), 2 * len(rows)]))
        new = alarms_before.replay(rows, cfg, ctx, before=False)
        assert new == alarms_before.replay(rows, cfg, ctx, before=True), trial
        assert sorted(new, key=lambda a: a["step"]) == [a.to_dict() for a in replay_alarms(rows, cfg, ctx)]
        fired += [alarm["id"] for alarm in new]
    assert set(fired) == set(alarms.ALARMS)  # the comparison covers every alarm firing, not only quiet streams


def test_a_nonfinite_reward_fires_at_its_first_log():
    """Issue 41: reward weights of 1e308 passed validation, every step logged reward null, loss 0 and grad_norm 0,
    and the run ended "alarms: none". The rows as that run wrote them now fire nonfinite_reward at the first."""
    rows = [{**row, "reward": None, "loss": 0.0, "grad_norm": 0.0} for row in healthy_run()]
    (alarm,) = replay_alarms(rows, ctx=CTX)
    assert alarm.id == "nonfinite_reward" and alarm.step == 1
    assert alarm.evidence == (
        "the total reward was logged as no finite number (null: NaN or infinity) at step 1; that step's "
        f"rewards/accuracy/mean {rows[0]['rewards/accuracy/mean']:g}, rewards/format/mean "
        f"{rows[0]['rewards/format/mean']:g}, rewards/language/mean {rows[0]['rewards/language/mean']:g}, "
        "loss 0, grad_norm 0"
    )
    assert "huge weight in the recipe's rewards" in alarm.advice and "before step 1" in alarm.advice


@pytest.mark.parametrize("raw", [math.nan, math.inf, -math.inf, None])
def test_the_live_run_sees_the_raw_value(raw):
    """TRL hands the live callback floats (NaN, infinity); metrics.jsonl holds null: both fire, at the same row."""
    watcher = AlarmWatcher(MonitorConfig(), CTX)
    rows = healthy_run()[:30]
    rows[20]["reward"] = raw
    fired = [(row["step"], a.id) for row in rows for a in watcher.feed(row)]
    assert fired == [(21, "nonfinite_reward")]


def test_a_batch_no_reward_function_scored_says_so():
    """Every function gave None to a whole batch (TRL: nanmean of nothing): the total is NaN too, and the advice
    points at the data, not at the weights."""
    rows = healthy_run()
    for key in ("reward", "rewards/accuracy/mean", "rewards/format/mean", "rewards/language/mean"):
        rows[40][key] = None
    (alarm,) = replay_alarms(rows, ctx=CTX)
    assert alarm.id == "nonfinite_reward" and alarm.step == 41
    assert "every reward function gave no score" in alarm.advice and "answer column" in alarm.advice
    assert "huge weight" not in alarm.advice
