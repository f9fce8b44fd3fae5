"""Computation at workgroup level: splat constants, elementwise ``arith``/``math`` ops block by block,
and ``dpas`` as its grid of block dpas chained along K."""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import DenseElementsAttr
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import FloatType, VectorType
from genx_emit.wg.convert import reblock, same_pieces
from genx_emit.wg.distribute import Distributor, handles
from genx_emit.wg.layout import (
    WgLayout,
    check_distributable,
    piece_offsets,
    sg_shape,
    units,
)
from genx_emit.wg.values import (
    ELEMENTWISE,
    Splat,
    Tiled,
    kept_attrs,
)


@handles("arith.constant")
def _constant(d: Distributor, op: Operation) -> None:
    res = op.results[0]
    attr = op.attributes.get("value")
    if not isinstance(res.type, VectorType) or not isinstance(attr, DenseElementsAttr) or not attr.splat:
        raise error(op.loc, "arith.constant: only splat vector constants can be distributed")
    lay = d.result_layout(op)
    if lay is not None:
        check_distributable(tuple(res.type.shape), lay, op.loc, op.name, res.type.element, held=False)
    # made per block where used: a splat fits any blocking its users have
    d.tiles[res] = Splat(op, layout=lay)


@handles(*ELEMENTWISE)
def _elementwise(d: Distributor, op: Operation) -> None:
    res = op.results[0]
    rt = res.type
    if not isinstance(rt, VectorType):
        raise error(op.loc, f"{op.name}: a workgroup-level operand needs a vector result")
    lay = d.result_layout(op)
    first = next((d.tiles[v] for v in op.operands if isinstance(d.tiles.get(v), Tiled)), None)
    if lay is not None:
        # an operand distributed the same way lends its blocks (a dpas result's, say)
        same = isinstance(first, Tiled) and first.layout.same_distribution(lay)
        like = d.template(op, res, lay, first.block if same else None)  # type: ignore[union-attr]
    elif isinstance(first, Tiled):
        like = first
    else:
        raise error(op.loc, f"{op.name}: no operand or result layout says how to distribute it")
    parts: list[list[Value]] = []
    for v in op.operands:
        if v in d.tiles or v in d.splats:
            t = d.tiled(v, op.loc, like)
            if not t.same_tiling(like) and same_pieces(t.shape, t.layout, like.layout):
                t = reblock(d, op, t, like)  # the same pieces in other blocks (a dpas result's, say)
            if not t.same_tiling(like):
                raise error(op.loc,
                    f"{op.name}: operand '{v.name}' is distributed as {t.layout}, the result as "
                    f"{like.layout}: convert its layout first")
            parts.append(t.blocks)
        elif isinstance(v.type, VectorType):
            raise error(op.loc, f"{op.name}: operand '{v.name}' is a workgroup-sized vector without a layout")
        else:
            parts.append([v] * len(like.blocks))
    d.blockwise(op, parts, like)


