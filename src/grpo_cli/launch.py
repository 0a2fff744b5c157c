"""Scale-out: the `accelerate launch` and `trl vllm-serve` commands a recipe's launch section asks for.

grpo-cli writes no distributed runtime. `grpo train` / `grpo sft` re-run themselves under `accelerate launch`
(torchrun underneath; DeepSpeed ZeRO-2/3 or FSDP from `recipes/accelerate/<strategy>.yaml`) when the recipe asks
for more than one process or for a sharded strategy, and `grpo serve` starts TRL's vLLM server on the GPUs set
aside for it. Every launched process runs the same command line; rank 0 writes the run directory.

The command builders are pure (recipe + argv -> argv, env) so `--dry-run` prints exactly what would run and the
tests check it without launching. Only `detect_hardware()` and `run()` touch the machine. No torch at import.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
import shlex
import shutil
import signal
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from grpo_cli import tracking
from grpo_cli.config import Recipe
from grpo_cli.errors import UserError
from grpo_cli.formulas import trainer_processes_per_node, uses_vllm_server

# Set in every process we launch: a recursion guard beside the launcher's own variables (see is_launched).
LAUNCHED_ENV = "GRPO_LAUNCHED"
# Set by torchrun / DeepSpeed (LOCAL_RANK, WORLD_SIZE) or by every `accelerate launch` launcher
# (ACCELERATE_MIXED_PRECISION): a process that sees one was started by a launcher and must not start another.
_LAUNCHER_ENV = ("LOCAL_RANK", "WORLD_SIZE", "ACCELERATE_MIXED_PRECISION")
# Set by `grpo train` / `grpo sft` in the processes it launches: the stage folder it has already prepared (checked,
# cleared, locked, its inputs recorded), so that rank 0 does not prepare it a second time and find it taken.
PREPARED_ENV = "GRPO_PREPARED"
SHARDED = ("zero2", "zero3", "fsdp")
DEEPSPEED = ("zero2", "zero3")
STRATEGY_NAMES = {
    "none": "one process",
    "ddp": "DDP",
    "zero2": "DeepSpeed ZeRO-2",
    "zero3": "DeepSpeed ZeRO-3",
    "fsdp": "FSDP2",
}


def is_launched(env: Mapping[str, str] | None = None) -> bool:
    """True inside a process started by accelerate / torchrun / DeepSpeed (or by us): never relaunch there."""
    seen = os.environ if env is None else env
    return seen.get(LAUNCHED_ENV) == "1" or any(name in seen for name in _LAUNCHER_ENV)


def stage_of(argv: list[str]) -> str:
    """'sft' for `grpo sft ...`, 'grpo' for `grpo train ...` (argv without the program name)."""
    return "sft" if argv and argv[0] == "sft" else "grpo"


def processes_per_node(recipe: Recipe, stage: str) -> int:
    """Trainer processes per node: SFT uses every GPU; GRPO leaves a same-node vLLM server its GPUs."""
    return trainer_processes_per_node(recipe) if stage == "grpo" else recipe.launch.num_processes


def _server_on_this_node(recipe: Recipe, stage: str) -> bool:
    return stage == "grpo" and uses_vllm_server(recipe) and recipe.launch.vllm_server_host is None


def accelerate_config(strategy: str, config_dir: Path | None = None) -> Path:
    """recipes/accelerate/<strategy>.yaml from the recipe directories (./recipes first, then the shipped ones)."""
    from grpo_cli.recipes import recipe_dirs

    dirs = [config_dir] if config_dir is not None else [d / "accelerate" for d in recipe_dirs()]
    for d in dirs:
        path = d / f"{strategy}.yaml"
        if path.is_file():
            return path
    raise UserError(
        f"accelerate config for strategy '{strategy}' not found (looked for {strategy}.yaml in "
        f"{', '.join(str(d) for d in dirs)}); reinstall grpo-cli or set GRPO_RECIPES_DIR"
    )


def _display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path.resolve())


def mixed_precision(recipe: Recipe, *, cpu: bool) -> str:
    """accelerate's --mixed_precision: follows model.dtype; a CPU run is fp32 ("no")."""
    if cpu:
        return "no"
    return {"auto": "bf16", "bf16": "bf16", "fp16": "fp16", "fp32": "no"}[recipe.model.dtype]


