"""GRPO reward functions with TRL's signature, built on the verifier, and the registry recipes name them from.

A recipe lists rewards with weights, `rewards: {accuracy: 1.0, format: 0.2}`; `build_reward_funcs(recipe)` returns
the functions (in recipe order) and their weights for `GRPOTrainer(reward_funcs=..., args=GRPOConfig(
reward_weights=...))`. Each function is `f(completions, **kwargs) -> list[float | None]`: TRL passes every dataset
column as a keyword argument (`answer`: the reference parsed by `verify.parse_reference` at load time; `task`:
gsm8k or math), plus `prompts`, `completion_ids`, `trainer_state`, `log_metric`... Completions are strings or
conversational lists of {"role", "content"} messages. None means "no score" (TRL turns it into NaN and leaves it
out of the weighted sum), used when the reference cannot be parsed: never scored as 0.

`REWARDS` below names each reward with what it pays (README.md's list is generated from it, scripts/docs_lists.py;
docs/verifiers.md gives the rules in full).

Beside them a recipe may name a reward of the user's own, `module:function` or `./file.py:function` (docs/training.md),
with TRL's signature. It is loaded only from what the user names (never from a model, checkpoint or data folder),
logs as rewards/<function>/mean like the built-ins, and a failure in it is one line naming it.

Nothing heavy is imported here (no torch): `grpo recipes` checks reward names through this registry.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import importlib.util
import re
import sys
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grpo_cli import safeio
from grpo_cli.config import LANGUAGE_SCRIPTS, REWARD_NAMES, Recipe, custom_reward, reward_metric
from grpo_cli.errors import UserError

RewardFunc = Callable[..., list[float | None]]


@dataclass(frozen=True)
class RewardSpec:
    name: str
    description: str  # what it pays, as README.md shows it (markdown)
    make: Callable[[Recipe], RewardFunc]  # recipe -> reward function


# --------------------------------------------------------------------------------------------------------
# completions


def _content(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content blocks: [{"type": "text", "text": ...}]
        return "".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
    return str(content)


def completion_text(completion: Any) -> str:
    """A completion as text: a string as is; a conversational completion as its assistant messages joined."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, dict):
        return _content(completion.get("content"))
    if isinstance(completion, (list, tuple)):
        parts = [
            _content(m.get("content"))
            for m in completion
            if isinstance(m, dict) and m.get("role", "assistant") == "assistant"
        ]
        return "\n".join(parts)
    return "" if completion is None else str(completion)


def prompt_text(prompt: Any) -> str | None:
    """A prompt's text: a string, or the user messages of a conversational prompt."""
    if isinstance(prompt, str):
        return prompt
    if isinstance(prompt, (list, tuple)):
        return "\n".join(_content(m.get("content")) for m in prompt if isinstance(m, dict) and m.get("role") == "user")
    return None


def _column(kwargs: dict, name: str, n: int, reward: str) -> list:
    values = kwargs.get(name)
    if values is None:
        raise ValueError(f"reward '{reward}' needs the dataset column '{name}'; the training data has no such column")
    values = list(values)
    if len(values) != n:
        raise ValueError(f"reward '{reward}': {n} completions but {len(values)} values of '{name}'")
    return values


def _named(fn: RewardFunc, name: str) -> RewardFunc:
    fn.__name__ = name  # TRL logs rewards/<__name__>/mean
    fn.__qualname__ = name
    return fn


# --------------------------------------------------------------------------------------------------------
# accuracy


def completion_finished(text: str, ids: Sequence[int] | None, max_length: int) -> bool:
    """Did the completion end by itself (EOS or a stop string) rather than at the token limit? TRL passes each
    completion's ids, cut after its EOS: fewer than `max_completion_length` ids means generation stopped early, so
    the completion finished; a completion that fills the limit finished only if it closed its `</answer>` tag (an
    EOS that lands exactly on the last allowed token is counted as a cut, which can only withhold the last-number
    fallback, never credit anything). Unknown ids (None): finished."""
    if ids is None:
        return True
    return len(ids) < max_length or text.rstrip().endswith("</answer>")


