"""Lists that docs show are the code's own tables (issue 40, item 4): the generated ones (scripts/docs_lists.py: the
alarms, their thresholds, the rewards) are what the registries give today, and the tables whose rows carry prose
(docs/verifiers.md's rewards, README.md's recipes) name exactly the registry's entries. config.MonitorConfig is
built from the alarm registry: its keys and defaults are the entries' thresholds. config's verifier tasks are the
verifier's."""

from __future__ import annotations

import dataclasses
import re
import sys

import pytest

from conftest import REPO
from grpo_cli.config import MonitorConfig
from grpo_cli.observe import alarms
from grpo_cli.rewards import REWARDS

sys.path.insert(0, str(REPO / "scripts"))
import docs_lists  # noqa: E402


@pytest.mark.parametrize("page", sorted({page for page, _ in docs_lists.LISTS}))
def test_every_generated_list_is_current(page):
    text = (REPO / page).read_text(encoding="utf-8")
    assert docs_lists.rendered(page, text) == text, f"{page}: run scripts/docs_lists.py and commit the page"


def test_a_list_follows_its_registry(monkeypatch):
    """The generation reads the registry: an alarm added to ALARMS shows up in both pages' lists."""
    spec = dataclasses.replace(alarms.ALARMS["truncation"], title="a test alarm", fires="never", remedy="none")
    monkeypatch.setitem(alarms.ALARMS, "test_only", spec)
    for page in ("README.md", "docs/monitor.md"):
        text = (REPO / page).read_text(encoding="utf-8")
        assert "`test_only`" in docs_lists.rendered(page, text)
    assert "`test_only`" not in (REPO / "README.md").read_text(encoding="utf-8")


def test_a_page_without_its_markers_is_refused():
    with pytest.raises(SystemExit, match="no markers for the list 'alarms'"):
        docs_lists.rendered("README.md", "no markers here\n")


def _first_column(text: str, header: str) -> list[str]:
    """The `name` cells of the markdown table that starts with `header`."""
    rows = text[text.index(header) :].split("\n\n")[0].splitlines()[2:]
    return [re.match(r"\| `([^`]+)` \|", row).group(1) for row in rows]


def test_the_reward_table_of_the_verifier_docs_names_every_reward():
    text = (REPO / "docs" / "verifiers.md").read_text(encoding="utf-8")
    assert _first_column(text, "| name | reward | options |") == list(REWARDS)


def test_the_readme_recipe_table_names_every_shipped_recipe():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    names = _first_column(text, "| recipe | model | data | hardware | target (source) |")
    assert sorted(names) == sorted(p.stem for p in (REPO / "recipes").glob("*.yaml"))


def test_monitor_config_is_the_registry_thresholds():
    fields = {f.name: f.default for f in dataclasses.fields(MonitorConfig)}
    assert fields == {t.name: t.default for t in alarms.THRESHOLDS}
    assert {type(v) for v in fields.values()} == {int, float}
    every = [t.name for t in alarms.SHARED] + [t.name for s in alarms.ALARMS.values() for t in s.thresholds]
    assert list(fields) == every


@pytest.mark.parametrize(
    "key, value, message",
    [
        ("kl_window", 0, "monitor.kl_window=0: must be >= 1"),
        ("trend_window", 2, "monitor.trend_window=2: must be >= 3"),
        ("no_signal_target", 1.5, "monitor.no_signal_target=1.5: must be in (0, 1)"),
        ("verifier_failure_frac", 0, "monitor.verifier_failure_frac=0.0: must be in (0, 1]"),
    ],
)
def test_a_threshold_out_of_its_range_is_one_line(key, value, message):
    from grpo_cli.config import build
    from grpo_cli.errors import UserError

    with pytest.raises(UserError, match=re.escape(message)):
        build({"monitor": {key: value}})


def test_configs_verifier_tasks_are_the_verifiers():
    """config.TASKS and config.Task copy the verifier's (config imports nothing of verify/): the recipe, `grpo verify`
    and the data loader accept exactly the tasks the verifier scores."""
    import typing

    from grpo_cli import config, verify

    assert config.TASKS == tuple(verify.TASKS) == typing.get_args(config.Task) == typing.get_args(verify.Task)
    assert config.is_task("math") and not config.is_task("MATH") and not config.is_task(None)
