"""The recipe's sections other than `sft` and `grpo` (config/trainers.py), and `Recipe`, the tree of them all.

Each section is a frozen dataclass whose `check(recipe)` holds the semantic checks of its keys (types are checked on
the way in, by config/convert.py); `config.validate` runs them all, so a recipe `grpo recipes show` accepts is one
every stage accepts. A check that relates two sections sits in the section whose key it names in its message.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from grpo_cli import safeio
from grpo_cli.config.limits import (
    ATTN_IMPLEMENTATIONS,
    LANGUAGE_SCRIPTS,
    MAX_EVAL_N,
    MAX_REWARD_WEIGHT,
    MAX_VERIFY_TIMEOUT,
    MIN_EFFICIENCY,
    REPORT_TO,
    check_reward_name,
    check_tokens,
    require,
    reward_metric,
)
from grpo_cli.config.trainers import GRPOSection, SFTConfig
from grpo_cli.errors import did_you_mean
from grpo_cli.formulas import uses_vllm_server
from grpo_cli.observe.alarms import THRESHOLDS as ALARM_THRESHOLDS

R1_SYSTEM_PROMPT = (
    "A conversation between User and Assistant. The user asks a question, and the Assistant solves it. "
    "The assistant first thinks about the reasoning process in the mind and then provides the user with the "
    "answer. The reasoning process and answer are enclosed within <think> </think> and <answer> </answer> tags, "
    "respectively, i.e., <think> reasoning process here </think> <answer> answer here </answer>."
)
# The final reading's contract told to the policy it pays (verify.contract, reward_options.verify_mode=final): the R1
# prompt and one sentence on what that reading reads at the think block's end and in the answer tag.
R1_FINAL_SYSTEM_PROMPT = R1_SYSTEM_PROMPT + (
    " The reasoning ends with the calculation that gives the final answer, and the answer tag holds only that value."
)
# Names a recipe may give prompt.system instead of the text.
SYSTEM_PROMPTS = {"r1": R1_SYSTEM_PROMPT, "r1-final": R1_FINAL_SYSTEM_PROMPT}


@dataclass(frozen=True)
class TinyModelConfig:
    """Architecture of the offline tiny Qwen2 model (built locally, never downloaded)."""

    hidden_size: int = 64
    intermediate_size: int = 128
    num_hidden_layers: int = 2
    num_attention_heads: int = 4
    num_key_value_heads: int = 2
    max_position_embeddings: int = 512
    seed: int = 0

    def check(self) -> None:
        require(
            min(self.hidden_size, self.intermediate_size, self.num_hidden_layers, self.num_attention_heads,
                self.num_key_value_heads, self.max_position_embeddings) >= 1,
            "model.tiny: sizes, layers, heads and max_position_embeddings must be >= 1",
        )  # fmt: skip
        # What transformers' Qwen2 would refuse (or get wrong) when the model is built: whole heads, whole KV groups.
        require(
            self.hidden_size % self.num_attention_heads == 0,
            f"model.tiny.hidden_size={self.hidden_size} must be a multiple of num_attention_heads "
            f"({self.num_attention_heads})",
        )
        require(
            self.num_attention_heads % self.num_key_value_heads == 0,
            f"model.tiny.num_attention_heads={self.num_attention_heads} must be a multiple of num_key_value_heads "
            f"({self.num_key_value_heads})",
        )


@dataclass(frozen=True)
class ModelConfig:
    # A Hub id (Qwen/Qwen2.5-7B), a local directory, or one of BUILT_MODELS: "tiny" for the offline model built from
    # `tiny`, "smollm2-gguf" for the packaged SmolLM2-135M-Instruct (grpo_cli.models).
    name: str = "tiny"
    revision: str | None = None
    # auto: bf16 on a GPU that supports it, fp32 on CPU.
    dtype: Literal["auto", "bf16", "fp16", "fp32"] = "auto"
    attn_implementation: str | None = None
    gradient_checkpointing: bool = False
    lora: bool = False
    lora_rank: int = 16
    lora_alpha: int = 32
    lora_dropout: float = 0.05
    lora_target_modules: list[str] = field(
        default_factory=lambda: ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]
    )
    # Context window; prompt + completion must fit (Qwen2.5-Math-7B: 4096).
    max_context: int | None = None
    # HF generate (eval's HF backend, GRPO without vLLM): eager (a growing KV cache, kernels launched from Python each
    # step) or compiled (a static KV cache and torch.compile of the decode step: CUDA graphs on a GPU). Opt-in until a
    # GPU measures it faster (docs/scale.md); greedy outputs are the same (tests/test_generation_modes.py).
    generation: Literal["eager", "compiled"] = "eager"
    tiny: TinyModelConfig = field(default_factory=TinyModelConfig)

    def check(self, recipe: Recipe) -> None:
        require(self.lora_rank >= 1, f"model.lora_rank={self.lora_rank}: must be >= 1")
        require(self.lora_alpha > 0, f"model.lora_alpha={self.lora_alpha}: must be > 0")
        require(0 <= self.lora_dropout < 1, f"model.lora_dropout={self.lora_dropout}: must be in [0, 1)")
        require(self.max_context is None or self.max_context >= 1, "model.max_context must be >= 1 (or null)")
        attn = self.attn_implementation
        require(
            attn is None or attn.removeprefix("paged|") in ATTN_IMPLEMENTATIONS or "/" in attn,
            f"model.attn_implementation: {safeio.excerpt(attn)} is not an attention implementation of transformers "
            f"(or a Hub kernel 'org/repo'){did_you_mean(str(attn)[:100], ATTN_IMPLEMENTATIONS)}",
        )
        self.tiny.check()
        if self.max_context is not None:
            prompt, completion = recipe.estimate.prompt_len, recipe.grpo.max_completion_length
            require(
                prompt + completion <= self.max_context,
                f"prompt ({prompt}) + grpo.max_completion_length ({completion}) = {prompt + completion} "
                f"exceeds model.max_context ({self.max_context}); lower grpo.max_completion_length",
            )


@dataclass(frozen=True)
class ToyConfig:
    """The seeded arithmetic word-problem generator (dataset: toy)."""

    num_train: int = 2000
    num_test: int = 200
    # Number of operations per problem (1 = two operands).
    difficulty: int = 1
    max_operand: int = 20
    seed: int = 1234
    # Fraction of training demonstrations from a careless demonstrator: the working is right but the answer written
    # under it is the value before the last step (a sub-result). SFT imitates the slips; the reward and eval check
    # the true answer, so GRPO can unlearn them (docs/learning.md). Problems, splits and references do not change.
    slip_rate: float = 0.0

    def check(self) -> None:
        require(
            min(self.difficulty, self.max_operand, self.num_train, self.num_test) >= 1,
            "data.toy: difficulty, max_operand, num_train and num_test must all be >= 1",
        )
        require(0 <= self.slip_rate < 1, f"data.toy.slip_rate must be in [0, 1), got {self.slip_rate}")


@dataclass(frozen=True)
class DataConfig:
    dataset: Literal["gsm8k", "math", "toy", "custom"] = "gsm8k"
    # Local file or folder (jsonl/parquet) used instead of the Hub.
    path: str | None = None
    # Hub dataset id and config; defaults per dataset (openai/gsm8k, main).
    hub_id: str | None = None
    hub_config: str | None = None
    train_split: str = "train"
    test_split: str = "test"
    # Use at most this many training problems (0 = all).
    limit: int = 0
    # Column mapping for custom data.
    question_column: str = "question"
    answer_column: str = "answer"
    # Which verifier task scores this data: gsm8k (numbers) or math (LaTeX).
    task: Literal["gsm8k", "math"] = "gsm8k"
    toy: ToyConfig = field(default_factory=ToyConfig)

    def check(self, recipe: Recipe) -> None:
        require(
            self.dataset != "custom" or bool(self.path or self.hub_id),
            "data.dataset=custom needs data.path (a local jsonl/parquet file or folder) or data.hub_id",
        )
        require(self.limit >= 0, f"data.limit={self.limit}: must be >= 0 (0 = all problems)")
        self.toy.check()


@dataclass(frozen=True)
class PromptConfig:
    # The system prompt: its text, or the name of one in SYSTEM_PROMPTS ('r1', 'r1-final'), read as that text.
    system: str = R1_SYSTEM_PROMPT
    # auto: the tokenizer's chat template when it has one, the plain template otherwise.
    chat_template: Literal["auto", "always", "never"] = "auto"

    def __post_init__(self) -> None:
        object.__setattr__(self, "system", SYSTEM_PROMPTS.get(self.system, self.system))


@dataclass(frozen=True)
class RewardOptions:
    language: str = "en"
    # DAPO soft overlong punishment: penalty ramps over the last `overlong_buffer` tokens before the max.
    overlong_buffer: int = 64
    overlong_penalty: float = 1.0
    # Seconds one verification may take before it counts as wrong (reason: timeout).
    verify_timeout: float = 1.0
    # How the reward and eval's pass@1 read an answer: flexible (answer slots, then the last number / LaTeX of a
    # finished text), strict (answer slots only) or final (the R1 format and nothing else, then strict:
    # verify.contract). docs/verifiers.md, "Flexible, strict or final for the reward".
    verify_mode: Literal["flexible", "strict", "final"] = "flexible"

    def check(self, recipe: Recipe) -> None:
        """The recipe's `rewards:` names and these options (the options matter only for the rewards that use them)."""
        require(bool(recipe.rewards), "rewards: name at least one reward function, e.g. {accuracy: 1.0}")
        logged: dict[str, str] = {}
        for name, weight in recipe.rewards.items():
            check_reward_name(name)
            require(
                abs(weight) <= MAX_REWARD_WEIGHT,
                f"rewards.{name}={weight:g}: a weight's size is at most {MAX_REWARD_WEIGHT:g} (only the ratios of the "
                "weights matter)",
            )
            metric = reward_metric(name)
            require(
                logged.setdefault(metric, name) == name,
                f"rewards: {logged[metric]} and {name} would both log as rewards/{metric}/mean; rename one function",
            )
        require(
            self.verify_timeout > 0,
            f"reward_options.verify_timeout={self.verify_timeout}: must be > 0 seconds (default 1.0)",
        )
        require(
            self.verify_timeout <= MAX_VERIFY_TIMEOUT,
            f"reward_options.verify_timeout={self.verify_timeout}: at most {MAX_VERIFY_TIMEOUT:g} seconds",
        )
        require(self.overlong_buffer >= 0, f"reward_options.overlong_buffer={self.overlong_buffer}: must be >= 0")
        require(
            self.verify_mode != "final" or "<answer>" in recipe.prompt.system,
            "reward_options.verify_mode=final pays only the R1 format (<think>...</think><answer>...</answer>) and "
            "prompt.system does not ask for <answer>; set prompt.system=r1-final, or reward_options.verify_mode=flexible",
        )
        if "language" in recipe.rewards:
            require(
                self.language in LANGUAGE_SCRIPTS,
                f"reward_options.language: {self.language!r} is not supported"
                f"{did_you_mean(self.language, LANGUAGE_SCRIPTS)}",
            )
        if "overlong" in recipe.rewards:
            max_len = recipe.grpo.max_completion_length
            require(
                0 < self.overlong_buffer < max_len,
                f"reward_options.overlong_buffer={self.overlong_buffer}: must be in (0, grpo.max_completion_length="
                f"{max_len}); DAPO uses a quarter of the maximum length",
            )
            require(self.overlong_penalty >= 0, "reward_options.overlong_penalty must be >= 0 (it is subtracted)")


