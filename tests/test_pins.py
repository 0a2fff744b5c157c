"""pyproject.toml's pins: the installed versions satisfy them, `make test-lowest` reads its versions from them, and
the vLLM range the refusal names is the extra's."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib.metadata import version

from packaging.requirements import Requirement

from conftest import REPO

PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]


def test_the_installed_versions_satisfy_every_pin():
    for dep in PROJECT["dependencies"]:
        req = Requirement(dep)
        installed = version(req.name)
        assert req.specifier.contains(installed, prereleases=True), f"{req.name} {installed} is outside {dep}"
    assert sys.version_info >= (3, 11) and PROJECT["requires-python"] == ">=3.11"


def test_lowest_pins_are_the_lower_bounds():
    out = subprocess.run([sys.executable, "scripts/lowest_pins.py"], cwd=REPO, capture_output=True, text=True)
    pins = dict(p.split("==") for p in out.stdout.split())
    assert set(pins) == {"torch", "transformers", "trl", "peft", "accelerate", "datasets"}
    for dep in PROJECT["dependencies"]:
        req = Requirement(dep)
        if req.name in pins:
            low = next(s.version for s in req.specifier if s.operator == ">=")
            assert pins[req.name] == low


def test_the_vllm_refusal_names_the_extras_range(monkeypatch):
    import pytest

    from grpo_cli.errors import UserError
    from grpo_cli.stages import training

    (spec,) = PROJECT["optional-dependencies"]["vllm"]
    assert re.fullmatch(r"vllm>=[\d.]+,<[\d.]+", spec)
    monkeypatch.setattr(training.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(UserError) as err:
        training.check_vllm(True, "cuda")
    assert f"(vLLM {spec.removeprefix('vllm')})" in str(err.value)


def test_the_constraints_file_pins_every_dependency_inside_its_range():
    """constraints.txt (what `make venv` and CI install) holds one version of every dependency and dev tool, each
    inside pyproject.toml's range: the tested set is one the pins allow."""
    sys.path.insert(0, str(REPO / "scripts"))
    import constraints

    pins = constraints.read()
    wanted = [*PROJECT["dependencies"], *PROJECT["optional-dependencies"]["dev"]]
    for dep in wanted:
        req = Requirement(dep)
        name = constraints.canonical(req.name)
        assert name in pins, f"constraints.txt has no pin for {req.name}"
        assert req.specifier.contains(pins[name], prereleases=True), f"{req.name}=={pins[name]} is outside {dep}"
    assert all(re.fullmatch(r"[\w.+!-]+", v) and "+" not in v for v in pins.values())  # plain versions, no +cpu


def test_make_venv_installs_from_the_constraints_file():
    makefile = (REPO / "Makefile").read_text()
    install = [line for line in makefile.splitlines() if 'pip install -q -e ".[dev]"' in line and "$(PY)" in line]
    assert install and all("-c $(CONSTRAINTS)" in line for line in install), install
    assert "CONSTRAINTS := constraints.txt" in makefile
