"""The one prompt builder that SFT, GRPO and eval share.

R1 style: a system prompt asks for the reasoning inside <think>...</think> and the final answer inside
<answer>...</answer>. The prompt is rendered once, to a string, through the tokenizer's chat template when it has one
(`prompt.chat_template: auto`), or a plain "System / User / Assistant" template otherwise. Every stage feeds that same
string to the model, so the context a policy is trained on is exactly the context it is evaluated on.

A chat template is code that comes with the model folder: transformers renders it in Jinja's sandbox, which stops it
touching files but not looping or allocating (nested loops hung eval and training; `'x' * 10**10` allocated 10 GB).
So a template is only ever rendered in a forked child process (`bounded`): each prompt within TEMPLATE_DEADLINE_S,
its text at most MAX_RENDERED_CHARS, the child's memory capped at TEMPLATE_MEMORY_BYTES above what it started with.
A template over any bound is one line naming it, and the child is killed. One fork renders a whole list of prompts.

No torch here: a tokenizer is only duck-typed (`chat_template`, `apply_chat_template`).
"""

from __future__ import annotations

import contextlib
import os
import resource
import select
import signal
import struct
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from grpo_cli.config import PromptConfig
from grpo_cli.errors import UserError

# The plain template, used when the tokenizer has no chat template (base models such as Qwen2.5-Math-7B ship one;
# GPT-2-style tokenizers do not). The completion starts right after "Assistant:".
PLAIN_TEMPLATE = "{system}\n\nUser: {question}\nAssistant:"
PLAIN_TEMPLATE_NO_SYSTEM = "User: {question}\nAssistant:"
# The bounds on one rendering. A template for ChatML or Qwen2.5 renders a prompt in well under a millisecond; a
# prompt is the question (at most 1 MiB, data.MAX_QUESTION_CHARS) in a few lines of frame, a PRM conversation the
# question and one completion's steps.
TEMPLATE_DEADLINE_S = 10.0
MAX_RENDERED_CHARS = 4 << 20
TEMPLATE_MEMORY_BYTES = 1 << 30


def build_messages(question: str, prompt_cfg: PromptConfig) -> list[dict[str, str]]:
    """[system?, user] messages for one question (the system message is left out when the recipe's is empty)."""
    messages = []
    if prompt_cfg.system:
        messages.append({"role": "system", "content": prompt_cfg.system})
    messages.append({"role": "user", "content": question})
    return messages


def uses_chat_template(tokenizer: Any, prompt_cfg: PromptConfig) -> bool:
    """Whether `render_prompt` goes through the tokenizer's chat template for this recipe."""
    has_template = bool(getattr(tokenizer, "chat_template", None)) if tokenizer is not None else False
    if prompt_cfg.chat_template == "never":
        return False
    if prompt_cfg.chat_template == "always" and not has_template:
        raise UserError(
            "prompt.chat_template=always but the tokenizer has no chat template; "
            "set prompt.chat_template=auto to use the plain template"
        )
    return has_template


def plain_prompt(question: str, prompt_cfg: PromptConfig) -> str:
    if prompt_cfg.system:
        return PLAIN_TEMPLATE.format(system=prompt_cfg.system, question=question)
    return PLAIN_TEMPLATE_NO_SYSTEM.format(question=question)


def render_prompt(tokenizer: Any, question: str, prompt_cfg: PromptConfig) -> str:
    """The exact prompt string the model sees (chat template + generation prompt, or the plain template).

    `tokenizer` may be None, which means the plain template.
    """
    return render_prompts(tokenizer, [question], prompt_cfg)[0]


def render_prompts(tokenizer: Any, questions: Sequence[str], prompt_cfg: PromptConfig) -> list[str]:
    """render_prompt for each question; a chat template renders them all in one bounded child process."""
    if not uses_chat_template(tokenizer, prompt_cfg):
        return [plain_prompt(q, prompt_cfg) for q in questions]

    def render(question: str) -> str:
        messages = build_messages(question, prompt_cfg)
        return tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)

    return bounded(render, questions, "the model's chat template")