def batch_problems(kwargs: dict, n: int, default_task: str, reward: str = "accuracy") -> list[Any]:
    """The verifier's problems of one reward batch, from TRL's columns: `answer` (the parsed reference), `task` (the
    recipe's data.task where absent) and the question (the dataset's `question` column, else the user text of TRL's
    `prompts`), so that an answer that only restates the question is no answer (docs/verifiers.md)."""
    from grpo_cli.verify import TASKS, Problem

    answers = _column(kwargs, "answer", n, reward)
    tasks = kwargs.get("task")
    tasks = [t if t in TASKS else default_task for t in tasks] if tasks is not None else [default_task] * n
    return [
        Problem("" if a is None else str(a), t, q)
        for a, t, q in zip(answers, tasks, batch_questions(kwargs, n), strict=True)
    ]


def batch_questions(kwargs: dict, n: int) -> list[str | None]:
    """Each row's question as asked: the `question` column, else the user text of `prompts`; None where unknown."""
    asked = kwargs.get("question")
    if asked is None or len(asked) != n:
        asked = kwargs.get("prompts")
    if asked is None or len(asked) != n:
        return [None] * n
    return [prompt_text(q) for q in asked]


def make_accuracy(recipe: Recipe) -> RewardFunc:
    from grpo_cli.verify import Scoring, score

    scoring = Scoring.of(recipe)
    default_task = recipe.data.task
    max_length = int(recipe.grpo.max_completion_length)

    def accuracy(completions: Sequence[Any], **kwargs: Any) -> list[float | None]:
        n = len(completions)
        problems = batch_problems(kwargs, n, default_task)
        texts = [completion_text(c) for c in completions]
        ids = kwargs.get("completion_ids")
        ids = list(ids) if ids is not None and len(ids) == n else [None] * n
        # A cut-off completion is never credited through the last-number fallback (docs/verifiers.md).
        finished = [completion_finished(t, i, max_length) for t, i in zip(texts, ids, strict=True)]
        verdicts = score(problems, texts, scoring, finished)
        log_metric = kwargs.get("log_metric")
        if callable(log_metric) and n:
            for name, value in verifier_shares(verdicts, finished).items():
                log_metric(name, value)
        return [None if v.correct is None else float(v.correct) for v in verdicts]

    return _named(accuracy, "accuracy")


# The verifier's silent failures, as shares of a batch's rows (docs/verifiers.md, "Failures the reward reports"):
# a reference it cannot read (open-r1 issue 293: such rows were paid as right), a row out of time, and a grader that
# failed instead of judging (verl PR 5635: graders failing in threads scored 0). The monitor's verifier_failures
# alarm reads the last three (observe/alarms.py).
WORKER_FAILURES = ("no_worker", "worker_error", "error", "memory")


def verifier_shares(verdicts: Sequence[Any], finished: Sequence[bool]) -> dict[str, float]:
    """The verify/* metrics of one reward batch: shares of its rows by what the verifier made of them."""
    n = len(verdicts)
    return {
        # A rising no_answer share is a format collapse; truncated, the length limit.
        "verify/no_answer_frac": sum(v.reason == "no_answer" for v in verdicts) / n,
        "verify/truncated_frac": sum(not f for f in finished) / n,
        "verify/unscorable_frac": sum(v.correct is None for v in verdicts) / n,
        "verify/bad_reference_frac": sum(v.reason == "bad_reference" for v in verdicts) / n,
        "verify/timeout_frac": sum(v.reason == "timeout" for v in verdicts) / n,
        "verify/worker_failure_frac": sum(v.reason in WORKER_FAILURES for v in verdicts) / n,
    }


# --------------------------------------------------------------------------------------------------------
# format and tag_count

_TAGS = ("<think>", "</think>", "<answer>", "</answer>")
_FORMAT = re.compile(r"\s*<think>.*?</think>\s*<answer>(?P<answer>.*?)</answer>\s*", re.S)


