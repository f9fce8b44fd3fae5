"""Token cursor plus MLIR type and attribute parsing (builtin forms, dialect forms, aliases).

The op/region grammar lives in :mod:`genx_emit.mlir.parser`, which extends this class.
"""

from __future__ import annotations

import re
import struct

from genx_emit.diagnostics import DiagnosticError, Location
from genx_emit.mlir.attrs import (
    ArrayAttr,
    Attribute,
    BoolAttr,
    DenseArrayAttr,
    DenseElementsAttr,
    DialectAttr,
    DictAttr,
    FloatAttr,
    IntegerAttr,
    KeywordAttr,
    OpaqueAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
)
from genx_emit.mlir.lexer import (
    BANG,
    BARE,
    EOF,
    FLOAT,
    HASH,
    INT,
    PUNCT,
    STRING,
    SYMBOL,
    Tokens,
    unescape_string,
)
from genx_emit.mlir.types import (
    DialectType,
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    NoneType,
    StridedLayout,
    TensorDescType,
    Type,
    VectorType,
)

INT64_MIN = -(2**63)  # ShapedType::kDynamic, the "dynamic" entry of const_offsets & co.

_INT_TYPE = re.compile(r"([su]?)i([0-9]+)$")
_FLOAT_TYPE = re.compile(r"(f16|bf16|f32|f64|tf32|f80|f128|f8E[0-9]+M[0-9]+[A-Za-z]*|f[46]E[0-9]M[0-9]FN)$")
_DIM_X = re.compile(r"([0-9]+)x")
# RFC documents spell some scalars C-style; none of these words is an MLIR type, so accepting
# them cannot change the meaning of a valid upstream file.
_RFC_SCALARS: dict[str, Type] = {
    "float": FloatType("f32"), "fp16": FloatType("f16"), "fp32": FloatType("f32"),
    "fp64": FloatType("f64"), "half": FloatType("f16"),
    **{f"int{w}": IntegerType(w) for w in (8, 16, 32, 64)},
    **{f"uint{w}": IntegerType(w, "u") for w in (8, 16, 32, 64)},
}
_SHAPED_WORDS = frozenset({"vector", "memref", "tensor_desc", "tile"})
_TYPE_WORDS = frozenset({"index", "none", "vector", "memref", "tensor", "complex", "tuple"})
_OPAQUE_WORDS = frozenset({"affine_map", "affine_set", "strided", "dense_resource", "sparse", "opaque"})
_OPEN = {"(": ")", "[": "]", "{": "}", "<": ">"}
_CLOSE = frozenset(")]}>")


def _is_scalar_type_word(word: str) -> bool:
    """``f32``, ``i8``, ``index``: read as a type where an attribute may stand (``none`` is
    left a keyword: ``#arith.overflow<none>`` means the flag word)."""
    return word == "index" or bool(_INT_TYPE.match(word)) or bool(_FLOAT_TYPE.match(word))


def _canon_dialect(d: str) -> str:
    return "xegpu" if d.lower() == "xegpu" else d


