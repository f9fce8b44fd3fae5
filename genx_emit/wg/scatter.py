"""Scattered accesses and index vectors at workgroup level: ``xegpu.load`` / ``xegpu.store`` whose
offsets and mask are workgroup tiles (one access per block, at most one message's lanes each),
``vector.step`` (each block its origin plus a step), a scalar ``vector.broadcast``, and a
``vector.step`` reshaped by ``vector.shape_cast`` before it has a layout (the row-major index of
each element)."""

from __future__ import annotations

import re
from math import prod

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import DenseArrayAttr, DenseElementsAttr, IntegerAttr, as_int_list
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import DialectType, IndexType, IntegerType, TensorDescType, Type, VectorType
from genx_emit.wg.convert import reblock, same_pieces
from genx_emit.wg.distribute import Distributor, handles
from genx_emit.wg.layout import scatter_block, sg_shape
from genx_emit.wg.values import INT64_MIN, Tiled, kept_attrs


def _as(d: Distributor, op: Operation, v: Value, like: Tiled) -> Tiled:
    """Operand ``v`` in the blocks of ``like`` (re-blocked when it holds the same pieces)."""
    t = d.tiled(v, op.loc, like)
    if t.block != like.block and same_pieces(t.shape, t.layout, like.layout):
        t = reblock(d, op, t, Tiled(like.shape, t.element, like.layout, like.blocks, like.blk))
    if not (t.block == like.block and same_pieces(t.shape, t.layout, like.layout)):
        raise error(op.loc, f"{op.name}: operand '{v.name}' is distributed as {t.layout}, the access as "
                            f"{like.layout}: convert its layout first")
    return t


def _access_like(d: Distributor, op: Operation, data: Value) -> Tiled:
    lay = d.result_layout(op)
    if lay is None and data in d.tiles and isinstance(d.tiles[data], Tiled):
        lay = d.tiles[data].layout  # type: ignore[union-attr]
    if lay is None:
        raise error(op.loc, f"{op.name}: the accessed tile has no workgroup layout (layout = ...)")
    t = data.type
    assert isinstance(t, VectorType)
    block = scatter_block(sg_shape(tuple(t.shape), lay), lay)
    return d.template(op, data, lay, block)


@handles("xegpu.load")
def _load(d: Distributor, op: Operation) -> None:
    """``xegpu.load %src[%offsets], %mask``: one load per block of the offsets."""
    if isinstance(op.operands[0].type, TensorDescType):
        raise error(op.loc, "xegpu.load: a scattered tensor descriptor at workgroup level is not supported "
                            "(give the source and the offsets on the load)")
    res = op.results[0]
    like = _access_like(d, op, res)
    parts = [_as(d, op, v, like).blocks if isinstance(v.type, VectorType) else [v] * len(like.blocks)
             for v in op.operands]
    d.blockwise(op, parts, like)


@handles("xegpu.store")
def _store(d: Distributor, op: Operation) -> None:
    """``xegpu.store %value, %dst[%offsets], %mask``: one store per block."""
    if len(op.operands) > 1 and isinstance(op.operands[1].type, TensorDescType):
        raise error(op.loc, "xegpu.store: a scattered tensor descriptor at workgroup level is not supported "
                            "(give the destination and the offsets on the store)")
    like = _access_like(d, op, op.operands[0])
    parts = [_as(d, op, v, like).blocks if isinstance(v.type, VectorType) else [v] * len(like.blocks)
             for v in op.operands]
    for i in range(len(like.blocks)):
        d.emit(op.name, [p[i] for p in parts], None, kept_attrs(op), op.loc)


@handles("vector.step")
def _step(d: Distributor, op: Operation) -> None:
    """Each block: ``step`` of the block's length plus the block's origin."""
    res = op.results[0]
    out = d.laid_out(op)
    out.blocks = [index_block(d, op, o, out.block, (1,), res.type) for o in
                  d.origins(out.shape, out.layout, op.loc, out.block)]
    d.tiles[res] = out


