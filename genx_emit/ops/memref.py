"""Op model of the memref view and element ops kernels use around XeGPU: casts between views of
one buffer, scalar loads and stores, and the pointer / metadata queries.

A memref value is one address (README "memref values"): global memrefs an ``i64`` byte address,
SLM memrefs an ``i32`` SLM offset. A static layout offset counts from that address; a memref
whose offset is dynamic (``strided<[...], offset: ?>``) is the address of its first element.
"""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import IndexType, MemRefType, StridedLayout, Type, VectorType
from genx_emit.ops.build import Builder, builds, mixed
from genx_emit.ops.model import Op, Operand, models
from genx_emit.ops.types import is_slm

VIEW_OPS = ("memref.cast", "memref.memory_space_cast", "memref.subview", "memref.reinterpret_cast")


def _memref(op: str, v: Value | Type, what: str, loc) -> MemRefType:
    t = v.type if isinstance(v, Value) else v
    if not isinstance(t, MemRefType):
        raise error(loc, f"{op}: {what} must be a memref, got '{t}'")
    return t


def static_strides(t: MemRefType) -> list[int | None]:
    """Element strides of ``t``'s layout (None: dynamic); row-major for the identity layout."""
    if isinstance(t.layout, StridedLayout):
        return list(t.layout.strides)
    out: list[int | None] = []
    acc: int | None = 1
    for d in reversed(t.shape):
        out.insert(0, acc)
        acc = acc * d if (acc is not None and d is not None) else None
    return out


def static_offset(t: MemRefType) -> int | None:
    """The layout's element offset (0 for the identity layout, None when dynamic)."""
    return t.layout.offset if isinstance(t.layout, StridedLayout) else 0


@models(*VIEW_OPS, pure=True)
class MemrefView(Op):
    """``memref.cast``, ``memory_space_cast``, ``subview`` (static sizes and strides, offsets of
    any kind) and ``reinterpret_cast``: a new view of the source's buffer, no instruction beyond
    address arithmetic. ``offsets`` / ``sizes`` / ``strides`` are empty for the casts."""

    opname: str
    source: Value
    offsets: list[Operand]
    sizes: list[Operand]
    strides: list[Operand]

    def verify(self) -> None:
        name, loc = self.opname, self.loc
        src = _memref(name, self.source, "the source", loc)
        res = _memref(name, self.result, "the result", loc)
        if src.element != res.element:
            raise error(loc, f"{name}: the element type changes from {src.element} to {res.element}")
        if is_slm(src) != is_slm(res):
            raise error(loc, f"{name}: '{src}' and '{res}' are in different memories (global vs SLM); "
                             "a view cannot move data between them")
        if name in ("memref.cast", "memref.memory_space_cast"):
            pairs = zip(src.shape, res.shape, strict=False)
            if len(src.shape) != len(res.shape) or any(a is not None and b is not None and a != b
                                                       for a, b in pairs):
                raise error(loc, f"{name}: '{src}' and '{res}' have incompatible shapes")
            return
        rank = len(res.shape) if name == "memref.reinterpret_cast" else len(src.shape)
        want = {"memref.subview": (rank, rank, rank), "memref.reinterpret_cast": (1, rank, rank)}[name]
        got = (len(self.offsets), len(self.sizes), len(self.strides))
        if got != want:
            raise error(loc, f"{name}: expected {want[0]} offsets, {want[1]} sizes and {want[2]} strides, "
                             f"got {got[0]}, {got[1]} and {got[2]}")
        if name == "memref.subview":
            if any(not isinstance(v, int) for v in self.sizes + self.strides):
                raise error(loc, f"{name}: dynamic sizes or strides are not supported (static subviews only)")
            if len(res.shape) != rank:
                raise error(loc, f"{name}: rank-reducing subviews are not supported ('{src}' to '{res}')")


@models("memref.load", "vector.load")
class MemrefLoad(Op):
    """``memref.load %m[%i, ...]`` (one element) or ``vector.load`` (``opname``; a vector whose
    last dimension runs along the memref's last one, its others along the dimensions before):
    LSC gathers, one element per lane."""

    memref: Value
    indices: list[Value]
    opname: str = "memref.load"

    def verify(self) -> None:
        _check_access(self.opname, self.memref, "the source", self.indices, self.result.type, self.loc)


@models("memref.store", "vector.store")
class MemrefStore(Op):
    """``memref.store %v, %m[%i, ...]`` or ``vector.store``: LSC scatters, one element per lane."""

    value: Value
    memref: Value
    indices: list[Value]
    opname: str = "memref.store"

    def verify(self) -> None:
        _check_access(self.opname, self.memref, "the destination", self.indices, self.value.type, self.loc)


def _check_access(name: str, memref: Value, role: str, indices: list[Value], value: Type, loc) -> None:
    """A load's or store's ``memref`` (``role``: the source or the destination), its indices, and
    the type of the ``value`` it moves."""
    t = _memref(name, memref, role, loc)
    _check_indices(name, t, indices, loc)
    _check_value(name, t, value, loc)


