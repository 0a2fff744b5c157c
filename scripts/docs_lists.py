#!/usr/bin/env python
"""The lists README.md and docs/ show, generated from the tables the code uses: the alarms (observe/alarms.ALARMS),
their thresholds (the same entries, which config.MonitorConfig is built from), the rewards (rewards.REWARDS) and the
shortcut flags (config.SHORTCUTS); and
CONTRIBUTING.md's layers and "where a change goes", copied from docs/architecture.md, their one home.

Each list sits in its page between two markers, `<!-- generated: NAME (scripts/docs_lists.py) -->` and
`<!-- end: NAME -->`; this script rewrites what is between them, and tests/test_lists.py fails when a page differs
from what it would write. Run it after changing a registry, and commit the pages with the change:

    .venv/bin/python scripts/docs_lists.py            # rewrite the pages
    .venv/bin/python scripts/docs_lists.py --check    # exit 1 naming each list that differs
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def alarm_table() -> list[str]:
    from grpo_cli.observe.alarms import ALARMS, THRESHOLDS

    labels = {t.name: t.label() for t in THRESHOLDS}
    rows = ["| id | fires when (defaults) | advice it gives |", "|---|---|---|"]
    rows += [
        f"| `{name}` | {s.fires.format_map(labels)} | {s.remedy.format_map(labels)} |" for name, s in ALARMS.items()
    ]
    return rows


def threshold_table() -> list[str]:
    from grpo_cli.observe.alarms import ALARMS, SHARED

    owner = {t.name: "all" for t in SHARED} | {t.name: f"`{n}`" for n, s in ALARMS.items() for t in s.thresholds}
    rows = ["| `monitor.` key | default | alarm | what it sets | allowed |", "|---|---|---|---|---|"]
    for t in (*SHARED, *(t for s in ALARMS.values() for t in s.thresholds)):
        rows.append(
            f"| `{t.name}` | {t.default:g} | {owner[t.name]} | {t.doc} | {t.rule.removeprefix('must be ') or 'any'} |"
        )
    return rows


def alarm_list() -> list[str]:
    from grpo_cli.observe.alarms import ALARMS

    return [f"- `{name}`: {spec.title}" for name, spec in ALARMS.items()]


def reward_list() -> list[str]:
    from grpo_cli.rewards import REWARDS

    return [f"- `{name}`: {spec.description}" for name, spec in REWARDS.items()]


def shortcut_table() -> list[str]:
    """The shortcut flags every command that takes a recipe takes (config.SHORTCUTS, which --help and the parser
    read too)."""
    from grpo_cli.config import SHORTCUTS, key_type

    rows = ["| flag | recipe key | what it sets |", "|---|---|---|"]
    for s in SHORTCUTS:
        flag = f"`{s.flag}` / `--no-{s.flag[2:]}`" if key_type(s.key) is bool else f"`{s.flag}`"
        rows.append(f"| {flag} | `{s.key}` | {s.help} |")
    return rows


def _architecture(heading: str) -> list[str]:
    """The first table or code block under `heading` in docs/architecture.md."""
    text = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text[text.index(f"\n## {heading}\n") :].split("\n\n")[1:]
    block = next(part for part in section if part.startswith(("|", "```")))
    return block.splitlines()


def layers() -> list[str]:
    return _architecture("Imports run one way")


def where_a_change_goes() -> list[str]:
    return _architecture("Where a change goes")


# (page, list name) -> the lines between its markers
LISTS: dict[tuple[str, str], Callable[[], list[str]]] = {
    ("docs/monitor.md", "alarms"): alarm_table,
    ("docs/monitor.md", "thresholds"): threshold_table,
    ("README.md", "alarms"): alarm_list,
    ("README.md", "rewards"): reward_list,
    ("README.md", "shortcuts"): shortcut_table,
    ("CONTRIBUTING.md", "layers"): layers,
    ("CONTRIBUTING.md", "where-a-change-goes"): where_a_change_goes,
}


def _block(name: str) -> re.Pattern[str]:
    return re.compile(
        rf"(<!-- generated: {re.escape(name)} \(scripts/docs_lists.py\) -->\n)(.*?)(<!-- end: {re.escape(name)} -->)",
        re.S,
    )


def rendered(page: str, text: str) -> str:
    """The page's text with every list of LISTS rewritten (a list whose markers are missing is an error)."""
    for (where, name), lines in LISTS.items():
        if where != page:
            continue
        block = _block(name)
        if not block.search(text):
            raise SystemExit(f"{page}: no markers for the list {name!r}")
        text = block.sub(lambda m, lines=lines: m.group(1) + "\n".join(lines()) + "\n" + m.group(3), text)
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a page differs")
    args = parser.parse_args()
    stale = []
    for page in sorted({page for page, _ in LISTS}):
        path = REPO / page
        before = path.read_text(encoding="utf-8")
        after = rendered(page, before)
        if after != before:
            stale.append(page)
            if not args.check:
                path.write_text(after, encoding="utf-8")
    verb = "differ" if args.check else "rewritten"
    print(f"{verb}: {', '.join(stale)}" if stale else "every generated list is current")
    sys.exit(1 if stale and args.check else 0)


if __name__ == "__main__":
    main()
