"""MLIR attributes as immutable values. ``__str__`` prints MLIR syntax."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class Attribute:
    """Base of all attributes."""


@dataclass(frozen=True)
class IntegerAttr(Attribute):
    value: int
    type: Any = None  # a Type, or None when written without `: type`

    def __str__(self) -> str:
        return f"{self.value}" + (f" : {self.type}" if self.type is not None else "")


@dataclass(frozen=True)
class FloatAttr(Attribute):
    value: float
    type: Any = None

    def __str__(self) -> str:
        return f"{self.value}" + (f" : {self.type}" if self.type is not None else "")


@dataclass(frozen=True)
class BoolAttr(Attribute):
    value: bool

    def __str__(self) -> str:
        return "true" if self.value else "false"


@dataclass(frozen=True)
class StringAttr(Attribute):
    value: str

    def __str__(self) -> str:
        return '"' + self.value.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True)
class KeywordAttr(Attribute):
    """A bare identifier where an attribute value stands: ``cached``, ``vc``, ``slm``, ``x``."""

    value: str

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class UnitAttr(Attribute):
    def __str__(self) -> str:
        return "unit"


@dataclass(frozen=True)
class ArrayAttr(Attribute):
    elements: tuple[Attribute, ...]

    def __str__(self) -> str:
        return "[" + ", ".join(map(str, self.elements)) + "]"


@dataclass(frozen=True)
class DenseArrayAttr(Attribute):
    """``array<i64: 1, 0>``."""

    element_type: Any
    values: tuple[int | float, ...]

    def __str__(self) -> str:
        vals = ", ".join(map(str, self.values))
        return f"array<{self.element_type}" + (f": {vals}>" if vals else ">")


@dataclass(frozen=True)
class DenseElementsAttr(Attribute):
    """``dense<...> : type``. ``values`` is flat row-major; a splat holds one value."""

    type: Any
    values: tuple[int | float | bool, ...]
    splat: bool

    def __str__(self) -> str:
        body = str(self.values[0]) if self.splat else "[" + ", ".join(map(str, self.values)) + "]"
        return f"dense<{body}> : {self.type}"


@dataclass(frozen=True)
class TypeAttr(Attribute):
    type: Any

    def __str__(self) -> str:
        return str(self.type)


@dataclass(frozen=True)
class SymbolRefAttr(Attribute):
    """``@root::@nested``."""

    root: str
    nested: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "@" + "::@".join((self.root,) + self.nested)


def _lookup(entries: tuple[tuple[str, Attribute], ...], key: str,
            default: Attribute | None) -> Attribute | None:
    """The value of the first ``key = value`` entry named ``key``."""
    for k, v in entries:
        if k == key:
            return v
    return default


@dataclass(frozen=True)
class DictAttr(Attribute):
    entries: tuple[tuple[str, Attribute], ...]

    def get(self, key: str, default: Attribute | None = None) -> Attribute | None:
        return _lookup(self.entries, key, default)

    def __str__(self) -> str:
        return "{" + ", ".join(f"{k} = {v}" for k, v in self.entries) + "}"


@dataclass(frozen=True)
class DialectAttr(Attribute):
    """``#dialect.name<params>``, e.g. ``#xegpu.cache_hint<cached>``,
    ``#xegpu.block_tdesc_attr<array_length = 2 : i64>``, ``#xegpu.layout<lane_layout = [1, 16]>``.

    ``positional`` holds bare parameters in order, ``named`` the ``key = value`` ones.
    ``raw`` is the text between the angle brackets, always kept (for attributes whose body the
    parser does not understand, such as ``#spirv.vce<...>``, the parsed parts may be empty).
    """

    dialect: str
    name: str
    positional: tuple[Attribute, ...] = field(default=())
    named: tuple[tuple[str, Attribute], ...] = field(default=())
    raw: str = ""

    def get(self, key: str, default: Attribute | None = None) -> Attribute | None:
        return _lookup(self.named, key, default)

    def __str__(self) -> str:
        return f"#{self.dialect}.{self.name}" + (f"<{self.raw}>" if self.raw else "")


@dataclass(frozen=True)
class OpaqueAttr(Attribute):
    """Anything kept only as text: ``affine_map<...>``, unknown builtin forms."""

    text: str

    def __str__(self) -> str:
        return self.text


def as_int(a: Attribute | None) -> int | None:
    return a.value if isinstance(a, IntegerAttr) else None


def as_str(a: Attribute | None) -> str | None:
    """The word of a keyword/string/enum attribute: ``cached`` for ``#xegpu.cache_hint<cached>``,
    ``"cached"`` or bare ``cached``."""
    if isinstance(a, (StringAttr, KeywordAttr)):
        return a.value
    if isinstance(a, DialectAttr) and len(a.positional) == 1 and not a.named:
        return as_str(a.positional[0])
    return None


def as_int_list(a: Attribute | None) -> list[int] | None:
    """``[1, 0]`` or ``array<i64: 1, 0>`` as a Python list."""
    if isinstance(a, DenseArrayAttr):
        return [int(v) for v in a.values]
    if isinstance(a, ArrayAttr) and all(isinstance(e, IntegerAttr) for e in a.elements):
        return [e.value for e in a.elements]  # type: ignore[union-attr]
    return None
