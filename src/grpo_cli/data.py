"""Problems for training and evaluation: GSM8K, MATH / MATH-500, the toy generator, and custom data.

Every loader ends in the same shape, a list of `Problem` whose `answer` is the parsed reference (what
`grpo_cli.verify.verify` compares against). The reference is extracted once here, at load time; rows whose answer
cannot be parsed are dropped and counted, so a reward function never meets an unusable reference.

Sources, per dataset:
  gsm8k   Hub openai/gsm8k (config main), or a local jsonl/parquet file or folder with fields question, answer.
  math    train: Hub DigitalLearningGmbH/MATH-lighteval (problem, solution); test: MATH-500 (below).
  math500 Hub HuggingFaceH4/MATH-500 (problem, solution, answer, subject, level, unique_id), split test.
  toy     a seeded generator of multi-step arithmetic word problems (no files).
  custom  `data.path` or `data.hub_id`, with `data.question_column` / `data.answer_column` naming the fields.
A local path always wins over the Hub (`--set data.path=...`). The Hub is only touched through `datasets`, imported
lazily, so nothing here slows `grpo --help` down.
"""

from __future__ import annotations

import math
import os
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from grpo_cli import safeio
from grpo_cli.config import Benchmark, Recipe, Task, ToyConfig, is_task
from grpo_cli.errors import UserError

DATASETS = ("gsm8k", "math", "math500", "toy", "custom")
DATA_SUFFIXES = (".jsonl", ".json", ".parquet")
# A question longer than this is refused as it is read, before any tokenizer sees it: tokenising a 50 MB question took
# 4.7 GB and aborted. At a few characters a token it is several times the longest context a recipe may set
# (config.MAX_TOKENS, 131,072 tokens), so the context check would refuse it anyway, after the tokenizer.
MAX_QUESTION_CHARS = 1 << 20
# What one data file may hold in the columns grpo reads: a jsonl/json file's size on disk, a parquet file's columns
# decompressed (from its footer, before anything is expanded: a 13 KB zstd parquet expanded to 1.7 GB first).
# GSM8K's train split is 4 MB, MATH's 9 MB; a larger set is split into files.
MAX_DATA_BYTES = 1 << 30
# The columns a row may contribute (besides the recipe's data.question_column / answer_column) and the types each may
# hold. A row whose field has another type is dropped and counted with the unparsable ones: the answer {"a": 1} is
# no reference (it used to become "1"), the question 5 no question (it became the prompt "5"). Nothing else of a row
# is read; a parquet file's other columns are never decompressed.
_TEXT, _NUMBER = (str,), (str, int, float)
FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "question": _TEXT, "problem": _TEXT, "prompt": _TEXT, "answer": _NUMBER, "solution": _TEXT, "subject": _TEXT,
    "type": _TEXT, "level": (int, str), "completion": _TEXT, "unique_id": (str, int),
}  # fmt: skip


@dataclass(frozen=True)
class Problem:
    id: str
    question: str
    # The parsed reference answer (grpo_cli.verify.parse_reference), e.g. "72" or "\\frac{1}{2}".
    answer: str
    # A worked solution when the dataset has one (GSM8K, MATH, toy): the SFT target is built from it.
    solution: str | None = None
    task: str = "gsm8k"
    meta: dict = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class HubSource:
    hub_id: str
    config: str | None
    split: str


# --------------------------------------------------------------------------------------------------------
# entry points


def load_train(recipe: Recipe) -> tuple[list[Problem], int]:
    """The recipe's training problems (at most `data.limit`) and the number of rows dropped as unparsable."""
    return load_problems(recipe.data.dataset, recipe.data.train_split, recipe, limit=recipe.data.limit)