@dataclass(frozen=True)
class StepsConfig:
    """Step scores (docs/process.md): the `steps` reward and process-supervised GRPO (grpo.advantage: process)."""

    # arithmetic: every `expression = value` claim checked exactly (no model); prm: the learned PRM in `prm.model`.
    scorer: Literal["arithmetic", "prm"] = "arithmetic"
    # How reasoning splits into steps (grpo_cli.stepwise.split): auto = blank lines, else lines, else sentences, else clauses.
    split: Literal["auto", "blank_line", "line", "sentence", "clause"] = "auto"
    # The `steps` reward: one number per completion from its step scores.
    reduce: Literal["mean", "min", "last"] = "mean"
    # grpo.advantage=process: the outcome reward (the recipe's weighted rewards) as the reward of one more step that
    # ends on the completion's last token, so the answer's tokens are trained too.
    outcome: bool = True

    def check(self, recipe: Recipe) -> None:
        if uses_steps(recipe) and self.scorer == "prm":
            require(
                bool(recipe.prm.model),
                "steps.scorer=prm needs prm.model, a process reward model such as Qwen/Qwen2.5-Math-PRM-7B "
                "(or steps.scorer=arithmetic for the rule-based scorer)",
            )


@dataclass(frozen=True)
class PRMConfig:
    """A learned process reward model in Qwen2.5-Math-PRM's convention (steps joined by `step_separator`; the
    positive-class probability at each separator is that step's score). Used when steps.scorer is prm."""

    # A Hub id (Qwen/Qwen2.5-Math-PRM-7B) or a local directory.
    model: str | None = None
    revision: str | None = None
    step_separator: str = "<extra_0>"
    # Qwen2.5-Math-PRM's system prompt (its model card).
    system: str = "Please reason step by step, and put your final answer within \\boxed{}."
    # Completions scored per forward pass.
    batch_size: int = 8
    # Tokens per scored conversation; longer ones lose their last steps (left unscored).
    max_length: int = 4096
    # Off: a PRM folder or Hub repo whose config.json names remote code (auto_map) is refused, naming the files that
    # would run. Qwen2.5-Math-PRM ships its model class so; turning this on runs that code (named on stderr).
    trust_remote_code: bool = False
    dtype: Literal["auto", "bf16", "fp16", "fp32"] = "auto"

    def check(self, recipe: Recipe) -> None:
        require(self.batch_size >= 1 and self.max_length >= 1, "prm.batch_size and prm.max_length must be >= 1")
        require(bool(self.step_separator), "prm.step_separator must not be empty (Qwen2.5-Math-PRM: <extra_0>)")


