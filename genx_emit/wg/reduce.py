"""Reductions and broadcasts at workgroup level: ``vector.multi_reduction`` (across subgroups through
SLM), ``vector.shape_cast`` of its result, ``vector.broadcast`` of a unit dimension."""

from __future__ import annotations

from itertools import product
from math import prod

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.attrs import DenseArrayAttr, DenseElementsAttr
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import IntegerType, TensorDescType, VectorType
from genx_emit.wg.convert import _i64, reblock, same_pieces
from genx_emit.wg.distribute import Distributor, handles
from genx_emit.wg.layout import (
    WgLayout,
    block_offsets,
    check_distributable,
    piece_offsets,
    sg_shape,
    sliced,
    units,
)
from genx_emit.wg.values import (
    INDEX,
    INT64_MIN,
    Tiled,
)

# -- reductions across subgroups -----------------------------------------------------------------
_COMBINE = {"add": ("addf", "addi"), "mul": ("mulf", "muli"), "maxnumf": ("maxnumf", None),
            "maximumf": ("maximumf", None), "minnumf": ("minnumf", None), "minimumf": ("minimumf", None),
            "maxsi": (None, "maxsi"), "minsi": (None, "minsi"), "maxui": (None, "maxui"),
            "minui": (None, "minui"),
            "and": (None, "andi"), "or": (None, "ori"), "xor": (None, "xori")}
_NEUTRAL = {"add": 0, "mul": 1, "maxnumf": float("-inf"), "maximumf": float("-inf"), "minnumf": float("inf"),
            "minimumf": float("inf"), "maxsi": -(2**31), "minsi": 2**31 - 1, "maxui": 0, "minui": 2**32 - 1,
            "and": -1, "or": 0, "xor": 0}


def _kind_word(op: Operation) -> str:
    from genx_emit.mlir.attrs import as_str

    word = as_str(op.attributes.get("kind")) or ""
    return {"maxf": "maxnumf", "minf": "minnumf"}.get(word, word)


