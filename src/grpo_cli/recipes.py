"""Finding recipe files by name or path, and loading them into a validated `Recipe`."""

from __future__ import annotations

import os
from pathlib import Path

import yaml

from grpo_cli.config import Recipe, build
from grpo_cli.errors import UserError, did_you_mean


def recipe_dirs() -> list[Path]:
    """Where named recipes are looked up, first match wins: $GRPO_RECIPES_DIR, ./recipes, the shipped ones."""
    dirs = []
    if os.environ.get("GRPO_RECIPES_DIR"):
        dirs.append(Path(os.environ["GRPO_RECIPES_DIR"]))
    dirs.append(Path.cwd() / "recipes")
    dirs.append(Path(__file__).resolve().parents[2] / "recipes")  # the repository's recipes/ (editable install)
    seen, out = set(), []
    for d in dirs:
        key = d.resolve()
        if key not in seen and d.is_dir():
            seen.add(key)
            out.append(d)
    return out


def available() -> dict[str, Path]:
    """Recipe name -> file, for every *.yaml in the recipe directories."""
    found: dict[str, Path] = {}
    for d in recipe_dirs():
        for path in sorted(d.glob("*.yaml")):
            found.setdefault(path.stem, path)
    return found


def find(name_or_path: str) -> Path:
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") or os.sep in name_or_path:
        if not path.is_file():
            raise UserError(f"recipe file not found: {name_or_path}")
        return path
    names = available()
    if name_or_path not in names:
        raise UserError(
            f"unknown recipe '{name_or_path}'{did_you_mean(name_or_path, names)}; `grpo recipes` lists them"
        )
    return names[name_or_path]


def read_raw(path: Path) -> dict:
    try:
        data = yaml.safe_load(path.read_text())
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark else ""
        raise UserError(f"recipe {path}{where}: not valid YAML ({getattr(err, 'problem', err)})") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise UserError(f"recipe {path}: expected a mapping of sections at the top level")
    data.setdefault("name", path.stem)
    return data


def load(name_or_path: str, overrides: list[str] | None = None, *, world: bool = True) -> Recipe:
    """Name or path (+ `--set` overrides) -> validated, frozen Recipe (config.build)."""
    path = find(name_or_path)
    try:
        return build(read_raw(path), overrides, world=world)
    except UserError as err:
        raise UserError(f"{path.name}: {err}") from None


def header(path: Path) -> str:
    """The comment block a recipe file opens with (what it reproduces, hardware, commands, target)."""
    lines = []
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            break
        lines.append(line[1:].strip())
    return "\n".join(lines).strip()