class AttrTypeParser:
    """Cursor over :class:`Tokens` with type and attribute parsing."""

    def __init__(self, tokens: Tokens):
        self.toks = tokens
        self.kinds = tokens.kinds
        self.texts = tokens.texts
        self.i = 0
        self.attr_aliases: dict[str, Attribute] = {}
        self.type_aliases: dict[str, Type] = {}
        self._type_cache: dict[str, Type] = {}

    # -- cursor ------------------------------------------------------------------------------
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
        """Drop a trailing ``loc(...)``: locations in the input are not kept."""
        if self.texts[self.i] == "loc" and self.kinds[self.i] == BARE and self.peek_is(1, "("):
            self.i += 1
            self.skip_balanced()

    def parse_int(self, what: str = "integer") -> int:
        neg = self.accept("-")
        if self.kinds[self.i] != INT:
            raise self.error(f"expected {what}, got {self.describe()}")
        v = int(self.texts[self.i], 0)
        self.i += 1
        return -v if neg else v

    # -- types -------------------------------------------------------------------------------
    def parse_type(self) -> Type:
        k, t, start = self.kinds[self.i], self.texts[self.i], self.i
        if k == BARE:
            if t in _SHAPED_WORDS:
                cached = self._cached_type(start)
                if cached is not None:
                    return cached
            self.i += 1
            ty = self._type_from_word(t, start)
            self._remember_type(start, ty)
            return ty
        if k == BANG:
            return self._parse_bang_type()
        if t == "(" and k == PUNCT:
            return self.parse_function_type()
        raise self.error(f"expected type, got {self.describe()}")

    def _cached_type(self, start: int) -> Type | None:
        """Shaped types repeat a lot; reuse the parse of an identical spelling."""
        texts = self.texts
        if texts[start + 1] != "<":
            return None
        # Find the matching '>' with C-level list searches: the next '>' closes the type once
        # every '<' opened before it is closed (STRING tokens keep their quotes: never "<"/">").
        pos, depth = start + 1, 0
        try:
            while True:
                k = texts.index(">", pos)
                depth += texts[pos:k].count("<") - 1
                if depth <= 0:
                    break
                pos = k + 1
        except ValueError:
            return None
        key = self.toks.text[self.toks.starts[start] : self.toks.end_of(k)]
        ty = self._type_cache.get(key)
        if ty is not None:
            self.i = k + 1
        return ty

    def _remember_type(self, start: int, ty: Type) -> None:
        if isinstance(ty, (VectorType, MemRefType, TensorDescType)):
            key = self.toks.text[self.toks.starts[start] : self.toks.end_of(self.i - 1)]
            self._type_cache[key] = ty

    def _type_from_word(self, word: str, index: int) -> Type:
        m = _INT_TYPE.match(word)
        if m:
            width = int(m.group(2))
            if not 1 <= width <= 1 << 16:
                raise self.error(f"integer type width {width} is out of range", index)
            return IntegerType(width, m.group(1))
        if _FLOAT_TYPE.match(word):
            return FloatType(word)
        if word == "index":
            return IndexType()
        if word == "none":
            return NoneType()
        if word == "vector":
            return self._parse_vector()
        if word == "memref":
            return self._parse_memref(index)
        if word in ("tensor_desc", "tile"):  # RFC spellings of !xegpu.tensor_desc
            return self._parse_tensor_desc()
        if word in ("tensor", "complex", "tuple"):  # host-side only: kept as text
            body = self._raw_angle_body()
            return DialectType("builtin", word, body)
        if word in _RFC_SCALARS:
            return _RFC_SCALARS[word]
        raise self.error(f"expected type, got '{word}'", index)

    def _parse_bang_type(self) -> Type:
        start = self.i
        t = self.texts[self.i]
        name = t[1:]
        if "." not in name:
            self.i += 1
            if name not in self.type_aliases:
                raise self.error(f"undefined type alias '!{name}'", start)
            return self.type_aliases[name]
        dialect, _, rest = name.partition(".")
        dialect = _canon_dialect(dialect)
        if dialect == "xegpu" and rest == "tensor_desc":
            cached = self._cached_type(start)
            if cached is not None:
                return cached
            self.i += 1
            ty = self._parse_tensor_desc()
            self._remember_type(start, ty)
            return ty
        self.i += 1
        body = self._raw_angle_body() if self.at("<") else ""
        return DialectType(dialect, rest, body)

    def _raw_angle_body(self) -> str:
        """Skip ``<...>`` at the cursor and return the text between the brackets."""
        open_i = self.i
        self.expect("<")
        self.i = open_i
        self.skip_balanced()
        return self.toks.text[self.toks.end_of(open_i) : self.toks.starts[self.i - 1]].strip()

    def parse_dims_and_element(self, allow_dynamic: bool) -> tuple[list[int | None], Type]:
        """``8x?x16xf32`` -> ([8, None, 16], f32). The lexer yields ``8`` then words such as
        ``x16xf32``; those are split here."""
        dims: list[int | None] = []
        while True:
            k, t = self.kinds[self.i], self.texts[self.i]
            if k == INT and t[:2] in ("0x", "0X"):  # `0x16`/`0xf32` was lexed as hex
                dims.append(0)
                self.i += 1
                word = t[1:]
            elif k == INT:
                dims.append(int(t))
                self.i += 1
                word = self._take_x_word()
            elif t == "?" and k == PUNCT:
                if not allow_dynamic:
                    raise self.error("dynamic dimension '?' is not allowed here")
                dims.append(None)
                self.i += 1
                word = self._take_x_word()
            elif t == "[" and k == PUNCT:  # scalable vector dim: size kept, scalability dropped
                self.i += 1
                dims.append(self.parse_int("dimension"))
                self.expect("]")
                word = self._take_x_word()
            else:
                return dims, self.parse_type()
            elem_word = self._split_x_word(word, dims)
            if elem_word is not None:
                return dims, self._type_from_word(elem_word, self.i - 1)

    def _take_x_word(self) -> str:
        k, t = self.kinds[self.i], self.texts[self.i]
        if k != BARE or not t.startswith("x"):
            raise self.error(f"expected 'x' in shape, got {self.describe()}")
        self.i += 1
        return t

    def _split_x_word(self, word: str, dims: list[int | None]) -> str | None:
        """``x16x8xbf16`` adds 16, 8 to ``dims`` and returns ``bf16``; ``x16x`` or ``x`` return
        None (more of the shape follows as separate tokens)."""
        rest = word[1:]
        while True:
            m = _DIM_X.match(rest)
            if m is None:
                break
            dims.append(int(m.group(1)))
            rest = rest[m.end() :]
        if not rest:
            return None
        if rest.isdigit():  # `x16` then a separate `x...` word (after a hex-lexed `0x16`)
            dims.append(int(rest))
            return self._split_x_word(self._take_x_word(), dims)
        return rest

    def _parse_vector(self) -> VectorType:
        self.expect("<", "after 'vector'")
        dims, elem = self.parse_dims_and_element(allow_dynamic=False)
        self.expect(">", "to close vector type")
        return VectorType(tuple(d for d in dims if d is not None), elem)

    def _parse_memref(self, index: int) -> Type:
        self.expect("<", "after 'memref'")
        if self.at("*"):  # unranked: host code only, kept as text
            self.i = index + 1
            return DialectType("builtin", "memref", self._raw_angle_body())
        dims, elem = self.parse_dims_and_element(allow_dynamic=True)
        layout: StridedLayout | Attribute | None = None
        space: Attribute | None = None
        while self.accept(","):
            if self.at("strided") and layout is None and space is None:
                layout = self._parse_strided()
                continue
            attr = self.parse_attr(allow_type_suffix=False)
            if layout is None and space is None and isinstance(attr, OpaqueAttr) and attr.text.startswith(
                "affine_map"
            ):
                layout = attr
            elif space is None:
                space = attr
            else:
                raise self.error(f"unexpected memref parameter '{attr}'", self.i - 1)
        self.expect(">", "to close memref type")
        return MemRefType(tuple(dims), elem, layout, space)

    def _parse_strided(self) -> StridedLayout:
        self.expect("strided")
        self.expect("<")
        self.expect("[")
        strides: list[int | None] = []
        if not self.at("]"):
            while True:
                strides.append(None if self.accept("?") else self.parse_int("stride"))
                if not self.accept(","):
                    break
        self.expect("]")
        offset: int | None = 0
        if self.accept(","):
            self.expect("offset")
            self.expect(":")
            offset = None if self.accept("?") else self.parse_int("offset")
        self.expect(">", "to close strided layout")
        return StridedLayout(tuple(strides), offset)

    def _parse_tensor_desc(self) -> TensorDescType:
        self.expect("<", "after 'tensor_desc'")
        dims, elem = self.parse_dims_and_element(allow_dynamic=False)
        params: list[Attribute] = []
        rfc_kv: list[tuple[str, Attribute]] | None = None
        while self.accept(","):
            k, t = self.kinds[self.i], self.texts[self.i]
            if k == BARE and self.peek_is(1, "="):  # RFC inline `key = value`
                self.i += 2
                value = self.parse_attr()
                if rfc_kv is None:
                    rfc_kv = []
                    params.append(DictAttr(()))  # placeholder keeps the position
                rfc_kv.append((t, value))
            elif k == HASH and t[1:].lower() == "scattered" and t[1:] not in self.attr_aliases:
                self.i += 1  # RFC `#scattered` marker, never defined as an alias
                params.append(KeywordAttr("scattered"))
            else:
                params.append(self.parse_attr())
        self.expect(">", "to close tensor_desc type")
        if rfc_kv is not None:
            kv = DictAttr(tuple(rfc_kv))
            params = [kv if isinstance(p, DictAttr) and not p.entries else p for p in params]
        return TensorDescType(tuple(d for d in dims if d is not None), elem, tuple(params))

    def parse_function_type(self) -> FunctionType:
        self.expect("(", "to start a function type")
        inputs = self.parse_type_list_until(")")
        self.expect("->", "in function type")
        return FunctionType(tuple(inputs), tuple(self.parse_result_types()))

    def parse_type_list_until(self, close: str) -> list[Type]:
        out: list[Type] = []
        if self.accept(close):
            return out
        while True:
            out.append(self.parse_type())
            if self.accept(close):
                return out
            self.expect(",", "in type list")

    def parse_result_types(self) -> list[Type]:
        """After ``->``: ``type`` or ``(type, ...)``."""
        if self.at("(") and not self._paren_is_function_type():
            self.i += 1
            return self.parse_type_list_until(")")
        return [self.parse_type()]

    def _paren_is_function_type(self) -> bool:
        j, depth = self.i, 0
        while self.kinds[j] != EOF:
            t = self.texts[j]
            if t in ("(", "<", "[", "{"):
                depth += 1
            elif t in (")", ">", "]", "}"):
                depth -= 1
                if depth == 0:
                    return self.texts[j + 1] == "->"
            j += 1
        return False

    def parse_type_list(self) -> list[Type]:
        """``t1, t2, ...`` (no brackets; at least one)."""
        out = [self.parse_type()]
        while self.accept(","):
            out.append(self.parse_type())
        return out

    # -- attributes --------------------------------------------------------------------------
    def parse_attr(self, allow_type_suffix: bool = True) -> Attribute:
        k, t, start = self.kinds[self.i], self.texts[self.i], self.i
        if k == INT or k == FLOAT or (t == "-" and k == PUNCT):
            return self._parse_number_attr(allow_type_suffix)
        if k == STRING:
            self.i += 1
            s = StringAttr(unescape_string(t))
            if allow_type_suffix and self.accept(":"):
                self.parse_type()
            return s
        if k == PUNCT:
            if t == "[":
                self.i += 1
                elems: list[Attribute] = []
                if not self.accept("]"):
                    while True:
                        elems.append(self.parse_attr())
                        if self.accept("]"):
                            break
                        self.expect(",", "in array attribute")
                return ArrayAttr(tuple(elems))
            if t == "{":
                return self.parse_attr_dict()
            if t == "(":
                return TypeAttr(self.parse_function_type())
            raise self.error(f"expected attribute value, got {self.describe()}")
        if k == SYMBOL:
            return self._parse_symbol_ref()
        if k == HASH:
            return self._parse_hash_attr()
        if k == BANG:
            return TypeAttr(self.parse_type())
        if k == BARE:
            if t in ("true", "false"):
                self.i += 1
                return BoolAttr(t == "true")
            if t == "unit":
                self.i += 1
                return UnitAttr()
            nxt_angle = self.peek_is(1, "<")
            if t == "dense" and nxt_angle:
                return self._parse_dense()
            if t == "array" and nxt_angle:
                return self._parse_dense_array()
            if t in _OPAQUE_WORDS and nxt_angle:
                self.i += 1
                self.skip_balanced()
                return self._opaque_from(start)
            if t == "loc" and self.peek_is(1, "("):
                self.i += 1
                self.skip_balanced()
                return self._opaque_from(start)
            if t == "distinct" and self.peek_is(1, "["):
                self.i += 1
                self.skip_balanced()
                if self.at("<"):
                    self.skip_balanced()
                return self._opaque_from(start)
            if (t in _SHAPED_WORDS or t in _TYPE_WORDS) and nxt_angle or _is_scalar_type_word(t):
                return TypeAttr(self.parse_type())
            if "." in t and nxt_angle:  # RFC `xegpu.sg_map<...>` without the '#'
                self.i += 1
                dialect, _, name = t.partition(".")
                return self._parse_dialect_attr_body(_canon_dialect(dialect), name)
            self.i += 1
            return KeywordAttr(t)
        raise self.error(f"expected attribute value, got {self.describe()}")

    def _opaque_from(self, start: int) -> OpaqueAttr:
        return OpaqueAttr(self.toks.text[self.toks.starts[start] : self.toks.end_of(self.i - 1)])

    def _parse_number_attr(self, allow_type_suffix: bool) -> Attribute:
        neg = self.accept("-")
        k, t = self.kinds[self.i], self.texts[self.i]
        if k == INT:
            value: int | float = int(t, 0)
        elif k == FLOAT:
            value = float(t)
        else:
            raise self.error(f"expected number after '-', got {self.describe()}")
        self.i += 1
        if neg:
            value = -value
        ty = None
        if allow_type_suffix and self.at(":"):
            self.i += 1
            ty = self.parse_type()
        if isinstance(ty, FloatType):
            if k == INT and t[:2] in ("0x", "0X"):  # bit pattern of the float
                return FloatAttr(_float_from_bits(int(t, 16), ty.width), ty)
            return FloatAttr(float(value), ty)
        if k == FLOAT:
            if ty is not None:
                raise self.error(f"float literal with non-float type '{ty}'", self.i - 1)
            return FloatAttr(float(value), None)
        return IntegerAttr(int(value), ty)

    def _parse_symbol_ref(self) -> SymbolRefAttr:
        root = self._symbol_name(self.texts[self.i])
        self.i += 1
        nested: list[str] = []
        while self.at("::"):
            self.i += 1
            nested.append(self._symbol_name(self.expect_kind(SYMBOL, "symbol after '::'")))
        return SymbolRefAttr(root, tuple(nested))

    @staticmethod
    def _symbol_name(tok: str) -> str:
        return unescape_string(tok[1:]) if tok.startswith('@"') else tok[1:]

    def _parse_hash_attr(self) -> Attribute:
        start = self.i
        name = self.texts[self.i][1:]
        self.i += 1
        if "." not in name:
            if self.at("<"):  # `#gpu<dim x>`: dialect, then the mnemonic inside the brackets
                return self._parse_dialect_only_attr(name)
            if name not in self.attr_aliases:
                raise self.error(f"undefined attribute alias '#{name}'", start)
            return self.attr_aliases[name]
        dialect, _, mnemonic = name.partition(".")
        dialect = _canon_dialect(dialect)
        if not self.at("<"):
            return DialectAttr(dialect, mnemonic)
        return self._parse_dialect_attr_body(dialect, mnemonic)

    def _parse_dialect_only_attr(self, dialect: str) -> DialectAttr:
        open_i = self.i
        self.skip_balanced()
        close_i = self.i - 1
        if self.kinds[open_i + 1] != BARE:
            return DialectAttr(dialect, "", raw=self._between(open_i, close_i))
        mnemonic = self.texts[open_i + 1]
        raw = self._between(open_i + 1, close_i)
        positional, named = self._try_params(open_i + 2, close_i, commas=False)
        return DialectAttr(dialect, mnemonic, positional, named, raw)

    def _parse_dialect_attr_body(self, dialect: str, mnemonic: str) -> DialectAttr:
        open_i = self.i
        self.skip_balanced()
        close_i = self.i - 1
        positional, named = self._try_params(open_i + 1, close_i, commas=True)
        return DialectAttr(dialect, mnemonic, positional, named, self._between(open_i, close_i))

    def _between(self, open_i: int, close_i: int) -> str:
        return self.toks.text[self.toks.end_of(open_i) : self.toks.starts[close_i]].strip()

    def _try_params(
        self, first: int, close_i: int, commas: bool
    ) -> tuple[tuple[Attribute, ...], tuple[tuple[str, Attribute], ...]]:
        """Parse ``a, key = b, ...`` in tokens [first, close_i); bodies that are not such a list
        (``#spirv.vce`` capability lists are, ``#gpu<dim x>`` separates by spaces) fall back to
        empty parameter tuples, keeping only the raw text."""
        saved = self.i
        positional: list[Attribute] = []
        named: list[tuple[str, Attribute]] = []
        try:
            self.i = first
            while self.i < close_i:
                if self.kinds[self.i] == BARE and self.peek_is(1, "="):
                    key = self.texts[self.i]
                    self.i += 2
                    named.append((key, self.parse_attr()))
                else:
                    positional.append(self.parse_attr())
                if self.i < close_i and commas:
                    self.expect(",")
            if self.i != close_i:
                raise self.error("trailing tokens in attribute body")
        except (DiagnosticError, IndexError, ValueError, OverflowError):
            positional, named = [], []
        finally:
            self.i = saved
        return tuple(positional), tuple(named)

    def parse_attr_dict(self) -> DictAttr:
        """``{key = value, unit_key, "quoted" = value}``."""
        self.expect("{")
        entries: list[tuple[str, Attribute]] = []
        if self.accept("}"):
            return DictAttr(())
        while True:
            k, t = self.kinds[self.i], self.texts[self.i]
            if k == STRING:
                key = unescape_string(t)
            elif k == BARE:
                key = t
            else:
                raise self.error(f"expected attribute name, got {self.describe()}")
            self.i += 1
            if self.accept("="):
                entries.append((key, self.parse_attr()))
            else:
                entries.append((key, UnitAttr()))
            if self.accept("}"):
                return DictAttr(tuple(entries))
            self.expect(",", "or '}' in attribute dictionary")

    def _parse_dense_array(self) -> DenseArrayAttr:
        self.i += 1  # array
        self.expect("<")
        ety = self.parse_type()
        values: list[int | float] = []
        if self.accept(":"):
            while True:
                a = self._parse_number_attr(allow_type_suffix=False)
                values.append(a.value)  # type: ignore[attr-defined]
                if not self.accept(","):
                    break
        self.expect(">", "to close array<...>")
        if isinstance(ety, FloatType):
            values = [float(v) for v in values]
        return DenseArrayAttr(ety, tuple(values))

    def _parse_dense(self) -> DenseElementsAttr:
        start = self.i
        self.i += 1  # dense
        self.expect("<")
        values: list[int | float | bool] = []
        splat = True
        hex_text: str | None = None
        if self.kinds[self.i] == STRING:
            hex_text = unescape_string(self.texts[self.i])
            self.i += 1
        elif not self.at(">"):
            splat = not self.at("[")
            self._dense_literal(values)
        self.expect(">", "to close dense<...>")
        self.expect(":", "and a type after dense<...>")
        ty = self.parse_type()
        elem = getattr(ty, "element", None)
        if elem is None:
            raise self.error(f"dense<...> needs a vector or tensor type, got '{ty}'", self.i - 1)
        count = getattr(ty, "num_elements", None)
        if hex_text is not None:
            values, splat = _decode_hex(hex_text, elem, self.error("invalid hex dense literal", start))
        if isinstance(elem, FloatType):
            values = [float(v) for v in values]
        if not values:
            splat = False
        elif not splat and count is not None and len(values) != count:
            raise self.error(f"dense literal has {len(values)} elements but '{ty}' has {count}", start)
        return DenseElementsAttr(ty, tuple(values), splat)

    def _dense_literal(self, out: list[int | float | bool]) -> None:
        if self.accept("["):
            if self.accept("]"):
                return
            while True:
                self._dense_literal(out)
                if self.accept("]"):
                    return
                self.expect(",", "in dense literal")
        t = self.texts[self.i]
        if t in ("true", "false"):
            self.i += 1
            out.append(t == "true")
            return
        a = self._parse_number_attr(allow_type_suffix=False)
        out.append(a.value)  # type: ignore[attr-defined]


