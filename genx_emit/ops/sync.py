"""Op model of barriers, fences, scheduling hints and SLM allocation.

Every spelling (upstream MLIR, RFC v1 ``mfence``, RFC v2 ``fence``) ends up in the same fields;
``verify()`` checks what holds on any target. Per-target limits (named-barrier count, SLM size)
and rules that depend on the kernel as a whole (allocation before use) are the lowering's.
"""

from __future__ import annotations

import math

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import (
    ArrayAttr,
    Attribute,
    UnitAttr,
    as_int,
    as_str,
)
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import DialectType, IntegerType, MemRefType, StridedLayout
from genx_emit.ops.build import Builder, builds
from genx_emit.ops.model import Op, Operand, models
from genx_emit.ops.nd import constant_int
from genx_emit.ops.types import is_slm

# Words accepted for a fence, mapped to the words of the LSC fence encodings (intrinsics/lsc.yaml:
# fence_sfid, fence_op, fence_scope). Upstream: global/slm, workgroup/gpu; RFC v1: ugm/slm and
# the hardware scope names; RFC v2: global, workgroup/gpu.
FENCE_MEMORY = {"global": "ugm", "ugm": "ugm", "slm": "slm"}
FENCE_OPS = {w: w for w in ("none", "evict", "invalidate", "discard", "clean", "flush_l3")}
FENCE_SCOPES = {"workgroup": "group", **{w: w for w in ("group", "local", "tile", "gpu", "gpus", "system")}}
# gpu.barrier memfence address spaces.
BARRIER_SPACES = ("global", "workgroup", "private")
# compile_hint: the only hint is a scheduling barrier (RFC v1 spells it two ways).
COMPILE_HINTS = ("schedule_barrier", "scheduling_barrier")


def _words(table: dict[str, str] | tuple[str, ...]) -> str:
    return ", ".join(table)


def _is_nbarrier(v: Value) -> bool:
    t = v.type
    return isinstance(t, DialectType) and (t.dialect, t.name) == ("xegpu", "nbarrier")


# -- named barriers --------------------------------------------------------------------------
@models("xegpu.alloc_nbarrier", attributes=("nbarrier_num",))
class AllocNbarrier(Op):
    """``xegpu.alloc_nbarrier``: the kernel uses ``count`` named barriers (ids 0..count-1)."""

    count: Operand

    def verify(self) -> None:
        n = constant_int(self.count)
        if n is None:
            name = self.count.name if isinstance(self.count, Value) else self.count
            raise error(self.loc, f"xegpu.alloc_nbarrier: the barrier count '{name}' must be a constant "
                                  "(arith.constant or the nbarrier_num attribute)")
        if n < 1:
            raise error(self.loc, f"xegpu.alloc_nbarrier: the barrier count must be at least 1, got {n}")


@models("xegpu.init_nbarrier")
class InitNbarrier(Op):
    """``xegpu.init_nbarrier %id, %n``: barrier ``id`` shared by ``num_threads`` threads."""

    barrier_id: Value
    num_threads: Value

    def verify(self) -> None:
        for what, v in (("barrier id", self.barrier_id), ("participant count", self.num_threads)):
            if not (isinstance(v.type, IntegerType) and v.type.width == 8):
                msg = f"xegpu.init_nbarrier: the {what} '{v.name}' must be i8, got '{v.type}'"
                raise error(self.loc, msg)
        if len(self.results) != 1 or not _is_nbarrier(self.result):
            got = ", ".join(str(r.type) for r in self.results) or "no result"
            raise error(self.loc, f"xegpu.init_nbarrier: the result must be one !xegpu.nbarrier, got {got}")
        barrier_id, n = constant_int(self.barrier_id), constant_int(self.num_threads)
        if barrier_id is not None and barrier_id < 0:
            msg = f"xegpu.init_nbarrier: the barrier id must not be negative, got {barrier_id}"
            raise error(self.loc, msg)
        if n is not None and n < 1:
            raise error(self.loc, f"xegpu.init_nbarrier: the participant count must be at least 1, got {n}")


@models("xegpu.nbarrier_arrive")
class NbarrierArrive(Op):
    """``xegpu.nbarrier_arrive``: signal the barrier (as producer and consumer)."""

    nbarrier: Value

    def verify(self) -> None:
        _check_nbarrier("xegpu.nbarrier_arrive", self)


@models("xegpu.nbarrier_wait")
class NbarrierWait(Op):
    """``xegpu.nbarrier_wait``: wait until every participant has signalled."""

    nbarrier: Value

    def verify(self) -> None:
        _check_nbarrier("xegpu.nbarrier_wait", self)


def _check_nbarrier(name: str, op: NbarrierArrive | NbarrierWait) -> None:
    if not _is_nbarrier(op.nbarrier):
        raise error(op.loc, f"{name}: operand '{op.nbarrier.name}' must be a !xegpu.nbarrier (from "
                            f"xegpu.init_nbarrier), got '{op.nbarrier.type}'")


