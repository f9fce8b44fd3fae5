"""Scattered XeGPU ops: one address per lane (SIMD lane = work item), optionally a chunk of
consecutive elements per lane, a per-lane mask, and atomics.

Two forms reach the same fields: the descriptor form (``create_tdesc`` then ``load %tdesc,
%mask``) and the newest upstream form that names the memory and the offsets on the access
(``load %src[%offsets], %mask <{chunk_size = 2}>``). ``Access.tdesc`` is set in the first,
``Access.source``/``offsets``/``chunk_size`` in the second.

Value layouts (L lanes, C chunk elements per lane): ``[L]`` when C = 1; ``[L, C]`` (upstream,
lane-major) or, with the RFC's ``transpose = [1, 0]``, ``[C, L]`` (chunk-major, which is how the
hardware returns it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import prod

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.attrs import (
    Attribute,
    UnitAttr,
    as_int,
    as_int_list,
    as_str,
)
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import (
    IndexType,
    IntegerType,
    MemRefType,
    TensorDescType,
    Type,
    VectorType,
    element_bits,
)
from genx_emit.ops.build import Builder, builds, cache_hints, mixed, one_result
from genx_emit.ops.model import CACHE_HINT_ATTRIBUTES, Op, Operand, models
from genx_emit.ops.nd import CacheHints
from genx_emit.ops.types import TDescInfo, is_slm, tdesc_info

LANES = (1, 2, 4, 8, 16, 32)  # lanes of one scattered descriptor (the RFC's list)
CHUNKS = (1, 2, 3, 4, 8, 16, 32, 64)  # elements per lane: the LSC vector sizes


def _shape(s: tuple[int, ...] | list[int]) -> str:
    return "[" + ", ".join(map(str, s)) + "]"


@dataclass(frozen=True)
class Geometry:
    """What a scattered access touches: lanes (as shaped), chunk, element type, memory."""

    lanes_shape: tuple[int, ...]
    chunk: int
    element: Type
    slm: bool

    @property
    def lanes(self) -> int:
        return prod(self.lanes_shape)


def scattered_tdesc(op: str, v: Value, loc: Location) -> TDescInfo:
    t = v.type
    if not isinstance(t, TensorDescType):
        raise error(loc, f"{op}: operand '{v.name}' must be a !xegpu.tensor_desc, got '{t}'")
    info = tdesc_info(t, loc)
    if not info.scattered:
        raise error(loc, f"{op}: expects a scattered tensor_desc (create_tdesc), got '{t}'; block "
                         "descriptors use the *_nd ops")
    return info


def check_lanes_chunk(op: str, lanes: int, chunk: int, loc: Location) -> None:
    if lanes not in LANES:
        raise error(loc, f"{op}: {lanes} lanes; a scattered access has {', '.join(map(str, LANES))} lanes")
    if chunk not in CHUNKS:
        raise error(loc, f"{op}: chunk size {chunk} is not supported; the LSC vector sizes are "
                         f"{', '.join(map(str, CHUNKS))}")


def check_packing(op: str, chunk: int, element: Type, loc: Location) -> None:
    """Upstream's verifier rule: a chunk of 16-bit elements fills whole 32-bit words, so a
    chunk_size > 1 must be a multiple of the packing factor 2 (8-bit chunks are left as they were)."""
    bits = element_bits(element)
    if chunk > 1 and bits == 16 and chunk % (32 // bits):
        raise error(loc, f"{op}: chunk size {chunk} of {bits}-bit elements must be a multiple of the packing "
                         f"factor {32 // bits} (elements per 32-bit word)")


def _offsets_shape(op: str, offsets: Value | list[Operand], loc: Location) -> tuple[int, ...]:
    if isinstance(offsets, list):
        return (len(offsets),)
    t = offsets.type
    if not (isinstance(t, VectorType) and isinstance(t.element, (IndexType, IntegerType))):
        raise error(loc, f"{op}: offsets '{offsets.name}' must be a vector of index, got '{t}'")
    return tuple(t.shape)


def check_source(op: str, source: Value, element: Type, slm: bool | None, loc: Location) -> bool:
    """The memory a scattered access addresses; returns True for SLM. ``slm`` is what the
    descriptor says (None: nothing said)."""
    t = source.type
    if isinstance(t, MemRefType):
        if t.element != element:
            raise error(loc, f"{op}: element types differ: source '{t}' has {t.element}, the access "
                             f"{element}")
        in_slm = is_slm(t)
        if slm and not in_slm:
            raise error(loc, f"{op}: the tensor_desc is in SLM but the source '{t}' is not (address space 3)")
        return in_slm
    if isinstance(t, IntegerType) and t.width == 64:
        return bool(slm)
    if isinstance(t, IntegerType) and t.width == 32 and slm:
        return True
    raise error(loc, f"{op}: source must be a memref or an i64/ui64 address (i32 for SLM), got '{t}'")


@models("xegpu.create_tdesc", pure=True, attributes=("const_offsets", "chunk_size", "chunk_size_per_lane"))
class CreateDesc(Op):
    """``xegpu.create_tdesc``: ``offsets`` (in elements) is a vector operand or an index list."""

    source: Value
    offsets: Value | list[Operand]
    chunk_size: int | None = None  # as an op attribute (RFC chunk_size_per_lane, early upstream)

    def verify(self) -> None:
        name, loc = "xegpu.create_tdesc", self.loc
        if len(self.results) != 1:
            raise error(loc, f"{name}: expected one result, got {len(self.results)}")
        info = scattered_tdesc(name, self.result, loc)
        if self.chunk_size is not None and self.chunk_size != info.chunk_size:
            raise error(loc, f"{name}: chunk size {self.chunk_size} differs from the {info.chunk_size} of "
                             f"'{self.result.type}'")
        check_lanes_chunk(name, info.lanes, info.chunk_size, loc)
        check_packing(name, info.chunk_size, info.element, loc)
        if info.chunk_size > 1 and info.shape[-1] != info.chunk_size:
            raise error(loc, f"{name}: tensor_desc shape {_shape(info.shape)} must end in the chunk size "
                             f"{info.chunk_size}")
        got = _offsets_shape(name, self.offsets, loc)
        if prod(got) != info.lanes or (len(got) > 1 and got != info.lanes_shape):
            raise error(loc, f"{name}: {_shape(got)} offsets for a tensor_desc of {info.lanes} lanes "
                             f"{_shape(info.lanes_shape)}")
        check_source(name, self.source, info.element, info.memory_space == "slm", loc)


@models("xegpu.update_offset", "xegpu.update_offsets", pure=True, descriptor="tdesc", attributes=())
class UpdateOffset(Op):
    """``xegpu.update_offset``: add per-lane deltas (elements) to a scattered descriptor."""

    tdesc: Value
    offsets: Value | list[Operand]

    def verify(self) -> None:
        name, loc = "xegpu.update_offset", self.loc
        info = scattered_tdesc(name, self.tdesc, loc)
        got = _offsets_shape(name, self.offsets, loc)
        if prod(got) != info.lanes:
            raise error(loc, f"{name}: {_shape(got)} offsets for a tensor_desc of {info.lanes} lanes")
        if len(self.results) != 1 or self.result.type != self.tdesc.type:
            raise error(loc, f"{name}: the result type must equal the tensor_desc type '{self.tdesc.type}'")


@dataclass(eq=False, kw_only=True)
class Access(Op):
    """Common part of load / store / prefetch / atomic_rmw."""

    tdesc: Value | None = None
    source: Value | None = None  # newest upstream form: memory and offsets on the op
    offsets: Value | None = None
    chunk_size: int | None = None
    mask: Value | None = None
    hints: CacheHints = field(default_factory=CacheHints)

    OP = "xegpu.access"

    def geometry(self, element: Type | None) -> Geometry:
        """Lanes/chunk/element/memory of this access (``element``: the value's, for the source form)."""
        name, loc = self.OP, self.loc
        if self.tdesc is not None:
            info = scattered_tdesc(name, self.tdesc, loc)
            g = Geometry(info.lanes_shape, info.chunk_size, info.element, info.memory_space == "slm")
        else:
            if self.source is None or self.offsets is None:
                raise error(loc, f"{name}: needs a scattered tensor_desc, or a source with offsets")
            if element is None:
                src = self.source.type
                element = src.element if isinstance(src, MemRefType) else None
                if element is None:
                    raise error(loc, f"{name}: an address source does not say the element type; use a memref")
            lanes = _offsets_shape(name, self.offsets, loc)
            slm = check_source(name, self.source, element, None, loc)
            g = Geometry(lanes, self.chunk_size or 1, element, slm)
        check_lanes_chunk(name, g.lanes, g.chunk, loc)
        check_packing(name, g.chunk, g.element, loc)
        return g

    def check_mask(self, g: Geometry) -> None:
        name, loc = self.OP, self.loc
        if self.mask is None:
            raise error(loc, f"{name}: a mask operand is required")
        t = self.mask.type
        ok = isinstance(t, VectorType) and isinstance(t.element, IntegerType) and t.element.width == 1
        if not ok:
            raise error(loc, f"{name}: mask '{self.mask.name}' must be a vector of i1, got '{t}'")
        assert isinstance(t, VectorType)
        if tuple(t.shape) != g.lanes_shape and not (len(t.shape) == 1 and t.num_elements == g.lanes):
            raise error(loc, f"{name}: mask {_shape(t.shape)} must have one bit per lane: "
                             f"{_shape(g.lanes_shape)}")

    def check_value(self, what: str, v: Value, g: Geometry, transpose: bool) -> None:
        name, loc = self.OP, self.loc
        t = v.type
        if not isinstance(t, VectorType):
            raise error(loc, f"{name}: {what} '{v.name}' must be a vector, got '{t}'")
        if t.element != g.element:
            raise error(loc, f"{name}: {what} element type {t.element} differs from the access element "
                             f"type {g.element}")
        if g.chunk == 1:
            allowed = [g.lanes_shape, (g.lanes,)]
        elif transpose:
            if len(g.lanes_shape) != 1:
                raise error(loc, f"{name}: transpose needs one-dimensional lanes, got "
                                 f"{_shape(g.lanes_shape)}")
            allowed = [(g.chunk, g.lanes)]
        else:
            allowed = [(*g.lanes_shape, g.chunk)]
        if tuple(t.shape) not in allowed:
            want = " or ".join(_shape(a) for a in dict.fromkeys(allowed))
            layout = " (chunk-major, transpose = [1, 0])" if transpose else ""
            raise error(loc, f"{name}: {what} shape {_shape(t.shape)} does not match {g.lanes} lanes x "
                             f"chunk {g.chunk}{layout}: expected {want}")


@models("xegpu.load", "xegpu.load_gather", descriptor="tdesc",
        attributes=(*CACHE_HINT_ATTRIBUTES, "transpose", "chunk_size"))
class LoadGather(Access):
    """``xegpu.load`` / RFC ``load_gather``; ``transpose``: result is [chunk, lanes]."""

    transpose: bool = False
    OP = "xegpu.load"

    def verify(self) -> None:
        if len(self.results) != 1:
            raise error(self.loc, f"{self.OP}: expected one result, got {len(self.results)}")
        t = self.result.type
        g = self.geometry(t.element if isinstance(t, VectorType) else None)
        self.check_mask(g)
        self.check_value("result", self.result, g, self.transpose)


@models("xegpu.store", "xegpu.store_scatter", descriptor="tdesc",
        attributes=(*CACHE_HINT_ATTRIBUTES, "transpose", "chunk_size"))
class StoreScatter(Access):
    """``xegpu.store`` / RFC ``store_scatter``."""

    value: Value
    transpose: bool = False
    OP = "xegpu.store"

    def verify(self) -> None:
        t = self.value.type
        g = self.geometry(t.element if isinstance(t, VectorType) else None)
        self.check_mask(g)
        self.check_value("stored value", self.value, g, self.transpose)


@models("xegpu.prefetch", descriptor="tdesc", attributes=CACHE_HINT_ATTRIBUTES)
class PrefetchScatter(Access):
    """``xegpu.prefetch`` of a scattered descriptor (or of a source with offsets)."""

    OP = "xegpu.prefetch"

    def verify(self) -> None:
        self.geometry(None)


@models("xegpu.atomic_rmw", descriptor="tdesc", attributes=("kind",))
class AtomicRmw(Access):
    """``xegpu.atomic_rmw KIND``: per lane (and chunk element) ``mem = mem KIND value``; returns
    the old values."""

    kind: str
    value: Value
    OP = "xegpu.atomic_rmw"

    def verify(self) -> None:
        """Whether the hardware has the kind on this element type is the lowering's check: it
        reads the intrinsic table (intrinsics/lsc.yaml)."""
        name, loc = self.OP, self.loc
        t = self.value.type
        g = self.geometry(t.element if isinstance(t, VectorType) else None)
        self.check_mask(g)
        self.check_value("value", self.value, g, False)
        if g.slm and element_bits(g.element) == 64:
            raise error(loc, f"{name}: 64-bit atomics on SLM are not supported; use 32-bit elements")
        if len(self.results) != 1 or self.result.type != t:
            raise error(loc, f"{name}: the result type must equal the value type '{t}'")


# -- building from the generic IR --------------------------------------------------------------
def _offsets(op: Operation, dynamic: list[Value]) -> Value | list:
    """A vector operand, or a static/dynamic index list (``const_offsets``)."""
    if op.attr("const_offsets") is not None:
        return mixed(op, "const_offsets", dynamic, "offset") or []
    if len(dynamic) != 1:
        raise error(op.loc, f"{op.name}: expected one vector of offsets, got {len(dynamic)} operands")
    return dynamic[0]


def _chunk(op: Operation) -> int | None:
    for key in ("chunk_size", "chunk_size_per_lane"):
        a = op.attr(key)
        if a is not None:
            n = as_int(a)
            if n is None:
                raise error(op.loc, f"{op.name}: '{key}' must be an integer, got '{a}'")
            return n
    return None


def _transpose(op: Operation) -> bool:
    a: Attribute | None = op.attr("transpose")
    if a is None:
        return False
    if isinstance(a, UnitAttr):
        return True
    if as_int_list(a) == [1, 0]:
        return True
    raise error(op.loc, f"{op.name}: transpose must be [1, 0] (chunk-major result), got '{a}'")


def _is_tdesc(v: Value) -> bool:
    return isinstance(v.type, TensorDescType)


def _target(op: Operation, operands: list[Value]) -> dict:
    """``tdesc`` (descriptor form) or ``source``/``offsets``/``chunk_size`` (source form)."""
    if not operands:
        raise error(op.loc, f"{op.name}: missing the tensor descriptor or source operand")
    if _is_tdesc(operands[0]):
        if len(operands) != 1:
            raise error(op.loc, f"{op.name}: unexpected operands after the tensor descriptor")
        return {"tdesc": operands[0]}
    if len(operands) != 2 or op.attr("const_offsets") is not None:
        raise error(op.loc, f"{op.name}: a source operand needs one vector of offsets (source[%offsets])")
    return {"source": operands[0], "offsets": operands[1], "chunk_size": _chunk(op)}


@builds(CreateDesc)
def _create_tdesc(op: Operation, b: Builder) -> Op:
    one_result(op, 1, "a source operand")
    return CreateDesc(loc=op.loc, results=op.results, source=op.operands[0],
                      offsets=_offsets(op, op.operands[1:]), chunk_size=_chunk(op))


@builds(UpdateOffset)
def _update_offset(op: Operation, b: Builder) -> Op:
    one_result(op, 1, "a tensor descriptor operand")
    return UpdateOffset(loc=op.loc, results=op.results, tdesc=op.operands[0],
                        offsets=_offsets(op, op.operands[1:]))


@builds(LoadGather)
def _load(op: Operation, b: Builder) -> Op:
    one_result(op, 2, "a tensor descriptor (or source and offsets), a mask")
    return LoadGather(loc=op.loc, results=op.results, mask=op.operands[-1], transpose=_transpose(op),
                      hints=cache_hints(op), **_target(op, op.operands[:-1]))


@builds(StoreScatter)
def _store(op: Operation, b: Builder) -> Op:
    if len(op.operands) < 3 or op.results:
        raise error(op.loc, f"{op.name}: expected a value, a tensor descriptor (or source and offsets) and "
                            "a mask, and no result")
    return StoreScatter(loc=op.loc, value=op.operands[0], mask=op.operands[-1], transpose=_transpose(op),
                        hints=cache_hints(op), **_target(op, op.operands[1:-1]))


@builds(PrefetchScatter)
def _prefetch(op: Operation, b: Builder) -> Op:
    if op.results:
        raise error(op.loc, f"{op.name}: expected no result")
    return PrefetchScatter(loc=op.loc, hints=cache_hints(op), **_target(op, op.operands))


@builds(AtomicRmw)
def _atomic_rmw(op: Operation, b: Builder) -> Op:
    if len(op.operands) != 3 or len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected a tensor descriptor, a mask and a value, and one result")
    kind = as_str(op.attr("kind"))
    if kind is None:
        raise error(op.loc, f"{op.name}: missing or malformed atomic 'kind' ('{op.attr('kind')}')")
    return AtomicRmw(loc=op.loc, results=op.results, kind=kind, tdesc=op.operands[0], mask=op.operands[1],
                     value=op.operands[2], hints=cache_hints(op))
