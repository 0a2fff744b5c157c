"""Only what the model asserts is its answer (verify.assertion): answer owners, parties, quotation sources, conditions on the grader, negations, disowning."""

from __future__ import annotations

# ---------------------------------------------------------------------------------------------------- assertion (issue 38)
# Only what the model asserts is its answer (verify/assertion.py). The words of the statements that are someone else's,
# or not asserted.
# Who else holds an answer: a reference, a key, a grader. A line labelled with one ('Reference answer: 42', 'Gold
# label: 42', 'Musterlösung: 42', '参考答案：42') gives their answer, not the model's.
ANSWER_OWNERS = {
    "en": ("reference", "expected", r"ground[- ]?truth", "gold", "target", "key", "official", r"text-?book", "book",
           "manual", "sample", "example", "worked", "teacher'?s?", "instructor'?s?", "grader", "autograder", "checker",
           "verifier", "evaluator", "judge", "marker", "reviewer", "rubric", "scorer", "system"),
    "es": ("referencia", r"esperad[ao]", "solucionario", "clave", "oficial", "libro", "ejemplo", r"profesor(?:a)?",
           r"evaluador(?:a)?", r"corrector(?:a)?"),
    "fr": ("r[ée]f[ée]rence", r"attendue?", "corrig[ée]", r"officiel(?:le)?", "manuel", "livre", "exemple",
           "professeur", "correct(?:eur|rice)", r"[ée]valuat(?:eur|rice)"),
    "de": (r"referenz\w*", r"erwartet\w*", r"muster\w*", r"l[öo]sungsschl[üu]ssel", r"offiziell\w*", "buch",
           r"beispiel\w*", r"lehrer\w*", r"korrektor\w*", r"pr[üu]fer\w*", r"bewerter\w*"),
    "it": ("riferimento", "attesa", "ufficiale", "libro", "esempio", "correttore", "valutatore"),
    "pt": ("refer[êe]ncia", "esperada", "gabarito", "oficial", "livro", "exemplo", "corretor", "avaliador"),
    "ru": (r"эталон\w*", r"ожидаем\w*", r"учебник\w*", r"пример\w*", r"проверяющ\w*", r"официальн\w*"),
    "zh ja ko": ("参考答案", "标准答案", "评分", "阅卷", "例题", "课本", "模範解答", "採点", "例題", "教科書", "해설지",
                 r"모범\s*답안", "채점"),
}  # fmt: skip

# What a label may also hold beside its owner: the answer it names, articles and linking words ('Note to grader',
# 'Respuesta de referencia', 'Correct answer (from the key)').
LABEL_WORDS = (
    "answer", "answers", "solution", "label", "value", "result", "output", "note", "to", "for", "from", "the", "my",
    "your", "a", "an", "automatic", "correct", "final", "says?", "respuesta", "soluci[óo]n", "de", "la", "el", "del",
    "r[ée]ponse", "solution", "au", "le", "du", "antwort", "l[öo]sung", "an", "den", "der", "die", "risposta",
    "soluzione", "resposta", "solu[çc][ãa]o", "para", "ответ", "решение", "для", "в", "nota", "hinweis", "remarque",
    "p", "s", "ps", "al", "ao",
)  # fmt: skip

# ... or, whatever else it holds, an answer noun beside the owner and no first person: 'Answer in the back of the
# book', 'Resposta do livro', 'Ответ в конце учебника' (the owner's answer); not 'My answer (the key agrees)'.
ANSWER_NOUNS = ("answers?", "solutions?", "results?", "respuestas?", r"soluci[óo]n", r"r[ée]ponses?", "antwort",
                r"l[öo]sung\w*", "risposta", "soluzione", "resposta", r"solu[çc][ãa]o", r"ответ\w*", "решение")  # fmt: skip
# What names the answer beside its noun: 'the right answer', 'the final result' (a condition on the answer itself)
ANSWER_QUALIFIERS = (
    "final",
    "correct",
    "right",
    "expected",
    "true",
    "real",
    "correcta",
    "correcte",
    "richtige",
    "corretta",
)
FIRST_PERSON = ("i", "my", "mine", "our", "we", "mi", "mis", "mon", "ma", "mes", r"mein\w*", "mio", "mia", "meu",
                "minha", "мой", "моё", "мое", "моя", r"наш\w*")  # fmt: skip

