"""What the arithmetic reads: EstimateInputs (a recipe, read through named properties, plus what a recipe does not
hold), checked once (validate_inputs) and built from a recipe (inputs_from_recipe)."""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from typing import Any

from grpo_cli import config
from grpo_cli.errors import UserError
from grpo_cli.estimate import methods
from grpo_cli.estimate.archs import Arch, nearest_arch, resolve_model
from grpo_cli.estimate.defaults import DATASET_SIZES, DEFAULT_BANDWIDTH_EFFICIENCY, DEFAULT_DECODE_EFFICIENCY
from grpo_cli.estimate.hardware import GPU, resolve_gpu
from grpo_cli.formulas import generation_batch, prompts_for_steps, trainer_processes

# The recipe keys the arithmetic reads, by the name of the EstimateInputs property that reads each (x.G is
# grpo.num_generations). inputs_from_recipe and `with_recipe` take these names as overrides, which set their key exactly
# as `--set` would (typed and checked once, by config.validate); the command line sets them through the shortcut flags
# (config.SHORTCUTS) or --set. A test checks each property reads the key named here.
FROM_RECIPE: dict[str, str] = {
    "G": "grpo.num_generations",
    "mean_len": "estimate.mean_completion_len",
    "max_len": "grpo.max_completion_length",
    "prompt_len": "estimate.prompt_len",
    "prompts": "estimate.prompts",
    "epochs": "grpo.epochs",
    "mfu": "estimate.mfu",
    "price": "estimate.price_per_gpu_hour",
    "beta": "grpo.beta",
    "num_iterations": "grpo.num_iterations",
    "lora": "model.lora",
    "lora_rank": "model.lora_rank",
    "grad_ckpt": "model.gradient_checkpointing",
    "strategy": "launch.strategy",
    "micro_batch": "grpo.per_device_batch_size",
    "use_vllm": "grpo.use_vllm",
    "vllm_mode": "grpo.vllm_mode",
    "vllm_memory": "grpo.vllm_gpu_memory_utilization",
    "vllm_tp": "grpo.vllm_tensor_parallel_size",
    "vllm_sleep": "grpo.vllm_enable_sleep_mode",
    "server_gpus": "launch.vllm_server_gpus",
}
# The workload overrides that replace a recipe's grpo.max_steps.
_WORKLOAD = ("prompts", "epochs", "tokens")


