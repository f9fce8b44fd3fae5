"""Descriptors and block accesses at workgroup level: ``create_nd_tdesc``, ``load_nd``, ``store_nd``,
``prefetch_nd``, ``update_nd_offset``, each becoming one op per owned block at the subgroup's offsets."""

from __future__ import annotations

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.attrs import Attribute, DenseArrayAttr, DialectAttr, IntegerAttr, UnitAttr
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.types import IntegerType, TensorDescType, Type, VectorType, element_bits
from genx_emit.targets import TARGETS
from genx_emit.wg.distribute import Distributor, handles
from genx_emit.wg.layout import (
    check_distributable,
    inst_shape,
    sg_shape,
)
from genx_emit.wg.values import (
    INDEX,
    INT64_MIN,
    Tiled,
    TiledDesc,
    kept_attrs,
    layout_of_type,
    strip_layout,
)


@handles("xegpu.create_nd_tdesc")
def _create_nd(d: Distributor, op: Operation) -> None:
    t = op.results[0].type
    assert isinstance(t, TensorDescType)
    lay = layout_of_type(t, op.loc)
    if lay is None:
        d.out.append(op)
        return
    if lay.dims:
        raise error(op.loc, "xegpu.create_nd_tdesc: a tensor descriptor's layout cannot be a slice")
    check_distributable(t.shape, lay, op.loc, op.name, t.element)
    block = inst_shape(t.shape, lay)
    bt = strip_layout(t, block)
    groups = op.operand_groups([1, len(op.operands) - 1, 0, 0])
    offsets = groups[1] if len(groups) > 1 else []
    consts = op.attributes.get("const_offsets")
    has_offsets = isinstance(consts, DenseArrayAttr) and len(consts.values) > 0
    rest = [v for g in groups[2:] for v in g]
    if not has_offsets:
        d.tiles[op.results[0]] = TiledDesc(t, lay, [], positioned=False, create=op)
        return
    base = _mixed(d, consts, offsets, op.loc)
    descs = []
    for origin in d.origins(t.shape, lay, op.loc):
        offs = _right_add(d, base, origin, op.loc)
        attrs = kept_attrs(op, ("const_offsets", "operandSegmentSizes"))
        attrs["const_offsets"] = DenseArrayAttr(IntegerType(64), tuple([INT64_MIN] * len(offs)))
        sizes = [1, len(offs)] + [len(g) for g in groups[2:]]
        attrs["operandSegmentSizes"] = DenseArrayAttr(IntegerType(32), tuple(sizes))
        desc = d.emit(op.name, [groups[0][0], *offs, *rest], bt, attrs, op.loc, op.results[0].name)
        assert desc is not None
        descs.append(desc)
    d.tiles[op.results[0]] = TiledDesc(t, lay, descs, positioned=True)


def _mixed(d: Distributor, consts: Attribute | None, dynamic: list[Value], loc: Location) -> list[Value]:
    """Static and dynamic offsets as index values."""
    vals = [int(x) for x in consts.values] if isinstance(consts, DenseArrayAttr) else []
    it = iter(dynamic)
    return [next(it) if x == INT64_MIN else d.const(x, loc) for x in vals]


def _right_add(d: Distributor, base: list[Value], origin: list[Value], loc: Location) -> list[Value]:
    out = list(base)
    for i, o in enumerate(origin):
        j = len(base) - len(origin) + i
        if j < 0:
            raise error(loc, "the kernel gives fewer offsets than the tile has dimensions")
        out[j] = d.emit("arith.addi", [out[j], o], INDEX, {}, loc, "off")
    return out


def _desc(d: Distributor, op: Operation, v: Value) -> TiledDesc:
    t = d.tiles.get(v)
    if not isinstance(t, TiledDesc):
        raise error(op.loc, f"{op.name}: '{v.name}' is not a workgroup-level tensor descriptor")
    return t


