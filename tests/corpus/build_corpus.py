r"""Build tests/corpus/verifier_corpus.jsonl: the labelled corpus the verifier is measured on (issue 12).

Rows, each labelled as a careful human grader would (is the final answer the model gives the reference's answer?),
with a one-line note, come in batches:
- batch 1: synthetic hard cases written here, the way models write answers (units and scale words, equations as
  answers, scientific notation, number words, non-ASCII digits, other languages, asides, repeating decimals,
  inequalities, empty sets, scalar-times-matrix, percent, approximations, several boxes, prose, truncation,
  unreadable answers), and real SmolLM2-135M-Instruct completions on GSM8K and MATH-500 problems
  (tests/corpus/sample_smollm2.py) graded by hand against the dataset's reference (smollm2_labels.jsonl) and against
  the answer they state (smollm2_own_answer.jsonl);
- every later batch: completions written by people who had not read the verifier's code or any earlier row
  (blind_batch*.jsonl, source synthetic_blind; each file a different style: small models, reasoning models, chat
  assistants in many languages, GRPO rollouts, few-shot evaluation output, competition answer types), most with a
  fresh draw of real SmolLM2 completions graded the same way (smollm2_seed*_*.jsonl);
- the held-out split is one batch (HELDOUT_BATCH) that was scored once, with the verifier frozen, and never used to
  change it. Every other batch is tune: its misses were looked at and fixed. Batch 31 is held out: written blind at
  b87a245, scored once at 4a37a33 (its misses not looked at). (Batch 30 was held out before it: written blind at 1d2b4a8, scored once at d5a3528.
  Batch 29 was held out before that: written blind at 73bdf88, before round nine's rules, scored once at 535a53e.
  Batch 28 was held out before that: written blind at ec7ee3d, before round eight's rules. Batch 27 was held out
  before that: written blind at d081d0d, before round seven's rules. Batch 26 was held out before that: written
  blind at 715f7e8, before round six's rules. Batch 25 was held out before that: written blind at d51dc94, before
  round five's rules. Batch 24 was held out before that, issue 38: written after batch 23 was scored once, before
  the third round of that issue's rules, scored once at the end; batch 23 was written before any of that issue's
  rules and is tune since its first score.)
  (Batch 10 was held out first: batches 11 to 13 were written after it and tuned on while it stayed sealed; once
  scored, its misses were fixed and batch 14 was written. docs/verifiers.md gives each batch's first score.)

Row: {"id", "source": synthetic|synthetic_blind|smollm2|smollm2_own, "task": gsm8k|math, "completion", "answer"
(the reference as `parse_reference` takes it), "finished" (False = cut off at the token limit), "label" (bool),
"note", "batch", "split": "heldout" for HELDOUT_BATCH, else "tune"}. A held-out row whose miss is looked at and
fixed is no longer held out: its batch joins the tune split and a new batch is written (docs/verifiers.md).

    .venv/bin/python tests/corpus/build_corpus.py
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
HELDOUT_BATCH = 31
OWN = "-own"  # id suffix of a real completion graded against the answer it states (smollm2_own_answer.jsonl)

CASES: list[tuple] = []  # (task, completion, reference, label, note[, finished])


def g(completion: str, ref: str, label: bool, note: str, finished: bool = True) -> None:
    CASES.append(("gsm8k", completion, ref, label, note, finished))


def m(completion: str, ref: str, label: bool, note: str, finished: bool = True) -> None:
    CASES.append(("math", completion, ref, label, note, finished))


# --- scale words and units after "answer is" -------------------------------------------------------------------
g("The company earned $2.4 billion last year.\nThe answer is $2.4 billion.", "2400000000", True, "scale word billion")
g("So the revenue is 2.4 billion dollars. The answer is 2.4 billion dollars.", "2400000000", True, "billion + unit")
g("The answer is $2.4 billion.", "2.4", True, "the question asked in billions: the stated number is right")
g("The answer is $2.4 billion.", "24", False, "2.4 billion is not 24")
g("The total population is 1.5 million people. The answer is 1.5 million.", "1500000", True, "scale word million")
g("So she saved 3 thousand dollars. The answer is 3 thousand.", "3000", True, "scale word thousand")
g("The answer is 3 3/4 miles.", "3.75", True, "mixed number with a space and a unit")
g("He ran 3 3/4 miles in total.\nThe answer is 3 3/4 miles.", "3", False, "3 3/4 is not 3")
g("So he has 7 dollars and 5 cents left. The answer is 7 dollars and 5 cents.", "7.05", True, "dollars and cents")
g("The answer is 7 dollars and 50 cents.", "7.5", True, "dollars and cents (50)")
g("The answer is 7 dollars and 5 cents.", "7", False, "7.05 is not 7")
g("The stadium holds 12 500 people. The answer is 12 500.", "12500", True, "space as a thousands separator")
g("The answer is 12 500 people.", "12500", True, "space thousands separator + unit")
g("The answer is 12 500.", "500", False, "12 500 is one number")
g("The answer is 45 minutes.", "45", True, "unit minutes")
g("The answer is 5 km/h.", "5", True, "unit with a slash")
g("The total weight is 250 g, so the answer is 250 g.", "250", True, "unit g")
g("Each box costs $4.50, so 6 boxes cost $27.\nThe answer is $27.", "27", True, "money, earlier decimals")
g("The answer is $0.50.", "0.5", True, "money decimal")
g("Final answer: 1,200 square feet", "1200", True, "thousands separator + unit")
g("Final answer: 1,200 square feet", "120", False, "1,200 is not 120")
# --- an equation as the stated answer ----------------------------------------------------------------------
g("The answer is 40 / 8 = 5.", "5", True, "equation in the answer phrase: the result counts")
g("The answer is 40 / 8 = 5.", "40", False, "equation: the first operand is not the answer")
g("Answer: 3 * 12 = 36 eggs", "36", True, "equation with a unit")
g("The answer is 6 x 7 = 42.", "42", True, "x as times")
g("<answer>120 - 45 = 75</answer>", "75", True, "equation in the tag")
g("<answer>120 - 45 = 75</answer>", "120", False, "equation in the tag: not the first number")
g("The final answer is 18 - 3 = 15.", "18", False, "equation: 15 is the answer given")
g("The answer is 12 + 8 = 20 apples.", "20", True, "equation with a unit")
g("#### 16 - 3 - 4 = 9 eggs, 9 * 2 = 18", "18", True, "#### line with the working: its last result")
# --- scientific notation ------------------------------------------------------------------------------------
g("<answer>4.5e4</answer>", "45000", True, "e-notation")
g("The answer is 4.5 × 10^4.", "45000", True, "times sign and caret")
g(r"The answer is $\boxed{4.5\times10^{4}}$.", "45000", True, "LaTeX scientific notation")
g("The answer is 4.5 x 10^4", "45000", True, "x as times in scientific notation")
g("The answer is 4.5*10^4.", "45000", True, "asterisk scientific notation")
g("<answer>4.5E+04</answer>", "45000", True, "E+04")
g("The answer is 4.5·10⁴.", "45000", True, "middle dot and superscript digits")
g("<answer>1e5</answer>", "100000", True, "1e5 is 100000")
g("<answer>1e5</answer>", "1", False, "1e5 is not 1")
g("<answer>4.5e4</answer>", "4.5", False, "the mantissa is not the answer")
g("The answer is 4.5 × 10^4.", "4", False, "not the leading digit")
g("The answer is 4.5 × 10^4.", "10", False, "not the base")
g("The speed of light is about 3.0 × 10^8 m/s. The answer is 3.0 × 10^8 m/s.", "300000000", True, "sci + unit")
g("The answer is 2.5e-3.", "0.0025", True, "negative exponent")
m(r"\boxed{6.02 \times 10^{23}}", r"6.02\times10^{23}", True, "same scientific notation, spacing")
m(r"The answer is $\boxed{6.02e23}$.", r"6.02 \times 10^{23}", True, "e-notation against LaTeX")
m(r"\boxed{6.02 \times 10^{22}}", r"6.02\times10^{23}", False, "wrong exponent")
# --- number words -------------------------------------------------------------------------------------------
g("The answer is forty-two.", "42", True, "number words with a hyphen")
g("<answer>forty-two</answer>", "42", True, "number words in the tag")
g("She needs a dozen eggs. The answer is a dozen.", "12", True, "a dozen")
g("The answer is two dozen.", "24", True, "two dozen")
g("The answer is twelve.", "12", True, "a number word")
g("The answer is one hundred and five.", "105", True, "hundred and")
g("The answer is three hundred twenty.", "320", True, "hundred without and")
g("The answer is one thousand two hundred.", "1200", True, "thousand")
g("The answer is zero.", "0", True, "zero")
g("The answer is twenty-one.", "12", False, "21 is not 12")
g("The answer is seven.", "8", False, "wrong number word")
g("The answer is a dozen.", "24", False, "a dozen is 12")
g("<answer>eleven</answer>", "11", True, "eleven")
g("<answer>Sixty</answer>", "60", True, "capitalised number word")
# --- non-ASCII digits and minus signs -----------------------------------------------------------------------
g("<answer>٤٢</answer>", "42", True, "Arabic-Indic digits")
g("<answer>٤٢</answer>", "24", False, "Arabic-Indic digits, wrong")
g("答案是４２。", "42", True, "fullwidth digits in Chinese")
g("<answer>१२</answer>", "12", True, "Devanagari digits")
g("<answer>−5</answer>", "-5", True, "U+2212 minus")
g("<answer>–5</answer>", "-5", True, "en dash as a minus")
g("The answer is ‒3.", "-3", True, "figure dash as a minus")
g("The answer is −5.", "5", False, "a minus sign is a sign")
g("The answer is 1 234.", "1234", True, "no-break space as thousands separator")
g("The answer is 1 234 567.", "1234567", True, "narrow no-break spaces as thousands separators")
g("<answer>－７</answer>", "-7", True, "fullwidth minus and digit")
m(r"\boxed{−\frac{1}{2}}", r"-\frac12", True, "U+2212 in LaTeX")
m(r"\boxed{x = −3}", "-3", True, "U+2212 in an assignment")
m(r"\boxed{٣}", "3", True, "Arabic-Indic digit in a box")
# --- other languages ----------------------------------------------------------------------------------------
g("La respuesta es 42.", "42", True, "Spanish phrase")
g("Ella tenía 30 y compró 12 más. La respuesta es 42. Le sobraron 3.", "42", True, "Spanish phrase, later number")
g("Die Antwort ist 18 Euro. Sie hat 3 Kinder.", "18", True, "German phrase, later number")
g("La réponse est 42.", "42", True, "French phrase")
g("Réponse : 42", "42", True, "French label with a space before the colon")
g("答案是 42。", "42", True, "Chinese phrase")
g("所以她每天赚 18 美元。答案：18", "18", True, "Chinese label")
g("Ответ: 42", "42", True, "Russian label")
g("La risposta è 42.", "42", True, "Italian phrase")
g("A resposta é 42.", "42", True, "Portuguese phrase")
g("Het antwoord is 42.", "42", True, "Dutch phrase")
g("La respuesta es 42.", "24", False, "Spanish, wrong")
g("Die Antwort ist 42, nicht 24.", "24", False, "German, the answer is 42")
g("答案是 7。", "42", False, "Chinese, wrong")
g("La réponse finale est 15 euros. Il reste 2 pommes.", "15", True, "French final phrase, later number")
# --- a tag holding the answer and an aside ------------------------------------------------------------------
g("<answer>42 (6 boxes of 7)</answer>", "42", True, "parenthetical aside after the answer")
g("<answer>42 (6 boxes of 7)</answer>", "7", False, "the aside is not the answer")
g("<answer>18 (that is 9 eggs times $2)</answer>", "18", True, "aside with numbers")
g("<answer>$18 (9 eggs × $2)</answer>", "18", True, "aside with a product")
g("<answer>15 (rounded from 14.6)</answer>", "15", True, "aside: rounded from")
g("<answer>15 (rounded from 14.6)</answer>", "14.6", False, "the rounded answer is given")
g("<answer>(about) 15</answer>", "15", True, "aside before the answer")
g("<answer>She has 15 apples left (20 - 5).</answer>", "15", True, "prose in the tag with an aside")
g("<answer>15 or 20</answer>", "20", False, "two candidate answers: a hedge")
g("<answer>15 and 20</answer>", "20", False, "two numbers: no single answer")
g("<answer>I think it is 20, or maybe 25</answer>", "20", False, "hedged answer")
# --- repeating decimals -------------------------------------------------------------------------------------
m(r"\boxed{0.1\overline{6}}", r"\frac{1}{6}", True, "overline repeating decimal")
m(r"\boxed{0.\overline{3}}", r"\frac13", True, "0.(3)")
m(r"\boxed{0.\overline{142857}}", r"\frac{1}{7}", True, "six-digit period")
m(r"\boxed{1.\overline{3}}", r"\frac{4}{3}", True, "1.(3)")
m(r"\boxed{0.1\overline{6}}", r"\frac{1}{5}", False, "1/6 is not 1/5")
m(r"\boxed{0.\dot{3}}", r"\frac13", True, "dot notation")
m(r"\boxed{0.\overline{12}}", r"\frac{4}{33}", True, "two-digit period")
m(r"\boxed{0.\overline{12}}", r"\frac{12}{100}", False, "0.1212... is not 0.12")
# --- inequalities and intervals -----------------------------------------------------------------------------
m(r"\boxed{y \le -1}", r"(-\infty,-1]", True, "inequality against an interval")
m(r"\boxed{y < -1}", r"(-\infty,-1]", False, "strict inequality against a closed end")
m(r"The solution is $x<-1 \text{ or } x>4$.", r"(-\infty,-1) \cup (4,\infty)", True, "or-inequalities vs union")
m(r"\boxed{x < -1 \text{ or } x > 4}", r"(-\infty,-1)\cup(4,\infty)", True, "or-inequalities in a box")
m(r"\boxed{x \le -1 \text{ or } x \ge 4}", r"(-\infty,-1)\cup(4,\infty)", False, "closed ends against open")
m(r"\boxed{\text{all real numbers}}", r"(-\infty,\infty)", True, "all real numbers")
m(r"\boxed{\mathbb{R}}", r"(-\infty, \infty)", True, "the reals")
m(r"\boxed{x \in \mathbb{R}}", r"(-\infty,\infty)", True, "x in R")
m(r"\boxed{-2 \le x \le 7}", "[-2,7]", True, "chained inequality against a closed interval")
m(r"\boxed{-2 < x \le 7}", "[-2,7]", False, "open left end")
m(r"\boxed{2 \le x < 5}", "[2,5)", True, "half-open")
m(r"\boxed{x > 3}", r"(3,\infty)", True, "ray")
m(r"\boxed{x \geq 3}", r"(3, \infty)", False, "closed ray against open")
m(r"\boxed{[-2,7]}", r"-2 \le x \le 7", True, "interval against a chained-inequality reference")
m(r"\boxed{(-\infty, 5)}", r"x<5", True, "interval against an inequality reference")
# --- empty set ----------------------------------------------------------------------------------------------
m(r"\boxed{\varnothing}", r"\emptyset", True, "varnothing")
m(r"\boxed{\{\}}", r"\emptyset", True, "empty braces")
m(r"\boxed{\text{no solution}}", r"\emptyset", True, "no solution")
m(r"There are no real solutions, so the answer is $\boxed{\text{No solutions}}$.", r"\emptyset", True, "no solutions")
m(r"\boxed{\emptyset}", r"\varnothing", True, "emptyset against varnothing")
m(r"\boxed{0}", r"\emptyset", False, "zero is not the empty set")
m(r"\boxed{\{0\}}", r"\emptyset", False, "{0} is not empty")
# --- scalars times matrices ---------------------------------------------------------------------------------
m(
    r"\boxed{2\begin{pmatrix} 1 \\ 2 \end{pmatrix}}",
    r"\begin{pmatrix} 2 \\ 4 \end{pmatrix}",
    True,
    "scalar times vector",
)
m(r"\boxed{-\begin{pmatrix}1&0\\0&1\end{pmatrix}}", r"\begin{pmatrix} -1 & 0 \\ 0 & -1 \end{pmatrix}", True, "minus I")
m(
    r"\boxed{\frac{1}{2}\begin{pmatrix} 2 & 4 \\ 6 & 8\end{pmatrix}}",
    r"\begin{pmatrix}1&2\\3&4\end{pmatrix}",
    True,
    "fraction times matrix",
)
m(r"\boxed{3\begin{pmatrix}1\\2\end{pmatrix}}", r"\begin{pmatrix} 2 \\ 4 \end{pmatrix}", False, "wrong scalar")
m(
    r"The matrix is $\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}$.",
    r"\begin{pmatrix}1&2\\3&4\end{pmatrix}",
    True,
    "matrix in prose",
)
m(
    r"The matrix is $\begin{pmatrix} 1 & 2 \\ 3 & 5 \end{pmatrix}$.",
    r"\begin{pmatrix}1&2\\3&4\end{pmatrix}",
    False,
    "matrix in prose, one entry wrong",
)
# --- percent against decimal (convention: a % sign may be dropped or applied; a bare decimal is not a percent) ---
m(r"\boxed{20\%}", "20", True, "percent sign against the number")
m(r"\boxed{20\%}", "0.2", True, "percent applied: 20% = 0.2")
m(r"\boxed{20\%}", r"\frac{1}{5}", True, "percent against a fraction")
m(r"\boxed{0.2}", "20", False, "a bare decimal is not a percent")
m(r"\boxed{0.2}", r"20\%", True, "decimal against a percent reference: the same value")
m(r"\boxed{28 \text{ percent}}", r"28\%", True, "percent in words")
g("<answer>25%</answer>", "25", True, "percent sign dropped")
g("The answer is 25 percent.", "25", True, "percent in words")
g("<answer>0.25</answer>", "25", False, "0.25 is not 25 (percent question)")
g("<answer>20%</answer>", "0.2", True, "percent applied")
# --- decimal approximations (convention: correct rounding to about 5 significant digits) ---------------------
m(r"\boxed{0.142857}", r"\frac{1}{7}", True, "six digits of 1/7 (convention, docs)")
m(r"\boxed{0.14}", r"\frac{1}{7}", False, "two digits of 1/7")
m(r"\boxed{0.143}", r"\frac17", False, "three digits of 1/7")
m(r"\boxed{0.3333}", r"\frac13", True, "four digits of 1/3 (convention)")
m(r"\boxed{0.33}", r"\frac13", False, "two digits of 1/3")
m(r"\boxed{1.41421}", r"\sqrt2", True, "five decimals of sqrt 2")
m(r"\boxed{1.41}", r"\sqrt{2}", False, "two decimals of sqrt 2")
m(r"\boxed{3.14}", r"\pi", False, "3.14 is not pi")
m(r"\boxed{0.5}", r"\frac12", True, "terminating decimal")
# --- truncated completions (finished = False: cut off at the token limit) ------------------------------------
g("Let's compute: 3 * 4 = 12, then 12 + 6 = 18, and then we subtract the", "18", False, "cut off: no answer", False)
g("She has 5 apples and buys 7 more, so 12 in all.", "12", True, "finished: the last number is its answer")
g("She has 5 apples and buys 7 more, so 12 in all, then she gives", "12", False, "cut off before the answer", False)
g(
    "<think>9 * 2 = 18</think><answer>18</answer> Let me double-check: 9 * 2",
    "18",
    True,
    "answer given, then cut",
    False,
)
g(r"So she makes $\boxed{18}$ dollars. Let me verify: 16 - 3 - 4 = 9, 9 * 2", "18", True, "boxed, then cut", False)
g("Janet sells 9 eggs. The answer is 18", "180", False, "cut mid-number could be anything", False)
g("Janet sells 9 eggs. The answer is 18", "18", False, "cut right after the digits: unsure", False)
g("Janet sells 9 eggs. The answer is 18.", "18", True, "cut after a full sentence stating it", False)
g("<think>16 - 3 - 4 = 9 eggs. 9 * 2 = 18</think>\n<answer>18", "18", False, "unclosed answer tag, cut", False)
g("<think>16 - 3 - 4 = 9 eggs. 9 * 2 = 18</think>\n<answer>18</answer>", "18", True, "closed tag, finished")
m(r"We get $x = \frac{1}{2}$. Now we check whether $x = \frac{1}{", r"\frac12", False, "cut off mid-answer", False)
m(r"First, $a = 3$ and $b = 4$, so $c^2 = 25$ and $c = 5$", "5", False, "cut off, last number matches", False)
m(r"First, $a = 3$ and $b = 4$, so $c^2 = 25$ and $c = 5$.", "5", True, "finished: the last statement")
m(r"Therefore $\boxed{5}$. To double-check, $3^2 + 4^2 = ", "5", True, "boxed, then cut", False)
# --- several boxes -------------------------------------------------------------------------------------------
m(r"The roots are $\boxed{2}$ and $\boxed{3}$.", "2, 3", True, "two boxes with and")
m(r"$x = \boxed{2}$ or $x = \boxed{-3}$", "-3, 2", True, "two boxes with or")
m(r"\boxed{1}, \boxed{2}, \boxed{3}", r"1,2,3", True, "three boxes with commas")
m(r"First I got $\boxed{5}$, but that is wrong; the answer is $\boxed{7}$.", "7", True, "a corrected box")
m(r"First I got $\boxed{5}$, but that is wrong; the answer is $\boxed{7}$.", "5", False, "the corrected box wins")
m(r"The roots are $\boxed{2}$ and $\boxed{3}$.", "2", False, "two roots against one")
# --- prose answers without a box -------------------------------------------------------------------------------
m(r"The answer is $\frac{3}{4}$.", r"\frac34", True, "answer phrase with math")
m("Final Answer: The largest $n$ is 34.", "34", True, "Minerva style, value after 'is'")
m("Final Answer: The final answer is $34$. I hope it is correct.", "34", True, "Minerva style")
m(r"Therefore the area is $12\pi$ square units.", r"12\pi", True, "the last math in prose")
m(r"So, $x = 5$.", "5", True, "assignment in prose")
m(r"The solutions are $x = 2$ and $x = 3$.", "2, 3", True, "two solutions in prose")
m(r"The solutions are $x = 2$ and $x = 3$.", "2", False, "two solutions against one")
m(r"Therefore the area is $12\pi$ square units.", r"6\pi", False, "wrong value in prose")
m(r"$\frac{1}{2}$", r"\frac12", True, "a bare answer")
m("1/2", r"\frac12", True, "a bare plain answer")
m(r"The equation of the line is $y = 2x + 3$.", "y=2x+3", True, "an equation in prose")
m(r"The equation of the line is $y = 2x + 3$.", "2x+3", True, "equation against its right side")
m(r"The plane is $2x - y + z = 4$.", "2x - y + z - 4 = 0", True, "plane, rearranged")
m(r"The plane is $2x - y + z = 4$.", "2x - y + z - 5 = 0", False, "a different plane")
# --- references written as f(x)=1, "1 and 2" -------------------------------------------------------------------
m(r"\boxed{1}", "f(x)=1", True, "reference is a labelled value")
m(r"\boxed{2}", "f(x)=1", False, "labelled value, wrong")
m(r"\boxed{1, 2}", r"1 \text{ and } 2", True, "reference joined by and")
m(r"\boxed{1, 3}", r"1 \text{ and } 2", False, "one of two wrong")
m(r"\boxed{(3,2)}", "(p,q)=(3,2)", True, "labelled tuple reference")
m(r"\boxed{(2,3)}", "(p,q)=(3,2)", False, "labelled tuple, order matters")
m(r"\boxed{\frac{1}{\sqrt{6}}}", r"\frac{NO}{BO}=\frac{1}{\sqrt{6}}", True, "labelled ratio reference")
m(r"\boxed{|AB| = 1}", "1", True, "labelled prediction")
# --- ratios, times and division by zero ------------------------------------------------------------------------
m(r"\boxed{1:00}", "12:00", False, "1:00 is not 12:00 (x/0 is not y/0)")
m(r"\boxed{12:00}", "12:00", True, "same time")
m(r"\boxed{3:2}", "3:2", True, "same ratio")
m(r"\boxed{2:3}", "3:2", False, "reversed ratio")
m(r"\boxed{\frac{1}{0}}", r"\frac{2}{0}", False, "division by zero equals nothing")
g("<answer>5/0</answer>", "0", False, "division by zero is no number")
# --- too complex or unreadable: no credit through a bare number inside ---------------------------------------
g("<answer>3^{70000}</answer>", "70000", False, "a huge power is not its exponent")
g(r"The answer is $\boxed{2001!}$.", "2001", False, "a factorial is not its argument")
g("The answer is 2^10.", "1024", True, "a small power is read")
g("The answer is 2^10.", "10", False, "a power is not its exponent")
g("<answer>10!</answer>", "3628800", True, "a small factorial is read")
g("<answer>10!</answer>", "10", False, "a factorial is not its argument")
g(r"\boxed{9^{9^{9}}}", "9", False, "a power tower is not its base")
g("<answer>5^{2}</answer>", "25", True, "braced exponent")
m(r"\boxed{3^{70000}}", "70000", False, "math: a huge power is not its exponent")
m(r"\boxed{2001!}", "2001", False, "math: a factorial is not its argument")
# --- realistic right answers in model formats -------------------------------------------------------------------
g(r"**Final Answer:** \boxed{18}", "18", True, "bold label then box")
g("Final answer: $18", "18", True, "dollar sign")
g("#### $18", "18", True, "#### with a dollar sign")
g("The answer is: **18**", "18", True, "bold number")
g("Therefore, Janet makes $18 every day.", "18", True, "the last number in the final sentence")
g("Therefore, Janet makes $18 every day at the market, selling 9 eggs.", "18", True, "answer then a detail")
g("So the total cost is 3 * $4 = $12.", "12", True, "the result of the last equation")
g("<think>\n48 / 2 = 24 in May\n48 + 24 = 72\n</think>\n<answer>\n72\n</answer>", "72", True, "R1 format")
g("<think>\n48 / 2 = 24 in May\n48 + 24 = 72\n</think>\n<answer>\n72 clips\n</answer>", "72", True, "R1 format + unit")
g("<think>\n48 / 2 = 24\n</think>\n<answer>\n24\n</answer>", "72", False, "R1 format, wrong")
g("Step 1: 16 - 3 - 4 = 9\nStep 2: 9 * 2 = 18\n\nAnswer: 18 dollars", "18", True, "Answer label")
g("Step 1: 16 - 3 - 4 = 9\nStep 2: 9 * 2 = 18\n\nAnswer: 9 dollars", "18", False, "Answer label, wrong")
g("The answer is 18.00", "18", True, "trailing zeros")
g("The answer is 18.5", "18", False, "a decimal is not its integer part")
g(r"The final answer is $\boxed{18}$. I hope it is correct.", "18", True, "Minerva style in gsm8k")
g(r"The final answer is $\boxed{17}$. I hope it is correct.", "18", False, "Minerva style, wrong")
g("She makes 18 dollars.\n\nThe answer is 18.", "18", True, "plain phrase")
g("So she has 5 + 7 = 12 apples. But she ate 2, so 10 are left.", "10", True, "the last number after a correction")
g("So she has 5 + 7 = 12 apples. But she ate 2, so 10 are left.", "12", False, "the earlier total is not the answer")
m(r"\boxed{x=5}", "5", True, "assignment in a box")
m(r"\boxed{5\text{ cm}}", "5", True, "unit in a box")
m(r"\boxed{(3, \frac{\pi}{2})}", r"\left( 3, \frac{\pi}{2} \right)", True, "polar point")
m(r"\boxed{\frac{\sqrt{3}}{2}}", r"\frac{\sqrt3}{2}", True, "radical fraction")
m(r"\boxed{\dfrac{9}{5}}", r"1\frac{4}{5}", True, "mixed number reference")
m(r"\boxed{\text{(C)}}", "C", True, "multiple choice")
m(r"\boxed{\text{(B)}}", "C", False, "multiple choice, wrong")
m(r"\boxed{2516_8}", "2516_8", True, "base subscript")
m(r"\boxed{\text{Evelyn}}", r"\text{Evelyn}", True, "word answer")
m(r"So the answer is $\boxed{\text{odd}}$.", r"\text{odd}", True, "word in a box")
m(r"\boxed{\text{even}}", r"\text{odd}", False, "wrong word")
m(r"\boxed{-\frac{1}{4}}", r"-\frac14", True, "negative fraction")
m(r"\boxed{\frac{1}{4}}", r"-\frac14", False, "sign error")
m(r"\boxed{(1, -2)}", "(1,-2)", True, "point")
m(r"\boxed{(-2, 1)}", "(1,-2)", False, "point, order")
m(r"\boxed{3\sqrt{2}}", r"\sqrt{18}", True, "simplified radical")
m(r"\boxed{2\sqrt{3}}", r"\sqrt{18}", False, "wrong radical")
m(r"\boxed{x^2+2x+1}", "(x+1)^2", True, "expanded polynomial")
m(r"\boxed{x^2+2x-1}", "(x+1)^2", False, "wrong polynomial")
m(r"\boxed{90^\circ}", "90", True, "degrees")
m(r"\boxed{\frac{\pi}{2}}", "90^\\circ", False, "radians against degrees")
m(r"\boxed{10\%}", r"10\%", True, "percent both sides")

# --- realistic chain-of-thought completions (longer, mostly right) ------------------------------------------------
g(
    "Natalia sold 48 clips in April.\nIn May she sold half as many: 48 / 2 = 24 clips.\nAltogether: 48 + 24 = 72 clips.\n\n**Answer: 72**",
    "72",
    True,
    "bold Answer label after working",
)
g(
    "Natalia sold 48 clips in April.\nIn May she sold 48 / 2 = 24.\nTotal = 48 + 24 = **72 clips**.",
    "72",
    True,
    "bold total at the end",
)
g(
    "<think>\nWeng earns 12/60 = $0.2 per minute.\n50 minutes: 0.2 * 50 = $10.\n</think>\n<answer>$10</answer>",
    "10",
    True,
    "R1 with a dollar answer",
)
g(
    "<think>\nWeng earns 12/60 = $0.2 per minute.\n50 minutes: 0.2 * 50 = $10.\n</think>\n<answer>$0.2 per minute</answer>",
    "10",
    False,
    "R1, the rate instead of the total",
)
g(
    "Betty has 100 / 2 = $50.\nHer parents give $15 and grandparents 15 * 2 = $30.\nShe needs 100 - 50 - 15 - 30 = $5 more.\n\nThe answer is $5.",
    "5",
    True,
    "answer phrase with a dollar sign",
)
g(
    "Betty has 100 / 2 = $50.\nShe needs 100 - 50 - 15 - 30 = $5 more.\n\nThe answer is $5.",
    "50",
    False,
    "answer phrase, wrong",
)
g(
    "James writes 3 * 2 = 6 pages a week to each friend, so 6 * 2 = 12 pages a week.\nIn a year: 12 * 52 = 624 pages.\nThe final answer is 624.",
    "624",
    True,
    "final answer phrase",
)
g(
    "James writes 12 pages a week, so in a year he writes 12 * 52 = 624 pages.\nSo the answer is 624 pages.",
    "624",
    True,
    "answer phrase with a unit",
)
g(
    "Mark has 10 yellow flowers and 10 * 0.8 = 18 purple ones... wait, 80% more is 10 * 1.8 = 18.\nGreen: 25% of 28 = 7.\nTotal: 10 + 18 + 7 = 35.\n#### 35",
    "35",
    True,
    "self-correction then ####",
)
g(
    "Albert eats 2 large pizzas (16 slices each) and 2 small (8 each): 2*16 + 2*8 = 48 slices.\n\nFinal Answer: 48",
    "48",
    True,
    "Final Answer label",
)
g(
    "Albert eats 2*16 + 2*8 = 48 slices.\n\nFinal Answer: 48 slices of pizza in total",
    "48",
    True,
    "Final Answer with words",
)
g("Albert eats 2*16 + 2*8 = 48 slices.\n\nFinal Answer: 40", "48", False, "Final Answer, wrong")
g(
    "Ken's box: 2 lbs, tripled to 6, +2 = 8, doubled = 16 pounds.\nTherefore, the final weight is 16 pounds.",
    "16",
    True,
    "the last number in a final sentence",
)
g(
    "Alexis spent 30+46+38+11+18 = 143 on clothes and had 200 - 143 - 16 = 41 left.\nSo the shoes cost $41.",
    "41",
    True,
    "last number with a dollar sign",
)
g(
    "Tina makes 18 * 8 = $144 a day for 8 hours, plus overtime 27 * 2 = $54 for 2 h.\n5 days: (144 + 54) * 5 = $990.\n\nAnswer: $990",
    "990",
    True,
    "Answer label with a dollar sign",
)
g("Tina makes (144 + 54) * 5 = $990 in total.\n\nAnswer: $990", "900", False, "Answer label, wrong")
g("The cost is 2 * 3.50 + 4 * 1.25 = 7 + 5 = 12 dollars.\n<answer>12</answer>", "12", True, "answer tag after prose")
g("There are 60 minutes in an hour, so 3 hours = 180 minutes.\nThe answer is 180 minutes.", "180", True, "minutes unit")
g(
    "1.5 hours * 60 = 90 minutes.\nThe answer is 1.5 hours.",
    "90",
    True,
    "1.5 hours is 90 minutes: the unit belongs to the number",
)
g("1.5 hours * 60 = 90 minutes.\nThe answer is 1.5 hours.", "1.5", True, "and 1.5 (hours)")
g("1.5 hours * 60 = 90 minutes.\nThe answer is 1.5 hours.", "15", False, "not 15")
g("The trip is 120 km at 60 km/h, so it takes 120 / 60 = 2 hours.\n\\boxed{2}", "2", True, "box on its own line")
g("Each student gets 36 / 4 = 9 cookies.\nThe answer is 9 cookies per student.", "9", True, "answer phrase with 'per'")
g(
    "The total is 1,250 + 750 = 2,000 dollars.\nThe answer is $2,000.",
    "2000",
    True,
    "thousands separator with a dollar sign",
)
g("The total is 1,250 + 750 = 2,000 dollars.\nThe answer is $2,000.", "2", False, "2,000 is not 2")
g("She saves 15% of $2,400, i.e. 0.15 * 2400 = $360.\nThe answer is 360.", "360", True, "percent in the working")
g(
    "The discount is 20%, so she pays 80% of 50 = $40.\nThe answer is 40.",
    "40",
    True,
    "percent in the working, answer 40",
)
g("The discount is 20%, so she pays 80% of 50 = $40.\nThe answer is 20%.", "40", False, "the discount is not the price")
g(
    "John runs 3 sprints 3 times a week, 60 m each: 3 * 3 * 60 = 540 meters.\n\n**Final Answer**\n\\[\n\\boxed{540}\n\\]",
    "540",
    True,
    "Final Answer heading and display box",
)
g(
    "Total eggs: 16 - 3 - 4 = 9.\nMoney: 9 * $2 = $18.\n\nSo, Janet makes **$18** every day at the farmers' market.",
    "18",
    True,
    "bold money in the final sentence",
)
g(
    "Total eggs: 16 - 3 - 4 = 9.\nMoney: 9 * $2 = $18.\n\nSo, Janet makes **$18** every day at the farmers' market.",
    "9",
    False,
    "eggs are not the answer",
)
g(
    "Let x be the number of boys. x + 2x = 36, so x = 12 and there are 24 girls.\nThe answer is 24.",
    "24",
    True,
    "algebra in gsm8k",
)
g("Let x be the number of boys. x + 2x = 36, so x = 12.\nThe answer is x = 12.", "12", True, "assignment as the answer")
g("Let x be the number of boys. x + 2x = 36, so x = 12.\nThe answer is x = 12.", "24", False, "assignment, wrong")
g(
    "He bought 3 packs of 12 = 36 pencils and gave away half, 18.\n<answer>\n18 pencils\n</answer>",
    "18",
    True,
    "tag on its own lines with a unit",
)
g("<answer>The answer is 18.</answer>", "18", True, "answer phrase inside the tag")
g("<answer>Janet makes $18 per day.</answer>", "18", True, "sentence inside the tag")
g(
    "<answer>Janet sells 9 eggs and makes $18 per day.</answer>",
    "18",
    True,
    "sentence with two numbers: the last is the answer",
)
m(
    r"We need $x^2 - 5x + 6 = 0$, so $(x-2)(x-3) = 0$.\n\nTherefore $x = \boxed{2, 3}$.",
    "2, 3",
    True,
    "two roots in one box",
)
m(r"We need $(x-2)(x-3) = 0$.\n\nTherefore $x = \boxed{2 \text{ or } 3}$.", "2,3", True, "roots joined by or")
m(
    r"The slope is $\frac{6-2}{4-2} = 2$, so the line is $y = 2x - 2$.\n\n$\boxed{y = 2x - 2}$",
    "y=2x-2",
    True,
    "line equation in a box",
)
m(r"The slope is 2.\n\n$\boxed{y = 2x - 2}$", "y=2x+2", False, "line equation, wrong intercept")
m(
    r"By the Pythagorean theorem, $c = \sqrt{3^2+4^2} = \sqrt{25} = 5$.\n\nThe hypotenuse is $\boxed{5}$ units long.",
    "5",
    True,
    "box in a sentence with a unit after",
)
m(r"The area is $\pi r^2 = \pi \cdot 3^2 = 9\pi$.\n\n**Answer:** $9\pi$", r"9\pi", True, "bold Answer label with math")
m(
    r"The area is $9\pi \approx 28.27$.\n\n**Answer:** $9\pi \approx 28.27$",
    r"9\pi",
    True,
    "exact value then an approximation",
)
m(r"The area is $\pi r^2 = 9\pi$.\n\n**Answer:** $3\pi$", r"9\pi", False, "bold Answer label, wrong")
m(r"So $\cos 60^\circ = \boxed{\frac{1}{2}}$.", r"\frac12", True, "trig value")
m(r"So $\cos 60^\circ = \boxed{\frac{\sqrt{3}}{2}}$.", r"\frac12", False, "trig value, wrong")
m(r"The probability is $\frac{3}{8}$.\n\nFinal answer: $\frac{3}{8}$", r"\frac{3}{8}", True, "Final answer label")
m(
    r"The probability is $\frac{3}{8} = 0.375$.\n\nFinal answer: $0.375$",
    r"\frac{3}{8}",
    True,
    "terminating decimal of the fraction",
)
m(r"The probability is $\frac{3}{8}$.\n\nFinal answer: $\frac{5}{8}$", r"\frac{3}{8}", False, "the complement")
m(r"$f(2) = 2^2 + 3 = 7$, so $f(f(2)) = f(7) = 52$.\n\n\boxed{52}", "52", True, "composition")
m(
    r"$\boxed{\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}}$",
    r"\begin{pmatrix}1&2\\3&4\end{pmatrix}",
    True,
    "matrix in a box",
)
m(
    r"$\boxed{\begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix}}$",
    r"\begin{pmatrix}1&2\\3&4\end{pmatrix}",
    True,
    "bmatrix against pmatrix",
)
m(r"$\boxed{\begin{pmatrix} 1 \\ -2 \end{pmatrix}}$", r"\begin{pmatrix}1\\-2\end{pmatrix}", True, "column vector")
m(r"$\boxed{(1,-2)}$", r"\begin{pmatrix}1\\-2\end{pmatrix}", True, "a vector written as a tuple")
m(r"The remainder is $\boxed{4}$.", "4", True, "plain integer")
m(r"The sum of the digits is $2+0+2+4=\boxed{8}$.", "8", True, "box after an equation")
m(r"The sum is $2+0+2+4=8$, so the answer is $\boxed{8}$.", "6", False, "box, wrong")
m(r"Thus the number of ways is $\binom{5}{2} = \boxed{10}$.", "10", True, "binomial then box")
m(r"$\boxed{\binom{5}{2}}$", "10", True, "unevaluated binomial")
m(r"The solution set is $\boxed{[-3, 3]}$.", "[-3,3]", True, "closed interval")
m(r"The solution set is $\boxed{(-3, 3)}$.", "[-3,3]", False, "open against closed")
m(
    r"The domain is all $x$ except $x=2$: $\boxed{(-\infty, 2) \cup (2, \infty)}$",
    r"(-\infty,2)\cup(2,\infty)",
    True,
    "union",
)
m(
    r"$\boxed{x \neq 2}$",
    r"(-\infty,2)\cup(2,\infty)",
    False,
    "x != 2 is not read as the union (convention: not credited)",
)
m(r"$\boxed{\dfrac{1}{\sqrt{2}}}$", r"\frac{\sqrt2}{2}", True, "rationalised or not")
m(r"$\boxed{\sqrt{2}/2}$", r"\frac{\sqrt2}{2}", True, "slash with a radical")
m(r"$\boxed{2^{10}}$", "1024", True, "unevaluated power")
m(r"$\boxed{1024}$", "2^{10}", True, "evaluated power against the power")
m(r"The answer is $\boxed{-7}$.", "7", False, "sign")
m(r"$\boxed{5\sqrt{3} \text{ cm}^2}$", r"5\sqrt3", True, "squared unit")
m(r"$\boxed{\$1,\!250}$", "1250", True, "money with a LaTeX thousands separator")
m(r"$\boxed{12 \text{ inches}}$", r"12", True, "unit word")
m(r"$\boxed{\textbf{(D) }17}$", r"\text{(D)}", True, "choice letter with its value")


def split(batch: int) -> str:
    return "heldout" if batch == HELDOUT_BATCH else "tune"


def synthetic_rows() -> list[dict]:
    rows = []
    for task, completion, ref, label, note, *rest in CASES:
        finished = rest[0] if rest else True
        key = hashlib.sha1(json.dumps([task, completion, ref, finished]).encode()).hexdigest()[:10]
        rows.append(_row(f"syn-{key}", "synthetic", task, completion, ref, finished, label, note, batch=1))
    return rows


# (batch, file): synthetic completions written by someone who had not read the verifier's code or any row before.
BLIND = (
    (2, "blind_batch2.jsonl"),
    (3, "blind_batch3.jsonl"),
    (4, "blind_batch4a.jsonl"),
    (4, "blind_batch4b.jsonl"),
    (5, "blind_batch5a.jsonl"),
    (5, "blind_batch5b.jsonl"),
    (6, "blind_batch6a.jsonl"),
    (6, "blind_batch6b.jsonl"),
    (7, "blind_batch7a.jsonl"),
    (7, "blind_batch7b.jsonl"),
    (8, "blind_batch8a.jsonl"),
    (8, "blind_batch8b.jsonl"),
    (9, "blind_batch9a.jsonl"),
    (9, "blind_batch9b.jsonl"),
    (10, "blind_batch10a.jsonl"),
    (10, "blind_batch10b.jsonl"),
    (10, "blind_batch10c.jsonl"),
    (11, "blind_batch11a.jsonl"),
    (11, "blind_batch11b.jsonl"),
    (11, "blind_batch11c.jsonl"),
    (11, "blind_batch11d.jsonl"),
    (12, "blind_batch12a.jsonl"),
    (12, "blind_batch12b.jsonl"),
    (12, "blind_batch12c.jsonl"),
    (12, "blind_batch12d.jsonl"),
    (13, "blind_batch13a.jsonl"),
    (13, "blind_batch13b.jsonl"),
    (13, "blind_batch13c.jsonl"),
    (14, "blind_batch14a.jsonl"),
    (14, "blind_batch14b.jsonl"),
    (14, "blind_batch14c.jsonl"),
    (15, "blind_batch15a.jsonl"),
    (15, "blind_batch15b.jsonl"),
    (15, "blind_batch15c.jsonl"),
    (16, "blind_batch16a.jsonl"),
    (16, "blind_batch16b.jsonl"),
    (16, "blind_batch16c.jsonl"),
    (17, "blind_batch17a.jsonl"),
    (17, "blind_batch17b.jsonl"),
    (17, "blind_batch17c.jsonl"),
    (18, "blind_batch18a.jsonl"),
    (18, "blind_batch18b.jsonl"),
    (18, "blind_batch18c.jsonl"),
    (19, "blind_batch19a.jsonl"),
    (19, "blind_batch19b.jsonl"),
    (19, "blind_batch19c.jsonl"),
    (20, "blind_batch20a.jsonl"),
    (20, "blind_batch20b.jsonl"),
    (20, "blind_batch20c.jsonl"),
    (21, "blind_batch21a.jsonl"),
    (21, "blind_batch21b.jsonl"),
    (21, "blind_batch21c.jsonl"),
    (22, "blind_batch22a.jsonl"),
    (22, "blind_batch22b.jsonl"),
    (22, "blind_batch22c.jsonl"),
    (23, "blind_batch23a.jsonl"),
    (23, "blind_batch23b.jsonl"),
    (23, "blind_batch23c.jsonl"),
    (24, "blind_batch24a.jsonl"),
    (24, "blind_batch24b.jsonl"),
    (24, "blind_batch24c.jsonl"),
    (25, "blind_batch25a.jsonl"),
    (25, "blind_batch25b.jsonl"),
    (25, "blind_batch25c.jsonl"),
    (26, "blind_batch26a.jsonl"),
    (26, "blind_batch26b.jsonl"),
    (26, "blind_batch26c.jsonl"),
    (27, "blind_batch27a.jsonl"),
    (27, "blind_batch27b.jsonl"),
    (27, "blind_batch27c.jsonl"),
    (28, "blind_batch28a.jsonl"),
    (28, "blind_batch28b.jsonl"),
    (28, "blind_batch28c.jsonl"),
    (29, "blind_batch29a.jsonl"),
    (29, "blind_batch29b.jsonl"),
    (29, "blind_batch29c.jsonl"),
    (30, "blind_batch30a.jsonl"),
    (30, "blind_batch30b.jsonl"),
    (30, "blind_batch30c.jsonl"),
    (31, "blind_batch31a.jsonl"),
    (31, "blind_batch31b.jsonl"),
    (31, "blind_batch31c.jsonl"),
)


def blind_rows() -> list[dict]:
    """{task, completion, answer, finished, label, note} per line. A row identical to an earlier one (same task,
    completion, reference and finished; batch 17 has two: a bare '18', and the brief's own example 'The answer is 40 /
    8 = 5') is kept once, in its first batch."""
    rows = []
    seen = set()
    for batch, name in BLIND:
        for r in map(json.loads, (HERE / name).open()):
            fields = [r["task"], r["completion"], r["answer"], r["finished"]]
            key = hashlib.sha1(json.dumps(fields).encode()).hexdigest()[:10]
            if key not in seen:
                seen.add(key)
                rows.append(_row(f"blind-{key}", "synthetic_blind", *fields, r["label"], r["note"], batch))
    return rows


# (batch, samples file, labels against the dataset's reference, labels against the completion's own answer)
REAL = (
    (1, "smollm2_samples.jsonl", "smollm2_labels.jsonl", "smollm2_own_answer.jsonl"),
    (3, "smollm2_fresh_samples.jsonl", "smollm2_fresh_labels.jsonl", "smollm2_fresh_own_answer.jsonl"),
    (5, "smollm2_seed2_samples.jsonl", "smollm2_seed2_labels.jsonl", "smollm2_seed2_own_answer.jsonl"),
    (6, "smollm2_seed3_samples.jsonl", "smollm2_seed3_labels.jsonl", "smollm2_seed3_own_answer.jsonl"),
    (7, "smollm2_seed4_samples.jsonl", "smollm2_seed4_labels.jsonl", "smollm2_seed4_own_answer.jsonl"),
    (8, "smollm2_seed5_samples.jsonl", "smollm2_seed5_labels.jsonl", "smollm2_seed5_own_answer.jsonl"),
    (9, "smollm2_seed6_samples.jsonl", "smollm2_seed6_labels.jsonl", "smollm2_seed6_own_answer.jsonl"),
    (10, "smollm2_seed7_samples.jsonl", "smollm2_seed7_labels.jsonl", "smollm2_seed7_own_answer.jsonl"),
    (14, "smollm2_seed8_samples.jsonl", "smollm2_seed8_labels.jsonl", "smollm2_seed8_own_answer.jsonl"),
    (15, "smollm2_seed9_samples.jsonl", "smollm2_seed9_labels.jsonl", "smollm2_seed9_own_answer.jsonl"),
    (16, "smollm2_seed10_samples.jsonl", "smollm2_seed10_labels.jsonl", "smollm2_seed10_own_answer.jsonl"),
    (17, "smollm2_seed11_samples.jsonl", "smollm2_seed11_labels.jsonl", "smollm2_seed11_own_answer.jsonl"),
    (18, "smollm2_seed12_samples.jsonl", "smollm2_seed12_labels.jsonl", "smollm2_seed12_own_answer.jsonl"),
    (19, "smollm2_seed13_samples.jsonl", "smollm2_seed13_labels.jsonl", "smollm2_seed13_own_answer.jsonl"),
    (20, "smollm2_seed14_samples.jsonl", "smollm2_seed14_labels.jsonl", "smollm2_seed14_own_answer.jsonl"),
    (21, "smollm2_seed15_samples.jsonl", "smollm2_seed15_labels.jsonl", "smollm2_seed15_own_answer.jsonl"),
    (22, "smollm2_seed16_samples.jsonl", "smollm2_seed16_labels.jsonl", "smollm2_seed16_own_answer.jsonl"),
)


def smollm2_rows() -> list[dict]:
    """Real completions, graded against the dataset's reference (a 135M model is almost always wrong) and, where a
    completion states one clear final answer, against that answer as the reference (source smollm2_own, id + OWN):
    the same messy real text, now with a right answer to find, so recall is measured on real text too and not only
    on the synthetic rows. A completion and its own-answer twin are always in the same batch."""
    rows = []
    for batch, samples_file, labels, own in REAL:
        samples = {s["id"]: s for s in map(json.loads, (HERE / samples_file).open())}
        for name, source, suffix in ((labels, "smollm2", ""), (own, "smollm2_own", OWN)):
            for lab in map(json.loads, (HERE / name).open()):
                s = samples[lab["id"]]
                rows.append(
                    _row(s["id"] + suffix, source, s["task"], s["completion"], lab["answer"], s["finished"],
                         lab["label"], lab["note"], batch)
                )  # fmt: skip
    return rows


def _row(row_id, source, task, completion, answer, finished, label, note, batch) -> dict:  # noqa: PLR0913
    return {
        "id": row_id,
        "source": source,
        "task": task,
        "completion": completion,
        "answer": answer,
        "finished": finished,
        "label": label,
        "note": note,
        "batch": batch,
        "split": split(batch),
    }


def main() -> None:
    rows = synthetic_rows() + blind_rows() + smollm2_rows()
    ids = [r["id"] for r in rows]
    dupes = {i for i in ids if ids.count(i) > 1}
    if dupes:
        raise SystemExit(f"duplicate cases: {sorted(dupes)}")
    out = HERE / "verifier_corpus.jsonl"
    with out.open("w") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    wrong = sum(not r["label"] for r in rows)
    held = sum(r["split"] == "heldout" for r in rows)
    print(f"{len(rows)} rows ({wrong / len(rows):.0%} wrong, {held} held out) -> {out}")


if __name__ == "__main__":
    main()
