"""Workgroup-level XeGPU kernels distributed to subgroups and blocked to instructions.

A workgroup-level kernel computes on workgroup-sized tiles whose ``#xegpu.layout<sg_layout,
sg_data, inst_data>`` (on tensor descriptors, and as ``layout_result_N`` on results) says how the
tile is shared among the workgroup's subgroups. genx-emit's threads are subgroups, so this pass
rewrites such a function, on the generic IR and before the op model is built (as the SIMT pass
does), into what one subgroup executes:

- every workgroup value becomes the list of the subgroup's *blocks*: for each piece it owns
  (:mod:`genx_emit.wg.layout`), the piece cut into ``inst_data`` blocks;
- descriptors and accesses get the subgroup's offsets, computed once at entry from
  ``gpu.subgroup_id`` (the linear thread index in the work-group) and added to the offsets the
  kernel gives;
- ``dpas`` becomes the grid of block dpas, accumulating along K block by block;
- elementwise ops apply block by block; ``scf.for`` carries each block as its own value.

What is not distributed is a located error naming the op.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.attrs import (
    Attribute,
    DenseArrayAttr,
    DenseElementsAttr,
    IntegerAttr,
    UnitAttr,
)
from genx_emit.mlir.ir import Block, Operation, SourceModule, Value
from genx_emit.mlir.types import (
    IndexType,
    IntegerType,
    MemRefType,
    TensorDescType,
    Type,
    VectorType,
    element_bits,
)
from genx_emit.wg.layout import (
    WgLayout,
    block_offsets,
    check_distributable,
    inst_shape,
    is_wg_layout,
    parse_wg_layout,
    piece_offsets,
    prod,
    sg_shape,
    sliced,
    strides,
    units,
)

INT64_MIN = -(2**63)  # the dynamic marker of const_offsets
INDEX = IndexType()

_ELEMENTWISE = {
    *(f"arith.{n}" for n in (
        "addi", "subi", "muli", "divui", "divsi", "remui", "remsi", "andi", "ori", "xori", "maxsi", "minsi",
        "maxui", "minui", "shli", "shrsi", "shrui", "addf", "subf", "mulf", "divf", "maximumf", "minimumf",
        "maxnumf", "minnumf", "negf", "extsi", "extui", "trunci", "extf", "truncf", "sitofp", "uitofp",
        "fptosi", "fptoui", "bitcast", "cmpi", "cmpf", "select")),
    *(f"math.{n}" for n in ("exp", "exp2", "log", "log2", "sqrt", "rsqrt", "ceil", "floor", "absf", "fma")),
}


@dataclass
class Tiled:
    """A workgroup vector as one subgroup holds it: ``blocks`` for each owned piece, in order."""

    shape: tuple[int, ...]
    element: Type
    layout: WgLayout
    blocks: list[Value]

    @property
    def block(self) -> tuple[int, ...]:
        return inst_shape(self.shape, self.layout)

    def same_tiling(self, other: Tiled) -> bool:
        return (self.shape == other.shape and self.layout.same_distribution(other.layout)
                and self.block == other.block)


@dataclass
class Splat:
    """A splat constant of workgroup shape, made per block where it is used."""

    op: Operation
    made: dict[tuple[int, ...], Value] = field(default_factory=dict)


@dataclass
class TiledDesc:
    """A workgroup descriptor: ``descs`` one per block when created with offsets (the block's
    position is in the descriptor), else one shared descriptor (positions go on the accesses)."""

    wg: TensorDescType
    layout: WgLayout
    descs: list[Value]
    positioned: bool

    @property
    def shape(self) -> tuple[int, ...]:
        return self.wg.shape


def distribute_workgroups(src: SourceModule) -> None:
    """Rewrite every workgroup-level kernel of ``src`` in place into its subgroup form."""
    for func in src.device_functions():
        if func.regions and func.regions[0].blocks and _is_workgroup_level(func):
            _Distributor(func).run()


def _all_ops(op: Operation):
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                yield inner
                yield from _all_ops(inner)


def _is_workgroup_level(func: Operation) -> bool:
    for op in _all_ops(func):
        if any(is_wg_layout(a) for a in op.attributes.values()):
            return True
        for v in (*op.results, *op.operands):
            if isinstance(v.type, TensorDescType) and any(is_wg_layout(p) for p in v.type.params):
                return True
    return False


def _layout_of_type(t: TensorDescType, loc: Location) -> WgLayout | None:
    found = [p for p in t.params if is_wg_layout(p)]
    return parse_wg_layout(found[0], loc) if found else None


def _strip_layout(t: TensorDescType, shape: tuple[int, ...]) -> TensorDescType:
    from genx_emit.mlir.attrs import DialectAttr

    params = tuple(p for p in t.params if not (isinstance(p, DialectAttr) and p.name in ("layout", "slice")))
    return TensorDescType(shape, t.element, params)


def _is_layout_key(key: str) -> bool:
    return key in ("layout", "layout_a", "layout_b", "layout_cd", "layout_c") or key.startswith("layout_")


class _Distributor:
    def __init__(self, func: Operation):
        self.func = func
        self.tiles: dict[Value, Tiled | Splat | TiledDesc] = {}
        self.prologue: list[Operation] = []
        self.out: list[Operation] = []
        self.coords: dict[tuple, Value] = {}
        self.sg_id: Value | None = None
        self.count = 0
        self.splats: dict[Value, Splat] = {}
        self.uses: dict[Value, list[tuple[Operation, int]]] = {}
        for op in _all_ops(func):
            for i, v in enumerate(op.operands):
                self.uses.setdefault(v, []).append((op, i))

    # -- driver -----------------------------------------------------------------------------------
    def run(self) -> None:
        entry = self.func.regions[0].blocks[0]
        for block in self.func.regions[0].blocks:
            self._block(block)
        entry.operations[:0] = self.prologue

    def _block(self, block: Block) -> None:
        saved, self.out = self.out, []
        for op in block.operations:
            self._op(op)
        block.operations = self.out
        self.out = saved

    def _op(self, op: Operation) -> None:
        handler = _HANDLERS.get(op.name)
        involved = any(v in self.tiles for v in op.operands) or any(
            is_wg_layout(a) for k, a in op.attributes.items() if _is_layout_key(k)) or any(
            isinstance(r.type, TensorDescType) and _layout_of_type(r.type, op.loc) for r in op.results)
        if op.name == "arith.constant" and not involved and _is_splat_vector(op):
            self.splats[op.results[0]] = Splat(op)  # distributed as its workgroup-level uses need
        if op.name == "arith.constant" and involved:
            handler = _constant
        elif op.name in _ELEMENTWISE and involved:
            handler = _elementwise
        elif op.name == "scf.if" and op.attributes.get("sg_id_range") is not None:
            raise error(op.loc, "scf.if: sg_id_range (work for a range of subgroups) is not supported")
        if handler is not None and (involved or op.name == "scf.for"):
            handler(self, op)
            return
        if involved:
            raise error(op.loc, f"{op.name} on workgroup-level values is not supported (distributed: "
                                "create_nd_tdesc, load_nd, store_nd, prefetch_nd, update_nd_offset, dpas, "
                                "elementwise arith/math, splat constants, scf.for)")
        for region in op.regions:
            for block in region.blocks:
                self._block(block)
        self.out.append(op)

    # -- small IR builders ------------------------------------------------------------------------
    def value(self, base: str, t: Type, loc: Location) -> Value:
        self.count += 1
        stem = base.lstrip("%").replace("#", "_") or "wg"
        return Value(f"%{stem}_wg{self.count}", t, loc)

    def emit(self, name: str, operands: list[Value], result: Type | None, attrs: dict, loc: Location,
             base: str = "wg", into: list[Operation] | None = None) -> Value | None:
        res = [self.value(base, result, loc)] if result is not None else []
        (self.out if into is None else into).append(Operation(name, operands, res, attrs, [], loc))
        return res[0] if res else None

    def const(self, n: int, loc: Location, into: list[Operation] | None = None) -> Value:
        return self.emit("arith.constant", [], INDEX, {"value": IntegerAttr(n, INDEX)}, loc, f"c{n}", into)

    def binary(self, name: str, a: Value, n: int, loc: Location, into: list[Operation] | None = None) -> Value:
        return self.emit(f"arith.{name}", [a, self.const(n, loc, into)], INDEX, {}, loc, "off", into)

    # -- subgroup coordinates ---------------------------------------------------------------------
    def coord(self, lay: WgLayout, dim: int, loc: Location) -> Value:
        """Coordinate ``dim`` of this subgroup over ``lay.sg_layout`` (computed once, at entry)."""
        key = (lay.sg_layout, lay.order_or_default(), dim)
        if key not in self.coords:
            if self.sg_id is None:
                self.sg_id = self.emit("gpu.subgroup_id", [], INDEX, {}, loc, "sg_id", self.prologue)
            assert self.sg_id is not None
            v = self.sg_id
            stride = strides(lay.sg_layout, lay.order_or_default())[dim]
            if stride > 1:
                v = self.binary("divui", v, stride, loc, self.prologue)
            v = self.binary("remui", v, lay.sg_layout[dim], loc, self.prologue)
            self.coords[key] = v
        return self.coords[key]

    def piece_origins(self, shape: tuple[int, ...], lay: WgLayout, loc: Location) -> list[list[Value | int]]:
        """Per owned piece, its origin per dimension: ``(unit + coord * sg_data) % shape``; the modulo
        only where ``sg_layout * sg_data`` exceeds the tile (replicated pieces)."""
        layout, _ = sliced(lay)
        piece = sg_shape(shape, lay)
        kept = lay.kept()
        out = []
        for origin in units(shape, lay):
            dims: list[Value | int] = []
            for d, (u, g, s, n) in enumerate(zip(origin, layout, piece, shape, strict=True)):
                if g == 1:
                    dims.append(u % n)
                    continue
                v = self.coord(lay, kept[d], loc)
                if s > 1:
                    v = self.binary("muli", v, s, loc)
                if u:
                    v = self.binary("addi", v, u, loc)
                if g * s > n:  # replicated pieces wrap around the tile
                    v = self.binary("remui", v, n, loc)
                dims.append(v)
            out.append(dims)
        return out

    def add_offsets(self, base: list[Value], extra: list[Value | int], block: tuple[int, ...],
                    loc: Location) -> list[Value]:
        """``base`` (the kernel's offsets, any rank) + piece origin + block origin, right-aligned."""
        rank = len(extra)
        out = list(base)
        for i in range(rank):
            j = len(base) - rank + i
            term = extra[i]
            if isinstance(term, int):
                term += block[i]
                if term == 0:
                    continue
                out[j] = self.emit("arith.addi", [out[j], self.const(term, loc)], INDEX, {}, loc, "off")
                continue
            if block[i]:
                term = self.binary("addi", term, block[i], loc)
            out[j] = self.emit("arith.addi", [out[j], term], INDEX, {}, loc, "off")
        return out

    def origins(self, shape: tuple[int, ...], lay: WgLayout, loc: Location) -> list[list[Value]]:
        """Every block's origin within the tile, as index values (pieces x blocks)."""
        zero = None
        out = []
        for piece in self.piece_origins(shape, lay, loc):
            for blk in block_offsets(shape, lay):
                if zero is None:
                    zero = self.const(0, loc)
                out.append(self.add_offsets([zero] * len(shape), piece, blk, loc))
        return out

    # -- value lookup -----------------------------------------------------------------------------
    def tiled(self, v: Value, loc: Location, like: Tiled | None = None) -> Tiled:
        t = self.tiles.get(v) or self.splats.get(v)
        if isinstance(t, Splat):
            if like is None:
                raise error(loc, f"the splat constant '{v.name}' has no layout to be distributed by")
            return self.splat_as(t, v, like, loc)
        if not isinstance(t, Tiled):
            raise error(loc, f"'{v.name}' is not a workgroup-level vector with a layout")
        return t

    def splat_as(self, s: Splat, v: Value, like: Tiled, loc: Location) -> Tiled:
        block = like.block
        if block not in s.made:
            vt = v.type
            assert isinstance(vt, VectorType)
            attr = s.op.attributes["value"]
            assert isinstance(attr, DenseElementsAttr)
            bt = VectorType(block, vt.element)
            s.made[block] = self.emit("arith.constant", [], bt, {"value": DenseElementsAttr(bt, attr.values, True)},
                                      s.op.loc, v.name, self.prologue)
        return Tiled(like.shape, like.element, like.layout, [s.made[block]] * len(like.blocks))

    def result_layout(self, op: Operation, index: int = 0) -> WgLayout | None:
        for key in (f"layout_result_{index}", "layout"):
            a = op.attributes.get(key)
            if a is not None and is_wg_layout(a):
                return parse_wg_layout(a, op.loc)
        return None

    def new_tiled(self, op: Operation, shape: tuple[int, ...], element: Type, lay: WgLayout) -> Tiled:
        check_distributable(shape, lay, op.loc, op.name)
        return Tiled(shape, element, lay, [])


# -- handlers ---------------------------------------------------------------------------------
def _is_splat_vector(op: Operation) -> bool:
    attr = op.attributes.get("value")
    return bool(op.results) and isinstance(op.results[0].type, VectorType) and isinstance(
        attr, DenseElementsAttr) and attr.splat


def _kept_attrs(op: Operation, drop: tuple[str, ...] = ()) -> dict[str, Attribute]:
    return {k: a for k, a in op.attributes.items() if not _is_layout_key(k) and k not in drop}


def _create_nd(d: _Distributor, op: Operation) -> None:
    t = op.results[0].type
    assert isinstance(t, TensorDescType)
    lay = _layout_of_type(t, op.loc)
    if lay is None:
        d.out.append(op)
        return
    if lay.dims:
        raise error(op.loc, "xegpu.create_nd_tdesc: a tensor descriptor's layout cannot be a slice")
    check_distributable(t.shape, lay, op.loc, op.name)
    block = inst_shape(t.shape, lay)
    bt = _strip_layout(t, block)
    groups = op.operand_groups([1, len(op.operands) - 1, 0, 0])
    offsets = groups[1] if len(groups) > 1 else []
    consts = op.attributes.get("const_offsets")
    has_offsets = isinstance(consts, DenseArrayAttr) and len(consts.values) > 0
    rest = [v for g in groups[2:] for v in g]
    if not has_offsets:
        desc = d.emit(op.name, list(op.operands), bt, dict(op.attributes), op.loc, op.results[0].name)
        assert desc is not None
        d.tiles[op.results[0]] = TiledDesc(t, lay, [desc], positioned=False)
        return
    base = _mixed(d, consts, offsets, op.loc)
    descs = []
    for origin in d.origins(t.shape, lay, op.loc):
        offs = _right_add(d, base, origin, op.loc)
        attrs = _kept_attrs(op, ("const_offsets", "operandSegmentSizes"))
        attrs["const_offsets"] = DenseArrayAttr(IntegerType(64), tuple([INT64_MIN] * len(offs)))
        sizes = [1, len(offs)] + [len(g) for g in groups[2:]]
        attrs["operandSegmentSizes"] = DenseArrayAttr(IntegerType(32), tuple(sizes))
        for k in ("const_shape", "const_strides"):
            if k in op.attributes:
                attrs[k] = op.attributes[k]
        desc = d.emit(op.name, [groups[0][0], *offs, *rest], bt, attrs, op.loc, op.results[0].name)
        assert desc is not None
        descs.append(desc)
    d.tiles[op.results[0]] = TiledDesc(t, lay, descs, positioned=True)


def _mixed(d: _Distributor, consts: Attribute | None, dynamic: list[Value], loc: Location) -> list[Value]:
    """Static and dynamic offsets as index values."""
    vals = [int(x) for x in consts.values] if isinstance(consts, DenseArrayAttr) else []
    it = iter(dynamic)
    return [next(it) if x == INT64_MIN else d.const(x, loc) for x in vals]


def _right_add(d: _Distributor, base: list[Value], origin: list[Value], loc: Location) -> list[Value]:
    out = list(base)
    for i, o in enumerate(origin):
        j = len(base) - len(origin) + i
        if j < 0:
            raise error(loc, "the kernel gives fewer offsets than the tile has dimensions")
        out[j] = d.emit("arith.addi", [out[j], o], INDEX, {}, loc, "off")
    return out


def _desc(d: _Distributor, op: Operation, v: Value) -> TiledDesc:
    t = d.tiles.get(v)
    if not isinstance(t, TiledDesc):
        raise error(op.loc, f"{op.name}: '{v.name}' is not a workgroup-level tensor descriptor")
    return t


def _access_offsets(d: _Distributor, op: Operation, td: TiledDesc, dynamic: list[Value]) -> list[list[Value]] | None:
    """Per block, the access's offsets (the kernel's plus the block's origin); None when the access
    has none (the descriptors are positioned)."""
    consts = op.attributes.get("const_offsets")
    if not (isinstance(consts, DenseArrayAttr) and consts.values):
        if not td.positioned:
            raise error(op.loc, f"{op.name}: a workgroup descriptor created without offsets needs offsets here")
        return None
    if td.positioned:
        raise error(op.loc, f"{op.name}: offsets on both the descriptor and the access")
    base = _mixed(d, consts, dynamic, op.loc)
    return [_right_add(d, base, origin, op.loc) for origin in d.origins(td.shape, td.layout, op.loc)]


def _access(d: _Distributor, op: Operation, td: TiledDesc, offs: list[list[Value]] | None, i: int,
            head: list[Value], result: Type | None, extra: dict[str, Attribute] | None = None) -> Value | None:
    desc = td.descs[i if td.positioned else 0]
    attrs = _kept_attrs(op, ("const_offsets",))
    attrs.update(extra or {})
    operands = [*head, desc]
    if offs is not None:
        operands += offs[i]
        attrs["const_offsets"] = DenseArrayAttr(IntegerType(64), tuple([INT64_MIN] * len(offs[i])))
    base = op.results[0].name if op.results else "st"
    return d.emit(op.name, operands, result, attrs, op.loc, base)


def _block_count(td: TiledDesc) -> int:
    return len(units(td.shape, td.layout)) * len(block_offsets(td.shape, td.layout))


def _load_nd(d: _Distributor, op: Operation) -> None:
    td = _desc(d, op, op.operands[0])
    if any(k in op.attributes for k in ("transpose", "transpose_bit_width", "packed")):
        raise error(op.loc, "xegpu.load_nd: packed/transpose on a workgroup-level load is not supported")
    res = op.results[0]
    rt = res.type
    assert isinstance(rt, VectorType)
    if tuple(rt.shape) != td.shape:
        raise error(op.loc, f"xegpu.load_nd: the result {rt} must have the workgroup tile's shape")
    offs = _access_offsets(d, op, td, op.operands[1:])
    block = inst_shape(td.shape, td.layout)
    lay = d.result_layout(op) or td.layout
    bt = VectorType(block, rt.element)
    extra: dict[str, Attribute] = {}
    vnni = _vnni_factor(rt.element)
    if vnni > 1 and len(block) == 2 and block[0] % vnni == 0 and _only_dpas_rhs(d, res):
        # B of a dpas: loaded VNNI-packed, so the block goes to the dpas as is (no repacking).
        bt = VectorType((block[0] // vnni, block[1], vnni), rt.element)
        extra["packed"] = UnitAttr()
    tiled = Tiled(td.shape, rt.element, lay, [])
    for i in range(_block_count(td)):
        v = _access(d, op, td, offs, i, [], bt, extra)
        assert v is not None
        tiled.blocks.append(v)
    d.tiles[res] = tiled


def _vnni_factor(t: Type) -> int:
    try:
        return max(1, 32 // element_bits(t))
    except TypeError:
        return 1


def _only_dpas_rhs(d: _Distributor, v: Value) -> bool:
    uses = d.uses.get(v, [])
    return bool(uses) and all(u.name == "xegpu.dpas" and i == 1 for u, i in uses)


def _store_nd(d: _Distributor, op: Operation) -> None:
    td = _desc(d, op, op.operands[1])
    val = d.tiled(op.operands[0], op.loc)
    if not (val.shape == td.shape and val.layout.same_distribution(td.layout)
            and val.block == inst_shape(td.shape, td.layout)):
        raise error(op.loc, f"xegpu.store_nd: the stored value is distributed as {val.layout} but the descriptor "
                            f"as {td.layout}: convert its layout first")
    offs = _access_offsets(d, op, td, op.operands[2:])
    for i, blk in enumerate(val.blocks):
        _access(d, op, td, offs, i, [blk], None)


def _prefetch_nd(d: _Distributor, op: Operation) -> None:
    td = _desc(d, op, op.operands[0])
    offs = _access_offsets(d, op, td, op.operands[1:])
    for i in range(_block_count(td)):
        _access(d, op, td, offs, i, [], None)


def _update_nd_offset(d: _Distributor, op: Operation) -> None:
    td = _desc(d, op, op.operands[0])
    if not td.positioned:
        raise error(op.loc, "xegpu.update_nd_offset of a descriptor created without offsets")
    descs = []
    for desc in td.descs:
        v = d.emit(op.name, [desc, *op.operands[1:]], desc.type, _kept_attrs(op), op.loc, op.results[0].name)
        assert v is not None
        descs.append(v)
    d.tiles[op.results[0]] = TiledDesc(td.wg, td.layout, descs, True)


def _constant(d: _Distributor, op: Operation) -> None:
    res = op.results[0]
    attr = op.attributes.get("value")
    if not isinstance(res.type, VectorType) or not isinstance(attr, DenseElementsAttr) or not attr.splat:
        raise error(op.loc, "arith.constant: only splat vector constants can be distributed")
    s = Splat(op)
    lay = d.result_layout(op)
    d.tiles[res] = s
    if lay is not None:
        like = d.new_tiled(op, tuple(res.type.shape), res.type.element, lay)
        like.blocks = [res] * (len(units(like.shape, lay)) * len(block_offsets(like.shape, lay)))
        d.tiles[res] = d.splat_as(s, res, like, op.loc)


def _elementwise(d: _Distributor, op: Operation) -> None:
    res = op.results[0]
    rt = res.type
    if not isinstance(rt, VectorType):
        raise error(op.loc, f"{op.name}: a workgroup-level operand needs a vector result")
    lay = d.result_layout(op)
    first = next((d.tiles[v] for v in op.operands if isinstance(d.tiles.get(v), Tiled)), None)
    if lay is not None:
        like = d.new_tiled(op, tuple(rt.shape), rt.element, lay)
        like.blocks = [res] * (len(units(like.shape, lay)) * len(block_offsets(like.shape, lay)))
    elif isinstance(first, Tiled):
        like = first
    else:
        raise error(op.loc, f"{op.name}: no operand or result layout says how to distribute it")
    parts: list[list[Value]] = []
    for v in op.operands:
        if v in d.tiles or v in d.splats:
            t = d.tiled(v, op.loc, like)
            if not t.same_tiling(like):
                raise error(op.loc, f"{op.name}: operand '{v.name}' is distributed as {t.layout}, the result as "
                                    f"{like.layout}: convert its layout first")
            parts.append(t.blocks)
        elif isinstance(v.type, VectorType):
            raise error(op.loc, f"{op.name}: operand '{v.name}' is a workgroup-sized vector without a layout")
        else:
            parts.append([v] * len(like.blocks))
    out = Tiled(like.shape, rt.element, like.layout, [])
    bt = VectorType(like.block, rt.element)
    for i in range(len(like.blocks)):
        v = d.emit(op.name, [p[i] for p in parts], bt, _kept_attrs(op), op.loc, res.name)
        assert v is not None
        out.blocks.append(v)
    d.tiles[res] = out


def _dpas(d: _Distributor, op: Operation) -> None:
    res = op.results[0]
    rt = res.type
    assert isinstance(rt, VectorType)
    a = d.tiled(op.operands[0], op.loc)
    b = d.tiled(op.operands[1], op.loc)
    lay = d.result_layout(op)
    acc = None
    if len(op.operands) > 2:
        acc_like = None
        if lay is not None:
            acc_like = d.new_tiled(op, tuple(rt.shape), rt.element, lay)
            acc_like.blocks = [res] * (len(units(acc_like.shape, lay)) * len(block_offsets(acc_like.shape, lay)))
        acc = d.tiled(op.operands[2], op.loc, acc_like)
        lay = lay or acc.layout
    if lay is None:
        raise error(op.loc, "xegpu.dpas: the result has no workgroup layout (layout_result_0)")
    shape = tuple(rt.shape)
    check_distributable(shape, lay, op.loc, op.name)
    M, N = shape
    K = a.shape[1]
    pa, pb, pc = sg_shape(a.shape, a.layout), sg_shape(b.shape, b.layout), sg_shape(shape, lay)
    ua, ub, uc = (len(units(t.shape, t.layout)) for t in (a, b, Tiled(shape, rt.element, lay, [])))
    if pa[1] != K or pb[0] != K:
        raise error(op.loc, f"xegpu.dpas: each subgroup must hold whole rows of A and columns of B over K = {K} "
                            f"(its A piece is {pa[0]}x{pa[1]}, its B piece {pb[0]}x{pb[1]})")
    if uc != ua * ub or pc != (pa[0], pb[1]):
        raise error(op.loc, f"xegpu.dpas: the result's pieces ({uc} of {pc[0]}x{pc[1]}) are not the products of "
                            f"A's ({ua} of {pa[0]}x{pa[1]}) and B's ({ub} of {pb[0]}x{pb[1]})")
    _check_dpas_pieces(op, a, b, shape, lay)
    ba, bb, bc = a.block, b.block, inst_shape(shape, lay)
    if ba[1] != bb[0] or ba[0] != bc[0] or bb[1] != bc[1]:
        raise error(op.loc, f"xegpu.dpas: instruction blocks A {ba[0]}x{ba[1]}, B {bb[0]}x{bb[1]} and result "
                            f"{bc[0]}x{bc[1]} do not chain (inst_data must give A MxK, B KxN, result MxN)")
    mb, kb, nb = pa[0] // ba[0], K // ba[1], pb[1] // bb[1]
    blocks_per_c = mb * nb
    out = Tiled(shape, rt.element, lay, [])
    bt = VectorType(bc, rt.element)
    for ia in range(ua):
        for ib in range(ub):
            ic = ia * ub + ib
            for mi in range(mb):
                for ni in range(nb):
                    cur = acc.blocks[ic * blocks_per_c + mi * nb + ni] if acc is not None else None
                    for ki in range(kb):
                        av = a.blocks[ia * mb * kb + mi * kb + ki]
                        bv = b.blocks[ib * kb * nb + ki * nb + ni]
                        operands = [av, bv] + ([cur] if cur is not None else [])
                        cur = d.emit("xegpu.dpas", operands, bt, _kept_attrs(op), op.loc, res.name)
                    out.blocks.append(cur)  # type: ignore[arg-type]
    d.tiles[res] = out
    del M, N


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
                    raise error(op.loc, f"xegpu.dpas: subgroup {sg} would combine A rows from {oa[0]} and B "
                                        f"columns from {ob[1]} into its result piece at {list(oc)}: the layouts "
                                        f"of A ({a.layout}), B ({b.layout}) and the result ({lay}) disagree")


def _for(d: _Distributor, op: Operation) -> None:
    body = op.regions[0].blocks[0]
    inits = op.operands[3:]
    iter_args = body.arguments[1:]
    new_inits: list[Value] = []
    new_args: list[Value] = [body.arguments[0]]
    new_results: list[Value] = []
    layouts: list[Tiled | None] = []
    for j, init in enumerate(inits):
        if init in d.tiles and not isinstance(d.tiles[init], TiledDesc):
            t = d.tiles[init]
            if isinstance(t, Splat):
                t = _splat_for_carry(d, op, j, init, t)
            assert isinstance(t, Tiled)
            layouts.append(t)
            new_inits += t.blocks
            bts = [blk.type for blk in t.blocks]
            args = [d.value(iter_args[j].name, bt, iter_args[j].loc) for bt in bts]
            outs = [d.value(op.results[j].name, bt, op.results[j].loc) for bt in bts]
            d.tiles[iter_args[j]] = Tiled(t.shape, t.element, t.layout, args)
            d.tiles[op.results[j]] = Tiled(t.shape, t.element, t.layout, outs)
            new_args += args
            new_results += outs
        elif init in d.tiles:
            raise error(op.loc, "scf.for: carrying a workgroup-level tensor descriptor is not supported")
        else:
            layouts.append(None)
            new_inits.append(init)
            new_args.append(iter_args[j])
            new_results.append(op.results[j])
    saved, d.out = d.out, []
    for inner in body.operations[:-1]:
        d._op(inner)
    term = body.operations[-1]
    yields: list[Value] = []
    for j, v in enumerate(term.operands):
        want = layouts[j] if j < len(layouts) else None
        if want is None:
            yields.append(v)
            continue
        got = d.tiled(v, term.loc, want)
        if not got.same_tiling(want):
            raise error(term.loc, f"scf.yield: value {j} is distributed as {got.layout}, the loop carries it as "
                                  f"{want.layout}")
        yields += got.blocks
    d.out.append(Operation(term.name, yields, [], dict(term.attributes), [], term.loc))
    body.operations = d.out
    d.out = saved
    body.arguments = new_args
    op.operands = [*op.operands[:3], *new_inits]
    op.results = new_results
    d.out.append(op)


def _splat_for_carry(d: _Distributor, op: Operation, j: int, init: Value, s: Splat) -> Tiled:
    """A splat init takes the layout the loop's yield gives it."""
    body = op.regions[0].blocks[0]
    raise error(op.loc, f"scf.for: the splat init '{init.name}' of iter_arg {j} ({body.arguments[j + 1].name}) "
                        "needs a layout (layout_result_0) to be carried at workgroup level")


# -- reductions across subgroups -----------------------------------------------------------------
_COMBINE = {"add": ("addf", "addi"), "mul": ("mulf", "muli"), "maxnumf": ("maxnumf", None),
            "maximumf": ("maximumf", None), "minnumf": ("minnumf", None), "minimumf": ("minimumf", None),
            "maxsi": (None, "maxsi"), "minsi": (None, "minsi"), "maxui": (None, "maxui"), "minui": (None, "minui"),
            "and": (None, "andi"), "or": (None, "ori"), "xor": (None, "xori")}
_NEUTRAL = {"add": 0, "mul": 1, "maxnumf": float("-inf"), "maximumf": float("-inf"), "minnumf": float("inf"),
            "minimumf": float("inf"), "maxsi": -(2**31), "minsi": 2**31 - 1, "maxui": 0, "minui": 2**32 - 1,
            "and": -1, "or": 0, "xor": 0}


def _kind_word(op: Operation) -> str:
    from genx_emit.mlir.attrs import as_str

    word = as_str(op.attributes.get("kind")) or ""
    return {"maxf": "maxnumf", "minf": "minnumf"}.get(word, word)


def _multi_reduction(d: _Distributor, op: Operation) -> None:
    """A 2-D workgroup tile reduced along one dimension: each subgroup reduces its blocks, then the
    subgroups that share the kept coordinate exchange their partial results through SLM (one row of
    partials per subgroup coordinate along the reduced dimension, a barrier, every subgroup reads
    all partials of its own positions and combines them, another barrier before the buffer can be
    reused). The result is held as the slice layout says: replicated over the reduced dimension."""
    src = d.tiled(op.operands[0], op.loc)
    res = op.results[0]
    rt = res.type
    dims = list(op.attributes["reduction_dims"].values) if "reduction_dims" in op.attributes else []  # type: ignore[union-attr]
    if len(src.shape) != 2 or len(dims) != 1 or not isinstance(rt, VectorType):
        raise error(op.loc, "vector.multi_reduction: only one dimension of a 2-D workgroup tile can be reduced")
    red = int(dims[0])
    keep = 1 - red
    lay = d.result_layout(op)
    want = WgLayout(**{**src.layout.__dict__, "dims": (red,)})
    if lay is not None and not lay.same_distribution(want):
        raise error(op.loc, f"vector.multi_reduction: the result layout {lay} is not the source's {src.layout} "
                            f"sliced at [{red}]")
    kind = _kind_word(op)
    is_int = not hasattr(rt.element, "kind")
    combine = _COMBINE.get(kind, (None, None))[1 if is_int else 0]
    if combine is None:
        raise error(op.loc, f"vector.multi_reduction: kind <{kind}> is not supported at workgroup level")
    combine = f"arith.{combine}"
    slay, piece, block = src.layout, sg_shape(src.shape, src.layout), src.block
    layout, _ = sliced(slay)
    per_unit = len(units(src.shape, slay))
    unit = [min(n, g * s) for n, g, s in zip(src.shape, layout, piece, strict=True)]
    if unit[red] != src.shape[red]:
        raise error(op.loc, "vector.multi_reduction: the reduced dimension must be covered by one distribution "
                            "unit (no round-robin along it)")
    if layout[red] * piece[red] > src.shape[red]:
        raise error(op.loc, "vector.multi_reduction: pieces replicated along the reduced dimension")
    result = Tiled((src.shape[keep],), rt.element, want, [])
    acc = d.tiled(op.operands[1], op.loc, result)
    nb = [p // b for p, b in zip(piece, block, strict=True)]
    bt = VectorType((block[keep],), rt.element)
    neutral = DenseElementsAttr(bt, (_NEUTRAL[kind],), True)
    zero = d.emit("arith.constant", [], bt, {"value": neutral}, op.loc, "neutral", d.prologue)
    assert zero is not None
    attrs = {"kind": op.attributes["kind"], "reduction_dims": DenseArrayAttr(IntegerType(64), (red,))}
    partials: list[Value] = []  # per unit, per block along the kept dimension
    for u in range(per_unit):
        for i in range(nb[keep]):
            part: Value | None = None
            for j in range(nb[red]):
                bi, bj = (i, j) if keep == 0 else (j, i)
                blk = src.blocks[u * nb[0] * nb[1] + bi * nb[1] + bj]
                r = d.emit("vector.multi_reduction", [blk, zero], bt, dict(attrs), op.loc, res.name)
                assert r is not None
                part = r if part is None else d.emit(combine, [part, r], bt, {}, op.loc, res.name)
            assert part is not None
            partials.append(part)
    groups = layout[red]
    if groups > 1:
        partials = _exchange(d, op, partials, slay, src.shape, red, keep, block[keep], combine, rt.element)
    for i, part in enumerate(partials):
        v = d.emit(combine, [part, acc.blocks[i]], bt, {}, op.loc, res.name)
        assert v is not None
        result.blocks.append(v)
    d.tiles[res] = result


def _exchange(d: _Distributor, op: Operation, partials: list[Value], lay: WgLayout, shape: tuple[int, ...],
              red: int, keep: int, width: int, combine: str, element: Type) -> list[Value]:
    """Partials of all subgroups along ``red`` combined through SLM: an array [groups][kept extent]."""
    from genx_emit.mlir.attrs import DialectAttr, KeywordAttr

    loc = op.loc
    groups, extent = lay.sg_layout[lay.kept()[red]], shape[keep]
    slm_t = MemRefType((groups * extent,), element, None, IntegerAttr(3))
    slm = d.emit("memref.alloca", [], slm_t, {"operandSegmentSizes": DenseArrayAttr(IntegerType(32), (0, 0))},
                 loc, "slm", d.prologue)
    assert slm is not None
    space = DialectAttr("xegpu", "block_tdesc_attr", (), (("memory_space", KeywordAttr("slm")),),
                        "memory_space = slm")
    dt = TensorDescType((width,), element, (space,))
    bt = VectorType((width,), element)
    mine = d.coord(lay, lay.kept()[red], loc)
    row0 = d.binary("muli", mine, extent, loc)
    origins = d.origins(shape, lay, loc)
    nb_red = sg_shape(shape, lay)[red] // inst_shape(shape, lay)[red]
    # the kept-dimension origin of each partial: that of the first block of its row of blocks
    starts = [origins[i * nb_red if keep == 0 else i][keep] for i in range(len(partials))]
    if keep == 1:
        starts = [origins[i][keep] for i in range(len(partials))]

    def desc(at: Value) -> Value:
        segs = DenseArrayAttr(IntegerType(32), (1, 1, 0, 0))
        v = d.emit("xegpu.create_nd_tdesc", [slm, at], dt, {
            "const_offsets": DenseArrayAttr(IntegerType(64), (INT64_MIN,)), "operandSegmentSizes": segs},
            loc, "slm_desc")
        assert v is not None
        return v

    for part, start in zip(partials, starts, strict=True):
        at = d.emit("arith.addi", [row0, start], INDEX, {}, loc, "off")
        assert at is not None
        d.emit("xegpu.store_nd", [part, desc(at)], None, {}, loc)
    d.emit("gpu.barrier", [], None, {}, loc)
    out = []
    for start in starts:
        total: Value | None = None
        for g in range(groups):
            at = d.binary("addi", start, g * extent, loc) if g else start
            v = d.emit("xegpu.load_nd", [desc(at)], bt, {}, loc, "partial")
            assert v is not None
            total = v if total is None else d.emit(combine, [total, v], bt, {}, loc, "partial")
        assert total is not None
        out.append(total)
    d.emit("gpu.barrier", [], None, {}, loc)
    return out


def _shape_cast(d: _Distributor, op: Operation) -> None:
    """[N] (a slice over dimension ``r``) to the 2-D shape with a unit dimension at ``r``: the same
    blocks, each reshaped; the 2-D value is replicated along ``r``."""
    src = d.tiled(op.operands[0], op.loc)
    rt = op.results[0].type
    assert isinstance(rt, VectorType)
    lay = src.layout
    if len(lay.dims) != 1 or len(rt.shape) != 2 or rt.shape[lay.dims[0]] != 1:
        raise error(op.loc, "vector.shape_cast: at workgroup level only a reduction's result [N] to [N, 1] or "
                            "[1, N] is supported")
    r = lay.dims[0]
    data = list(lay.sg_data or sg_shape(src.shape, lay) + (1,))
    data[r] = 1
    inst = list(lay.inst_data) if lay.inst_data is not None else None
    if inst is not None:
        inst[r] = 1
    new = WgLayout(lay.sg_layout, tuple(data), tuple(inst) if inst else None, None, None, lay.order)
    out = Tiled(tuple(rt.shape), rt.element, new, [])
    block = out.block
    for blk in src.blocks:
        v = d.emit("vector.shape_cast", [blk], VectorType(block, rt.element), {}, op.loc, op.results[0].name)
        assert v is not None
        out.blocks.append(v)
    d.tiles[op.results[0]] = out


def _broadcast(d: _Distributor, op: Operation) -> None:
    """[N, 1] to [N, M] (or [1, M] to [N, M]): each result block broadcasts the source block that
    holds its rows (columns), found per subgroup on the concrete offsets."""
    src = d.tiled(op.operands[0], op.loc)
    res = op.results[0]
    rt = res.type
    assert isinstance(rt, VectorType)
    lay = d.result_layout(op)
    if lay is None:
        raise error(op.loc, "vector.broadcast: the result has no workgroup layout (layout_result_0)")
    shape = tuple(rt.shape)
    check_distributable(shape, lay, op.loc, op.name)
    if len(src.shape) != len(shape) or sum(1 for a, b in zip(src.shape, shape, strict=True) if a != b) != 1:
        raise error(op.loc, "vector.broadcast: at workgroup level only one unit dimension can be stretched")
    r = next(i for i, (a, b) in enumerate(zip(src.shape, shape, strict=True)) if a != b)
    if src.shape[r] != 1:
        raise error(op.loc, "vector.broadcast: the stretched dimension must have size 1")
    out = Tiled(shape, rt.element, lay, [])
    sblocks = block_offsets(src.shape, src.layout)
    rblocks = block_offsets(shape, lay)
    sb, rb = src.block, out.block
    if sb[1 - r] != rb[1 - r]:
        raise error(op.loc, f"vector.broadcast: source blocks {list(sb)} and result blocks {list(rb)} differ "
                            "along the kept dimension")
    n = max(src.layout.subgroups, lay.subgroups)
    ps = [piece_offsets(src.shape, src.layout, g) for g in range(n)]
    pr = [piece_offsets(shape, lay, g) for g in range(n)]
    bt = VectorType(rb, rt.element)
    for ui in range(len(pr[0])):
        for rbo in rblocks:
            pick = None
            for si in range(len(ps[0])):
                for bi, sbo in enumerate(sblocks):
                    if all(ps[g][si][1 - r] + sbo[1 - r] == pr[g][ui][1 - r] + rbo[1 - r] for g in range(n)):
                        pick = si * len(sblocks) + bi
                        break
                if pick is not None:
                    break
            if pick is None:
                raise error(op.loc, f"vector.broadcast: the source layout {src.layout} does not give every subgroup "
                                    f"the positions its result piece ({lay}) needs")
            v = d.emit("vector.broadcast", [src.blocks[pick]], bt, {}, op.loc, res.name)
            assert v is not None
            out.blocks.append(v)
    d.tiles[res] = out


_HANDLERS = {
    "vector.multi_reduction": _multi_reduction,
    "vector.shape_cast": _shape_cast,
    "vector.broadcast": _broadcast,
    "xegpu.create_nd_tdesc": _create_nd,
    "xegpu.load_nd": _load_nd,
    "xegpu.store_nd": _store_nd,
    "xegpu.prefetch_nd": _prefetch_nd,
    "xegpu.update_nd_offset": _update_nd_offset,
    "xegpu.dpas": _dpas,
    "scf.for": _for,
}

__all__ = ["distribute_workgroups", "Tiled", "TiledDesc", "MemRefType", "prod"]