def _access_offsets(d: Distributor, op: Operation, td: TiledDesc, dynamic: list[Value],
                    block: tuple[int, ...] | None = None) -> list[list[Value]] | None:
    """Per block, the access's offsets (the kernel's plus the block's origin); None when the access
    has none (the descriptors are positioned)."""
    consts = op.attributes.get("const_offsets")
    if not (isinstance(consts, DenseArrayAttr) and consts.values):
        if not td.positioned:
            raise error(op.loc,
                f"{op.name}: a workgroup descriptor created without offsets needs offsets here")
        return None
    if td.positioned:
        raise error(op.loc, f"{op.name}: offsets on both the descriptor and the access")
    base = _mixed(d, consts, dynamic, op.loc)
    return [_right_add(d, base, origin, op.loc) for origin in d.origins(td.shape, td.layout, op.loc, block)]


def _block_desc(d: Distributor, td: TiledDesc, block: tuple[int, ...],
                t: TensorDescType | None = None) -> Value:
    """A descriptor of ``block``'s shape (or of type ``t``) over the same surface (made where it is
    used)."""
    op = td.create
    assert op is not None
    wt = op.results[0].type
    assert isinstance(wt, TensorDescType)
    desc = d.emit(op.name, list(op.operands), t or strip_layout(wt, block), dict(op.attributes), op.loc,
                  op.results[0].name)
    assert desc is not None
    return desc


def _access(d: Distributor, op: Operation, td: TiledDesc, offs: list[list[Value]] | None, i: int,
            head: list[Value], result: Type | None, block: tuple[int, ...],
            extra: dict[str, Attribute] | None = None,
            desc_type: TensorDescType | None = None) -> Value | None:
    if len(td.shape) > 2:
        return _plane_access(d, op, td, offs, i, head, result, block, extra)
    desc = td.descs[i] if td.positioned else _block_desc(d, td, block, desc_type)
    attrs = kept_attrs(op, ("const_offsets",))
    attrs.update(extra or {})
    operands = [*head, desc]
    if offs is not None:
        operands += offs[i]
        attrs["const_offsets"] = DenseArrayAttr(IntegerType(64), tuple([INT64_MIN] * len(offs[i])))
    base = op.results[0].name if op.results else "st"
    return d.emit(op.name, operands, result, attrs, op.loc, base)