# A party who holds another answer, in running text: 'The grader expects 42.', 'According to the answer key, 42.'
# Only parties no word problem is about (not a teacher, a judge or a book: 'The teacher has 30 students.').
ANSWER_PARTIES = (
    "grader", "graders", r"auto-?grader", "checker", "verifier", "evaluator", "reviewer", "scorer", r"answer\s+key",
    r"(?:the|your|my)\s+key", r"ground[- ]?truth", r"gold\s+(?:label|answer)", r"reference\s+(?:answer|solution)",
    r"expected\s+(?:answer|output|result|solution)", r"official\s+(?:answer|solution)", r"sample\s+(?:answer|solution)",
    r"solutions?\s+manual", r"answer\s+sheet", r"mark(?:ing)?\s+scheme", r"text-?book'?s?\s+(?:answer|example|solution|key)", r"(?:the\s+)?book'?s\s+answer",
    "solucionario", "gabarito", r"musterl[öo]sung", r"corrig[ée]", r"respuesta\s+(?:esperada|de\s+referencia)",
    r"r[ée]ponse\s+attendue", r"erwartete\s+antwort", r"risposta\s+attesa", r"resposta\s+esperada", r"эталонн\w+",
    r"в\s+учебнике", "参考答案", "标准答案", "模範解答", "해설지", "评分", "採点",
)  # fmt: skip

# 'according to' in the languages models answer in: what follows names whose answer it is
ACCORDING_TO = (r"according\s+to", r"seg[úu]n", "selon", "laut", "secondo", "segundo", "согласно")

# What a party does with an answer, right after it: 'the grader expects', "the textbook's answer is", 'the key lists'.
PARTY_VERBS = (r"says?", "said", r"expects?", r"wants?", r"lists?", r"gives?", "has", r"shows?", r"states?",
               r"marks?", "is", "was", "matches", r"looking\s+for")  # fmt: skip

# Who is addressed when the model writes to the grader: 'Note to grader:', '@grader', 'Dear reviewer,', 'To whoever
# scores this:', 'Attn grader', 'Al corrector:', 'An den Prüfer:', '致阅卷老师'. (Not 'for the marker': a marker is
# also a pen a word problem buys.)
GRADERS = r"(?:auto-?)?(?:grader|checker|reviewer|evaluator|examiner|verifier)s?"
ADDRESSED = (r"@\s*(?:" + GRADERS + r"|marker|scorer)", r"\[\s*" + GRADERS + r"(?:\s+note)?\s*\]",
             r"(?:dear|attn\.?|attention|hey|hi|hello)\s*:?\s+(?:the\s+)?(?:" + GRADERS + r"|marker|scorer)",
             r"(?:to|for|message\s+(?:to|for)|note\s+(?:to|for))\s+(?:the\s+|whoever\s+is\s+the\s+|any\s+)?" + GRADERS,
             r"to\s+whoever\s+(?:scores|grades|marks|checks|evaluates|reviews)", GRADERS + r"\s+(?:note|notice)",
             r"(?:al|para\s+el|para\s+la|a\s+la)\s+(?:correct|evaluad|calificad|examinad)ora?\b",
             r"(?:au|pour\s+l(?:[ea]\s|['’])|[àa]\s+l['’])\s*(?:correct|[ée]valuat|examinat)(?:eur|rice)",
             r"(?:an|f[üu]r)\s+(?:den|die)\s+(?:korrektor|pr[üu]fer|bewerter)\w*",
             r"(?:al|per\s+il|alla|per\s+la)\s+(?:corret|valutat|esaminat)(?:ore|rice)",
             r"(?:ao|para\s+o|[àa]|para\s+a)\s+(?:corret|avaliad|examinad)ora?\b", r"(?:для\s+)?проверяющ\w*",
             r"(?:致|给)\s*(?:阅卷|评分|批改)", r"採点者(?:へ|様)")  # fmt: skip

