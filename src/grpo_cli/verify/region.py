"""The part of a completion an answer is read from: up to a made-up next question or an end-of-turn token, without a
chat's closing lines (`Hope this helps! 😊`), the paragraphs that go beyond the problem (a generalisation, another
method, a note) or only check the answer, and the emoji a line closes on.

Pure functions of the text, each linear in it; `extract.find_span` applies them before it looks for the answer.
"""

from __future__ import annotations

import re
import unicodedata

from grpo_cli.verify.numbers import NUMBER_RE
from grpo_cli.verify.sources import CLOSE_TAG, HASHES, phrase_matches, phrase_span

# A few-shot run-on: after answering, the model writes the next "Question:" of the prompt's pattern and answers that.
# A chat transcript continued the same way: 'Human:' / 'User:' then 'Assistant:'.
_NEXT_QUESTION = re.compile(
    r"\n[ \t]*(?:\*\*)?(?:(?:Follow[- ]up|Next|New)\s+(?:question|problem)|Question|Problem|Q|Exercise|Human|User)[ \t]*[0-9]*"
    r"[ \t]*(?:\*\*)?[ \t]*[:.]"
)

_NEXT_ANSWER = re.compile(r"\n[ \t]*(?:\*\*)?(?:Answer|Solution|A|Assistant)[ \t]*(?:\*\*)?[ \t]*:")

# A chat template's end-of-turn token, left in when special tokens were not skipped in decoding (ChatML, Llama 3,
# Gemma, DeepSeek, GPT-2, SentencePiece): the answer ended there, and whatever follows is another turn.
_END_OF_TURN = re.compile(
    r"<\|(?:im_end|eot_id|endoftext|end_of_text|end|im_start)\|>|</s>|<end_of_turn>|<eos>|<｜end▁of▁sentence｜>"
)

_PROMPT_ECHO = re.compile(r"(?i)\n[^\n]*\benclosed\s+within\s+<think>\s*</think>\s+and\s+<answer>\s*</answer>\s+tags\b")


def own_problem(text: str) -> str:
    """The text up to a new "Question:" / "Q:" line that follows a stated answer (#### line, box, tag or phrase)
    or some working, when an "Answer:" / "A:" follows it: what comes after it answers a problem the model made up
    (a few-shot prompt's pattern, continued), not this one; or the text up to an end-of-turn token."""
    if "<" in text and (end := _END_OF_TURN.search(text)) is not None and text[: end.start()].strip():
        text = text[: end.start()].rstrip()
    if "<" in text and (echo := _PROMPT_ECHO.search(text)) is not None and text[: echo.start()].strip():
        text = text[
            : echo.start()
        ].rstrip()  # the R1-Zero prompt's own sentence, echoed: '... <answer> answer here </answer>.'
    found = _NEXT_QUESTION.search(text)
    if found is None:
        return text
    head = text[: found.start()]
    if HASHES.search(head) or "\\boxed" in head or CLOSE_TAG in head or phrase_span(head) is not None:
        return head  # (an answer tag too: '<answer>24</answer>\n\nQuestion: ... <answer>31</answer>')
    if NUMBER_RE.search(head) and _NEXT_ANSWER.search(text, found.end()):
        return head
    return text


# A note after the answer ('Note: if he had given away 2 more, he would have 15.') is not where the answer is, nor a
# remark on the kind of problem ('This is a classic example of a recursive formula where ... multiplied by 10.').
_NOTE = re.compile(
    r"\n\s*(?:(?:\*\*|\()?(?:note|n\.b\.|p\.s\.)\b|(?:this|that|it)\s+(?:problem\s+)?(?:is|was)\s+(?:a|an)\s+(?:[a-z]+\s+){0,2}"
    r"(?:example|application|illustration|instance)\s+of\b)[^\n]*$",
    re.I,
)

