"""Batched ``dpas`` at workgroup level: upstream's 3-D form, A ``[B, M, K]`` x B ``[B, K, N]`` ->
``[B, M, N]``, one 2-D GEMM per batch plane.

Each operand's 3-D blocks (one plane each: inst_data 1 along the batch dimension, else its blocks
are cut to planes) are viewed per batch as the blocks of a 2-D value (dimensions 1 and 2 of the
layout), reshaped to 2-D; the 2-D dpas distribution (:func:`genx_emit.wg.compute._dpas`) makes
each plane's grid of block dpas, and its result blocks are reshaped back into the 3-D result. The
batch dimension must not be split among subgroups (``sg_layout[0] = 1``): every subgroup then
computes every batch of its piece, and its coordinates over the other two dimensions are those of
the 2-D layouts.
"""

from __future__ import annotations

from math import prod

from genx_emit.diagnostics import error
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import VectorType
from genx_emit.wg.convert import reblock
from genx_emit.wg.distribute import Distributor
from genx_emit.wg.layout import WgLayout, block_offsets, check_distributable, sg_shape, units
from genx_emit.wg.values import Tiled, kept_attrs

ROLES = ("A", "B", "the accumulator")


def plane_layout(lay: WgLayout) -> WgLayout:
    """``lay`` without its leading (batch) dimension."""
    order = None if lay.order is None else tuple(o - 1 for o in lay.order if o != 0)

    def drop(v: tuple[int, ...] | None) -> tuple[int, ...] | None:
        return None if v is None else v[1:]

    return WgLayout(lay.sg_layout[1:], drop(lay.sg_data), drop(lay.inst_data), drop(lay.lane_layout),
                    drop(lay.lane_data), order)


def batched_dpas(d: Distributor, op: Operation) -> None:
    """Distribute a 3-D ``xegpu.dpas`` as one 2-D dpas per batch plane."""
    from genx_emit.wg.compute import _dpas

    res = op.results[0]
    rt = res.type
    assert isinstance(rt, VectorType)
    lay = d.result_layout(op)
    a = d.tiled(op.operands[0], op.loc)
    b = d.tiled(op.operands[1], op.loc)
    acc = None
    if len(op.operands) > 2:
        acc = d.tiled(op.operands[2], op.loc, _plane_template(d, op, res, lay) if lay is not None else None)
        lay = lay or acc.layout
    if lay is None:
        raise error(op.loc, "xegpu.dpas: the result has no workgroup layout (layout_result_0)")
    shape = tuple(rt.shape)
    check_distributable(shape, lay, op.loc, op.name, rt.element)
    operands = [a, b] + ([acc] if acc is not None else [])
    batch = shape[0]
    if len(shape) != 3 or any(len(t.shape) != 3 or t.shape[0] != batch for t in operands):
        raise error(op.loc, "xegpu.dpas: a batched dpas takes 3-D A [B, M, K], B [B, K, N] and accumulator "
                            "[B, M, N] with the same batch size B")
    for role, t in zip((*ROLES[:len(operands)], "the result"), [*operands, Tiled(shape, rt.element, lay, [])],
                       strict=True):
        if t.layout.dims or t.layout.sg_layout[0] != 1:
            raise error(op.loc, f"xegpu.dpas: the batch dimension of {role} is split among subgroups "
                                f"({t.layout}): a batched dpas at workgroup level needs sg_layout[0] = 1 "
                                "(each subgroup computes every batch of its piece)")
    # blocks of one batch plane each (a layout without inst_data holds whole pieces)
    operands = [t if t.block[0] == 1 else reblock(d, op, t, Tiled(t.shape, t.element, t.layout, [],
                                                                  (1, *t.block[1:]))) for t in operands]
    plane = plane_layout(lay)
    views = [_views(d, op, t, i) for i, t in enumerate(operands)]
    results: dict[int, Tiled] = {}
    for n in range(batch):
        out_v = d.value(res.name, VectorType(shape[1:], rt.element), op.loc)
        synth = Operation(op.name, [v[n] for v in views], [out_v],
                          {**kept_attrs(op), "layout_result_0": _attr(plane)}, [], op.loc)
        _dpas(d, synth)
        out = d.tiles.pop(synth.results[0])
        assert isinstance(out, Tiled)
        results[n] = out
        for v in synth.operands:
            d.tiles.pop(v, None)
    first = results[0]
    template = d.template(op, res, lay, (1, *first.block))
    blocks: list[Value] = []
    for n, u12, j in _order(shape, lay, template.block):
        blk = results[n].blocks[u12 * len(block_offsets(shape[1:], plane, first.block)) + j]
        v = d.emit("vector.shape_cast", [blk], VectorType(template.block, rt.element), {}, op.loc, res.name)
        assert v is not None
        blocks.append(v)
    out = Tiled(shape, rt.element, lay, blocks, template.block)
    held = d.template(op, res, lay)  # as its other users (a loop's carry) hold it
    d.tiles[res] = out if held.block == out.block else reblock(d, op, out, held)