@dataclass(frozen=True)
class DistillConfig:
    """`grpo distill` (stages/distill.py): R1's rejection sampling from a teacher into SFT data for a student."""

    # The teacher: a model folder or Hub id (e.g. runs/<recipe>/grpo/final). Set, `grpo run` chains
    # eval-base -> distill -> sft (on the distilled data) -> eval-sft.
    teacher: str | None = None
    # Samples per training problem, and at most this many kept per problem (distinct, shortest first).
    n: int = 8
    k: int = 1
    # R1's recommended sampling temperature for its models; top_p 0.95 as in its evaluation.
    temperature: float = 0.6
    top_p: float = 0.95
    # 0 = grpo.max_completion_length.
    max_tokens: int = 0
    # Readability: at least this share of the reasoning's words in reward_options.language's script (no language
    # mixing), and no word n-gram of `repeat_ngram` words written `max_repeats` times or more (no endless loops).
    min_language_share: float = 0.95
    repeat_ngram: int = 8
    max_repeats: int = 3
    # Decontamination: a training problem sharing a word n-gram of this length with an eval problem is dropped
    # (open-r1's scripts/decontaminate.py uses 8).
    decontaminate_ngram: int = 8

    def check(self, recipe: Recipe) -> None:
        require(1 <= self.n <= 1024, f"distill.n={self.n}: samples per problem must be in 1..1024")
        require(1 <= self.k <= self.n, f"distill.k={self.k}: must be in 1..distill.n ({self.n})")
        require(0 < self.temperature <= 2, f"distill.temperature={self.temperature}: must be in (0, 2]")
        require(0 < self.top_p <= 1, f"distill.top_p={self.top_p}: must be in (0, 1]")
        require(self.max_tokens >= 0, f"distill.max_tokens={self.max_tokens}: must be >= 0 (0 = grpo's)")
        check_tokens("distill.max_tokens", self.max_tokens)
        require(0 <= self.min_language_share <= 1, "distill.min_language_share must be in [0, 1]")
        require(2 <= self.repeat_ngram <= 64, f"distill.repeat_ngram={self.repeat_ngram}: must be in 2..64")
        require(2 <= self.max_repeats <= 1000, f"distill.max_repeats={self.max_repeats}: must be in 2..1000")
        require(
            4 <= self.decontaminate_ngram <= 64,
            f"distill.decontaminate_ngram={self.decontaminate_ngram}: must be in 4..64 (open-r1 uses 8)",
        )
        require(self.teacher is None or self.teacher.strip() != "", "distill.teacher: empty; a model folder or id")


