"""The one prompt builder that SFT, GRPO and eval share.

R1 style: a system prompt asks for the reasoning inside <think>...</think> and the final answer inside
<answer>...</answer>. The prompt is rendered once, to a string, through the tokenizer's chat template when it has one
(`prompt.chat_template: auto`), or a plain "System / User / Assistant" template otherwise. Every stage feeds that same
string to the model, so the context a policy is trained on is exactly the context it is evaluated on.

No torch here: a tokenizer is only duck-typed (`chat_template`, `apply_chat_template`).
"""

from __future__ import annotations

from typing import Any

from grpo_cli.config import PromptConfig
from grpo_cli.errors import UserError

# The plain template, used when the tokenizer has no chat template (base models such as Qwen2.5-Math-7B ship one;
# GPT-2-style tokenizers do not). The completion starts right after "Assistant:".
PLAIN_TEMPLATE = "{system}\n\nUser: {question}\nAssistant:"
PLAIN_TEMPLATE_NO_SYSTEM = "User: {question}\nAssistant:"


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
    if uses_chat_template(tokenizer, prompt_cfg):
        return tokenizer.apply_chat_template(
            build_messages(question, prompt_cfg), tokenize=False, add_generation_prompt=True
        )
    return plain_prompt(question, prompt_cfg)
