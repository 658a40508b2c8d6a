"""`RecordError`: why a file is not a record we can read, in one line that says where."""

from __future__ import annotations

import re

import msgspec

from tt22.core.safe import printable

__all__ = ["RecordError", "from_msgspec"]

_AT = re.compile(r"^(?P<problem>.*) - at `\$\.?(?P<where>[^`]*)`$", re.DOTALL)
_BYTE = re.compile(r"\(byte (\d+)\)")


class RecordError(ValueError):
    """A file that is not a readable `.22rec` (tt22 verify's exit status 2).

    `where` is a field path (`record.moves[12].move.seat`), a byte offset (`byte 310`)
    or empty for the file as a whole; `problem` says what is wrong. Both are escaped
    for printing, since they may quote text from the file.
    """

    def __init__(self, problem: str, where: str = "") -> None:
        self.problem = printable(problem, 300)
        self.where = printable(where, 200)
        super().__init__(f"{self.where}: {self.problem}" if self.where else self.problem)


def _lower_first(text: str) -> str:
    """msgspec's sentence as a clause ("Expected" -> "expected"; "JSON" stays)."""
    if text[1:2].isupper():
        return text
    return text[:1].lower() + text[1:]


def from_msgspec(error: Exception) -> RecordError:
    """A msgspec DecodeError/ValidationError (or RecursionError) as a RecordError."""
    if isinstance(error, RecursionError):
        return RecordError("the JSON is nested too deeply to be a record")
    text = str(error)
    m = _AT.match(text)
    if m:
        where = m.group("where") or "(top level)"
        return RecordError(_lower_first(m.group("problem")), where)
    if isinstance(error, msgspec.ValidationError):  # a value out of place, at the top
        return RecordError(_lower_first(text), "(top level)")
    b = _BYTE.search(text)
    if b:
        problem = _BYTE.sub("", text).strip().removeprefix("JSON is malformed: ")
        return RecordError(f"not valid JSON: {_lower_first(problem)}", f"byte {b.group(1)}")
    if text == "Input data was truncated":
        return RecordError("the file ends too soon (it was cut short)", "end of file")
    return RecordError(f"not valid JSON: {_lower_first(text)}")