def format_score(text: str) -> float:
    """1.0 for exactly `<think>...</think>` then `<answer>...</answer>` (whitespace around them only, each tag once,
    a non-empty answer), else 0.0."""
    if any(text.count(tag) != 1 for tag in _TAGS):
        return 0.0
    m = _FORMAT.fullmatch(text)
    return 1.0 if m is not None and m.group("answer").strip() else 0.0


def tag_count_score(text: str) -> float:
    """0.25 for each well-formed tag: present exactly once, and a closing tag after its opening tag (the answer
    after the reasoning). Partial credit that gives a small model a gradient towards the format."""
    counts = {tag: text.count(tag) for tag in _TAGS}
    pos = {tag: text.find(tag) if counts[tag] == 1 else -1 for tag in _TAGS}
    score = 0.0
    if counts["<think>"] == 1:
        score += 0.25
    if counts["</think>"] == 1 and (pos["<think>"] == -1 or pos["</think>"] > pos["<think>"]):
        score += 0.25
    if counts["<answer>"] == 1 and (pos["</think>"] == -1 or pos["<answer>"] > pos["</think>"]):
        score += 0.25
    if counts["</answer>"] == 1 and (pos["<answer>"] == -1 or pos["</answer>"] > pos["<answer>"]):
        score += 0.25
    return score


_OPENS_THINK = re.compile(r"<think>\s*\Z")


def opens_think(prompt: Any) -> bool:
    """Whether the prompt already opened the reasoning block: its text ends with `<think>` (then only whitespace),
    as the generation prompts of DeepSeek-R1-Distill (`<｜Assistant｜><think>\n`) and of Qwen3.5 with thinking on
    (`<|im_start|>assistant\n<think>\n`) do. The completion then starts inside the reasoning and has no `<think>`
    of its own (TRL issue 6966). A conversational prompt counts when its last message (an assistant prefill) ends so;
    TRL applies the template to one after the reward could see it."""
    if isinstance(prompt, (list, tuple)):
        prompt = _content(prompt[-1].get("content")) if prompt and isinstance(prompt[-1], dict) else ""
    return isinstance(prompt, str) and _OPENS_THINK.search(prompt[-200:]) is not None


def _as_written(completions: Sequence[Any], kwargs: dict) -> list[str]:
    """Each completion as the format rewards read it: with the `<think>` its prompt opened put back in front."""
    prompts = kwargs.get("prompts")
    prompts = list(prompts) if prompts is not None and len(prompts) == len(completions) else [None] * len(completions)
    return [
        ("<think>" if opens_think(p) else "") + completion_text(c) for p, c in zip(prompts, completions, strict=True)
    ]


def make_format(recipe: Recipe) -> RewardFunc:
    def format_reward(completions: Sequence[Any], **kwargs: Any) -> list[float | None]:
        return [format_score(text) for text in _as_written(completions, kwargs)]

    return _named(format_reward, "format")


def make_tag_count(recipe: Recipe) -> RewardFunc:
    def tag_count(completions: Sequence[Any], **kwargs: Any) -> list[float | None]:
        return [tag_count_score(text) for text in _as_written(completions, kwargs)]

    return _named(tag_count, "tag_count")


# --------------------------------------------------------------------------------------------------------
# language consistency (DeepSeek-R1, section 2.3.3: the proportion of target-language words in the CoT)

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_LETTER_RUNS = re.compile(r"[^\W\d_]+")
_LATEX = re.compile(r"\\[A-Za-z]+|\$\$.*?\$\$|\$[^$\n]*\$", re.S)


def _script(ch: str) -> str:
    cp = ord(ch)
    if ch.isascii() or 0x00C0 <= cp <= 0x024F or 0x1E00 <= cp <= 0x1EFF:
        return "latin"
    if 0x0400 <= cp <= 0x04FF:
        return "cyrillic"
    return "other"