@dataclass(frozen=True)
class Benchmark:
    """One benchmark of `grpo eval` (docs/eval.md, "Benchmarks of your own"): a dataset and how its columns read."""

    # A local jsonl/parquet file or folder, a Hub dataset id (HuggingFaceH4/aime_2024), or gsm8k, math500, toy.
    dataset: str = ""
    # The name its rows and its line of the table carry (default: the file's stem, or the Hub id's last part).
    name: str | None = None
    split: str = "test"
    hub_config: str | None = None
    question_column: str = "question"
    answer_column: str = "answer"
    # A column with a unique id per problem (AIME's "id"); None: the row number.
    id_column: str | None = None
    # A column naming each row's verifier task (gsm8k or math); None: every row is `task`.
    task_column: str | None = None
    # The verifier task of the rows: gsm8k (numbers) or math (LaTeX); None: guessed as for eval.dataset.
    task: Literal["gsm8k", "math"] | None = None

    def label(self) -> str:
        """The benchmark's name: given, else the file's stem or the Hub id's last part."""
        return self.name or re.sub(r"\.(jsonl|json|parquet)$", "", self.dataset.rstrip("/").rsplit("/", 1)[-1])


@dataclass(frozen=True)
class EvalConfig:
    # gsm8k, math500, toy, or a local jsonl/parquet path.
    dataset: str = "gsm8k"
    split: str = "test"
    limit: int = 0
    n: int = 1
    temperature: float = 0.0
    top_p: float = 1.0
    max_tokens: int = 512
    backend: Literal["auto", "hf", "vllm"] = "auto"
    # HF backend: rows (prompt x sample) per generate call; 0 = sized on a GPU from its free memory and the KV cache a
    # row needs (evaluation/generation.py: memory_batch_size), 32 on a CPU.
    batch_size: int = 0
    seed: int = 0
    tensor_parallel_size: int = 1
    # Several benchmarks in one eval, each with its column mapping: one table (avg@n, pass@n, maj@n with 95% CIs per
    # benchmark, as DeepSeek-R1 reports AIME). Empty: `dataset` alone.
    benchmarks: list[Benchmark] = field(default_factory=list)

    def check(self, recipe: Recipe) -> None:
        require(self.n >= 1, f"eval.n={self.n}: samples per problem must be >= 1")
        names = [b.label() for b in self.benchmarks]
        for b, name in zip(self.benchmarks, names, strict=True):
            require(
                bool(b.dataset.strip()), "eval.benchmarks: each benchmark needs a dataset (a file, folder or Hub id)"
            )
            require(
                bool(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}", name)),
                f"eval.benchmarks: name {safeio.cut(name, 80)!r}: letters, digits, '_', '-' or '.', at most 64",
            )
            require(names.count(name) == 1, f"eval.benchmarks: two benchmarks named {name}; give each a name")
        require(self.n <= MAX_EVAL_N, f"eval.n={self.n}: at most {MAX_EVAL_N} samples per problem")
        require(self.limit >= 0, f"eval.limit={self.limit}: must be >= 0 (0 = all problems)")
        require(self.temperature >= 0, f"eval.temperature={self.temperature}: must be >= 0 (0 = greedy)")
        require(0 < self.top_p <= 1, f"eval.top_p={self.top_p}: must be in (0, 1]")
        require(self.max_tokens >= 1, f"eval.max_tokens={self.max_tokens}: must be >= 1")
        check_tokens("eval.max_tokens", self.max_tokens)
        require(self.batch_size >= 0, f"eval.batch_size={self.batch_size}: must be >= 0 (0 = sized from memory)")
        require(self.tensor_parallel_size >= 1, "eval.tensor_parallel_size must be >= 1")
        require(
            not (self.n > 1 and self.temperature == 0),
            f"eval.n={self.n} with eval.temperature 0 gives {self.n} identical greedy samples; set eval.temperature > 0 "
            "or eval.n=1",
        )