def needs_launcher(recipe: Recipe, stage: str, *, cpu: bool = False) -> bool:
    """More than one process, a sharded strategy (DeepSpeed/FSDP read the launcher's environment), or a trainer
    that must keep off the GPUs a same-node vLLM server holds."""
    total = processes_per_node(recipe, stage) * recipe.launch.num_nodes
    if total > 1:
        return True
    if cpu:
        return False
    return recipe.launch.strategy in SHARDED or _server_on_this_node(recipe, stage)


def launch_command(
    recipe: Recipe, argv: list[str], *, cpu: bool = False, visible: str | None = None, config_dir: Path | None = None
) -> list[str] | None:
    """The `accelerate launch ... -m grpo_cli <argv>` command line, or None when one plain process suffices.

    argv is the grpo command line without the program name (["train", "--recipe", "gsm8k-7b", ...]); --dry-run is
    dropped from it. cpu=True builds the gloo run used by the CPU test: torchrun (--multi_gpu) spawns the processes
    and launch_env's ACCELERATE_USE_CPU makes each one a CPU rank. visible is the caller's CUDA_VISIBLE_DEVICES.
    """
    stage = stage_of(argv)
    if not needs_launcher(recipe, stage, cpu=cpu):
        return None
    la = recipe.launch
    per_node = processes_per_node(recipe, stage)
    cmd = ["accelerate", "launch"]
    if cpu:
        cmd.append("--multi_gpu")
    elif la.strategy != "none" or per_node > 1:
        # accelerate refuses its MULTI_GPU config with one process; a plain single process needs no config.
        strategy = "ddp" if la.strategy == "none" else la.strategy
        if not (strategy == "ddp" and per_node * la.num_nodes == 1):
            cmd += ["--config_file", _display_path(accelerate_config(strategy, config_dir))]
    # accelerate counts processes over all machines; the recipe counts them per node.
    cmd += ["--num_processes", str(per_node * la.num_nodes), "--num_machines", str(la.num_nodes)]
    if la.num_nodes > 1:
        cmd += ["--machine_rank", str(la.node_rank), "--main_process_ip", str(la.main_process_ip)]
    cmd += ["--main_process_port", str(la.main_process_port), "--mixed_precision", mixed_precision(recipe, cpu=cpu)]
    if "--config_file" not in cmd:
        cmd += ["--dynamo_backend", "no"]  # what the config files imply; unset, accelerate warns about it
    if not cpu and _server_on_this_node(recipe, stage):
        cmd += ["--gpu_ids", device_ids(range(la.vllm_server_gpus, la.num_processes), visible)]
    cmd += ["-m", "grpo_cli", *[a for a in argv if a != "--dry-run"]]
    return cmd


def launch_env(recipe: Recipe, *, cpu: bool = False) -> dict[str, str]:
    """Environment the launch command needs on top of the user's (printed by --dry-run)."""
    return {"ACCELERATE_USE_CPU": "true"} if cpu else {}


# --------------------------------------------------------------------------------------------------------
# vLLM server mode


def device_ids(indices: range, visible: str | None = None) -> str:
    """GPU ids for the node's GPU indices: picked from the caller's CUDA_VISIBLE_DEVICES when it is set (so
    `CUDA_VISIBLE_DEVICES=4,5,6,7 grpo serve` serves on GPU 4), else the indices themselves."""
    ids = [x.strip() for x in (visible or "").split(",") if x.strip()]
    if ids and len(ids) >= len(indices) and max(indices, default=0) < len(ids):
        return ",".join(ids[i] for i in indices)
    return ",".join(str(i) for i in indices)


def vllm_server_host(recipe: Recipe) -> str:
    """Where the trainer finds `grpo serve`: an explicit host, node 0 across nodes, else this machine."""
    la = recipe.launch
    if la.vllm_server_host:
        return la.vllm_server_host
    if la.num_nodes > 1:
        return str(la.main_process_ip)
    return "127.0.0.1"


