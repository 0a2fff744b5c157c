"""Fault injection, round three (issue 41): damaged model folders, a full disk under model.safetensors, a cache path
that is a file, a damaged eval to compare. Each was a traceback; each is now one line and exit 2 (real folders made
from the real tiny model, real subprocesses, a real file-size limit)."""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, run_cli
from grpo_cli import models
from grpo_cli.config import ModelConfig
from test_faults import one_line_exit_2

grpo = run_cli


def _tiny(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(models.tiny_model_dir(ModelConfig()), folder)
    return folder


def _no_tokenizer(d: Path) -> None:
    for name in ("tokenizer.json", "tokenizer_config.json"):
        (d / name).unlink()


def _truncated_weights(d: Path) -> None:
    weights = d / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[:5000])


def _config_a_list(d: Path) -> None:
    (d / "config.json").write_text("[]")


def _adapter_config_a_list(d: Path) -> None:
    (d / "adapter_config.json").write_text("[]")


def _hidden_size_changed(d: Path) -> None:
    config = json.loads((d / "config.json").read_text())
    config["hidden_size"] *= 2
    (d / "config.json").write_text(json.dumps(config))


# The damage, and what the one line must name. Each was a traceback in `grpo eval --ckpt` (the five), or a
# model that loaded with an empty tokenizer.
DAMAGED = {
    "no tokenizer": (_no_tokenizer, "no tokenizer"),
    "truncated safetensors": (_truncated_weights, "model.safetensors: truncated"),
    "config.json is []": (_config_a_list, "config.json: a JSON list, not an object"),
    "adapter_config.json is a list": (_adapter_config_a_list, "adapter_config.json: a JSON list, not an object"),
    "hidden_size changed": (_hidden_size_changed, "tensor model.embed_tokens.weight is [100, 64]"),
}


@pytest.mark.slow
@pytest.mark.parametrize("damage", list(DAMAGED))
def test_a_damaged_model_folder_is_one_line_in_grpo_eval(tmp_path, damage):
    spoil, says = DAMAGED[damage]
    folder = _tiny(tmp_path, "model")
    spoil(folder)
    proc = grpo("eval", "--recipe", "tiny", "--ckpt", str(folder), "--limit", "1", "--output", str(tmp_path / "e"))
    one_line_exit_2(proc, says)


def test_grpo_cache_pointing_at_a_file_is_one_line(tmp_path):
    cache = tmp_path / "cache"
    cache.write_text("not a folder")
    proc = grpo(
        "eval",
        "--recipe",
        "tiny",
        "--stage",
        "base",
        "--limit",
        "1",
        "--output",
        str(tmp_path / "e"),
        env={"GRPO_CACHE": str(cache)},
    )
    one_line_exit_2(proc, f"GRPO_CACHE {cache} is not a folder")
    assert cache.read_text() == "not a folder"


def _file_size_limit(size: int):
    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write then fails with EFBIG instead of killing us
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


@pytest.mark.slow
def test_a_full_disk_while_writing_model_safetensors_is_one_line(tmp_path):
    # The tiny model is built into a fresh cache; its model.safetensors (~325 KB) meets a 64 KB file-size limit.
    proc = subprocess.run(
        [sys.executable, "-m", "grpo_cli", "eval", "--recipe", "tiny", "--stage", "base", "--limit", "1", "--output", str(tmp_path / "e")],
        cwd=REPO, capture_output=True, text=True, timeout=480, preexec_fn=_file_size_limit(64 << 10),
        env={**os.environ, "GRPO_CACHE": str(tmp_path / "cache")},
    )  # fmt: skip
    one_line_exit_2(proc, "cannot write the model weights (.safetensors): the file size limit is reached")
    assert [p.name for p in (tmp_path / "cache").iterdir()] == []  # the half-built model is gone, nothing half left


def test_compare_with_a_row_missing_correct_is_one_line(tmp_path):
    rows = [{"id": f"p{i}", "sample": 0, "correct": i % 2 == 0} for i in range(4)]
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "samples.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    damaged = [*rows[:2], {"id": "p2", "sample": 0}, rows[3]]
    (tmp_path / "b" / "samples.jsonl").write_text("".join(json.dumps(r) + "\n" for r in damaged))
    proc = grpo("eval", "--compare", str(tmp_path / "a"), str(tmp_path / "b"))
    one_line_exit_2(proc, "row 3 lacks correct")