def load_problems(dataset: str, split: str, recipe: Recipe, limit: int = 0) -> tuple[list[Problem], int]:
    """Problems of `dataset` (a name in DATASETS or a local jsonl/parquet file or folder) for `split`.

    Returns (problems, dropped): `dropped` counts rows whose reference answer could not be parsed.
    `limit` > 0 keeps the first `limit` usable problems (the order of the source, so it is reproducible).
    """
    if dataset == "toy":
        problems = toy_problems(recipe.data.toy, split)
        return (problems[:limit] if limit > 0 else problems), 0
    columns = wanted_columns(recipe)
    if dataset not in DATASETS:
        path = Path(dataset).expanduser()
        if not path.exists():
            raise UserError(
                f"dataset '{dataset}' is neither a known name ({', '.join(DATASETS)}) nor an existing file or folder"
            )
        rows = read_local(path, split, columns)
        return _problems_from_rows(rows, _guess_task(rows, recipe.data.task), f"{path.stem}-{split}", recipe, limit)

    task: Task = "math" if dataset in ("math", "math500") else ("gsm8k" if dataset == "gsm8k" else recipe.data.task)
    local = _local_path(dataset, recipe)
    if local is not None:
        rows = read_local(local, split, columns)
    else:
        rows = read_hub(dataset, _hub_source(dataset, split, recipe), columns)
    return _problems_from_rows(rows, task, f"{dataset}-{split}", recipe, limit)


def wanted_columns(recipe: Recipe) -> tuple[str, ...]:
    """Every column a row may contribute: the recipe's question and answer columns and FIELD_TYPES' names."""
    return tuple(dict.fromkeys((recipe.data.question_column, recipe.data.answer_column, *FIELD_TYPES)))


def benchmark_columns(bench: Benchmark) -> tuple[str, ...]:
    """Every column a benchmark's row may contribute: its mapped columns and FIELD_TYPES' names."""
    named = (bench.question_column, bench.answer_column, bench.id_column, bench.task_column)
    return tuple(dict.fromkeys((*(c for c in named if c is not None), *FIELD_TYPES)))


# A Hub dataset id: owner/name (HuggingFaceH4/aime_2024), never a path that exists here.
_HUB_ID = re.compile(r"[A-Za-z0-9][\w.-]*/[A-Za-z0-9][\w.-]*")


def load_benchmark(bench: Benchmark, recipe: Recipe) -> tuple[list[Problem], int]:
    """The problems of one of `grpo eval`'s benchmarks (eval.benchmarks): a known name, a local jsonl/parquet file or
    folder, or a Hub dataset id, read through its column mapping. Ids are `<benchmark>/<id>`, unique across the
    benchmarks of one eval; each problem's meta names its benchmark."""
    name, source = bench.label(), bench.dataset
    path = Path(source).expanduser()
    if source in DATASETS and not path.exists():
        problems, dropped = load_problems(source, bench.split, recipe)
    else:
        if path.exists():
            rows = read_local(path, bench.split, benchmark_columns(bench))
        elif _HUB_ID.fullmatch(source):
            rows = read_hub(source, HubSource(source, bench.hub_config, bench.split), benchmark_columns(bench))
        else:
            raise UserError(
                f"benchmark {name}: {source!r} is neither a file or folder here nor a Hub dataset id (owner/name)"
            )
        task = bench.task or _guess_task(rows, recipe.data.task)
        problems, dropped = _problems_from_rows(rows, task, name, recipe, 0, columns=bench)
    return [
        Problem(f"{name}/{p.id}", p.question, p.answer, p.solution, p.task, {**p.meta, "benchmark": name})
        for p in problems
    ], dropped


# --------------------------------------------------------------------------------------------------------
# rows -> problems


def _mapped_columns(rows: list[dict], bench: Benchmark) -> tuple[str, str]:
    """A benchmark's (question, answer) columns, each one that is named checked against the rows."""
    keys = set(rows[0]) if rows else set()
    named = [bench.question_column, bench.answer_column, bench.id_column, bench.task_column]
    missing = [c for c in named if c is not None and rows and c not in keys]
    if missing:
        raise UserError(
            f"benchmark {bench.label()}: column(s) {', '.join(missing)} not found (columns: {', '.join(sorted(keys))}); "
            "map them with --question-column, --answer-column, --id-column, --task-column (or eval.benchmarks)"
        )
    return bench.question_column, bench.answer_column


