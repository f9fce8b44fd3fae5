"""Builders (generic IR -> op model) for barriers, fences, hints and SLM allocation.

Spellings end here: upstream ``nbarrier_num``/RFC operand count, upstream ``fence_scope`` and
RFC v2 ``scope``, RFC v1 ``mfence``'s ``fence_op``, words written bare, quoted or as
``#xegpu.memory_space<global>``-style enum attributes; ``hint = schedule_barrier`` or a unit
``{scheduling_barrier}``.
"""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import ArrayAttr, Attribute, UnitAttr, as_int, as_str
from genx_emit.mlir.ir import Operation
from genx_emit.xegpu.build import Builder, builds
from genx_emit.xegpu.model import Op
from genx_emit.xegpu.sync import (
    COMPILE_HINTS,
    FENCE_MEMORY,
    FENCE_SCOPES,
    AllocNbarrier,
    CompileHint,
    Fence,
    GpuBarrier,
    InitNbarrier,
    MemrefAlloc,
    MemrefDealloc,
    NbarrierArrive,
    NbarrierWait,
)


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
@builds("xegpu.alloc_nbarrier")
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


@builds("xegpu.init_nbarrier")
def _init_nbarrier(op: Operation, b: Builder) -> Op:
    _shape(op, 2, 1)
    return InitNbarrier(loc=op.loc, results=op.results, barrier_id=op.operands[0], num_threads=op.operands[1])


@builds("xegpu.nbarrier_arrive")
def _nbarrier_arrive(op: Operation, b: Builder) -> Op:
    _shape(op, 1, 0)
    return NbarrierArrive(loc=op.loc, nbarrier=op.operands[0])


@builds("xegpu.nbarrier_wait")
def _nbarrier_wait(op: Operation, b: Builder) -> Op:
    _shape(op, 1, 0)
    return NbarrierWait(loc=op.loc, nbarrier=op.operands[0])


# -- fences, hints, work-group barrier -------------------------------------------------------
@builds("xegpu.fence", "xegpu.mfence")
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


@builds("xegpu.compile_hint")
def _compile_hint(op: Operation, b: Builder) -> Op:
    _shape(op, 0, 0)
    hint = op.attr("hint")
    if hint is not None:
        return CompileHint(loc=op.loc, hint=_word(op, "hint", hint))
    # RFC v1 writes the hint as a unit attribute; an unknown one is left for verify() to name.
    units = [k for k, v in op.attributes.items() if isinstance(v, UnitAttr)]
    return CompileHint(loc=op.loc, hint=units[0] if units else COMPILE_HINTS[0])


@builds("gpu.barrier")
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
@builds("memref.alloc", "memref.alloca")
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


@builds("memref.dealloc")
def _dealloc(op: Operation, b: Builder) -> Op:
    _shape(op, 1, 0)
    return MemrefDealloc(loc=op.loc, memref=op.operands[0])