@handles("xegpu.dpas")
def _dpas(d: Distributor, op: Operation) -> None:
    res = op.results[0]
    rt = res.type
    assert isinstance(rt, VectorType)
    ranks = [len(t.shape) for t in [*(v.type for v in op.operands), rt] if isinstance(t, VectorType)]
    if any(r != 2 for r in ranks):
        if all(r == 3 for r in ranks):  # upstream's batched form: one 2-D grid per batch plane
            from genx_emit.wg.batched import batched_dpas

            return batched_dpas(d, op)
        raise error(op.loc, f"xegpu.dpas: A, B and the result must all be 2-D, or all 3-D (batched); "
                            f"got ranks {ranks}")
    a = d.tiled(op.operands[0], op.loc)
    b = d.tiled(op.operands[1], op.loc)
    lay = d.result_layout(op)
    acc = None
    if len(op.operands) > 2:
        acc = d.tiled(op.operands[2], op.loc, d.template(op, res, lay) if lay is not None else None)
        lay = lay or acc.layout
    if lay is None:
        raise error(op.loc, "xegpu.dpas: the result has no workgroup layout (layout_result_0)")
    shape = tuple(rt.shape)
    check_distributable(shape, lay, op.loc, op.name, rt.element)
    M, N = shape
    K = a.shape[1]
    pa, pb, pc = sg_shape(a.shape, a.layout), sg_shape(b.shape, b.layout), sg_shape(shape, lay)
    ua, ub, uc = (len(units(t.shape, t.layout)) for t in (a, b, Tiled(shape, rt.element, lay, [])))
    if pa[1] != K or pb[0] != K:
        raise error(op.loc,
            f"xegpu.dpas: each subgroup must hold whole rows of A and columns of B over K = {K} "
            f"(its A piece is {pa[0]}x{pa[1]}, its B piece {pb[0]}x{pb[1]})")
    if uc != ua * ub or pc != (pa[0], pb[1]):
        raise error(op.loc,
            f"xegpu.dpas: the result's pieces ({uc} of {pc[0]}x{pc[1]}) are not the products of "
            f"A's ({ua} of {pa[0]}x{pa[1]}) and B's ({ub} of {pb[0]}x{pb[1]})")
    _check_dpas_pieces(op, a, b, shape, lay)
    ba, bb = a.block, b.block
    bc = acc.block if acc is not None else d.block_for(res, shape, lay, rt.element)
    if ba[1] != bb[0] or ba[0] != bc[0] or bb[1] != bc[1]:
        # operands made by other ops (elementwise, transposed) in their own blocks: cut into dpas ones
        a, b = _dpas_blocks(d, op, a, 0), _dpas_blocks(d, op, b, 1)
        if acc is not None:
            acc = _dpas_blocks(d, op, acc, 2)
        ba, bb = a.block, b.block
        bc = acc.block if acc is not None else d.block_for(res, shape, lay, rt.element)
    if ba[1] != bb[0] or ba[0] != bc[0] or bb[1] != bc[1]:
        raise error(op.loc, f"xegpu.dpas: instruction blocks A {ba[0]}x{ba[1]}, B {bb[0]}x{bb[1]} and result "
                            f"{bc[0]}x{bc[1]} do not chain (inst_data must give A MxK, B KxN, result MxN)")
    mb, kb, nb = pa[0] // ba[0], K // ba[1], pb[1] // bb[1]
    blocks_per_c = mb * nb
    out = Tiled(shape, rt.element, lay, [], bc)
    bt = VectorType(bc, rt.element)
    # a 16-bit float result (IMEX's f16 x f16 -> f16 GEMM): each block's chain along K runs in f32,
    # the accumulator widened before it and the sum rounded once after. A chain of one dpas is
    # that dpas with an f16 result (the subgroup dpas rounds its sum once, the same numbers),
    # which the DPAS of Xe-HPC reads and writes in place: no conversion in the loop.
    narrow = isinstance(rt.element, FloatType) and rt.element.kind in ("f16", "bf16")
    if narrow and kb == 1 and rt.element.kind == "f16":
        narrow = False
    ct = VectorType(bc, FloatType("f32")) if narrow else bt
    for ia in range(ua):
        for ib in range(ub):
            ic = ia * ub + ib
            for mi in range(mb):
                for ni in range(nb):
                    cur = acc.blocks[ic * blocks_per_c + mi * nb + ni] if acc is not None else None
                    if narrow and cur is not None:
                        cur = d.emit("arith.extf", [cur], ct, {}, op.loc, res.name)
                    for ki in range(kb):
                        av = a.blocks[ia * mb * kb + mi * kb + ki]
                        bv = b.blocks[ib * kb * nb + ki * nb + ni]
                        operands = [av, bv] + ([cur] if cur is not None else [])
                        cur = d.emit("xegpu.dpas", operands, ct, kept_attrs(op), op.loc, res.name)
                    if narrow:
                        cur = d.emit("arith.truncf", [cur], bt, {}, op.loc, res.name)  # type: ignore[list-item]
                    out.blocks.append(cur)  # type: ignore[arg-type]
    d.tiles[res] = out
    del M, N


def _dpas_blocks(d: Distributor, op: Operation, t: Tiled, i: int) -> Tiled:
    """Operand ``i`` of a dpas in the blocks its role takes (inst_data's, else one dpas's)."""
    v = op.operands[i]
    blk = d.block_for(v, t.shape, t.layout, t.element)
    if blk == t.block:
        return t
    return reblock(d, op, t, Tiled(t.shape, t.element, t.layout, [], blk))


def _check_dpas_pieces(op: Operation, a: Tiled, b: Tiled, shape: tuple[int, ...], lay: WgLayout) -> None:
    """For every subgroup: result piece i*|B|+j is A's rows i by B's columns j (worked out on the
    concrete offsets, since the layouts may differ in every field)."""
    n = max(a.layout.subgroups, b.layout.subgroups, lay.subgroups)
    for sg in range(n):
        pa = piece_offsets(a.shape, a.layout, sg)
        pb = piece_offsets(b.shape, b.layout, sg)
        pc = piece_offsets(shape, lay, sg)
        for i, oa in enumerate(pa):
            for j, ob in enumerate(pb):
                oc = pc[i * len(pb) + j]
                if oa[1] != 0 or ob[0] != 0 or oc != (oa[0], ob[1]):
                    raise error(op.loc, f"xegpu.dpas: subgroup {sg} would combine A rows from {oa[0]} and "
                                        f"B columns from {ob[1]} into its result piece at {list(oc)}: the "
                                        f"layouts of A ({a.layout}), B ({b.layout}) and the result ({lay}) "
                                        "disagree")
