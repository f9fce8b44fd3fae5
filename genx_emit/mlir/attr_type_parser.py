"""MLIR attributes (builtin forms, dialect attributes, aliases) on top of type parsing.

The op/region grammar lives in :mod:`genx_emit.mlir.parser`, which extends this class.
"""

from __future__ import annotations

import struct

from genx_emit.diagnostics import DiagnosticError
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
from genx_emit.mlir.lexer import BANG, BARE, FLOAT, HASH, INT, PUNCT, STRING, SYMBOL, Tokens, unescape_string
from genx_emit.mlir.type_parser import (
    SHAPED_WORDS,
    TYPE_WORDS,
    TypeParser,
    canon_dialect,
    is_scalar_type_word,
)
from genx_emit.mlir.types import FloatType, IntegerType, Type

INT64_MIN = -(2**63)  # ShapedType::kDynamic, the "dynamic" entry of const_offsets & co.
_OPAQUE_WORDS = frozenset({"affine_map", "affine_set", "strided", "dense_resource", "sparse", "opaque"})


class AttrTypeParser(TypeParser):
    """Types and attributes."""

    def __init__(self, tokens: Tokens):
        super().__init__(tokens)
        self._attr_cache: dict[tuple[str, str, str], DialectAttr] = {}

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
            if (t in SHAPED_WORDS or t in TYPE_WORDS) and nxt_angle or is_scalar_type_word(t):
                return TypeAttr(self.parse_type())
            if "." in t and nxt_angle:  # RFC `xegpu.sg_map<...>` without the '#'
                self.i += 1
                dialect, _, name = t.partition(".")
                return self.parse_dialect_attr_body(canon_dialect(dialect), name)
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
                return FloatAttr(_float_from_bits(int(t, 16), ty), ty)
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
        dialect = canon_dialect(dialect)
        if not self.at("<"):
            return DialectAttr(dialect, mnemonic)
        return self.parse_dialect_attr_body(dialect, mnemonic)

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

    def parse_dialect_attr_body(self, dialect: str, mnemonic: str) -> DialectAttr:
        open_i = self.i
        self.skip_balanced()
        close_i = self.i - 1
        raw = self._between(open_i, close_i)
        key = (dialect, mnemonic, raw)  # cache hints and layouts repeat on every access op
        cached = self._attr_cache.get(key)
        if cached is None:
            positional, named = self._try_params(open_i + 1, close_i, commas=True)
            cached = self._attr_cache[key] = DialectAttr(dialect, mnemonic, positional, named, raw)
        return cached

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
            # A hex element of a float literal is the float's bit pattern (MLIR prints -inf as 0xFF800000).
            values = [_float_from_bits(v, elem) if isinstance(v, _Bits) else float(v) for v in values]
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
        hex_token = self.kinds[self.i] == INT and self.texts[self.i][:2] in ("0x", "0X")
        a = self._parse_number_attr(allow_type_suffix=False)
        out.append(_Bits(a.value) if hex_token else a.value)  # type: ignore[attr-defined]


class _Bits(int):
    """A hex element of a dense literal: for a float element type, the float's bit pattern."""


def _float_from_bits(bits: int, ty: FloatType) -> float:
    if ty.kind in ("f32", "tf32"):
        return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]
    if ty.kind == "f64":
        return struct.unpack("<d", struct.pack("<Q", bits & 0xFFFFFFFFFFFFFFFF))[0]
    if ty.kind == "f16":
        return struct.unpack("<e", struct.pack("<H", bits & 0xFFFF))[0]
    if ty.kind == "bf16":  # the upper half of an f32
        return struct.unpack("<f", struct.pack("<I", (bits & 0xFFFF) << 16))[0]
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
        if isinstance(elem, FloatType) and elem.kind in ("f16", "bf16", "f32", "tf32", "f64"):
            vals.append(_float_from_bits(chunk, elem))
        elif isinstance(elem, IntegerType) and elem.signedness != "u" and chunk >= 1 << (width - 1):
            vals.append(chunk - (1 << width))
        else:
            vals.append(chunk)
    return vals, len(vals) == 1
