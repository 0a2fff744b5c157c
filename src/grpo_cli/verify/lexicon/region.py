"""The part of a text an answer is read from (verify.region): sign-offs, trailers, check openers."""

from __future__ import annotations

# --- The part of a text an answer is read from (verify.region) ----------------------------------------------------
# A chat assistant's closing lines after its answer ('Hope this helps! 😊', 'Let me know if you'd like me to work
# through a similar problem with 5 friends!', '**Tip:** check step 2'), by language; a line that opens with one of
# these is a sign-off.
SIGN_OFFS = {
    "en": (
        r"(?:i\s+)?hope\s+(?:this|that|it|my)\b", r"let\s+me\s+know\b", r"feel\s+free\b", r"don'?t\s+hesitate\b",
        r"if\s+you\s+have\s+(?:any\s+)?(?:other\s+|more\s+|further\s+)?questions?\b", r"is\s+there\s+anything\s+else\b",
        r"anything\s+else\s+i\s+can\b", r"happy\s+(?:to\s+help|learning|studying|solving|calculating|math|baking|shopping)\b",
        r"good\s+luck\b", r"keep\s+(?:up|practi[cs]ing)\b", r"great\s+(?:question|job|work)\b",
        r"you(?:'re|\s+are)\s+welcome\b", r"(?:pro\s+)?tips?\s*:", r"(?:key\s+)?takeaways?\s*:", r"remember\s*:",
        r"want\s+(?:to\s+try|more|another)\b", r"would\s+you\s+like\b", r"(?:do\s+)?you\s+want\s+me\s+to\b",
        r"want\s+(?:me\s+)?to\b", r"shall\s+i\b", r"cheers\b", r"thanks?(?:\s+you)?\s+for\b",
        r"if\s+you(?:'d|\s+would)\s+like\b", r"if\s+you\s+(?:want|need)\b",
    ),
    "es": (r"espero\s+que\b", r"si\s+quieres\b", r"cualquier\s+duda\b", r"av[íi]same\b", r"quieres\s+que\b"),
    "fr": (
        r"j'esp[èe]re\b", r"n'h[ée]sit(?:ez|e)\s+pas\b", r"si\s+tu\s+veux\b", r"si\s+vous\s+(?:voulez|le\s+souhaitez)\b",
        r"besoin\s+d['’]autres\b", r"veux-tu\s+que\b", r"voulez-vous\s+que\b",
    ),
    "de": (
        r"ich\s+hoffe\b", r"wenn\s+(?:du|sie)\s+(?:magst|m[öo]chtest|willst|m[öo]chten|wollen)\b", r"falls\s+du\b",
        r"sag\s+bescheid\b", r"soll\s+ich\b",
    ),
    "it": (r"spero\s+(?:che|di)\b", r"se\s+vuoi\b", r"fammi\s+sapere\b", r"vuoi\s+che\b"),
    "pt": (r"espero\s+(?:que|ter)\b", r"bons\s+estudos\b", r"se\s+quiser\b", r"qualquer\s+d[úu]vida\b", r"quer\s+que\s+eu\b"),
    "ru": (r"надеюсь\b", r"если\s+(?:хотите|нужно|надо|будут)\b", r"хотите,?\s+(?:я|чтобы)\b"),
    "zh": (
        "如果(?:你|您)?(?:需要|想|有)", "如有", "有问题", "需要我", "要不要我", "还有(?:其他|别的)?问题", "有(?:其他|别的)问题",
        "希望(?:这|這|对|對|能)",
    ),
    "ja": ("必要(?:なら|であれば)", "他に(?:質問|ご質問)", "お役に立て"),
    "ko": ("원하시면", "궁금한", r"다른\s*질문", r"도움이\s*되"),
    "hi": (r"कुछ\s+पूछना", "बताइए"),
    "ar": ("بالتوفيق", r"إذا\s+(?:أردت|كان)"),
    "id": (r"semoga\b", r"jika\s+(?:ada|anda)\b"),
    "vi": (r"n[ếe]u\s+b[ạa]n\b",),
    "pl": (r"daj\s+zna[ćc]\b",),
    "tr": (r"umarım\b",),
    "nl": (r"als\s+je\b", r"hopelijk\b"),
    "sv": (r"lycka\s+till\b",),
}  # fmt: skip

