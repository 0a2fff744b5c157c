"""Imports run one way (docs/architecture.md): no cycle among grpo_cli's modules, counting the imports inside
functions; every module sits in one of the rows below and imports only from its own row or earlier ones; config
imports nothing downstream; the stages never import the live view or the commands; the pure packages (estimate/,
rundir/, verify/, upstream/) stay pure. And the tree agrees with docs/architecture.md: at most 12 modules at the top of
src/grpo_cli/, each module and package named in its module table, each name there a file or folder."""

from __future__ import annotations

import ast
import functools
import re

from conftest import REPO

SRC = REPO / "src"


def _module_name(path) -> str:
    return ".".join(path.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")


def _imports(path, name: str, modules: set[str]) -> set[str]:
    """grpo_cli modules `path` imports anywhere in its body (outside `if TYPE_CHECKING:`)."""
    found: set[str] = set()
    tree = ast.parse(path.read_text())
    skip = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.dump(node.test)
            for n in ast.walk(node)}  # fmt: skip
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            for a in node.names:
                found.add(f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base)
    return {m for m in found if m in modules and m not in (name, "grpo_cli")}


@functools.cache  # parsed once for all the tests below (each parse of the sources took seconds on a busy machine)
def import_graph() -> dict[str, frozenset[str]]:
    paths = {_module_name(p): p for p in (SRC / "grpo_cli").rglob("*.py")}
    return {name: frozenset(_imports(path, name, set(paths))) for name, path in paths.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                return stack[stack.index(dep) :] + [dep]
            if dep not in state and (found := visit(dep)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_graph_sees_lazy_imports():
    graph = import_graph()
    assert "grpo_cli.observe.live" in graph["grpo_cli.commands.train"]  # imported inside a function
    assert "grpo_cli.config" in graph["grpo_cli.observe.replay"]


def test_no_import_cycle():
    assert _cycle(import_graph()) is None


def test_a_cycle_is_found():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_config_imports_nothing_downstream():
    graph = import_graph()
    # safeio (row 0, stdlib + PyYAML): --set values are read with its bounded YAML loader, errors quote its excerpts.
    # observe.alarms (row 0, pure): MonitorConfig is built from the alarm registry's thresholds.
    # upstream (row 0, stdlib): TRL's config fields, read from its source, for the grpo and sft sections.
    upstream = {"grpo_cli.upstream", "grpo_cli.upstream.trl", "grpo_cli.upstream.fields"}
    allowed = {"grpo_cli.errors", "grpo_cli.formulas", "grpo_cli.safeio", "grpo_cli.observe.alarms", *upstream}
    parts = [name for name in graph if name == "grpo_cli.config" or name.startswith("grpo_cli.config.")]
    assert len(parts) > 1  # a package: its modules below, each held to the same rule
    for name in parts:
        outside = {d for d in graph[name] if not d.startswith("grpo_cli.config.")}
        assert outside <= allowed, (name, outside - allowed)
    assert graph["grpo_cli.formulas"] == set()
    # The registry stays pure: nothing of grpo_cli but the formulas and the stream it reads.
    assert graph["grpo_cli.observe.alarms"] <= {"grpo_cli.formulas", "grpo_cli.observe.stream"}
    assert graph["grpo_cli.observe.stream"] == set()


def test_stages_do_not_import_the_live_view_or_the_commands():
    for name, deps in import_graph().items():
        if name.startswith("grpo_cli.stages"):
            assert not {d for d in deps if d == "grpo_cli.observe.live" or d.startswith("grpo_cli.commands")}, name


# docs/architecture.md, "Imports run one way", as data: a module's row is the first whose entry is its name or a
# package above it ("rundir" covers rundir.*). Imports inside functions count.
ROWS = [
    # nothing of grpo_cli beyond this row
    {"grpo_cli", "errors", "formulas", "safeio", "observe", "observe.durations", "observe.stream", "observe.alarms",
     "evaluation", "evaluation.stats", "stepwise", "stepwise.split", "stepwise.arithmetic", "stepwise.advantage",
     "verify", "upstream"},
    {"config"},
    # the recipe's consumers: no torch at import, except models (the model loader)
    {"recipes", "prompts", "tracking", "data", "rundir", "estimate", "launch", "observe.replay", "observe.report",
     "models"},
    # torch / transformers (some only inside functions)
    {"stepwise.prm", "stepwise.scoring", "rewards", "evaluation.generation", "observe.callbacks", "observe.live"},
    {"stages"},
    {"commands"},
    {"cli", "__main__"},
]  # fmt: skip


def row_of(module: str) -> int:
    name = module.removeprefix("grpo_cli.") if module != "grpo_cli" else module
    parts = name.split(".")
    for prefix in (".".join(parts[:n]) for n in range(len(parts), 0, -1)):
        for i, row in enumerate(ROWS):
            if prefix in row:
                return i
    raise AssertionError(f"{module} is in no row of ROWS (tests/test_imports.py) and docs/architecture.md")


def test_imports_come_from_the_same_row_or_an_earlier_one():
    bad = [
        f"{name} (row {row_of(name)}) imports {dep} (row {row_of(dep)})"
        for name, deps in import_graph().items()
        for dep in deps
        if row_of(dep) > row_of(name)
    ]
    assert not bad, bad


def test_the_pure_packages_stay_pure():
    allowed = {
        "grpo_cli.estimate": {"grpo_cli.config", "grpo_cli.errors", "grpo_cli.formulas"},
        "grpo_cli.rundir": {"grpo_cli.config", "grpo_cli.errors", "grpo_cli.safeio"},
        "grpo_cli.verify": set(),
        "grpo_cli.upstream": {"grpo_cli.errors"},
    }
    for name, deps in import_graph().items():
        for package, outside in allowed.items():
            if name == package or name.startswith(package + "."):
                foreign = {d for d in deps if not d.startswith(package + ".") and d != package} - outside
                assert not foreign, (name, foreign)


def test_nothing_but_the_cli_imports_a_command_and_observe_never_imports_a_stage():
    for name, deps in import_graph().items():
        if not name.startswith(("grpo_cli.commands", "grpo_cli.cli")):
            assert not any(d.startswith("grpo_cli.commands") for d in deps), name
        if name.startswith("grpo_cli.observe"):
            assert not any(d.startswith(("grpo_cli.stages", "grpo_cli.commands")) for d in deps), name


TOP = SRC / "grpo_cli"
ARCHITECTURE = REPO / "docs" / "architecture.md"


def _top_modules() -> list[str]:
    return sorted(p.name for p in TOP.glob("*.py") if p.name not in ("__init__.py", "__main__.py"))


def test_at_most_twelve_modules_at_the_top():
    assert len(_top_modules()) <= 12, _top_modules()


def _module_table() -> str:
    text = ARCHITECTURE.read_text()
    return text[text.index("## Modules") : text.index("## Imports run one way")]


def test_the_module_table_names_every_module_and_package():
    table = _module_table()
    named = set(re.findall(r"`([A-Za-z_/*]+(?:\.py|/))`", table))
    packages = sorted(p.name + "/" for p in TOP.iterdir() if p.is_dir() and (p / "__init__.py").is_file())
    modules = [
        f"{pkg}{p.name}" for pkg in packages for p in sorted((TOP / pkg).glob("*.py")) if p.name != "__init__.py"
    ]

    # verify/ is described by its package row (the reward issue owns its inner layout); the others module by module
    def covered(m: str) -> bool:
        return m in named or f"{m.rpartition('/')[0]}/*.py" in named or m.startswith("verify/")

    missing = [m for m in _top_modules() + packages + modules if not covered(m)]
    assert not missing, f"docs/architecture.md's module table does not name {missing}"


def test_every_path_the_module_table_names_exists():
    named = set(re.findall(r"`([A-Za-z_/]+(?:\.py|/))`", _module_table()))
    gone = [n for n in named if "/" in n or n.endswith(".py")]
    gone = [n for n in gone if not (TOP / n).exists() and not (TOP / "verify" / n).exists()]
    assert not gone, f"docs/architecture.md's module table names {gone}, which are not in src/grpo_cli/"


# Run-folder files only rundir reads (issue 40): its readers hold the one rule for a damaged line or file. recipe.yaml
# is a recipe: grpo_cli.recipes reads it (rundir.read_recipe_dict for a report that only describes a run).
RUN_FILES = {"metrics.jsonl", "samples.jsonl", "alarms.jsonl", "run.json", "summary.json"}
# Calls that read a file's content: Path.read_text / read_bytes, json.load(s), safeio's readers, open() to read.
RAW_READERS = {"read_text", "read_bytes", "load", "loads", "load_json", "read_jsonl_rows", "load_yaml", "safe_load"}


def _constants(tree: ast.AST) -> dict[str, object]:
    """Module-level names bound to a constant (`SUMMARY = "summary.json"`, `A, B = "a", "b"`)."""
    out: dict[str, object] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            pairs = (
                zip(target.elts, value.elts, strict=False)
                if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple)
                else [(target, value)]
            )
            out.update({t.id: v.value for t, v in pairs if isinstance(t, ast.Name) and isinstance(v, ast.Constant)})
    return out  # fmt: skip


def _names_a_run_file(body: list[ast.stmt], constants: dict[str, object]) -> str | None:
    for node in (n for stmt in body for n in ast.walk(stmt)):
        if isinstance(node, ast.Constant) and node.value in RUN_FILES:
            return node.value
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
        if name is not None and constants.get(name) in RUN_FILES:
            return constants[name]
    return None


def _reads_a_file(body: list[ast.stmt]) -> str | None:
    for node in (n for stmt in body for n in ast.walk(stmt)):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
        mode = node.args[1] if name == "open" and len(node.args) > 1 else None
        if name in RAW_READERS or (name == "open" and "r" in str(getattr(mode, "value", "r"))):
            return name
    return None


def test_only_rundir_reads_run_folders():
    """A function outside rundir/ that names a run-folder file (as text or through a module constant) reads no file
    itself: it calls rundir (read_jsonl, read_run_info, read_json_object, eval_summaries, read_alarms,
    sample_picks, run_gpus, find_stage). The test sees one function at a time, not a path handed to a helper."""
    bad = []
    for path in (SRC / "grpo_cli").rglob("*.py"):
        if "rundir" in path.relative_to(SRC).parts:
            continue
        tree = ast.parse(path.read_text())
        constants = _constants(tree)
        for fn in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
            body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
            if (file := _names_a_run_file(body, constants)) and (call := _reads_a_file(body)):
                bad.append(f"{path.relative_to(SRC)}:{fn.lineno} {fn.name} names {file} and calls {call}()")
    assert not bad, bad


def test_the_run_folder_check_sees_a_reader():
    """The check above flags what it should: the estimate's old reader of metrics.jsonl and run.json."""
    old = """
def _run_hardware(stage):
    path = stage / "run.json"
    return json.loads(path.read_text())
"""
    fn = ast.parse(old).body[0]
    assert _names_a_run_file(fn.body, {}) == "run.json" and _reads_a_file(fn.body) == "loads"
    kept = ast.parse("def f(stage):\n    return rundir.read_run_info(stage)\n").body[0]
    assert _reads_a_file(kept.body) is None