@dataclass(frozen=True)
class LaunchConfig:
    # Processes per node (GPUs per node, or CPU processes for the gloo test).
    num_processes: int = 1
    num_nodes: int = 1
    node_rank: int = 0
    main_process_ip: str | None = None
    main_process_port: int = 29500
    strategy: Literal["none", "ddp", "zero2", "zero3", "fsdp"] = "none"
    # GPU type used by `grpo estimate` and the memory check.
    gpu: str = "h100"
    # vLLM server mode (grpo.vllm_mode=server): `grpo serve` runs TRL's server with tensor parallel size
    # vllm_server_gpus on GPUs 0..k-1 of the node, and the trainer uses the other GPUs of each node.
    vllm_server_gpus: int = 0
    vllm_server_port: int = 8000
    # Host of a server on another machine: the trainer then uses all num_processes GPUs. None = this node
    # (node 0, i.e. main_process_ip, across nodes).
    vllm_server_host: str | None = None

    def check(self, recipe: Recipe) -> None:
        require(
            self.num_processes >= 1 and self.num_nodes >= 1, "launch.num_processes and launch.num_nodes must be >= 1"
        )
        require(0 <= self.node_rank < self.num_nodes, "launch.node_rank must be in [0, launch.num_nodes)")
        require(
            not (self.num_nodes > 1 and not self.main_process_ip),
            "launch.main_process_ip is required when launch.num_nodes > 1",
        )
        for key, port in (("main_process_port", self.main_process_port), ("vllm_server_port", self.vllm_server_port)):
            require(1 <= port <= 65535, f"launch.{key}={port}: not a TCP port (1-65535)")
        require(self.vllm_server_gpus >= 0, "launch.vllm_server_gpus must be >= 0")
        if uses_vllm_server(recipe):
            require(
                self.vllm_server_gpus >= 1,
                "grpo.vllm_mode=server needs launch.vllm_server_gpus >= 1 (the GPUs `grpo serve` runs vLLM on)",
            )
            require(
                self.vllm_server_host is not None or self.vllm_server_gpus < self.num_processes,
                f"launch.vllm_server_gpus ({self.vllm_server_gpus}) leaves no GPU for the trainer out of "
                f"launch.num_processes ({self.num_processes}); lower it or set launch.vllm_server_host to a server "
                "elsewhere",
            )