# A paragraph after the answer that goes beyond the problem: a generalisation ('In general, for n people ...'),
# another method, a contrast, a remark, an assumption, a common mistake, a note; a paragraph that opens with one.
TRAILERS = {
    "en": (
        r"generali[sz]ation", r"generali[sz]ing", r"in\s+general", r"more\s+generally",
        r"alternative(?:ly|\s+(?:view|method|approach|solution))?", r"another\s+(?:way|method|approach)",
        r"by\s+contrast", r"in\s+contrast", "contrast", r"for\s+comparison", "compare", "remarks?", r"side\s+note",
        "aside", "assumptions?", "bonus", "extension", r"fun\s+fact", r"why\s+(?:this|it)\s+works", "intuition",
        "caveat", "insight", r"edge\s+case", r"(?:more|further)\s+explanation",
        r"(?:a\s+)?(?:common|typical|frequent)\s+(?:mistakes?|errors?|pitfalls?|traps?)", r"watch\s+out",
        r"be\s+careful", "careful", "warning", r"heads\s+up", "fyi", r"for\s+(?:your\s+)?info(?:rmation)?",
        r"pour\s+info", "attention", r"one\s+thing\s+(?:worth\s+noting|to\s+note)", r"worth\s+noting",
        r"keep\s+in\s+mind", r"you\s+can\s+(?:check|verify|confirm)",
        r"if\s+you(?:'re|\s+are)\s+(?:also\s+)?(?:curious|interested|wondering)", r"quick\s+check",
    ),
    "de": (
        "achtung", r"h[äa]ufiger\s+fehler", "bemerkung", "anmerkung", "hinweis", "verallgemeinerung",
        r"zum\s+vergleich",
    ),
    "es": ("ojo", "cuidado", r"error\s+com[úu]n", r"observaci[óo]n", r"generalizaci[óo]n", r"por\s+contraste"),
    "fr": (r"erreur\s+fr[ée]quente", "remarque", r"g[ée]n[ée]ralisation", r"en\s+g[ée]n[ée]ral", r"[àa]\s+noter"),
    "it": ("osservazione", "generalizzazione", r"in\s+generale"),
    "pt": ("observa[çc][ãa]o", "generaliza[çc][ãa]o", r"em\s+geral"),
    "ru": ("примечание", "замечание", "обобщение"),
    "zh": ("备注", "推广", "一般地", "另解"),
    "ja": ("補足", "一般に", "別解"),
    "ar": ("ملاحظة",),
    "ko": ("참고", "일반화"),
    "en remark": (r"this\s+is\s+the\s+(?:amount|number|total|result|value)\s+(?:you|we|he|she|they|that|which|of)\b",),
}  # fmt: skip

# A check of the answer after it: 'Check: 14 + 4 = 18 ✓', 'Let me verify: ...', 'Comprobación: ...'
CHECK_OPENERS = {
    "en": (
        r"(?:quick\s+|sanity\s+|double[- ])?check(?:ing)?\b", r"verif(?:y|ication)\b",
        r"let(?:'s|\s+me|\s+us)\s+(?:double[- ]?)?(?:check|verify)\b", r"to\s+(?:check|verify)\b",
    ),
    "fr es de it": (r"v[ée]rification\b", r"comprobaci[óo]n\b", r"verificaci[óo]n\b", r"probe\b", r"überprüfung\b",
                    r"verifica\b"),
    "zh ja": ("验证", "检验", "検算", "確認"),
    "en roots": (r"both\s+(?:roots\s+|solutions\s+|values\s+|answers\s+)?(?:check\s+out|work|satisfy)\b",),
}  # fmt: skip

# Words that say a paragraph states an answer itself: 'answer', 'final', 'correction', 'actually', 'wait' (en)
STATES_AGAIN = ("answer", "final", "correct(?:ed|ion)", "actually", "wait", "mistake")

# Words that may stand between an alternative word and its value: 'or possibly 13', 'could also be 13' (en, es, fr, de)
VALUE_FILLERS = r"also|be|is|it'?s|possibly|perhaps|maybe|just|even|the|final|answer|would|could|might|es|est|ist"

# The words of a check, anywhere in a sentence (en, es, fr, de)
CHECK_WORDS = r"check\w*|verif\w*|confirm\w*|sanity|comprob\w*|v[ée]rif\w*|probe|überprüf\w*"

# 'if' in the languages models answer in (en, es, fr, it, pt, de, ru)
IF_WORDS = r"if|si|se|wenn|falls|если"