@dataclass(frozen=True)
class EstimateInputs:
    """Everything the arithmetic needs: a validated recipe, plus what a recipe does not hold. Built by
    `inputs_from_recipe`; the recipe's fields are read through the properties below (x.G, x.mean_len, ...)."""

    recipe: config.Recipe
    model: str  # label for the table
    # Known architecture (attention FLOPs, KV cache, activations), or None when only a parameter count is known.
    arch: Arch | None
    params: float  # memory
    flop_params: float  # N in 2N / 6N
    prompts: int  # prompts per epoch: estimate.prompts, the dataset's size, or what grpo.max_steps consumes
    epochs: float
    gpu: GPU
    num_gpus: int  # training processes (GPUs)
    gen_batch: int  # completions generated per round, all GPUs (TRL: per_device x grad_accum x world)
    tokens: float | None = None  # total generated tokens; overrides prompts x G x len x epochs
    decode_efficiency: float = DEFAULT_DECODE_EFFICIENCY
    bandwidth_efficiency: float = DEFAULT_BANDWIDTH_EFFICIENCY
    old_logprobs: bool | None = None  # None: TRL's rule (vLLM's importance-sampling correction, or num_iterations > 1)
    eager: bool | None = None  # None: HF generate is eager, vLLM uses CUDA graphs (TRL does not set enforce_eager)
    pass_rate: float | None = None
    # --- estimate-only inputs (no recipe key): what-ifs for docs/estimate.md's four claims
    method: str = "grpo"  # grpo | ppo (a critic of the policy's size) | dpo (given pairs, no generation)
    # GPUs per colocated vLLM engine as given (--rollout-tp; check_fit passes the recipe's size): no auto-sizing.
    # None: the recipe's grpo.vllm_tensor_parallel_size when it fits, else the smallest group that does.
    rollout_tp_given: int | None = None
    # What `rollout_layout` chose (None until it runs); read through `rollout_tp`.
    engine_gpus: int | None = None
    # A learned process reward model that scores every completion (--prm): its architecture when known, and its
    # parameter counts (memory; N for 2N FLOPs per token). 0 = no PRM.
    prm_arch: Arch | None = None
    prm_params: float = 0.0
    prm_flop_params: float = 0.0
    prm_name: str = ""
    prm_train_tokens: float | None = None  # --prm-train-tokens: the cost of training that PRM on so many tokens
    # DeepSpeed offload_optimizer: fp32 master weights and Adam states live in host memory and the Adam step runs
    # on the CPU (not a recipe key yet: `grpo train` does not set it).
    offload_optimizer: bool = False

    def replace(self, **changes: Any) -> EstimateInputs:
        """These inputs with `changes`: names in FROM_RECIPE are set in the recipe (and validated), the rest replaced."""
        keys = {FROM_RECIPE[k]: v for k, v in changes.items() if k in FROM_RECIPE}
        rest = {k: v for k, v in changes.items() if k not in FROM_RECIPE}
        return replace(self, recipe=config.with_values(self.recipe, keys, world=False), **rest)

    # -- read from the recipe (FROM_RECIPE) ----------------------------------------------------------------

    @property
    def G(self) -> int:
        return self.recipe.grpo.num_generations

    @property
    def beta(self) -> float:
        return self.recipe.grpo.beta

    @property
    def num_iterations(self) -> int:
        return self.recipe.grpo.num_iterations

    @property
    def micro_batch(self) -> int:
        return self.recipe.grpo.per_device_batch_size

    @property
    def use_vllm(self) -> bool:
        return self.recipe.grpo.use_vllm

    @property
    def vllm_mode(self) -> str:
        return self.recipe.grpo.vllm_mode

    @property
    def vllm_memory(self) -> float:
        return self.recipe.grpo.vllm_gpu_memory_utilization

    @property
    def vllm_tp(self) -> int:
        return self.recipe.grpo.vllm_tensor_parallel_size

    @property
    def vllm_sleep(self) -> bool:
        return self.recipe.grpo.vllm_enable_sleep_mode

    @property
    def lora(self) -> bool:
        return self.recipe.model.lora

    @property
    def lora_rank(self) -> int:
        return self.recipe.model.lora_rank

    @property
    def grad_ckpt(self) -> bool:
        return self.recipe.model.gradient_checkpointing

    @property
    def strategy(self) -> str:
        return self.recipe.launch.strategy

    @property
    def server_gpus(self) -> int:
        return self.recipe.launch.vllm_server_gpus

    @property
    def mfu(self) -> float:
        return self.recipe.estimate.mfu

    @property
    def price(self) -> float | None:
        return self.recipe.estimate.price_per_gpu_hour

    @property
    def mean_len(self) -> float:
        return float(self.recipe.estimate.mean_completion_len)

    @property
    def max_len(self) -> int:
        """grpo.max_completion_length, and at least the mean: a generation round waits for its longest answer."""
        return max(self.recipe.grpo.max_completion_length, math.ceil(self.mean_len))

    @property
    def prompt_len(self) -> float:
        return float(self.recipe.estimate.prompt_len)

    @property
    def lora_targets(self) -> tuple[str, ...]:
        return tuple(self.recipe.model.lora_target_modules)

    @property
    def name(self) -> str:
        """The recipe's name, for messages."""
        return self.recipe.name

    # -- derived -------------------------------------------------------------------------------------------

    @property
    def shape(self) -> Arch:
        """The architecture, or the nearest known one when only a parameter count was given."""
        return self.arch if self.arch is not None else nearest_arch(self.params)

    @property
    def computes_old_logprobs(self) -> bool:
        if self.old_logprobs is not None:
            return self.old_logprobs
        # trl 1.16 GRPOTrainer: with vLLM the importance-sampling correction (on by default) always recomputes
        # the old policy's log-probs; without it, only when a generation batch is reused (num_iterations > 1).
        return self.use_vllm or self.num_iterations > 1

    @property
    def decode_eager(self) -> bool:
        return (not self.use_vllm) if self.eager is None else self.eager

    @property
    def rollout_tp(self) -> int:
        """GPUs per generation engine: vllm_tp colocated; the whole server in server mode (`grpo serve` runs one
        engine with tensor parallel = launch.vllm_server_gpus); 1 for HF generate."""
        if not self.use_vllm:
            return 1
        if self.vllm_mode == "server":
            return max(1, self.server_gpus)
        return self.engine_gpus or self.rollout_tp_given or self.vllm_tp

    @property
    def gen_gpus(self) -> int:
        return self.server_gpus if (self.use_vllm and self.vllm_mode == "server") else self.num_gpus


