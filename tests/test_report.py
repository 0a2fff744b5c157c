"""`grpo report`: from a bare metrics.jsonl up to a full run dir (recipe, run.json, samples, evals), plots that are
real images, alarms re-derived by id, compute beside `grpo estimate`, several runs overlaid, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import heavy_imports
from grpo_cli import recipes, rundir
from grpo_cli.observe import report
from grpo_cli.observe.report import compute, plots
from grpo_cli.observe.report import markdown as md_module
from metric_streams import PATTERNS, healthy_run, no_signal_run

GRPO_PNGS = {"reward", "length", "zero_std", "clipped", "kl", "entropy", "reward_format", "reward_language"}


def write_metrics(path: Path, rows: list[dict]) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    for row in rows:
        rundir.append_jsonl(path / "metrics.jsonl", row)
    return path


def markdown(run_dir: Path) -> str:
    """report.md's text without drawing the plots (the tests that check plots call write_report)."""
    return md_module.render(report.load_runs([run_dir]), [], [], run_dir / "report")


def assert_real_png(path: Path) -> None:
    """Opens as an image, has a size, and is not one flat colour."""
    import matplotlib.image as mpimg

    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    img = mpimg.imread(path)
    assert img.ndim == 3 and img.shape[0] > 100 and img.shape[1] > 100
    assert float(img[..., :3].std()) > 0.01


def full_run(
    root: Path,
    recipe_name: str = "tiny",
    rows: list[dict] | None = None,
    gpus: list[str] | None = None,
    sets: tuple[str, ...] = (),
) -> Path:
    """A run dir as `grpo run` leaves it: stage dir with everything, and eval summaries beside it."""
    rec = recipes.load(recipe_name, ["grpo.max_steps=200", *sets])
    stage = write_metrics(rundir.stage_dir(root, rec.name, "grpo"), rows if rows is not None else healthy_run())
    rundir.write_recipe(stage, rec)
    hardware = {"host": "node1", "cpus": 2, "world_size": len(gpus) if gpus else 1, "torch": "2.13.0"}
    if gpus:
        hardware["gpus"] = gpus
    rundir.write_run_info(stage, stage="grpo", recipe=rec.name, status="finished", hardware=hardware, wall_time=7200.0,
                          start_time="2026-01-01T00:00:00+0000", end_time="2026-01-01T02:00:00+0000")  # fmt: skip
    for step in (10, 100, 200):
        for k in range(3):
            rundir.append_jsonl(stage / "samples.jsonl", {"step": step, "prompt": f"What is {k}+{step}?",
                                "completion": f"<think>s{step}k{k}</think><answer>{k + step}</answer>",
                                "reward": 1.2, "rewards": {"accuracy": 1.0, "format": 1.0}})  # fmt: skip
    for name, p1 in (("eval-base", 0.25), ("eval-grpo", 0.5), ("eval-sft", 0.375)):
        (stage.parent / name).mkdir()
        summary = {"n": 4, "pass@1": p1, "pass@1_ci": [p1 - 0.05, p1 + 0.05], "maj@k": {"4": p1 + 0.1},
                   "format_rate": 0.9, "truncation_rate": 0.02, "counts": {"problems": 200, "scored": 200},
                   "settings": {"dataset": "toy", "n": 4}}  # fmt: skip
        (stage.parent / name / "summary.json").write_text(json.dumps(summary))
    return stage


def test_bare_metrics_only_run_dir(cli, tmp_path):
    run = write_metrics(tmp_path / "bare", healthy_run())
    proc = cli("report", str(run))
    assert proc.returncode == 0, proc.stderr
    out = run / "report"
    assert f"report: {out / 'report.md'}" in proc.stdout
    assert "alarms: none" in proc.stdout
    assert {p.stem for p in out.glob("*.png")} == GRPO_PNGS
    for png in out.glob("*.png"):
        assert_real_png(png)
    md = (out / "report.md").read_text()
    for needle in (
        "None fired",
        "recipe: n/a: no recipe.yaml",
        "hardware: n/a: no run.json",
        "`grpo estimate`: n/a: no recipe.yaml in the run dir",
        "n/a: no eval-*/summary.json",
        "n/a: no samples.jsonl",
        "8M tokens processed",
        "wall time: 1h40m",  # 200 steps x ~30 s step_time
    ):
        assert needle in md, needle
    for png in GRPO_PNGS:
        assert f"]({png}.png)" in md


