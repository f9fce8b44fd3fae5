"""One dataclass per XeGPU op. Fields are the op's meaning, independent of the syntax it was
written in (upstream MLIR 2024-2026 forms or the RFC forms); ``verify()`` enforces the RFC's
rules and raises a located DiagnosticError naming the rule broken.

Hardware limits of a particular target are *not* checked here: they live in
``genx_emit.targets`` and are checked by the lowering, which knows the target.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from genx_emit.mlir.ir import Value
from genx_emit.xegpu.model import Op, Operand


@dataclass(frozen=True)
class CacheHints:
    """Cache-hint words as written (``cached``, ``uncached``, ``streaming``, ``read_invalidate``,
    ``write_back``, ``write_through``); None = default."""

    l1: str | None = None
    l2: str | None = None
    l3: str | None = None


@dataclass(eq=False, kw_only=True)
class CreateNdDesc(Op):
    """``xegpu.create_nd_tdesc``. ``source`` is a memref or a ``ui64``/``i64`` address.

    ``offsets`` may be empty (newer upstream form: offsets given on load/store/prefetch).
    ``shape``/``strides`` are None when they come from a static memref type.
    The result type is ``results[0].type`` (a TensorDescType).
    """

    source: Value
    offsets: list[Operand]
    shape: list[Operand] | None = None
    strides: list[Operand] | None = None


@dataclass(eq=False, kw_only=True)
class UpdateNdOffset(Op):
    """``xegpu.update_nd_offset``: ``offsets`` are deltas in elements, per dimension."""

    tdesc: Value
    offsets: list[Operand]


@dataclass(eq=False, kw_only=True)
class LoadNd(Op):
    """``xegpu.load_nd``. ``packed`` covers upstream ``packed`` and RFC ``vnni_axis = 0``
    (``vnni_axis = 1`` is a pure reshape and sets nothing). ``offsets`` is set only in the
    newer upstream form that puts offsets on the access."""

    tdesc: Value
    offsets: list[Operand] | None = None
    packed: bool = False
    transpose: tuple[int, ...] | None = None
    transpose_bit_width: int | None = None
    hints: CacheHints = field(default_factory=CacheHints)


@dataclass(eq=False, kw_only=True)
class StoreNd(Op):
    value: Value
    tdesc: Value
    offsets: list[Operand] | None = None
    hints: CacheHints = field(default_factory=CacheHints)


@dataclass(eq=False, kw_only=True)
class PrefetchNd(Op):
    tdesc: Value
    offsets: list[Operand] | None = None
    hints: CacheHints = field(default_factory=CacheHints)


@dataclass(eq=False, kw_only=True)
class Dpas(Op):
    """``xegpu.dpas``: result = acc + lhs x rhs. Operand shapes as written (2D or 3D VNNI)."""

    lhs: Value
    rhs: Value
    acc: Value | None = None