MAX_PROMPTS = 10**12
MAX_COUNT = 1e18  # parameters or tokens
MAX_GPUS = 1_000_000
# The efficiencies' floor: no real GPU kernel runs below 1% of peak, and a figure far below it only divides the hours
# by ~0 (--mfu 1e-300 printed 1.4e300 GPU-hours). config.EstimateConfig keeps the MFU above the same floor.
MIN_EFFICIENCY = config.MIN_EFFICIENCY


def validate_inputs(x: EstimateInputs) -> EstimateInputs:
    """Reject what the arithmetic cannot use among the inputs a recipe does not hold (config.validate checked the
    recipe's), with one line naming the input and the fix."""
    checks = (
        # The world first: the prompts of a max_steps recipe are derived from it.
        (x.num_gpus <= MAX_GPUS, f"--num-gpus {x.num_gpus}: at most {MAX_GPUS:,}"),
        (x.gen_batch <= MAX_PROMPTS, f"--gen-batch {x.gen_batch}: at most {MAX_PROMPTS:.0e}"),
        (x.prompts >= 1, f"--prompts {x.prompts}: must be >= 1"),
        (x.tokens is None or x.tokens >= 1, f"--tokens {x.tokens:g}: must be >= 1" if x.tokens is not None else ""),
        (x.num_gpus >= 1, f"--num-gpus {x.num_gpus}: must be >= 1"),
        (
            MIN_EFFICIENCY <= x.decode_efficiency <= 1,
            f"--decode-eff {x.decode_efficiency:g}: must be in [{MIN_EFFICIENCY:g}, 1] (a fraction of peak FLOP/s)",
        ),
        (
            MIN_EFFICIENCY <= x.bandwidth_efficiency <= 1,
            f"--bw-eff {x.bandwidth_efficiency:g}: must be in [{MIN_EFFICIENCY:g}, 1] (a fraction of peak bandwidth)",
        ),
        (
            x.rollout_tp_given is None or 1 <= x.rollout_tp_given <= x.gen_gpus,
            f"--rollout-tp {x.rollout_tp_given}: GPUs per vLLM engine must be in 1..{x.gen_gpus} (the GPUs that "
            "generate)",
        ),
        (x.pass_rate is None or 0 <= x.pass_rate <= 1, f"--pass-rate {x.pass_rate}: must be in [0, 1]"),
        (x.gen_batch >= 1, "per_device_batch_size and the generation batch must be >= 1"),
        (x.method in methods.METHODS, f"--method {x.method}: expected one of {', '.join(methods.METHODS)}"),
        (
            x.prm_train_tokens is None or x.prm_train_tokens >= 1,
            f"--prm-train-tokens {x.prm_train_tokens}: must be >= 1",
        ),
        # Upper bounds: far past any real run, short of figures that overflow into inf or print 300-digit hours.
        (x.prompts <= MAX_PROMPTS, f"--prompts {x.prompts}: at most {MAX_PROMPTS:.0e}"),
        (x.tokens is None or x.tokens <= MAX_COUNT, f"--tokens {x.tokens}: at most {MAX_COUNT:.0e}"),
        (x.params <= MAX_COUNT, f"--params {x.params:g}: at most {MAX_COUNT:.0e} parameters"),
        (
            x.prm_train_tokens is None or x.prm_train_tokens <= MAX_COUNT,
            f"--prm-train-tokens {x.prm_train_tokens}: at most {MAX_COUNT:.0e}",
        ),
    )
    for ok, message in checks:
        if not ok:
            raise UserError(message)
    return x


def _dataset_prompts(recipe: config.Recipe) -> int:
    data = recipe.data
    if data.dataset == "toy":
        size = data.toy.num_train
    elif data.dataset in DATASET_SIZES and not data.path:
        size = DATASET_SIZES[data.dataset]
    else:
        raise UserError(
            f"{recipe.name}: the size of dataset '{data.path or data.dataset}' is unknown; "
            "set estimate.prompts in the recipe or pass --prompts"
        )
    return min(size, data.limit) if data.limit > 0 else size


