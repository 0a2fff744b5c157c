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


def _trl_template(name: str) -> str:
    """A real model's chat template as TRL ships it (trl/chat_templates, copied from the checkpoints)."""
    from importlib.resources import files

    path = files("trl") / "chat_templates" / name
    if not path.is_file():
        pytest.skip(f"this TRL ships no {name}")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("template", ["deepseek_r1_distill.jinja", "qwen3_5_think.jinja"])
def test_the_format_reward_reads_a_completion_after_the_think_its_template_opened(tiny_tokenizer, template):
    """DeepSeek-R1-Distill's and Qwen3.5's templates end the generation prompt with `<think>\\n` (TRL issue 6966):
    the completion starts inside the reasoning, and is scored as if that `<think>` preceded it."""
    from grpo_cli.rewards import make_format, make_tag_count

    tok = models.load_tokenizer("tiny", ModelConfig())
    tok.chat_template = _trl_template(template)
    opened = prompts.render_prompt(tok, "What is 2+2?", PromptConfig())
    assert opened.rstrip().endswith("<think>")
    plain = prompts.render_prompt(tiny_tokenizer, "What is 2+2?", PromptConfig())
    completions = ["2 and 2 make 4.</think>\n<answer>4</answer>", "<think>again</think><answer>4</answer>",
                   "no tags at all"]  # fmt: skip
    fmt, tags = make_format(None), make_tag_count(None)
    assert fmt(completions, prompts=[opened] * 3) == [1.0, 0.0, 0.0]  # a second <think> is still malformed
    assert tags(completions, prompts=[opened] * 3) == [1.0, 0.75, 0.25]
    # The same completions after a template that opens nothing: the first lacks its <think>, the second is whole.
    assert fmt(completions, prompts=[plain] * 3) == [0.0, 1.0, 0.0]
    # A conversational prompt whose last message is an assistant prefill that opens the reasoning counts too.
    prefill = [{"role": "user", "content": "What is 2+2?"}, {"role": "assistant", "content": "<think>\n"}]
    assert fmt(completions[:1], prompts=[prefill]) == [1.0]


def test_a_template_that_closes_an_empty_think_opens_nothing(tiny_tokenizer):
    """Qwen3.5 with thinking off prefills `<think>\\n\\n</think>\\n\\n`: nothing is open, the completion is read as is."""
    from grpo_cli.rewards import opens_think

    tok = models.load_tokenizer("tiny", ModelConfig())
    tok.chat_template = _trl_template("qwen3_5_nothink.jinja")
    closed = prompts.render_prompt(tok, "What is 2+2?", PromptConfig())
    assert closed.rstrip().endswith("</think>") and not opens_think(closed)


def test_a_recipe_names_a_system_prompt_or_writes_it():
    from grpo_cli import recipes
    from grpo_cli.config import R1_FINAL_SYSTEM_PROMPT, SYSTEM_PROMPTS

    assert PromptConfig(system="r1").system == R1_SYSTEM_PROMPT  # a name is read as its text
    assert PromptConfig(system="Solve it.").system == "Solve it."  # any other value is the text itself
    # the GPU recipes, whose reward reads the final contract, tell the policy what that reading pays
    for name in ("gsm8k-0.5b", "gsm8k-1.5b", "gsm8k-7b", "math-7b"):
        recipe = recipes.load(name)
        assert recipe.reward_options.verify_mode == "final" and recipe.prompt.system == R1_FINAL_SYSTEM_PROMPT
    assert SYSTEM_PROMPTS["r1-final"].startswith(R1_SYSTEM_PROMPT) and "<answer>" in SYSTEM_PROMPTS["r1-final"]
