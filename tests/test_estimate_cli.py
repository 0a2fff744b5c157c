"""`grpo estimate` as a user runs it: real subprocesses, --json on stdout, one-line errors, no heavy imports,
--calibrate against a run directory written here."""

from __future__ import annotations

import json

import pytest
import yaml

from conftest import heavy_imports

REQUIRED = {
    "generated_tokens",
    "prompt_tokens",
    "flops",
    "seconds",
    "gpu_hours",
    "wall_clock_hours",
    "memory_gib_per_gpu",
}
PHASES = {"generation", "prefill", "training", "reference", "old_policy", "recompute", "total"}


def estimate_json(cli, *args: str) -> dict:
    proc = cli("estimate", *args, "--json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)  # stdout holds exactly one JSON object


def test_no_flags_estimates_the_default_recipe(cli):
    r = estimate_json(cli)
    assert set(r) >= REQUIRED
    assert set(r["flops"]) == PHASES == set(r["seconds"])
    assert r["recipe"] == "gsm8k-7b" and r["gpu"] == "h100" and r["num_gpus"] == 8
    assert isinstance(r["generated_tokens"], int)
    mem = r["memory_gib_per_gpu"]
    for key in ("weights", "gradients", "optimizer", "reference", "kv_cache", "vllm_share", "total", "fits"):
        assert key in mem
    assert "cost_usd" not in r and "no_signal" not in r


def test_seed_examples_through_the_cli(cli):
    r = estimate_json(cli, "--params", "7e9", "--prompts", "10000", "--G", "16", "--len", "512", "--epochs", "5")
    assert r["generated_tokens"] == 409_600_000
    assert r["flops"]["generation"] == pytest.approx(5.7344e18)
    r = estimate_json(cli, "--params", "37B", "--tokens", "1e10", "--prompt-len", "0")
    assert r["flops"]["training"] == pytest.approx(2.22e21)


def test_flags_work_without_a_recipe_and_override_it(cli):
    r = estimate_json(cli, "--G", "16", "--len", "512", "--gpu", "a100-80g", "--num-gpus", "4", "--price", "2")
    assert r["inputs"]["G"] == 16 and r["inputs"]["mean_len"] == 512 and r["gpu"] == "a100-80g"
    assert r["num_gpus"] == 4
    assert r["cost_usd"] == pytest.approx(2 * r["gpu_hours"])
    lora = estimate_json(cli, "--recipe", "gsm8k-7b", "--lora", "--lora-rank", "8", "--no-grad-ckpt", "--beta", "0")
    assert lora["memory_gib_per_gpu"]["mode"] == "lora"
    assert lora["flops"]["recompute"] == 0 and lora["flops"]["reference"] == 0


def test_set_overrides_the_recipe(cli):
    r = estimate_json(cli, "-r", "gsm8k-7b", "--set", "grpo.vllm_gpu_memory_utilization=0.5")
    assert r["inputs"]["vllm_memory"] == 0.5


def test_model_flag_and_pass_rate(cli):
    r = estimate_json(cli, "--model", "deepseek-v3", "--pass-rate", "0.2", "--G", "8")
    assert r["architecture"] == "deepseek-v3"
    assert r["no_signal"]["fraction"] == pytest.approx(0.2**8 + 0.8**8)
    assert r["no_signal"]["smallest_G_under_target"] == 11  # 0.8^11 = 0.086


def test_table_output(cli):
    proc = cli("estimate", "--recipe", "gsm8k-1.5b", "--pass-rate", "0.3", "--price", "1.5", env={"COLUMNS": "160"})
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for needle in ("GPU-hours", "wall clock", "memory per GPU", "lora fine-tuning", "fits", "generation", "$"):
        assert needle in out
    assert "no learning signal" in out and "p^G + (1-p)^G" in out


def test_help(cli):
    proc = cli("estimate", "--help")
    assert proc.returncode == 0 and "--pass-rate" in proc.stdout and "docs/estimate.md" in proc.stdout
    assert "estimate" in cli("--help").stdout


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--G", "1"], "--G 1: G must be at least 2"),
        (["--G", "0", "--recipe", "tiny"], "--G 0: G must be at least 2"),
        (["--num-iterations", "0", "--recipe", "tiny"], "--num-iterations 0: must be >= 1"),
        (["--gen-batch", "0"], "generation batch must be >= 1"),
        (["--tokens", "0"], "--tokens '0': must be > 0"),
        (["--len", "0"], "--len 0: the mean completion length must be >= 1 token"),
        (["--len", "-3"], "--len -3"),
        (["--gpu", "h1000"], "unknown GPU 'h1000' (did you mean: h100"),
        (["--gpu", "a100"], None),  # an alias, not an error
        (["--model", "qwen2.5-8b"], "unknown model 'qwen2.5-8b' (did you mean: qwen2.5-7b"),
        (["--params", "seven"], "--params 'seven': expected a number such as 7e9 or 7B"),
        (["--G", "two"], "grpo estimate: Invalid value for '--G'"),
        # issue 41: every input bounded, in one line (--rollout-tp 1000 was accepted, --mfu 1e-300 gave 1.4e300 GPU-h)
        (["--rollout-tp", "1000"], "--rollout-tp 1000: GPUs per vLLM engine must be in 1..8"),
        (["--rollout-tp", "0"], "--rollout-tp 0: GPUs per vLLM engine must be in 1..8"),
        (["--mfu", "1e-300"], "--mfu 1e-300: must be in [0.01, 1]"),
        (["--mfu", "2"], "--mfu 2: must be in [0.01, 1]"),
        (["--decode-eff", "1e-300"], "--decode-eff 1e-300: must be in [0.01, 1]"),
        (["--bw-eff", "0"], "--bw-eff 0: must be in [0.01, 1]"),
        (["--tokens", "1e-300"], "--tokens 1e-300: must be >= 1"),
        (["--prm-train-tokens", "0.5"], "--prm-train-tokens 0.5: must be >= 1"),
        (["--pass-rate", "1.5"], "--pass-rate 1.5: must be in [0, 1]"),
        (["--price", "1e300"], "--price 1e+300: at most 1,000,000"),
        (["--epochs", "1e300"], "--epochs 1e+300: at most 1,000,000"),
        (["--num-gpus", "0"], "--num-gpus 0: must be >= 1"),
        (["--method", "sft"], "--method sft: expected one of grpo, ppo, dpo, distill"),
        (["--gpuu", "h100"], "grpo estimate: unknown option --gpuu (did you mean: --gpu"),
        (["--recipe", "gsm8k-7"], "unknown recipe 'gsm8k-7' (did you mean: gsm8k-7b"),
        (["--set", "grpo.bta=1"], "unknown recipe key 'grpo.bta' (did you mean: beta, delta?)"),
    ],
)
def test_bad_inputs_are_one_line_exit_2(cli, args, needle):
    proc = cli("estimate", *args, "--json")
    if needle is None:
        assert proc.returncode == 0, proc.stderr
        return
    assert proc.returncode == 2, proc.stdout
    assert "Traceback" not in proc.stderr
    lines = [x for x in proc.stderr.splitlines() if x.strip()]
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ") and needle in lines[0]
    assert proc.stdout == ""


