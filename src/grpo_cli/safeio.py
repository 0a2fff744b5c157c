"""Reading and writing files so that nothing is lost and nothing unreadable becomes a traceback.

Writing:
- `atomic_write_text` / `atomic_write_json` / `atomic_writer`: the content goes to a temporary file beside the target
  (same folder, so the rename stays on one filesystem), is flushed and fsync'ed, then renamed over the target. A crash,
  kill -9 or a full disk at any point leaves either the old file or the new one, never half of one; the temporary is
  removed on failure. A command's output can therefore never truncate its own input: the input is only replaced,
  whole, once the output is complete. Only a regular file (or nothing) is ever replaced: a symlink, folder, FIFO or
  device at the target is refused in one line (`check_target`), never renamed over.
- `append_line`: one JSON-lines row appended with a single write; a short write (disk full) is cut back to the old
  size, so a row is in the file whole or not at all. It opens with O_NOFOLLOW (`open_regular`): a symlink there,
  dangling or not, is refused, so rows are never written outside the folder.
- `observe_writes(fn)`: `fn(path, was, size)` is called just before each of these writes takes effect (before the
  rename, before the append's write), with the size the target had (None: no file) and the size it will have. The
  run folders' file lists (rundir/manifest.py) are kept this way, so no write of grpo's goes unrecorded.

Reading (`read_text`, `load_json`, `load_yaml`, `read_jsonl_rows`): invalid UTF-8, duplicate YAML keys, nesting
deeper than MAX_DEPTH, YAML aliases that expand past MAX_YAML_VALUES and unreadable paths raise `UserError` naming
the file and the line. `excerpt` quotes a bad value in an error without quoting megabytes of it.

Stdlib + PyYAML only (no torch): every command may import this.
"""

from __future__ import annotations

import contextlib
import decimal
import errno
import itertools
import json
import math
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import yaml

from grpo_cli.errors import UserError

# Deeper JSON / YAML than this is refused: no recipe, dataset row or metrics row of ours nests past a handful of
# levels, and unbounded nesting makes the parsers recurse until the interpreter gives up.
MAX_DEPTH = 64
# A YAML document may repeat a value by alias (`<<: *defaults`), but what it expands to is bounded: a few aliases of
# aliases ("billion laughs") expand exponentially, and printing, copying or validating the expansion took minutes and
# gigabytes. No recipe of ours comes near this many values.
MAX_YAML_VALUES = 100_000
# A bad value quoted in an error is cut to this many characters (a 4 MB value must not become a 4 MB "one line").
EXCERPT = 80
# One line of a jsonl file grpo reads (a dataset row, a `grpo verify` row): a longer one is refused or skipped unread.
# The verifier reads at most 1 MiB of a completion and a question is at most 1 MiB (data.MAX_QUESTION_CHARS), so a
# row with both, JSON-escaped, fits; `grpo verify` read a line of any length whole.
MAX_LINE_BYTES = 8 << 20
# What a file of each kind may hold, checked before it is read (`read_text`): a recipe is a page of YAML, and the
# loader's work grows with the text before any bound on its values applies.
MAX_BYTES = {"recipe": 1 << 20}
# Called as fn(path, was, size) just before a write to `path` takes effect (observe_writes).
_OBSERVERS: list[Any] = []


def observe_writes(fn: Any) -> None:
    """Have `fn(path, was, size)` called just before every atomic write or append takes effect: `was` is the size of
    the file it replaces or extends (None when there is none), `size` the size it will have. An exception from `fn`
    stops the write (nothing is written)."""
    if fn not in _OBSERVERS:
        _OBSERVERS.append(fn)


