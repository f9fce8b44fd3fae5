"""A cursor over :class:`~genx_emit.mlir.lexer.Tokens`: lookahead, expectations, located errors.

Type, attribute and op parsing build on it (:mod:`type_parser`, :mod:`attr_type_parser`,
:mod:`parser`).
"""

from __future__ import annotations

from genx_emit.diagnostics import DiagnosticError, Location
from genx_emit.mlir.lexer import BARE, EOF, INT, PUNCT, STRING, Tokens, unescape_string

_OPEN = {"(": ")", "[": "]", "{": "}", "<": ">"}
_CLOSE = frozenset(")]}>")


class Cursor:
    """Token position ``i`` in ``toks`` and the small helpers every grammar rule uses."""

    def __init__(self, tokens: Tokens):
        self.toks = tokens
        self.kinds = tokens.kinds
        self.texts = tokens.texts
        self.i = 0

    def loc(self, index: int | None = None) -> Location:
        return self.toks.loc(self.i if index is None else index)

    def error(self, message: str, index: int | None = None) -> DiagnosticError:
        return DiagnosticError(self.loc(index), message)

    def describe(self, index: int | None = None) -> str:
        j = self.i if index is None else index
        return "end of file" if self.kinds[j] == EOF else f"'{self.texts[j]}'"

    def at(self, text: str) -> bool:
        return self.texts[self.i] == text and self.kinds[self.i] != STRING

    def peek_is(self, offset: int, text: str) -> bool:
        j = self.i + offset
        return j < len(self.texts) and self.texts[j] == text and self.kinds[j] != STRING

    def accept(self, text: str) -> bool:
        if self.texts[self.i] == text and self.kinds[self.i] != STRING:
            self.i += 1
            return True
        return False

    def expect(self, text: str, context: str = "") -> None:
        if not self.accept(text):
            where = f" {context}" if context else ""
            raise self.error(f"expected '{text}'{where}, got {self.describe()}")

    def expect_kind(self, kind: int, what: str) -> str:
        if self.kinds[self.i] != kind:
            raise self.error(f"expected {what}, got {self.describe()}")
        t = self.texts[self.i]
        self.i += 1
        return t

    def skip_balanced(self) -> None:
        """Skip one bracketed group starting at the cursor (``(``, ``[``, ``{`` or ``<``)."""
        stack: list[tuple[str, int]] = []
        while True:
            k, t = self.kinds[self.i], self.texts[self.i]
            if k == EOF:
                opener, idx = stack[-1] if stack else ("(", self.i)
                raise self.error(f"unbalanced '{opener}': end of file before its '{_OPEN[opener]}'", idx)
            if k == PUNCT:
                if t in _OPEN:
                    stack.append((t, self.i))
                elif t in _CLOSE and stack:
                    if _OPEN[stack[-1][0]] != t:
                        raise self.error(f"expected '{_OPEN[stack[-1][0]]}', got '{t}'")
                    stack.pop()
                    if not stack:
                        self.i += 1
                        return
            self.i += 1
            if not stack:
                return

    def skip_loc(self) -> None:
        """Drop a trailing ``loc(...)``."""
        if self.texts[self.i] == "loc" and self.kinds[self.i] == BARE and self.peek_is(1, "("):
            self.i += 1
            self.skip_balanced()

    def trailing_loc(self) -> Location | None:
        """A trailing ``loc("file":line:col)`` (what the printer writes, so that printed IR keeps
        the source positions that diagnostics and the lowering's block names use); other
        location forms (aliases, fused, unknown) are dropped and give None."""
        k, t = self.kinds, self.texts
        i = self.i
        if (i + 7 < len(t) and t[i] == "loc" and k[i] == BARE and t[i + 1] == "(" and k[i + 2] == STRING
                and t[i + 3] == ":" and k[i + 4] == INT and t[i + 5] == ":" and k[i + 6] == INT
                and t[i + 7] == ")"):
            self.i = i + 8
            return Location(unescape_string(t[i + 2]), int(t[i + 4], 0), int(t[i + 6], 0))
        self.skip_loc()
        return None

    def parse_int(self, what: str = "integer") -> int:
        neg = self.accept("-")
        if self.kinds[self.i] != INT:
            raise self.error(f"expected {what}, got {self.describe()}")
        v = int(self.texts[self.i], 0)
        self.i += 1
        return -v if neg else v

    def _between(self, open_i: int, close_i: int) -> str:
        return self.toks.text[self.toks.end_of(open_i) : self.toks.starts[close_i]].strip()

    @staticmethod
    def _symbol_name(tok: str) -> str:
        return unescape_string(tok[1:]) if tok.startswith('@"') else tok[1:]
