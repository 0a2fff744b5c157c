"""Fault injection, round three (issue 41): untrusted model folders and data.

Remote code stays off unless asked for, and then is named; a model's chat template is rendered under a deadline, an
output bound and a memory cap; every reader bounds what it reads (line length, a parquet file's decompressed size,
the columns it decompresses, a recipe's size, special files); a wrong-typed row is dropped and counted; no JSON
output holds NaN or Infinity, and numbers are written back as they were read; reward weights are bounded. Real
files, real FIFOs, real subprocesses; each test reproduces the fault the issue names.
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from conftest import REPO, run_cli
from grpo_cli import data, models, prompts, rundir
from grpo_cli.config import ModelConfig, PromptConfig, Recipe, build
from grpo_cli.errors import UserError
from test_faults import one_line_exit_2

grpo = run_cli


# --------------------------------------------------------------------------------------------------------
# remote code


def _prm_with_remote_code(folder: Path, marker: Path) -> Path:
    """A PRM folder whose config.json names its own Python (auto_map), which, if it ever runs, writes `marker`."""
    folder.mkdir()
    auto_map = {"AutoConfig": "configuration_evil.EvilConfig", "AutoModel": "modeling_evil.EvilModel"}
    (folder / "config.json").write_text(json.dumps({"model_type": "evil", "auto_map": auto_map}))
    code = f"open({str(marker)!r}, 'w').write('ran')\nraise ValueError('the evil code ran')\n"
    (folder / "configuration_evil.py").write_text(code)
    (folder / "modeling_evil.py").write_text(code)
    return folder


def test_a_prm_with_remote_code_is_refused_by_default_naming_what_would_run(tmp_path):
    folder = _prm_with_remote_code(tmp_path / "prm", tmp_path / "RAN")
    assert Recipe().prm.trust_remote_code is False
    from grpo_cli.stepwise.prm import PRMScorer

    recipe = build({"steps": {"scorer": "prm"}, "prm": {"model": str(folder)}, "rewards": {"steps": 1.0}})
    with pytest.raises(UserError) as err:
        PRMScorer.from_recipe(recipe)
    assert "configuration_evil.py" in str(err.value) and "modeling_evil.py" in str(err.value)
    assert "prm.trust_remote_code=true" in str(err.value)
    assert not (tmp_path / "RAN").exists()  # nothing of it ran


def test_turning_remote_code_on_names_what_runs_before_it_runs(tmp_path):
    folder = _prm_with_remote_code(tmp_path / "prm", tmp_path / "RAN")
    script = (
        "from grpo_cli.stepwise.prm import load_prm\n"
        f"load_prm({str(folder)!r}, trust_remote_code=True)\n"
    )  # fmt: skip
    env = {**os.environ, "HF_MODULES_CACHE": str(tmp_path / "modules"), "PYTHONPATH": str(REPO / "src")}
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300)
    warning = next(line for line in proc.stderr.splitlines() if "prm.trust_remote_code=true" in line)
    assert "configuration_evil.py" in warning and "modeling_evil.py" in warning
    assert (tmp_path / "RAN").read_text() == "ran"  # asked for: it ran, after being named


# --------------------------------------------------------------------------------------------------------
# chat templates


HOSTILE_TEMPLATES = {
    "nested loops": "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}x",
    "10 GB string": "{{ 'x' * 10000000000 }}",
    "a 5 MB prompt": "{{ 'x' * 5000000 }}",
    "an exception": "{{ raise_exception('no system role') }}",
}
HOSTILE_SAYS = {"nested loops": "within", "10 GB string": "memory", "a 5 MB prompt": "characters", "an exception": "no"}


@pytest.fixture
def tiny_tokenizer():
    return models.load_tokenizer("tiny", ModelConfig())


@pytest.mark.parametrize("kind", list(HOSTILE_TEMPLATES))
def test_a_hostile_chat_template_is_one_line_in_eval_and_training(tiny_tokenizer, monkeypatch, kind):
    from grpo_cli.stages import training

    monkeypatch.setattr(prompts, "TEMPLATE_DEADLINE_S", 3.0)  # the default (10 s) only makes the test longer
    tiny_tokenizer.chat_template = HOSTILE_TEMPLATES[kind]
    with pytest.raises(UserError) as err:  # what eval, filter and distill render with
        prompts.render_prompts(tiny_tokenizer, ["What is 2+2?", "q"], PromptConfig())
    assert "chat template" in str(err.value) and HOSTILE_SAYS[kind] in str(err.value)
    problems = data.toy_problems(Recipe().data.toy, "test")[:3]
    with pytest.raises(UserError):  # what sft and train render with
        training.prompt_dataset(problems, tiny_tokenizer, Recipe(), with_target=False)


def test_a_bounded_rendering_is_exactly_the_in_process_one(tiny_tokenizer):
    questions = [f"What is {i} + {i}?" for i in range(300)] + ["é ✓ \u0000 \ud800 tail"]
    cfg = PromptConfig()
    direct = [
        tiny_tokenizer.apply_chat_template(prompts.build_messages(q, cfg), tokenize=False, add_generation_prompt=True)
        for q in questions
    ]
    assert prompts.render_prompts(tiny_tokenizer, questions, cfg) == direct


def test_grpo_eval_with_a_looping_template_ends_in_one_line(tmp_path):
    model = Path(models.tiny_model_dir(ModelConfig()))
    hostile = tmp_path / "model"
    shutil.copytree(model, hostile)
    (hostile / "chat_template.jinja").write_text(HOSTILE_TEMPLATES["nested loops"])
    config = json.loads((hostile / "tokenizer_config.json").read_text())
    config.pop("chat_template", None)
    (hostile / "tokenizer_config.json").write_text(json.dumps(config))
    proc = grpo("eval", "--recipe", "tiny", "--ckpt", str(hostile), "--limit", "2", "--output", str(tmp_path / "e"))
    one_line_exit_2(proc, "chat template did not render prompt 1 within")


# --------------------------------------------------------------------------------------------------------
# readers


def _recipe() -> Recipe:
    return build({})  # load_problems(PATH) reads the file at PATH whatever the recipe's dataset


def test_a_fifo_as_dataset_is_refused_instead_of_blocking(tmp_path):
    fifo = tmp_path / "train.jsonl"
    os.mkfifo(fifo)  # no writer: opening it to read used to block forever
    code = f"from grpo_cli import data\nfrom grpo_cli.config import build\ndata.load_problems({str(fifo)!r}, 'train', build({{}}))"
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )  # fmt: skip
    assert proc.returncode != 0 and "is a FIFO, not a regular file" in proc.stderr


def test_a_dataset_line_over_the_bound_is_one_line(tmp_path):
    path = tmp_path / "train.jsonl"
    with path.open("w") as fh:
        fh.write(json.dumps({"question": "q", "answer": "1"}) + "\n")
        fh.write('{"question": "' + "x" * (9 << 20) + '", "answer": "2"}\n')
    with pytest.raises(UserError, match=r"line 2: longer than 8\.4 MB"):
        data.load_problems(str(path), "train", _recipe())


def _parquet(path: Path, columns: dict[str, list]) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table(columns), path, compression="zstd")
    return path


def test_a_parquet_file_is_refused_from_its_footer_before_it_expands(tmp_path, monkeypatch):
    monkeypatch.setattr(data, "MAX_DATA_BYTES", 2 << 20)  # the real bound is 1 GiB; the file would be as large
    bomb = _parquet(tmp_path / "train.parquet", {"question": ["x" * (1 << 20)] * 4, "answer": ["1"] * 4})
    assert bomb.stat().st_size < 20_000  # zstd: 4 MB of question in a few KB
    tracemalloc.start()
    with pytest.raises(UserError, match=r"question, answer expand to 4\.2 MB, more than 2\.1 MB"):
        data.load_problems(str(bomb), "train", _recipe())
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 1 << 20  # refused from the footer: no column was expanded into Python


def test_a_parquet_files_other_columns_are_never_decompressed(tmp_path, monkeypatch):
    monkeypatch.setattr(data, "MAX_DATA_BYTES", 2 << 20)
    junk = ["y" * (1 << 20)] * 4  # 4 MB in a column grpo does not read: over the bound, yet never expanded
    path = _parquet(tmp_path / "train.parquet", {"question": ["What is 1+1?"] * 4, "answer": ["2"] * 4, "junk": junk})
    problems, dropped = data.load_problems(str(path), "train", _recipe())
    assert len(problems) == 4 and dropped == 0 and "junk" not in problems[0].meta


def test_wrong_typed_rows_are_dropped_and_counted(tmp_path, capsys):
    rows = [
        {"question": "What is 1+1?", "answer": "2"},
        {"question": "What is 2+2?", "answer": {"a": 1}},  # became the reference "1"
        {"question": 5, "answer": "5"},  # became the prompt "5"
        {"question": "What is 3+3?", "answer": True},
        {"question": "What is 4+4?", "answer": 8},  # a number is a fine answer
        {"question": "What is 5+5?", "answer": "10", "level": [1]},
        {"question": "What is 6+6?", "answer": float("nan")},
    ]
    path = tmp_path / "train.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    problems, dropped = data.load_problems(str(path), "train", _recipe())
    assert [p.answer for p in problems] == ["2", "8"] and dropped == 5
    warning = capsys.readouterr().err
    assert "answer is dict (first at row 2)" in warning and "question is int (first at row 3)" in warning


def test_a_recipe_over_a_megabyte_is_one_line(tmp_path):
    recipe = tmp_path / "big.yaml"
    recipe.write_text("name: big\ndescription: " + "x" * (2 << 20) + "\n")
    one_line_exit_2(grpo("recipes", "show", str(recipe)), "larger than 1.0 MB")


def test_grpo_verify_skips_a_line_over_the_bound_and_scores_the_rest(tmp_path):
    rows = tmp_path / "rows.jsonl"
    with rows.open("w") as fh:
        fh.write(json.dumps({"completion": "<answer>4</answer>", "answer": "4"}) + "\n")
        fh.write('{"completion": "' + "9" * (9 << 20) + '", "answer": "4"}\n')
        fh.write(json.dumps({"completion": "<answer>5</answer>", "answer": "4"}) + "\n")
    proc = grpo("verify", str(rows), "--out", str(tmp_path / "out.jsonl"), "--json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert (summary["rows"], summary["correct"], summary["wrong"], summary["malformed"]) == (2, 1, 1, 1)
    assert "line 2: longer than" in proc.stderr


def test_grpo_verify_writes_numbers_as_read_and_never_nan(tmp_path):
    rows = tmp_path / "rows.jsonl"
    rows.write_text(
        '{"completion": "<answer>4</answer>", "answer": 4, "tiny": 1e-400, "huge": 1e400, "p": 0.10}\n'
        '{"completion": "<answer>4</answer>", "answer": "4", "score": NaN}\n'
        '{"completion": "<answer>4</answer>", "answer": "4", "score": -Infinity}\n'
    )
    out = tmp_path / "out.jsonl"
    proc = grpo("verify", str(rows), "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    text = out.read_text()
    assert "NaN" not in text and "Infinity" not in text
    (row,) = [json.loads(line, parse_constant=pytest.fail) for line in text.splitlines()]
    assert '"tiny": 1E-400' in text and '"huge": 1E+400' in text and '"p": 0.10' in text  # not 0.0, inf, 0.1
    assert row["correct"] is True
    assert "line 2: NaN is not a JSON number" in proc.stderr and "line 3: -Infinity" in proc.stderr


def test_summary_json_never_holds_nan(tmp_path):
    from grpo_cli import safeio

    safeio.atomic_write_json(tmp_path / "s.json", {"a": float("nan"), "b": [float("inf"), 1.5]})
    assert json.loads((tmp_path / "s.json").read_text(), parse_constant=pytest.fail) == {"a": None, "b": [None, 1.5]}


def test_resume_trim_streams_and_copies_kept_rows_byte_for_byte(tmp_path):
    path = tmp_path / "samples.jsonl"
    row = '{"step": %d, "completion": "' + "z" * 20_000 + '", "exact": 1e-400, "spaced":  1}\n'
    with path.open("w") as fh:
        for step in range(1, 1001):  # 20 MB
            fh.write(row % step)
        fh.write('{"step": 1001, "torn')  # a killed writer's last row
    gc.collect()  # what earlier tests left is not this trim's
    tracemalloc.start()
    rundir.truncate_jsonl(path, 300)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert path.read_text() == "".join(row % step for step in range(1, 301))  # as written, not re-dumped
    assert peak < 2 << 20  # a line at a time, not the 20 MB file (the old trim loaded and re-dumped all of it)
    before = path.stat()
    rundir.truncate_jsonl(path, 300)  # nothing to drop: the file is left alone
    assert path.stat().st_ino == before.st_ino


def test_reward_weights_are_bounded():
    one_line_exit_2(grpo("recipes", "show", "tiny", "--set", "rewards.accuracy=1e308"), "rewards.accuracy", "1000")
    proc = grpo("recipes", "show", "tiny", "--set", "rewards.accuracy=1000")
    assert proc.returncode == 0, proc.stderr
