"""`--set section.key=value`: each override parsed as a YAML scalar (or given typed, by a flag), its key checked
against the recipe's, applied to the resolved recipe's mapping; the build then checks the value."""

from __future__ import annotations

import types
from collections.abc import Sequence
from dataclasses import is_dataclass
from typing import Any, Union, get_args, get_origin

from grpo_cli import safeio
from grpo_cli.config.convert import from_dict, to_dict, trl_section, type_hints
from grpo_cli.config.limits import require
from grpo_cli.config.sections import Recipe
from grpo_cli.config.trainers import TRL_SECTIONS
from grpo_cli.errors import UserError, did_you_mean
from grpo_cli.upstream import trl as upstream_trl


def parse_override(text: str) -> tuple[list[str], Any]:
    """'grpo.beta=0.04' -> (['grpo', 'beta'], 0.04). The value is read as a YAML scalar."""
    if "=" not in text:
        raise UserError(f"--set {safeio.excerpt(text)}: expected section.key=value, e.g. --set grpo.beta=0.04")
    key, raw = text.split("=", 1)
    key = key.strip()
    if not key:
        raise UserError(f"--set {safeio.excerpt(text)}: the key is empty; expected section.key=value")
    try:
        # Bounded like a recipe file: nesting past safeio.MAX_DEPTH or aliases that expand past its cap are errors.
        value = safeio.load_yaml(raw, f"--set {key[:80]}") if raw.strip() else ""
    except safeio.InvalidYAML:
        value = raw
    return key.split("."), value


Override = str | tuple[str, Any]


def apply_overrides(data: dict, overrides: Sequence[Override]) -> dict:
    """Apply overrides to the recipe mapping (validation happens when it is built): `--set` texts
    ('grpo.beta=0.04', parsed as YAML scalars) or (key, value) pairs whose value is already typed (a flag's).

    Overrides apply to the resolved recipe (defaults filled in), so `--set rewards.tag_count=0.5` adds a reward
    to the recipe's rewards instead of replacing them.
    """
    data = to_dict(from_dict(Recipe, data))
    named: dict[str, str] = {}  # key -> the name an override gave it under (the recipe's, or TRL's alias)
    for item in overrides:
        path, value = parse_override(item) if isinstance(item, str) else (item[0].split("."), item[1])
        given, path = ".".join(path), _canonical(path)
        key = ".".join(path)
        require(
            named.setdefault(key, given) == given,
            f"{named.get(key)} and {given} name the same key (TRL's name is an alias); keep one",
        )
        _check_path(path)
        node = data
        for part in path[:-1]:
            child = node.get(part)
            if not isinstance(child, dict):
                child = {}
                node[part] = child
            node = child
        node[path[-1]] = value
    return data


def _check_path(path: list[str]) -> None:
    """Reject unknown keys in an override before it is applied, naming the closest valid ones."""
    cls: Any = Recipe
    for depth, part in enumerate(path):
        prefix = ".".join(path[:depth])
        if not (isinstance(cls, type) and is_dataclass(cls)):
            if depth == len(path) - 1 and get_origin(cls) is dict:
                return  # e.g. rewards.format=0.5
            raise UserError(
                f"unknown recipe key '{safeio.cut('.'.join(path))}': '{safeio.cut(prefix)}' has no sub-keys"
            )
        hints = type_hints(cls)
        section = trl_section(cls)
        if section is not None and (part not in hints or part == "trl"):
            upstream_trl.trl_field(section, part, set(hints) - {"trl"})  # unknown, or set elsewhere: one line
            require(
                depth == len(path) - 1,
                f"unknown recipe key '{safeio.cut('.'.join(path))}': give {section}.{part} whole, e.g. "
                f"--set '{section}.{part}={{key: value}}'",
            )
            return
        if part not in hints:
            where = f"'{safeio.cut(prefix)}.{safeio.cut(part)}'" if prefix else f"'{safeio.cut(part)}'"
            raise UserError(f"unknown recipe key {where}{did_you_mean(part, hints)}")
        cls = hints[part]
        if get_origin(cls) in (Union, types.UnionType):
            non_none = [a for a in get_args(cls) if a is not type(None)]
            cls = non_none[0] if len(non_none) == 1 else cls


def _canonical(path: list[str]) -> list[str]:
    """An override's key path with TRL's alias renamed to the recipe's key (grpo.per_device_train_batch_size ->
    grpo.per_device_batch_size), and a custom reward's name (`rewards../my.py:fn`, `rewards.pkg.mod:fn`) kept whole."""
    if len(path) == 2 and path[0] in TRL_SECTIONS.values() and path[1] in upstream_trl.ALIASES:
        return [path[0], upstream_trl.ALIASES[path[1]]]
    if len(path) > 2 and path[0] == "rewards":
        return ["rewards", ".".join(path[1:])]
    return path
