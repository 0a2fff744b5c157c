"""The one prompt builder: R1 system prompt, chat template when the tokenizer has one, plain template otherwise."""

from __future__ import annotations

import pytest

from grpo_cli import models, prompts
from grpo_cli.config import R1_SYSTEM_PROMPT, ModelConfig, PromptConfig
from grpo_cli.errors import UserError


@pytest.fixture(scope="module")
def tiny_tokenizer():
    return models.load_tokenizer("tiny", ModelConfig())


class NoTemplate:
    chat_template = None


def test_messages_carry_the_r1_system_prompt():
    messages = prompts.build_messages("What is 2+2?", PromptConfig())
    assert messages == [{"role": "system", "content": R1_SYSTEM_PROMPT}, {"role": "user", "content": "What is 2+2?"}]
    assert "<think> </think>" in R1_SYSTEM_PROMPT and "<answer> </answer>" in R1_SYSTEM_PROMPT
    assert prompts.build_messages("q", PromptConfig(system="")) == [{"role": "user", "content": "q"}]


def test_chat_template_when_the_tokenizer_has_one(tiny_tokenizer):
    text = prompts.render_prompt(tiny_tokenizer, "What is 2+2?", PromptConfig(system="Sys."))
    assert text == (
        "<|im_start|>system\nSys.<|im_end|>\n<|im_start|>user\nWhat is 2+2?<|im_end|>\n<|im_start|>assistant\n"
    )


def test_plain_template_otherwise():
    cfg = PromptConfig(system="Sys.")
    expected = "Sys.\n\nUser: What is 2+2?\nAssistant:"
    assert prompts.render_prompt(NoTemplate(), "What is 2+2?", cfg) == expected
    assert prompts.render_prompt(None, "What is 2+2?", cfg) == expected
    assert prompts.render_prompt(None, "q", PromptConfig(system="")) == "User: q\nAssistant:"


def test_never_forces_the_plain_template(tiny_tokenizer):
    cfg = PromptConfig(system="Sys.", chat_template="never")
    assert prompts.render_prompt(tiny_tokenizer, "q", cfg) == "Sys.\n\nUser: q\nAssistant:"


def test_always_without_a_template_is_a_user_error():
    with pytest.raises(UserError, match="has no chat template"):
        prompts.render_prompt(NoTemplate(), "q", PromptConfig(chat_template="always"))