# A chat assistant's closing lines after its answer ('Hope this helps! 😊', 'Let me know if you'd like me to work
# through a similar problem with 5 friends!', '**Tip:** check step 2', a '---' rule): not where the answer is.
_SIGN_OFF = re.compile(
    r"(?i)(?:i\s+)?hope\s+(?:this|that|it|my)\b|let\s+me\s+know\b|feel\s+free\b|don'?t\s+hesitate\b"
    r"|if\s+you\s+have\s+(?:any\s+)?(?:other\s+|more\s+|further\s+)?questions?\b|is\s+there\s+anything\s+else\b"
    r"|anything\s+else\s+i\s+can\b|happy\s+(?:to\s+help|learning|studying|solving|calculating|math|baking|shopping)\b"
    r"|good\s+luck\b|keep\s+(?:up|practi[cs]ing)\b|great\s+(?:question|job|work)\b|you(?:'re|\s+are)\s+welcome\b"
    r"|(?:pro\s+)?tips?\s*:|(?:key\s+)?takeaways?\s*:|remember\s*:|want\s+(?:to\s+try|more|another)\b"
    r"|would\s+you\s+like\b|(?:do\s+)?you\s+want\s+me\s+to\b|want\s+(?:me\s+)?to\b|shall\s+i\b|بالتوفيق|bons\s+estudos\b|cheers\b|thanks?(?:\s+you)?\s+for\b"
    r"|if\s+you(?:'d|\s+would)\s+like\b|if\s+you\s+(?:want|need)\b"
    r"|espero\s+que\b|j'esp[èe]re\b|n'h[ée]sit(?:ez|e)\s+pas\b|ich\s+hoffe\b|spero\s+che\b|надеюсь\b"
    r"|se\s+vuoi\b|si\s+quieres\b|si\s+tu\s+veux\b|si\s+vous\s+(?:voulez|le\s+souhaitez)\b|wenn\s+(?:du|sie)\s+(?:magst|m[öo]chtest"
    r"|willst|m[öo]chten|wollen)\b|falls\s+du\b|se\s+quiser\b|qualquer\s+d[úu]vida\b|cualquier\s+duda\b|fammi\s+sapere\b"
    r"|av[íi]same\b|sag\s+bescheid\b|если\s+(?:хотите|нужно|надо|будут)\b|如果(?:你|您)?(?:需要|想|有)|如有|有问题|必要(?:なら|であれば)"
    r"|원하시면|궁금한|कुछ\s+पूछना|बताइए|إذا\s+(?:أردت|كان)|semoga\b|jika\s+(?:ada|anda)\b|n[ếe]u\s+b[ạa]n\b|daj\s+zna[ćc]\b"
    r"|quer\s+que\s+eu\b|besoin\s+d['’]autres\b|veux-tu\s+que\b|voulez-vous\s+que\b|quieres\s+que\b|soll\s+ich\b"
    r"|vuoi\s+che\b|хотите,?\s+(?:я|чтобы)\b|需要我|要不要我|umarım\b|als\s+je\b|hopelijk\b|还有(?:其他|别的)?问题|有(?:其他|别的)问题|他に(?:質問|ご質問)|다른\s*질문|lycka\s+till\b"
    r"|希望(?:这|這|对|對|能)|お役に立て|도움이\s*되"
)

_LEAD = " \t*_>#~-¡¿"  # markup and opening punctuation before a line's first word


def _decoration(line: str) -> bool:
    """A line of markup or emoji only: '---', '***', '😊🎉'."""
    core = line.strip()
    return bool(core) and all(c in "-*_=~!.· " or unicodedata.category(c) in ("So", "Sk", "Cf") for c in core)


def symbols_end(text: str, end: int) -> int:
    """The end of text[:end] without the emoji and check marks it closes on ('**x = 4** ✅', '25% 🪙', '👍🏽'); not
    the degree sign, which belongs to its number (sin 30°)."""
    while end > 0 and (
        text[end - 1] in " \t\n"
        or text[end - 1] > "\x7f"
        and text[end - 1] != "°"
        and unicodedata.category(text[end - 1]) in ("So", "Sk", "Mn", "Cf")
    ):
        end -= 1
    return end


