"""The fast replay (observe/replay.py: masks, then the checks at the masked rows) fires exactly what the row-by-row
replay does: the same alarms, steps, evidence and advice, to the character, on random streams of every failure kind
(metrics dropped, None and NaN values, short windows, total_steps known or not), and on streams built to sit on a
threshold. A stream whose steps do not strictly increase takes the row-by-row path, with the same answer."""

from __future__ import annotations

import random

import pytest

import metric_streams
from grpo_cli.config import MonitorConfig
from grpo_cli.observe import alarms, replay
from grpo_cli.observe.stream import MetricStream

KINDS = [metric_streams.healthy_run, metric_streams.length_hacking_run, metric_streams.entropy_collapse_run,
         metric_streams.language_mixing_run, metric_streams.no_signal_run, metric_streams.kl_blowup_run,
         metric_streams.format_over_accuracy_run, metric_streams.truncation_run,
         metric_streams.verifier_failures_run, metric_streams.nonfinite_reward_run]  # fmt: skip


def both(rows, cfg, ctx):
    slow = [a.to_dict() for a in replay.replay(rows, cfg, ctx, masked=False).alarms]
    fast, stream = replay.replay(rows, cfg, ctx)
    return slow, [a.to_dict() for a in fast], stream


@pytest.mark.parametrize("trial", range(72))
def test_fast_replay_fires_what_the_row_by_row_replay_fires(trial):
    rng = random.Random(1000 + trial)
    rows = KINDS[trial % len(KINDS)](seed=rng.randrange(10**6))
    metric_streams.damage(rows, rng, rng.choice([0.0, 0.05, 0.3]))
    cfg = MonitorConfig(
        baseline_frac=rng.choice([0.05, 0.1, 0.3]), recent_window=rng.choice([1, 3, 5, 8]),
        no_signal_window=rng.choice([1, 5, 9]), trend_window=rng.choice([3, 10, 30]), kl_window=rng.choice([1, 5, 50]),
    )  # fmt: skip
    ctx = alarms.RunContext(total_steps=rng.choice([None, len(rows), 2 * len(rows)]), num_generations=8)
    slow, fast, stream = both(rows, cfg, ctx)
    assert fast == slow
    assert stream.values == MetricStream.of(rows).values  # the report plots this stream


def test_every_alarm_is_compared_firing():
    fired = set()
    for trial in range(36):
        rng = random.Random(1000 + trial)
        rows = KINDS[trial % len(KINDS)](seed=rng.randrange(10**6))
        fired |= {a.id for a in replay.replay(rows, MonitorConfig(), alarms.RunContext())[0]}
    assert fired == set(alarms.ALARMS)


@pytest.mark.parametrize("key", sorted({k for row in metric_streams.healthy_run() for k in row} - {"step"}))
def test_a_metric_never_logged(key):
    """A run that logs no `key` at all (an older TRL, a reward not used): both replays agree, nothing breaks."""
    for kind in KINDS:
        rows = kind(seed=7)
        for row in rows:
            row.pop(key, None)
        slow, fast, _ = both(rows, MonitorConfig(), alarms.RunContext(total_steps=len(rows)))
        assert fast == slow, kind.__name__


@pytest.mark.parametrize("name", list(alarms.ALARMS))
def test_on_the_threshold(name):
    """Each metric sitting exactly at its alarm's threshold (the rows where a mask's rounding could matter)."""
    cfg = MonitorConfig(recent_window=3, no_signal_window=3, kl_window=4, trend_window=3)
    level = {"no_signal": (alarms.ZERO_STD, cfg.no_signal_frac), "truncation": (alarms.CLIPPED, cfg.truncation_ratio),
             "verifier_failures": (alarms.TIMEOUT, cfg.verifier_failure_frac)}  # fmt: skip
    rows = metric_streams.healthy_run(seed=3)
    if name in level:
        key, value = level[name]
        for i, row in enumerate(rows):
            row[key] = value if i % 7 else value - 1e-12
    slow, fast, _ = both(rows, cfg, alarms.RunContext())
    assert fast == slow


@pytest.mark.parametrize("steps", ["repeated", "backwards", "missing", "huge"])
def test_irregular_steps_take_the_row_by_row_path(steps):
    rows = metric_streams.no_signal_run(seed=5)
    if steps == "repeated":
        rows = rows[:50] + rows[40:]
    elif steps == "backwards":
        rows[10]["step"], rows[11]["step"] = rows[11]["step"], rows[10]["step"]
    elif steps == "missing":
        for row in rows[::3]:
            del row["step"]
    else:
        rows[-1]["step"] = 2**60
    slow, fast, _ = both(rows, MonitorConfig(), alarms.RunContext())
    assert fast == slow and fast  # the no_signal run fires


def test_the_masks_leave_out_the_rows_where_nothing_can_fire():
    """Correct with any superset; fast only if tight: a healthy stream has no candidate row, a KL blow-up a few."""
    cfg, ctx = MonitorConfig(), alarms.RunContext()

    def candidates(rows):
        col = replay.Columns(MetricStream.of(rows), replay._row_steps(rows), ctx, cfg)
        return {name: int(spec.mask(col, cfg).sum()) for name, spec in alarms.ALARMS.items()}

    assert set(candidates(metric_streams.healthy_run(seed=1)).values()) == {0}
    kl = candidates(metric_streams.kl_blowup_run(seed=1))
    assert 1 <= kl.pop("kl_blowup") <= 10 and set(kl.values()) == {0}


def test_the_nonfinite_reward_advice_reads_only_the_rows_before_it():
    """A reward function first logged after the null reward: the masked replay's view of row 11 shares the dicts
    that hold it, and must not count it (the row-by-row replay has not seen it yet)."""
    rows = metric_streams.healthy_run(seed=2)
    for row in rows[:50]:
        for key in [k for k in row if k.startswith("rewards/")]:
            del row[key]
    rows[10]["reward"] = None
    slow, fast, _ = both(rows, MonitorConfig(), alarms.RunContext())
    assert fast == slow and slow[0]["id"] == "nonfinite_reward" and "huge weight" in slow[0]["advice"]
