"""A dataclass's fields and their types, read from an installed package's source with `ast` (nothing is imported).

`dataclass_fields("trl", "trainer.grpo_config", "GRPOConfig")` walks the class and its bases (a base imported from
a sibling module, or from another installed package) and returns every init field with its annotation turned into a
typing object the recipe's type check (config.coerce) reads: int, float, bool, str, Any, Literal[...], unions,
list[X], dict[K, V]. A name it does not know (an enum such as SchedulerType, a class such as ParallelismConfig)
becomes an opaque type no YAML value is an instance of, so `SchedulerType | str` takes a string and
`ParallelismConfig | None` only null: what a recipe can hold.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import types
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Union

NoneType = type(None)


class SourceUnreadable(Exception):
    """The source no longer has the shape this reader expects (a class moved, a base cannot be found)."""


@dataclass(frozen=True)
class Field:
    name: str
    type: Any  # a typing object (see the module docstring)
    annotation: str  # as written in the source, for messages
    owner: str  # the class that declares it last (an override in a subclass wins)


# Bases imported from a package's top level, which re-exports them lazily (transformers' __init__ builds an import
# structure at run time): where each is defined.
REEXPORTS = {("transformers", "TrainingArguments"): "transformers.training_args"}


def package_dir(package: str) -> Path:
    """The folder of an installed top-level package. find_spec of a top-level name imports nothing (of a submodule it
    would import the parents)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise SourceUnreadable(f"{package} is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def module_file(module: str) -> Path:
    """'trl.trainer.grpo_config' -> .../trl/trainer/grpo_config.py (or the package's __init__.py)."""
    top, *rest = module.split(".")
    base = package_dir(top).joinpath(*rest)
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    raise SourceUnreadable(f"no source file for {module} under {package_dir(top)}")


@functools.cache
def _parse(path: Path) -> ast.Module:
    try:
        return ast.parse(path.read_text(encoding="utf-8"), str(path))
    except (OSError, SyntaxError, ValueError) as err:
        raise SourceUnreadable(f"cannot parse {path}: {err}") from None


def _class(tree: ast.Module, name: str, module: str) -> ast.ClassDef:
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return node
    raise SourceUnreadable(f"class {name} not found in {module}")


def _base_module(tree: ast.Module, module: str, base: str) -> str:
    """The module that defines `base`, as `module`'s imports say (or `module` itself)."""
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == base:
            return module
        if isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == base for a in node.names):
            if node.level:  # from .base_config import _BaseConfig
                parent = module.split(".")[: -node.level]
                return ".".join(parent + ([node.module] if node.module else []))
            source = node.module or ""
            return REEXPORTS.get((source, base), source)
    raise SourceUnreadable(f"cannot find where {module} gets {base}")


def dataclass_fields(package: str, module: str, cls: str) -> dict[str, Field]:
    """Every init field of `package.module.cls` and its bases, in dataclass order (a base's first)."""
    return dict(_fields(f"{package}.{module}", cls))


@functools.cache
def _fields(module: str, cls: str) -> tuple[tuple[str, Field], ...]:
    tree = _parse(module_file(module))
    node = _class(tree, cls, module)
    found: dict[str, Field] = {}
    for base in node.bases:
        name = base.id if isinstance(base, ast.Name) else base.attr if isinstance(base, ast.Attribute) else None
        if name in (None, "object", "Generic"):
            continue
        original = next(
            (a.name for n in tree.body if isinstance(n, ast.ImportFrom) for a in n.names if a.asname == name), name
        )
        found.update(_fields(_base_module(tree, module, name), original))
    for stmt in node.body:
        if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
            continue
        name = stmt.target.id
        text = ast.unparse(stmt.annotation)
        if name.startswith("_") or "ClassVar" in text or _not_init(stmt.value):
            continue
        found[name] = Field(name, annotation_type(stmt.annotation), text, cls)
    return tuple(found.items())


def _not_init(value: ast.expr | None) -> bool:
    """`field(..., init=False)`: not a constructor argument."""
    return isinstance(value, ast.Call) and any(
        k.arg == "init" and isinstance(k.value, ast.Constant) and k.value.value is False for k in value.keywords
    )


# --------------------------------------------------------------------------------------------------------
# annotations -> typing objects

_NAMES: dict[str, Any] = {
    "int": int,
    "float": float,
    "bool": bool,
    "str": str,
    "Any": Any,
    "None": NoneType,
    "dict": dict[Any, Any],
    "list": list[Any],
    "tuple": list[Any],  # YAML has lists only
}


@functools.cache
def opaque(name: str) -> type:
    """A stand-in for a type the source names but a recipe value cannot be (an enum, a config class)."""
    return type(name, (), {"__module__": __name__})


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):  # typing.Optional, torch.dtype
        return node.attr
    return None


def _union(args: list[Any]) -> Any:
    unique = list(dict.fromkeys(args))
    return unique[0] if len(unique) == 1 else Union[tuple(unique)]  # noqa: UP007 (built from a list)


def annotation_type(node: ast.expr | None) -> Any:
    """An annotation's AST -> a typing object (see the module docstring)."""
    if node is None:
        return Any
    if isinstance(node, ast.Constant):
        if node.value is None:
            return NoneType
        if isinstance(node.value, str):  # a string annotation: "int | None"
            return annotation_type(ast.parse(node.value, mode="eval").body)
        return Any
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _union([annotation_type(node.left), annotation_type(node.right)])
    if isinstance(node, ast.Subscript):
        return _subscript(_name(node.value), node.slice)
    name = _name(node)
    return _NAMES.get(name, opaque(name)) if name else Any


def _subscript(head: str | None, index: ast.expr) -> Any:
    items = list(index.elts) if isinstance(index, ast.Tuple) else [index]
    if head == "Literal":
        return Literal.__getitem__(tuple(ast.literal_eval(i) for i in items))
    args = [annotation_type(i) for i in items]
    if head == "Optional":
        return _union([args[0], NoneType])
    if head == "Union":
        return _union(args)
    if head in ("tuple", "Tuple"):  # YAML has lists only
        return list[Any]
    # list[X] / dict[K, V] of types known only at run time: GenericAlias is what the subscript builds (equal to it).
    if head in ("list", "List", "Sequence"):
        return types.GenericAlias(list, (args[0],))
    if head in ("dict", "Dict", "Mapping") and len(args) == 2:
        return types.GenericAlias(dict, (args[0], args[1]))
    return opaque(head or "?")


def type_name(tp: Any) -> str:
    """A typing object as people read it: 'int | None', "'a' | 'b'"."""
    origin = typing.get_origin(tp)
    if origin is Literal:
        return " | ".join(repr(a) for a in typing.get_args(tp))
    if origin is Union:
        return " | ".join(type_name(a) for a in typing.get_args(tp))
    if tp is NoneType:
        return "None"
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")
