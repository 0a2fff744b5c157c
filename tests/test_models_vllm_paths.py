"""What vLLM is handed for a model or an adapter's base: a local folder, never a Hub id it would look up online."""

from __future__ import annotations

import pytest

from grpo_cli import models
from grpo_cli.errors import UserError


def test_a_folder_is_handed_over_as_an_absolute_path(tmp_path, monkeypatch):
    (tmp_path / "base").mkdir()
    monkeypatch.chdir(tmp_path)
    assert models.local_path("base") == str((tmp_path / "base").resolve())


def test_an_uncached_hub_id_offline_is_refused_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "empty-cache"))
    with pytest.raises(UserError, match=r"'Qwen/Qwen2.5-7B' is neither a local folder nor in the Hub cache"):
        models.local_path("Qwen/Qwen2.5-7B")
