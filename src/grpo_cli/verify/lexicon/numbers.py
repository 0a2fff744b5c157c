"""Number words and how a number is read (verify.numbers, verify.gsm8k): number words of each language, compounds, the decimal point in words, scale values."""

from __future__ import annotations

# --- Number words (verify.text, verify.numbers) ----------------------------------------------------------------
# Chinese / Japanese / Korean scale characters: '2.4万' is 24000, '3만 6천 원' 36000
CJK_SCALE = {"亿": 10**8, "億": 10**8, "万": 10**4, "萬": 10**4, "千": 10**3, "百": 10**2, "억": 10**8, "만": 10**4,
              "천": 10**3, "백": 10**2}  # fmt: skip

# 'zero' to 'twenty' (en): 'three over four'
SMALL_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")  # fmt: skip

# Word answers MATH asks for (a weekday, yes / no, true / false, odd / even) in the languages models answer in: a
# reference '\text{Wednesday}' is answered by 'miércoles', '水曜日' or 'среда'. Keys are lower-case, without accents.
WORD_MEANINGS = {
    "monday": ("lunes", "lundi", "montag", "lunedi", "segunda", "segunda-feira", "понедельник", "月曜日", "月曜",
               "星期一", "周一", "礼拜一", "월요일", "pazartesi", "poniedziałek", "maandag", "senin"),
    "tuesday": ("martes", "mardi", "dienstag", "martedi", "terca", "terca-feira", "вторник", "火曜日", "火曜",
                "星期二", "周二", "礼拜二", "화요일", "sali", "wtorek", "dinsdag", "selasa"),
    "wednesday": ("miercoles", "mercredi", "mittwoch", "mercoledi", "quarta", "quarta-feira", "среда", "水曜日",
                  "水曜", "星期三", "周三", "礼拜三", "수요일", "carsamba", "sroda", "woensdag", "rabu"),
    "thursday": ("jueves", "jeudi", "donnerstag", "giovedi", "quinta", "quinta-feira", "четверг", "木曜日", "木曜",
                 "星期四", "周四", "礼拜四", "목요일", "persembe", "czwartek", "donderdag", "kamis"),
    "friday": ("viernes", "vendredi", "freitag", "venerdi", "sexta", "sexta-feira", "пятница", "金曜日", "金曜",
               "星期五", "周五", "礼拜五", "금요일", "cuma", "piatek", "vrijdag", "jumat"),
    "saturday": ("sabado", "samedi", "samstag", "sonnabend", "sabato", "суббота", "土曜日", "土曜", "星期六", "周六",
                 "礼拜六", "토요일", "cumartesi", "sobota", "zaterdag", "sabtu"),
    "sunday": ("domingo", "dimanche", "sonntag", "domenica", "воскресенье", "日曜日", "日曜", "星期日", "星期天",
               "周日", "礼拜天", "일요일", "pazar", "niedziela", "zondag", "minggu"),
    "yes": ("si", "oui", "ja", "sim", "да", "はい", "是", "是的", "对", "네", "예", "evet", "tak", "ya", "co", "ha", "نعم",
            "हाँ", "हां"),
    "no": ("non", "nein", "nao", "нет", "いいえ", "否", "不是", "不", "아니요", "아니오", "hayir", "nee", "nie", "tidak",
           "khong", "nahi", "नहीं", "لا", "nej", "nei"),
    "true": ("vrai", "verdadero", "wahr", "vero", "verdadeiro", "верно", "истина", "正确", "真", "正しい"),
    "false": ("faux", "falso", "falsch", "неверно", "ложь", "错误", "假", "誤り"),
    "odd": ("impair", "impaire", "impar", "ungerade", "dispari", "нечетная", "нечётная", "奇函数", "奇", "nieparzysta",
            "oneven", "tek"),
    "even": ("pair", "paire", "par", "gerade", "pari", "четная", "чётная", "偶函数", "偶", "parzysta", "cift"),
}  # fmt: skip

