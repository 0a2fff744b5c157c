"""The gsm8k verifier: one behaviour per case (tests/verify_cases.py), references, modes, tolerance, answer keys."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grpo_cli.verify import Verdict, answer_key, extract_answer, parse_reference, verify
from grpo_cli.verify.numbers import Num, find_numbers, numbers_equal, read_number
from verify_cases import GSM8K_CASES, GSM8K_MODE_CASES


@pytest.mark.parametrize(("completion", "reference", "expected", "note"), GSM8K_CASES, ids=[c[3] for c in GSM8K_CASES])
def test_case(completion, reference, expected, note):
    assert verify(completion, reference, "gsm8k").correct is expected


@pytest.mark.parametrize(
    ("completion", "reference", "expected", "mode", "note"), GSM8K_MODE_CASES, ids=[c[4] for c in GSM8K_MODE_CASES]
)
def test_mode_case(completion, reference, expected, mode, note):
    assert verify(completion, reference, "gsm8k", mode=mode).correct is expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Natalia sold 48/2 = <<48/2=24>>24 clips in May.\n#### 72", "72"),
        ("#### 1,234", "1234"),
        ("#### -5", "-5"),
        ("#### 12.50", "12.5"),
        ("72", "72"),  # an already-parsed reference stays as it is
        ("1,000,000", "1000000"),
        (r"\frac{1}{2}", "1/2"),
        ("#### ", None),
        ("seventy two", None),
        ("", None),
    ],
)
def test_parse_reference(raw, expected):
    assert parse_reference(raw, "gsm8k") == expected


def test_verdict_fields():
    assert verify("<answer>$1,234.00</answer>", "1234") == Verdict(True, "1234", "ok")
    assert verify("<answer>5</answer>", "6") == Verdict(False, "5", "wrong")
    assert verify("no digits here", "6") == Verdict(False, None, "no_answer")
    assert verify("<answer>many</answer>", "5") == Verdict(False, "many", "unparseable")
    assert verify("<answer>five</answer>", "5") == Verdict(True, "5", "ok")


def test_unparseable_reference_is_none_not_wrong():
    v = verify("<answer>72</answer>", "seventy-two")
    assert v.correct is None and v.reason == "bad_reference" and v.extracted == "72"


def test_raw_gsm8k_reference_is_accepted_by_verify():
    assert verify("<answer>72</answer>", "She sold 48 + 24 = 72.\n#### 72").correct is True


@pytest.mark.parametrize(
    ("completion", "expected"),
    [
        ("<answer>72</answer>", "72"),
        ("#### 1,234 apples", "1234"),
        (r"\boxed{\frac{1}{2}}", "1/2"),
        ("<answer>12.50</answer>", "12.5"),
        ("nothing", None),
    ],
)
def test_extract_answer(completion, expected):
    assert extract_answer(completion, "gsm8k") == expected


def test_answer_key_groups_equal_numbers():
    keys = {answer_key(x, "gsm8k") for x in ("72", "72.0", "72.00", "$72", "**72**")}
    assert keys == {"72"}
    assert answer_key("0.5", "gsm8k") == answer_key(r"\frac{1}{2}", "gsm8k") == "1/2"
    assert answer_key("73", "gsm8k") != answer_key("72", "gsm8k")
    assert answer_key(None, "gsm8k") is None


@pytest.mark.parametrize(
    ("a", "b", "equal"),
    [
        ("72", "72.000", True),
        ("0.3333", Fraction(1, 3), True),  # within one unit of the last digit and 1e-4 relative
        ("0.33", Fraction(1, 3), False),  # one unit of the last digit, but 1e-2 relative
        ("72.5", "72", False),
        ("0.0000672", "0.0000673", False),
        ("1000000", "1000000.4", False),
        ("2.50", "2.5", True),
    ],
)
def test_tolerance_rule(a, b, equal):
    na = read_number(a)
    nb = Num(b) if isinstance(b, Fraction) else read_number(b)
    assert numbers_equal(na, nb) is equal
    assert numbers_equal(nb, na) is equal


def test_huge_literals_compare_as_digit_strings():
    big = "9" * 10_000
    assert verify(f"<answer>{big}</answer>", big).correct is True
    assert verify(f"<answer>{big}8</answer>", big).correct is False


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("10 - 5 = 5", ["10", "5", "5"]),  # a binary minus is not a sign
        ("x = -3", ["-3"]),
        ("-$5 and $-4", ["-5", "-4"]),
        ("1,234.5 and .5", ["1234.5", "0.5"]),
        ("H2O and ٣", []),  # digits inside words and non-ASCII digits are not numbers
    ],
)
def test_find_numbers(text, numbers):
    assert [n.canonical() for n in find_numbers(text)] == numbers


def test_unknown_task_is_a_programming_error():
    with pytest.raises(ValueError, match="unknown verifier task"):
        verify("1", "1", "gsm9k")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "The answer is 42.", "Final answer: 42", "**Answer:** 42", "La respuesta es 42.", "La réponse est 42.",
        "Réponse : 42", "Die Antwort ist 42.", "Die Antwort lautet 42.", "La risposta è 42.", "A resposta é 42.",
        "Het antwoord is 42.", "Ответ: 42", "答案是 42", "答えは 42", "答：42", "### Final Answer\n42",
    ],
)  # fmt: skip
def test_every_answer_phrase_is_found_after_the_keyword_prefilter(text):
    """phrase_span scans only texts holding one of _PHRASE_WORDS: a language added to the phrase regex but not to
    that list would never be found."""
    from grpo_cli.verify.sources import phrase_span

    found = phrase_span("Some working first, 6 x 7.\n" + text)
    assert found is not None and "42" in found[0], found


def test_a_cut_off_completion_keeps_an_answer_sentence_it_completed():
    """Degenerate repetition until the token limit: 'The answer is 12.' was complete before the cut, so it counts;
    a phrase cut right after its digits does not ('... is 12' could have become 120)."""
    text = "3 x 4 = 12 apples. " + "The answer is 12. " * 5 + "The answer is"
    assert verify(text, "12", finished=False).correct is True
    assert verify("3 x 4 = 12 apples. The answer is 12", "12", finished=False).reason == "truncated"


def test_a_phrase_cut_inside_its_box_states_nothing():
    """'So the final answer is \\boxed{30.' at the token limit: the box never closed, so '30.' may have become 30.5
    or 30.75; the '.' is a decimal point, not the end of a sentence."""
    text = "Her change is $50 - $19.50 = $30.50.\n\nSo the final answer is \\boxed{30."
    assert verify(text, "30", finished=False).reason == "truncated"
    assert verify(text.replace("\\boxed{30.", "\\boxed{30.5}."), "30.5", finished=False).correct is True


def test_a_cut_off_completion_that_takes_its_answer_back_states_none():
    """'The answer is 30.' then 'Wait, no — I misread ...' and the token limit: the model had withdrawn 30 and was cut
    before saying what instead. A finished text that goes on to settle is read as usual."""
    text = "Ali has 10 cards and Ben three times as many. The answer is 30.\n\nWait, no — I misread the question; it asks for"
    assert verify(text, "30", finished=False).correct is False
    assert verify(text.split("\n\nWait")[0] + "\n\nLet me restate: Ben has", "30", finished=False).correct is True


def test_a_cut_off_text_keeps_a_bold_answer_sentence():
    """'**The answer is 9.** Here's why ... 9 × 4 = 3' and the token limit: the bold sentence ended before the cut."""
    text = "36 ÷ 4.\n\n**The answer is 9.** Here's why this makes sense: if each of the 9 teams has 4 players, then 9 × 4 = 3"
    assert verify(text, "9", finished=False).correct is True
    assert verify(text.replace("9.**", "9**"), "9", finished=False).correct is False  # no full stop: could be 90


