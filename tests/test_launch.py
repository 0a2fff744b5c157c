"""The launch commands, checked by accelerate's own parser and launcher set-up (nothing is started here)."""

from __future__ import annotations

import os
import warnings

import pytest
from accelerate.commands.launch import _validate_launch_command, launch_command_parser
from accelerate.utils.launch import prepare_deepspeed_cmd_env, prepare_multi_gpu_env

from conftest import heavy_imports
from grpo_cli import launch, recipes
from grpo_cli.errors import UserError

SEVEN_B = ["train", "--recipe", "gsm8k-7b"]
SERVER = ["grpo.vllm_mode=server", "launch.vllm_server_gpus=1"]


def accelerate_args(cmd: list[str]):
    """What `accelerate launch` makes of our command line: parsed, then merged with the config file."""
    assert cmd[:2] == ["accelerate", "launch"]
    args = launch_command_parser().parse_args(cmd[2:])
    args, defaults, _ = _validate_launch_command(args)
    if args.use_deepspeed:  # as accelerate.commands.launch.launch_command does before starting DeepSpeed
        args.deepspeed_fields_from_accelerate_config = ",".join(defaults.deepspeed_config)
    return args


def child_env(args) -> dict:
    """The environment accelerate gives each launched process (it configures DeepSpeed / FSDP through it)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "port in use" when another test holds 29500
        if args.use_deepspeed:
            _, env = prepare_deepspeed_cmd_env(args)
            return env
        return prepare_multi_gpu_env(args)


def option(cmd: list[str], name: str) -> str:
    return cmd[cmd.index(name) + 1]


def test_gsm8k_7b_launches_zero3_on_8_gpus_and_reruns_the_same_command():
    cmd = launch.launch_command(recipes.load("gsm8k-7b"), [*SEVEN_B, "--dry-run"])
    assert cmd[:2] == ["accelerate", "launch"]
    assert option(cmd, "--config_file").endswith("accelerate/zero3.yaml")
    assert option(cmd, "--num_processes") == "8"
    assert option(cmd, "--mixed_precision") == "bf16"
    # the processes run this same grpo command; --dry-run is not passed on
    assert cmd[cmd.index("-m") :] == ["-m", "grpo_cli", *SEVEN_B]

    args = accelerate_args(cmd)
    assert args.use_deepspeed and int(args.zero_stage) == 3 and args.num_processes == 8 and args.num_machines == 1
    assert args.module and args.training_script == "grpo_cli" and args.training_script_args == SEVEN_B
    env = child_env(args)
    assert env["ACCELERATE_USE_DEEPSPEED"] == "true"
    assert env["ACCELERATE_DEEPSPEED_ZERO_STAGE"] == "3"
    assert env["ACCELERATE_DEEPSPEED_ZERO3_INIT"] == "true"
    assert env["ACCELERATE_MIXED_PRECISION"] == "bf16"
    assert args.nproc_per_node == "8"


@pytest.mark.parametrize(
    "strategy, check",
    [
        ("ddp", lambda a, env: a.multi_gpu and not a.use_deepspeed and not a.use_fsdp),
        ("zero2", lambda a, env: env["ACCELERATE_DEEPSPEED_ZERO_STAGE"] == "2"),
        ("zero3", lambda a, env: env["ACCELERATE_DEEPSPEED_ZERO_STAGE"] == "3"),
        ("fsdp", lambda a, env: env["ACCELERATE_USE_FSDP"] == "true" and env["FSDP_VERSION"] == "2"),
        ("none", lambda a, env: a.multi_gpu and "ACCELERATE_USE_FSDP" not in env),  # >1 process: plain DDP
    ],
)
def test_every_strategy_configures_accelerate(strategy, check):
    recipe = recipes.load("gsm8k-7b", [f"launch.strategy={strategy}"])
    cmd = launch.launch_command(recipe, SEVEN_B)
    args = accelerate_args(cmd)
    assert args.num_processes == 8
    assert check(args, child_env(args))


def test_two_nodes_count_processes_over_all_machines():
    sets = [
        "launch.num_nodes=2",
        "launch.node_rank=1",
        "launch.main_process_ip=10.0.0.1",
        "launch.main_process_port=29600",
    ]
    argv = [*SEVEN_B, *[x for s in sets for x in ("--set", s)]]
    cmd = launch.launch_command(recipes.load("gsm8k-7b", sets), argv)
    args = accelerate_args(cmd)
    assert (args.num_processes, args.num_machines, int(args.machine_rank)) == (16, 2, 1)
    assert (args.main_process_ip, int(args.main_process_port)) == ("10.0.0.1", 29600)
    env = child_env(args)
    assert env["ACCELERATE_DEEPSPEED_ZERO_STAGE"] == "3"
    assert (args.nproc_per_node, args.nnodes, args.node_rank) == ("8", "2", 1)
    # torchrun meets node 0 there (a static rendezvous)
    assert (args.rdzv_backend, args.rdzv_endpoint) == ("static", "10.0.0.1:29600")
    # every node reruns the same grpo command, --set options included
    assert args.training_script_args == argv


def test_cpu_launch_is_torchrun_with_gloo_ranks():
    recipe = recipes.load("tiny", ["launch.num_processes=2"])
    cmd = launch.launch_command(recipe, ["train", "--recipe", "tiny", "--set", "launch.num_processes=2"], cpu=True)
    assert "--config_file" not in cmd and "--multi_gpu" in cmd
    assert launch.launch_env(recipe, cpu=True) == {"ACCELERATE_USE_CPU": "true"}
    args = accelerate_args(cmd)
    assert args.multi_gpu and args.num_processes == 2 and args.mixed_precision == "no"


def test_one_plain_process_needs_no_launcher():
    assert launch.launch_command(recipes.load("tiny"), ["train", "--recipe", "tiny"], cpu=True) is None
    assert launch.launch_command(recipes.load("gsm8k-0.5b"), ["train", "--recipe", "gsm8k-0.5b"]) is None
    # one GPU but a sharded strategy: DeepSpeed reads the launcher's environment, so launch anyway
    one = recipes.load("gsm8k-7b", ["launch.num_processes=1", "grpo.per_device_batch_size=16"])
    cmd = launch.launch_command(one, SEVEN_B)
    assert cmd is not None and accelerate_args(cmd).use_deepspeed


def test_mixed_precision_follows_the_model_dtype():
    for dtype, expected in [("bf16", "bf16"), ("fp16", "fp16"), ("fp32", "no"), ("auto", "bf16")]:
        recipe = recipes.load("gsm8k-7b", [f"model.dtype={dtype}"])
        assert launch.mixed_precision(recipe, cpu=False) == expected
        assert launch.mixed_precision(recipe, cpu=True) == "no"


def test_vllm_server_mode_keeps_the_trainer_off_the_server_gpus():
    recipe = recipes.load("gsm8k-7b", SERVER)
    cmd = launch.launch_command(recipe, SEVEN_B)
    assert option(cmd, "--gpu_ids") == "1,2,3,4,5,6,7" and option(cmd, "--num_processes") == "7"
    assert accelerate_args(cmd).num_processes == 7
    serve, env = launch.serve_command(recipe, "Qwen/Qwen2.5-7B")
    assert serve[:2] == ["trl", "vllm-serve"] and env == {"CUDA_VISIBLE_DEVICES": "0"}
    assert option(serve, "--model") == "Qwen/Qwen2.5-7B" and option(serve, "--tensor-parallel-size") == "1"
    assert option(serve, "--port") == "8000"
    assert launch.vllm_server_host(recipe) == "127.0.0.1"
    # SFT has no server: it uses every GPU
    assert option(launch.launch_command(recipe, ["sft", "--recipe", "gsm8k-7b"]), "--num_processes") == "8"
    # the positions count inside a CUDA_VISIBLE_DEVICES the user set
    assert launch.serve_command(recipe, "m", visible="4,5,6,7")[1] == {"CUDA_VISIBLE_DEVICES": "4"}
    four = recipes.load("gsm8k-7b", [*SERVER, "launch.num_processes=4"])
    assert option(launch.launch_command(four, SEVEN_B, visible="4,5,6,7"), "--gpu_ids") == "5,6,7"


def test_vllm_server_on_another_host_leaves_every_gpu_to_the_trainer():
    recipe = recipes.load("gsm8k-7b", [*SERVER, "launch.vllm_server_host=10.0.0.9"])
    cmd = launch.launch_command(recipe, SEVEN_B)
    assert "--gpu_ids" not in cmd and option(cmd, "--num_processes") == "8"
    assert launch.vllm_server_host(recipe) == "10.0.0.9"


def test_server_mode_is_validated_with_the_trainer_world_size():
    with pytest.raises(UserError, match="vllm_server_gpus >= 1"):
        recipes.load("gsm8k-7b", ["grpo.vllm_mode=server"])
    with pytest.raises(UserError, match="leaves no GPU for the trainer"):
        recipes.load("gsm8k-7b", ["grpo.vllm_mode=server", "launch.vllm_server_gpus=8"])
    # 7 trainer GPUs x 16 x 1 = 112 completions: not whole groups of 16 (with 8 GPUs it would be 128)
    with pytest.raises(UserError, match=r"processes \(7\)"):
        recipes.load("gsm8k-7b", [*SERVER, "grpo.gradient_accumulation_steps=1", "grpo.per_device_batch_size=8"])


def test_serve_refuses_a_colocate_recipe():
    with pytest.raises(UserError, match="does not use a vLLM server"):
        launch.serve_command(recipes.load("gsm8k-7b"), "Qwen/Qwen2.5-7B")


@pytest.mark.parametrize(
    "env, launched",
    [
        ({}, False),
        ({"PATH": "/usr/bin", "CUDA_VISIBLE_DEVICES": "0"}, False),
        ({"LOCAL_RANK": "0"}, True),  # torchrun / DeepSpeed
        ({"WORLD_SIZE": "2"}, True),
        ({"ACCELERATE_MIXED_PRECISION": "no"}, True),  # every accelerate launcher sets it
        ({launch.LAUNCHED_ENV: "1"}, True),
    ],
)
def test_a_launched_process_never_launches_again(env, launched):
    assert launch.is_launched(env) is launched


def test_ranks_leave_the_folder_their_launcher_prepared(monkeypatch, tmp_path):
    # `grpo train` prepares the stage folder, then relaunches itself; rank 0 preparing it again found it taken.
    folder = tmp_path / "tiny" / "grpo"
    monkeypatch.delenv(launch.PREPARED_ENV, raising=False)
    monkeypatch.setenv("LOCAL_RANK", "0")
    assert not launch.prepared_by_launcher(folder)  # `accelerate launch -m grpo_cli train` by hand: rank 0 prepares
    monkeypatch.setenv(launch.PREPARED_ENV, str(tmp_path / "other"))
    assert not launch.prepared_by_launcher(folder)
    monkeypatch.setenv(launch.PREPARED_ENV, os.path.realpath(folder))
    assert launch.prepared_by_launcher(folder)
    monkeypatch.delenv("LOCAL_RANK")
    assert not launch.prepared_by_launcher(folder)  # not launched: the variable is a leftover of someone else's


GPU8 = launch.Hardware(8, (80.0,) * 8, frozenset({"deepspeed", "vllm"}))


@pytest.mark.parametrize(
    "sets, hw, needle",
    [
        ([], launch.Hardware(0, (), frozenset({"deepspeed"})), "needs CUDA GPUs and this machine has none"),
        ([], launch.Hardware(8, (80.0,) * 8, frozenset({"vllm"})), "needs DeepSpeed, which is not installed"),
        ([], launch.Hardware(8, (80.0,) * 8, frozenset({"deepspeed"})), "needs vLLM, which is not installed"),
        ([], launch.Hardware(4, (80.0,) * 4, frozenset({"deepspeed", "vllm"})), "4 are visible"),
    ],
)
def test_preflight_refuses_what_cannot_start(sets, hw, needle):
    with pytest.raises(UserError, match=needle):
        launch.preflight(recipes.load("gsm8k-7b", sets), "grpo", hw)


@pytest.mark.parametrize(
    "sets, hw, needle",
    [
        # full fine-tuning of a 7B on 2 GPUs: ZeRO-3 halves the optimizer state, not enough
        (
            ["launch.num_processes=2"],
            launch.Hardware(2, (79.6,) * 2, frozenset({"deepspeed", "vllm"})),
            r"needs ~\d+\.\d GiB per GPU on 2 GPU\(s\) \(weights",
        ),
        # 8 x 40 GB: vLLM's 30% share cannot hold the 7B's weights
        ([], launch.Hardware(8, (39.5,) * 8, frozenset({"deepspeed", "vllm"})), "vLLM's share"),
    ],
)
def test_preflight_refuses_a_memory_plan_that_cannot_fit(sets, hw, needle):
    with pytest.raises(UserError, match=needle):
        launch.preflight(recipes.load("gsm8k-7b", sets), "grpo", hw)


def test_memory_check_counts_only_the_trainer_gpus():
    # 8 GPUs with 4 set aside for a vLLM server: the trainer shards over 4, and 4 x 80 GB hold the plan
    recipe = recipes.load("gsm8k-7b", ["grpo.vllm_mode=server", "launch.vllm_server_gpus=4"])
    assert launch.preflight(recipe, "grpo", GPU8) == []
    # a model the estimator cannot size is trained anyway, with a note
    custom = recipes.load("gsm8k-7b", ["model.name=acme/unknown-7b"])
    notes = launch.preflight(custom, "grpo", GPU8)
    assert len(notes) == 1 and notes[0].startswith("memory check skipped: unknown model 'acme/unknown-7b'")


def test_preflight_passes_where_the_recipe_fits():
    assert launch.preflight(recipes.load("gsm8k-7b"), "grpo", GPU8) == []
    assert launch.preflight(recipes.load("math-7b"), "grpo", GPU8) == []
    one = launch.Hardware(1, (79.6,), frozenset({"vllm"}))
    assert launch.preflight(recipes.load("gsm8k-1.5b"), "grpo", one) == []
    assert launch.preflight(recipes.load("gsm8k-0.5b"), "grpo", launch.Hardware(1, (44.99,), frozenset({"vllm"}))) == []
    assert launch.preflight(recipes.load("tiny", ["launch.num_processes=2"]), "grpo", launch.Hardware()) == []
    # SFT needs no vLLM
    assert (
        launch.preflight(recipes.load("gsm8k-7b"), "sft", launch.Hardware(8, (80.0,) * 8, frozenset({"deepspeed"})))
        == []
    )


def test_dry_run_text_is_a_runnable_script():
    text = launch.describe(recipes.load("gsm8k-7b", SERVER), SEVEN_B)
    commands = [line for line in text.splitlines() if not line.startswith("#")]
    assert commands[0].startswith("CUDA_VISIBLE_DEVICES=0 trl vllm-serve --model Qwen/Qwen2.5-7B")
    assert commands[1].startswith("accelerate launch --config_file ") and "--gpu_ids 1,2,3,4,5,6,7" in commands[1]
    assert "vLLM server at 127.0.0.1:8000" in text
    colocate = launch.describe(recipes.load("gsm8k-7b"), SEVEN_B)
    assert "vLLM colocated (30% of each GPU, sleep mode)" in colocate and "DeepSpeed ZeRO-3" in colocate


def test_grpo_serve_dry_run_and_refusal(cli):
    proc = cli(
        "serve",
        "--recipe",
        "gsm8k-7b",
        "--set",
        "grpo.vllm_mode=server",
        "--set",
        "launch.vllm_server_gpus=2",
        "--dry-run",
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == (
        "CUDA_VISIBLE_DEVICES=0,1 trl vllm-serve --model Qwen/Qwen2.5-7B --tensor-parallel-size 2 --port 8000 "
        "--dtype bfloat16"
    )
    proc = cli("serve", "--recipe", "gsm8k-7b")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "does not use a vLLM server" in proc.stderr


def test_grpo_train_dry_run_prints_the_8_gpu_zero3_launch_without_importing_torch(cli):
    proc = cli("train", "--recipe", "gsm8k-7b", "--dry-run")
    assert proc.returncode == 0, proc.stderr
    commands = [line for line in proc.stdout.splitlines() if not line.startswith("#")]
    assert commands == [
        "accelerate launch --config_file recipes/accelerate/zero3.yaml --num_processes 8 --num_machines 1 "
        "--main_process_port 29500 --mixed_precision bf16 -m grpo_cli train --recipe gsm8k-7b"
    ]
    assert "DeepSpeed ZeRO-3" in proc.stdout
    assert heavy_imports("train", "--recipe", "gsm8k-7b", "--dry-run") == []


@pytest.mark.skipif(launch._nvidia_smi_memory_gib() is not None, reason="this machine has GPUs")
def test_grpo_train_refuses_zero3_on_a_machine_without_gpus(cli, tmp_path):
    proc = cli("train", "--recipe", "gsm8k-7b", "--run-dir", str(tmp_path))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert [x for x in proc.stderr.splitlines() if x.strip()] == [
        "error: launch.strategy=zero3 needs CUDA GPUs and this machine has none; "
        "for a CPU run use --set launch.strategy=ddp (or none)"
    ]
    assert list(tmp_path.iterdir()) == []  # refused before the run directory was touched


def test_one_trainer_gpu_beside_a_vllm_server_still_goes_through_the_launcher(monkeypatch):
    import accelerate.utils.launch as accelerate_launch

    # 2 GPUs: the server on GPU 0, one trainer process that must only see GPU 1
    recipe = recipes.load("gsm8k-1.5b", [*SERVER, "launch.num_processes=2"])
    cmd = launch.launch_command(recipe, ["train", "--recipe", "gsm8k-1.5b"])
    assert "--config_file" not in cmd and option(cmd, "--num_processes") == "1"
    assert option(cmd, "--gpu_ids") == "1"
    # What the launcher makes of --gpu_ids on the GPU machine this layout is for. accelerate >= 1.16 sets
    # CUDA_VISIBLE_DEVICES only where it detects CUDA (earlier releases always did), so the detection says CUDA here,
    # whatever this machine holds: the same assertion on a CPU runner and on a GPU one.
    monkeypatch.setattr(accelerate_launch, "get_torch_accelerator_backend", lambda **_: ("cuda", None), raising=False)
    child, env = accelerate_launch.prepare_simple_launcher_cmd_env(accelerate_args(cmd))
    assert env["CUDA_VISIBLE_DEVICES"] == "1"
    assert child[1:] == ["-m", "grpo_cli", "train", "--recipe", "gsm8k-1.5b"]
    assert launch.is_launched(env)  # the child trains instead of launching again