def answer_region(text: str) -> str:
    """The part of a completion an answer is read from: up to a made-up next question or an end-of-turn token,
    without a chat's closing lines or the paragraphs that go beyond the problem."""
    return without_trailers(without_sign_off(own_problem(text)))


def unmarked(line: str) -> str:
    """A line without its leading markup, opening punctuation and emoji: '> 💡 **Tip:**' -> 'Tip:**'."""
    core = line.lstrip(_LEAD + "\n")
    return core.lstrip("".join(c for c in core[:3] if unicodedata.category(c) in ("So", "Sk", "Cf", "Mn")) + _LEAD)


_LINE_SENTENCE_END = re.compile(r"[.!?](?:\*\*)?(?=\s)")


def without_sign_off(text: str) -> str:
    """The text without the closing lines of a chat answer (at most 6 lines, from the end)."""
    end = len(text)
    for _ in range(6):
        body = text[:end].rstrip()
        start = body.rfind("\n") + 1
        line = body[start:]
        core = unmarked(line)
        closing = start > 0 and (_SIGN_OFF.match(core) or _decoration(line))
        if not closing or "\\boxed" in line or phrase_matches(line):  # a closing line that states the answer stays
            # or a closing sentence at the end of the answer's own line: '... pays **$35**. Want me to show ...?',
            # 'So there are forty-two chocolates in the box. I hope this helps!'
            ends = _LINE_SENTENCE_END.finditer(line, 0, max(0, len(line) - 2))  # ("**That's it!** Want me to ...?")
            last = max((m.end() for m in ends), default=0)
            if last > 0 and _SIGN_OFF.match(unmarked(line[last:])):
                end = start + last
            break
        end = start
    end = symbols_end(text, end)  # '**Tom needs a dozen eggs.** 🥚🥚🥚', '**x = 4** ✅'
    return text[:end].rstrip() if end < len(text) else text


# A paragraph after the answer that goes beyond the problem: a generalisation ('In general, for n people ... \boxed{45}
# handshakes for 10 people'), another method, a contrast, a remark, an assumption, a note (en, de, fr, es, it, pt, ru,
# zh, ja, ar, ko). Its numbers and boxes are not the answer to this problem.
TRAILER = re.compile(
    r"(?i)\(?(?:generali[sz]ation|generali[sz]ing|in\s+general|more\s+generally|alternative(?:ly|\s+(?:view|method|approach"
    r"|solution))?|another\s+(?:way|method|approach)|by\s+contrast|in\s+contrast|contrast|for\s+comparison|compare|remarks?"
    r"|side\s+note|aside|assumptions?|bonus|extension|fun\s+fact|why\s+(?:this|it)\s+works|intuition|caveat|insight"
    r"|edge\s+case|(?:more|further)\s+explanation|(?:a\s+)?(?:common|typical|frequent)\s+(?:mistakes?|errors?|pitfalls?|traps?)"
    r"|watch\s+out|be\s+careful|careful|warning|heads\s+up|fyi|for\s+(?:your\s+)?info(?:rmation)?|pour\s+info|attention"
    r"|one\s+thing\s+(?:worth\s+noting|to\s+note)|worth\s+noting|keep\s+in\s+mind|you\s+can\s+(?:check|verify|confirm)"
    r"|if\s+you(?:'re|\s+are)\s+(?:also\s+)?(?:curious|interested|wondering)|quick\s+check"
    r"|achtung|ojo|cuidado|erreur\s+fr[ée]quente|error\s+com[úu]n|h[äa]ufiger\s+fehler|bemerkung|anmerkung|hinweis|verallgemeinerung|zum\s+vergleich|remarque|g[ée]n[ée]ralisation|en\s+g[ée]n[ée]ral"
    r"|[àa]\s+noter|observaci[óo]n|generalizaci[óo]n|por\s+contraste|osservazione|generalizzazione|in\s+generale"
    r"|observa[çc][ãa]o|generaliza[çc][ãa]o|em\s+geral|примечание|замечание|обобщение|备注|推广|一般地|另解|補足|一般に|別解"
    r"|ملاحظة|참고|일반화"
    r"|this\s+is\s+the\s+(?:amount|number|total|result|value)\s+(?:you|we|he|she|they|that|which|of)\b)\b"
    r"|(?P<scenario>if\b[^\n]{0,200}?\b(?:instead|would)\b)"  # a second scenario: 'If you sent 300 texts instead, it would be $55.'
)