def _problems_from_rows(
    rows: list[dict], default_task: Task, prefix: str, recipe: Recipe, limit: int, *, columns: Benchmark | None = None
) -> tuple[list[Problem], int]:
    from grpo_cli.verify import parse_reference

    qcol, acol = _columns(rows, recipe) if columns is None else _mapped_columns(rows, columns)
    id_col = columns.id_column if columns is not None else None
    task_col = columns.task_column if columns is not None else None
    problems: list[Problem] = []
    dropped = 0
    mistyped: dict[str, int] = {}
    for i, row in enumerate(rows):
        bad = _mistyped_field(row, qcol, acol)
        if bad is not None:
            dropped += 1
            mistyped.setdefault(bad, i + 1)
            continue
        question = row.get(qcol)
        if isinstance(question, str) and len(question) > MAX_QUESTION_CHARS:
            raise UserError(
                f"{prefix} row {i + 1}: the question is {len(question):,} characters, more than {MAX_QUESTION_CHARS:,}; "
                "no model's context holds it (shorten it or leave the row out)"
            )
        task = str(row.get(task_col)) if task_col else default_task
        if not is_task(task):  # a task column naming no verifier task: the row cannot be scored
            dropped += 1
            continue
        # A `solution` column, when a file has one (MATH, `grpo filter`'s data.jsonl), is the worked solution; GSM8K
        # keeps its solution in the answer column.
        solution = row.get("solution") if task == "math" or row.get("solution") else row.get(acol)
        # MATH rows may carry a clean `answer` (MATH-500) or only a solution whose last \boxed{} is the answer.
        raw = row.get(acol) if row.get(acol) not in (None, "") else row.get("solution")
        reference = parse_reference(str(raw), task) if raw not in (None, "") and question else None
        if reference is None:
            dropped += 1
            continue
        # `completion`: a distilled answer (`grpo distill`'s data.jsonl), which SFT then trains on as written.
        meta = {k: row[k] for k in ("subject", "level", "type", "completion") if k in row}
        if "type" in meta and "subject" not in meta:  # MATH train calls the subject "type"
            meta["subject"] = meta.pop("type")
        problems.append(
            Problem(
                id=str(row.get(id_col) if id_col else row.get("unique_id") or f"{prefix}-{i}"),
                question=str(question),
                answer=reference,
                solution=str(solution) if solution not in (None, "") else None,
                task=task,
                meta=meta,
            )
        )
        if 0 < limit <= len(problems):
            break
    if mistyped:
        where = ", ".join(f"{name} (first at row {row})" for name, row in mistyped.items())
        print(f"warning: {prefix}: rows whose field has the wrong type dropped: {where}", file=sys.stderr)
    return problems, dropped


def _mistyped_field(row: dict, qcol: str, acol: str) -> str | None:
    """The first field of `row` whose value is of a type it may not hold (FIELD_TYPES; the recipe's question column
    is text, its answer column text or a number), or None. A missing or null field is not mistyped: an absent answer
    is counted as unparsable below."""
    for name, value in row.items():
        allowed = _TEXT if name == qcol else _NUMBER if name == acol else FIELD_TYPES.get(name)
        if allowed is None or value is None:
            continue
        finite = not isinstance(value, float) or math.isfinite(value)
        if isinstance(value, bool) or not isinstance(value, allowed) or not finite:
            return f"{name} is {type(value).__name__}"
    return None


def _columns(rows: list[dict], recipe: Recipe) -> tuple[str, str]:
    """(question column, answer column): the recipe's mapping, else the usual names (question/problem, answer)."""
    if not rows:
        return recipe.data.question_column, recipe.data.answer_column
    keys = set(rows[0])
    qcol, acol = recipe.data.question_column, recipe.data.answer_column
    if qcol not in keys:
        qcol = next((c for c in ("question", "problem", "prompt") if c in keys), qcol)
    if acol not in keys:
        acol = next((c for c in ("answer", "solution") if c in keys), acol)
    missing = [c for c in (qcol, acol) if c not in keys]
    if missing:
        raise UserError(
            f"data: column(s) {', '.join(missing)} not found (columns: {', '.join(sorted(keys))}); "
            "set data.question_column and data.answer_column"
        )
    return qcol, acol


def _guess_task(rows: list[dict], default: Task) -> Task:
    return "math" if rows and "problem" in rows[0] and "question" not in rows[0] else default


# --------------------------------------------------------------------------------------------------------
# local files


def _local_path(dataset: str, recipe: Recipe) -> Path | None:
    """`data.path` when it belongs to this dataset (MATH's local folder also serves MATH-500's test split)."""
    if not recipe.data.path:
        return None
    if dataset == recipe.data.dataset or (dataset == "math500" and recipe.data.dataset == "math"):
        path = Path(recipe.data.path).expanduser()
        if not path.exists():
            raise UserError(f"data.path {recipe.data.path}: no such file or folder")
        return path
    return None