@pytest.mark.parametrize("bad", ["NaN", "Infinity", "-Infinity", "true", '"12"'])
def test_a_step_that_is_no_finite_number_is_read_by_place(cli, tmp_path, bad):
    """A damaged or hand-edited line's `step` (json reads NaN and Infinity) warns and reads the row by its place;
    it used to fail `int(step)` with a traceback."""
    rows = healthy_run()
    lines = [json.dumps(r) for r in rows]
    lines[3] = lines[3].replace(f'"step": {rows[3]["step"]}', f'"step": {bad}', 1)
    assert bad in lines[3]
    (tmp_path / "damaged").mkdir()
    (tmp_path / "damaged" / "metrics.jsonl").write_text("\n".join(lines) + "\n")
    proc = cli("report", str(tmp_path / "damaged"))
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "1 row(s) with a step that is not a finite number (first: row 4), read by place" in proc.stderr
    assert "alarms: none" in proc.stdout


def test_a_run_whose_reward_overflowed_is_not_reported_healthy(cli, tmp_path):
    """Issue 41: reward weights of 1e308 made every step log reward null, loss 0 and grad_norm 0, and `grpo report`
    said "alarms: none"."""
    rows = [{**row, "reward": None, "loss": 0.0, "grad_norm": 0.0} for row in healthy_run()]
    run = write_metrics(tmp_path / "overflow", rows)
    proc = cli("report", str(run))
    assert proc.returncode == 0, proc.stderr
    assert "alarms: nonfinite_reward (step 1)" in proc.stdout
    assert (
        "| `nonfinite_reward` | 1 | the reward is not a finite number |" in (run / "report" / "report.md").read_text()
    )


@pytest.mark.parametrize("alarm_id", list(PATTERNS))
def test_report_names_each_alarm_by_id(tmp_path, alarm_id):
    run = write_metrics(tmp_path / alarm_id, PATTERNS[alarm_id](seed=1))
    (loaded,) = report.load_runs([run])
    assert [a.id for a in loaded.alarms] == [alarm_id]
    md = markdown(run)
    assert f"| `{alarm_id}` | {loaded.alarms[0].step} |" in md
    assert loaded.alarms[0].advice.split(";")[0] in md


def test_full_run_dir_on_gpus(tmp_path):
    from grpo_cli import estimate

    stage = full_run(tmp_path / "runs", "gsm8k-7b", rows=no_signal_run(), gpus=["NVIDIA H100 80GB HBM3"] * 8)
    path, (run,) = report.write_report([tmp_path / "runs"])  # the run root is found down to its grpo stage
    assert run.path == stage and path == stage / "report" / "report.md"
    md = path.read_text()
    # Recipe, hardware, wall time, measured GPU-hours (2 h x 8 GPUs) beside the estimate for the same hardware.
    assert "recipe: **gsm8k-7b**: model Qwen/Qwen2.5-7B" in md and "G=16" in md
    assert "hardware: 8x NVIDIA H100 80GB HBM3, 2 CPU cores, world size 8, host node1" in md
    assert "wall time: 2h00m00s (run.json wall_time)" in md
    assert "measured: 16 GPU-hours (8x NVIDIA H100 80GB HBM3, 2h00m00s wall, 200 steps" in md
    rec = recipes.load("gsm8k-7b", ["grpo.max_steps=200"])
    pred = estimate.estimate(estimate.inputs_from_recipe(rec, gpu=estimate.GPUS["h100"], num_gpus=8)).to_json()
    assert f"`grpo estimate` predicts {pred['gpu_hours']:.3g} GPU-hours" in md
    assert f"{pred['seconds_per_step']:.3g} s/step" in md
    assert "per step: measured 30 s (median)" in md or "per step: measured 30." in md
    # G from the recipe feeds the no_signal advice.
    assert "`no_signal`" in md and "G=16 gives P(all-same group)" in md
    # Eval table and samples from the start, middle and end.
    assert "| eval-base | toy | 200 | 4 | 25.0% | 20.0%-30.0% | 35.0% | 90.0% | 2.0% |" in md
    assert "| eval-grpo | toy | 200 | 4 | 50.0% |" in md
    assert md.index("| eval-base |") < md.index("| eval-sft |") < md.index("| eval-grpo |")  # pipeline order
    assert "### start (step 10)" in md and "### middle (step 100)" in md and "### end (step 200)" in md
    assert md.count("<answer>") == 6  # two samples at each point


