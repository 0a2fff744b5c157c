"""Watching a run: the alarms over its metrics stream, the live view, the callbacks that write metrics.jsonl and
samples.jsonl, `grpo report`, and durations as people read them."""
