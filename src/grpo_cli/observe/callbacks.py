"""Trainer callbacks the stages attach to TRL's trainers.

- `RunDirCallback` writes metrics.jsonl (TRL's own metric names, plus step_time and tokens_per_second) and, for GRPO,
  samples.jsonl (a few prompt/completion/reward rows per logging step). Only the main process writes.
- `ListsSaves` lists each checkpoint the trainer saves (and TRL's model card, README.md) in the stage folder's marker,
  so that --overwrite knows it for grpo's (rundir/manifest.py).
- `GracefulInterrupt` turns Ctrl-C (SIGINT) or SIGTERM into "finish this step, save a checkpoint, stop", so that
  `--resume` continues from exactly there. A second Ctrl-C aborts at once, without saving.

transformers is imported here; only stages import this module.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

from transformers import TrainerCallback

from grpo_cli import rundir

# Keys of the final summary log transformers emits after training (not a training step).
_SUMMARY_KEYS = {"train_runtime", "train_samples_per_second", "train_steps_per_second", "train_loss", "total_flos"}


class RunDirCallback(TrainerCallback):
    """metrics.jsonl and samples.jsonl in the stage directory.

    step_time is the mean wall time of the optimizer steps since the previous log, from the start of a step to its
    end (generation, reward scoring, forward and backward included; logging and checkpoint saving excluded).
    tokens_per_second is the prompt + completion tokens the trainer counted over those steps (`num_tokens`, TRL's
    `state.num_input_tokens_seen`) divided by their summed step time.
    """

    def __init__(self, out_dir: str | Path, *, samples_per_log: int = 0, reward_weights: list[float] | None = None):
        self.out_dir = Path(out_dir)
        self.samples_per_log = samples_per_log
        self.reward_weights = reward_weights
        self.trainer: Any = None
        self._step_start: float | None = None
        self._step_times: list[float] = []
        self._tokens_at_last_log: float | None = None
        self._samples_logged_for_step = -1

    def attach(self, trainer: Any) -> None:
        """Give the callback the trainer whose last generation batch feeds samples.jsonl (GRPO only)."""
        self.trainer = trainer

    def on_train_begin(self, args, state, control, **kwargs):
        self._tokens_at_last_log = float(state.num_input_tokens_seen or 0)
        self._step_times = []

    def on_step_begin(self, args, state, control, **kwargs):
        self._step_start = time.perf_counter()

    def on_step_end(self, args, state, control, **kwargs):
        if self._step_start is not None:
            self._step_times.append(time.perf_counter() - self._step_start)
            self._step_start = None
        # transformers logs every logging_steps only: a run that ends between two (3 steps against 10) would leave its
        # last steps, or all of them, out of metrics.jsonl. The last step is always logged (after resuming too).
        if state.max_steps > 0 and state.global_step >= state.max_steps:
            control.should_log = True

    def on_log(self, args: Any, state: Any, control: Any, logs: dict[str, Any] | None = None, **kwargs: Any) -> None:
        if not state.is_world_process_zero or not logs:
            return
        if _SUMMARY_KEYS & set(logs):
            rundir.write_run_info(self.out_dir, train_summary={k: logs[k] for k in logs if k in _SUMMARY_KEYS})
            return
        if any(k.startswith("eval_") for k in logs):
            return
        row: dict[str, Any] = {"step": state.global_step, "epoch": state.epoch, **logs}
        if self._step_times:
            total = sum(self._step_times)
            row["step_time"] = total / len(self._step_times)
            tokens = logs.get("num_tokens", state.num_input_tokens_seen)
            if tokens is not None and self._tokens_at_last_log is not None and total > 0:
                row["tokens_per_second"] = (float(tokens) - self._tokens_at_last_log) / total
                self._tokens_at_last_log = float(tokens)
        self._step_times = []
        rundir.append_jsonl(self.out_dir / "metrics.jsonl", row)
        self._write_samples(state.global_step)

    def _write_samples(self, step: int) -> None:
        logs = getattr(self.trainer, "_logs", None)  # GRPOTrainer keeps its last generation batch here
        if not self.samples_per_log or not logs or not logs.get("prompt") or step == self._samples_logged_for_step:
            return
        self._samples_logged_for_step = step
        prompts, completions = list(logs["prompt"]), list(logs["completion"])
        rewards = {name: list(values) for name, values in logs["rewards"].items()}
        advantages = list(logs["advantages"])
        weights = self.reward_weights or [1.0] * len(rewards)
        # The batch holds groups of num_generations completions of one prompt: spread the picks over groups.
        n = len(completions)
        picks = sorted({round(i * n / self.samples_per_log) for i in range(self.samples_per_log)} - {n})
        for i in picks:
            per_func = {name: values[i] for name, values in rewards.items() if i < len(values)}
            total = sum(w * v for w, v in zip(weights, per_func.values(), strict=False) if v is not None)
            rundir.append_jsonl(
                self.out_dir / "samples.jsonl",
                {
                    "step": step,
                    "prompt": _text(prompts[i]),
                    "completion": _text(completions[i]),
                    "reward": total,
                    "rewards": per_func,
                    "advantage": advantages[i] if i < len(advantages) else None,
                },
            )


class ListsSaves(TrainerCallback):
    """Lists what the trainer saves in the stage folder in its marker (rundir/manifest.py): checkpoint-N as being
    written once the step has decided to save (this callback is added last, so every other callback's should_save is
    in), then with its files once saved; checkpoints rotated out are dropped. TRL writes its model card (README.md)
    into the stage folder just before each checkpoint: it is listed as being written with the checkpoint, so a kill
    or a full disk in the middle of the first save leaves nothing unlisted (it used to leave README.md unlisted, and
    then neither --resume nor --overwrite got past it)."""

    FILES_BESIDE = ("README.md",)  # what TRL's trainers write into output_dir when they save (create_model_card)

    def __init__(self, out_dir: str | Path):
        self.out_dir = Path(out_dir)

    def _saving(self, state: Any, control: Any) -> None:
        if control.should_save and state.is_world_process_zero:
            rundir.manifest.record_pending(self.out_dir, f"checkpoint-{state.global_step}", *self.FILES_BESIDE)

    def on_step_end(self, args, state, control, **kwargs):
        self._saving(state, control)

    def on_epoch_end(self, args, state, control, **kwargs):
        self._saving(state, control)

    def on_save(self, args, state, control, **kwargs):
        # Every rank writes into the checkpoint (its rng_state_<rank>.pth; DeepSpeed its optimizer shards) and each
        # calls on_save once its own part is written: rank 0 lists the folder only when all of them are here, so
        # no late shard makes a finished checkpoint read as changed (and refused by --overwrite).
        all_ranks_saved()
        if state.is_world_process_zero:
            rundir.manifest.record(self.out_dir, f"checkpoint-{state.global_step}", *self.FILES_BESIDE)
            rundir.manifest.forget_missing(self.out_dir)


def all_ranks_saved() -> None:
    """A barrier across the training processes (a no-op in a single process)."""
    import torch.distributed as dist

    if dist.is_available() and dist.is_initialized() and dist.get_world_size() > 1:
        dist.barrier()


def _text(value: Any) -> str:
    """A prompt/completion as text (conversational ones are lists of {role, content})."""
    if isinstance(value, list):
        return "".join(str(m.get("content", "")) for m in value if isinstance(m, dict))
    return str(value)


class TrainingInterrupted(Exception):
    """Training stopped on Ctrl-C / SIGTERM after saving a checkpoint (the command exits 130 / 143)."""

    def __init__(self, signum: int, step: int, checkpoint: Path | None):
        self.signum, self.step, self.checkpoint = signum, step, checkpoint
        name = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
        where = f"checkpoint saved to {checkpoint}" if checkpoint else "no checkpoint saved"
        super().__init__(f"{name}: stopped at step {step}, {where}")

    @property
    def exit_code(self) -> int:
        return 128 + self.signum


class GracefulInterrupt(TrainerCallback):
    """First SIGINT/SIGTERM: finish the current optimizer step, save a checkpoint, stop. Second: abort now."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self.signum: int | None = None
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> GracefulInterrupt:
        if threading.current_thread() is threading.main_thread():  # signal handlers can only live there
            for sig in self.SIGNALS:
                self._previous[sig] = signal.signal(sig, self._handle)
        return self

    def __exit__(self, *exc: Any) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._previous.clear()

    def _handle(self, signum: int, frame: Any) -> None:
        if self.signum is not None:  # the second one: the user means it
            raise KeyboardInterrupt
        self.signum = signum
        print(
            "\ninterrupt: finishing this step and saving a checkpoint (press Ctrl-C again to abort without saving)",
            file=sys.stderr,
            flush=True,
        )

    def on_step_end(self, args, state, control, **kwargs):
        if _any_rank(self.signum is not None):
            self.signum = self.signum or signal.SIGINT  # another rank was signalled
            control.should_save = True
            control.should_training_stop = True


def _any_rank(flag: bool) -> bool:
    """True if `flag` is set on any process: every rank must stop at the same step or the collectives hang."""
    import torch.distributed as dist

    if not (dist.is_available() and dist.is_initialized()) or dist.get_world_size() == 1:
        return flag
    import torch

    device = torch.device("cuda", torch.cuda.current_device()) if torch.cuda.is_available() else torch.device("cpu")
    t = torch.tensor([1 if flag else 0], device=device)
    dist.all_reduce(t, op=dist.ReduceOp.MAX)
    return bool(t.item())