def test_cpu_run_says_gpu_hours_do_not_apply(tmp_path):
    stage = full_run(tmp_path / "runs")
    md = markdown(stage)
    assert "measured: n/a GPU-hours: ran without a GPU (2 CPU cores); 2h00m00s wall, 200 steps" in md
    assert "`grpo estimate` predicts" in md and "this run had no GPU, so the two do not compare" in md


def test_several_runs_overlaid_into_one_set_of_plots(cli, tmp_path):
    a = write_metrics(tmp_path / "runs-a" / "tiny" / "grpo", healthy_run())
    b = write_metrics(tmp_path / "runs-b" / "tiny" / "grpo", PATTERNS["length_hacking"]())
    proc = cli("report", str(a), str(b), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = tmp_path / "grpo-report"  # the default for several runs
    md = (out / "report.md").read_text()
    # Same recipe/stage from two roots: labelled by path so the legend tells them apart.
    assert f"## Run: {a}" in md and f"## Run: {b}" in md and "(runs overlaid)" in md
    assert "length_hacking" in md
    for png in out.glob("*.png"):
        assert_real_png(png)
    assert {p.stem for p in out.glob("*.png")} == GRPO_PNGS


def test_out_option(cli, tmp_path):
    run = write_metrics(tmp_path / "r", healthy_run()[:30])
    proc = cli("report", str(run), "--out", str(tmp_path / "elsewhere"))
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "elsewhere" / "report.md").is_file() and not (run / "report").exists()


def test_sft_run_gets_sft_plots_and_no_alarms(tmp_path):
    rows = [
        {"step": s, "loss": 2.0 / s, "entropy": 1.0 / s, "mean_token_accuracy": 0.5 + s / 100} for s in range(1, 41)
    ]
    stage = write_metrics(tmp_path / "runs" / "tiny" / "sft", rows)
    path, (run,) = report.write_report([stage])
    assert not run.is_grpo and run.alarms == []
    assert {p.stem for p in path.parent.glob("*.png")} == {"loss", "token_accuracy"}
    md = path.read_text()
    assert "the alarms watch GRPO metrics" in md and "this is an SFT run" in md


def test_kl_not_logged_is_said_not_drawn(tmp_path):
    rows = [{k: v for k, v in r.items() if k != "kl"} for r in healthy_run()]  # beta = 0 logs no KL
    path, _ = report.write_report([full_run(tmp_path, "tiny", rows=rows, sets=("grpo.beta=0",))])
    assert not (path.parent / "kl.png").exists()
    assert "Not plotted: KL to the reference model: not logged (kl; grpo.beta = 0 has no KL term)" in path.read_text()


def test_live_alarms_that_differ_from_the_metrics_are_pointed_out(tmp_path):
    run = write_metrics(tmp_path / "r", healthy_run())
    rundir.append_jsonl(run / "alarms.jsonl", {"id": "truncation", "step": 50, "evidence": "x", "advice": "y"})
    md = markdown(run)
    assert "the live run wrote ['truncation'] to alarms.jsonl; the metrics give []" in md


def test_samples_with_backticks_and_pipes_stay_inside_their_block(tmp_path):
    run = write_metrics(tmp_path / "r", healthy_run()[:20])
    nasty = "```\n| not | a | table |\n````python\nprint('x')"
    rundir.append_jsonl(run / "samples.jsonl", {"step": 5, "prompt": "p", "completion": nasty, "reward": 0.0})
    md = markdown(run)
    assert "`````text\n" + nasty + "\n`````" in md


def test_a_group_prompt_is_shown_once(tmp_path):
    run = write_metrics(tmp_path / "r", healthy_run()[:20])
    for text in ("first answer", "second answer"):  # two completions of one group
        rundir.append_jsonl(run / "samples.jsonl", {"step": 5, "prompt": "What is 2+2?", "completion": text})
    md = markdown(run)
    assert md.count("What is 2+2?") == 1 and "prompt: the same as above" in md
    assert "first answer" in md and "second answer" in md and "reward n/a" in md


def test_long_samples_are_clipped(tmp_path):
    run = write_metrics(tmp_path / "r", healthy_run()[:20])
    rundir.append_jsonl(run / "samples.jsonl", {"step": 5, "prompt": "p", "completion": "x" * 5000, "reward": 0.0})
    md = markdown(run)
    assert "x" * 700 + "... [4300 more characters]" in md and "x" * 701 not in md


