"""Print the lowest versions pyproject.toml allows for the ML stack as pip pins, for `make test-lowest`:

    python scripts/lowest_pins.py    # torch==2.13 transformers==5.17 trl==1.0 peft==0.18 accelerate==1.4 datasets==4.7

The lower bounds live in one place (pyproject.toml); this reads them, so the tested set cannot drift from them.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

STACK = ("torch", "transformers", "trl", "peft", "accelerate", "datasets")


def lowest_pins(pyproject: Path) -> list[str]:
    deps = tomllib.loads(pyproject.read_text())["project"]["dependencies"]
    pins = {}
    for dep in deps:
        m = re.match(r"([A-Za-z0-9_.-]+)\s*>=\s*([^,;\s]+)", dep)
        if m and m.group(1) in STACK:
            pins[m.group(1)] = f"{m.group(1)}=={m.group(2)}"
    missing = [name for name in STACK if name not in pins]
    if missing:
        raise SystemExit(f"pyproject.toml: no lower bound for {', '.join(missing)}")
    return [pins[name] for name in STACK]


if __name__ == "__main__":
    root = Path(__file__).resolve().parents[1]
    print(" ".join(lowest_pins(Path(sys.argv[1]) if len(sys.argv) > 1 else root / "pyproject.toml")))