def _about_to_write(path: Path, was: int | None, size: int) -> None:
    for fn in _OBSERVERS:
        fn(path, was, size)


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """repr(value), cut to about `limit` characters with the full length said: for error messages. Never builds the
    repr of a huge container: a list or dict is summarised by its length past a few items."""
    if isinstance(value, (list, tuple, dict, set)) and len(value) > 8:
        return f"<{type(value).__name__} of {len(value)} items>"
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + f"... ({len(value)} characters)"
    try:
        text = repr(value) if not _too_deep_to_print(value) else f"<{type(value).__name__} nested deeper than 8 levels>"
    except ValueError:  # an int past Python's digit limit
        text = f"<a number of about {value.bit_length() * 0.30103:.0f} digits>" if isinstance(value, int) else "<?>"
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def cut(text: str, limit: int = EXCERPT) -> str:
    """`text` itself (no quotes) when short, else its first `limit` characters and its length."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def _too_deep_to_print(value: Any, limit: int = 8) -> bool:
    stack, seen = [(value, 0)], 0
    while stack:
        node, d = stack.pop()
        seen += 1
        if d > limit or seen > 10_000:
            return True
        if isinstance(node, dict):
            stack.extend((c, d + 1) for c in [*node.keys(), *node.values()])
        elif isinstance(node, (list, tuple, set)):
            stack.extend((c, d + 1) for c in node)
    return False


_WRITE_ERRORS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is exceeded",
    errno.EFBIG: "the file size limit is reached",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the filesystem is read-only",
}
WRITE_ERRNOS = frozenset(_WRITE_ERRORS)


def write_error(path: str | Path, err: OSError) -> UserError:
    """One line for a failed write: which file and why (disk full, read-only, ...)."""
    why = _WRITE_ERRORS.get(err.errno or 0, err.strerror or type(err).__name__)
    return UserError(f"cannot write {path}: {why}")


_OS_ERROR = re.compile(r"\(os error (\d+)\)")


def library_write_error(err: BaseException) -> UserError | None:
    """A full disk or a read-only folder met inside a library (a checkpoint save, a plot), as write_error's one line;
    None for any other error (a bug, which keeps its traceback). An OSError carries its errno; safetensors' writer
    raises SafetensorError, which names it only in its text ('File too large (os error 27)')."""
    if isinstance(err, OSError):
        code, where = err.errno, err.filename or "a file"
    elif type(err).__name__ == "SafetensorError" and (found := _OS_ERROR.search(str(err))):
        code, where = int(found.group(1)), "the model weights (.safetensors)"
    else:
        return None
    if code not in WRITE_ERRNOS:
        return None
    return write_error(where, OSError(code, os.strerror(code)))


# --------------------------------------------------------------------------------------------------------
# writing


def make_dir(path: str | Path) -> Path:
    """mkdir -p `path`; a failure (read-only, disk full, a file in the way) is the one-line UserError of write_error."""
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise write_error(path, err) from None
    return path


def _not_a_file(path: Path, mode: int) -> UserError:
    what = "a symlink" if stat.S_ISLNK(mode) else "a folder" if stat.S_ISDIR(mode) else "not a regular file"
    return UserError(f"cannot write {path}: it is {what}; give the path of a regular file (or of none)")


def check_target(path: str | Path) -> None:
    """Refuse a target that is not a regular file (or nothing): a rename over a symlink would replace the link and
    leave the file it points to unchanged, and one over a device (/dev/null, as root) or a FIFO would replace it."""
    path = Path(path)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as err:
        raise write_error(path, err) from None
    if not stat.S_ISREG(mode):
        raise _not_a_file(path, mode)


@contextlib.contextmanager
def atomic_writer(path: str | Path, *, binary: bool = False) -> Iterator[IO[Any]]:
    """Open a temporary file beside `path`; on a clean exit it replaces `path` whole, on any error it is removed.

    A write error (disk full, read-only folder) becomes a UserError naming `path`; so does a target that is a
    symlink, a folder or a special file (check_target), before anything is written and again before the rename."""
    path = Path(path)
    check_target(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as err:
        raise write_error(path, err) from None
    try:
        handle: IO[Any] = os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8")
        with handle as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        with contextlib.suppress(OSError):  # keep the permissions an existing file had
            os.chmod(tmp, os.stat(path).st_mode & 0o7777)
        if not path.exists():
            os.chmod(tmp, 0o666 & ~_umask())
        check_target(path)  # made a link or a device while we wrote: still never replaced
        _about_to_write(path, _size(path), os.stat(tmp).st_size)
        os.replace(tmp, path)
    except OSError as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise write_error(path, err) from None
    except BaseException:  # a UserError from check_target, an interrupt
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _size(path: Path) -> int | None:
    try:
        return os.lstat(path).st_size
    except FileNotFoundError:
        return None


def _cut_torn_tail(fd: int) -> int:
    """Truncate a file that does not end in a newline back to its last newline (the rest is a row whose writer died);
    return the new size."""
    size = os.fstat(fd).st_size
    if not size or os.pread(fd, 1, size - 1) == b"\n":
        return size
    end = size
    while end > 0:
        start = max(0, end - 65536)
        chunk = os.pread(fd, end - start, start)
        cut = chunk.rfind(b"\n")
        if cut >= 0:
            end = start + cut + 1
            break
        end = start
    os.ftruncate(fd, end)
    return end


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_text(path: str | Path, text: str) -> None:
    with atomic_writer(path) as fh:
        fh.write(text)


def atomic_write_json(path: str | Path, obj: Any, *, indent: int | None = 2) -> None:
    """`obj` as JSON, written whole; a NaN or infinite float becomes null (JSON has neither)."""
    atomic_write_text(path, json.dumps(finite(obj), indent=indent, ensure_ascii=False, allow_nan=False) + "\n")


def finite(value: Any) -> Any:
    """`value` with every NaN or infinite float (in dicts and lists, at any depth) replaced by None."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(v) for v in value]
    return value