def serve_command(recipe: Recipe, model: str, *, visible: str | None = None) -> tuple[list[str], dict[str, str]]:
    """`trl vllm-serve` on the first launch.vllm_server_gpus GPUs (tensor parallel over them), and its env.

    The server starts from `model`'s weights; TRL pushes the trainer's weights to it before the first generation
    (and after every optimizer step), so serving the base model for an SFT-initialised run is correct.
    """
    la, g = recipe.launch, recipe.grpo
    if not uses_vllm_server(recipe):
        raise UserError(
            f"recipe '{recipe.name}' does not use a vLLM server (grpo.use_vllm={g.use_vllm}, grpo.vllm_mode="
            f"{g.vllm_mode}); add --set grpo.use_vllm=true --set grpo.vllm_mode=server --set launch.vllm_server_gpus=1"
        )
    k = la.vllm_server_gpus
    cmd = ["trl", "vllm-serve", "--model", model]
    if recipe.model.revision and model == recipe.model.name:
        cmd += ["--revision", recipe.model.revision]
    cmd += ["--tensor-parallel-size", str(k), "--port", str(la.vllm_server_port)]
    dtype = {"auto": "auto", "bf16": "bfloat16", "fp16": "float16", "fp32": "float32"}[recipe.model.dtype]
    cmd += ["--dtype", dtype]
    if recipe.model.max_context:
        cmd += ["--max-model-len", str(recipe.model.max_context)]
    return cmd, {"CUDA_VISIBLE_DEVICES": device_ids(range(k), visible)}


# --------------------------------------------------------------------------------------------------------
# what --dry-run prints


def format_command(cmd: list[str], env: dict[str, str] | None = None) -> str:
    """One copy-pastable shell line: `VAR=value ... cmd args`."""
    prefix = " ".join(f"{k}={shlex.quote(v)}" for k, v in (env or {}).items())
    return (prefix + " " if prefix else "") + shlex.join(cmd)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "es" if noun.endswith("s") else "s")


def describe(
    recipe: Recipe, argv: list[str], *, cpu: bool = False, visible: str | None = None, serve_model: str | None = None
) -> str:
    """The --dry-run text: `#` comments saying what runs where, then the exact command lines (a runnable script)."""
    stage = stage_of(argv)
    la = recipe.launch
    per_node = processes_per_node(recipe, stage)
    argv = [a for a in argv if a != "--dry-run"]
    lines = []
    total = per_node * la.num_nodes
    strategy = "DDP" if la.strategy == "none" and total > 1 else STRATEGY_NAMES[la.strategy]
    where = f"{_count(per_node, 'CPU process' if cpu else 'GPU')} x {_count(la.num_nodes, 'node')}, {strategy}"
    if cpu and total > 1:
        where += " (gloo)"
    g = recipe.grpo
    if stage == "grpo" and g.use_vllm:
        if g.vllm_mode == "colocate":
            sleep = ", sleep mode" if g.vllm_enable_sleep_mode else ""
            where += f", vLLM colocated ({g.vllm_gpu_memory_utilization:.0%} of each GPU{sleep})"
        else:
            where += f", vLLM server at {vllm_server_host(recipe)}:{la.vllm_server_port}"
    lines.append(f"# grpo {shlex.join(argv)}: {where}")
    if la.num_nodes > 1:
        lines.append(
            f"# run the same command on each of the {la.num_nodes} nodes with --set launch.node_rank=<0..{la.num_nodes - 1}>"
            f" (this is node {la.node_rank}); node 0 at {la.main_process_ip}:{la.main_process_port}"
        )
    if stage == "grpo" and uses_vllm_server(recipe) and la.vllm_server_host is None:
        cmd, env = serve_command(recipe, serve_model or recipe.model.name, visible=visible)
        lines.append(
            f"# 1) the vLLM server on GPU(s) {env['CUDA_VISIBLE_DEVICES']} of node 0, in its own shell, first "
            "(or `grpo serve` with the same --recipe and --set options)"
        )
        lines.append(format_command(cmd, env))
        lines.append(
            f"# 2) the trainer on the other GPU(s): {device_ids(range(la.vllm_server_gpus, la.num_processes), visible)}"
        )
    launcher = launch_command(recipe, argv, cpu=cpu, visible=visible)
    if launcher is None:
        lines.append(shlex.join(["grpo", *argv]))
    else:
        lines.append(format_command(launcher, launch_env(recipe, cpu=cpu)))
    return "\n".join(lines)