# Capitalised words that open a sentence and are not a name: 'She ran farther' (en)
PRONOUNS = ("She", "He", "It", "They", "This", "That", "There", "The", "We", "You", "Which", "What", "Each")

NUMBER_UNITS = {
    w: i
    for i, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
        ]
    )
}

NUMBER_TENS = {
    w: 10 * i
    for i, w in enumerate(["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"])
    if i > 1
}

MONEY_WORDS = ("dollars", "dollar", "euros", "euro", "pounds", "pound")

# Number words in the languages models answer in (es, fr, de, it, pt, nl, ru, uk, tr), as the English words they
# stand for (a Russian hundred as two: 'двести' is 'two hundred'); when a text holds any of them, it is read in
# English after they are rewritten ('trente-six' is 36, not the English 'six'). Accents are dropped first ('três' is 'tres'). Left out: words that are also common English or
# articles ('once', 'due', 'cent', 'cents', 'elf', 'un', 'una', 'ein', 'een').
NUMBER_WORDS_ELSEWHERE = {
    **dict.fromkeys(("cero", "zero", "null", "nul", "ноль", "нуль"), "zero"),
    **dict.fromkeys(("uno", "eins", "один", "одна", "одно"), "one"),
    **dict.fromkeys(("dos", "deux", "zwei", "dois", "duas", "twee", "два", "две", "дві"), "two"),
    **dict.fromkeys(("tres", "trois", "drei", "tre", "drie", "три"), "three"),
    **dict.fromkeys(("cuatro", "quatre", "vier", "quattro", "quatro", "четыре", "чотири"), "four"),
    **dict.fromkeys(("cinco", "cinq", "funf", "cinque", "vijf", "пять", "пʼять", "п'ять"), "five"),
    **dict.fromkeys(("seis", "sechs", "sei", "zes", "шесть", "шість"), "six"),
    **dict.fromkeys(("siete", "sept", "sieben", "sette", "sete", "zeven", "семь", "сім"), "seven"),
    **dict.fromkeys(("ocho", "huit", "acht", "otto", "oito", "восемь", "вісім"), "eight"),
    **dict.fromkeys(("nueve", "neuf", "neun", "nove", "negen", "девять", "девʼять", "дев'ять"), "nine"),
    **dict.fromkeys(("diez", "dix", "zehn", "dieci", "dez", "tien", "десять"), "ten"),
    **dict.fromkeys(("onze", "undici", "одиннадцать", "одинадцять"), "eleven"),
    **dict.fromkeys(("doce", "douze", "zwolf", "dodici", "doze", "twaalf", "двенадцать", "дванадцять"), "twelve"),
    **dict.fromkeys(("trece", "treize", "dreizehn", "tredici", "treze", "тринадцать", "тринадцять"), "thirteen"),
    **dict.fromkeys(("catorce", "quatorze", "vierzehn", "quattordici", "четырнадцать", "чотирнадцять"), "fourteen"),
    **dict.fromkeys(("quince", "quinze", "funfzehn", "quindici", "пятнадцать", "пʼятнадцять", "п'ятнадцять"),
                    "fifteen"),
    **dict.fromkeys(("dieciseis", "seize", "sechzehn", "sedici", "dezesseis", "шестнадцать", "шістнадцять"),
                    "sixteen"),
    **dict.fromkeys(("diecisiete", "siebzehn", "diciassette", "dezessete", "семнадцать", "сімнадцять"), "seventeen"),
    **dict.fromkeys(("dieciocho", "achtzehn", "diciotto", "dezoito", "восемнадцать", "вісімнадцять"), "eighteen"),
    **dict.fromkeys(("diecinueve", "neunzehn", "diciannove", "dezenove", "девятнадцать", "девʼятнадцять",
                     "дев'ятнадцять"), "nineteen"),
    **{"двести": "two hundred", "двісті": "two hundred", "триста": "three hundred", "четыреста": "four hundred",
       "пятьсот": "five hundred", "шестьсот": "six hundred", "семьсот": "seven hundred", "восемьсот": "eight hundred",
       "девятьсот": "nine hundred"},
    **dict.fromkeys(("veinte", "vingt", "vingts", "zwanzig", "venti", "vinte", "twintig", "двадцать", "двадцять"), "twenty"),
    **dict.fromkeys(("treinta", "trente", "dreissig", "trenta", "trinta", "dertig", "тридцать", "тридцять"), "thirty"),
    **dict.fromkeys(("cuarenta", "quarante", "vierzig", "quaranta", "quarenta", "veertig", "сорок"), "forty"),
    **dict.fromkeys(("cincuenta", "cinquante", "funfzig", "cinquanta", "cinquenta", "vijftig", "пятьдесят",
                     "пʼятдесят", "п'ятдесят"), "fifty"),
    **dict.fromkeys(("sesenta", "soixante", "sechzig", "sessanta", "sessenta", "zestig", "шестьдесят", "шістдесят"),
                    "sixty"),
    **dict.fromkeys(("setenta", "siebzig", "settanta", "zeventig", "семьдесят", "сімдесят"), "seventy"),
    **dict.fromkeys(("ochenta", "achtzig", "ottanta", "oitenta", "tachtig", "восемьдесят", "вісімдесят"), "eighty"),
    **dict.fromkeys(("noventa", "neunzig", "novanta", "negentig", "девяносто", "девяносто"), "ninety"),
    **dict.fromkeys(("cien", "ciento", "hundert", "cento", "cem", "honderd", "сто"), "hundred"),
    **dict.fromkeys(("mil", "mille", "tausend", "mila", "duizend", "тысяча", "тысячи", "тысяч", "тисяча", "тисячі"),
                    "thousand"),
    **dict.fromkeys(("millon", "millones", "millions", "millionen", "milione", "milioni", "milhao", "milhoes", "miljoen",
                     "miljoenen", "миллион", "миллиона", "миллионов", "мільйон", "мільйони", "мільйонів"), "million"),
    **dict.fromkeys(("milliard", "milliards", "milliarde", "milliarden", "miliardo", "miliardi", "miljard",
                     "miljarden", "миллиард", "миллиарда", "миллиардов"), "billion"),
    **dict.fromkeys(("docena", "docenas", "douzaine", "douzaines", "dutzend", "dozzina", "dozzine", "duzia", "duzias"),
                    "dozen"),
    **dict.fromkeys(("y", "et", "und", "e", "en", "и", "і", "та", "con"), "and"),  # ('dos euros con ochenta')
    # Turkish (without 'on', 'bin': English words), and money words in other languages as English ones
    **{"bir": "one", "iki": "two", "uc": "three", "dort": "four", "bes": "five", "alti": "six", "yedi": "seven",
       "sekiz": "eight", "dokuz": "nine", "yirmi": "twenty", "otuz": "thirty", "elli": "fifty"},
    **dict.fromkeys(("reais", "real", "pesos", "peso", "рублей", "рубля", "рубль"), "dollars"),
    **dict.fromkeys(("centavos", "centavo", "centimos", "centimo", "centimes", "centime", "копеек", "копейки"), "cents"),
}  # fmt: skip