# -- fences, hints, work-group barrier -------------------------------------------------------
@models("xegpu.fence", "xegpu.mfence", attributes=("memory_kind", "fence_scope", "scope", "fence_op"))
class Fence(Op):
    """``xegpu.fence`` / RFC ``xegpu.mfence``: words as written; ``sfid``, ``flush`` and
    ``scope`` give the LSC fence's words."""

    opname: str  # "xegpu.fence" or "xegpu.mfence", for messages
    memory_kind: str
    fence_op: str
    fence_scope: str

    def verify(self) -> None:
        for what, word, table in (("memory_kind", self.memory_kind, FENCE_MEMORY),
                                  ("fence_op", self.fence_op, FENCE_OPS),
                                  ("fence_scope", self.fence_scope, FENCE_SCOPES)):
            if word not in table:
                raise error(self.loc, f"{self.opname}: unknown {what} '{word}' (valid: {_words(table)})")

    def lsc_words(self) -> tuple[str, str, str]:
        """The fence as words of the LSC fence encodings: (sfid, fence_op, fence_scope)."""
        return FENCE_MEMORY[self.memory_kind], FENCE_OPS[self.fence_op], FENCE_SCOPES[self.fence_scope]


@models("xegpu.compile_hint", attributes=("hint", "scheduling_barrier"))
class CompileHint(Op):
    """``xegpu.compile_hint``: keep the scheduler from moving instructions across this point."""

    hint: str

    def verify(self) -> None:
        if self.hint not in COMPILE_HINTS:
            valid = _words(COMPILE_HINTS)
            raise error(self.loc, f"xegpu.compile_hint: unknown hint '{self.hint}' (valid: {valid})")


@models("gpu.barrier")
class GpuBarrier(Op):
    """``gpu.barrier``: ``address_spaces`` None orders memory of every space (no ``memfence``)."""

    address_spaces: tuple[str, ...] | None

    def verify(self) -> None:
        for word in self.address_spaces or ():
            if word not in BARRIER_SPACES:
                raise error(self.loc, f"gpu.barrier: unknown memfence address space '{word}' "
                                      f"(valid: {_words(BARRIER_SPACES)})")


# -- shared local memory ---------------------------------------------------------------------
def memref_extent(t: MemRefType) -> int | None:
    """Elements from the first to one past the last one a static memref addresses (its
    allocation size); None for dynamic shapes and layouts that are not static strided."""
    shape = [d for d in t.shape if d is not None]
    if len(shape) != len(t.shape):
        return None
    if 0 in shape:
        return 0
    lay = t.layout
    if lay is None:
        return math.prod(shape)
    if not isinstance(lay, StridedLayout) or lay.offset is None or len(lay.strides) != len(shape):
        return None
    strides = [s for s in lay.strides if s is not None]
    if len(strides) != len(shape):
        return None
    return lay.offset + sum((d - 1) * s for d, s in zip(shape, strides, strict=True)) + 1


@models("memref.alloc", "memref.alloca")
class MemrefAlloc(Op):
    """``memref.alloc`` / ``memref.alloca`` of an SLM memref (space 3 or
    ``#gpu.address_space<workgroup>``): global and private allocations are not supported."""

    opname: str  # "memref.alloc" or "memref.alloca"
    dynamic_sizes: list[Value]
    symbols: list[Value]
    alignment: int | None

    @property
    def memref(self) -> MemRefType:
        return self.result.type  # type: ignore[return-value]

    def verify(self) -> None:
        name = self.opname
        if len(self.results) != 1 or not isinstance(self.result.type, MemRefType):
            raise error(self.loc, f"{name}: expected one memref result")
        t = self.memref
        if not is_slm(t):
            raise error(self.loc, f"{name}: only SLM allocations (memory space 3 or "
                                  f"#gpu.address_space<workgroup>) are supported, got '{t}'")
        if self.dynamic_sizes or None in t.shape:
            raise error(self.loc, f"{name}: dynamic-shaped allocations are not supported, got '{t}' "
                                  "(SLM is laid out at compile time)")
        if self.symbols:
            raise error(self.loc, f"{name}: layout symbol operands are not supported")
        a = self.alignment
        if a is not None and (a < 1 or a & (a - 1)):
            raise error(self.loc, f"{name}: alignment must be a positive power of two, got {a}")
        if memref_extent(t) is None:
            raise error(self.loc, f"{name}: layout '{t.layout}' is not supported (identity or static "
                                  "strided only)")


@models("memref.dealloc")
class MemrefDealloc(Op):
    """``memref.dealloc``: SLM lives as long as the work-group, so freeing it does nothing."""

    memref: Value

    def verify(self) -> None:
        if not is_slm(self.memref.type):
            got = self.memref.type
            raise error(self.loc, f"memref.dealloc: only SLM memrefs can be freed here, got '{got}'")