def dry_run(recipe: Recipe, argv: list[str] | None = None) -> str:
    """What `--dry-run` prints: the commands for this machine (the CPU gloo launch where there is no GPU), except
    that a DeepSpeed/FSDP recipe always shows its GPU launch, with a note when this machine cannot run it.
    Imports no torch: GPUs are found with nvidia-smi."""
    argv = sys.argv[1:] if argv is None else argv
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    if _nvidia_smi_memory_gib():
        return describe(recipe, argv, visible=visible)
    if recipe.launch.strategy in SHARDED:
        note = "# note: no NVIDIA GPU on this machine: run this on the GPU node(s)"
        return note + "\n" + describe(recipe, argv, visible=visible)
    return describe(recipe, argv, cpu=True)


# --------------------------------------------------------------------------------------------------------
# checks before anything starts


@dataclass(frozen=True)
class Hardware:
    """What this node offers: CUDA devices, their memory (GiB), and which optional engines are importable."""

    cuda_devices: int = 0
    gpu_memory_gib: tuple[float, ...] = ()
    installed: frozenset[str] = field(default_factory=frozenset)


def preflight(recipe: Recipe, stage: str, hw: Hardware) -> list[str]:
    """Refuse (UserError, exit 2) what cannot start here, before any process or model is started: a sharded
    strategy without GPUs, a missing DeepSpeed or vLLM, fewer GPUs than launch.num_processes, and a GRPO memory
    plan (grpo_cli.estimate.check_fit) that cannot fit the GPUs found. Returns notes worth printing."""
    la, g = recipe.launch, recipe.grpo
    if la.strategy in SHARDED and hw.cuda_devices == 0:
        raise UserError(
            f"launch.strategy={la.strategy} needs CUDA GPUs and this machine has none; "
            "for a CPU run use --set launch.strategy=ddp (or none)"
        )
    if la.strategy in DEEPSPEED and "deepspeed" not in hw.installed:
        raise UserError(
            f"launch.strategy={la.strategy} needs DeepSpeed, which is not installed: pip install 'grpo-cli[deepspeed]' "
            "(or use --set launch.strategy=fsdp)"
        )
    if hw.cuda_devices == 0:
        return []
    # Both modes import vLLM in the trainer (colocate: the engine; server: its NCCL weight-sync client).
    if stage == "grpo" and g.use_vllm and "vllm" not in hw.installed:
        raise UserError(
            "grpo.use_vllm=true needs vLLM, which is not installed: pip install 'grpo-cli[vllm]' "
            "(or use --set grpo.use_vllm=false for HF generate, several times slower)"
        )
    # launch.num_processes counts every GPU of the node, a same-node vLLM server's included.
    if la.num_processes > hw.cuda_devices:
        raise UserError(
            f"launch.num_processes={la.num_processes} needs {la.num_processes} GPUs on this node and "
            f"{hw.cuda_devices} are visible; use --set launch.num_processes={hw.cuda_devices} "
            "(and check CUDA_VISIBLE_DEVICES)"
        )
    if stage != "grpo" or not hw.gpu_memory_gib:
        return []  # grpo_cli.estimate plans GRPO's memory; SFT needs less (no vLLM share, no reference model)
    from grpo_cli.estimate import check_fit, resolve_model

    try:
        resolve_model(recipe.model.name, recipe.model.tiny)
    except UserError as err:  # a model the estimator has no architecture for: train it, say it is unchecked
        return [f"memory check skipped: {err}"]
    problem = check_fit(recipe, min(hw.gpu_memory_gib), processes_per_node(recipe, stage) * la.num_nodes)
    if problem:
        raise UserError(problem)
    return []


def _installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _nvidia_smi_memory_gib() -> tuple[float, ...] | None:
    """Total memory per GPU from nvidia-smi: unlike torch.cuda.get_device_properties it creates no CUDA context
    in this (launcher) process, which would otherwise hold ~0.5 GB of GPU 0 for the whole run."""
    exe = shutil.which("nvidia-smi")
    if not exe:
        return None
    try:
        out = subprocess.run(
            [exe, "--query-gpu=memory.total", "--format=csv,noheader,nounits"],
            capture_output=True,
            text=True,
            timeout=20,
            check=True,
        ).stdout
        mib = [float(x) for x in out.split()]
    except (subprocess.SubprocessError, OSError, ValueError):
        return None
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    if visible:
        # UUIDs or MIG names instead of indices: keep every device.
        with contextlib.suppress(ValueError, IndexError):
            mib = [mib[int(i)] for i in visible.split(",") if i.strip()]
    return tuple(m / 1024 for m in mib)