@dataclass(frozen=True)
class EstimateConfig:
    """What `grpo estimate` cannot read from the rest of the recipe."""

    # Mean completion tokens (not the max): length drives the cost. Means may be fractional (a measured mean).
    mean_completion_len: int | float = 300
    prompt_len: int | float = 150
    # Prompts per epoch; 0 = the dataset's size when known.
    prompts: int = 0
    mfu: float = 0.35
    price_per_gpu_hour: float | None = None

    def check(self, recipe: Recipe) -> None:
        require(
            self.mean_completion_len >= 1,
            f"estimate.mean_completion_len={self.mean_completion_len:g}: the mean completion length must be >= 1 token",
        )
        require(self.prompt_len >= 0, f"estimate.prompt_len={self.prompt_len:g}: must be >= 0 tokens")
        require(self.prompts >= 0, f"estimate.prompts={self.prompts}: must be >= 0 (0 = the dataset's size)")
        require(
            MIN_EFFICIENCY <= self.mfu <= 1,
            f"estimate.mfu={self.mfu:g}: must be in [{MIN_EFFICIENCY:g}, 1], e.g. 0.35 (no GPU kernel runs below 1% of "
            "peak)",
        )
        require(
            self.price_per_gpu_hour is None or self.price_per_gpu_hour >= 0,
            f"estimate.price_per_gpu_hour={self.price_per_gpu_hour}: must be >= 0 ($ per GPU-hour)",
        )