# -- building from the generic IR --------------------------------------------------------------
def _shape(op: Operation, n_operands: int, n_results: int) -> None:
    if len(op.operands) != n_operands or len(op.results) != n_results:
        raise error(op.loc, f"{op.name}: expected {n_operands} operands and {n_results} results, "
                            f"got {len(op.operands)} and {len(op.results)}")


def _word(op: Operation, key: str, attr: Attribute) -> str:
    word = as_str(attr)
    if word is None:
        raise error(op.loc, f"{op.name}: '{key}' must be a word such as global, got '{attr}'")
    return word


# -- named barriers --------------------------------------------------------------------------
@builds(AllocNbarrier)
def _alloc_nbarrier(op: Operation, b: Builder) -> Op:
    attr = op.attr("nbarrier_num")
    if op.operands:
        _shape(op, 1, 0)
        return AllocNbarrier(loc=op.loc, count=op.operands[0])
    _shape(op, 0, 0)
    n = as_int(attr)
    if n is None:
        got = f"'{attr}'" if attr is not None else "nothing"
        msg = f"{op.name}: expected the barrier count (nbarrier_num = N or an i8 operand), got {got}"
        raise error(op.loc, msg)
    return AllocNbarrier(loc=op.loc, count=n)


@builds(InitNbarrier)
def _init_nbarrier(op: Operation, b: Builder) -> Op:
    _shape(op, 2, 1)
    return InitNbarrier(loc=op.loc, results=op.results, barrier_id=op.operands[0], num_threads=op.operands[1])


@builds(NbarrierArrive)
def _nbarrier_arrive(op: Operation, b: Builder) -> Op:
    _shape(op, 1, 0)
    return NbarrierArrive(loc=op.loc, nbarrier=op.operands[0])


@builds(NbarrierWait)
def _nbarrier_wait(op: Operation, b: Builder) -> Op:
    _shape(op, 1, 0)
    return NbarrierWait(loc=op.loc, nbarrier=op.operands[0])


# -- fences, hints, work-group barrier -------------------------------------------------------
@builds(Fence)
def _fence(op: Operation, b: Builder) -> Op:
    _shape(op, 0, 0)
    words: dict[str, str] = {}
    for field, keys in (("memory_kind", ("memory_kind",)), ("fence_op", ("fence_op",)),
                        ("fence_scope", ("fence_scope", "scope"))):
        for key in keys:
            attr = op.attr(key)
            if attr is not None:
                words[field] = _word(op, key, attr)
                break
    words.setdefault("fence_op", "none")  # the RFC's only value; upstream has no cache operation
    for field, table in (("memory_kind", FENCE_MEMORY), ("fence_scope", FENCE_SCOPES)):
        if field not in words:
            raise error(op.loc, f"{op.name}: missing '{field}' (one of {', '.join(table)})")
    return Fence(loc=op.loc, opname=op.name, **words)


@builds(CompileHint)
def _compile_hint(op: Operation, b: Builder) -> Op:
    _shape(op, 0, 0)
    hint = op.attr("hint")
    if hint is not None:
        return CompileHint(loc=op.loc, hint=_word(op, "hint", hint))
    # RFC v1 writes the hint as a unit attribute; an unknown one is left for verify() to name.
    units = [k for k, v in op.attributes.items() if isinstance(v, UnitAttr)]
    return CompileHint(loc=op.loc, hint=units[0] if units else COMPILE_HINTS[0])


@builds(GpuBarrier)
def _gpu_barrier(op: Operation, b: Builder) -> Op:
    _shape(op, 0, 0)
    attr = op.attr("address_spaces")
    if attr is None:
        return GpuBarrier(loc=op.loc, address_spaces=None)
    if not isinstance(attr, ArrayAttr):
        raise error(op.loc, f"gpu.barrier: memfence must be a list of address spaces, got '{attr}'")
    spaces = tuple(_word(op, "memfence", a) for a in attr.elements)
    return GpuBarrier(loc=op.loc, address_spaces=spaces)


# -- shared local memory ---------------------------------------------------------------------
@builds(MemrefAlloc)
def _alloc(op: Operation, b: Builder) -> Op:
    if len(op.results) != 1:
        raise error(op.loc, f"{op.name}: expected one result, got {len(op.results)}")
    sizes, symbols = op.operand_groups([len(op.operands), 0])
    align_attr = op.attr("alignment")
    alignment = as_int(align_attr)
    if align_attr is not None and alignment is None:
        raise error(op.loc, f"{op.name}: alignment must be an integer, got '{align_attr}'")
    return MemrefAlloc(loc=op.loc, results=op.results, opname=op.name, dynamic_sizes=sizes,
                       symbols=symbols, alignment=alignment)


@builds(MemrefDealloc)
def _dealloc(op: Operation, b: Builder) -> Op:
    _shape(op, 1, 0)
    return MemrefDealloc(loc=op.loc, memref=op.operands[0])
