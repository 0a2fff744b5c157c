"""The whole recipe: `validate` (every number finite and bounded, each section's check, the world check) and
`build`, the one way from a mapping (+ overrides) to a validated, frozen `Recipe`."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import fields, is_dataclass
from typing import Any

from grpo_cli import safeio
from grpo_cli.config.convert import from_dict, to_dict
from grpo_cli.config.limits import MAX_SEED, MAX_VALUES, SEED_KEYS, require
from grpo_cli.config.overrides import Override, apply_overrides
from grpo_cli.config.sections import Recipe
from grpo_cli.errors import UserError
from grpo_cli.formulas import generation_batch, trainer_processes


def validate(recipe: Recipe, *, world: bool = True) -> Recipe:
    """Checks that types alone cannot express. Raises UserError naming the key and the fix.

    Every number is finite first (a NaN fails every comparison below with a misleading message), then each
    section's `check`, in the recipe's order. world=False leaves out the check on the recipe's own world (the
    generation batch splits into whole groups): `grpo estimate` costs a plan on the world its flags give
    (--num-gpus, --gen-batch), not on the recipe's launch section."""
    bad = _non_finite(recipe)
    require(bad is None, f"{bad and bad[0]}={bad and bad[1]}: must be a finite number")
    _check_bounds(recipe)
    check_name(recipe.name)
    for f in fields(recipe):
        section = getattr(recipe, f.name)
        if hasattr(section, "check"):
            section.check(recipe)
    if world:
        _check_world(recipe)
    return recipe


def _value(recipe: Recipe, key: str) -> Any:
    node: Any = recipe
    for part in key.split("."):
        node = getattr(node, part)
    return node


def _check_bounds(recipe: Recipe) -> None:
    """MAX_VALUES and the seed range, before any section's check (which may compute with the values)."""
    for key, (limit, what) in MAX_VALUES.items():
        value = _value(recipe, key)
        if value is not None and value > limit:
            shown = value if isinstance(value, int) else f"{value:g}"
            raise UserError(f"{key}={shown}: at most {limit:,} ({what})")
    for key in SEED_KEYS:
        seed = _value(recipe, key)
        if not 0 <= seed <= MAX_SEED:
            raise UserError(f"{key}={safeio.cut(str(seed))}: a seed must be in 0..{MAX_SEED} (2**32 - 1)")


def _check_world(recipe: Recipe) -> None:
    """Checks on the recipe's own world (launch section): `grpo estimate` may plan another one."""
    g = recipe.grpo
    world, batch = trainer_processes(recipe), generation_batch(recipe)
    # TRL counts completions per device: the global generation batch must split into whole groups. TRL's own keys
    # may set it: generation_batch_size, or steps_per_generation in place of gradient_accumulation_steps.
    if g.trl.get("generation_batch_size") or g.trl.get("steps_per_generation"):
        batch = g.trl.get("generation_batch_size") or g.per_device_batch_size * g.trl["steps_per_generation"] * world
        require(
            batch % g.num_generations == 0,
            f"TRL's generation batch ({batch} completions: grpo.generation_batch_size, or per_device_batch_size x "
            f"steps_per_generation x processes) is not a multiple of grpo.num_generations ({g.num_generations})",
        )
        return
    require(
        batch % g.num_generations == 0,
        f"grpo.per_device_batch_size ({g.per_device_batch_size}) x gradient_accumulation_steps "
        f"({g.gradient_accumulation_steps}) x processes ({world}) = {batch} completions is not a multiple of "
        f"grpo.num_generations ({g.num_generations}); set grpo.per_device_batch_size to a multiple of it",
    )


_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")


def check_name(name: str) -> str:
    """The recipe name, if it is a plain identifier (it becomes a folder under --run-dir); UserError otherwise."""
    if not isinstance(name, str) or not _NAME.match(name) or ".." in name:
        raise UserError(
            f"recipe name {name!r} cannot be a folder name: use letters, digits, '_', '-' or '.' (not leading, no "
            "'..', at most 100 characters), e.g. --set name=my_run"
        )
    return name


def _non_finite(obj: Any, prefix: str = "") -> tuple[str, float] | None:
    """The first float in the recipe that is NaN or infinite, with its key (YAML reads .nan and .inf as floats)."""
    items: list[tuple[Any, Any]]
    if is_dataclass(obj):
        items = [(f.name, getattr(obj, f.name)) for f in fields(obj)]
    elif isinstance(obj, dict):
        items = list(obj.items())
    elif isinstance(obj, list):
        items = list(enumerate(obj))
    else:
        return None
    for key, value in items:
        where = f"{prefix}{key}"
        if isinstance(value, float) and not math.isfinite(value):
            return where, value
        found = _non_finite(value, f"{where}.")
        if found:
            return found
    return None


def build(data: dict, overrides: Sequence[Override] | None = None, *, world: bool = True) -> Recipe:
    """Raw mapping (+ overrides: `--set` texts or (key, value) pairs) -> validated, frozen Recipe."""
    if overrides:
        data = apply_overrides(data, overrides)
    return validate(from_dict(Recipe, data), world=world)


def with_values(recipe: Recipe, values: dict[str, Any], *, world: bool = True) -> Recipe:
    """The recipe with `{"section.key": value}` set, built and validated exactly as `--set` would be."""
    return build(to_dict(recipe), list(values.items()), world=world) if values else recipe