def find_split_file(folder: Path, split: str) -> Path:
    """The file of `split` in a folder: SPLIT.jsonl / SPLIT.parquet, or SPLIT-*.parquet (a Hub snapshot), searched
    in the folder and below it."""
    candidates = []
    for suffix in DATA_SUFFIXES:
        candidates += sorted(folder.glob(f"{split}{suffix}")) + sorted(folder.glob(f"**/{split}{suffix}"))
        candidates += sorted(folder.glob(f"**/{split}-*{suffix}"))
    if not candidates:
        raise UserError(
            f"no {split} split in {folder}: expected {split}.jsonl, {split}.parquet or {split}-*.parquet there"
        )
    return candidates[0]


def read_local(path: Path, split: str, columns: tuple[str, ...] | None = None) -> list[dict]:
    """Rows of a jsonl / json / parquet file; a folder is searched for the split's file. Only a regular file is read
    (a FIFO blocked forever), at most MAX_DATA_BYTES of it, a jsonl file streamed a bounded line at a time; of a
    parquet file only `columns` (None: all) are decompressed."""
    if path.is_dir():
        path = find_split_file(path, split)
    if path.suffix not in DATA_SUFFIXES:
        raise UserError(f"{path}: unsupported data file; use .jsonl, .json or .parquet")
    with safeio.open_input(path, "data file") as fh:
        if path.suffix == ".parquet":
            return _read_parquet(fh, path, columns)
        size = os.fstat(fh.fileno()).st_size
        if size > MAX_DATA_BYTES:
            raise UserError(
                f"{path} is {safeio.size_text(size)}, more than {safeio.size_text(MAX_DATA_BYTES)}; split it into "
                "smaller files (or keep only the columns grpo reads: question, answer, solution)"
            )
        if path.suffix == ".json" and fh.read(64).lstrip().startswith(b"["):
            fh.seek(0)
            parsed = safeio.load_json(safeio.read_text(path, "data file", MAX_DATA_BYTES), str(path))
            numbered, where = list(enumerate(parsed if isinstance(parsed, list) else [], 1)), "item"
        else:
            fh.seek(0)
            numbered, where = _jsonl_rows(fh, path), "line"
    # Invalid UTF-8, invalid JSON, nesting past safeio.MAX_DEPTH and rows that are not objects: one line naming the
    # file and line, never a traceback halfway through training.
    for n, row in numbered:
        if not isinstance(row, dict):
            raise UserError(f"{path} {where} {n}: expected a JSON object with the question and answer, got {row!r:.60}")
    return [row for _, row in numbered]


def _jsonl_rows(fh, path: Path) -> list[tuple[int, object]]:
    rows = []
    for n, raw in safeio.read_lines(fh):
        if raw is None:
            raise UserError(
                f"{path} line {n}: longer than {safeio.size_text(safeio.MAX_LINE_BYTES)}; no question or answer is "
                "that long (leave the row out)"
            )
        line = safeio.decode(raw, path, "data file", first_line=n)
        if line.strip():
            rows.append((n, safeio.load_json(line, f"{path} line {n}")))
    return rows


def _read_parquet(fh, path: Path, columns: tuple[str, ...] | None) -> list[dict]:
    """The rows of a parquet file, only `columns`, refused past MAX_DATA_BYTES before any value becomes Python: first
    what the pages decompress to (the footer), then what dictionary-encoded columns decode to (a value stored once
    may be referenced by every row), measured on the Arrow arrays without decoding them."""
    import pyarrow.parquet as pq

    try:
        names = [n for n in pq.ParquetFile(fh).schema_arrow.names if columns is None or n in columns]
        pf = pq.ParquetFile(fh, read_dictionary=names)  # dictionary columns stay encoded when read: small
        meta = pf.metadata
        pages = sum(
            meta.row_group(g).column(c).total_uncompressed_size
            for g in range(meta.num_row_groups)
            for c in range(meta.num_columns)
            if meta.row_group(g).column(c).path_in_schema.split(".")[0] in names
        )
        _refuse_large(path, names, pages)
        table = pf.read(columns=names)
        _refuse_large(path, names, _decoded_bytes(table))
        return table.to_pylist()
    except (OSError, ValueError) as err:  # pyarrow's ArrowInvalid is a ValueError
        raise UserError(f"{path}: not a readable parquet file ({str(err).splitlines()[0][:160]})") from None