def _architecture(
    recipe: config.Recipe, model_name: Any, params: float | None
) -> tuple[str, Arch | None, float, float]:
    """(label, architecture, parameters, FLOP parameters). `params` without `model_name` drops the architecture:
    the FLOPs are then exactly 2N/6N per token with no attention term."""
    m = recipe.model
    if model_name is not None:
        arch: Arch | None = resolve_model(str(model_name), m.tiny)
    elif params is not None:
        arch = None
    else:
        arch = resolve_model(m.name, m.tiny)
    if params is not None:
        # An explicit count is N for the FLOPs (2N, 6N per token) and for the memory plan.
        label = str(model_name) if model_name is not None else f"{params / 1e9:g}B-parameter model"
        return label, arch, float(params), float(params)
    assert arch is not None
    label = str(model_name) if model_name is not None else m.name
    return label, arch, float(arch.total_params), float(arch.flop_params)


def inputs_from_recipe(
    recipe: config.Recipe, *, flags: dict[str, tuple[str, Any]] | None = None, **overrides: Any
) -> EstimateInputs:
    """A `grpo_cli.config.Recipe` (+ overrides; None = not given) -> inputs.

    `flags` are command-line flags that set recipe keys, `{"grpo.num_generations": ("--G", 8)}` (config.SHORTCUTS),
    applied as their `--set` with errors under the flag. Overrides named in FROM_RECIPE set their recipe key the same
    way; `gpu` as a name sets launch.gpu (a `GPU` is used as is). The others are the inputs a recipe does not hold:
    `model` (an architecture name or a config.json), `params`, `tokens`, `num_gpus`, `gen_batch`, the efficiencies,
    `eager`, `old_logprobs` and `pass_rate`. `prompts`, `epochs` or `tokens` replace a recipe's grpo.max_steps."""
    ov = {k: v for k, v in overrides.items() if v is not None}
    given = {key: fv for key, fv in (flags or {}).items() if fv[1] is not None}
    flag_of = {s.key: s.flag for s in config.SHORTCUTS}  # errors name the flag a user would type
    given.update(
        {FROM_RECIPE[k]: (flag_of.get(FROM_RECIPE[k], FROM_RECIPE[k]), ov.pop(k)) for k in list(ov) if k in FROM_RECIPE}
    )
    if isinstance(ov.get("gpu"), str):
        given["launch.gpu"] = ("--gpu", ov.pop("gpu"))
    workload = {FROM_RECIPE["prompts"], FROM_RECIPE["epochs"]}
    if "tokens" in ov or workload & set(given):
        given["grpo.max_steps"] = ("grpo.max_steps", 0)
    recipe = config.apply_flags(recipe, given, world=False)
    unknown = set(ov) - {f.name for f in fields(EstimateInputs)} - {"model", "params"}
    if unknown:
        raise TypeError(f"inputs_from_recipe: unknown overrides {sorted(unknown)}")

    label, arch, total, flop_params = _architecture(recipe, ov.pop("model", None), ov.pop("params", None))
    g = recipe.grpo
    num_gpus = int(ov.pop("num_gpus", trainer_processes(recipe)))
    gen_batch = int(ov.pop("gen_batch", generation_batch(recipe, num_gpus)))
    if g.max_steps > 0:
        # max_steps optimizer steps; each generation batch feeds num_iterations of them.
        prompts, epochs = prompts_for_steps(g.max_steps, gen_batch, g.num_iterations, g.num_generations), 1.0
    else:
        prompts, epochs = recipe.estimate.prompts or _dataset_prompts(recipe), float(g.epochs)
    gpu = ov.pop("gpu", None) or resolve_gpu(recipe.launch.gpu)
    inputs = EstimateInputs(
        recipe=recipe,
        model=label,
        arch=arch,
        params=total,
        flop_params=flop_params,
        prompts=int(prompts),
        epochs=epochs,
        gpu=gpu,
        num_gpus=num_gpus,
        gen_batch=gen_batch,
        **ov,
    )
    return validate_inputs(inputs)
