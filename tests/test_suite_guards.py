"""The suite's own guards: a hung test fails with its name instead of stalling CI (pytest-timeout, configured in
pyproject.toml), and the waits inside tests have a bound of their own (conftest.wait_until)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import REPO, wait_until


def test_every_test_runs_under_a_timeout(request):
    assert request.config.pluginmanager.hasplugin("timeout")
    assert float(request.config.getini("timeout")) > 0


def test_a_hung_test_fails_with_its_name(tmp_path):
    (tmp_path / "test_hang.py").write_text("import time\ndef test_sleeps_forever():\n    time.sleep(3600)\n")
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", str(REPO / "pyproject.toml"),
         "--rootdir", str(tmp_path), "-o", "timeout=1", str(tmp_path / "test_hang.py")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 1
    assert "test_sleeps_forever" in proc.stdout and "Timeout" in proc.stdout


def test_wait_until_fails_naming_what_never_happened():
    wait_until(lambda: True, "nothing")
    with pytest.raises(AssertionError, match="hung: the flag not within 0 s"):
        wait_until(lambda: False, "the flag", timeout=0.2, poll=0.01)
