"""Lane-divergent control flow and cross-lane ops of lane-level kernels, re-assembled (rules of
:mod:`genx_emit.ops.simt`, on the whole form of :mod:`genx_emit.ops.simt_lane`).

Divergence runs under masks, as a SIMT machine runs it: both sides of a lane-dependent
``scf.if``, a lane-dependent ``scf.for`` to the largest trip count, the lanes that are not
running masked off the scattered accesses (``_Distributor.mask``) and keeping their values.
``gpu.shuffle`` with run-time offsets and ``gpu.subgroup_reduce`` become fixed permutations of
the lanes' vector and whole-vector ops.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import (
    DenseArrayAttr,
    DenseElementsAttr,
    DialectAttr,
    IntegerAttr,
    KeywordAttr,
    as_int,
    as_str,
)
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import IntegerType, Type, VectorType
from genx_emit.ops.build import INT64_MIN
from genx_emit.ops.simt_lane import _array, _Emitter, combine_op
from genx_emit.ops.simt_layout import lanes_dist
from genx_emit.ops.vector import KIND_ALIASES

if TYPE_CHECKING:
    from genx_emit.ops.simt import _Distributor


# -- lane-divergent control flow ----------------------------------------------------------------
def _new(dist: _Distributor, at: Operation, name: str, operands: list[Value], t: Type,
         attrs: dict | None = None, out: Value | None = None, base: str = "%m") -> Value:
    """An op inserted before ``at`` in the current block and distributed at once."""
    dist.n_new += 1
    res = out if out is not None else Value(f"{base}_d{dist.n_new}", t, at.loc)
    new = Operation(name, operands, [res], attrs or {}, [], at.loc)
    block = dist.block
    assert block is not None
    block.operations.insert(block.operations.index(at), new)
    dist.op(new)
    return res


def mask_active(dist: _Distributor, op: Operation, i: int) -> None:
    """Under lane-divergent control flow, operand ``i`` of ``op`` (its mask) also needs the lane
    to be running."""
    if dist.mask is None:
        return
    mask, active = op.operands[i], dist.mask
    if isinstance(mask.type, VectorType):  # a one-element vector: the lane's flag in it
        active = _new(dist, op, "vector.broadcast", [active], mask.type)
    op.operands[i] = _new(dist, op, "arith.andi", [mask, active], mask.type)


def no_divergent_block_store(dist: _Distributor, op: Operation) -> None:
    if dist.mask is not None:
        raise error(op.loc, f"{op.name} under lane-divergent control flow: a block store writes every lane's "
                            "share; store with xegpu.store and a mask, or move it out of the branch")


def divergent_if(dist: _Distributor, op: Operation) -> None:
    """``scf.if`` on the lane's own condition: both branches run, each with the lanes that take
    it as the mask of its memory accesses (predication), and each result is picked per lane
    with ``arith.select``."""
    cond = op.operands[0]
    d = dist.of(cond)
    lanes = dist.kernel.lanes
    if d != lanes_dist(lanes) or isinstance(cond.type, VectorType):
        raise error(op.loc, f"{op.name}: the condition '{cond.name}' ({d}) is not the lane's own i1")
    i1 = cond.type
    outer = dist.mask
    true = _new(dist, op, "arith.constant", [], i1, {"value": _true(i1)})
    not_cond = _new(dist, op, "arith.xori", [cond, true], i1)
    masks = [cond, not_cond]
    if outer is not None:
        masks = [_new(dist, op, "arith.andi", [outer, m], i1) for m in masks]
    yields: list[list[Value]] = []
    for region, mask in zip(op.regions, masks, strict=False):
        values: list[Value] = []
        for block in region.blocks[:1]:
            dist.mask = mask
            body = list(block.operations)
            if body and body[-1].name == "scf.yield":
                values = list(body.pop().operands)
            parent = dist.block
            assert parent is not None
            for inner in body:
                parent.operations.insert(parent.operations.index(op), inner)
                dist.op(inner)
        yields.append(values)
    dist.mask = outer
    for j, res in enumerate(op.results):
        then_v = yields[0][j]
        else_v = yields[1][j] if len(yields) > 1 and j < len(yields[1]) else None
        if else_v is None:
            raise error(op.loc, f"{op.name}: result #{j} has no else value")
        _new(dist, op, "arith.select", [cond, then_v, else_v], res.type, out=res)
    parent = dist.block
    assert parent is not None
    parent.operations.remove(op)


def _true(t: Type) -> IntegerAttr:
    return IntegerAttr(1, t)


_SLT = 2  # arith.cmpi predicate: signed less than (scf.for compares its index signed)


def divergent_for(dist: _Distributor, op: Operation) -> Value:
    """``scf.for`` whose upper bound is the lane's own: the loop runs to the largest bound of the
    lanes (a ``vector.reduction <maxsi>``), a lane is active while the index is below its own
    bound (the mask of the body's memory accesses), and an inactive lane keeps its carried
    values. Returns the body's mask."""
    ub = op.operands[1]
    block = op.regions[0].blocks[0]
    iv, args = block.arguments[0], block.arguments[1:]
    top = dist.block
    assert top is not None
    ub_max = Value(f"{ub.name}_max", ub.type, op.loc)
    op.operands[1] = ub_max
    i1 = IntegerType(1)
    active = Value(f"{iv.name}_active", i1, op.loc)
    head = [Operation("arith.cmpi", [iv, ub], [active], {"predicate": IntegerAttr(_SLT, IntegerType(64))}, [],
                      op.loc)]
    mask = active
    if dist.mask is not None:
        mask = Value(f"{iv.name}_mask", i1, op.loc)
        head.append(Operation("arith.andi", [dist.mask, active], [mask], {}, [], op.loc))
    block.operations[0:0] = head
    last = block.operations[-1]
    if last.name == "scf.yield":
        for j, (y, arg) in enumerate(zip(list(last.operands), args, strict=False)):
            kept = Value(f"{y.name}_kept", y.type, op.loc)
            block.operations.insert(len(block.operations) - 1,
                                    Operation("arith.select", [active, y, arg], [kept], {}, [], op.loc))
            last.operands[j] = kept

    def rewrite() -> None:
        t = ub.type
        assert isinstance(t, VectorType)
        kind = DialectAttr("vector", "kind", (KeywordAttr("maxsi"),), (), "maxsi")
        top.operations.insert(top.operations.index(op),
                              Operation("vector.reduction", [ub], [ub_max], {"kind": kind}, [], op.loc))

    dist.later.append(rewrite)
    return mask


# -- gpu.shuffle with run-time offsets ------------------------------------------------------------
_PRED = {"eq": 0, "ne": 1, "ult": 6}  # arith.cmpi predicates


def runtime_shuffle(dist: _Distributor, op: Operation, mode: str) -> None:
    """``gpu.shuffle MODE %v, %offset, %width`` with a run-time offset or width. A uniform offset
    ``k`` is taken bit by bit: a fixed permutation for each bit (xor by it, or a rotation by it
    for down / up) kept where the bit is set, so four shuffles and selects for 16 lanes; ``idx``
    with a uniform lane is one dynamic extract, with a per-lane one a select per source lane.
    Lanes whose source is not below the width keep their own value and get ``valid`` false."""
    v, off, width = op.operands
    lanes = dist.kernel.lanes
    ld = lanes_dist(lanes)
    d = dist.of(v)
    if d is not None and d != ld:
        raise error(op.loc, f"gpu.shuffle: '{v.name}' ({d}) is not one scalar per lane")
    if dist.of(width) is not None:
        raise error(op.loc, f"gpu.shuffle: the width '{width.name}' differs per lane")
    per_lane = dist.of(off) is not None
    if per_lane and mode != "idx":
        raise error(op.loc, f"gpu.shuffle {mode}: the offset '{off.name}' differs per lane (only idx takes a "
                            "lane's own source)")
    dist.need(v, ld, op, "value")
    dist.set(op.results[0], ld, op, "result")
    dist.set(op.results[1], ld, op, "valid")
    block = dist.block

    def rewrite() -> None:
        e = _Emitter(block, op, op.results[0].name)
        vt = op.results[0].type
        assert isinstance(vt, VectorType)
        it = off.type if not isinstance(off.type, VectorType) else off.type.element
        ivt = VectorType((lanes,), it)
        i1v = VectorType((lanes,), IntegerType(1))
        src_v = op.operands[0]

        def const(n: int) -> Value:
            return e.op("arith.constant", [], it, {"value": IntegerAttr(n, it)})

        def vconst(values: tuple[int, ...]) -> Value:
            return e.op("arith.constant", [], ivt, {"value": DenseElementsAttr(ivt, values, False)})

        def cmp(pred: str, a: Value, b: Value, t: Type, out: Value | None = None) -> Value:
            return e.op("arith.cmpi", [a, b], t, {"predicate": IntegerAttr(_PRED[pred], IntegerType(64))},
                        out=out)

        ids = vconst(tuple(range(lanes)))
        k = off if per_lane else e.op("vector.broadcast", [off], ivt)
        source = {"xor": "arith.xori", "down": "arith.addi", "up": "arith.subi"}.get(mode)
        src = e.op(source, [ids, k], ivt) if source else k
        op.results[1].type = i1v
        valid = cmp("ult", src, e.op("vector.broadcast", [width], ivt), i1v, out=op.results[1])
        r = src_v
        if mode == "idx" and not per_lane:
            inside = e.op("arith.andi", [off, const(lanes - 1)], it)  # an invalid lane reads in range
            r = e.op("vector.broadcast", [e.op("vector.extract", [src_v, inside], vt.element,
                                                {"static_position": _array([INT64_MIN])})], vt)
        elif mode == "idx":
            for lane in range(lanes):
                x = e.op("vector.extract", [src_v], vt.element, {"static_position": _array([lane])})
                hit = cmp("eq", off, vconst((lane,) * lanes), i1v)
                r = e.op("arith.select", [hit, e.op("vector.broadcast", [x], vt), r], vt)
        else:
            b = 1
            while b < lanes:
                picks = tuple(_moved_lane(mode, n, b, lanes) for n in range(lanes))
                moved = e.op("vector.shuffle", [r, r], vt, {"mask": DenseArrayAttr(IntegerType(64), picks)})
                bit = cmp("ne", e.op("arith.andi", [off, const(b)], it), const(0), IntegerType(1))
                r = e.op("arith.select", [bit, moved, r], vt)
                b *= 2
        e.op("arith.select", [valid, r, src_v], vt, out=op.results[0])
        block.operations.remove(op)

    dist.later.append(rewrite)


def _moved_lane(mode: str, lane: int, step: int, lanes: int) -> int:
    """The lane whose value ``lane`` takes in one step of a run-time shuffle."""
    if mode == "xor":
        return lane ^ step
    return (lane + step) % lanes if mode == "down" else (lane - step) % lanes


# -- gpu.subgroup_reduce ------------------------------------------------------------------------------
def gpu_subgroup_reduce(dist: _Distributor, op: Operation) -> None:
    """``gpu.subgroup_reduce KIND %v``: every lane gets its value combined over all lanes (a
    ``vector.reduction`` of the lanes' vector, the same in every lane); with ``cluster(size =
    n[, stride = s])`` over its cluster, lanes ``l`` with the same ``l mod s`` and
    ``l div (n s)`` (a reduction of each cluster's rows of the lanes' vector reshaped)."""
    v, res = op.operands[0], op.results[0]
    lanes = dist.kernel.lanes
    ld = lanes_dist(lanes)
    if isinstance(v.type, VectorType):
        raise error(op.loc, f"{op.name}: a vector per lane ('{v.type}') is not supported; reduce its "
                            "elements one by one")
    kind = as_str(op.attr("op")) or ""
    name = combine_op(kind, v.type, op)
    size = as_int(op.attr("cluster_size")) or lanes
    stride = as_int(op.attr("cluster_stride")) or 1
    if size < 1 or stride < 1 or lanes % (size * stride) or size & (size - 1) or stride & (stride - 1):
        raise error(op.loc, f"{op.name}: cluster(size = {size}, stride = {stride}) does not tile {lanes} "
                            "lanes (powers of two, size x stride dividing the lanes)")
    dist.need(v, ld, op, "value")
    whole = size == lanes  # then the result is the same in every lane: a uniform scalar
    if not whole:
        dist.set(res, ld, op, "result")
    block = dist.block

    def rewrite() -> None:
        e = _Emitter(block, op, res.name)
        src = op.operands[0]
        vt = src.type
        assert isinstance(vt, VectorType)
        kw = KIND_ALIASES.get(kind, kind)
        attrs = {"kind": DialectAttr("vector", "kind", (KeywordAttr(kw),), (), kw)}
        if whole:
            e.op("vector.reduction", [src], vt.element, attrs, out=res)
        else:
            # Lane l = (g * size + i) * stride + j: combine over i, one value per (g, j), then
            # give each lane its group's: log2(size) steps of a lane permutation and the op.
            r = src
            step = 1
            while step < size:
                picks = tuple(_cluster_partner(n, step, stride) for n in range(lanes))
                moved = e.op("vector.shuffle", [r, r], vt, {"mask": DenseArrayAttr(IntegerType(64), picks)})
                r = e.op(name, [r, moved], vt, out=res if step * 2 >= size else None)
                step *= 2
        block.operations.remove(op)

    dist.later.append(rewrite)


def _cluster_partner(lane: int, step: int, stride: int) -> int:
    """The lane a butterfly step of ``step`` cluster members away pairs ``lane`` with."""
    return lane ^ (step * stride)
