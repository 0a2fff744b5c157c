"""Finding recipe files by name or path, and loading them into a validated `Recipe`."""

from __future__ import annotations

import os
import re
from pathlib import Path

from grpo_cli import safeio
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
    """The recipe file as a mapping. Invalid UTF-8, invalid YAML, a key written twice and very deep nesting are one
    line naming the file and line (grpo_cli.safeio)."""
    data = safeio.load_yaml(safeio.read_text(path, "recipe"), f"recipe {path}")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise UserError(f"recipe {path}: expected a mapping of sections at the top level")
    data.setdefault("name", path.stem)
    return data


def load(name_or_path: str, overrides: list[str] | None = None, *, world: bool = True) -> Recipe:
    """Name or path (+ `--set` overrides) -> validated, frozen Recipe (config.build). An error is blamed on what
    caused it: the file (named), or the `--set` that a valid file does not survive (named with its value)."""
    path = find(name_or_path)
    raw = read_raw(path)
    try:
        return build(raw, overrides, world=world)
    except UserError as err:
        if not overrides:
            raise UserError(f"{path.name}: {err}") from None
        try:
            build(raw, world=world)
        except UserError as own:
            raise UserError(f"{path.name}: {own}") from None
        raise UserError(blame_set(str(err), overrides)) from None


def blame_set(message: str, overrides: list[str]) -> str:
    """The error of a valid recipe with `--set` overrides, under the override it names ("--set grpo.beta=-1.0: must be
    >= 0", the value as read), else under all of them."""
    for text in reversed(overrides):
        key = text.split("=", 1)[0].strip()
        if key and message.startswith(f"{key}="):
            return f"--set {message}"
        if key and re.search(re.escape(key) + r"(?![\w.])", message):
            return f"--set {safeio.cut(text, 120)}: {message}"
    return f"--set {' '.join(safeio.cut(t, 60) for t in overrides)}: {message}"


def header(path: Path) -> str:
    """The comment block a recipe file opens with (what it reproduces, hardware, commands, target)."""
    lines = []
    for line in safeio.read_text(path, "recipe").splitlines():
        if not line.startswith("#"):
            break
        lines.append(line[1:].strip())
    return "\n".join(lines).strip()
