"""MLIR types: builtin scalars, vector, memref (strided/affine layouts, memory spaces),
``!xegpu.tensor_desc`` in upstream and RFC spellings, function types, other dialect types.
"""

from __future__ import annotations

import re

from genx_emit.mlir.attrs import Attribute, DialectAttr, DictAttr, KeywordAttr, OpaqueAttr
from genx_emit.mlir.cursor import Cursor
from genx_emit.mlir.lexer import BANG, BARE, EOF, HASH, INT, PUNCT, Tokens
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
_SCALAR_CACHE: dict[str, Type] = {
    "index": IndexType(), "f16": FloatType("f16"), "bf16": FloatType("bf16"), "f32": FloatType("f32"),
    "f64": FloatType("f64"), "tf32": FloatType("tf32"),
    **{f"{s}i{w}": IntegerType(w, s) for s in ("", "s", "u") for w in (1, 8, 16, 32, 64)},
}
SHAPED_WORDS = frozenset({"vector", "memref", "tensor_desc", "tile"})
TYPE_WORDS = frozenset({"index", "none", "vector", "memref", "tensor", "complex", "tuple"})


def is_scalar_type_word(word: str) -> bool:
    """``f32``, ``i8``, ``index``: read as a type where an attribute may stand (``none`` is
    left a keyword: ``#arith.overflow<none>`` means the flag word)."""
    return word == "index" or bool(_INT_TYPE.match(word)) or bool(_FLOAT_TYPE.match(word))


def canon_dialect(d: str) -> str:
    """``XeGPU``/``XeGpu`` (RFC spellings) -> ``xegpu``."""
    return "xegpu" if d.lower() == "xegpu" else d


class TypeParser(Cursor):
    """Types, with alias expansion and a cache for repeated shaped-type spellings."""

    def __init__(self, tokens: Tokens):
        super().__init__(tokens)
        self.attr_aliases: dict[str, Attribute] = {}
        self.type_aliases: dict[str, Type] = {}
        self._type_cache: dict[str, Type] = {}

    # Provided by AttrTypeParser: types contain attributes.
    def parse_attr(self, allow_type_suffix: bool = True) -> Attribute:
        raise NotImplementedError

    def parse_dialect_attr_body(self, dialect: str, mnemonic: str) -> DialectAttr:
        raise NotImplementedError

    def parse_type(self) -> Type:
        k, t, start = self.kinds[self.i], self.texts[self.i], self.i
        if k == BARE:
            if t in SHAPED_WORDS:
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
        scalar = _SCALAR_CACHE.get(word)
        if scalar is not None:
            return scalar
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
        dialect = canon_dialect(dialect)
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
            elif k == BANG and "." in t and self.peek_is(1, "<"):  # RFC: `!xegpu.tdesc_attr<...>`
                dialect, _, mnemonic = t[1:].partition(".")
                self.i += 1
                params.append(self.parse_dialect_attr_body(canon_dialect(dialect), mnemonic))
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
