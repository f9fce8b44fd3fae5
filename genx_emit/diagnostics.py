"""Located diagnostics in MLIR's style: ``file:line:col: error: message`` + source line + caret.

Every stage raises :class:`DiagnosticError` for bad input; the CLI prints it and exits 1.
Nothing else may escape to the user as a traceback. Input accepted in a changed meaning (a cache
hint completed to a pair the hardware has) is a located ``warning:`` (:func:`warn`), printed by the
CLI; the run still succeeds.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class Location:
    """A position in a source file (1-based line and column)."""

    filename: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:{self.col}"


UNKNOWN = Location("<unknown>", 0, 0)


class DiagnosticError(Exception):
    """Bad input. ``loc`` points at the offending op or token."""

    def __init__(self, loc: Location | None, message: str, notes: list[tuple[Location, str]] | None = None):
        super().__init__(message)
        self.loc = loc or UNKNOWN
        self.message = message
        self.notes = notes or []

    def render(self, sources: dict[str, str] | None = None) -> str:
        """Text for the user: header line, the source line and a caret under the column."""
        out = [render_located(self.loc, "error", self.message, sources)]
        for loc, note in self.notes:
            out.append(render_located(loc, "note", note, sources))
        return "\n".join(out)

    def __str__(self) -> str:
        return f"{self.loc}: error: {self.message}"


def render_located(loc: Location, kind: str, message: str, sources: dict[str, str] | None) -> str:
    """`FILE:LINE:COL: KIND: message`, then the source line and a caret when the text is known
    (KIND: error, warning, note)."""
    head = f"{loc}: {kind}: {message}"
    text = (sources or {}).get(loc.filename)
    if text is None or loc.line <= 0:
        return head
    lines = text.splitlines()
    if loc.line > len(lines):
        return head
    src = lines[loc.line - 1].expandtabs(1)
    caret = " " * max(loc.col - 1, 0) + "^"
    return f"{head}\n{src}\n{caret}"


def error(loc: Location | None, message: str) -> DiagnosticError:
    """Shorthand: ``raise error(op.loc, "...")``."""
    return DiagnosticError(loc, message)


def did_you_mean(word: str, known: object) -> str:
    """``"; did you mean 'X'?"`` for the known name closest to a misspelled ``word``, or ``""``."""
    import difflib

    close = difflib.get_close_matches(word, sorted(known), n=1, cutoff=0.75)  # type: ignore[call-overload]
    return f"; did you mean '{close[0]}'?" if close else ""


# -- warnings: input that is accepted, but not as written (the run still succeeds) -------------
_warnings: ContextVar[list[tuple[Location, str]] | None] = ContextVar("genx_emit_warnings", default=None)


def warn(loc: Location | None, message: str) -> None:
    """Record a located warning for the caller of :func:`collect_warnings` (dropped if none)."""
    found = _warnings.get()
    entry = (loc or UNKNOWN, message)
    if found is not None and entry not in found:
        found.append(entry)


@contextmanager
def collect_warnings() -> Iterator[list[tuple[Location, str]]]:
    """Collect the warnings raised inside the block, in order, each once."""
    found: list[tuple[Location, str]] = []
    token = _warnings.set(found)
    try:
        yield found
    finally:
        _warnings.reset(token)