def _check_monitor(self: Any, recipe: Recipe) -> None:
    for threshold in ALARM_THRESHOLDS:
        problem = threshold.problem(getattr(self, threshold.name))
        require(problem is None, problem or "")


# Alarm thresholds (see docs/monitor.md). One field per threshold of the alarm registry (grpo_cli.observe.alarms:
# each alarm's entry holds its thresholds with their defaults and ranges, SHARED the windows several read), in its
# order; the type of each is its default's. Windows count logging steps; rewards and accuracy are in [0, 1].
if TYPE_CHECKING:
    # What the type checker sees of the class built below: its fields come from the registry at run time, which mypy
    # cannot follow, so a threshold reads as Any (a misspelt one fails tests/test_monitor.py, which runs every check).
    @dataclass(frozen=True)
    class MonitorConfig:
        def __getattr__(self, name: str) -> Any: ...
        def check(self, recipe: Recipe) -> None: ...

else:
    MonitorConfig = dataclasses.make_dataclass(
        "MonitorConfig",
        [(t.name, type(t.default), field(default=t.default)) for t in ALARM_THRESHOLDS],
        namespace={"check": _check_monitor, "__doc__": "Alarm thresholds: the recipe's `monitor:` section."},
        frozen=True,
    )
    MonitorConfig.__module__ = __name__  # pickling and repr name this module, where it is built


@dataclass(frozen=True)
class TrackingConfig:
    """Where the trainers' logs and the final model go besides the run directory (docs/training.md)."""

    # One of REPORT_TO, or a list of them; TensorBoard writes under <stage>/runs/.
    report_to: str | list[str] = "none"
    # Push GRPO's final model (or adapter) to the Hub as hub_model_id (user/name) when training ends.
    push_to_hub: bool = False
    hub_model_id: str | None = None
    hub_private_repo: bool = True

    def report_names(self) -> list[str]:
        """report_to as a list: the YAML may give one name or several."""
        return [self.report_to] if isinstance(self.report_to, str) else list(self.report_to)

    def check(self, recipe: Recipe) -> None:
        reports = self.report_names()
        for name in reports:
            require(name in REPORT_TO, f"tracking.report_to: {name!r} is not one of {', '.join(REPORT_TO)}")
        require(reports == ["none"] or "none" not in reports, "tracking.report_to: 'none' cannot be combined")
        require(
            not self.push_to_hub or bool(self.hub_model_id), "tracking.push_to_hub=true needs tracking.hub_model_id"
        )


def uses_steps(recipe: Recipe) -> bool:
    """Whether the recipe scores reasoning steps (the `steps` reward or process-supervised GRPO)."""
    return "steps" in recipe.rewards or recipe.grpo.advantage == "process"


@dataclass(frozen=True)
class Recipe:
    name: str = "unnamed"
    description: str = ""
    model: ModelConfig = field(default_factory=ModelConfig)
    data: DataConfig = field(default_factory=DataConfig)
    prompt: PromptConfig = field(default_factory=PromptConfig)
    # Reward name -> weight; names come from the reward registry (grpo_cli.rewards).
    rewards: dict[str, float] = field(default_factory=lambda: {"accuracy": 1.0, "format": 0.2})
    reward_options: RewardOptions = field(default_factory=RewardOptions)
    steps: StepsConfig = field(default_factory=StepsConfig)
    prm: PRMConfig = field(default_factory=PRMConfig)
    sft: SFTConfig = field(default_factory=SFTConfig)
    grpo: GRPOSection = field(default_factory=GRPOSection)
    distill: DistillConfig = field(default_factory=DistillConfig)
    eval: EvalConfig = field(default_factory=EvalConfig)
    launch: LaunchConfig = field(default_factory=LaunchConfig)
    estimate: EstimateConfig = field(default_factory=EstimateConfig)
    monitor: MonitorConfig = field(default_factory=MonitorConfig)
    tracking: TrackingConfig = field(default_factory=TrackingConfig)