def test_a_cut_off_step_after_the_reasoning_states_nothing():
    """Cut off inside an answer tag after the reasoning, with a paragraph that only does a step ('So she fills 144 ÷ 12
    boxes.'): the step's last number is no statement of the answer; a paragraph that states a value is."""
    text = "<think>\n144 / 12 = 12.\n</think>\n\nSo she fills 144 ÷ 12 boxes.\n\n<answer>12"
    assert verify(text, "12", finished=False).correct is False
    assert verify(text.replace("144 ÷ 12 boxes", "12 boxes"), "12", finished=False).correct is True


def test_a_cut_off_box_taken_back_states_none():
    """A box, then 'Wait, that's not right. Let me recompute: ...' and the token limit: as with a phrase taken back,
    the model withdrew its box and was cut before a new answer (math task, and gsm8k the same way)."""
    text = "2^4 = 16.\n\nThe number of subsets is \\(\\boxed{16}\\).\n\nWait, that's not right. Let me recompute: the"
    assert verify(text, "16", task="math", finished=False).correct is False
    assert verify(text, "16", finished=False).correct is False
    assert (
        verify(text.split("\n\nWait")[0] + "\n\nLet me double-check by listing", "16", finished=False).correct is True
    )


def test_an_answer_phrase_that_asks_states_nothing():
    """'So the answer is 45? Hmm wait, let me re-check ...' (cut off inside the reasoning): a question, not a
    statement."""
    text = "10% of 50 is 5. So the answer is 45? Hmm wait, let me re-check the discount. So 50 - 5 ="
    assert verify(text, "45", finished=False).correct is False
    assert verify(text.replace("45?", "45."), "45", finished=False).correct is False  # taken back ('wait')


def test_a_cut_off_answer_paragraph_after_the_reasoning_counts():
    """After </think>, a complete first paragraph that states a bold value is the answer, even when the explanation
    after it was cut off; a cut inside that paragraph states nothing."""
    head = "<think>25 × 6 = 150, 40 × 4 = 160, 150 + 160 = 310.</think>\n\nJenna read **310 pages** in total."
    assert verify(
        head + "\n\nBreakdown:\n- First 6 days: 25 × 6 = 150\n- Next 4 days: 40 × 4 = 1", "310", finished=False
    ).correct
    assert verify(head[: head.index("310 pages")] + "310 pa", "310", finished=False).correct is False