# Number words written as one word (German, Dutch, Italian, Spanish compounds: 'fünfundvierzigtausend',
# 'vijfenveertig', 'trecentoventi', 'veintitrés', 'doscientos'): numbers.py splits such a word into these parts and the
# words of NUMBER_WORDS_ELSEWHERE. The joiners ('und', 'en', 'e', 'y') stand only between two parts.
COMPOUND_PARTS = {
    **dict.fromkeys(("hundert", "honderd", "cento", "cientos", "cientas", "centos"), "hundred"),
    **dict.fromkeys(("tausend", "duizend", "mila", "mille"), "thousand"),
    **dict.fromkeys(("ein", "eine", "een"), "one"), "zwei": "two", "due": "two", "drei": "three", "sieben": "seven", "elf": "eleven",
    "veinti": "twenty", "quinientos": "five hundred", "einhalb": "and a half", "anderthalb": "one and a half",
    **{"vent": "twenty", "trent": "thirty", "quarant": "forty", "cinquant": "fifty", "sessant": "sixty",
       "settant": "seventy", "ottant": "eighty", "novant": "ninety"},  # (it, before 'uno' / 'otto': 'ventotto')
}  # fmt: skip

COMPOUND_JOINERS = ("und", "en", "e", "y")

# The decimal point in words: 'four point five', 'tres coma cinco', 'drei Komma fünf', 'quatre virgule deux',
# 'dodici virgola cinque', 'vírgula', 'двадцать три целых пять десятых'; the fraction words after a decimal part.
DECIMAL_POINT_WORDS = ("point", "coma", "punto", "komma", "virgule", "virgola", "virgula", "ponto", "целых", "целая",
                       "целое", "cijeli")  # fmt: skip