def reasoning_text(text: str) -> str:
    """The chain of thought: inside <think>...</think>, else everything before <answer>, else the whole text."""
    start, end = text.find("<think>"), text.find("</think>")
    if start != -1 and end > start:
        return text[start + len("<think>") : end]
    if end != -1:
        return text[:end]
    answer = text.find("<answer>")
    return text[:answer] if answer != -1 else text


def language_share(text: str, language: str = "en") -> float | None:
    """Share of the words in `text` written in the script of `language` (a CJK character counts as one word; LaTeX
    commands and $...$ math are left out). None when there are no words to judge."""
    target = LANGUAGE_SCRIPTS[language]
    counts = {"latin": 0, "cjk": 0, "cyrillic": 0, "other": 0}
    for run in _LETTER_RUNS.findall(_LATEX.sub(" ", text)):
        cjk = len(_CJK.findall(run))
        if cjk:
            counts["cjk"] += cjk
            run = _CJK.sub(" ", run)
        for word in run.split():
            counts[_script(word[0])] += 1
    total = sum(counts.values())
    return counts[target] / total if total else None


def make_language(recipe: Recipe) -> RewardFunc:
    language = recipe.reward_options.language

    def language_reward(completions: Sequence[Any], **kwargs: Any) -> list[float | None]:
        return [language_share(reasoning_text(completion_text(c)), language) for c in completions]

    return _named(language_reward, "language")


# --------------------------------------------------------------------------------------------------------
# DAPO soft overlong punishment (Yu et al. 2025, eq. 13)


def overlong_penalty(length: int, max_length: int, buffer: int, penalty: float = 1.0) -> float:
    """0 up to max_length - buffer tokens; then (max_length - buffer - length) / buffer * penalty, reaching -penalty at
    max_length; -penalty beyond."""
    free = max_length - buffer
    if length <= free:
        return 0.0
    if length <= max_length:
        return (free - length) / buffer * penalty
    return -penalty


def make_overlong(recipe: Recipe) -> RewardFunc:
    max_length = int(recipe.grpo.max_completion_length)
    buffer = int(recipe.reward_options.overlong_buffer)
    penalty = float(recipe.reward_options.overlong_penalty)

    def overlong(completions: Sequence[Any], **kwargs: Any) -> list[float | None]:
        ids = _column(kwargs, "completion_ids", len(completions), "overlong")
        return [overlong_penalty(len(x), max_length, buffer, penalty) for x in ids]

    return _named(overlong, "overlong")


# --------------------------------------------------------------------------------------------------------
# step scores (process supervision as one number per completion; grpo_cli.stepwise.scoring)


def make_steps(recipe: Recipe) -> RewardFunc:
    """The recipe's step scorer (steps.scorer) over the reasoning's steps, reduced to one number (steps.reduce);
    None when no step is scored. Logs the per-step diagnostics (steps/...) on the way. With weight 0 it only
    watches: the diagnostics of an outcome-only run."""
    from grpo_cli.stepwise.scoring import log_batch_metrics, reduce_scores, scoring_for

    scoring = scoring_for(recipe)
    how = recipe.steps.reduce

    def steps(completions: Sequence[Any], **kwargs: Any) -> list[float | None]:
        n = len(completions)
        questions = [q or "" for q in batch_questions(kwargs, n)]  # the question the accuracy reward reads
        batch = scoring.score(questions, [completion_text(c) for c in completions])
        log_batch_metrics(batch, kwargs.get("log_metric"))
        return [reduce_scores(b.scores, how) for b in batch]

    fn = _named(steps, "steps")
    # The process-supervised trainer reuses it (one scoring per batch, metrics logged once); stages/grpo.py finds it
    # with hasattr, as a function attribute, which a Callable type does not declare.
    fn.step_scoring = scoring  # type: ignore[attr-defined]
    return fn


# --------------------------------------------------------------------------------------------------------
# registry

