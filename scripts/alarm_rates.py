#!/usr/bin/env python
"""How often each alarm fires on synthetic GRPO metric streams: false alarms on healthy runs (at 1x, 2x and 3x the
step-to-step noise of a run with ~250 completions per step) and detection of each failure pattern, with the step it
first fires at. The streams are tests/metric_streams.py; the figures go to docs/monitor.md.

    python scripts/alarm_rates.py --seeds 300
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from grpo_cli.observe.alarms import RunContext  # noqa: E402
from grpo_cli.observe.replay import replay  # noqa: E402
from metric_streams import PATTERNS, STEPS, healthy_run  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=300)
    args = parser.parse_args()
    ctx = RunContext(total_steps=STEPS, num_generations=8)
    t0 = time.perf_counter()
    print(f"healthy runs ({args.seeds} seeds x {STEPS} logged steps): runs with any alarm")
    for noise in (1.0, 2.0, 3.0):
        fired = Counter(
            a.id for seed in range(args.seeds) for a in replay(healthy_run(seed=seed, noise=noise), ctx=ctx).alarms
        )
        print(f"  noise x{noise:g}: {sum(fired.values())}/{args.seeds} {dict(fired) or ''}")
    print(f"failure patterns ({args.seeds} seeds each): detected, other alarms, first step (min-max)")
    for name, make in PATTERNS.items():
        hits, others, steps = 0, Counter(), []
        for seed in range(args.seeds):
            alarms = replay(make(seed=seed), ctx=ctx).alarms
            own = [a.step for a in alarms if a.id == name]
            hits += bool(own)
            steps += own
            others.update(a.id for a in alarms if a.id != name)
        span = f"{min(steps)}-{max(steps)}" if steps else "-"
        print(f"  {name:22s} {hits}/{args.seeds}  others {dict(others) or 'none'}  step {span}")
    print(f"({time.perf_counter() - t0:.1f} s)")


if __name__ == "__main__":
    main()