@handles("xegpu.load_nd")
def _load_nd(d: Distributor, op: Operation) -> None:
    td = _desc(d, op, op.operands[0])
    if any(k in op.attributes for k in ("transpose", "transpose_bit_width", "packed")):
        raise error(op.loc, "xegpu.load_nd: packed/transpose on a workgroup-level load is not supported")
    res = op.results[0]
    rt = res.type
    assert isinstance(rt, VectorType)
    if tuple(rt.shape) != td.shape:
        raise error(op.loc, f"xegpu.load_nd: the result {rt} must have the workgroup tile's shape")
    lay = d.result_layout(op) or td.layout
    block = plane_block(d.block_for(res, td.shape, td.layout, rt.element))
    _check_block(op, td, block)
    offs = _access_offsets(d, op, td, op.operands[1:], block)
    bt = VectorType(block, rt.element)
    extra: dict[str, Attribute] = {}
    vnni = _vnni_factor(rt.element)
    if vnni > 1 and len(block) == 2 and block[0] % vnni == 0 and _only_dpas_rhs(d, res):
        # B of a dpas: loaded VNNI-packed, so the block goes to the dpas as is (no repacking).
        bt = VectorType((block[0] // vnni, block[1], vnni), rt.element)
        extra["packed"] = UnitAttr()
    tiled = Tiled(td.shape, rt.element, lay, [], block)
    # merged only for direct dpas operands: a block carried by a loop would be copied out of the
    # message's registers into its own
    role = d.roles.get(res)
    merge = _merge(td, block, rt.element, bool(extra)) \
        if offs is not None and role in ("a", "b") and _only_dpas(d, res, (0, 1), carried=False) else None
    if merge is not None:
        assert offs is not None
        tiled.blocks = _merged_loads(d, op, td, offs, block, bt, merge, extra)
    else:
        for i in range(len(offs) if offs is not None else len(td.descs)):
            v = _access(d, op, td, offs, i, [], bt, block, extra)
            assert v is not None
            tiled.blocks.append(v)
    d.tiles[res] = tiled


def plane_block(block: tuple[int, ...]) -> tuple[int, ...]:
    """A block of an N-D (N > 2) descriptor's tile cut to one plane: 1 along the leading
    dimensions (each block is then one 2-D message)."""
    return (1,) * (len(block) - 2) + block[-2:] if len(block) > 2 else block


def _plane_access(d: Distributor, op: Operation, td: TiledDesc, offs: list[list[Value]] | None, i: int,
                  head: list[Value], result: Type | None, block: tuple[int, ...],
                  extra: dict[str, Attribute] | None) -> Value | None:
    """A block of an N-D descriptor (upstream's 3-D ``tensor_desc``): a 2-D descriptor of the
    block's plane created at the block's N offsets (the leading ones pick the plane, the memref's
    strides place it), the access without offsets, the block reshaped to 2-D and back."""
    if offs is None or td.create is None or any(b != 1 for b in block[:-2]):
        raise error(op.loc, f"{op.name}: an N-D workgroup descriptor needs its offsets on the access and "
                            "blocks of one plane (inst_data 1 along the leading dimensions)")
    create = td.create
    wt = create.results[0].type
    assert isinstance(wt, TensorDescType)
    plane = block[-2:]
    attrs = {k: a for k, a in kept_attrs(create, ("const_offsets", "operandSegmentSizes")).items()}
    attrs["const_offsets"] = DenseArrayAttr(IntegerType(64), tuple([INT64_MIN] * len(offs[i])))
    attrs["operandSegmentSizes"] = DenseArrayAttr(IntegerType(32), (1, len(offs[i]), 0, 0))
    desc = d.emit(create.name, [create.operands[0], *offs[i]], strip_layout(wt, plane), attrs, op.loc,
                  create.results[0].name)
    assert desc is not None
    flat = []
    for v in head:
        vt = v.type
        assert isinstance(vt, VectorType)
        w = d.emit("vector.shape_cast", [v], VectorType(plane, vt.element), {}, op.loc, "st")
        assert w is not None
        flat.append(w)
    a = kept_attrs(op, ("const_offsets",))
    a.update(extra or {})
    base = op.results[0].name if op.results else "st"
    rt = VectorType(plane, result.element) if isinstance(result, VectorType) else result
    v = d.emit(op.name, [*flat, desc], rt, a, op.loc, base)
    if isinstance(result, VectorType):
        v = d.emit("vector.shape_cast", [v], result, {}, op.loc, base)  # type: ignore[list-item]
    return v


# -- merged messages ---------------------------------------------------------------------------
# inst_data says what one instruction computes, not how a block is fetched: neighbouring blocks
# of one subgroup's piece are loaded (or prefetched) by one 2-D message as large as every 2D
# target takes (taller, and side by side as array_length blocks), and each block is then a
# contiguous, GRF-aligned slice of it that dpas reads in place. Fewer messages, fewer headers.
_GRF_ALIGN = max(t.grf_bytes for t in TARGETS.values())


def _merge(td: TiledDesc, block: tuple[int, ...], element: Type, packed: bool) -> tuple[int, int] | None:
    """(rows, arrays): blocks down and across one message takes (the most blocks), or None to keep
    one message per block. Merging along K too measured best: fewer headers live across a loop."""
    if len(block) != 2 or any(isinstance(p, DialectAttr) and p.name in ("block_tdesc_attr", "tdesc_attr")
                              and any(k != "boundary_check" for k, _ in p.named) for p in td.wg.params):
        return None  # an array_length (or memory space) of the kernel's own: blocks stay apart
    try:
        eb = element_bits(element) // 8
    except TypeError:
        return None
    h, w = block
    rows_in, cols_in = (p // b for p, b in zip(sg_shape(td.shape, td.layout), block, strict=True))
    if w & (w - 1) or (h * w * eb) % _GRF_ALIGN:
        return None  # the blocks must lie whole and GRF-aligned in the message's payload
    best = None
    for a in (n for n in range(1, cols_in + 1) if cols_in % n == 0):
        for r in (n for n in range(1, rows_in + 1) if rows_in % n == 0):
            if all(_legal(t.block2d, h * r, w, a, eb, packed, t.grf_bytes) for t in TARGETS.values()
                   if t.block2d is not None) and (best is None or a * r > best[0] * best[1]):
                best = (r, a)
    return best if best is not None and best != (1, 1) else None


def _legal(lim, height: int, width: int, blocks: int, eb: int, packed: bool, grf: int) -> bool:  # noqa: ANN001
    """One 2D block load of ``blocks`` x (``height`` x ``width``) ``eb``-byte elements."""
    size = height * width * blocks * eb
    return (height <= lim.max_height and width * eb >= lim.min_row_bytes
            and width * blocks * eb <= lim.max_row_bytes and size <= lim.max_load_bytes
            and -(-size // grf) <= lim.max_payload_grfs and blocks in lim.load_blocks
            and (eb != 4 or blocks <= lim.max_blocks_u32) and (eb != 8 or blocks <= lim.max_blocks_u64)
            and (not packed or (eb in lim.vnni_elem_bytes and width <= lim.vnni_max_width)))


def _merged_type(td: TiledDesc, shape: tuple[int, int], arrays: int) -> TensorDescType:
    t = strip_layout(td.wg, shape)
    if arrays == 1:
        return t
    # the kernel's block_tdesc_attr (boundary_check only, see _merge) gains the array_length
    own = [p for p in t.params if isinstance(p, DialectAttr) and p.name == "block_tdesc_attr"]
    rest = tuple(p for p in t.params if not any(p is o for o in own))
    named = (("array_length", IntegerAttr(arrays)), *(kv for o in own for kv in o.named))
    raw = ", ".join(f"{k} = {v}" for k, v in named)
    attr = DialectAttr("xegpu", "block_tdesc_attr", (), named, raw)
    return TensorDescType(t.shape, t.element, (*rest, attr))


def _groups(td: TiledDesc, block: tuple[int, ...], merge: tuple[int, int],
            total: int) -> list[list[list[int]]]:
    """Per message, per array block, the indices of the blocks it holds top to bottom (into the
    row-major list of every piece's ``total`` blocks)."""
    rows, arrays = merge
    rows_in, cols_in = (p // b for p, b in zip(sg_shape(td.shape, td.layout), block, strict=True))
    out = []
    for base in range(0, total, rows_in * cols_in):
        for r0 in range(0, rows_in, rows):
            for c0 in range(0, cols_in, arrays):
                out.append([[base + (r0 + i) * cols_in + c0 + j for i in range(rows)] for j in range(arrays)])
    return out


def _merged_loads(d: Distributor, op: Operation, td: TiledDesc, offs: list[list[Value]],
                  block: tuple[int, ...], bt: VectorType, merge: tuple[int, int],
                  extra: dict[str, Attribute]) -> list[Value]:
    """The blocks of a load made by merged messages: each message's result cut into its blocks
    (a shape_cast to a list of blocks, then one ``vector.extract`` per block)."""
    rows, arrays = merge
    shape = (block[0] * rows, block[1])
    mt = _merged_type(td, shape, arrays)
    inner = (bt.shape[0] * rows, *bt.shape[1:])
    result = VectorType(((arrays,) if arrays > 1 else ()) + inner, bt.element)
    listed = VectorType((arrays * rows, *bt.shape), bt.element)
    blocks: list[Value | None] = [None] * len(offs)
    for group in _groups(td, block, merge, len(offs)):
        whole = _access(d, op, td, offs, group[0][0], [], result, shape, extra, mt)
        assert whole is not None
        cut = d.emit("vector.shape_cast", [whole], listed, {}, op.loc, op.results[0].name)
        assert cut is not None
        for k, i in enumerate(i for col in group for i in col):
            blocks[i] = d.emit("vector.extract", [cut], bt, {"static_position": DenseArrayAttr(
                IntegerType(64), (k,))}, op.loc, op.results[0].name)
    assert all(b is not None for b in blocks)
    return [b for b in blocks if b is not None]


def _vnni_factor(t: Type) -> int:
    try:
        return max(1, 32 // element_bits(t))
    except TypeError:
        return 1


def _only_dpas_rhs(d: Distributor, v: Value) -> bool:
    return _only_dpas(d, v, (1,))


def _only_dpas(d: Distributor, v: Value, operands: tuple[int, ...], carried: bool = True) -> bool:
    """Every use is a dpas operand of the given positions (1: B), directly or (``carried``) through
    loop carries whose every use is."""
    if not d.uses.get(v):
        return False
    seen: set[int] = set()
    todo = [v]
    while todo:
        v = todo.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        for u, i in d.uses.get(v, []):  # an unused carry or loop result is no obstacle
            if u.name == "xegpu.dpas" and i in operands:
                continue
            if not carried:
                return False
            if u.name == "scf.for" and i >= 3:  # an init: the iter_arg and the loop's result
                todo += [u.regions[0].blocks[0].arguments[i - 2], u.results[i - 3]]
            elif u.name == "scf.yield" and d.yield_owner.get(u) is not None:  # back into the carry
                loop = d.yield_owner[u]
                todo += [loop.regions[0].blocks[0].arguments[i + 1], loop.results[i]]
            else:
                return False
    return True


def _check_block(op: Operation, td: TiledDesc, block: tuple[int, ...]) -> None:
    """A descriptor created with offsets has one descriptor per inst_data block."""
    if td.positioned and block != inst_shape(td.shape, td.layout):
        raise error(op.loc, f"{op.name}: the value is held in {'x'.join(map(str, block))} blocks but its "
                            "descriptor was created with offsets in other blocks: give inst_data, or the "
                            "offsets on the access")


@handles("xegpu.store_nd")
def _store_nd(d: Distributor, op: Operation) -> None:
    td = _desc(d, op, op.operands[1])
    val = d.tiled(op.operands[0], op.loc)
    if not (val.shape == td.shape and val.layout.same_distribution(td.layout)):
        raise error(op.loc,
            f"xegpu.store_nd: the stored value is distributed as {val.layout} but the descriptor "
            f"as {td.layout}: convert its layout first")
    if plane_block(val.block) != val.block:
        from genx_emit.wg.scatter import _as

        val = _as(d, op, op.operands[0], d.template(op, op.operands[0], val.layout, plane_block(val.block)))
    _check_block(op, td, val.block)
    offs = _access_offsets(d, op, td, op.operands[2:], val.block)
    for i, blk in enumerate(val.blocks):
        _access(d, op, td, offs, i, [blk], None, val.block)


@handles("xegpu.prefetch_nd")
def _prefetch_nd(d: Distributor, op: Operation) -> None:
    td = _desc(d, op, op.operands[0])
    block = plane_block(inst_shape(td.shape, td.layout))
    offs = _access_offsets(d, op, td, op.operands[1:], block)
    merge = _merge(td, block, td.wg.element, False) if offs is not None else None
    if merge is not None:
        assert offs is not None
        shape = (block[0] * merge[0], block[1])
        for group in _groups(td, block, merge, len(offs)):
            _access(d, op, td, offs, group[0][0], [], None, shape, None, _merged_type(td, shape, merge[1]))
        return
    for i in range(len(offs) if offs is not None else len(td.descs)):
        _access(d, op, td, offs, i, [], None, block)


@handles("xegpu.update_nd_offset")
def _update_nd_offset(d: Distributor, op: Operation) -> None:
    td = _desc(d, op, op.operands[0])
    if not td.positioned:
        raise error(op.loc, "xegpu.update_nd_offset of a descriptor created without offsets")
    descs = []
    for desc in td.descs:
        v = d.emit(op.name, [desc, *op.operands[1:]], desc.type, kept_attrs(op), op.loc, op.results[0].name)
        assert v is not None
        descs.append(v)
    d.tiles[op.results[0]] = TiledDesc(td.wg, td.layout, descs, True)
