"""MLIR tokens: one pass over the text with a single compiled pattern.

Tokens live in parallel lists (kind, text, start offset) so the parser can index them cheaply;
locations are computed only when a diagnostic or an op needs one.
"""

from __future__ import annotations

import re
from bisect import bisect_right

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

_SUFFIX = r"[A-Za-z0-9_$.\-]+"
_PATTERN = re.compile(
    r"(?P<ws>\s+)"
    r"|(?P<comment>//[^\n]*)"
    rf"|(?P<value>%{_SUFFIX}(?:#\d+)?)"
    rf"|(?P<caret>\^{_SUFFIX})"
    rf'|(?P<symbol>@(?:{_SUFFIX}|"(?:[^"\\\n]|\\.)*"))'
    r"|(?P<hash>#[A-Za-z_][A-Za-z0-9_$.]*)"
    r"|(?P<bang>![A-Za-z_][A-Za-z0-9_$.]*)"
    r"|(?P<float>\d+\.\d*(?:[eE][+-]?\d+)?)"
    r"|(?P<int>0x[0-9A-Fa-f]+|\d+)"
    r'|(?P<string>"(?:[^"\\\n]|\\.)*")'
    r"|(?P<bare>[A-Za-z_][A-Za-z0-9_$.]*)"
    r"|(?P<punct>->|::|>=|<=|[()\[\]{}<>,:=?*+\-|/])"
    r"|(?P<bad>.)",
    re.S,
)
_KIND_OF_GROUP = {
    "value": VALUE, "caret": CARET, "symbol": SYMBOL, "hash": HASH, "bang": BANG,
    "float": FLOAT, "int": INT, "string": STRING, "bare": BARE, "punct": PUNCT,
}


class Tokens:
    """The token stream of one file plus offset -> line/column mapping."""

    __slots__ = ("filename", "text", "kinds", "texts", "starts", "_line_starts")

    def __init__(self, text: str, filename: str):
        self.filename = filename
        self.text = text
        self._line_starts: list[int] | None = None
        kinds: list[int] = []
        texts: list[str] = []
        starts: list[int] = []
        kind_of = _KIND_OF_GROUP
        for m in _PATTERN.finditer(text):
            group = m.lastgroup
            if group == "ws" or group == "comment":
                continue
            if group == "bad":
                ch = m.group()
                what = "unterminated string" if ch == '"' else f"unexpected character {ch!r}"
                raise DiagnosticError(self._loc_at(m.start()), what)
            kinds.append(kind_of[group])  # type: ignore[index]
            texts.append(m.group())
            starts.append(m.start())
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
