"""Rewards of the user's own beside the built-in ones: `module:function` or `./file.py:function` in `rewards:`, with
TRL's reward signature and a weight (docs/training.md, "A reward of your own")."""

from __future__ import annotations

import json
import textwrap

import pytest

from conftest import run_cli, sets
from grpo_cli import rundir
from grpo_cli.config import build
from grpo_cli.errors import UserError
from grpo_cli.rewards import build_reward_funcs, check_custom

# The example of docs/training.md, word for word (test_the_docs_example_is_this_file checks it).
BREVITY = '''\
def brevity(completions, completion_ids, **kwargs):
    """1 for a completion of at most 8 tokens, falling to 0 at 40."""
    return [min(1.0, max(0.0, (40 - len(ids)) / 32)) for ids in completion_ids]
'''


@pytest.fixture
def reward_file(tmp_path, monkeypatch):
    """./my_reward.py in a fresh current folder."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my_reward.py").write_text(BREVITY)
    return tmp_path / "my_reward.py"


def recipe_with(name: str, **extra):
    return build({"rewards": {"accuracy": 1.0, name: 0.5}, **extra})


def test_a_file_reward_is_called_with_trls_signature_and_logs_under_its_name(reward_file):
    funcs, weights = build_reward_funcs(recipe_with("./my_reward.py:brevity"))
    assert [f.__name__ for f in funcs] == ["accuracy", "brevity"] and weights == [1.0, 0.5]
    out = funcs[1](["a", "b"], completion_ids=[[1] * 8, [1] * 40], prompts=["p", "p"], answer=["1", "2"])
    assert out == [1.0, 0.0]


def test_a_module_reward(tmp_path, monkeypatch):
    package = tmp_path / "mypkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "scores.py").write_text("def half(completions, **kwargs):\n    return [0.5] * len(completions)\n")
    (tmp_path / "flat.py").write_text("def none(completions, **kwargs):\n    return [None] * len(completions)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    funcs, _ = build_reward_funcs(build({"rewards": {"mypkg.scores:half": 1.0, "flat:none": 0.1}}))
    assert funcs[0](["x", "y"]) == [0.5, 0.5] and funcs[1](["x"]) == [None]
    assert [f.__name__ for f in funcs] == ["half", "none"]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        (
            "def brevity(completions, **kw):\n    return 1 / 0\n",
            "reward ./my_reward.py:brevity failed: ZeroDivisionError",
        ),
        ("def brevity(completions, **kw):\n    return [1.0]\n", "returned 1 values for 2 completions"),
        ("def brevity(completions, **kw):\n    return ['x', 1]\n", "returned 'x' for completion 0"),
        ("def brevity(completions, **kw):\n    return 3\n", "returned 3 for 2 completions"),
    ],
)
def test_a_failing_reward_is_one_line_naming_it(tmp_path, monkeypatch, body, needle):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my_reward.py").write_text(body)
    (fn,), _ = build_reward_funcs(build({"rewards": {"./my_reward.py:brevity": 1.0}}))
    with pytest.raises(UserError) as err:
        fn(["a", "b"])
    assert needle in str(err.value) and "\n" not in str(err.value)
    if "ZeroDivision" in needle:
        assert "(my_reward.py line 2)" in str(err.value)  # where in the user's file


@pytest.mark.parametrize(
    ("name", "body", "needle"),
    [
        ("./missing.py:f", None, "no file ./missing.py"),
        ("./my_reward.py:other", BREVITY, "defines no function other (its functions: brevity)"),
        ("./my_reward.py:f", "def f(:\n", "my_reward.py line 1"),
        ("no_such_module_here:f", None, "no module no_such_module_here on the Python path"),
        ("./my_reward.py:f", "raise SystemExit('never run at check time')\ndef f(c, **k):\n    return c\n", None),
    ],
)
def test_check_reads_the_file_without_running_it(tmp_path, monkeypatch, name, body, needle):
    monkeypatch.chdir(tmp_path)
    if body is not None:
        (tmp_path / "my_reward.py").write_text(body)
    recipe = build({"rewards": {name: 1.0}})
    if needle is None:
        check_custom(recipe)  # the module-level SystemExit never ran
        return
    with pytest.raises(UserError, match=needle.replace("(", r"\(").replace(")", r"\)")):
        check_custom(recipe)


@pytest.mark.parametrize(
    ("rewards", "needle"),
    [
        ({"acuracy": 1.0}, "unknown reward 'acuracy' (did you mean: accuracy?)"),
        ({"./r.py:accuracy": 1.0, "accuracy": 1.0}, "would both log as rewards/accuracy/mean"),
        ({"a-b:f": 1.0}, "is neither a module name nor a .py file"),
        ({"./r.py:": 1.0}, "is not module:function or ./file.py:function"),
    ],
)
def test_custom_names_are_checked_with_the_recipe(rewards, needle):
    with pytest.raises(UserError) as err:
        build({"rewards": rewards})
    assert needle in str(err.value)


def test_reward_code_is_never_loaded_from_a_model_checkpoint_or_data_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    model = tmp_path / "model"
    model.mkdir()
    (model / "config.json").write_text("{}")
    (model / "model.safetensors").write_text("")
    (model / "reward.py").write_text(BREVITY.replace("brevity", "r"))
    with pytest.raises(UserError, match="a model, checkpoint, data or run folder"):
        build_reward_funcs(build({"rewards": {"./model/reward.py:r": 1.0}}))  # by its files, whatever the recipe
    data = tmp_path / "data"
    data.mkdir()
    (data / "reward.py").write_text(BREVITY.replace("brevity", "r"))
    with pytest.raises(UserError, match="a model, checkpoint, data or run folder"):
        check_custom(build({"rewards": {"./data/reward.py:r": 1.0}, "data": {"path": str(data)}}))
    stage = tmp_path / "runs" / "x" / "grpo"
    stage.mkdir(parents=True)
    (stage / rundir.MARKER).write_text("{}")
    (stage / "reward.py").write_text(BREVITY.replace("brevity", "r"))
    with pytest.raises(UserError, match="a model, checkpoint, data or run folder"):
        check_custom(build({"rewards": {"./runs/x/grpo/reward.py:r": 1.0}}))
    # the starting checkpoint a command names (grpo train --from) counts too
    ckpt = tmp_path / "ckpt"
    ckpt.mkdir()
    (ckpt / "reward.py").write_text(BREVITY.replace("brevity", "r"))
    with pytest.raises(UserError, match="a model, checkpoint, data or run folder"):
        check_custom(build({"rewards": {"./ckpt/reward.py:r": 1.0}}), not_from=[ckpt])


def test_recipes_show_and_set_take_a_custom_reward(reward_file):
    proc = run_cli("recipes", "show", "tiny", "--set", "rewards../my_reward.py:brevity=0.3", cwd=reward_file.parent)
    assert proc.returncode == 0, proc.stderr
    assert "./my_reward.py:brevity: 0.3" in proc.stdout
    bad = run_cli("recipes", "show", "tiny", "--set", "rewards../my_reward.py:brevty=0.3", cwd=reward_file.parent)
    assert bad.returncode == 2 and "defines no function brevty (its functions: brevity)" in bad.stderr


def test_the_docs_example_is_this_file():
    from conftest import REPO

    assert BREVITY in (REPO / "docs" / "training.md").read_text()


@pytest.mark.slow
def test_a_custom_reward_from_a_user_file_trains_the_tiny_recipe(reward_file):
    """Done when (issue 39): the tiny recipe trains a few GRPO steps with a reward from a file of the user's; its
    metrics reach metrics.jsonl, samples.jsonl and `grpo report` like a built-in's."""
    run_dir = reward_file.parent / "runs"
    proc = run_cli(
        "train", "--recipe", "tiny", *sets("grpo.init=base", "grpo.max_steps=3", "rewards../my_reward.py:brevity=0.5"),
        "--run-dir", str(run_dir), cwd=reward_file.parent,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    stage = run_dir / "tiny" / "grpo"
    rows = rundir.read_jsonl(stage / "metrics.jsonl")
    assert [r["step"] for r in rows] == [1, 2, 3]
    assert all(0.0 <= r["rewards/brevity/mean"] <= 1.0 for r in rows)
    samples = rundir.read_jsonl(stage / "samples.jsonl")
    assert all("brevity" in s["rewards"] for s in samples)
    assert json.loads((stage / "run.json").read_text())["status"] == "finished"
    report = run_cli("report", str(stage), "--output", str(reward_file.parent / "report"), cwd=reward_file.parent)
    assert report.returncode == 0, report.stderr
    assert "brevity" in (reward_file.parent / "report" / "report.md").read_text()


@pytest.mark.slow
def test_a_failing_reward_stops_training_in_one_line(tmp_path):
    (tmp_path / "bad.py").write_text(
        textwrap.dedent("""\
        def oops(completions, **kwargs):
            raise KeyError("answer_column")
    """)
    )
    proc = run_cli(
        "train", "--recipe", "tiny", *sets("grpo.init=base", "grpo.max_steps=2", "rewards../bad.py:oops=1"),
        "--run-dir", str(tmp_path / "runs"), cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr[-2000:]
    errors = [line for line in proc.stderr.splitlines() if line.startswith("error:")]
    assert errors == ["error: reward ./bad.py:oops failed: KeyError: 'answer_column' (bad.py line 2)"], proc.stderr
    assert "Traceback" not in proc.stderr
