"""Run directories: where each stage writes, and the rule that a finished or running stage is never overwritten.

Layout (DIR defaults to ./runs):

    DIR/<recipe>/<stage>/          stage: sft | grpo | eval-base | eval-sft | eval-grpo
        stage.json                 the marker: which kind of stage made the folder, and every entry grpo wrote in it by
                                   name and size, all that --overwrite deletes (manifest.py)
        grpo.lock                  the per-folder lock: who writes here now (locks.LOCK)
        inputs.json                what it consumed (inputs.py): run id, model identity, data hash, recipe
        recipe.yaml                the resolved recipe (defaults filled in, --set applied)
        run.json                   start/end time, hardware, status (running | finished | interrupted | failed)
        metrics.jsonl              one JSON object per logging step: `step`, TRL's metric names, step_time, ...
        samples.jsonl              a few prompt/completion/reward rows per logging step
        alarms.jsonl               the monitor's alarms
        checkpoint-<step>/         TRL/transformers checkpoints (model, optimizer, scheduler, RNG, trainer state)
        final/                     the trained model and tokenizer (or the LoRA adapter)

One module per concern: `layout` (the paths; `find_stage` below a path), `checkpoints` (which are whole, setting
damaged ones aside), `locks` (one writer per folder), `manifest` (the marker's list of what grpo wrote), `ownership`
(the marker, claim, --overwrite, --resume: `prepare`), `inputs` (what a result was made from: model, data, settings;
inputs.json), `records` (jsonl rows, recipe.yaml, run.json and its GPUs, the eval summaries, alarms.jsonl), `samples`
(samples.jsonl read by offset). The names below are the package's interface (`rundir.prepare`, `rundir.append_jsonl`,
...). rundir is the only reader of run folders (tests/test_imports.py), with one rule for a damaged line or file:
skipped with a warning naming it; a torn last row silently.
Only the main process writes (rank 0 of a multi-process launch). No torch here.
"""

from __future__ import annotations

from grpo_cli.rundir import inputs, manifest
from grpo_cli.rundir.checkpoints import checkpoint_problem, checkpoint_step, checkpoints, latest_checkpoint
from grpo_cli.rundir.layout import (
    DEFAULT_RUN_DIR,
    STAGES,
    final_dir,
    find_stage,
    has_final,
    is_main_process,
    recipe_root,
    stage_dir,
    stage_model,
)
from grpo_cli.rundir.locks import LOCK, lock, refuse_if_busy, release, release_all
from grpo_cli.rundir.ownership import (
    MARKER,
    changed_inputs,
    claim,
    claim_output,
    clear,
    kind_of,
    owner,
    prepare,
    recorded,
)
from grpo_cli.rundir.records import (
    append_jsonl,
    eval_summaries,
    hardware,
    now,
    read_alarms,
    read_json_object,
    read_jsonl,
    read_recipe_dict,
    read_run_info,
    run_gpus,
    truncate_jsonl,
    write_recipe,
    write_run_info,
)
from grpo_cli.rundir.samples import sample_picks

__all__ = [
    "DEFAULT_RUN_DIR", "LOCK", "MARKER", "STAGES", "inputs", "manifest", "append_jsonl", "changed_inputs", "checkpoint_problem",
    "checkpoint_step", "checkpoints", "claim", "claim_output", "clear", "eval_summaries", "final_dir", "find_stage", "hardware", "has_final",
    "is_main_process", "kind_of", "latest_checkpoint", "lock", "now", "owner", "prepare", "read_alarms", "read_json_object", "read_jsonl",
    "read_recipe_dict", "read_run_info", "recipe_root", "recorded", "refuse_if_busy", "release", "release_all", "run_gpus", "sample_picks",
    "stage_dir", "stage_model", "truncate_jsonl", "write_recipe", "write_run_info",
]  # fmt: skip