def test_wall_time_sources_in_order(tmp_path):
    run = report.Run(path=tmp_path, label="r", metrics=[{"step": 10, "step_time": 2.0}, {"step": 20, "step_time": 4.0}])
    assert compute.wall_time(run) == (60.0, "sum of metrics.jsonl step_time (training steps only)")
    run.info = {"start_time": "2026-01-01T00:00:00+0000", "end_time": "2026-01-01T00:10:00+0000"}
    assert compute.wall_time(run)[0] == 600.0
    run.info["train_summary"] = {"train_runtime": 500.0}
    assert compute.wall_time(run)[0] == 500.0
    run.info["wall_time"] = 450.0
    assert compute.wall_time(run) == (450.0, "run.json wall_time")


@pytest.mark.parametrize(
    "make, needle",
    [
        (lambda t: t / "missing", "no such directory"),
        (lambda t: t, "no metrics.jsonl in"),
        (lambda t: (t / "metrics.jsonl").write_text("") or t, "holds no logged steps"),
        (lambda t: [write_metrics(t / r / "grpo", healthy_run()[:3]) for r in ("a", "b")] and t, "holds several runs"),
    ],
    ids=["missing", "no-metrics", "empty", "ambiguous"],
)
def test_user_errors_are_one_line_exit_2(cli, tmp_path, make, needle):
    target = make(tmp_path)
    proc = cli("report", str(target))
    assert proc.returncode == 2
    assert needle in proc.stderr and len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr


def test_report_imports_no_torch(tmp_path):
    run = write_metrics(tmp_path / "r", healthy_run()[:30])
    assert heavy_imports("report", str(run)) == []


@pytest.mark.slow
def test_live_alarms_and_report_agree_on_a_real_tiny_grpo_run(cli, tmp_path):
    """`grpo train` on the tiny model from its random init (it never closes an answer: every group scores 0 and most
    completions hit the length cap), then `grpo report` on the run dir it wrote."""
    runs = tmp_path / "runs"
    # 16 completions per step of at most 48 tokens: too few for the random model to hit an answer by chance.
    args = [
        a for s in ("grpo.max_steps=6", "grpo.logging_steps=1", "grpo.init=base", "grpo.per_device_batch_size=16",
                    "grpo.max_completion_length=48", "grpo.beta=0") for a in ("--set", s)
    ]  # fmt: skip
    proc = cli("train", "--recipe", "tiny", *args, "--run-dir", str(runs))
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = [line for line in proc.stdout.splitlines() if line.startswith("grpo step ")]
    assert [line.split(" | ")[0] for line in lines] == [f"grpo step {i}/6" for i in range(1, 7)]
    assert "{'loss'" not in proc.stdout  # transformers' own log printer is off
    stage = runs / "tiny" / "grpo"
    live = [row["id"] for row in rundir.read_jsonl(stage / "alarms.jsonl")]
    assert "no_signal" in live and proc.stdout.count("ALARM [no_signal]") == 1

    proc = cli("report", str(runs))
    assert proc.returncode == 0, proc.stderr
    (loaded,) = report.load_runs([runs])
    assert [a.id for a in loaded.alarms] == live  # the report names what the console showed
    md = (stage / "report" / "report.md").read_text()
    assert "## Run: tiny/grpo" in md and "G=8" in md and "hardware: no GPU" in md and "status: finished" in md
    assert "the live run wrote" not in md
    for png in (stage / "report").glob("*.png"):
        assert_real_png(png)


def test_per_step_curves_and_the_weakest_step_kind(tmp_path):
    """A run with step metrics gets the per-step panels (one per operation) and names its weakest step kind."""
    rows = [
        {**row, "steps/per_completion": 2.0, "steps/correct_frac": 0.7 + row["step"] / 1000,
         "steps/wrong_working_frac": 0.4 - row["step"] / 1000, "steps/first_wrong_pos": 1.5,
         "steps/acc/add": 0.9 + row["step"] / 10_000, "steps/acc/sub": 0.6 + row["step"] / 1000}
        for row in healthy_run()
    ]  # fmt: skip
    stage = full_run(tmp_path, rows=rows)
    md_path, _ = report.write_report([stage], tmp_path / "out")
    for name in ("steps", "steps_first_wrong", "steps_per_completion", "steps_acc_add", "steps_acc_sub"):
        assert_real_png(tmp_path / "out" / f"{name}.png")
    md = md_path.read_text()
    assert "### Reasoning steps" in md
    assert "| sub | 0.603 | 0.798 |" in md  # the first and last five logs' means
    assert "Weakest step kind now: **sub** (79.8% of its claims hold)" in md
    # a run without step metrics says how to get them
    assert "no step metrics" in markdown(full_run(tmp_path / "plain"))


