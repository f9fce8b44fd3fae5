"""Layout changes at workgroup level: ``xegpu.convert_layout`` (within each subgroup when the pieces
stay, through SLM when they move between subgroups) and ``vector.transpose`` of 2-D tiles."""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import (
    DenseArrayAttr,
    DenseElementsAttr,
    as_int_list,
)
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import IntegerType, TensorDescType, Type, VectorType
from genx_emit.wg import is_wg_layout
from genx_emit.wg.distribute import Distributor, handles
from genx_emit.wg.layout import (
    WgLayout,
    block_offsets,
    parse_wg_layout,
    piece_offsets,
    sg_shape,
    sliced,
    unit_shape,
)
from genx_emit.wg.values import INDEX, INT64_MIN, Tiled


def same_pieces(shape: tuple[int, ...], a: WgLayout, b: WgLayout) -> bool:
    """Whether layouts ``a`` and ``b`` give every subgroup the same pieces of a ``shape`` tile, in
    the same order (two spellings of one distribution: a slice of a row layout and of its
    transposed column layout, say)."""
    if sliced(a)[0] != sliced(b)[0] or sg_shape(shape, a) != sg_shape(shape, b):
        return False
    n = max(a.subgroups, b.subgroups)
    return all(piece_offsets(shape, a, g) == piece_offsets(shape, b, g) for g in range(n))


@handles("xegpu.convert_layout")
def _convert_layout(d: Distributor, op: Operation) -> None:
    src = d.tiled(op.operands[0], op.loc)
    res = op.results[0]
    given = op.attributes.get("input_layout")
    if given is not None and is_wg_layout(given):
        stated = parse_wg_layout(given, op.loc)
        if not stated.same_distribution(src.layout):
            raise error(op.loc, f"xegpu.convert_layout: input_layout {stated} is not how the source is "
                                f"distributed ({src.layout})")
    target_attr = op.attributes.get("target_layout")
    if target_attr is None or not is_wg_layout(target_attr):
        raise error(op.loc, "xegpu.convert_layout: a workgroup-level source needs a workgroup-level "
                            "target_layout")
    target = parse_wg_layout(target_attr, op.loc)
    want = d.template(op, res, target)
    if src.same_tiling(want) or (src.block == want.block and same_pieces(src.shape, src.layout, target)):
        d.tiles[res] = Tiled(src.shape, src.element, target, src.blocks, src.blk)
    elif src.layout.same_distribution(target) or same_pieces(src.shape, src.layout, target):
        d.tiles[res] = reblock(d, op, src, want)
    else:
        d.tiles[res] = _through_slm(d, op, src, want)


