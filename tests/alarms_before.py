"""The alarm replay as it was before issue 31, kept as the reference the linear one must equal (tests/test_monitor.py)
and the peer bench/bench_report.py times: every baseline mean re-read its whole prefix, and the format check refitted
all its recent_window windows (format and accuracy both) on every row."""

from __future__ import annotations

from grpo_cli.observe import alarms
from grpo_cli.observe.stream import ACCURACY, FORMAT, MetricStream, linear_trend


class QuadraticStream(MetricStream):
    def mean_upto(self, key, step):
        base = self.upto(key, step)
        return sum(base) / len(base) if base else None


def _moves(s, cfg, offset):
    n, fmt, acc = cfg.trend_window, s.values.get(FORMAT, []), s.values.get(ACCURACY, [])
    if len(fmt) < n + offset or len(acc) < n + offset:
        return None
    return (
        *linear_trend(fmt[len(fmt) - offset - n : len(fmt) - offset]),
        *linear_trend(acc[len(acc) - offset - n : len(acc) - offset]),
    )


def check_format_over_accuracy(s, cfg, ctx):
    moves = [_moves(s, cfg, off) for off in range(cfg.recent_window)]
    for move in moves:
        if move is None:
            return None
        f_change, f_se, a_change, a_se = move
        if f_change < max(cfg.format_rise, 3 * f_se) or -a_change < max(cfg.accuracy_drop, 3 * a_se):
            return None
    return alarms.format_over_accuracy_alarm(s, cfg, *moves[0])


CHECKS = {
    **{name: spec.check for name, spec in alarms.ALARMS.items()},
    "format_over_accuracy": check_format_over_accuracy,
}


def replay(rows, cfg, ctx, *, before: bool) -> list[dict]:
    """Every alarm with the first row it fired at, as dicts, fired order: the reference (before) or the watcher."""
    if not before:
        watcher = alarms.AlarmWatcher(cfg, ctx)
        for row in rows:
            watcher.feed(row)
        return [alarm.to_dict() for alarm in watcher.fired.values()]
    stream, fired = QuadraticStream(), {}
    for row in rows:
        stream.append(row)
        for name, check in CHECKS.items():
            if name not in fired and (alarm := check(stream, cfg, ctx)) is not None:
                fired[name] = alarm
    return [alarm.to_dict() for alarm in fired.values()]