def without_trailers(text: str, scenarios: bool = True) -> str:
    """The text without paragraphs after the answer that go beyond the problem (`TRAILER`), check it or close a chat
    (`_SIGN_OFF`), at most 4, from the end. `scenarios=False` keeps a closing 'If ...' paragraph (to test it)."""
    end = len(text)
    for _ in range(4):
        body = text[:end].rstrip()
        start = body.rfind("\n\n") + 2
        core = unmarked(body[start:])
        trailer = TRAILER.match(core)
        if trailer and trailer.group("scenario") and (not scenarios or "\\boxed" in core):
            break  # 'If instead the roles differ, ... \\boxed{12} ways.': a box per reading, not a remark
        if start < 2 or not body[:start].strip():
            break
        closing = _SIGN_OFF.match(core) or not core.strip()
        check = (
            not (trailer or closing) and CHECK.match("\n" + body[start:]) and not CONCLUDES_AGAIN.search(body[start:])
        )
        if not (trailer or closing or check):
            break
        if closing and ("\\boxed" in core or phrase_matches(core)):
            break  # 'Great job working on this! 🎉 The answer is **x = 4**.' (a closing line that states the answer)
        end = start
    return text[:end].rstrip() if end < len(text) else text


# A check of the answer after it, that states nothing new ('Check: 14 + 4 = 18 ✓', 'Let me verify: ...'): its numbers
# are the check's, not the answer. A check that concludes again ('... So she has 13.') is kept.
CHECK = re.compile(
    r"\n[ \t]*(?:[*_>#-]+[ \t]*)?(?:✅|✔️?|☑️?)?[ \t]*(?:\*\*)?(?:(?:quick\s+|sanity\s+|double[- ])?check(?:ing)?\b|verif(?:y|ication)\b"
    r"|let(?:'s|\s+me|\s+us)\s+(?:double[- ]?)?(?:check|verify)\b|to\s+(?:check|verify)\b|v[ée]rification\b|comprobaci[óo]n\b"
    r"|verificaci[óo]n\b|probe\b|überprüfung\b|verifica\b|验证|检验|検算|確認"
    r"|both\s+(?:roots\s+|solutions\s+|values\s+|answers\s+)?(?:check\s+out|work|satisfy)\b)",
    re.I,
)

CONCLUDES_AGAIN = re.compile(
    r"(?i)\b(?:so|therefore|thus|hence)\b[^.\n]{0,80}?[0-9]|\b(?:answer|final|correct(?:ed|ion)|actually|wait|mistake)\b"
    r"|\n[ \t]*\n[ \t]*(?:\*\*)?(?:so|therefore|thus|hence|in\s+total|altogether)\b"  # a conclusion after it, in words too
)  # (not '..., so the calculation above is consistent.')


def without_note(text: str) -> str:
    """The text without a trailing note or remark (`_NOTE`) and without a check of the answer (`CHECK`) that
    concludes nothing itself."""
    check = None
    for check in CHECK.finditer(text, max(0, len(text) - 1500)):  # noqa: B007 - the last one
        pass
    if check is not None and not CONCLUDES_AGAIN.search(text, check.end()) and text[: check.start()].strip():
        text = text[: check.start()].rstrip()
    note = _NOTE.search(text, max(0, len(text) - 600))
    if note is None or not NUMBER_RE.search(text, 0, note.start()):
        return text
    return text[: note.start()]