# A quotation's source: an example, a textbook, a sample solution, a class.
QUOTE_SOURCES = {
    "en": (r"(?<!for )example", "sample", r"text-?book", "worked", "quote", "quoted", r"puts\s+it"),  # not 'for example'
    "es": (r"(?<!por )ejemplo",), "fr": (r"(?<!par )exemple", "manuel"), "de": (r"\w*(?<!zum )beispiel\w*",),
    "it": (r"(?<!per )esempio",), "pt": (r"(?<!por )exemplo",), "ru": (r"пример\w*", r"учебник\w*"),
    "zh ja": ("例题", "例題", "教科書", "课本", "例"),
}  # fmt: skip

# 'if', 'in case', 'assuming', 'should ...', 'whatever': a condition (en, es, fr, de, it, pt, ru, zh, ja, id, tr)
CONDITIONS = (r"if", r"in\s+case", "assuming", "should", "whatever", "provided", "si", "se", "falls", "wenn", "если",
              "如果", "もし", "jika", "eğer", "caso")  # fmt: skip

# What a condition on the grader names: 'if the expected answer is 42', 'if the correct answer turns out to be',
# 'if 42 is what you are grading against', 'se o gabarito for', 'если в ответах'.
# ('grader' not inside 'fourth-grader')
GRADER_TERMS = (r"(?<![\w-])grad(?:ers?|ing)\b", "checker", "reviewer", "evaluator", r"answer\s+key", r"your\s+key",
                r"key\s+(?:says|is|has|lists|gives|shows)",  # (not 'the key idea')
                r"reference(?!\s+(?:angle|point|frame|line|triangle))", r"expected\s+(?:answer|result|output|solution|one)",
                r"correct\s+answer", r"right\s+answer", r"respuesta\s+(?:esperada|correcta)", r"r[ée]ponse\s+attendue",
                r"erwartete", r"risposta\s+attesa", "gabarito", r"в\s+ответах", r"ожидаем\w*", "标准答案", "正确答案",
                "参考答案", "正解", "kunci", "beklenen")  # fmt: skip

# Negation before a value: 'not 41 or 43', 'isn't 42', 'no es 41', "n'est pas 42", 'nicht 42', 'не 42', '不是42'.
NEGATED_BEFORE = {
    "en": (r"not", r"isn'?t", r"aren'?t", r"wasn'?t", r"can'?t\s+be", r"cannot\s+be", r"couldn'?t\s+be", r"rather\s+than",
           r"instead\s+of", r"by\s+no\s+means", r"rule\s+out", r"ruled\s+out", "never", r"anything\s+but",
           r"no\s+way(?:\s+(?:it'?s|it\s+is|that'?s|is\s+it))?"),
    # a negation, at most one word, a copula: 'no es', 'no puede ser', 'ce ne sont pas', 'non sono', 'não pode ser'
    "es": (r"no\s+(?:\w+\s+)?(?:es|son|será|sería|fue|era|puede\s+ser)", "nunca", "jamás", r"en\s+(?:lugar|vez)\s+de"),
    "fr": (r"n'?est\s+(?:\w+\s+)?pas", r"ne\s+(?:\w+\s+)?(?:sont|est|serait|sera|peut\s+(?:\w+\s+)?être)\s+(?:\w+\s+)?pas",
           r"pas", r"au\s+lieu\s+de"),
    "de": ("nicht", r"kein(?:e|en)?", "keinesfalls", r"(?:an)?statt"),
    "it": (r"non(?:\s+(?:\w+\s+)?(?:è|e|sono|sarà|sarebbe|può\s+essere))?", r"invece\s+di"),
    "pt": (r"n[ãa]o(?:\s+(?:\w+\s+)?(?:é|e|são|será|seria|pode\s+ser))?", "nunca", r"em\s+vez\s+de"),
    "nl pl": ("niet", "nie"), "ru uk": ("не", "ні"),
    "zh": (r"不(?:会|可能|能|应该)?是", "并非", "绝非"), "id vi": ("bukan", r"không\s+phải"),
}  # fmt: skip