# Each flag that names a recipe key, with a value and the key it sets.
SHORTHANDS = [
    ("--G", "8", "grpo.num_generations"),
    ("--len", "250.5", "estimate.mean_completion_len"),
    ("--max-len", "1024", "grpo.max_completion_length"),
    ("--prompt-len", "90", "estimate.prompt_len"),
    ("--prompts", "500", "estimate.prompts"),
    ("--epochs", "2", "grpo.epochs"),
    ("--gpu", "h200", "launch.gpu"),
    ("--mfu", "0.4", "estimate.mfu"),
    ("--price", "2.5", "estimate.price_per_gpu_hour"),
    ("--beta", "0", "grpo.beta"),
    ("--num-iterations", "2", "grpo.num_iterations"),
    ("--no-lora", None, "model.lora=false"),
    ("--lora-rank", "8", "model.lora_rank"),
    ("--no-grad-ckpt", None, "model.gradient_checkpointing=false"),
]


@pytest.mark.parametrize("flag, value, key", SHORTHANDS, ids=[s[0] for s in SHORTHANDS])
def test_recipe_flags_are_shorthands_for_set(flag, value, key):
    """In process (the CLI path itself, without a subprocess per flag): the flag and its --set give one estimate."""
    from grpo_cli.commands.estimate import compute

    base = ["--recipe", "gsm8k-1.5b"]
    by_flag = compute([*base, flag] + ([value] if value is not None else [])).to_json()
    by_set = compute([*base, "--set", key if value is None else f"{key}={value}"]).to_json()
    assert by_flag == by_set
    assert by_flag != compute(base).to_json()  # the flag changed something