@handles("vector.multi_reduction")
def _multi_reduction(d: Distributor, op: Operation) -> None:
    """A workgroup tile of any rank reduced along some of its dimensions: each subgroup combines
    its blocks that differ only along the reduced dimensions and reduces the result within the
    block, then the subgroups that share the kept coordinates exchange their partial results
    through SLM (one row of partials per subgroup position over the reduced dimensions, a barrier,
    every subgroup reads all partials of its own positions and combines them, another barrier
    before the buffer can be reused). The result is held as the slice layout says: replicated over
    the reduced dimensions."""
    src = d.tiled(op.operands[0], op.loc)
    res = op.results[0]
    rt = res.type
    dims_attr = op.attributes.get("reduction_dims")
    red = sorted({int(x) for x in dims_attr.values}) if isinstance(dims_attr, DenseArrayAttr) else []
    if not isinstance(rt, VectorType) and red == list(range(len(src.shape))):
        _to_scalar(d, op, src)
        return
    if not red or not isinstance(rt, VectorType) or any(not 0 <= r < len(src.shape) for r in red):
        raise error(op.loc, "vector.multi_reduction: at workgroup level some, not all, dimensions of a "
                            "tile are reduced to a vector (or all of them to a scalar)")
    keep = [k for k in range(len(src.shape)) if k not in red]
    slay = src.layout
    parent_red = tuple(slay.kept()[r] for r in red)
    want = WgLayout(**{**slay.__dict__, "dims": tuple(sorted(slay.dims + parent_red))})
    lay = d.result_layout(op)
    if lay is not None and not lay.same_distribution(want):
        raise error(op.loc,
            f"vector.multi_reduction: the result layout {lay} is not the source's {slay} "
            f"sliced at {red}")
    kind = _kind_word(op)
    is_int = not hasattr(rt.element, "kind")
    combine = _COMBINE.get(kind, (None, None))[1 if is_int else 0]
    if combine is None:
        raise error(op.loc, f"vector.multi_reduction: kind <{kind}> is not supported at workgroup level")
    combine = f"arith.{combine}"
    piece, block = sg_shape(src.shape, slay), src.block
    layout, _ = sliced(slay)
    per_unit = len(units(src.shape, slay))
    for r in red:
        if min(src.shape[r], layout[r] * piece[r]) != src.shape[r]:
            raise error(op.loc,
                "vector.multi_reduction: a reduced dimension must be covered by one distribution "
                "unit (no round-robin along it)")
        if layout[r] * piece[r] > src.shape[r]:
            raise error(op.loc, "vector.multi_reduction: pieces replicated along a reduced dimension")
    nb = [p // b for p, b in zip(piece, block, strict=True)]
    kept_blocks = list(product(*(range(nb[k]) for k in keep)))
    rblock = tuple(block[k] for k in keep)
    result = Tiled(tuple(src.shape[k] for k in keep), rt.element, want,
                   [res] * (per_unit * len(kept_blocks)), rblock)
    acc = d.tiled(op.operands[1], op.loc, result)
    if acc.block != result.block and same_pieces(acc.shape, acc.layout, want):
        acc = reblock(d, op, acc, result)
    if not (acc.block == result.block and same_pieces(acc.shape, acc.layout, want)):
        raise error(op.loc, f"vector.multi_reduction: the accumulator is distributed as {acc.layout}, the "
                            f"result as {want}: convert its layout first")
    result.blocks = []
    bt = VectorType(rblock, rt.element)
    neutral = DenseElementsAttr(bt, (_NEUTRAL[kind],), True)
    zero = d.emit("arith.constant", [], bt, {"value": neutral}, op.loc, "neutral", d.prologue)
    assert zero is not None
    attrs = {"kind": op.attributes["kind"], "reduction_dims": DenseArrayAttr(IntegerType(64), tuple(red))}
    partials: list[Value] = []  # per unit, per block over the kept dimensions (row-major)
    firsts: list[int] = []  # the index of each partial's first source block (its position)
    whole = VectorType(block, rt.element)
    per_piece = prod(nb)
    for u in range(per_unit):
        for ki in kept_blocks:
            # the blocks along the reduced dimensions combined whole first (no regions), then one
            # reduction of the block
            acc_blk: Value | None = None
            for ri in product(*(range(nb[r]) for r in red)):
                full = [0] * len(nb)
                for k, i in zip(keep, ki, strict=True):
                    full[k] = i
                for r, i in zip(red, ri, strict=True):
                    full[r] = i
                flat = u * per_piece + _ravel(full, nb)
                if acc_blk is None:
                    firsts.append(flat)
                blk = src.blocks[flat]
                acc_blk = blk if acc_blk is None else d.emit(combine, [acc_blk, blk], whole, {}, op.loc,
                                                              res.name)
            assert acc_blk is not None
            part = d.emit("vector.multi_reduction", [acc_blk, zero], bt, dict(attrs), op.loc, res.name)
            assert part is not None
            partials.append(part)
    if prod(layout[r] for r in red) > 1:
        partials = _exchange(d, op, partials, firsts, src, red, combine)
    for i, part in enumerate(partials):
        v = d.emit(combine, [part, acc.blocks[i]], bt, {}, op.loc, res.name)
        assert v is not None
        result.blocks.append(v)
    d.tiles[res] = result


def _ravel(index: list[int] | tuple[int, ...], shape: list[int] | tuple[int, ...]) -> int:
    """The row-major position of ``index`` in ``shape``."""
    flat = 0
    for i, n in zip(index, shape, strict=True):
        flat = flat * n + i
    return flat


def _slm_desc(d: Distributor, slm: Value, dt: TensorDescType, at: Value, loc: Location) -> Value:
    """A descriptor of ``dt``'s shape into the SLM buffer ``slm`` at element ``at``."""
    segs = DenseArrayAttr(IntegerType(32), (1, 1, 0, 0))
    v = d.emit("xegpu.create_nd_tdesc", [slm, at], dt, {
        "const_offsets": DenseArrayAttr(IntegerType(64), (INT64_MIN,)), "operandSegmentSizes": segs},
        loc, "slm_desc")
    assert v is not None
    return v


def _to_scalar(d: Distributor, op: Operation, src: Tiled) -> None:
    """Every dimension reduced to a scalar: each subgroup combines its blocks into one and reduces
    that to a row of the block's width; the rows of all subgroups meet in SLM (one per subgroup
    coordinate, a barrier), every subgroup combines all of them and reduces the row to the scalar,
    which every subgroup then holds (a barrier before the buffer is reused). Pieces must not be
    replicated (each element counted once)."""
    loc, res = op.loc, op.results[0]
    lay, shape = src.layout, src.shape
    layout, _ = sliced(lay)
    if lay.dims or any(g * s > n for g, s, n in zip(layout, sg_shape(shape, lay), shape, strict=True)):
        raise error(loc, f"vector.multi_reduction: reducing {lay} to a scalar needs a layout whose pieces "
                         "are not replicated (sg_layout x sg_data within the tile) and is not a slice")
    kind = _kind_word(op)
    is_int = not hasattr(src.element, "kind")
    combine = _COMBINE.get(kind, (None, None))[1 if is_int else 0]
    if combine is None:
        raise error(loc, f"vector.multi_reduction: kind <{kind}> is not supported at workgroup level")
    combine = f"arith.{combine}"
    block = src.block
    whole = VectorType(block, src.element)
    acc_blk = src.blocks[0]
    for blk in src.blocks[1:]:
        v = d.emit(combine, [acc_blk, blk], whole, {}, loc, res.name)
        assert v is not None
        acc_blk = v
    width = block[-1]
    rt = VectorType((width,), src.element)
    neutral_row = d.emit("arith.constant", [], rt, {"value": DenseElementsAttr(rt, (_NEUTRAL[kind],), True)},
                         loc, "neutral", d.prologue)
    assert neutral_row is not None
    row = acc_blk
    if len(block) > 1:
        lead = tuple(range(len(block) - 1))
        v = d.emit("vector.multi_reduction", [acc_blk, neutral_row], rt,
                   {"kind": op.attributes["kind"], "reduction_dims": DenseArrayAttr(IntegerType(64), lead)},
                   loc, res.name)
        assert v is not None
        row = v
    groups = lay.subgroups
    slm, space = d.slm_buffer(groups * width, src.element, loc)
    dt = TensorDescType((width,), src.element, (space,))

    def desc(at: Value) -> Value:
        return _slm_desc(d, slm, dt, at, loc)

    slot: Value | None = None  # this subgroup's coordinate, row-major over sg_layout
    for k, g in enumerate(lay.sg_layout):
        if g == 1:
            continue
        c = d.coord(lay, k, loc)
        stride = 1
        for g2 in lay.sg_layout[k + 1:]:
            stride *= g2
        term = d.binary("muli", c, stride * width, loc) if stride * width != 1 else c
        slot = term if slot is None else d.emit("arith.addi", [slot, term], INDEX, {}, loc, "off")
    d.emit("xegpu.store_nd", [row, desc(slot if slot is not None else d.const(0, loc))], None, {}, loc)
    d.emit("gpu.barrier", [], None, {}, loc)
    total: Value | None = None
    for g in range(groups):
        v = d.emit("xegpu.load_nd", [desc(d.const(g * width, loc))], rt, {}, loc, "partial")
        assert v is not None
        total = v if total is None else d.emit(combine, [total, v], rt, {}, loc, "partial")
    d.emit("gpu.barrier", [], None, {}, loc)
    assert total is not None
    scalar = d.emit("vector.reduction", [total], src.element, {"kind": op.attributes["kind"]}, loc, res.name)
    assert scalar is not None
    # with the accumulator (a scalar every subgroup has) into the op's own result, which the
    # scalar code after it uses
    d.out.append(Operation(combine, [scalar, op.operands[1]], [res], {}, [], loc))


def _exchange(d: Distributor, op: Operation, partials: list[Value], firsts: list[int], src: Tiled,
              red: list[int], combine: str) -> list[Value]:
    """Partials of all subgroups along the reduced dimensions combined through SLM: an array
    [groups][kept extent], the kept positions row-major; a partial block must be one run of it
    (its kept dimensions full after the first that is not one)."""
    loc, lay, shape, block, element = op.loc, src.layout, src.shape, src.block, src.element
    layout, _ = sliced(lay)
    keep = [k for k in range(len(shape)) if k not in red]
    kshape = [shape[k] for k in keep]
    kblock = [block[k] for k in keep]
    lead = next((i for i, b in enumerate(kblock) if b > 1), len(kblock))
    if any(b != n for b, n in zip(kblock[lead + 1:], kshape[lead + 1:], strict=True)):
        raise error(loc, f"vector.multi_reduction: the partial blocks {kblock} of the kept {kshape} "
                         "positions are not contiguous rows: give inst_data full trailing kept dimensions")
    width, extent = prod(kblock), prod(kshape)
    groups = prod(layout[r] for r in red)
    slm, space = d.slm_buffer(groups * extent, element, loc)
    dt = TensorDescType((width,), element, (space,))
    flat_t = VectorType((width,), element)
    bt = VectorType(tuple(kblock), element)
    mine: Value | None = None  # this subgroup's position over the reduced dimensions, row-major
    for r in red:
        c = d.coord(lay, lay.kept()[r], loc)
        mine = c if mine is None else d.emit("arith.addi", [d.binary("muli", mine, layout[r], loc), c],
                                             INDEX, {}, loc, "off")
    assert mine is not None
    row0 = d.binary("muli", mine, extent, loc)
    origins = d.origins(shape, lay, loc, block)
    starts = []
    for first in firsts:
        start: Value | None = None
        for j, k in enumerate(keep):
            term = origins[first][k]
            if prod(kshape[j + 1:]) > 1:
                term = d.binary("muli", term, prod(kshape[j + 1:]), loc)
            start = term if start is None else d.emit("arith.addi", [start, term], INDEX, {}, loc, "off")
        assert start is not None
        starts.append(start)

    def flat(v: Value) -> Value:
        if len(kblock) == 1:
            return v
        out = d.emit("vector.shape_cast", [v], flat_t, {}, loc, "partial")
        assert out is not None
        return out

    for part, start in zip(partials, starts, strict=True):
        at = d.emit("arith.addi", [row0, start], INDEX, {}, loc, "off")
        assert at is not None
        d.emit("xegpu.store_nd", [flat(part), _slm_desc(d, slm, dt, at, loc)], None, {}, loc)
    d.emit("gpu.barrier", [], None, {}, loc)
    out = []
    for start in starts:
        total: Value | None = None
        for g in range(groups):
            at = d.binary("addi", start, g * extent, loc) if g else start
            v = d.emit("xegpu.load_nd", [_slm_desc(d, slm, dt, at, loc)], flat_t, {}, loc, "partial")
            assert v is not None
            total = v if total is None else d.emit(combine, [total, v], flat_t, {}, loc, "partial")
        assert total is not None
        if len(kblock) > 1:
            total = d.emit("vector.shape_cast", [total], bt, {}, loc, "partial")
            assert total is not None
        out.append(total)
    d.emit("gpu.barrier", [], None, {}, loc)
    return out


@handles("vector.shape_cast")
def _shape_cast(d: Distributor, op: Operation) -> None:
    """[N] (a slice over dimension ``r``) to the 2-D shape with a unit dimension at ``r``: the same
    blocks, each reshaped; the 2-D value is replicated along ``r``. With a result layout: unit
    dimensions added or removed, each subgroup keeping its pieces (checked on the concrete
    offsets); a ``vector.step`` reshaped before it has a layout is the row-major index."""
    if op.operands[0] in d.steps:
        from genx_emit.wg.scatter import reshaped_step

        reshaped_step(d, op)
        return
    src = d.tiled(op.operands[0], op.loc)
    rt = op.results[0].type
    assert isinstance(rt, VectorType)
    given = d.result_layout(op)
    if given is not None:
        _unit_reshape(d, op, src, given)
        return
    lay = src.layout
    if len(lay.dims) != 1 or len(rt.shape) != 2 or rt.shape[lay.dims[0]] != 1:
        raise error(op.loc,
            "vector.shape_cast: at workgroup level only a reduction's result [N] to [N, 1] or "
            "[1, N] is supported")
    r = lay.dims[0]
    if lay.sg_data is None:
        raise error(op.loc, "vector.shape_cast: the reduction's layout needs sg_data")
    data = list(lay.sg_data)
    data[r] = 1
    inst = list(lay.inst_data) if lay.inst_data is not None else None
    if inst is not None:
        inst[r] = 1
    new = WgLayout(lay.sg_layout, tuple(data), tuple(inst) if inst else None, None, None, lay.order)
    given = d.result_layout(op)
    if given is not None and not given.same_distribution(new):
        raise error(op.loc, f"vector.shape_cast: the result layout {given} does not distribute the rows "
                            f"as the source does ({new})")
    shape = list(src.block)
    shape.insert(r, 1)
    out = Tiled(tuple(rt.shape), rt.element, new, [], tuple(shape))
    for part in src.blocks:
        v = d.emit("vector.shape_cast", [part], VectorType(out.block, rt.element), {}, op.loc,
                   op.results[0].name)
        assert v is not None
        out.blocks.append(v)
    d.tiles[op.results[0]] = out


def _unit_reshape(d: Distributor, op: Operation, src: Tiled, lay: WgLayout) -> None:
    """A shape_cast that adds or removes unit dimensions: block for block, when every subgroup
    holds the same pieces before and after."""
    res = op.results[0]
    rt = res.type
    assert isinstance(rt, VectorType)
    shape = tuple(rt.shape)
    if [n for n in shape if n != 1] != [n for n in src.shape if n != 1]:
        raise error(op.loc, "vector.shape_cast: at workgroup level only unit dimensions can be added or "
                            "removed")
    check_distributable(shape, lay, op.loc, op.name, rt.element)

    def to_result(vals: tuple[int, ...], fill: int) -> tuple[int, ...]:
        kept = iter([v for v, n in zip(vals, src.shape, strict=True) if n != 1])
        return tuple(fill if n == 1 else next(kept) for n in shape)

    block = to_result(src.block, 1)
    n = max(src.layout.subgroups, lay.subgroups)
    same = all([to_result(o, 0) for o in piece_offsets(src.shape, src.layout, g)]
               == piece_offsets(shape, lay, g) for g in range(n))
    out = d.template(op, res, lay, block)
    if not same or len(out.blocks) != len(src.blocks):
        raise error(op.loc, f"vector.shape_cast: the source's layout {src.layout} and the result's {lay} do "
                            "not give each subgroup the same elements")
    bt = VectorType(block, rt.element)
    out.blocks = []
    for part in src.blocks:
        v = d.emit("vector.shape_cast", [part], bt, {}, op.loc, res.name)
        assert v is not None
        out.blocks.append(v)
    d.tiles[res] = out


@handles("vector.broadcast")
def _broadcast(d: Distributor, op: Operation) -> None:
    """Unit dimensions stretched ([N, 1] to [N, M]) or leading dimensions added ([N] to [M, N], the
    source a slice of the result's layout): each result block broadcasts the source block that
    holds its positions along the kept dimensions, found per subgroup on the concrete offsets."""
    if not isinstance(op.operands[0].type, VectorType):
        from genx_emit.wg.scatter import scalar_broadcast

        scalar_broadcast(d, op)
        return
    src = d.tiled(op.operands[0], op.loc)
    res = op.results[0]
    rt = res.type
    assert isinstance(rt, VectorType)
    lay = d.result_layout(op)
    if lay is None:
        raise error(op.loc, "vector.broadcast: the result has no workgroup layout (layout_result_0)")
    shape = tuple(rt.shape)
    check_distributable(shape, lay, op.loc, op.name, rt.element)
    extra = len(shape) - len(src.shape)
    if extra < 0 or any(a not in (1, b) for a, b in zip(src.shape, shape[extra:], strict=True)):
        raise error(op.loc, "vector.broadcast: the source must be the result's trailing dimensions, "
                            "each of the same size or 1")
    # result dimension k + extra is source dimension k; the kept ones are matched
    kept = [k for k, (a, b) in enumerate(zip(src.shape, shape[extra:], strict=True)) if a == b]
    out = d.template(op, res, lay)
    out.blocks = []
    sblocks = block_offsets(src.shape, src.layout, src.block)
    rblocks = block_offsets(shape, lay, out.block)
    sb, rb = src.block, out.block
    if any(sb[k] < rb[k + extra] for k in kept):
        raise error(op.loc, f"vector.broadcast: result blocks {list(rb)} are wider than the source's "
                            f"{list(sb)} along the kept dimensions")
    n = max(src.layout.subgroups, lay.subgroups)
    ps = [piece_offsets(src.shape, src.layout, g) for g in range(n)]
    pr = [piece_offsets(shape, lay, g) for g in range(n)]
    bt = VectorType(rb, rt.element)
    for ui in range(len(pr[0])):
        for rbo in rblocks:
            found = _holding_block(ps, pr, sblocks, sb, ui, rbo, rb, kept, extra)
            if found is None:
                raise error(op.loc,
                    f"vector.broadcast: the source layout {src.layout} does not give every subgroup "
                    f"the positions its result block ({lay}) needs")
            pick, at = found
            part = src.blocks[pick]
            size = tuple(rb[k + extra] if k in kept else 1 for k in range(len(sb)))
            if size != sb:  # a result block narrower than the source's: its slice
                part = d.emit("vector.extract_strided_slice", [part], VectorType(size, rt.element), {
                    "offsets": _i64(at), "sizes": _i64(size), "strides": _i64([1] * len(size))},
                    op.loc, res.name)
                assert part is not None
            v = d.emit("vector.broadcast", [part], bt, {}, op.loc, res.name)
            assert v is not None
            out.blocks.append(v)
    d.tiles[res] = out


def _holding_block(ps: list[list[tuple[int, ...]]], pr: list[list[tuple[int, ...]]],
                   sblocks: list[tuple[int, ...]], sb: tuple[int, ...], ui: int, rbo: tuple[int, ...],
                   rb: tuple[int, ...], kept: list[int], extra: int) -> tuple[int, list[int]] | None:
    """The source block (its index) that holds, on every subgroup and at the same place, the
    positions along ``kept`` of result block ``rbo`` of piece ``ui``, and that place."""
    for si in range(len(ps[0])):
        for bi, sbo in enumerate(sblocks):
            at: list[int] | None = None
            for g in range(len(ps)):
                here = [0] * len(sb)
                for k in kept:
                    here[k] = pr[g][ui][k + extra] + rbo[k + extra] - ps[g][si][k] - sbo[k]
                if at is None:
                    at = here
                if here != at or any(not 0 <= here[k] <= sb[k] - rb[k + extra] for k in kept):
                    at = None
                    break
            if at is not None:
                return si * len(sblocks) + bi, at
    return None
