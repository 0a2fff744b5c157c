"""What the installed libraries accept, read from their source files without importing them.

`grpo recipes show` and `grpo --help` must not import trl or torch (seconds), yet a recipe's `grpo` and `sft`
sections take any field of TRL's GRPOConfig / SFTConfig under TRL's own name, checked against the TRL that is
installed. So the fields and their types come from TRL's (and transformers') source, parsed with `ast`
(`fields.dataclass_fields`), located with `importlib.util.find_spec` on the top-level package (which imports nothing),
once per process. `trl.py` says which classes, and which of their fields the recipe sets from its own keys.
"""

from __future__ import annotations

from grpo_cli.upstream.fields import Field, SourceUnreadable, dataclass_fields
from grpo_cli.upstream.trl import TRL_CLASSES, trl_fields

__all__ = ["TRL_CLASSES", "Field", "SourceUnreadable", "dataclass_fields", "trl_fields"]