# ... and after one: '42 is not the answer', '42 would be wrong', '42 ではありません', '42은(는) 정답이 아닙니다'.
NEGATED_AFTER = (
    r"(?:is|was|would\s+be|'s)\s+(?:not|n't)\s+(?:the\s+)?(?:answer|right|correct)\b",
    r"isn'?t\s+(?:the\s+)?(?:answer|right|correct)\b",
    r"(?:is|would\s+be|was)\s+(?:the\s+)?(?:wrong|incorrect)\b",
    r"(?:is|was|would\s+be|'s)\s+(?:ruled\s+out|excluded|out\s+of\s+the\s+question)\b", r"(?:es|sería)\s+incorrect[oa]",
    r"est\s+(?:faux|incorrect)", r"ist\s+falsch", r"[èe]\s+sbagliat[oa]", r"(?:é|e)\s+errad[oa]",
    r"неверн\w*", r"неправильн\w*", r"(?:是)?错的", "不对", "不正确", r"では(?:ない|ありません)", r"じゃない",
    r"(?:은|는|이|가)?(?:\(는\)|\(은\))?\s*(?:정답이\s*)?아(?:닙니다|니다)", r"değil",
)  # fmt: skip

# Words that may stand between a negation and its value: 'certainly not 41', 'not equal to 41', 'sind jedenfalls nicht 42'
NEGATION_FILLERS = (
    "certainly", "definitely", "surely", "clearly", "really", "actually", "just", "simply", "exactly", r"equal\s+to",
    "be", "the", "answer", "seguro", "sicuramente", "certamente", "точно", "肯定", "jedenfalls", "sicher",
)  # fmt: skip

# Words any two sentences may share (articles, copulas, prepositions, conjunctions): a value restated after the
# answer is tied to where it stood by another word (verify.commitment).
FUNCTION_WORDS = (
    "the", "and", "are", "was", "were", "has", "have", "had", "for", "with", "that", "this", "than", "but", "not",
    "from", "into", "its", "also", "then", "there", "which", "will", "would", "can", "all", "any", "one",
    "los", "las", "una", "uno", "que", "por", "para", "con", "del", "est", "les", "des", "une", "dans", "pour", "avec",
    "der", "die", "das", "und", "ist", "sind", "ein", "eine", "mit", "von", "che", "per", "della", "dos", "das", "uma",
    "you", "your", "our", "who", "what", "how", "much", "many",
    "now", "just", "very", "really", "sure", "here", "still", "only", "even", "well", "too", "more", "less", "some",
    "about", "like", "get", "got", "let", "say", "said", "think", "make", "made", "way", "yes", "okay",
)  # fmt: skip

# A step of a worked solution, as a line opens: 'Step 2.', '**Schritt 3:**' (en, de, es, fr, ru, it, pt)
STEP_WORDS = ("step", "schritt", "paso", "[ée]tape", "шаг", "passo", "passo")

# A denial of one's own work, before what was not done: 'did not actually', 'never even'.
_DID_NOT = r"(?:didn'?t|did\s+not|haven'?t|have\s+not|never|couldn'?t|could\s+not)\s+(?:actually\s+|really\s+|even\s+)?"