def _plane_template(d: Distributor, op: Operation, res: Value, lay: WgLayout) -> Tiled:
    """How the result is held: its layout's blocks cut to one batch plane."""
    t = d.template(op, res, lay)
    return Tiled(t.shape, t.element, t.layout, t.blocks, (1, *t.block[1:]))


def _order(shape: tuple[int, ...], lay: WgLayout, block: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """For each block of a 3-D value held in plane blocks, in the order its blocks are listed:
    (its batch, its 2-D unit, its index among that unit's 2-D blocks)."""
    piece = sg_shape(shape, lay)
    u12 = len(units(shape[1:], plane_layout(lay)))
    per_plane = prod(p // b for p, b in zip(piece[1:], block[1:], strict=True))
    out = []
    for ui, unit in enumerate(units(shape, lay)):
        for bi in range(0, piece[0], block[0]):
            for j in range(per_plane):
                out.append((unit[0] + bi, ui % u12, j))
    return out


def _views(d: Distributor, op: Operation, t: Tiled, index: int) -> list[Value]:
    """Per batch, a 2-D value standing for operand ``index``'s plane: its blocks (in the 2-D
    order) are the 3-D blocks of that batch reshaped."""
    plane = plane_layout(t.layout)
    blk = t.block[1:]
    u12 = len(units(t.shape[1:], plane))
    per_plane = len(block_offsets(t.shape[1:], plane, blk))
    src = op.operands[index]
    planes: dict[int, list[Value | None]] = {}
    for i, (n, u, j) in enumerate(_order(t.shape, t.layout, t.block)):
        slot = planes.setdefault(n, [None] * (u12 * per_plane))
        bt = t.blocks[i].type  # the plane block, VNNI-packed for B: its leading 1 dropped
        assert isinstance(bt, VectorType)
        v = d.emit("vector.shape_cast", [t.blocks[i]], VectorType(bt.shape[1:], t.element), {}, op.loc,
                   src.name)
        slot[u * per_plane + j] = v
    out = []
    for n in range(t.shape[0]):
        v = d.value(f"{src.name}_b{n}", VectorType(t.shape[1:], t.element), op.loc)
        got = planes.get(n)
        if got is None or any(x is None for x in got):
            raise error(op.loc, f"xegpu.dpas: each subgroup must hold every batch of {ROLES[index]} "
                                f"({t.layout})")
        view = Tiled(t.shape[1:], t.element, plane, [x for x in got if x is not None], blk)
        d.roles[v] = "abc"[index]
        want = d.block_for(v, view.shape, plane, t.element)  # one dpas's operand without inst_data
        if want != blk:
            view = reblock(d, op, view, Tiled(view.shape, view.element, plane, [], want))
        d.tiles[v] = view
        out.append(v)
    return out


def _attr(lay: WgLayout):  # noqa: ANN202 - a DialectAttr (propagate imports it lazily)
    from genx_emit.wg.propagate import layout_attr

    return layout_attr(lay)