def _float_from_bits(bits: int, width: int) -> float:
    if width == 32:
        return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]
    if width == 64:
        return struct.unpack("<d", struct.pack("<Q", bits & 0xFFFFFFFFFFFFFFFF))[0]
    if width == 16:
        return struct.unpack("<e", struct.pack("<H", bits & 0xFFFF))[0]
    return float(bits)


def _decode_hex(text: str, elem: Type, err: DiagnosticError) -> tuple[list[int | float | bool], bool]:
    """``"0x0000803F..."``: little-endian element bytes; one element's worth means a splat."""
    if not text.startswith("0x"):
        raise err
    try:
        data = bytes.fromhex(text[2:])
    except ValueError:
        raise err from None
    width = getattr(elem, "width", 8)
    nbytes = max(width // 8, 1)
    if len(data) % nbytes:
        raise err
    vals: list[int | float | bool] = []
    for off in range(0, len(data), nbytes):
        chunk = int.from_bytes(data[off : off + nbytes], "little")
        if isinstance(elem, FloatType) and elem.kind in ("f16", "f32", "f64"):
            vals.append(_float_from_bits(chunk, width))
        elif isinstance(elem, IntegerType) and elem.signedness != "u" and chunk >= 1 << (width - 1):
            vals.append(chunk - (1 << width))
        else:
            vals.append(chunk)
    return vals, len(vals) == 1