def index_block(d: Distributor, op: Operation, origin: list[Value], block: tuple[int, ...],
                coefs: tuple[int, ...], t: Type) -> Value:
    """The block at ``origin`` of the tile whose element at ``idx`` is ``sum(coefs * idx)``: the
    constant pattern of the block plus the splat of ``sum(coefs * origin)``."""
    assert isinstance(t, VectorType)
    bt = VectorType(block, t.element)
    if coefs == (1,) and len(block) == 1:
        pattern = d.emit("vector.step", [], bt, {}, op.loc, "step", d.prologue)
    else:
        values = [0] * prod(block)
        for flat in range(prod(block)):
            rest, total = flat, 0
            for dim in range(len(block) - 1, -1, -1):
                total += (rest % block[dim]) * coefs[dim]
                rest //= block[dim]
            values[flat] = total
        pattern = d.emit("arith.constant", [], bt, {"value": DenseElementsAttr(bt, tuple(values), False)},
                         op.loc, "idx", d.prologue)
    base: Value | None = None
    for o, c in zip(origin, coefs, strict=True):
        term = o if c == 1 else d.emit("arith.muli", [o, d.const(c, op.loc)], IndexType(), {}, op.loc, "off")
        base = term if base is None else d.emit("arith.addi", [base, term], IndexType(), {}, op.loc, "off")
    assert base is not None and pattern is not None
    splat = d.emit("vector.broadcast", [base], bt, {}, op.loc, "off")
    assert splat is not None
    v = d.emit("arith.addi", [pattern, splat], bt, {}, op.loc, op.results[0].name)
    assert v is not None
    return v


def reshaped_step(d: Distributor, op: Operation) -> None:
    """``vector.shape_cast`` of a ``vector.step`` to an N-D shape with a layout: element ``idx`` is
    its row-major index."""
    res = op.results[0]
    out = d.laid_out(op)
    rt = res.type
    assert isinstance(rt, VectorType)
    coefs = tuple(prod(out.shape[k + 1:]) for k in range(len(out.shape)))
    out.blocks = [index_block(d, op, o, out.block, coefs, rt)
                  for o in d.origins(out.shape, out.layout, op.loc, out.block)]
    d.tiles[res] = out


def scalar_broadcast(d: Distributor, op: Operation) -> None:
    """A scalar broadcast to a workgroup tile: each block the scalar broadcast."""
    res = op.results[0]
    out = d.laid_out(op)
    rt = res.type
    assert isinstance(rt, VectorType)
    v = d.emit("vector.broadcast", [op.operands[0]], VectorType(out.block, rt.element), {}, op.loc, res.name)
    assert v is not None
    out.blocks = [v] * len(out.blocks)
    d.tiles[res] = out


@handles("vector.constant_mask", "vector.create_mask")
def _mask(d: Distributor, op: Operation) -> None:
    """Element ``idx`` is set when ``idx[k] < bound[k]`` in every dimension: per block, the index
    along each dimension (as :func:`index_block` makes it) compared with the bound, and-ed."""
    res = op.results[0]
    lay = d.result_layout(op)
    if lay is None:
        raise error(op.loc, f"{op.name}: the result has no workgroup layout (layout_result_0)")
    rt = res.type
    assert isinstance(rt, VectorType)
    shape = tuple(rt.shape)
    if op.name == "vector.constant_mask":
        sizes = as_int_list(op.attributes.get("mask_dim_sizes"))
        if sizes is None or len(sizes) != len(shape):
            raise error(op.loc, "vector.constant_mask: expected one mask_dim_sizes entry per dimension")
        bounds: list[Value | int] = list(sizes)
    else:
        if len(op.operands) != len(shape):
            raise error(op.loc, "vector.create_mask: expected one bound operand per dimension")
        bounds = list(op.operands)
    out = d.template(op, res, lay)
    it = VectorType(out.block, IndexType())
    bt = VectorType(out.block, rt.element)
    blocks = []
    for origin in d.origins(shape, lay, op.loc, out.block):
        acc: Value | None = None
        for k, bound in enumerate(bounds):
            if isinstance(bound, int) and bound >= shape[k]:
                continue  # every index along k is below it
            unit = tuple(1 if j == k else 0 for j in range(len(shape)))
            idx = index_block(d, op, origin, out.block, unit, it)
            b = d.const(bound, op.loc) if isinstance(bound, int) else bound
            if not isinstance(b.type, IndexType):
                b = d.emit("arith.index_cast", [b], IndexType(), {}, op.loc, "bound")
            splat = d.emit("vector.broadcast", [b], it, {}, op.loc, "bound")
            below = d.emit("arith.cmpi", [idx, splat], bt, {"predicate": IntegerAttr(6, IntegerType(64))},
                           op.loc, res.name)
            acc = below if acc is None else d.emit("arith.andi", [acc, below], bt, {}, op.loc, res.name)
        if acc is None:
            acc = d.emit("arith.constant", [], bt, {"value": DenseElementsAttr(bt, (True,), True)}, op.loc,
                         res.name, d.prologue)
        assert acc is not None
        blocks.append(acc)
    out.blocks = blocks
    d.tiles[res] = out