def reblock(d: Distributor, op: Operation, src: Tiled, want: Tiled) -> Tiled:
    """Same pieces, other blocks: each target block assembled from the source blocks it overlaps."""
    sb, tb = src.block, want.block
    soffs, toffs = block_offsets(src.shape, src.layout, sb), block_offsets(want.shape, want.layout, tb)
    per_piece_s, per_piece_t = len(soffs), len(toffs)
    out = Tiled(want.shape, want.element, want.layout, [], want.blk)
    for u in range(len(src.blocks) // per_piece_s):
        for to in toffs:
            out.blocks.append(_assemble(d, op, [(so, src.blocks[u * per_piece_s + i]) for i, so in
                                                enumerate(soffs)], to, tb, sb, want.element))
    del per_piece_t
    return out


def _assemble(d: Distributor, op: Operation, parts: list[tuple[tuple[int, ...], Value]], at: tuple[int, ...],
              block: tuple[int, ...], part_shape: tuple[int, ...], element: Type) -> Value:
    """The ``block`` at ``at`` of a piece held as ``parts`` (origin, value) of ``part_shape``."""
    bt = VectorType(block, element)
    acc: Value | None = None
    for origin, v in parts:
        lo = [max(a, o) for a, o in zip(at, origin, strict=True)]
        hi = [min(a + b, o + p) for a, b, o, p in zip(at, block, origin, part_shape, strict=True)]
        if any(h <= low for low, h in zip(lo, hi, strict=True)):
            continue
        size = [h - low for low, h in zip(lo, hi, strict=True)]
        piece = v
        if tuple(size) != tuple(part_shape):
            piece = _emit(d, op, "vector.extract_strided_slice", [v], VectorType(tuple(size), element), {
                "offsets": _i64([low - o for low, o in zip(lo, origin, strict=True)]), "sizes": _i64(size),
                "strides": _i64([1] * len(size))})
        if tuple(size) == tuple(block):
            return piece
        if acc is None:
            acc = _emit(d, op, "arith.constant", [], bt, {"value": DenseElementsAttr(bt, (0,), True)})
        acc = _emit(d, op, "vector.insert_strided_slice", [piece, acc], bt, {
            "offsets": _i64([low - a for low, a in zip(lo, at, strict=True)]),
            "strides": _i64([1] * len(size))})
    assert acc is not None
    return acc


def _through_slm(d: Distributor, op: Operation, src: Tiled, want: Tiled) -> Tiled:
    """Pieces that move between subgroups: every subgroup writes its blocks into an SLM copy of the
    tile (replicated pieces are written alike by each owner), a barrier, then reads the blocks the
    target layout gives it, a barrier before the buffer is reused. Rows move as 1-D block
    messages."""
    if len(src.shape) != 2:
        raise error(op.loc, "xegpu.convert_layout: moving pieces between subgroups is supported for 2-D "
                            "tiles")
    loc = op.loc
    rows, cols = src.shape
    element = src.element
    slm, space = d.slm_buffer(rows * cols, element, loc)

    def row_desc(origin: list[Value], r: int, width: int) -> Value:
        at = d.binary("addi", origin[0], r, loc) if r else origin[0]
        flat = d.binary("muli", at, cols, loc)
        flat = d.emit("arith.addi", [flat, origin[1]], INDEX, {}, loc, "off")
        segs = DenseArrayAttr(IntegerType(32), (1, 1, 0, 0))
        v = d.emit("xegpu.create_nd_tdesc", [slm, flat], TensorDescType((width,), element, (space,)), {
            "const_offsets": DenseArrayAttr(IntegerType(64), (INT64_MIN,)), "operandSegmentSizes": segs},
            loc, "slm_desc")
        assert v is not None
        return v

    sb, tb = src.block, want.block
    for origin, blk in zip(d.origins(src.shape, src.layout, loc, sb), src.blocks, strict=True):
        for r in range(sb[0]):
            row = _emit(d, op, "vector.extract_strided_slice", [blk], VectorType((1, sb[1]), element), {
                "offsets": _i64([r, 0]), "sizes": _i64([1, sb[1]]), "strides": _i64([1, 1])})
            flat = _emit(d, op, "vector.shape_cast", [row], VectorType((sb[1],), element), {})
            d.emit("xegpu.store_nd", [flat, row_desc(origin, r, sb[1])], None, {}, loc)
    d.emit("gpu.barrier", [], None, {}, loc)
    out = Tiled(want.shape, element, want.layout, [], want.blk)
    bt = VectorType(tb, element)
    for origin in d.origins(want.shape, want.layout, loc, tb):
        acc = _emit(d, op, "arith.constant", [], bt, {"value": DenseElementsAttr(bt, (0,), True)})
        for r in range(tb[0]):
            row_t = VectorType((tb[1],), element)
            row = _emit(d, op, "xegpu.load_nd", [row_desc(origin, r, tb[1])], row_t, {})
            row2 = _emit(d, op, "vector.shape_cast", [row], VectorType((1, tb[1]), element), {})
            acc = _emit(d, op, "vector.insert_strided_slice", [row2, acc], bt, {
                "offsets": _i64([r, 0]), "strides": _i64([1, 1])})
        out.blocks.append(acc)
    d.emit("gpu.barrier", [], None, {}, loc)
    return out


@handles("vector.transpose")
def _transpose(d: Distributor, op: Operation) -> None:
    """A 2-D transpose whose result layout is the source's transposed (``sg_layout``, ``sg_data``,
    ``inst_data`` and ``order`` swapped): each subgroup transposes its own blocks."""
    src = d.tiled(op.operands[0], op.loc)
    res = op.results[0]
    perm = as_int_list(op.attributes.get("permutation"))
    if len(src.shape) != 2 or perm != [1, 0]:
        raise error(op.loc, "vector.transpose: only 2-D transposes [1, 0] are distributed at workgroup level")
    lay = src.layout
    order = lay.order_or_default()
    swapped = WgLayout(lay.sg_layout[::-1], lay.sg_data[::-1] if lay.sg_data else None,
                       lay.inst_data[::-1] if lay.inst_data else None, None, None,
                       tuple(1 - o for o in order))
    given = d.result_layout(op)
    if given is not None and not given.same_distribution(swapped):
        raise error(op.loc, f"vector.transpose: the result layout {given} is not the source's transposed "
                            f"({swapped}): transpose, then convert_layout")
    rt = res.type
    assert isinstance(rt, VectorType)
    sb = src.block
    out = Tiled(tuple(rt.shape), rt.element, swapped, [], (sb[1], sb[0]))
    nb = [p // b for p, b in zip(sg_shape(src.shape, lay), sb, strict=True)]
    per = nb[0] * nb[1]
    bt = VectorType((sb[1], sb[0]), rt.element)
    grid = [n // u for n, u in zip(src.shape, unit_shape(src.shape, lay), strict=True)]
    # the result's units are the source's transposed, visited row-major over the result
    for u in (ui * grid[1] + uj for uj in range(grid[1]) for ui in range(grid[0])):
        for j in range(nb[1]):
            for i in range(nb[0]):
                v = _emit(d, op, "vector.transpose", [src.blocks[u * per + i * nb[1] + j]], bt,
                          {"permutation": _i64([1, 0])})
                out.blocks.append(v)
    want = d.template(op, res, swapped)
    if want.block != out.block:  # a dpas operand: cut into the blocks the dpas takes
        out = reblock(d, op, out, want)
    d.tiles[res] = out


def _emit(d: Distributor, op: Operation, name: str, operands: list[Value], t: Type, attrs: dict) -> Value:
    v = d.emit(name, operands, t, attrs, op.loc, op.results[0].name if op.results else "wg")
    assert v is not None
    return v


def _i64(vals: list[int]) -> DenseArrayAttr:
    return DenseArrayAttr(IntegerType(64), tuple(vals))