def _refuse_large(path: Path, names: list[str], size: int) -> None:
    if size > MAX_DATA_BYTES:
        raise UserError(
            f"{path}: its columns {', '.join(names)} expand to {safeio.size_text(size)}, more than "
            f"{safeio.size_text(MAX_DATA_BYTES)}; split it into smaller files"
        )


def _decoded_bytes(table) -> int:
    """What `table`'s columns hold decoded: a dictionary array's values counted once per row that refers to them
    (lengths taken by index, no string built); any other array as it is."""
    import pyarrow as pa
    import pyarrow.compute as pc

    total = 0
    for column in table.columns:
        for chunk in column.chunks:
            value_type = chunk.type.value_type if pa.types.is_dictionary(chunk.type) else None
            if value_type is not None and (pa.types.is_string(value_type) or pa.types.is_binary(value_type)):
                lengths = pc.take(pc.binary_length(chunk.dictionary), chunk.indices)
                total += (pc.sum(lengths).as_py() or 0) + chunk.indices.nbytes
            else:
                total += chunk.nbytes
    return total


# --------------------------------------------------------------------------------------------------------
# the Hugging Face Hub


def _hub_source(dataset: str, split: str, recipe: Recipe) -> HubSource:
    d = recipe.data
    mine = dataset == d.dataset
    if mine and d.hub_id:
        return HubSource(d.hub_id, d.hub_config, split)
    if dataset == "gsm8k":
        return HubSource("openai/gsm8k", "main", split)
    if dataset == "math500" or (dataset == "math" and split == "test"):
        return HubSource("HuggingFaceH4/MATH-500", None, "test")
    if dataset == "math":
        return HubSource("DigitalLearningGmbH/MATH-lighteval", "default", split)
    raise UserError("data.dataset=custom needs data.path (a local jsonl/parquet file or folder) or data.hub_id")


def read_hub(dataset: str, source: HubSource, columns: tuple[str, ...] | None = None) -> list[dict]:
    """Rows from the Hub (or the local `datasets` cache), only `columns`, at most MAX_DATA_BYTES of them (measured on
    the memory-mapped Arrow table before any row becomes Python). Offline or unreachable: one line saying how to go
    local."""
    import datasets

    datasets.disable_progress_bars()
    try:
        ds = datasets.load_dataset(source.hub_id, source.config, split=source.split)
    except Exception as err:  # connection, offline mode, missing split: all mean "give us a local copy"
        reason = (str(err).strip().splitlines() or [type(err).__name__])[0][:160]
        raise UserError(
            f"cannot load dataset {dataset} ({source.hub_id}, split {source.split}) from the Hugging Face Hub: "
            f"{reason}; pass a local copy with --set data.path=FILE_OR_FOLDER (jsonl/parquet)"
        ) from None
    if columns is not None:
        ds = ds.select_columns([c for c in ds.column_names if c in columns])
    if ds.data.nbytes > MAX_DATA_BYTES:
        raise UserError(
            f"dataset {source.hub_id}: its columns {', '.join(ds.column_names)} hold {safeio.size_text(ds.data.nbytes)}"
            f", more than {safeio.size_text(MAX_DATA_BYTES)}; take a part of it into a local file (data.path)"
        )
    return ds.to_list()


# --------------------------------------------------------------------------------------------------------
# SFT targets


_CALC = re.compile(r"<<[^<>]*>>")
_FINAL = re.compile(r"^\s*####.*$", re.MULTILINE)


def clean_gsm8k_solution(solution: str) -> str:
    """GSM8K's worked solution without its <<calculator>> annotations and its '#### N' line."""
    text = _FINAL.sub("", _CALC.sub("", solution))
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def sft_target(problem: Problem) -> str:
    """The completion SFT trains on: `<think>{reasoning}</think>\\n<answer>{N}</answer>`, or a distilled
    completion as the teacher wrote it."""
    if isinstance(problem.meta.get("completion"), str):
        return problem.meta["completion"]
    reasoning = problem.solution or ""
    if problem.task == "gsm8k":
        reasoning = clean_gsm8k_solution(reasoning)
    # A toy demonstration with a slip (data.toy.slip_rate) ends on the slipped answer; `problem.answer`, which the
    # reward and eval check against, stays the true one.
    answer = problem.meta.get("demo_answer", problem.answer)
    return f"<think>{reasoning.strip()}</think>\n<answer>{answer}</answer>"