def test_verifier_failures_alarm_from_what_the_accuracy_reward_logs(cli, tmp_path):
    """The accuracy reward's own shares (a real 60 KB power tower past a 10 ms deadline in each batch of four) as the
    callback writes them into metrics.jsonl from step 120 on: `grpo report` names verifier_failures from then."""
    from grpo_cli.rewards import build_reward_funcs
    from grpo_cli.verify import shutdown

    funcs, _ = build_reward_funcs(recipes.load("tiny", ["reward_options.verify_timeout=0.01"]))
    logged: dict[str, float] = {}
    tower = "<answer>" + "2^" * 30_000 + "2</answer>"
    try:
        funcs[0]([tower, "<answer>4</answer>", "<answer>4</answer>", "<answer>5</answer>"], answer=["4"] * 4,
                 prompts=["Q"] * 4, completion_ids=[[1]] * 4, log_metric=logged.__setitem__)  # fmt: skip
    finally:
        shutdown()
    assert logged["verify/timeout_frac"] == 0.25
    stage = tmp_path / "tiny" / "grpo"
    stage.mkdir(parents=True)
    for row in healthy_run():
        rundir.append_jsonl(stage / "metrics.jsonl", {**row, **(logged if row["step"] >= 120 else {})})
    proc = cli("report", str(stage))
    assert proc.returncode == 0, proc.stderr
    # One 25% log lifts the mean of the last 5 logs to 5%, past the 2% threshold, at once.
    assert "alarms: verifier_failures (step 120)" in proc.stdout
    text = (stage / "report" / "report.md").read_text()
    assert "verifier_failures" in text and "5.0% rows out of time" in text


def test_a_long_line_is_drawn_as_its_envelope():
    """A million-row run's plots draw at most ~PLOT_POINTS points per line, keeping each bucket's extremes (so every
    spike shows), in step order; a short line is drawn whole."""
    import random

    rng = random.Random(5)
    steps = list(range(1, 100_001))
    values = [rng.gauss(0, 1) for _ in steps]
    values[31_337] = 50.0  # one spike
    xs, ys = plots._thin(steps, values)
    assert len(xs) <= plots.PLOT_POINTS and list(xs) == sorted(xs)
    assert max(ys) == 50.0 and min(ys) == min(values)
    assert all(values[x - 1] == y for x, y in zip(xs, ys, strict=True))
    short = plots._thin(steps[:100], values[:100])
    assert list(short[0]) == steps[:100] and list(short[1]) == values[:100]


# ------------------------------------------------------------------------------------------------------------
# issue 41: the faults that lived in the report


