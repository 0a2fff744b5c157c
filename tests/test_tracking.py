"""`tracking`: report_to (TensorBoard, W&B, trackio, MLflow) and the Hub push, mapped onto TRL's configs key by key,
refused in one line when they cannot work, and a real TensorBoard run on the tiny recipe, offline."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
import yaml
from trl import GRPOConfig, SFTConfig

from conftest import run_cli
from grpo_cli import tracking
from grpo_cli.config import REPORT_TO, build
from grpo_cli.errors import UserError
from grpo_cli.stages.grpo import grpo_config_kwargs
from grpo_cli.stages.sft import sft_config_kwargs

PUSH = {"push_to_hub": True, "hub_model_id": "someone/tiny-grpo", "hub_private_repo": False}


@pytest.mark.parametrize("name", [n for n in REPORT_TO if n != "none"])
def test_each_report_to_reaches_both_configs(name, tmp_path):
    recipe = build({"name": "r", "tracking": {"report_to": name}})
    for make, kwargs in ((SFTConfig, sft_config_kwargs), (GRPOConfig, grpo_config_kwargs)):
        config = make(**kwargs(recipe, tmp_path, device="cpu"))
        assert config.report_to == [name]
    assert grpo_config_kwargs(recipe, tmp_path, device="cpu")["run_name"] == "r/grpo"
    assert sft_config_kwargs(recipe, tmp_path, device="cpu")["run_name"] == "r/sft"


def test_default_reports_nowhere_and_lists_combine(tmp_path):
    assert GRPOConfig(**grpo_config_kwargs(build({}), tmp_path, device="cpu")).report_to == []
    both = build({}, ["tracking.report_to=[tensorboard, mlflow]"])
    assert GRPOConfig(**grpo_config_kwargs(both, tmp_path, device="cpu")).report_to == ["tensorboard", "mlflow"]


@pytest.mark.parametrize("key", sorted(PUSH))
def test_each_hub_key_reaches_grpo_config_only(key, tmp_path):
    recipe = build({"tracking": PUSH})
    kwargs = grpo_config_kwargs(recipe, tmp_path, device="cpu")
    assert kwargs[key] == PUSH[key] and kwargs["hub_strategy"] == "end"  # one push of final/, no checkpoints
    # SFT's model is an intermediate: it is never pushed
    assert sft_config_kwargs(recipe, tmp_path, device="cpu")["push_to_hub"] is False
    assert "hub_model_id" not in sft_config_kwargs(recipe, tmp_path, device="cpu")


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"report_to": "tensorbord"}, "tracking.report_to: 'tensorbord' is not one of none, tensorboard"),
        ({"report_to": ["none", "wandb"]}, "'none' cannot be combined"),
        ({"push_to_hub": True}, "tracking.push_to_hub=true needs tracking.hub_model_id"),
    ],
)
def test_bad_tracking_values_are_refused_by_the_recipe_check(values, message):
    with pytest.raises(UserError, match=message):
        build({"tracking": values})


def test_a_tracker_without_its_package_is_refused_in_one_line(monkeypatch):
    monkeypatch.setattr(tracking.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(UserError, match=r"tracking.report_to=wandb needs the wandb package: pip install wandb"):
        tracking.check(build({"tracking": {"report_to": "wandb"}}), push=False)


def test_a_push_without_the_hub_is_refused_before_training(monkeypatch, tmp_path):
    recipe = build({"tracking": PUSH})
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    tracking.check(recipe, push=False)  # SFT does not push: nothing to refuse
    with pytest.raises(UserError, match="HF_HUB_OFFLINE is set"):
        tracking.check(recipe, push=True)
    monkeypatch.setenv("HF_HUB_OFFLINE", "0")
    import huggingface_hub

    monkeypatch.setattr(huggingface_hub, "get_token", lambda: None)  # no HF_TOKEN, no stored token
    with pytest.raises(UserError, match="needs a Hub token"):
        tracking.check(recipe, push=True)


@pytest.mark.slow
def test_grpo_train_refuses_an_offline_push_before_the_run_directory(tmp_path):
    proc = run_cli(
        "train", "--recipe", "tiny", "--set", "tracking.push_to_hub=true", "--set", "tracking.hub_model_id=me/x",
        "--run-dir", str(tmp_path), env={"HF_HUB_OFFLINE": "1"},
    )  # fmt: skip
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    (line,) = [x for x in proc.stderr.splitlines() if x.startswith("error:")]
    assert "tracking.push_to_hub=true but HF_HUB_OFFLINE is set" in line
    assert not (tmp_path / "tiny").exists()


def test_push_final_uploads_final_and_the_recipe(monkeypatch, tmp_path):
    """The upload itself needs the Hub; what it sends is checked against huggingface_hub's API offline."""
    import huggingface_hub

    calls = []
    monkeypatch.setattr(huggingface_hub.HfApi, "upload_folder", lambda self, **kw: calls.append(("folder", kw)))
    monkeypatch.setattr(huggingface_hub.HfApi, "upload_file", lambda self, **kw: calls.append(("file", kw)))
    final = tmp_path / "grpo" / "final"
    final.mkdir(parents=True)
    (tmp_path / "grpo" / "recipe.yaml").write_text("name: x\n")
    assert tracking.push_final("me/x", final, tmp_path / "grpo" / "recipe.yaml") == "me/x"
    assert calls[0] == (
        "folder",
        {"repo_id": "me/x", "folder_path": str(final), "commit_message": "grpo-cli: grpo final"},
    )
    assert calls[1][1]["path_in_repo"] == "recipe.yaml" and calls[1][1]["repo_id"] == "me/x"