@pytest.mark.parametrize("args", [["estimate"], ["estimate", "--json"]], ids=" ".join)
def test_estimate_imports_nothing_heavy(args):
    assert heavy_imports(*args) == []


# ------------------------------------------------------------------------------------------------------------
# --calibrate RUN_DIR


def make_run(tmp_path, rows, *, recipe="gsm8k-0.5b", run_json=True):
    from grpo_cli import recipes
    from grpo_cli.config import to_dict

    stage = tmp_path / recipe / "grpo"
    stage.mkdir(parents=True)
    (stage / "recipe.yaml").write_text(yaml.safe_dump(to_dict(recipes.load(recipe)), sort_keys=False))
    (stage / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    if run_json:
        # grpo_cli.rundir.hardware()'s fields
        hardware = {"host": "node1", "cpus": 16, "world_size": 1, "gpus": ["NVIDIA L40S"]}
        (stage / "run.json").write_text(json.dumps({"status": "finished", "hardware": hardware}))
    return stage


def metric_rows(n=6, step_time=30.0, length=220.0, tps=900.0):
    return [
        {"step": s, "loss": 0.01, "completions/mean_length": length, "step_time": step_time, "tokens_per_second": tps}
        for s in range(1, n + 1)
    ]


def test_calibrate_replaces_the_modelled_speed_with_the_measured_one(cli, tmp_path):
    stage = make_run(tmp_path, metric_rows())
    plain = estimate_json(cli, "--recipe", "gsm8k-0.5b", "--len", "220")
    r = estimate_json(cli, "--calibrate", str(tmp_path / "gsm8k-0.5b"))  # the recipe folder finds grpo/
    c = r["calibration"]
    assert c["run_dir"] == str(stage) and c["gpu"] == "l40s" and c["num_gpus"] == 1
    assert c["step_time"]["measured"] == 30.0 and c["tokens_per_second"]["measured"] == 900.0
    assert c["mean_completion_length"]["measured"] == 220.0
    assert c["factor"] == pytest.approx(30.0 / c["step_time"]["predicted"])
    assert r["seconds_per_step"] == pytest.approx(30.0)  # same recipe and hardware: the measured step time
    assert r["inputs"]["mean_len"] == 220.0  # the run's length replaces the recipe's guess
    assert r["gpu_hours"] == pytest.approx(plain["gpu_hours"] * c["factor"], rel=1e-6)
    assert c["uncalibrated"]["gpu_hours"] == pytest.approx(plain["gpu_hours"], rel=1e-6)
    table = cli("estimate", "--calibrate", str(stage), env={"COLUMNS": "160"})
    assert table.returncode == 0, table.stderr
    assert "predicted" in table.stdout and "measured" in table.stdout and "measured / predicted" in table.stdout


def test_calibrate_onto_other_hardware_keeps_the_factor(cli, tmp_path):
    stage = make_run(tmp_path, metric_rows())
    here = estimate_json(cli, "--calibrate", str(stage))
    h100 = estimate_json(cli, "--calibrate", str(stage), "--gpu", "h100")
    assert h100["calibration"]["factor"] == pytest.approx(here["calibration"]["factor"])
    assert h100["gpu"] == "h100" and h100["gpu_hours"] < here["gpu_hours"]


@pytest.mark.parametrize(
    "case, needle",
    [
        ("no_dir", "no such directory"),
        ("no_metrics", "no metrics.jsonl in"),
        ("no_speed", "no 'step_time' or 'tokens_per_second'"),
        ("no_recipe", "no recipe.yaml beside metrics.jsonl"),
        ("no_rows", "no logged steps"),
    ],
)
def test_calibrate_errors_are_one_line(cli, tmp_path, case, needle):
    target = tmp_path / "run"
    if case == "no_metrics":
        target.mkdir()
    elif case == "no_speed":
        rows = [{"step": s, "loss": 0.1, "completions/mean_length": 200} for s in range(1, 4)]
        target = make_run(tmp_path, rows)
    elif case == "no_recipe":
        target = make_run(tmp_path, metric_rows())
        (target / "recipe.yaml").unlink()
    elif case == "no_rows":
        target = make_run(tmp_path, metric_rows())
        (target / "metrics.jsonl").write_text('{"step": 1,')  # a run killed during its first row
    proc = cli("estimate", "--calibrate", str(target))
    assert proc.returncode == 2, proc.stdout
    lines = [x for x in proc.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and needle in lines[0], proc.stderr
    assert "Traceback" not in proc.stderr


def test_calibrate_reads_damaged_files_as_the_report_does(cli, tmp_path):
    """rundir's one rule (issue 40): a torn last row (a killed writer) is skipped silently and a bad row in the
    middle with a warning naming its line; a damaged run.json is read as missing, with a warning. The estimate had
    its own reader, which refused the whole run on a torn last row and on a run.json that was not JSON."""
    stage = make_run(tmp_path, metric_rows())
    whole = estimate_json(cli, "--calibrate", str(stage))
    text = (stage / "metrics.jsonl").read_text()
    (stage / "metrics.jsonl").write_text(text + '{"step": 7, "step_ti')
    proc = cli("estimate", "--calibrate", str(stage), "--json")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert json.loads(proc.stdout) == whole
    lines = text.splitlines()
    (stage / "metrics.jsonl").write_text("\n".join([*lines[:2], "{not json", *lines[2:]]) + "\n")
    proc = cli("estimate", "--calibrate", str(stage), "--json")
    assert proc.returncode == 0, proc.stderr
    assert "metrics.jsonl line 3: not valid JSON" in proc.stderr and "(skipped)" in proc.stderr
    assert json.loads(proc.stdout) == whole
    (stage / "run.json").write_text('{"hardware": ')
    proc = cli("estimate", "--calibrate", str(stage), "--json")
    assert proc.returncode == 0, proc.stderr
    assert "run.json: not valid JSON" in proc.stderr and "(ignored)" in proc.stderr
    assert json.loads(proc.stdout)["calibration"]["device"] is None


def test_calibrate_without_run_json_uses_the_recipe_hardware(cli, tmp_path):
    stage = make_run(tmp_path, metric_rows(), run_json=False)
    r = estimate_json(cli, "--calibrate", str(stage))
    assert r["calibration"]["gpu"] == "l40s"  # gsm8k-0.5b's launch.gpu
    assert r["calibration"]["device"] is None


def test_calibrate_reads_the_device_of_a_multi_gpu_run(cli, tmp_path):
    stage = make_run(tmp_path, metric_rows(), recipe="gsm8k-7b", run_json=False)
    hardware = {"world_size": 8, "gpus": ["NVIDIA A100-SXM4-80GB"] * 8}
    (stage / "run.json").write_text(json.dumps({"hardware": hardware}))
    c = estimate_json(cli, "--calibrate", str(stage))["calibration"]
    assert c["gpu"] == "a100-80g" and c["num_gpus"] == 8 and c["device"] == "NVIDIA A100-SXM4-80GB"


# --------------------------------------------------------------------------------------------------------
# grpo.dynamic_sampling and --method distill (docs/estimate.md)


def test_dynamic_sampling_charges_its_expected_extra_rounds():
    """The per-round phases are multiplied by 1 + E[extra rounds] (formulas.dynamic_sampling_rounds at the pass
    rate), the training phases are not; without --pass-rate nothing is charged and the bound is said."""
    from grpo_cli.commands.estimate import compute
    from grpo_cli.formulas import dynamic_sampling_rounds

    plain = compute(["--recipe", "gsm8k-0.5b", "--pass-rate", "0.1"])
    ds = compute(["--recipe", "gsm8k-0.5b", "--pass-rate", "0.1", "--set", "grpo.dynamic_sampling=true"])
    groups = ds.dynamic_sampling.groups_per_batch
    m = 1 + dynamic_sampling_rounds(0.1, plain.inputs["G"], groups, 3)
    assert ds.dynamic_sampling.generation_multiplier == pytest.approx(m)
    for phase in ("generation", "prefill", "old_policy"):
        assert ds.seconds[phase] == pytest.approx(plain.seconds[phase] * m)
    assert ds.seconds["training"] == pytest.approx(plain.seconds["training"])
    assert ds.gpu_hours > plain.gpu_hours
    unknown = compute(["--recipe", "gsm8k-0.5b", "--set", "grpo.dynamic_sampling=true"])
    assert unknown.dynamic_sampling.expected_extra_rounds is None and unknown.gpu_hours == pytest.approx(
        compute(["--recipe", "gsm8k-0.5b"]).gpu_hours
    )
    assert not plain.has("dynamic_sampling")


def test_distill_prices_the_teacher_and_the_student_beside_grpo():
    from grpo_cli.commands.estimate import compute
    from grpo_cli.estimate.distill import expected_kept

    r = compute(["--recipe", "gsm8k-1.5b", "--method", "distill", "--teacher", "7B", "--set", "distill.n=8",
                 "--pass-rate", "0.3", "--price", "2"])  # fmt: skip
    d = r.distill
    assert d.problems == 7473 and d.samples_per_problem == 8
    assert d.teacher_generated_tokens == pytest.approx(7473 * 8 * r.inputs["mean_len"])
    assert d.expected_kept == pytest.approx(7473 * expected_kept(8, 1, 0.3))
    assert d.gpu_hours == pytest.approx(d.teacher_gpu_hours + d.student_gpu_hours)
    assert d.cost_usd == pytest.approx(2 * d.gpu_hours)
    assert d.grpo_gpu_hours == pytest.approx(r.gpu_hours) and r.method == "grpo"
    # A bigger teacher costs more to sample; the student's SFT does not change.
    big = compute(["--recipe", "gsm8k-1.5b", "--method", "distill", "--teacher", "70B", "--set", "distill.n=8",
                   "--pass-rate", "0.3"]).distill  # fmt: skip
    assert big.teacher_gpu_hours > d.teacher_gpu_hours and big.student_gpu_hours == d.student_gpu_hours


def test_expected_kept_is_the_mean_of_min_k_binomial():
    from grpo_cli.estimate.distill import expected_kept

    assert expected_kept(4, 1, 0.5) == pytest.approx(1 - 0.5**4)
    assert expected_kept(2, 2, 0.5) == pytest.approx(0.5 * 1 + 0.25 * 2)
    assert expected_kept(8, 3, 0.0) == 0 and expected_kept(8, 3, 1.0) == pytest.approx(3)


def test_distill_without_a_teacher_is_one_line(cli):
    proc = cli("estimate", "--recipe", "gsm8k-1.5b", "--method", "distill")
    assert proc.returncode == 2 and "--teacher" in proc.stderr and "Traceback" not in proc.stderr


def test_estimate_converts_its_plain_options_without_pydantic():
    """Typer 0.29 converts every option through a pydantic TypeAdapter (~0.1 s to import pydantic); the estimate's
    options are plain ints, floats, strings and flags, converted as click would, so `grpo estimate` stays fast."""
    import subprocess
    import sys

    from conftest import REPO

    code = (
        "import sys, io, contextlib\n"
        "sys.argv = ['grpo', 'estimate', '--json', '--G', '8', '--lora', '--set', 'grpo.beta=0.1']\n"
        "from grpo_cli.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main()\n"
        "print('PYDANTIC', 'pydantic' in sys.modules)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "PYDANTIC False" in proc.stdout


def test_compare_is_the_old_spelling_of_compare_methods():
    from grpo_cli.commands.estimate import compute

    assert compute(["--compare"]).to_json() == compute(["--compare-methods"]).to_json()