@functools.lru_cache(maxsize=1)
def detect_hardware() -> Hardware:
    """CUDA devices and their memory on this node (imports torch; call only from a command body)."""
    import torch

    installed = frozenset(name for name in ("deepspeed", "vllm") if _installed(name))
    if not torch.cuda.is_available():
        return Hardware(0, (), installed)
    count = torch.cuda.device_count()
    memory = _nvidia_smi_memory_gib()
    if memory is None or len(memory) != count:
        memory = tuple(torch.cuda.get_device_properties(i).total_memory / 2**30 for i in range(count))
    return Hardware(count, memory, installed)


# --------------------------------------------------------------------------------------------------------
# running


def _resolve(cmd: list[str]) -> list[str]:
    """`accelerate` / `trl` from this interpreter's environment (the ones `--dry-run` names once it is active)."""
    sibling = Path(sys.executable).parent / cmd[0]
    if sibling.is_file() and os.access(sibling, os.X_OK):
        return [str(sibling), *cmd[1:]]
    modules = {"accelerate": "accelerate.commands.accelerate_cli", "trl": "trl.cli"}
    if cmd[0] in modules and not shutil.which(cmd[0]):
        return [sys.executable, "-m", modules[cmd[0]], *cmd[1:]]
    return cmd


def run(cmd: list[str], env: dict[str, str] | None = None) -> int:
    """Run a launch command in the foreground and return its exit code (Ctrl-C reaches it through the group)."""
    full_env = {**os.environ, **(env or {}), LAUNCHED_ENV: "1"}
    sys.stdout.flush()
    sys.stderr.flush()
    proc = subprocess.Popen(_resolve(cmd), env=full_env)
    try:
        return wait_child(proc)
    except KeyboardInterrupt:
        return proc.wait()


def wait_child(proc: subprocess.Popen) -> int:
    """Wait for a child that trains or evaluates. If this process is stopped meanwhile (SIGTERM, which the CLI turns
    into SystemExit), the child is stopped the way its own command handles it (save a checkpoint, then exit) and
    waited for, never orphaned; Ctrl-C in the terminal has already reached it through the process group."""
    try:
        return proc.wait()
    except BaseException as err:
        if not isinstance(err, KeyboardInterrupt) and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        proc.wait()
        raise


def check_here(recipe: Recipe, argv: list[str] | None = None) -> None:
    """From `grpo train` / `grpo sft`, before the run directory is touched: the preflight checks on this node's
    hardware (skipped inside a launched process: its launcher checked)."""
    argv = sys.argv[1:] if argv is None else argv
    if is_launched():
        return
    tracking.check(recipe, push=stage_of(argv) == "grpo")  # trackers' packages, the Hub push
    for note in preflight(recipe, stage_of(argv), detect_hardware()):
        print(f"note: {note}", file=sys.stderr)


def owns_run_dir(recipe: Recipe) -> bool:
    """Whether this process may create / check the run directory. Launched processes decide by rank (rank 0
    writes); before launching, only node 0's launcher does: on a shared filesystem, another node's launcher would
    find node 0's files and refuse to overwrite them."""
    return is_launched() or recipe.launch.node_rank == 0


def prepared_by_launcher(folder: str | Path) -> bool:
    """Whether the `grpo` command that launched this process has prepared FOLDER already (see PREPARED_ENV)."""
    return is_launched() and os.environ.get(PREPARED_ENV) == os.path.realpath(folder)


def relaunch(recipe: Recipe, argv: list[str] | None = None, *, prepared: str | Path | None = None) -> int | None:
    """From `grpo train` / `grpo sft`: when the recipe needs a launcher and this process is not inside one, run
    `accelerate launch` on this same command line and return its exit code. None: this process trains itself.
    `prepared`: the stage folder this process has prepared, which the launched ranks then leave as it is."""
    argv = sys.argv[1:] if argv is None else argv
    if is_launched():
        return None
    hw = detect_hardware()
    cpu = hw.cuda_devices == 0
    cmd = launch_command(recipe, argv, cpu=cpu, visible=os.environ.get("CUDA_VISIBLE_DEVICES"))
    if cmd is None:
        return None
    env = launch_env(recipe, cpu=cpu)
    print(format_command(cmd, env), file=sys.stderr)  # what a user could run by hand: prepares the folder itself
    return run(cmd, {**env, PREPARED_ENV: os.path.realpath(prepared)} if prepared is not None else env)