# --------------------------------------------------------------------------------------------------------
# a real TensorBoard run


def read_scalars(path: Path) -> dict[str, list[tuple[int, float]]]:
    """tag -> [(step, value)] from a TensorBoard event file (TFRecord: length, crc, Event proto, crc)."""
    try:
        from tensorboard.compat.proto.event_pb2 import Event
    except ImportError:
        from tensorboardX.proto.event_pb2 import Event

    out: dict[str, list[tuple[int, float]]] = {}
    data = path.read_bytes()
    pos = 0
    while pos < len(data):
        (length,) = struct.unpack("<Q", data[pos : pos + 8])
        event = Event.FromString(data[pos + 12 : pos + 12 + length])
        pos += 12 + length + 4
        for v in event.summary.value:
            value = v.simple_value if v.HasField("simple_value") else (v.tensor.float_val or [None])[0]
            out.setdefault(v.tag, []).append((event.step, value))
    return out


@pytest.mark.slow
def test_tensorboard_run_on_the_tiny_recipe_writes_readable_events(tiny_pipeline):
    """The suite's shared tiny run (conftest.tiny_pipeline) logs to TensorBoard too."""
    if not any(tracking.importlib.util.find_spec(m) for m in tracking.TRACKERS["tensorboard"]):
        pytest.skip("neither tensorboard nor tensorboardX is installed (pip install -e '.[dev]')")
    stage = tiny_pipeline["run_dir"] / "tiny" / "grpo"
    recipe = yaml.safe_load((stage / "recipe.yaml").read_text())
    assert recipe["tracking"]["report_to"] == "tensorboard"
    events = sorted((stage / "runs").glob("*/events.out.tfevents.*"))
    assert events, sorted(p.name for p in stage.iterdir())
    scalars = {}
    for path in events:
        scalars.update(read_scalars(path))
    # TRL's own metric names, one point per logged step, the same values metrics.jsonl holds
    assert [step for step, _ in scalars["train/reward"]] == [1, 2, 3, 4]
    from grpo_cli import rundir

    rows = rundir.read_jsonl(stage / "metrics.jsonl")
    assert [v for _, v in scalars["train/reward"]] == pytest.approx([r["reward"] for r in rows], rel=1e-6)
    assert "train/loss" in scalars and "train/completions/mean_length" in scalars
