"""constraints.txt: the exact versions `make venv` (and so `make test` and CI) installs, kept in the repository.

pyproject.toml says which versions grpo-cli accepts (ranges); constraints.txt says which ones it was tested with
(one version per package, the whole environment). Installing with `-c constraints.txt` makes a fresh clone get the
same environment every time, so a new upstream release cannot turn CI red without a commit here. Moving the pins is
a commit: `make test-newest` installs the newest versions the ranges allow and runs the tests, and
`make constraints` then writes what it installed here.

    python scripts/constraints.py freeze VENV_PYTHON       # constraints.txt from that venv's pip freeze
    python scripts/constraints.py moved VENV_PYTHON        # packages whose installed version differs from the file
    python scripts/constraints.py pin NAME                 # the pinned version of NAME (for the Makefile)
    python scripts/constraints.py spec NAME                # NAME's range in pyproject.toml (for the Makefile)
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILE = ROOT / "constraints.txt"
HEADER = """\
# The exact versions `make venv` installs (pip install -c constraints.txt), hence `make test` and CI (.ci/run).
# pyproject.toml holds the ranges grpo-cli accepts; this file the one tested set. Moving it is a commit:
#   make test-newest    the newest versions the ranges allow, in .venv-newest, through the fast tests
#   make constraints    then writes .venv-newest's versions here (scripts/constraints.py)
# torch is pinned without its local label (+cpu), so the same line takes the CPU or the CUDA build.
"""


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def read(path: Path = FILE) -> dict[str, str]:
    """{canonical name: version} of a constraints file."""
    pins = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, ver = line.partition("==")
            pins[canonical(name)] = ver.strip()
    return pins


def installed(python: str) -> dict[str, tuple[str, str]]:
    """{canonical name: (name, version)} of what `python`'s environment holds, the project itself left out."""
    out = subprocess.run(
        [python, "-m", "pip", "freeze", "--exclude-editable", "--disable-pip-version-check"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    found = {}
    for line in out.splitlines():
        if "==" in line and not line.startswith("#"):
            name, _, ver = line.partition("==")
            if canonical(name) != "grpo-cli":
                found[canonical(name)] = (name, ver.split("+", 1)[0])  # 2.13.0+cpu -> 2.13.0
    return found


def freeze(python: str) -> None:
    pins = installed(python)
    FILE.write_text(HEADER + "".join(f"{name}=={ver}\n" for _, (name, ver) in sorted(pins.items())))
    print(f"wrote {FILE.name}: {len(pins)} packages from {python}")


def moved(python: str) -> int:
    pins, now = read(), installed(python)
    lines = [f"{name}: {pins.get(key, '-')} -> {ver}" for key, (name, ver) in sorted(now.items())
             if pins.get(key) != ver]  # fmt: skip
    print("\n".join(lines) if lines else "every installed version is the pinned one")
    return 0


def spec(name: str) -> str:
    """`name`'s requirement in pyproject.toml's dependencies, e.g. torch>=2.13,<2.16."""
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    for dep in deps:
        if canonical(re.split(r"[<>=!~; \[]", dep, maxsplit=1)[0]) == canonical(name):
            return dep.replace(" ", "")
    raise SystemExit(f"pyproject.toml has no dependency {name}")


if __name__ == "__main__":
    command, arg = sys.argv[1], sys.argv[2]
    if command == "freeze":
        freeze(arg)
    elif command == "moved":
        sys.exit(moved(arg))
    elif command == "pin":
        print(read()[canonical(arg)])
    elif command == "spec":
        print(spec(arg))
    else:
        raise SystemExit(__doc__)