def bounded(render: Callable[[Any], str], items: Sequence[Any], what: str) -> list[str]:
    """[render(item) for item in items], computed in a forked child: each item within TEMPLATE_DEADLINE_S, each
    result at most MAX_RENDERED_CHARS, the child's memory at most TEMPLATE_MEMORY_BYTES more than at the fork. Over
    a bound, or an error inside: a UserError naming `what`. The child inherits `render` as it is (the real
    tokenizer), so the text is exactly what an in-process call would give."""
    if not items:
        return []
    read_end, write_end = os.pipe()
    pid = _fork()
    if pid == 0:  # the child: render, send each text framed (kind, length, bytes), never return
        os.close(read_end)
        _child(render, items, write_end)
    os.close(write_end)
    try:
        return _collect(read_end, len(items), what)
    finally:
        os.close(read_end)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)


def _fork() -> int:
    # tokenizers prints a warning in a child forked after it used its threads unless this is set; the child never
    # tokenizes. The parent's setting is restored at once. (Python 3.12 warns on fork in a threaded process: the child
    # runs only pure-Python Jinja and exits.)
    before = os.environ.get("TOKENIZERS_PARALLELISM")
    os.environ["TOKENIZERS_PARALLELISM"] = "false"
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return os.fork()
    finally:
        if before is None:
            os.environ.pop("TOKENIZERS_PARALLELISM", None)
        else:
            os.environ["TOKENIZERS_PARALLELISM"] = before


_HEADER = struct.Struct("<BQ")  # kind (0 text, 1 error), payload length
_TEXT, _ERROR = 0, 1


def _child(render: Callable[[Any], str], items: Sequence[Any], fd: int) -> None:
    code = 0
    try:
        with open("/proc/self/statm") as fh:  # virtual size now (pages): the cap is on what rendering adds
            now = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (now + TEMPLATE_MEMORY_BYTES, resource.RLIM_INFINITY))
        # The parent kills this process at a deadline; should the parent itself be killed first, SIGALRM's default
        # action ends it a little after the same deadline (an orphan never spins on).
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        with os.fdopen(fd, "wb") as out:
            for item in items:
                signal.alarm(int(TEMPLATE_DEADLINE_S) + 5)
                try:
                    text = render(item)
                except MemoryError:
                    _send(out, _ERROR, f"needs more than {TEMPLATE_MEMORY_BYTES >> 20} MiB of memory")
                    break
                except Exception as err:
                    _send(out, _ERROR, f"{type(err).__name__}: {str(err)[:200]}")
                    break
                if not isinstance(text, str) or len(text) > MAX_RENDERED_CHARS:
                    size = f"{len(text):,} characters" if isinstance(text, str) else type(text).__name__
                    _send(out, _ERROR, f"renders {size}, more than {MAX_RENDERED_CHARS:,}")
                    break
                _send(out, _TEXT, text)
    except BaseException:
        code = 1
    finally:
        os._exit(code)


def _send(out: Any, kind: int, text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    out.write(_HEADER.pack(kind, len(data)) + data)
    out.flush()


def _collect(fd: int, count: int, what: str) -> list[str]:
    texts: list[str] = []
    while len(texts) < count:
        deadline = time.monotonic() + TEMPLATE_DEADLINE_S  # per item: a long list is no reason to wait longer
        kind, size = _HEADER.unpack(_read(fd, _HEADER.size, deadline, what, len(texts)))
        text = _read(fd, size, deadline, what, len(texts)).decode("utf-8", "surrogatepass")
        if kind == _ERROR:
            raise UserError(f"{what} failed on prompt {len(texts) + 1}: {text}; fix or replace the template")
        texts.append(text)
    return texts


def _read(fd: int, size: int, deadline: float, what: str, done: int) -> bytes:
    chunks, got = [], 0
    while got < size:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            raise UserError(
                f"{what} did not render prompt {done + 1} within {TEMPLATE_DEADLINE_S:g} s (a loop that does not "
                "end?); fix or replace the template"
            )
        chunk = os.read(fd, min(size - got, 1 << 20))
        if not chunk:
            raise UserError(f"{what} stopped while rendering prompt {done + 1} (its process died)")
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)