@handles("xegpu.load_matrix", "xegpu.store_matrix")
def _matrix(d: Distributor, op: Operation) -> None:
    """A tile of a matrix descriptor (SLM): one access per block, at the kernel's offsets plus the
    block's origin."""
    from genx_emit.wg.access import _mixed, _right_add

    store = op.name == "xegpu.store_matrix"
    data = op.operands[0] if store else op.results[0]
    lay = d.result_layout(op)
    if lay is None and store and isinstance(d.tiles.get(data), Tiled):
        lay = d.tiles[data].layout  # type: ignore[union-attr]
    if lay is None:
        raise error(op.loc, f"{op.name}: the tile has no workgroup layout (layout = ...)")
    like = d.template(op, data, lay)
    first = 2 if store else 1
    base = _mixed(d, op.attributes.get("const_offsets"), op.operands[first:], op.loc)
    t = data.type
    assert isinstance(t, VectorType)
    desc = op.operands[1 if store else 0]
    row = len(t.shape) == 1 and _as_row(desc)  # a 1-D matrix: accessed as 1xN, each block a row
    bt = VectorType(like.block, t.element)
    at = VectorType((1, *like.block), t.element) if row else bt
    values = _as(d, op, data, like).blocks if store else None
    out = Tiled(like.shape, t.element, lay, [], like.block)
    attrs = kept_attrs(op, ("const_offsets",))
    for i, origin in enumerate(d.origins(like.shape, lay, op.loc, like.block)):
        offs = _right_add(d, base, origin, op.loc)
        if row:
            offs = [d.const(0, op.loc), *offs]
        a = dict(attrs)
        a["const_offsets"] = DenseArrayAttr(IntegerType(64), tuple([INT64_MIN] * len(offs)))
        if store:
            assert values is not None
            part = values[i]
            if row:
                part = d.emit("vector.shape_cast", [part], at, {}, op.loc, data.name)  # type: ignore[assignment]
            d.emit(op.name, [part, desc, *offs], None, a, op.loc)
        else:
            v = d.emit(op.name, [desc, *offs], at, a, op.loc, data.name)
            if row:
                v = d.emit("vector.shape_cast", [v], bt, {}, op.loc, data.name)  # type: ignore[list-item]
            assert v is not None
            out.blocks.append(v)
    if not store:
        d.tiles[data] = out


def _as_row(desc: Value) -> bool:
    """Whether ``desc``, accessed by 1-D tiles, is a 1-D ``!xegpu.mem_desc<NxT>`` (no layout
    parameters), which the subgroup-level matrix ops do not take: its type becomes ``1xNxT``, the
    same elements (a later access finds it so)."""
    t = desc.type
    if not isinstance(t, DialectType) or t.dialect != "xegpu" or t.name != "mem_desc":
        return False
    if re.fullmatch(r"1x\d+x\w+", t.body):
        return True  # already made a row by an earlier access
    if not re.fullmatch(r"\d+x\w+", t.body):
        return False
    desc.type = DialectType("xegpu", "mem_desc", "1x" + t.body)
    return True
