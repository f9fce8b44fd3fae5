"""MLIR tokens: one pass over the text with a single compiled pattern.

Tokens live in parallel lists (kind, text, start offset) so the parser can index them cheaply;
locations are computed only when a diagnostic or an op needs one.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate, compress
from operator import add, sub

from genx_emit.diagnostics import DiagnosticError, Location

# Token kinds (small ints: compared millions of times).
EOF = 0
VALUE = 1  # %name or %name#3
CARET = 2  # ^bb0
SYMBOL = 3  # @name or @"quoted"
HASH = 4  # #alias or #dialect.name
BANG = 5  # !alias or !dialect.name
BARE = 6  # identifiers and keywords, dots allowed: arith.constant, f32, x16xf32
INT = 7  # decimal or 0x hex, unsigned (a leading '-' is its own token)
FLOAT = 8
STRING = 9  # raw text including the quotes
PUNCT = 10  # ( ) [ ] { } < > , : = ? * + - | -> :: >= <=

KIND_NAMES = {
    EOF: "end of file", VALUE: "SSA value", CARET: "block label", SYMBOL: "symbol",
    HASH: "attribute", BANG: "type", BARE: "identifier", INT: "integer", FLOAT: "float",
    STRING: "string", PUNCT: "punctuation",
}

# One regex pass: (skipped whitespace, token). Comments are tokens here (filtered out below)
# so the skip part never backtracks into them; `\Z` ends the scan with an empty token, which
# keeps trailing whitespace linear. `\S` catches any other character, reported below.
_SUFFIX = r"[\w$.\-]+"
_STR = r'"(?:[^"\\\n]|\\.)*"'
_PATTERN = re.compile(
    r"(\s*)("
    r"//[^\n]*"
    rf"|{_STR}"
    rf"|[%^]{_SUFFIX}(?:#\d+)?"
    rf"|@(?:{_SUFFIX}|{_STR})"
    r"|\d+\.\d*(?:[eE][+-]?\d+)?|0x[0-9A-Fa-f]+|\d+"
    r"|[#!]?[A-Za-z_][\w$.]*"
    r"|->|::|>=|<=|\S|\Z)",
    re.ASCII,
)
_PUNCT = frozenset(["(", ")", "[", "]", "{", "}", "<", ">", ",", ":", "=", "?", "*", "+", "-", "|", "/",
                    "->", "::", ">=", "<="])
_COMMENT = -1
_SIGIL_KINDS = {"%": VALUE, "^": CARET, "@": SYMBOL, "#": HASH, "!": BANG}


def _classify(t: str) -> int | str:
    """Kind of a token text, or the error message for text that is not a token."""
    c = t[:1]
    if not c:
        return EOF
    if t.startswith("//"):
        return _COMMENT
    if c == '"':
        return STRING if len(t) > 1 else "unterminated string"
    if c in _SIGIL_KINDS:
        return _SIGIL_KINDS[c] if len(t) > 1 else f"unexpected character {c!r}"
    if c.isdigit():
        return FLOAT if "." in t else INT
    if c.isalpha() or c == "_":
        return BARE
    return PUNCT if t in _PUNCT else f"unexpected character {c!r}"


class Tokens:
    """The token stream of one file plus offset -> line/column mapping."""

    __slots__ = ("filename", "text", "kinds", "texts", "starts", "_line_starts")

    def __init__(self, text: str, filename: str):
        self.filename = filename
        self.text = text
        self._line_starts: list[int] | None = None
        # split() with two groups gives a flat [gap, skipped, token, gap, ...]; gaps are always ""
        # because `\S` leaves no character unmatched.
        parts = _PATTERN.split(text)
        toks = parts[2::3]
        tok_lens = list(map(len, toks))
        ends = list(accumulate(map(add, map(len, parts[1::3]), tok_lens)))
        starts = list(map(sub, ends, tok_lens))
        # Few distinct spellings: classify each once, then map in C.
        kind_of = {t: _classify(t) for t in set(toks)}
        for t, k in kind_of.items():
            if isinstance(k, str):
                raise DiagnosticError(self._loc_at(starts[toks.index(t)]), k)
        kinds = list(map(kind_of.__getitem__, toks))
        texts = toks
        if _COMMENT in kind_of.values():
            keep = list(map(_COMMENT.__ne__, kinds))
            kinds = list(compress(kinds, keep))
            texts = list(compress(texts, keep))
            starts = list(compress(starts, keep))
        while kinds and kinds[-1] == EOF:  # `\Z` matches once or twice at the end
            kinds.pop()
            texts.pop()
            starts.pop()
        kinds.append(EOF)
        texts.append("")
        starts.append(len(text))
        self.kinds = kinds
        self.texts = texts
        self.starts = starts

    def _loc_at(self, offset: int) -> Location:
        if self._line_starts is None:  # built on first use
            self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        line = bisect_right(self._line_starts, offset)
        return Location(self.filename, line, offset - self._line_starts[line - 1] + 1)

    def loc(self, index: int) -> Location:
        """Location of token ``index`` (clamped to the stream)."""
        index = min(max(index, 0), len(self.starts) - 1)
        return self._loc_at(self.starts[index])

    def starts_line(self, index: int) -> bool:
        """True when token ``index`` is the first token on its line."""
        if index <= 0:
            return True
        prev_end = self.starts[index - 1] + len(self.texts[index - 1])
        return "\n" in self.text[prev_end : self.starts[index]]

    def end_of(self, index: int) -> int:
        """Offset just past token ``index``."""
        return self.starts[index] + len(self.texts[index])


def tokenize(text: str, filename: str = "<input>") -> Tokens:
    return Tokens(text, filename)


def unescape_string(raw: str) -> str:
    """Contents of an MLIR string literal (``raw`` includes the quotes)."""
    body = raw[1:-1]
    if "\\" not in body:
        return body
    out: list[str] = []
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\" or i + 1 >= len(body):
            out.append(c)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in "\\\"'":
            out.append(nxt)
            i += 2
        elif nxt == "n":
            out.append("\n")
            i += 2
        elif nxt == "t":
            out.append("\t")
            i += 2
        elif i + 2 < len(body) and all(ch in "0123456789abcdefABCDEF" for ch in body[i + 1 : i + 3]):
            out.append(chr(int(body[i + 1 : i + 3], 16)))  # MLIR's two-hex-digit escape
            i += 3
        else:
            out.append(nxt)
            i += 2
    return "".join(out)