REWARDS: dict[str, RewardSpec] = {
    spec.name: spec
    for spec in (
        RewardSpec(
            "accuracy",
            "1 if the final answer equals the reference (`grpo_cli.verify`), else 0; no score (None) when the "
            "reference cannot be read; a completion cut at `max_completion_length` gets no last-number fallback",
            make_accuracy,
        ),
        RewardSpec(
            "format",
            "1 for exactly `<think>...</think>` then `<answer>...</answer>` with a non-empty answer (read after the "
            "`<think>` a chat template's prompt opened), else 0",
            make_format,
        ),
        RewardSpec(
            "tag_count",
            "0.25 per well-formed tag: each of the four tags once, closing tags after their openers",
            make_tag_count,
        ),
        RewardSpec(
            "language",
            "DeepSeek-R1's language consistency: the share of the reasoning's words in `reward_options.language`",
            make_language,
        ),
        RewardSpec(
            "overlong",
            "DAPO's soft overlong punishment: 0, then a linear ramp to -`overlong_penalty` over the last "
            "`reward_options.overlong_buffer` tokens",
            make_overlong,
        ),
        RewardSpec(
            "steps",
            "the mean, min or last of the reasoning's step scores (`steps.scorer`, `steps.reduce`; docs/process.md)",
            make_steps,
        ),
    )
}


# config.validate checks names and options against config.REWARD_NAMES, which must name exactly this registry.
assert tuple(REWARDS) == REWARD_NAMES, "config.REWARD_NAMES and rewards.REWARDS disagree"


def build_reward_funcs(
    recipe: Recipe, *, not_from: Iterable[str | Path | None] = ()
) -> tuple[list[RewardFunc], list[float]]:
    """The recipe's reward functions (TRL signature, `__name__` = the name it logs under) and their weights, in recipe
    order. The recipe is a validated one: config.validate has checked the names and reward_options. A custom reward is
    loaded here, never from inside `not_from` (the checkpoint training starts from, the run folder) or the recipe's
    model, PRM and data folders."""
    funcs = [
        load_custom(name, recipe, not_from) if custom_reward(name) else REWARDS[name].make(recipe)
        for name in recipe.rewards
    ]
    weights = [float(w) for w in recipe.rewards.values()]
    return funcs, weights


# --------------------------------------------------------------------------------------------------------
# rewards of the user's own: `module:function`, `./file.py:function`

# Files that make a folder a model or checkpoint (transformers, PEFT) or grpo's own run folder: reward code is never
# loaded from inside one, whatever the recipe says.
_MODEL_FILES = ("model.safetensors", "model.safetensors.index.json", "pytorch_model.bin", "adapter_config.json")


def _refused_folders(recipe: Recipe, not_from: Iterable[str | Path | None]) -> list[Path]:
    """The folders a reward's code may not come from: the recipe's model, PRM and data folders, and `not_from`."""
    named = [recipe.model.name, recipe.prm.model, recipe.data.path, *not_from]
    return [Path(p).expanduser().resolve() for p in named if p and Path(p).expanduser().is_dir()]


def _refuse_foreign(path: Path, name: str, folders: Sequence[Path]) -> None:
    """One line when the code of reward `name` lies in a model, checkpoint, data or run folder."""
    real = path.resolve()
    inside = next((f for f in folders if real.is_relative_to(f)), None)
    if inside is None:
        inside = next(
            (
                p
                for p in real.parents
                if (p / "stage.json").is_file()
                or ((p / "config.json").is_file() and any((p / f).exists() for f in _MODEL_FILES))
            ),
            None,
        )
    if inside is not None:
        raise UserError(
            f"reward {name}: {real} lies in {inside}, a model, checkpoint, data or run folder; reward code is loaded "
            "only from a file or module of your own, outside them"
        )


def _source_file(name: str) -> tuple[Path, bool]:
    """(the file of reward `name`'s code, whether its function is defined right there), found without running any of
    it. A module inside a package is found by its top package (finding it would import the package)."""
    source, function = custom_reward(name) or ("", "")
    if source.endswith(".py"):
        path = Path(source).expanduser()
        if not path.is_file():
            raise UserError(f"reward {name}: no file {source} (a path is read from the current folder)")
        return path, True
    top = source.split(".")[0]
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.origin:
        raise UserError(f"reward {name}: no module {top} on the Python path (for a file: ./{source}.py:{function})")
    return Path(spec.origin), "." not in source