# --------------------------------------------------------------------------------------------------------
# the toy task


_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
_ITEMS = ("apples", "pens", "cards", "coins", "books", "eggs", "shells", "stamps")
_PLUS = ("gets {n} more", "buys {n} more", "finds {n} more")
_MINUS = ("gives away {n}", "loses {n}", "uses {n}")
TOY_SPLITS = ("train", "validation", "test")


def _toy_one(rng: random.Random, cfg: ToyConfig) -> tuple[str, str, int]:
    """One problem: (question, worked steps, answer). Values never go negative.

    The worked steps ("5+3=8, 8-2=6") are the problem's arithmetic content: two problems with the same steps are
    the same problem whatever the names and objects in the text, so splits are kept disjoint on them.
    """
    value = rng.randint(1, cfg.max_operand)
    start = value
    clauses, steps = [], []
    for _ in range(cfg.difficulty):
        op = "+" if value == 0 or rng.random() < 0.5 else "-"
        n = rng.randint(1, cfg.max_operand) if op == "+" else rng.randint(1, value)
        new = value + n if op == "+" else value - n
        clauses.append(rng.choice(_PLUS if op == "+" else _MINUS).format(n=n))
        steps.append(f"{value}{op}{n}={new}")
        value = new
    name, item = rng.choice(_NAMES), rng.choice(_ITEMS)
    question = f"{name} has {start} {item}, " + ", then ".join(clauses) + f". How many {item} now?"
    return question, ", ".join(steps), value


def _previous_value(steps: str) -> int:
    """The value before the last operation: "5+3=8, 8-2=6" -> 8; "5+3=8" -> 5."""
    last = steps.split(", ")[-1]
    first = re.match(r"\d+", last)
    assert first is not None, steps  # the toy's own steps, each "<number><op><number>=<number>"
    return int(first.group())


def _toy_draw(cfg: ToyConfig, split: str, count: int, exclude: set[str], unique: bool) -> list[Problem]:
    # str seeds hash deterministically (random.Random uses SHA-512 for str), independent of PYTHONHASHSEED.
    rng = random.Random(f"grpo-toy:{cfg.seed}:{cfg.difficulty}:{cfg.max_operand}:{split}")
    slip_rng = random.Random(f"grpo-toy-slip:{cfg.seed}:{split}")  # its own stream: the problems stay the same
    out: list[Problem] = []
    seen: set[str] = set()
    for _ in range(200 * count):
        if len(out) == count:
            return out
        question, steps, answer = _toy_one(rng, cfg)
        if steps in exclude or (unique and steps in seen):
            continue
        seen.add(steps)
        meta = {}
        if split == "train" and cfg.slip_rate > 0 and slip_rng.random() < cfg.slip_rate:
            # The working stays right; the answer written under it is the value one step before the end (the
            # previous step's result, or the starting number for a one-step problem): a sub-result, not the result.
            meta = {"demo_answer": str(_previous_value(steps))}
        out.append(
            Problem(
                id=f"toy-{split}-{len(out)}", question=question, answer=str(answer), solution=steps, task="gsm8k",
                meta=meta,
            )
        )  # fmt: skip
    if len(out) == count:
        return out
    raise UserError(
        f"data.toy: cannot draw {count} distinct {split} problems disjoint from the held-out ones at difficulty "
        f"{cfg.difficulty} with max_operand {cfg.max_operand}; raise data.toy.max_operand or lower data.toy.num_test"
    )


def toy_problems(cfg: ToyConfig, split: str) -> list[Problem]:
    """The toy split. `test` and `validation` hold distinct problems, disjoint from each other and from `train` in
    their arithmetic, so held-out accuracy is not recall of a training problem.

    Tune on `validation` (num_test problems drawn like the training ones); report on `test`.
    """
    if split not in TOY_SPLITS:
        raise UserError(f"toy data has splits {', '.join(TOY_SPLITS)}, not '{split}'")
    test = _toy_draw(cfg, "test", cfg.num_test, set(), unique=True)
    if split == "test":
        return test
    held_out = {p.solution or "" for p in test}
    validation = _toy_draw(cfg, "validation", cfg.num_test, held_out, unique=True)
    if split == "validation":
        return validation
    held_out |= {p.solution or "" for p in validation}
    return _toy_draw(cfg, "train", cfg.num_train, held_out, unique=False)