def _check_value(name: str, t: MemRefType, v: Type, loc) -> None:
    if name.startswith("memref."):
        if v != t.element:
            raise error(loc, f"{name}: value of type '{v}' does not match '{t}'")
        return
    if not isinstance(v, VectorType) or v.element != t.element:
        raise error(loc, f"{name}: expects a vector of {t.element}, got '{v}'")
    if len(v.shape) > len(t.shape):
        raise error(loc, f"{name}: '{v}' has more dimensions than '{t}'")


def _check_indices(name: str, t: MemRefType, indices: list[Value], loc) -> None:
    if len(indices) != len(t.shape):
        raise error(loc, f"{name}: '{t}' needs {len(t.shape)} indices, got {len(indices)}")
    for v in indices:
        if not isinstance(v.type, IndexType):
            raise error(loc, f"{name}: index '{v.name}' must be of type index, got '{v.type}'")


@models("memref.extract_aligned_pointer_as_index", pure=True)
class ExtractAlignedPointer(Op):
    """``memref.extract_aligned_pointer_as_index``: the memref's address as an index."""

    source: Value

    def verify(self) -> None:
        _memref("memref.extract_aligned_pointer_as_index", self.source, "the source", self.loc)
        if len(self.results) != 1 or not isinstance(self.result.type, IndexType):
            raise error(self.loc, "memref.extract_aligned_pointer_as_index: expected one index result")


@models("memref.extract_strided_metadata", pure=True)
class ExtractStridedMetadata(Op):
    """``memref.extract_strided_metadata``: base buffer, offset, sizes, strides."""

    source: Value

    def verify(self) -> None:
        name = "memref.extract_strided_metadata"
        t = _memref(name, self.source, "the source", self.loc)
        n = 2 + 2 * len(t.shape)
        if len(self.results) != n:
            raise error(self.loc, f"{name}: '{t}' has {n} results (base, offset, sizes, strides), "
                                  f"got {len(self.results)}")
        base = _memref(name, self.results[0], "the base buffer", self.loc)
        if base.shape or base.element != t.element:
            raise error(self.loc, f"{name}: the base buffer must be a 0-d memref of {t.element}, "
                                  f"got '{base}'")
        for v in self.results[1:]:
            if not isinstance(v.type, IndexType):
                raise error(self.loc, f"{name}: offset, sizes and strides are index values, got '{v.type}'")


# -- building from the generic IR --------------------------------------------------------------
def _segments(op: Operation) -> list[list]:
    """Operands after the source, split by ``operandSegmentSizes`` (offsets, sizes, strides)."""
    seg = op.attr("operandSegmentSizes")
    counts = list(getattr(seg, "values", ()) or ())
    if len(counts) != 4 or sum(counts) != len(op.operands):
        raise error(op.loc, f"{op.name}: expected operandSegmentSizes for source, offsets, sizes, strides")
    out, i = [], counts[0]
    for c in counts[1:]:
        out.append(op.operands[i:i + c])
        i += c
    return out


@builds(MemrefView)
def _view(op: Operation, b: Builder) -> Op:
    if len(op.results) != 1 or not op.operands:
        raise error(op.loc, f"{op.name}: expected a source and one result")
    lists: list[list] = [[], [], []]
    if op.name in ("memref.subview", "memref.reinterpret_cast"):
        dyn = _segments(op)
        for i, key in enumerate(("static_offsets", "static_sizes", "static_strides")):
            lists[i] = mixed(op, key, dyn[i], key.removeprefix("static_")) or []
    elif len(op.operands) != 1:
        raise error(op.loc, f"{op.name}: expected one operand")
    return MemrefView(loc=op.loc, results=op.results, opname=op.name, source=op.operands[0],
                      offsets=lists[0], sizes=lists[1], strides=lists[2])


@builds(MemrefLoad)
def _load(op: Operation, b: Builder) -> Op:
    if len(op.results) != 1 or not op.operands:
        raise error(op.loc, f"{op.name}: expected a memref, its indices and one result")
    return MemrefLoad(loc=op.loc, results=op.results, memref=op.operands[0], indices=op.operands[1:],
                      opname=op.name)


@builds(MemrefStore)
def _store(op: Operation, b: Builder) -> Op:
    if op.results or len(op.operands) < 2:
        raise error(op.loc, f"{op.name}: expected a value, a memref and its indices, and no result")
    return MemrefStore(loc=op.loc, value=op.operands[0], memref=op.operands[1], indices=op.operands[2:],
                       opname=op.name)


@builds(ExtractAlignedPointer)
def _aligned_pointer(op: Operation, b: Builder) -> Op:
    if len(op.operands) != 1:
        raise error(op.loc, f"{op.name}: expected one memref operand")
    return ExtractAlignedPointer(loc=op.loc, results=op.results, source=op.operands[0])


@builds(ExtractStridedMetadata)
def _strided_metadata(op: Operation, b: Builder) -> Op:
    if len(op.operands) != 1:
        raise error(op.loc, f"{op.name}: expected one memref operand")
    return ExtractStridedMetadata(loc=op.loc, results=op.results, source=op.operands[0])
