"""MLIR builtin and dialect types as immutable values.

Only the structure genx-emit needs is modelled; ``__str__`` prints MLIR syntax so diagnostics
can name types the way the user wrote them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from math import prod
from typing import Any

from genx_emit.mlir.attrs import Attribute

DYNAMIC = None  # a `?` dimension, stride or offset


class Type:
    """Base of all types."""


@dataclass(frozen=True)
class IntegerType(Type):
    width: int
    signedness: str = ""  # "" signless, "s" signed, "u" unsigned

    def __str__(self) -> str:
        return f"{self.signedness}i{self.width}"


@dataclass(frozen=True)
class IndexType(Type):
    def __str__(self) -> str:
        return "index"


@dataclass(frozen=True)
class FloatType(Type):
    kind: str  # "f16", "bf16", "f32", "f64", "tf32", "f8E4M3FN", ...

    @property
    def width(self) -> int:
        return {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "tf32": 32}.get(self.kind, 8)

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True)
class NoneType(Type):
    def __str__(self) -> str:
        return "none"


@dataclass(frozen=True)
class VectorType(Type):
    shape: tuple[int, ...]
    element: Type

    @property
    def num_elements(self) -> int:
        return prod(self.shape)

    def __str__(self) -> str:
        dims = "".join(f"{d}x" for d in self.shape)
        return f"vector<{dims}{self.element}>"


@dataclass(frozen=True)
class StridedLayout:
    """``strided<[s0, s1], offset: o>``; None entries are dynamic (``?``)."""

    strides: tuple[int | None, ...]
    offset: int | None = 0

    def __str__(self) -> str:
        s = ", ".join("?" if x is None else str(x) for x in self.strides)
        off = "?" if self.offset is None else str(self.offset)
        return f"strided<[{s}], offset: {off}>"


@dataclass(frozen=True)
class MemRefType(Type):
    shape: tuple[int | None, ...]
    element: Type
    layout: StridedLayout | Attribute | None = None  # None = identity (row-major)
    memory_space: Attribute | None = None

    def __str__(self) -> str:
        return self.spelled(str, str)

    def spelled(self, attr: Callable[[Any], str], type_: Callable[[Type], str]) -> str:
        """The type's text, with its element type spelled by ``type_``, layout and memory space by
        ``attr`` (the printer's spellings, which the parser reads back)."""
        dims = "".join(("?" if d is None else str(d)) + "x" for d in self.shape)
        extra = "".join(f", {attr(a)}" for a in (self.layout, self.memory_space) if a is not None)
        return f"memref<{dims}{type_(self.element)}{extra}>"


@dataclass(frozen=True)
class TensorDescType(Type):
    """``!xegpu.tensor_desc<shape x elem, params...>``.

    ``params`` keeps every trailing parameter as written (``#xegpu.block_tdesc_attr<...>``,
    ``#xegpu.scatter_tdesc_attr<...>``, ``#xegpu.layout<...>``, RFC keywords such as
    ``array_length = 2`` or ``memory_scope = slm``) in order; the op model interprets them.
    """

    shape: tuple[int, ...]
    element: Type
    params: tuple[Attribute, ...] = field(default=())

    def __str__(self) -> str:
        dims = "".join(f"{d}x" for d in self.shape)
        extra = "".join(f", {p}" for p in self.params)
        return f"!xegpu.tensor_desc<{dims}{self.element}{extra}>"


@dataclass(frozen=True)
class FunctionType(Type):
    inputs: tuple[Type, ...]
    results: tuple[Type, ...]

    def __str__(self) -> str:
        ins = ", ".join(map(str, self.inputs))
        outs = ", ".join(map(str, self.results))
        return f"({ins}) -> ({outs})"


@dataclass(frozen=True)
class DialectType(Type):
    """Any other ``!dialect.name<body>`` type (``!xegpu.nbarrier``, ``!llvm.ptr``, ...)."""

    dialect: str
    name: str
    body: str = ""  # raw text between the angle brackets, "" when absent

    def __str__(self) -> str:
        return f"!{self.dialect}.{self.name}" + (f"<{self.body}>" if self.body else "")


def element_bits(t: Type) -> int:
    """Bit width of a scalar type (index counts as 64)."""
    if isinstance(t, IntegerType):
        return t.width
    if isinstance(t, FloatType):
        return t.width
    if isinstance(t, IndexType):
        return 64
    raise TypeError(f"not a scalar type: {t}")