def dumps_row(value: Any) -> str:
    """One JSON row (json.dumps' layout), for a row read by `load_json(exact=True)`: each number is written as it
    was read (1e-400 stays 1e-400, json.loads made it 0.0) and a float that is not finite becomes null, so the
    output is always JSON."""
    out: list[str] = []
    _encode(value, out)
    return "".join(out)


def _encode(value: Any, out: list[str]) -> None:
    if isinstance(value, decimal.Decimal):
        out.append(str(value) if value.is_finite() else "null")
    elif isinstance(value, float):
        out.append(float.__repr__(value) if math.isfinite(value) else "null")
    elif isinstance(value, dict):
        out.append("{")
        for i, (k, v) in enumerate(value.items()):
            out.append(", " * bool(i) + json.dumps(str(k)) + ": ")
            _encode(v, out)
        out.append("}")
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for i, v in enumerate(value):
            out.append(", " * bool(i))
            _encode(v, out)
        out.append("]")
    else:  # text, int, bool, None
        out.append(json.dumps(value))


def open_regular(path: str | Path, flags: int, mode: int = 0o666) -> int:
    """os.open that never follows a symlink at `path` (a dangling one would create its target, anywhere) and refuses
    anything but a regular file (a FIFO is opened without blocking, then refused): appends and locks use it."""
    path = Path(path)
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, mode)
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise _not_a_file(path, stat.S_IFLNK) from None
        if err.errno == errno.ENXIO:  # a FIFO with no reader (write-only open)
            raise _not_a_file(path, stat.S_IFIFO) from None
        raise write_error(path, err) from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise _not_a_file(path, st.st_mode)
    os.set_blocking(fd, True)
    return fd


def append_line(path: str | Path, line: str) -> None:
    """Append `line` (one JSON row, no newline) as a whole line, in one write. A failed or short write (disk full)
    is cut back to the old size. kill -9 can still stop a large write part-way (Linux checks for fatal signals between
    pages), leaving a torn last line without its newline: readers skip it, and the next append cuts it off first, so
    a torn row never stays in the middle of the file. A symlink or special file at `path` is refused (open_regular)."""
    data = (line.rstrip("\n") + "\n").encode("utf-8")
    path = Path(path)
    fd = open_regular(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
    try:
        size = _cut_torn_tail(fd)
        _about_to_write(path, size, size + len(data))
        try:
            written = os.write(fd, data)
            if written != len(data):
                raise OSError(errno.ENOSPC, "short write")
        except OSError as err:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)
            raise write_error(path, err) from None
    finally:
        os.close(fd)


# --------------------------------------------------------------------------------------------------------
# reading