def test_a_second_report_into_a_folder_being_written_is_refused(cli, tmp_path):
    """Two `grpo report --out X` at once left report.md from one run and the plots from the other. A report holds
    X's lock while it writes (rundir.claim_output, as a stage's claim does): another process holds it here, as a
    first report does, and the second report is one line naming it, with X as the first left it."""
    import subprocess
    import sys

    a = write_metrics(tmp_path / "a" / "tiny" / "grpo", healthy_run())
    b = write_metrics(tmp_path / "b" / "tiny" / "grpo", PATTERNS["kl_blowup"]())
    out = tmp_path / "out"
    report.write_report([a], out)  # done: the lock is given back
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.name != rundir.LOCK}
    code = "import sys; from grpo_cli import rundir; rundir.claim_output(sys.argv[1], 'report', hint='-'); print('held', flush=True); sys.stdin.read()"
    holder = subprocess.Popen(
        [sys.executable, "-c", code, str(out)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline() == "held\n"
        proc = cli("report", str(b), "--out", str(out))
    finally:
        holder.communicate("")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"{out} is being written by another grpo process (pid {holder.pid}" in proc.stderr
    assert len([x for x in proc.stderr.splitlines() if x.strip()]) == 1
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.name != rundir.LOCK} == before
    proc = cli("report", str(b), "--out", str(out))  # once the first is done, the second goes through
    assert proc.returncode == 0, proc.stderr
    assert f"`{b}`" in (out / "report.md").read_text() and "`kl_blowup`" in (out / "report.md").read_text()


def test_an_alarm_id_that_is_not_a_name_is_skipped_with_a_warning(cli, tmp_path):
    """A number (or a list) as an alarm id in alarms.jsonl gave a traceback (sorting ints with names)."""
    run = write_metrics(tmp_path / "run" / "tiny" / "grpo", PATTERNS["truncation"](seed=1))
    for bad in (5, ["truncation"], None):
        rundir.append_jsonl(run / "alarms.jsonl", {"id": bad, "step": 3, "evidence": "e", "advice": "a"})
    rundir.append_jsonl(run / "alarms.jsonl", {"id": "no_signal", "step": 9, "evidence": "e", "advice": "a"})
    proc = cli("report", str(run))
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "alarms.jsonl: 3 row(s) whose id is not a name (first: row 1), skipped" in proc.stderr
    md = (run / "report" / "report.md").read_text()
    assert "the live run wrote ['no_signal'] to alarms.jsonl; the metrics give ['truncation']" in md


def _samples(path: Path, blocks: list[tuple[int, int, int]]) -> None:
    """samples.jsonl with, per (step, rows, bytes of completion), that many rows of that step."""
    with open(path, "w") as fh:
        for step, n, size in blocks:
            for k in range(n):
                row = {"step": step, "prompt": f"p{step}", "completion": f"<answer>{step}.{k}</answer>" + "x" * size}
                fh.write(json.dumps(row) + "\n")


def test_samples_are_read_by_offset_not_whole(tmp_path, monkeypatch):
    """`grpo report` loaded all of samples.jsonl to print six rows (2.6 GB for a 709 MB file). Now the start, the
    middle and the end are read by offset: on a 24 MB file it reads a few windows of it, and shows what it showed."""
    from grpo_cli.rundir import samples

    path = tmp_path / "samples.jsonl"
    _samples(path, [(step, 4, 30_000) for step in range(1, 201)])
    size = path.stat().st_size
    read = []

    class Counting:
        def __init__(self, fh):
            self.fh = fh

        def __getattr__(self, name):
            return getattr(self.fh, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def read(self, n=-1):
            data = self.fh.read(n)
            read.append(len(data))
            return data

        def readline(self, n=-1):
            data = self.fh.readline(n)
            read.append(len(data))
            return data

    monkeypatch.setattr(samples, "open", lambda p, mode: Counting(open(p, mode)), raising=False)  # noqa: SIM115
    picks = samples.sample_picks(path)
    assert {k: (s, [r["completion"][:14] for r in rows]) for k, (s, rows) in picks.items()} == {
        "start": (1, ["<answer>1.0</a", "<answer>1.1</a"]),
        "middle": (101, ["<answer>101.0<", "<answer>101.1<"]),
        "end": (200, ["<answer>200.0<", "<answer>200.1<"]),
    }
    assert size > 20e6 and sum(read) < size / 4, (sum(read), size)


@pytest.mark.parametrize("window", [64, 1 << 20])
def test_sample_picks_find_each_step_block_whole(tmp_path, monkeypatch, window):
    """The first rows of a step whose block reaches back past a window (the windows double), rows without a step
    passed over, a bad line in the middle named once (windows overlap), a torn last line silent."""
    from grpo_cli.rundir import samples

    monkeypatch.setattr(samples, "WINDOW", window)
    path = tmp_path / "samples.jsonl"
    _samples(path, [(1, 3, 10), (5, 1, 10), (9, 30, 10)])
    lines = path.read_text().splitlines(keepends=True)
    lines.insert(20, '{"note": "no step"}\n')
    lines.insert(25, "{torn in the middle\n")
    path.write_text("".join(lines) + '{"step": 9, "comp')
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        picks = samples.sample_picks(path)
    assert [(k, s, [r["completion"][:12] for r in rows]) for k, (s, rows) in picks.items()] == [
        ("start", 1, ["<answer>1.0<", "<answer>1.1<"]),
        ("middle", 9, ["<answer>9.0<", "<answer>9.1<"]),
        ("end", 9, ["<answer>9.0<", "<answer>9.1<"]),
    ]
    assert err.getvalue().count("not valid JSON") == 1 and "(skipped)" in err.getvalue()
    (tmp_path / "none.jsonl").write_text('{"note": 1}\n')
    assert samples.sample_picks(tmp_path / "none.jsonl") == {} and samples.sample_picks(tmp_path / "gone") == {}
