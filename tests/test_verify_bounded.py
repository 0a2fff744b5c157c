"""The bounds around the symbolic fallback: deadlines kill the worker, memory is capped, any thread may call, and
nothing from a completion is ever executed (real worker processes, no mocks)."""

from __future__ import annotations

import builtins
from concurrent.futures import ThreadPoolExecutor

import pytest

from grpo_cli.verify import math_task, row, shutdown, verify, verify_batch
from grpo_cli.verify.bounded import SymbolicPool


@pytest.fixture(scope="module", autouse=True)
def _stop_workers():
    yield
    shutdown()


@pytest.fixture
def private_pool():
    pool = SymbolicPool(size=1, memory_mb=768)
    yield pool
    pool.close()


def test_a_job_past_its_deadline_is_killed_and_its_worker_replaced(private_pool):
    [(correct, reason)] = private_pool.run([("sleep", (30,))], timeout=0.5)
    assert (correct, reason) == (False, "timeout")
    assert private_pool.restarts == 1
    assert private_pool.run([("sleep", (0,))], timeout=60) == [(True, "ok")]  # the replacement works


def test_memory_blow_up_ends_as_memory_not_as_a_crash(private_pool):
    [(correct, reason)] = private_pool.run([("alloc", (4096,))], timeout=60)  # 4 GiB against a 768 MiB cap
    assert (correct, reason) == (False, "memory")
    assert private_pool.run([("alloc", (16,))], timeout=60) == [(True, "ok")]


def test_a_batch_fans_out_and_keeps_order():
    pool = SymbolicPool(size=2, memory_mb=768)
    try:
        jobs = [("math", (r"\frac12", r"\int_0^1 x\,dx")), ("sleep", (30,)), ("math", ("55", r"\sum_{k=1}^{10} k"))]
        assert pool.run(jobs, timeout=5) == [(True, "ok"), (False, "timeout"), (True, "ok")]
    finally:
        pool.close()


def test_closed_pool_leaves_no_process():
    pool = SymbolicPool(size=2, memory_mb=768)
    pool.run([("sleep", (0,)), ("sleep", (0,))], timeout=60)
    procs = [w.proc for w in pool._workers]
    assert procs and all(p.poll() is None for p in procs)
    pool.close()
    assert all(p.poll() is not None for p in procs)


def test_verify_works_from_threads():
    """math-verify's signal.alarm timeouts raise outside the main thread (its issues #11, #50, #55)."""
    math_task.CACHE.data.clear()
    cases = [(r"\boxed{(2,\infty)}", "x > 2", True), (r"\boxed{[1,\infty)}", "x > 1", False)] * 4
    with ThreadPoolExecutor(max_workers=4) as ex:
        got = list(ex.map(lambda c: verify(c[0], c[1], "math").correct, cases))
    assert got == [e for _, _, e in cases]


def test_timeout_budget_reaches_the_worker():
    math_task.CACHE.data.clear()
    # A tiny budget cannot fit a sympy round-trip: the verdict is a timeout, not a hang and not an exception.
    v = verify(r"\boxed{\sum_{k=1}^{40} k^3}", r"\int_0^{3} x^2\,dx", "math", timeout=1e-4)
    assert (v.correct, v.reason) == (False, "timeout")


INJECTIONS = [
    "__import__('os').system('touch {marker}')",
    "eval(\"open('{marker}','w')\")",
    "exec('import os; os.system(\"touch {marker}\")')",
    "x.__class__.__bases__[0].__subclasses__()",
    "lambda: open('{marker}', 'w')",
]


@pytest.mark.parametrize("payload", INJECTIONS)
@pytest.mark.parametrize("task", ["gsm8k", "math"])
def test_code_in_a_completion_is_never_run(tmp_path, payload, task):
    marker = tmp_path / "pwned"
    text = payload.format(marker=marker)
    completions = [rf"\boxed{{{text}}}", f"<answer>{text}</answer>", f"The answer is {text}"]
    # "x > 2" sends what the fast path cannot read on to the symbolic worker, so both paths see the payload.
    verdicts = verify_batch(completions, ["x > 2"] * 3 if task == "math" else ["2"] * 3, task)
    assert all(v.correct is False for v in verdicts)
    assert not marker.exists()


def test_the_fast_path_calls_no_eval(monkeypatch):
    """In-process verification never reaches eval/exec: they raise here, and every labelled case still verifies."""
    from verify_cases import GSM8K_CASES, MATH_CASES

    def refuse(*args, **kwargs):
        raise AssertionError("eval/exec called")

    monkeypatch.setattr(builtins, "eval", refuse)
    monkeypatch.setattr(builtins, "exec", refuse)
    for completion, reference, _, _ in GSM8K_CASES:
        verify(completion, reference, "gsm8k")
    for completion, reference, _, _ in MATH_CASES:
        math_task.prepare(row.read(completion), reference, "flexible")


def test_the_symbolic_path_parses_without_sympify_of_text(monkeypatch):
    """latex2sympy builds sympy trees from the grammar: with eval and sympy's text parser (parse_expr /
    eval_expr, which sympify of a string goes through) all refusing, the worker's compare() still decides.
    (Run in this process so the patches apply.)"""
    from sympy.parsing import sympy_parser

    from grpo_cli.verify import symbolic

    def refuse(*args, **kwargs):
        raise AssertionError("eval/exec/parse_expr called")

    # sympy imports some of its own modules lazily (sympy.physics.units sympifies its constant names at import):
    # that is library start-up, not input, so it happens first, as in a worker, which warms up before it is ready.
    symbolic.warm_up()
    monkeypatch.setattr(sympy_parser, "parse_expr", refuse)
    monkeypatch.setattr(sympy_parser, "eval_expr", refuse)
    monkeypatch.setattr(builtins, "eval", refuse)  # not exec: Python's import machinery runs modules with it
    assert symbolic.compare("x > 2", r"(2, \infty)") == (True, "ok")
    assert symbolic.compare(r"\frac12", r"\int_0^1 x\,dx") == (True, "ok")
    assert symbolic.compare("55", r"\sum_{k=1}^{10} k^2") == (False, "wrong")
    assert symbolic.compare("0", "__import__('os').system('true')")[0] is False


def test_no_eval_exec_or_text_parsing_in_the_source():
    """The verifier and reward code never calls eval, exec, compile, sympify or parse_expr (by name, anywhere)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "src" / "grpo_cli"
    banned_names = {"eval", "exec", "compile", "sympify", "parse_expr", "S", "__import__"}
    banned_attrs = {"eval", "exec", "sympify", "parse_expr", "parse_latex_cached"}  # re.compile is fine
    for path in [*sorted((root / "verify").glob("*.py")), root / "rewards.py", root / "commands" / "verify.py"]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                func = node.func
                bad = (
                    func.id in banned_names if isinstance(func, ast.Name) else getattr(func, "attr", "") in banned_attrs
                )
                assert not bad, f"{path.name}:{node.lineno} calls {ast.unparse(func)}"