def size_text(n: int) -> str:
    """A byte count as people read it: 1.7 GB, 13 KB, 512 bytes."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} bytes"


def open_input(path: str | Path, what: str = "file") -> IO[bytes]:
    """`path` opened for reading, binary. Only a regular file is read: a FIFO would block the command forever (it is
    opened without blocking, then refused) and a device like /dev/zero never ends. Missing, a folder, unreadable:
    a UserError naming it."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise UserError(f"{what} not found: {path}") from None
    except OSError as err:
        raise UserError(f"cannot read {what} {path}: {err.strerror}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise UserError(f"{what} {path} is a folder, not a file")
        kind = (
            "a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "special"
        )
        raise UserError(f"{what} {path} is {kind}, not a regular file; give the path of a file")
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def decode(raw: bytes, path: Path, what: str, first_line: int = 1) -> str:
    """UTF-8 text of `raw` (from `path`, starting at line `first_line`); invalid UTF-8 is a UserError naming the line."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + first_line
        raise UserError(
            f"{path} line {line}: not valid UTF-8 (byte 0x{raw[err.start]:02x}); save the {what} as UTF-8"
        ) from None


def read_text(path: str | Path, what: str = "file", max_bytes: int | None = None) -> str:
    """The UTF-8 text of `path`; a missing, unreadable, special (open_input) or non-UTF-8 file is a UserError naming
    file and line. A file over `max_bytes` (default: MAX_BYTES for `what`) is refused before it is read."""
    path = Path(path)
    limit = max_bytes if max_bytes is not None else MAX_BYTES.get(what)
    with open_input(path, what) as fh:
        try:
            raw = fh.read() if limit is None else fh.read(limit + 1)
        except OSError as err:
            raise UserError(f"cannot read {what} {path}: {err.strerror}") from None
    if limit is not None and len(raw) > limit:
        raise UserError(f"{what} {path} is larger than {size_text(limit)}; no {what} needs that much")
    return decode(raw, path, what)


def read_lines(fh: IO[bytes], max_line: int = MAX_LINE_BYTES) -> Iterator[tuple[int, bytes | None]]:
    """(line number, bytes) for each line of an open binary file, streamed: memory holds one line at a time. A line
    longer than `max_line` bytes is read past in bounded pieces, never held, and comes as (n, None)."""
    for n in itertools.count(1):
        raw = fh.readline(max_line + 1)
        if not raw:
            return
        if len(raw) > max_line:
            while raw and not raw.endswith(b"\n"):
                raw = fh.readline(max_line)
            yield n, None
        else:
            yield n, raw


def depth(value: Any) -> int:
    """Nesting depth of a parsed JSON/YAML value (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        node, d = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        deepest = max(deepest, d + 1)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((c, d + 1) for c in children)
    return deepest


def _no_constant(name: str) -> Any:
    raise _NonFinite(name)


class _NonFinite(ValueError):
    pass


def load_json(text: str, where: str, *, exact: bool = False) -> Any:
    """json.loads with the nesting bound; `where` ('file.jsonl line 3') names the place in errors. `exact`: numbers
    with a fraction or exponent are read as Decimal, exactly as written (dumps_row writes them back so), and NaN /
    Infinity, which JSON does not have, are an error."""
    try:
        if exact:
            value = json.loads(text, parse_float=decimal.Decimal, parse_constant=_no_constant)
        else:
            value = json.loads(text)
    except _NonFinite as err:
        raise UserError(f"{where}: {err} is not a JSON number; write it as a string") from None
    except json.JSONDecodeError as err:
        raise UserError(f"{where}: not valid JSON ({err.msg})") from None
    except RecursionError:
        raise UserError(f"{where}: JSON nested deeper than {MAX_DEPTH} levels") from None
    except ValueError:  # an integer past Python's digit limit (sys.get_int_max_str_digits(), 4300 by default)
        limit = sys.get_int_max_str_digits()
        raise UserError(f"{where}: a number with more than {limit} digits; write it as a string") from None
    # Each level opens with a bracket, so a text with few brackets cannot be deep (a metrics row: none): skip the walk.
    if text.count("[") + text.count("{") > MAX_DEPTH and depth(value) > MAX_DEPTH:
        raise UserError(f"{where}: JSON nested deeper than {MAX_DEPTH} levels")
    return value


def read_jsonl_rows(path: str | Path, what: str = "file", *, skip_torn_last: bool = False) -> list[tuple[int, Any]]:
    """(line number, value) for every non-blank line. A bad line is a UserError naming the file and line, except a
    torn last line (no newline after it: a writer killed mid-row) when `skip_torn_last`."""
    text = read_text(path, what)
    lines = text.split("\n")
    torn = bool(lines) and lines[-1] != ""
    out = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            out.append((n, load_json(line, f"{path} line {n}")))
        except UserError:
            if skip_torn_last and torn and n == len(lines):
                break
            raise
    return out


class InvalidYAML(UserError):
    """Text that is not YAML (a syntax error, a key written twice); the other load_yaml errors are bounds."""


class _Bound(Exception):
    """A YAML document over a bound (raised inside the loader, turned into a UserError by load_yaml; not a YAMLError,
    so that a `--set` value over a bound is an error, not taken as plain text)."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


def _expanded(root: yaml.Node) -> tuple[int, int]:
    """(values, depth) of a composed YAML node with every alias expanded, without expanding anything: each node's
    figures are computed once (aliases share nodes) and the count stops growing past the bound."""
    memo: dict[int, tuple[int, int]] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in memo:
            continue
        if isinstance(node, yaml.ScalarNode):
            memo[id(node)] = (1, 0)
            continue
        kids = [c for pair in node.value for c in pair] if isinstance(node, yaml.MappingNode) else list(node.value)
        if not children_done:
            stack.append((node, True))
            stack.extend((k, False) for k in kids if id(k) not in memo)
            continue
        values = 1 + sum(memo[id(k)][0] for k in kids)
        memo[id(node)] = (min(values, MAX_YAML_VALUES + 1), 1 + max((memo[id(k)][1] for k in kids), default=0))
    return memo[id(root)]


class _StrictLoader(yaml.SafeLoader):
    """PyYAML's safe loader, except that a key written twice in one mapping is an error (PyYAML keeps the last one
    silently, so a section pasted twice would replace the first), nesting is bounded and so is what aliases expand
    to (MAX_YAML_VALUES values, MAX_DEPTH levels), checked on the composed nodes before any value is built."""

    def construct_document(self, node: Any) -> Any:
        values, deep = _expanded(node)
        if values > MAX_YAML_VALUES:
            raise _Bound(f"aliases expand to more than {MAX_YAML_VALUES:,} values; write the values out")
        if deep > MAX_DEPTH:
            raise _Bound(f"nested deeper than {MAX_DEPTH} levels (through its aliases)")
        return super().construct_document(node)

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._depth = getattr(self, "_depth", 0) + 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Bound(f"nested deeper than {MAX_DEPTH} levels", self.peek_event().start_mark.line + 1)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, Any] = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":  # '<<: *defaults': merged (and overridden) below
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.get(key)
                except TypeError:  # an unhashable key: let PyYAML report it
                    continue
                if first is not None:
                    raise yaml.constructor.ConstructorError(
                        None,
                        None,
                        f"key {key!r} appears twice (first on line {first.start_mark.line + 1}); keep one",
                        key_node.start_mark,
                    )
                seen[key] = key_node
        return super().construct_mapping(node, deep=deep)


def load_yaml(text: str, where: str) -> Any:
    """yaml.safe_load, but duplicate keys (InvalidYAML), nesting deeper than MAX_DEPTH and aliases that expand past
    MAX_YAML_VALUES are UserErrors with the line."""
    try:
        return yaml.load(text, Loader=_StrictLoader)  # noqa: S506 (a SafeLoader subclass)
    except _Bound as err:
        raise UserError(f"{where}{f' line {err.line}' if err.line else ''}: YAML {err}") from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = f" line {mark.line + 1}" if mark else ""
        problem = str(getattr(err, "problem", None) or err)[:200]
        raise InvalidYAML(f"{where}{line}: not valid YAML ({problem})") from None
    except RecursionError:
        raise UserError(f"{where}: YAML nested deeper than {MAX_DEPTH} levels") from None
    except ValueError:  # an integer past Python's digit limit, as in load_json
        limit = sys.get_int_max_str_digits()
        raise UserError(f"{where}: a number with more than {limit} digits; write it as a string") from None