def test_a_cut_off_check_after_a_stated_answer_keeps_it():
    """A statement of the answer, then a check cut off at the token limit: the statement counts; a retraction cut off
    ('Wait — I made an error ...') does not."""
    text = (
        "Total marbles: 12 + 24 = 36\n\n**Ben has 36 marbles in total.**\n\n### Quick check ✅\nThree groups of 12: 3 ×"
    )
    assert verify(text, "36", finished=False).correct is True
    head = "<think>40 × 1.05 = 42</think>\n\nDiscounted price: 40. With tax: 42.\n\n**Answer: 42**\n\n"
    assert (
        verify(head + "Wait — I made an error in step 2, so the total should be", "42", finished=False).correct is False
    )
    pencils = (
        "<think>14 × 36 = 504, 504 − 58 = 446.</think>\n\nThe school has 446 usable pencils.\n\nDouble-check: 14 × 3"
    )
    assert verify(pencils, "446", finished=False).correct is True


def test_a_cut_off_repetition_falls_back_on_the_statement_it_repeats():
    """'The answer is 56.' three times, then 'The answer is 5' at the limit: the cut statement is the start of the one
    before it, so the completed one counts; a cut statement that differs from it ('... is 7') is not trusted."""
    text = "8 x 7 = 56. The answer is 56.\nThe answer is 56.\nThe answer is 5"
    assert verify(text, "56", finished=False).correct is True
    assert verify("8 x 7 = 56. The answer is 56.\nThe answer is 7", "7", finished=False).reason == "truncated"
    assert verify("8 x 7 = 56. The answer is 56.\nThe answer is 7", "56", finished=False).correct is False


def test_a_cut_off_loop_of_a_concluding_sentence_states_its_value():
    """A concluding sentence written whole at least twice, then cut inside the next repeat, on one line or in
    paragraphs of their own: its value counts. A repeated step or a repeated remark concludes nothing."""
    loop = "The tickets cost 6 x 7 = 42 dollars. " + "So the total is 42 + 8 = 50. " * 3 + "So the total is 42 +"
    assert verify(loop, "50", finished=False).correct is True
    assert verify(loop, "42", finished=False).correct is False
    assert verify("Therefore, $x = 5$.\n\n" * 4 + "Therefore, $x", "5", task="math", finished=False).correct is True
    assert verify("Step 1: 14 × 3 = 42.\n\n" * 3 + "Step 1: 14", "42", finished=False).correct is False
    assert verify("Let me check 12 again. " * 3 + "Let me", "12", finished=False).correct is False
    assert verify("So the total is 42 + 8 = 50. So the total is 42", "50", finished=False).correct is False


def test_a_cut_off_text_that_stated_its_answer_before_a_breakdown_or_a_check_keeps_it():
    """Cut in a breakdown after a complete bold statement, cut while double-checking a closed box, or cut right after
    a concluding paragraph: the answer was written whole. A box taken back before the cut is not, nor a concluding
    paragraph that only echoes the one before it (a loop)."""
    table = "### Result\n**Omar earns $450 for the week.**\n\n### Breakdown\n| Day | Hours | Pay |\n|---|---|---|\n| Mon | 5 | $9"
    assert verify(table, "450", finished=False).correct is True
    assert verify(table, "90", finished=False).correct is False
    box = "<think>\n3 red of 5 total → 3/5.\n</think>\n\n\\boxed{\\frac{3}{5}}\n\n"
    assert verify(
        box + "Wait, let me double-check by computing the complement: 1 − ", "3/5", "math", finished=False
    ).correct
    assert not verify(box + "Wait, that is not right. The complement is 1 − ", "3/5", "math", finished=False).correct
    worked = "The total is 180 hours * 1.5 = 240 hours.\n\nEach week: 240 hours / 6 periods = 40 hours per week.\n\n"
    assert verify(worked + "Therefore, John spends 40 hours per week learning.", "40", finished=False).correct is True
    assert verify(worked + "Therefore, he works 8 hours on each of the 5 days.", "40", finished=False).correct is False
    echo = "So, we take the exponent of $(k^k)^k=1$ and invert it.\n\nSo, we simply take the exponent of $(k^k)^k=1$ and invert it."
    assert verify(echo, "1", task="math", finished=False).correct is False


def test_a_cut_off_loop_of_hashes_lines_and_a_hashes_line_ended_before_the_cut():
    """'#### 320' repeated, then cut inside '#### 3': the line before was written whole. '#### 12' followed by a
    newline at the limit was ended by the model; without the newline it could have gone on to '120'."""
    loop = "420 - 100 = 320\n" + "#### 320\n" * 25 + "#### 3"
    assert verify(loop, "320", finished=False).correct is True
    assert verify(loop, "3", finished=False).correct is False
    text = "48 apples shared equally in 4 bags: 48 / 4 = 12 apples per bag.\n#### 12"
    assert verify(text + "\n", "12", finished=False).correct is True
    assert verify(text, "12", finished=False).reason == "truncated"
