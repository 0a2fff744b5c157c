"""Plain data <-> the typed recipe: a mapping is built into the dataclasses with a type check on every value (unknown
keys refused with the closest valid names), and a recipe is written back as plain data. The `grpo` and `sft`
sections' TRL keys are checked against the installed TRL's source (grpo_cli.upstream)."""

from __future__ import annotations

import dataclasses
import functools
import re
import types
from dataclasses import fields, is_dataclass
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from grpo_cli import safeio
from grpo_cli.config.limits import require
from grpo_cli.config.sections import Recipe
from grpo_cli.config.trainers import TRL_SECTIONS
from grpo_cli.errors import UserError, did_you_mean
from grpo_cli.upstream import trl as upstream_trl


@functools.cache
def type_hints(cls: type) -> dict[str, Any]:
    """A section's field annotations, evaluated once (get_type_hints compiles every string annotation on each call:
    building a recipe and declaring the shortcut flags called it hundreds of times)."""
    return get_type_hints(cls)


def _type_name(tp: Any) -> str:
    if get_origin(tp) is Literal:
        return " | ".join(repr(a) for a in get_args(tp))
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


_FLOAT = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def coerce(value: Any, tp: Any, where: str) -> Any:
    """Check `value` against the annotation `tp`; return it (ints widen to floats). Raise UserError otherwise."""
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        args = get_args(tp)
        if value is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return coerce(value, arg, where)
            except UserError as err:
                errors.append(err)
        raise errors[0]
    if origin is Literal:
        choices = get_args(tp)
        if value not in choices:
            raise UserError(
                f"{where}: {safeio.excerpt(value)} is not allowed{did_you_mean(str(value)[:100], map(str, choices))}"
            )
        return value
    if origin is list:
        (item_tp,) = get_args(tp)
        if not isinstance(value, list):
            raise UserError(f"{where}: expected a list, got {safeio.excerpt(value)}")
        return [coerce(v, item_tp, f"{where}[{i}]") for i, v in enumerate(value)]
    if origin is dict:
        key_tp, val_tp = get_args(tp)
        if not isinstance(value, dict):
            raise UserError(f"{where}: expected a mapping, got {safeio.excerpt(value)}")
        return {coerce(k, key_tp, where): coerce(v, val_tp, f"{where}.{k}") for k, v in value.items()}
    if isinstance(tp, type) and is_dataclass(tp):
        return from_dict(tp, value, where)
    if tp is bool:
        if isinstance(value, bool):
            return value
    elif tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
    elif tp is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        # YAML 1.1 reads "1e-5" (no dot) as a string; it is plainly a number.
        if isinstance(value, str) and _FLOAT.fullmatch(value.strip()):
            return float(value)
    elif tp is str:
        if isinstance(value, str):
            return value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
    elif tp is Any:
        return value
    raise UserError(f"{where}: expected {_type_name(tp)}, got {safeio.excerpt(value)}")


def from_dict(cls: type, data: Any, where: str = "recipe") -> Any:
    """Build dataclass `cls` from a mapping, rejecting unknown keys with close matches."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise UserError(f"{where}: expected a mapping of keys, got {safeio.excerpt(data)}")
    hints = type_hints(cls)
    known = {f.name for f in fields(cls)}
    section = trl_section(cls)
    if section is not None:
        data = _trl_keys(section, data, known - {"trl"})
    kwargs = {}
    for key, value in data.items():
        path = key if where == "recipe" else f"{where}.{key}"
        if key not in known:
            raise UserError(f"unknown recipe key '{safeio.cut(str(path))}'{did_you_mean(str(key)[:100], known)}")
        kwargs[key] = coerce(value, hints[key], path)
    return cls(**kwargs)


def to_dict(obj: Any) -> dict:
    """The plain-data form of a recipe (what `grpo recipes show` and run directories write). The TRL keys a section
    passes through are written flat in it, under TRL's names, as the recipe gave them."""
    data = dataclasses.asdict(obj)
    if isinstance(obj, Recipe):
        for section in TRL_SECTIONS.values():
            data[section].update(data[section].pop("trl"))
    return data


def trl_section(cls: Any) -> str | None:
    """'grpo' or 'sft' for the sections that take their TRL config's other fields, else None."""
    return TRL_SECTIONS.get(cls)


def _trl_keys(section: str, data: dict, own: set[str]) -> dict:
    """A grpo/sft mapping with TRL's aliases of the recipe's keys renamed (a value under both names is refused) and
    every other TRL field moved under `trl`, type-checked against the installed TRL's source."""
    out: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in data.items():
        name = str(key)
        if name in own:
            out[name] = value
        elif name in upstream_trl.ALIASES:
            mine = upstream_trl.ALIASES[name]
            require(
                mine not in data,
                f"{section}.{mine} and {section}.{name} (its TRL name) are both given; keep one",
            )
            out[mine] = value
        else:
            extra[name] = coerce(value, upstream_trl.trl_field(section, name, own).type, f"{section}.{name}")
    if extra:
        out["trl"] = extra
    return out


def key_type(key: str) -> Any:
    """The annotation of a recipe key ("grpo.beta" -> float)."""
    tp: Any = Recipe
    for part in key.split("."):
        tp = type_hints(tp)[part]
    return tp
