"""grpo-cli: reproduce DeepSeek-style GRPO on math, and know what it costs first."""

__version__ = "0.1.0"