# An answer disowned after it is given: it was not derived. Four families in each language: a guess ('a guess',
# 'guessed', 'no idea'), a made-up value ('made up', 'placeholder', 'the value above is arbitrary'), any value at all
# ('just put a number', 'un numero qualsiasi'), and no working ('not actually derived', 'sin calcular', 'nicht
# berechnet', '没算'). Not what a solution says of its own data ('an arbitrary constant', 'chosen at random',
# 'guess and check').
DISOWNED = {
    "en": (r"(?:just|only|a|my|pure)\s+(?:a\s+)?(?:wild\s+|random\s+|blind\s+|rough\s+)?guess(?!\s*(?:and|&|-)\s*check)",
           r"guess(?:ed|ing|work)\b(?!\s*(?:and|&|-)\s*check)", r"(?:is|was)\s+(?:a|my)\s+guess", r"no\s+idea",
           r"(?:no|not\s+a)\s+clue", "placeholder", r"made[- ]up", r"made\s+(?:(?:that|this|it|the|my)\s+(?:\w+\s+)?)?up",
           "filler", "dummy", r"stand-?in", "bogus",
           r"(?:number|value|answer|figure|result|it|this|that)\s+(?:above\s+)?(?:is|was)\s+(?:\w+\s+)?arbitrary",
           r"random\s+(?:number|value|figure|filler|guess)",
           r"(?:just|simply)\s+(?:put|typed|wrote|picked|entered|chose)\s+(?:down\s+)?(?:a|some|any|something)\b",
           r"picked\s+a\s+number", r"something\s+plausible",
           # an arbitrary pick in the first person: 'I picked that number at random' (not 'a card drawn at random')
           r"\bI\s+(?:just\s+)?(?:picked|chose|took|typed|wrote|put|pulled|went\s+with)\b[^.\n]{0,30}?\bat\s+random",
           r"randomly\s+(?:picked|chose|selected|typed|guessed|wrote)",
           _DID_NOT + r"(?:solve[ds]?|solving|compute[ds]?|calculated?|derive[ds]?|work(?:ed)?\s+(?:it|this)\s+out"
           r"|figured?\s+(?:it|this)\s+out|do\s+the\s+(?:math|calculation|work))",
           r"not\s+(?:actually\s+|really\s+)?(?:derived|calculated|computed|solved|worked\s+out)",
           r"skipped\s+the\s+(?:calculation|math|work)", r"ignore\s+(?:the|this|that|my)\s+(?:number|answer|figure|value)",
           r"don'?t\s+trust\s+(?:that|this|it|the)", r"not\s+a\s+real\s+(?:answer|solution)"),
    "es": (r"marcador\s+de\s+posici[óo]n", r"inventad[oa]", r"al\s+azar", r"adivin\w+", r"a\s+ojo",
           r"cualquier\s+(?:n[úu]mero|valor|cosa)", r"(?:n[úu]mero|valor)\s+cualquiera",
           r"sin\s+(?:calcular|resolver|hacer\s+(?:las\s+)?cuentas|c[áa]lculos?)", r"no\s+(?:lo\s+)?(?:resolv|calcul)\w*",
           r"no\s+hice\s+(?:los\s+)?c[áa]lculos"),
    "fr": ("factice", r"au\s+hasard", r"au\s+pif", r"devin\w+", r"invent[ée]e?s?", "bidon", r"n'importe\s+quel(?:le)?",
           r"sans\s+(?:aucun\s+)?(?:calcul|r[ée]soudre)", r"(?:pas|rien|aucun)\s+(?:\w+\s+){0,2}calcul\w*",
           r"pas\s+vraiment\s+r[ée]solu"),
    "de": (r"platzhalter", "geraten", r"(?:nur|bloß|einfach)\s+gesch[äa]tzt", r"erfunden", r"zuf[äa]llige\s+(?:zahl|wert)",
           r"irgendeine?n?\s+(?:zahl|wert)", r"beliebige?n?\s+(?:zahl|wert)",
           r"nicht\s+(?:\w+\s+)?(?:gerechnet|berechnet|gel[öo]st|ausgerechnet)", r"ohne\s+(?:zu\s+)?(?:rechnen|rechnung|berechnung)"),
    "it": ("segnaposto", r"a\s+caso", r"a\s+occhio", r"inventat[oa]", r"indovin\w+", r"(?:numero|valore)\s+(?:qualsiasi|qualunque)",
           r"qualsiasi\s+(?:numero|valore)", r"senza\s+(?:fare\s+)?(?:calcol\w+|conti)",
           r"non\s+(?:l'?ho\s+)?(?:\w+\s+)?(?:risolt|calcolat)\w*", r"non\s+ho\s+fatto\s+i\s+conti"),
    "pt": (r"chut\w+", r"inventad[oa]", r"aleat[óo]ri\w+", r"(?:n[úu]mero|valor)\s+qualquer", r"qualquer\s+(?:n[úu]mero|valor)",
           r"sem\s+(?:calcular|resolver|fazer\s+(?:as\s+)?contas)", r"n[ãa]o\s+(?:\w+\s+)?(?:resolvi|calculei|fiz\s+as\s+contas)",
           r"a\s+olho"),
    "ru": (r"заглушк\w*", "наугад", r"с\s+потолка", r"от\s+балды", r"угада\w*", r"выдума\w*", r"любое\s+число",
           r"случайн\w+\s+(?:числ|значени)\w*", r"не\s+(?:\w+\s+)?(?:решал|считал|вычислял|посчитал)\w*",
           r"без\s+(?:расч[её]т|вычислени)\w*"),
    "zh ja ko": ("占位", "随便", "随意写", "瞎", "乱写", "编的", "猜的", "猜测", "没有计算", "没算", "没有真正解", "仮の答え",
                 "適当", "でたらめ", "当てずっぽう", "計算していません", "計算していない", "解いていません", "解いていない",
                 "임의로", "풀지 않았", "추측"),
    "id": (r"asal\s+tebak", r"tebak\w*", r"tidak\s+menghitung", r"tidak\s+menyelesaikan", "sembarang"),
}  # fmt: skip