def check_custom(recipe: Recipe, *, not_from: Iterable[str | Path | None] = ()) -> None:
    """Each custom reward's file or module exists, lies outside model, checkpoint, data and run folders, and defines
    the function at its top level: read with `ast`, nothing runs. `grpo recipes show`, `grpo train` and `grpo run`
    call it before anything starts."""
    folders = _refused_folders(recipe, not_from)
    for name in recipe.rewards:
        custom = custom_reward(name)
        if not custom:
            continue
        path, here = _source_file(name)
        _refuse_foreign(path, name, folders)
        if not here or path.suffix != ".py":
            continue  # a module inside a package: checked when it is imported
        try:
            tree = ast.parse(safeio.read_text(path, "reward file"), str(path))
        except SyntaxError as err:
            raise UserError(f"reward {name}: {path} line {err.lineno}: {err.msg}") from None
        defined = [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        assigned = {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
        if custom[1] not in defined and custom[1] not in assigned:
            raise UserError(
                f"reward {name}: {path} defines no function {custom[1]} (its functions: {', '.join(defined) or 'none'})"
            )


def load_custom(name: str, recipe: Recipe, not_from: Iterable[str | Path | None] = ()) -> RewardFunc:
    """Import reward `name` (after check_custom) and wrap it: a failure in it, or a value that is not a number or
    None per completion, is one line naming it; it logs as rewards/<function>/mean."""
    check_custom(recipe, not_from=not_from)
    source, function = custom_reward(name) or ("", "")
    try:
        if source.endswith(".py"):
            path = Path(source).expanduser().resolve()
            module_name = f"grpo_reward_{path.stem}_{hashlib.sha1(str(path).encode()).hexdigest()[:8]}"
            spec = importlib.util.spec_from_file_location(module_name, path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[module_name] = module
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(source)
    except Exception as err:  # the user's module failing to import: one line, where it failed
        raise UserError(f"reward {name}: importing {source} failed: {_where(err)}") from None
    fn = getattr(module, function, None)
    if not callable(fn):
        raise UserError(f"reward {name}: {source} has no function {function}")
    origin = getattr(module, "__file__", None)
    if origin:
        _refuse_foreign(Path(origin), name, _refused_folders(recipe, not_from))
    return _named(_guarded(fn, name), reward_metric(name))


def _where(err: BaseException) -> str:
    """'ZeroDivisionError: division by zero (my_reward.py line 4)': the error and the last line of the user's code."""
    ours = str(Path(__file__).resolve().parent)
    frames = traceback.extract_tb(err.__traceback__)
    user = [f for f in frames if not f.filename.startswith((ours, "<frozen"))]
    at = f" ({Path(user[-1].filename).name} line {user[-1].lineno})" if user else ""
    return f"{type(err).__name__}: {safeio.cut(str(err).strip(), 200)}{at}"


def _guarded(fn: Callable[..., Any], name: str) -> RewardFunc:
    """`fn` with TRL's reward signature, its failures and its malformed values as one line naming it."""

    def reward(completions: Sequence[Any], **kwargs: Any) -> list[float | None]:
        try:
            values = fn(completions=completions, **kwargs)
        except Exception as err:
            raise UserError(f"reward {name} failed: {_where(err)}") from None
        if not isinstance(values, (list, tuple)) or len(values) != len(completions):
            got = f"{len(values)} values" if isinstance(values, (list, tuple)) else safeio.excerpt(values, 60)
            raise UserError(
                f"reward {name} returned {got} for {len(completions)} completions; return one float (or None) each"
            )
        out: list[float | None] = []
        for i, v in enumerate(values):
            if v is not None and (
                isinstance(v, str) or not isinstance(v, (int, float)) and not hasattr(v, "__float__")
            ):
                raise UserError(
                    f"reward {name} returned {safeio.excerpt(v, 60)} for completion {i}; return a float or None"
                )
            out.append(None if v is None else float(v))
        return out

    return reward
