"""The step splitter: where the reasoning is, how it splits (blank lines, lines, sentences, clauses), and where each
step ends in tokens, with the tiny model's character tokenizer and a byte-level BPE."""

from __future__ import annotations

import pytest

from grpo_cli.stepwise.split import SPLIT_MODES, Step, reasoning_span, split_steps, token_end, with_token_ends


@pytest.fixture(scope="module")
def tiny_tokenizer():
    from grpo_cli import models
    from grpo_cli.config import ModelConfig

    return models.load_tokenizer("tiny", ModelConfig())


def texts(steps: list[Step]) -> list[str]:
    return [s.text for s in steps]


@pytest.mark.parametrize(
    ("completion", "reasoning"),
    [
        ("<think>a</think>\n<answer>1</answer>", "a"),
        ("<think>a, b", "a, b"),  # cut off inside <think>: what was written
        ("<think>a<answer>1</answer>", "a"),  # no </think>: up to the answer
        ("a</think><answer>1</answer>", "a"),  # the opener in the prompt
        ("a b c<answer>1</answer>", "a b c"),
        ("just text", "just text"),
    ],
)
def test_reasoning_span(completion: str, reasoning: str) -> None:
    lo, hi = reasoning_span(completion)
    assert completion[lo:hi] == reasoning


def test_toy_working_splits_into_its_clauses() -> None:
    text = "<think>9+2=11, 11-3=8</think>\n<answer>8</answer>"
    steps = split_steps(text)
    assert texts(steps) == ["9+2=11,", "11-3=8"]
    for s in steps:  # offsets point into the completion
        assert text[s.start : s.end] == s.text


def test_paragraphs_win_over_lines() -> None:
    text = "<think>First we add.\n3+4=7\n\nThen we double: 7*2=14.\n\nDone.</think><answer>14</answer>"
    assert texts(split_steps(text)) == ["First we add.\n3+4=7", "Then we double: 7*2=14.", "Done."]
    assert texts(split_steps(text, "line")) == ["First we add.", "3+4=7", "Then we double: 7*2=14.", "Done."]


def test_gsm8k_working_splits_into_lines() -> None:
    text = "Natalia sold 48/2 = 24 clips in May.\nNatalia sold 48+24 = 72 clips altogether."
    assert texts(split_steps(text)) == [
        "Natalia sold 48/2 = 24 clips in May.",
        "Natalia sold 48+24 = 72 clips altogether.",
    ]


def test_sentences_then_clauses() -> None:
    text = "He has 3.5 kg. He eats 1,000 g; so 3.5-1=2.5 kg are left."
    assert texts(split_steps(text)) == ["He has 3.5 kg.", "He eats 1,000 g;", "so 3.5-1=2.5 kg are left."]
    assert texts(split_steps("<think>a, b, c</think>", "sentence")) == ["a, b, c"]  # one sentence
    assert texts(split_steps("<think>a, b, c</think>", "clause")) == ["a,", "b,", "c"]


def test_unsplittable_and_empty_reasoning() -> None:
    assert texts(split_steps("<think>3+4=7</think><answer>7</answer>")) == ["3+4=7"]
    assert split_steps("<think>  \n\n </think><answer>7</answer>") == []
    with pytest.raises(ValueError, match="split mode"):
        split_steps("x", "paragraph")
    assert "auto" in SPLIT_MODES


def test_token_ends_with_character_tokenizer(tiny_tokenizer) -> None:
    text = "<think>9+2=11, 11-3=8</think>\n<answer>8</answer>"
    ids = tiny_tokenizer(text, add_special_tokens=False)["input_ids"] + [tiny_tokenizer.eos_token_id]

    def decode(x):
        return tiny_tokenizer.decode(x, skip_special_tokens=True)

    assert decode(ids) == text
    steps = with_token_ends(split_steps(text), ids, decode)
    # one token per character: a step's last token is its last character
    assert [s.token_end for s in steps] == [s.end - 1 for s in steps]
    assert decode(ids[: steps[0].token_end + 1]).endswith("9+2=11,")
    assert not decode(ids[: steps[0].token_end]).endswith("9+2=11,")


def test_token_ends_with_multi_character_tokens() -> None:
    # A BPE-like vocabulary: each id decodes to a chunk of several characters.
    chunks = ["<think>", "9+", "2=1", "1, ", "11-", "3=8", "</think>"]

    def decode(ids):
        return "".join(chunks[i] for i in ids)

    text = decode(range(len(chunks)))
    steps = with_token_ends(split_steps(text), list(range(len(chunks))), decode)
    assert texts(steps) == ["9+2=11,", "11-3=8"]
    assert [s.token_end for s in steps] == [3, 5]  # "1, " holds the comma; "3=8" holds the last 8
    assert token_end(1, [0], decode) == 0
    assert with_token_ends(steps, [], decode)[0].token_end == 0