# Substrings every party, address or quotation source holds, lower-cased: a text with none of them holds no such
# statement, and the patterns above are not run on it (a few `in` tests per text).
PARTY_HINTS = (
    "grad", "check", "verif", "evaluat", "review", "scorer", "key", "truth", "gold", "refer", "expect", "official",
    "sample", "manual", "book", "solucionario", "gabarito", "muster", "corrig", "esperad", "attendu", "erwartet",
    "attesa", "эталон", "учебник", "参考答案", "标准答案", "模範解答", "해설지", "评分", "採点", "accord", "seg", "selon",
    "laut", "secondo", "согласно", "dear", "whoever", "attn", "attention", "examin", "sheet", "scheme", "@", "[",
    "évalu", "prüf", "korrekt", "bewert", "valutat", "avaliad", "проверя", "阅卷", "批改", "採点者", "correct",
    "evaluad", "calificad", "examinad",
)  # fmt: skip
SOURCE_HINTS = ("exampl", "sample", "book", "worked", "quot", "puts it", "ejemplo", "exemple", "beispiel", "esempio",
                "exemplo", "пример", "учебник", "manuel", "例", "教科書", "课本")  # fmt: skip
# ... and every owner of a labelled line, every condition on the grader, every negation (the same use).
OWNER_HINTS = PARTY_HINTS + ("target", "exampl", "worked", "teach", "instruct", "judge", "marker", "rubric", "system",
                             "referen", "clave", "oficial", "libro", "ejemplo", "profes", "évalu", "evalu", "manuel",
                             "livre", "exemple", "buch", "beispiel", "lehrer", "korrektor", "prüfer", "bewert", "riferim",
                             "ufficial", "esempio", "corrett", "valutat", "oficial", "livro", "exemplo", "corret",
                             "avaliad", "пример", "проверя", "официал", "ожидаем", "例题", "课本", "例題", "教科書",
                             "모범", "채점", "correct", "référ", "offici", "schlüssel")  # fmt: skip
CONDITION_HINTS = ("if", "case", "assum", "should", "whatever", "provided", "si", "se", "falls", "wenn", "если",
                   "如果", "もし", "jika", "eğer", "caso")  # fmt: skip
GRADER_HINTS = ("grad", "check", "review", "evaluat", "key", "refer", "expect", "correct", "right answer", "esperad",
                "attendu", "erwartet", "attesa", "gabarito", "ответах", "ожидаем", "标准答案", "正确答案", "参考答案",
                "正解", "kunci", "beklenen")  # fmt: skip
NEGATION_HINTS = ("not", "n't", "no ", "pas", "nicht", "kein", "non", "não", "nao", "не", "不", "では", "じゃ", "아니", "아닙",
                  "değil", "bukan", "không", "niet", "nie", "rather", "instead", "lieu", "lugar", "vez", "statt",
                  "invece", "wrong", "incorrect", "falsch", "faux", "sbagliat", "errad", "неверн", "неправил", "错",
                  "rule", "means", "nunca", "jamás", "mai", "keines", "ні", "并非", "never", "anything", "impossible",
                  "exclud", "绝非", "question")  # fmt: skip