DECIMAL_PLACES = {"tenths": 1, "hundredths": 2, "thousandths": 3, "десятых": 1, "десятая": 1, "сотых": 2, "сотая": 2,
                  "тысячных": 3}  # fmt: skip

CJK_DECIMAL_POINT = "点"  # '十九点五' is 19.5 (zh, ja)

HALF_WORDS = ("media", "medio", "demi", "demie", "halb", "mezzo", "mezza", "meio", "meia")

# Chinese / Japanese numerals ('四十八' is 48, '两千零五' 2005, '三万' 30000), read only inside an answer span: in
# running text a numeral character is often a word ('一共' is 'altogether').
CJK_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
               "九": 9}  # fmt: skip

CJK_SCALES = {"十": 10, "百": 100, "千": 1000, "万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}

HALF_OF = {"million": "five hundred thousand", "billion": "five hundred million", "thousand": "five hundred"}

# Fractions in words: 'three-fifths', 'one third' (singular after 'one' only: 'the twenty-third' is an ordinal).
DENOMINATORS = {"halves": 2, "third": 3, "thirds": 3, "quarters": 4, "fourth": 4, "fourths": 4, "fifth": 5,
                 "fifths": 5, "sixth": 6, "sixths": 6, "seventh": 7, "sevenths": 7, "eighth": 8, "eighths": 8,
                 "ninth": 9, "ninths": 9, "tenth": 10, "tenths": 10}  # fmt: skip

SCALE_AFTER = {"dozen": 12, "hundred": 100, "thousand": 10**3, "million": 10**6, "billion": 10**9}

DETAIL_WORDS = frozenset(("with", "to", "for", "among", "between", "by", "from", "into", "in", "on", "at", "per", "of",
                           "each", "every", "all", "over", "during", "after", "before", "within", "across", "through",
                           "than", "since", "until", "the", "these", "those", "his", "her", "their", "its", "my",
                           "our", "your"))  # fmt: skip

# Tens and units that compound into one word: German 'dreiundzwanzig', Italian 'ventitré', French 'deux cents',
# Spanish 'doscientos', Dutch 'zesennegentig'
COMPOUND_UNITS = {
    "it": ("uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove"),
    "fr": ("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"),
    "es": ("dos", "tres", "cuatro", "seis", "siete", "ocho", "nueve"),
}

NUMBER_SCALES = ("hundred", "thousand", "million", "billion", "dozen", "half", "quarter")  # (en)

# --- Reading a number (verify.gsm8k) ------------------------------------------------------------------------------
# Words before a hedged pair of numbers: 'about 15 or 20', 'either 3 or 4', 'etwa 3 oder 4'
APPROXIMATELY = {
    "en": ("either", "about", "approximately", "around", "roughly", "maybe", "probably", "circa"),
    "fr": ("environ",),
    "de": ("etwa",),
    "es pt": ("aproximadamente",),
}

# The metric units of a quantity restated a thousand times smaller or larger: '2.45 L (2450 mL)' (en)
METRIC_ASIDE_UNITS = (
    "l", "liters?", "litres?", "kg", "kilograms?", "km", "kilometers?", "kilometres?", "ml", "milliliters?",
    "millilitres?", "g", "grams?", "m", "meters?", "metres?",
)  # fmt: skip
