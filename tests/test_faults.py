"""Fault injection: each fault of docs/reliability.md, reproduced with real processes and real files.

Every test injects one fault (a destructive flag on the wrong folder, a second writer, kill -9 in the middle of a
save, a full disk, a corrupt checkpoint, hostile input) and asserts two things: what the command does (one line and
exit 2, a warning, a takeover) and that nothing that existed before was lost. FAULTS counts the cases for the docs.
"""

from __future__ import annotations

import errno
import json
import os
import random
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import HANG_S, run_cli, wait_until
from grpo_cli import rundir, safeio
from grpo_cli.errors import UserError

grpo = run_cli


def one_line_exit_2(proc: subprocess.CompletedProcess, *needles: str) -> str:
    """The command refused with exactly one `error:` line (containing every needle), exit 2, no traceback."""
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-2000:])
    lines = [line for line in proc.stderr.splitlines() if line.startswith("error:")]
    assert len(lines) == 1, proc.stderr[-2000:]
    for needle in needles:
        assert needle in lines[0], lines[0]
    assert "Traceback" not in proc.stderr
    return lines[0]


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` with its bytes: equal snapshots before and after a fault = nothing lost."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def fake_model(folder: Path) -> Path:
    """A model folder as transformers writes it (the commands refuse before loading it)."""
    folder.mkdir(parents=True)
    (folder / "config.json").write_text(json.dumps({"model_type": "qwen2", "max_position_embeddings": 512}))
    (folder / "model.safetensors").write_bytes(b"weights")
    return folder


def checkpoint(stage: Path, step: int) -> Path:
    """A whole checkpoint: real safetensors weights, trainer_state.json (written last) naming its step."""
    path = stage / f"checkpoint-{step}"
    path.mkdir(parents=True)
    header = json.dumps({"w": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}).encode()
    (path / "model.safetensors").write_bytes(len(header).to_bytes(8, "little") + header + bytes(8))
    (path / "trainer_state.json").write_text(json.dumps({"global_step": step}))
    return path


def training_stage(root: Path, steps: list[int], logged: int) -> Path:
    """An interrupted sft stage folder with checkpoints at `steps` and metrics logged up to step `logged`."""
    stage = root / "tiny" / "sft"
    stage.mkdir(parents=True)
    rundir.manifest.write_new(stage, "sft", rundir.now())  # what made it grpo's (only the marker does)
    rundir.write_run_info(stage, stage="sft", status="interrupted")
    for step in steps:
        checkpoint(stage, step)
        rundir.manifest.record(stage, f"checkpoint-{step}")  # as the stage's callback lists a saved checkpoint
    for step in range(1, logged + 1):
        rundir.append_jsonl(stage / "metrics.jsonl", {"step": step, "loss": 1 / step})
    return stage


# --------------------------------------------------------------------------------------------------------
# 1. a command only deletes what it made


def test_eval_overwrite_refuses_a_folder_of_unrelated_files(tmp_path):
    model = fake_model(tmp_path / "model")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.tex").write_text("years of work")
    before = snapshot(mine)
    for extra in ([], ["--overwrite"]):
        proc = grpo("eval", "--ckpt", str(model), "--dataset", "toy", "--output", str(mine), *extra)
        line = one_line_exit_2(proc, str(mine), "files grpo did not write")
        assert "--overwrite" not in line  # the refusal never steers to the destructive flag
    assert snapshot(mine) == before


def test_eval_never_deletes_the_model_it_reads(tmp_path):
    model = fake_model(tmp_path / "model")
    before = snapshot(model)
    proc = grpo("eval", "--ckpt", str(model), "--dataset", "toy", "--output", str(model), "--overwrite")
    one_line_exit_2(proc, str(model))
    # A stage folder whose final/ is the model under evaluation is refused too (it is not an eval folder).
    stage = tmp_path / "runs" / "tiny" / "sft"
    rundir.prepare(stage)
    fake_model(stage / "final")
    proc = grpo("eval", "--ckpt", str(stage / "final"), "--dataset", "toy", "--output", str(stage), "--overwrite")
    one_line_exit_2(proc, "holds an sft stage")
    assert snapshot(model) == before and (stage / "final" / "model.safetensors").is_file()


def test_overwrite_deletes_only_the_stage_files(tmp_path, capsys):
    stage = training_stage(tmp_path, [2, 4], 4)
    (stage / "my-notes.txt").write_text("keep me")
    rundir.prepare(stage, overwrite=True)
    assert sorted(p.name for p in stage.iterdir()) == sorted([rundir.LOCK, rundir.MARKER, "my-notes.txt"])
    assert "kept my-notes.txt" in capsys.readouterr().err


def test_verify_out_equal_to_input_is_refused(tmp_path):
    rows = tmp_path / "rows.jsonl"
    rows.write_text('{"completion": "<answer>4</answer>", "answer": "4"}\n')
    before = rows.read_bytes()
    one_line_exit_2(grpo("verify", str(rows), "--out", str(rows)), "is the input file")
    assert rows.read_bytes() == before


# --------------------------------------------------------------------------------------------------------
# 2. names that become paths


@pytest.mark.parametrize("name", ["../..", "/tmp/elsewhere", "a/b", ".hidden", "x" * 101])
def test_recipe_name_cannot_leave_the_run_dir(tmp_path, name):
    recipe = tmp_path / "shared.yaml"
    recipe.write_text(json.dumps({"name": name, "model": {"name": "tiny"}, "data": {"dataset": "toy"}}))
    run_dir = tmp_path / "deep" / "runs"
    run_dir.mkdir(parents=True)
    (tmp_path / "deep" / "precious.txt").write_text("keep")
    before = snapshot(tmp_path)
    one_line_exit_2(grpo("run", "--recipe", str(recipe), "--run-dir", str(run_dir), "--overwrite"), "recipe name")
    one_line_exit_2(
        grpo("sft", "--recipe", "tiny", "--set", f"name={name}", "--run-dir", str(run_dir), "--overwrite"),
        "recipe name",
    )
    assert snapshot(tmp_path) == before


# --------------------------------------------------------------------------------------------------------
# 3. one writer per stage folder

_HOLDER = """
import sys
from grpo_cli import rundir
try:
    rundir.prepare(sys.argv[1])
except Exception as err:
    print("refused", err, flush=True)
    sys.exit(0)
print("held", flush=True)
sys.stdin.read()  # hold the folder until the test closes our stdin (or kills us)
"""


def hold(folder: Path) -> subprocess.Popen:
    """A real process that prepared `folder` the way `grpo sft` does and keeps running."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(folder)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout.readline().strip() == "held"
    return proc


@pytest.mark.slow
def test_a_running_stage_refuses_a_second_run_and_its_overwrite(tmp_path):
    stage = tmp_path / "tiny" / "sft"
    holder = hold(stage)
    (stage / "metrics.jsonl").write_text('{"step": 1}\n')
    before = snapshot(stage)
    try:
        for flag in ([], ["--overwrite"], ["--resume"]):
            proc = grpo("sft", "--recipe", "tiny", "--run-dir", str(tmp_path), *flag)
            one_line_exit_2(proc, f"pid {holder.pid}", os.uname().nodename)
        assert snapshot(stage) == before
    finally:
        holder.stdin.close()
        holder.wait(timeout=HANG_S)


def test_a_lock_left_by_a_killed_process_is_taken_over(tmp_path):
    stage = tmp_path / "tiny" / "sft"
    holder = hold(stage)
    holder.kill()  # kill -9: no cleanup ran, the lock file still names it
    holder.wait()
    assert json.loads((stage / rundir.LOCK).read_text())["pid"] == holder.pid
    taker = hold(stage)
    try:
        assert json.loads((stage / rundir.LOCK).read_text())["pid"] == taker.pid
    finally:
        taker.stdin.close()
        taker.wait(timeout=HANG_S)
    # A clean exit marks the lock released: the next writer takes it without a note.
    assert "released" in json.loads((stage / rundir.LOCK).read_text())


def test_concurrent_starts_exactly_one_wins(tmp_path):
    stage = tmp_path / "tiny" / "grpo"
    go = tmp_path / "go"
    script = (
        "import os, sys, time\n"
        # a start line for all of them at once (bounded: a child whose test died gives up)
        f"deadline = time.monotonic() + {HANG_S}\n"
        f"while not os.path.exists({str(go)!r}) and time.monotonic() < deadline: time.sleep(0.001)\n" + _HOLDER
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(stage)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        for _ in range(6)
    ]
    go.write_text("")
    answers = [p.stdout.readline().split()[0] for p in procs]
    for p in procs:
        p.stdin.close()
        p.wait(timeout=HANG_S)
    assert sorted(answers) == ["held"] + ["refused"] * 5


def test_report_warns_about_duplicated_and_out_of_order_steps(tmp_path):
    stage = tmp_path / "tiny" / "grpo"
    stage.mkdir(parents=True)
    for step in (1, 2, 3, 2, 3, 4):  # two writers, or a resume that kept rows past its checkpoint
        rundir.append_jsonl(stage / "metrics.jsonl", {"step": step, "reward": 0.5, "completions/mean_length": 10})
    proc = grpo("report", str(stage), "--out", str(tmp_path / "report"))
    assert proc.returncode == 0, proc.stderr
    assert "2 step(s) logged more than once (2, 3)" in proc.stderr
    assert "steps go backwards 1 time(s) (first: 3 then 2)" in proc.stderr
    assert "logged more than once" in (tmp_path / "report" / "report.md").read_text()


# --------------------------------------------------------------------------------------------------------
# 4. resume survives a corrupt checkpoint


@pytest.mark.parametrize(
    "damage",
    [
        lambda c: (c / "trainer_state.json").write_text('{"global_step": 4, "log_hist'),  # killed mid-write
        lambda c: (c / "model.safetensors").write_bytes((c / "model.safetensors").read_bytes()[:40]),  # truncated
        lambda c: (c / "optimizer.pt").write_bytes(b"PK\x03\x04 half a zip"),
        lambda c: (c / "model.safetensors").unlink(),
    ],
    ids=["torn-trainer-state", "truncated-weights", "torn-optimizer", "no-weights"],
)
def test_resume_skips_a_damaged_latest_checkpoint(tmp_path, capsys, damage):
    stage = training_stage(tmp_path, [2, 4], 5)
    damage(stage / "checkpoint-4")
    assert rundir.prepare(stage, resume=True) == stage / "checkpoint-2"
    err = capsys.readouterr().err
    assert "checkpoint-4 is damaged" in err and "continuing from checkpoint-2" in err
    assert [r["step"] for r in rundir.read_jsonl(stage / "metrics.jsonl")] == [1, 2]  # trimmed to match
    assert (stage / "corrupt-checkpoint-4").is_dir()  # set aside, not deleted


@pytest.mark.slow
def test_resume_with_every_checkpoint_damaged_is_one_line(tmp_path):
    stage = training_stage(tmp_path, [2], 3)
    (stage / "checkpoint-2" / "trainer_state.json").write_text("{")
    before = (stage / "metrics.jsonl").read_bytes()
    proc = grpo("sft", "--recipe", "tiny", "--run-dir", str(tmp_path), "--resume")
    one_line_exit_2(proc, "every checkpoint", "damaged", "--overwrite")
    assert (stage / "metrics.jsonl").read_bytes() == before  # nothing trimmed when nothing resumes


# --------------------------------------------------------------------------------------------------------
# kill -9 at random points of a save, disk full

_WRITER = """
import sys, time
from grpo_cli import safeio
path, size, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
print("ready", flush=True)
i = 0
deadline = time.monotonic() + 300  # the test kills it long before; a writer whose test died stops
while time.monotonic() < deadline:
    i += 1
    if mode == "replace":
        safeio.atomic_write_text(path, "ab"[i % 2] * size)
    else:
        safeio.append_line(path, '{"step": %d, "pad": "%s"}' % (i, "x" * size))
"""

KILLS = 12  # random kill points per writer


@pytest.mark.parametrize("mode", ["replace", "append"])
def test_kill_9_at_random_points_of_a_save_never_leaves_half_a_file(tmp_path, mode):
    path = tmp_path / ("summary.json" if mode == "replace" else "metrics.jsonl")
    size = 2_000_000 if mode == "replace" else 20_000
    if mode == "replace":
        path.write_text("a" * size)
    rng = random.Random(13)
    rows = 0
    for _ in range(KILLS):
        proc = subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(path), str(size), mode], stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout.readline().strip() == "ready"
        # A random point in the write loop, not a threshold. Appends: a shorter window, as the file is read back whole
        # each round (0.3 s of 20 kB rows added ~140 MB a round here); 30 ms still spans hundreds of rows.
        time.sleep(rng.uniform(0, 0.3 if mode == "replace" else 0.03))
        proc.kill()
        proc.wait()
        if mode == "replace":
            assert path.read_text() in ("a" * size, "b" * size)
        else:
            # Strict on every complete line; only the row being written when the kill came may be torn, at the end
            # (the next append cuts it off, see test_torn_last_row_is_cut_before_the_next_append).
            parsed = safeio.read_jsonl_rows(path, skip_torn_last=True)
            assert len(parsed) >= rows
            rows = len(parsed)
    # The killed writer's temporary files are hidden, and a stage's --overwrite removes them (rundir.clear).
    assert all(p.name.startswith(".") or p == path for p in tmp_path.iterdir())


def _limited(size: int):
    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write then fails with EFBIG instead of killing us
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


def test_disk_full_while_verify_writes_keeps_the_previous_output(tmp_path):
    rows = tmp_path / "rows.jsonl"
    rows.write_text(
        "".join(json.dumps({"completion": f"<answer>{i}</answer>", "answer": "4"}) + "\n" for i in range(200))
    )
    out = tmp_path / "scored.jsonl"
    out.write_text("the previous scores\n")
    proc = subprocess.run(
        [sys.executable, "-m", "grpo_cli", "verify", str(rows), "--out", str(out)],
        capture_output=True, text=True, preexec_fn=_limited(4096),
    )  # fmt: skip
    one_line_exit_2(proc, str(out))
    assert out.read_text() == "the previous scores\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rows.jsonl", "scored.jsonl"]  # no temporary left


@pytest.mark.parametrize("where", ["mkstemp", "fsync", "replace"])
def test_disk_full_in_an_atomic_write_keeps_the_old_file(tmp_path, monkeypatch, where):
    target = tmp_path / "run.json"
    target.write_text('{"status": "running"}')

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    if where == "mkstemp":
        monkeypatch.setattr(safeio.tempfile, "mkstemp", full)
    else:
        monkeypatch.setattr(safeio.os, where, full)
    with pytest.raises(UserError, match="the disk is full"):
        rundir.write_run_info(tmp_path, status="finished")
    monkeypatch.undo()
    assert json.loads(target.read_text()) == {"status": "running"}
    assert [p.name for p in tmp_path.iterdir()] == ["run.json"]


def test_disk_full_in_an_append_leaves_no_half_row(tmp_path, monkeypatch):
    path = tmp_path / "metrics.jsonl"
    rundir.append_jsonl(path, {"step": 1})
    real_write = os.write
    monkeypatch.setattr(safeio.os, "write", lambda fd, data: real_write(fd, data[:7]))  # a short write: disk full
    with pytest.raises(UserError, match="the disk is full"):
        rundir.append_jsonl(path, {"step": 2, "loss": 0.5})
    monkeypatch.undo()
    assert path.read_text() == '{"step": 1}\n'


def test_torn_last_row_is_cut_before_the_next_append(tmp_path):
    path = tmp_path / "metrics.jsonl"
    path.write_text('{"step": 1}\n{"step": 2, "lo')  # killed mid-row
    rundir.append_jsonl(path, {"step": 3})
    assert path.read_text() == '{"step": 1}\n{"step": 3}\n'
    path.write_text('{"step": 1, "lo')  # a torn first row
    rundir.append_jsonl(path, {"step": 2})
    assert path.read_text() == '{"step": 2}\n'


# --------------------------------------------------------------------------------------------------------
# 6. worker processes end with their parent

# The parent starts with SIGINT and SIGTERM at their defaults, as it would from a terminal. An ignored signal stays
# ignored across exec, and a shell without job control starts `cmd &` with SIGINT ignored (Python then installs no
# KeyboardInterrupt handler): pytest started so made the [2] case wait out the 600 s job, as in two full CI runs, its
# workers rightly staying with a live parent. An ignored SIGTERM would do the same to [15] (exit_cleanly_on_sigterm
# leaves a non-default SIGTERM alone).
_POOL_USER = """
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGTERM, signal.SIG_DFL)
from grpo_cli import cli
from grpo_cli.verify import bounded
cli.exit_cleanly_on_sigterm()
print("start", flush=True)
bounded.pool().run([("sleep", (600,)), ("sleep", (600,))], timeout=1000)
"""


def _workers_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                cmd = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"grpo_cli.verify.worker" in cmd:
                found.append(int(entry.name))
    return found


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # A zombie (exited, not yet reaped by init) counts as gone.
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_verify_workers_end_with_their_parent(sig):
    parent = subprocess.Popen([sys.executable, "-c", _POOL_USER], stdout=subprocess.PIPE, text=True)
    assert parent.stdout.readline().strip() == "start"
    workers: list[int] = []
    wait_until(lambda: len(_workers_of(parent.pid)) >= 2, "both workers started")  # and busy with a 600 s job
    workers = _workers_of(parent.pid)
    parent.send_signal(sig)
    parent.wait(timeout=HANG_S)
    wait_until(lambda: all(_gone(w) for w in workers), "the workers ended with their parent")


def test_a_worker_whose_parent_died_while_it_started_exits_at_once():
    """A parent killed while its worker's interpreter is still starting: reading getppid then would give the new
    parent (init), and the worker would run its next job with no deadline. The pool passes its pid; a worker told a
    parent that is not its parent exits though its stdin stays open. (This race did not explain the 600 s the test
    above took in full CI runs: that parent had inherited an ignored SIGINT, see _POOL_USER.)"""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    worker = subprocess.Popen(
        [sys.executable, "-m", "grpo_cli.verify.worker", "--parent", str(gone.pid)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert worker.wait(timeout=HANG_S) == 0  # stdin is never closed: only the parent check can end it
    worker.stdin.close()


def test_verify_timeout_must_be_finite_and_positive(tmp_path):
    rows = tmp_path / "rows.jsonl"
    rows.write_text('{"completion": "4", "answer": "4"}\n')
    for bad in ("nan", "inf", "-1", "0", "1e9"):
        one_line_exit_2(grpo("verify", str(rows), "--timeout", bad), "--timeout")


# --------------------------------------------------------------------------------------------------------
# 5, 7. unreadable and hostile input


def test_invalid_utf8_in_a_recipe_names_file_and_line(tmp_path):
    recipe = tmp_path / "r.yaml"
    recipe.write_bytes(b"name: r\nmodel:\n  name: tiny\ndescription: caf\xe9\n")
    one_line_exit_2(grpo("train", "--recipe", str(recipe), "--dry-run"), f"{recipe} line 4", "UTF-8")


def test_duplicate_yaml_keys_are_an_error(tmp_path):
    recipe = tmp_path / "r.yaml"
    recipe.write_text("name: r\ngrpo:\n  beta: 0.04\nsft:\n  max_steps: 3\ngrpo:\n  num_generations: 8\n")
    one_line_exit_2(grpo("train", "--recipe", str(recipe), "--dry-run"), "line 6", "'grpo' appears twice")


def test_deep_yaml_nesting_is_refused(tmp_path):
    recipe = tmp_path / "r.yaml"
    recipe.write_text("name: r\ndescription: " + "[" * 50_000 + "]" * 50_000 + "\n")
    one_line_exit_2(grpo("train", "--recipe", str(recipe), "--dry-run"), "nested deeper than")


@pytest.mark.parametrize(
    "content, needle",
    [
        (b'{"question": "q", "answer": "#### 4"}\n\xff\xfe\n', "line 2: not valid UTF-8"),
        (b'{"question": "q", "answer": "#### 4"}\n[1, 2]\n', "line 2: expected a JSON object"),
        (b'{"question": "q", "answer": "#### 4"}\n' + b"[" * 100_000 + b"]" * 100_000 + b"\n", "nested deeper"),
        (b'{"question": "q", "answer": "#### 4"}\n{"question": \n', "line 2: not valid JSON"),
    ],
    ids=["utf8", "not-an-object", "deep", "torn"],
)
def test_unreadable_dataset_is_one_line_with_file_and_line(tmp_path, content, needle):
    data = tmp_path / "test.jsonl"
    data.write_bytes(content)
    model = fake_model(tmp_path / "model")
    one_line_exit_2(grpo("eval", "--ckpt", str(model), "--dataset", str(data)), str(data), needle)


def test_invalid_utf8_in_metrics_is_one_line(tmp_path):
    stage = tmp_path / "tiny" / "grpo"
    stage.mkdir(parents=True)
    (stage / "metrics.jsonl").write_bytes(b'{"step": 1, "reward": 0.5}\n{"step": 2, "note": "\xff"}\n')
    one_line_exit_2(grpo("report", str(stage)), "line 2", "UTF-8")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_read_only_run_folder_is_one_line(tmp_path):
    runs = tmp_path / "runs"
    runs.mkdir()
    runs.chmod(0o555)
    try:
        one_line_exit_2(grpo("sft", "--recipe", "tiny", "--run-dir", str(runs)), "permission denied")
    finally:
        runs.chmod(0o755)


def test_read_only_folder_is_one_line_even_for_root(tmp_path, monkeypatch):
    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(Path, "mkdir", read_only)
    with pytest.raises(UserError, match="read-only"):
        rundir.prepare(tmp_path / "tiny" / "sft")


# --------------------------------------------------------------------------------------------------------
# kill -9 of a real training run at a random point (often inside a checkpoint save), then --resume

TRAIN_SETS = [
    "data.toy.num_train=64",
    "sft.max_steps=12",
    "sft.per_device_batch_size=4",
    "sft.logging_steps=1",
    "sft.save_steps=1",
]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_kill_9_during_training_then_resume_loses_nothing(tmp_path, seed):
    args = ["sft", "--recipe", "tiny", *(a for s in TRAIN_SETS for a in ("--set", s)), "--run-dir", str(tmp_path)]
    stage = tmp_path / "tiny" / "sft"
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "grpo_cli", *args], env=env, stderr=subprocess.DEVNULL)
    # A random point tied to progress, not to the clock (a fast machine would finish first): after a random
    # checkpoint k, a random fraction of the next step or save.
    rng = random.Random(seed)
    k = rng.randint(2, 6)

    def saved() -> bool:  # saves every step
        assert proc.poll() is None, "the run ended before it could be killed"
        return (stage / f"checkpoint-{k}" / "trainer_state.json").is_file()

    wait_until(saved, f"checkpoint-{k}", poll=0.01)
    time.sleep(rng.uniform(0, 0.2))
    proc.kill()
    assert proc.wait() == -signal.SIGKILL, "the run finished before the kill: raise sft.max_steps"
    resumed = grpo(*args, "--resume", env={"OMP_NUM_THREADS": "1"})
    assert resumed.returncode == 0, resumed.stderr[-3000:]
    assert "is no longer running" in resumed.stderr  # the dead run's lock was taken over
    steps = [r["step"] for r in rundir.read_jsonl(stage / "metrics.jsonl")]
    assert steps == list(range(1, 13))  # every step once, in order: nothing lost, nothing doubled
    assert json.loads((stage / "run.json").read_text())["status"] == "finished"
    assert rundir.has_final(stage)


# --------------------------------------------------------------------------------------------------------
# 5. every number finite and in range; generation lengths against the model's context


@pytest.mark.parametrize(
    "override, needle",
    [
        ("grpo.learning_rate=.inf", "grpo.learning_rate=inf: must be a finite number"),
        ("sft.learning_rate=.nan", "sft.learning_rate=nan: must be a finite number"),
        ("rewards.accuracy=.nan", "rewards.accuracy=nan: must be a finite number"),
        ("grpo.temperature=.inf", "grpo.temperature=inf"),
        ("reward_options.verify_timeout=.nan", "verify_timeout=nan"),
        ("reward_options.verify_timeout=0", "verify_timeout=0.0: must be > 0"),
        ("reward_options.verify_timeout=1e9", "at most 3600 seconds"),
        ("sft.logging_steps=0", "sft.logging_steps=0: must be >= 1"),
        ("grpo.logging_steps=-3", "grpo.logging_steps=-3: must be >= 1"),
        ("grpo.save_steps=0", "grpo.save_steps=0"),
        ("grpo.max_completion_length=100000000", "grpo.max_completion_length=100000000: more than"),
        ("eval.n=100000", "eval.n=100000: at most 1024"),
        ("eval.max_tokens=100000000", "eval.max_tokens=100000000"),
        ("model.lora_dropout=1.5", "model.lora_dropout=1.5"),
        ("launch.main_process_port=0", "not a TCP port"),
        ("name=/some/path", "recipe name '/some/path'"),
    ],
)
def test_numbers_out_of_range_are_one_line(override, needle):
    one_line_exit_2(grpo("train", "--recipe", "tiny", "--set", override, "--dry-run"), needle)


@pytest.mark.parametrize(
    "args, needle",
    [
        (["estimate", "--recipe", "tiny", "--len", "nan"], "--len nan: must be a finite number"),
        (["estimate", "--recipe", "tiny", "--epochs", "inf"], "--epochs inf: must be a finite number"),
        (["estimate", "--recipe", "tiny", "--mfu", "nan"], "--mfu nan"),
        (["estimate", "--recipe", "tiny", "--price", "inf"], "--price inf"),
        (["eval", "--recipe", "tiny", "--n", "5000"], "--n 5000: at most 1024"),
        (["eval", "--recipe", "tiny", "--max-tokens", "100000000"], "--max-tokens 100000000: more than 131072"),
        (["eval", "--recipe", "tiny", "--temperature", "nan"], "--temperature nan: must be a finite number"),
    ],
    ids=["len-nan", "epochs-inf", "mfu-nan", "price-inf", "n-huge", "max-tokens-huge", "temperature-nan"],
)
def test_flags_out_of_range_are_one_line(args, needle, tmp_path):
    one_line_exit_2(grpo(*args, *(["--output", str(tmp_path / "e")] if args[0] == "eval" else [])), needle)
    assert not (tmp_path / "e").exists()  # refused before anything was written


@pytest.mark.slow
def test_generation_length_is_checked_against_the_context_before_allocation(tmp_path):
    # The tiny model's context is 512 tokens; 100 million new tokens used to take the machine's memory. An eval caps
    # the length to what fits (and says so); the summary records the length used.
    proc = grpo(
        "eval", "--recipe", "tiny", "--stage", "base", "--limit", "1", "--set", "eval.max_tokens=4000",
        "--output", str(tmp_path / "e"), "--json",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "note: eval.max_tokens=4000 capped to" in proc.stderr and "512-token context" in proc.stderr
    used = json.loads(proc.stdout)["settings"]["max_tokens"]
    assert (
        0 < used < 512 and json.loads((tmp_path / "e" / "summary.json").read_text())["settings"]["max_tokens"] == used
    )
    # Training is never silently changed: a completion length that cannot fit is refused before the model loads.
    proc = grpo(
        "train", "--recipe", "tiny", "--set", "grpo.max_completion_length=4000", "--set", "grpo.init=base",
        "--run-dir", str(tmp_path / "runs"),
    )  # fmt: skip
    one_line_exit_2(proc, "grpo.max_completion_length=4000", "model's context of 512 tokens", "at most")
    long_question = tmp_path / "long.jsonl"
    long_question.write_text(json.dumps({"question": "why? " * 200, "answer": "#### 4"}) + "\n")
    proc = grpo(
        "eval", "--recipe", "tiny", "--stage", "base", "--dataset", str(long_question),
        "--output", str(tmp_path / "f"),
    )  # fmt: skip
    one_line_exit_2(proc, "longest prompt", "more than the model's context of 512")


_STAGE_CHILD = """
import signal, sys, time
def stop(signum, frame):
    open(sys.argv[1], "w").write("checkpoint saved")  # what a training stage does on SIGTERM
    sys.exit(143)
signal.signal(signal.SIGTERM, stop)
print("child ready", flush=True)
time.sleep(600)
"""

_STAGE_PARENT = """
import subprocess, sys
from grpo_cli import cli, launch
cli.exit_cleanly_on_sigterm()
child = subprocess.Popen([sys.executable, "-c", sys.argv[1], sys.argv[2]])
launch.wait_child(child)
"""


def test_sigterm_to_a_parent_stops_its_stage_child_cleanly(tmp_path):
    """`grpo run` (and the accelerate relaunch) wait on a stage child: a SIGTERM to the parent reaches the child as
    SIGTERM (it saves and exits) instead of orphaning it or killing it mid-save."""
    saved = tmp_path / "saved"
    parent = subprocess.Popen(
        [sys.executable, "-c", _STAGE_PARENT, _STAGE_CHILD, str(saved)], stdout=subprocess.PIPE, text=True
    )
    assert parent.stdout.readline().strip() == "child ready"
    parent.send_signal(signal.SIGTERM)
    assert parent.wait(timeout=HANG_S) == 143
    assert saved.read_text() == "checkpoint saved"
