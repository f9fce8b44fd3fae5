"""Column-major tiles: 2-D values kept transposed in registers so row reductions move no lanes.

A row reduction (``vector.multi_reduction`` over dim 1) of a row-major ``[R, C]`` tile ends in
steps that combine lanes of one register at different positions (16 -> 8 -> 4 -> 2 -> 1
elements), and a PVC float instruction may not read a source at other lane positions than its
destination: IGC copies every such half first. Held *column-major*, element ``(r, c)`` at
``q(c) * R + r``, the same reduction combines whole registers and aligned ``R``-lane groups,
down to one ``R``-lane vector of per-row results; a per-row value broadcast back is that
vector repeated (one ``<0;R,1>`` region).

``q`` is a column order fixed by the memory messages, which are gathers and scatters instead of
2D block messages: lane ``(h, r)`` (``h * R + r``) addresses dwords ``h*V .. h*V+V-1`` of row
``r`` and the payload holds dword ``k`` of every lane at ``k * L + lane`` (``L = R * H`` lanes,
``V`` dwords each, ``H = J / V`` lanes per row of ``J`` dwords). For 32-bit elements that is
column-major with ``q(j) = k * H + h``; 16-bit elements ``c = 2j + p`` take the even and odd
halves apart (stride-2 regions, which the f16 <-> f32 conversions read and write anyway):
``q(c) = p * J + k * H + h``. Rows outside the surface are masked off (a load's read zeros, as
the 2D message's); the columns must be known inside the memref's rows at compile time
(constants, or a range over thread ids), so that a lane's dwords are all inside or all outside.

:func:`analyse` picks the values: 2-D f16/f32 tiles made by such a load, an elementwise op of
such tiles (and splat constants), or a broadcast of per-row values or of one value, and used
only by such ops, by row reductions or by such stores, in groups that contain a row reduction
and agree on the element size of their loads and stores. Everything else stays row-major: no
conversion between the two layouts is ever emitted.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd

from llvmlite import ir

from genx_emit.diagnostics import Location, error
from genx_emit.genx.intrinsics import undef
from genx_emit.genx.regions import Region
from genx_emit.lower.context import I32, I64, FuncContext, NdDesc, const, const_value
from genx_emit.lower.messages.gather import all_lanes
from genx_emit.lower.messages.lsc import VECTOR_SIZES, splat, vector_size_word
from genx_emit.mlir.attrs import DenseElementsAttr
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import FloatType, MemRefType, TensorDescType, VectorType
from genx_emit.ops.arith import Binary, Cast, Constant
from genx_emit.ops.gpu import GpuId
from genx_emit.ops.math import MathOp
from genx_emit.ops.model import Func, Op, Operand, constant_int, walk_ops
from genx_emit.ops.nd import CreateNdDesc, LoadNd, StoreNd
from genx_emit.ops.types import tdesc_info
from genx_emit.ops.vector import Broadcast, MultiReduction, Splat, shape_of
from genx_emit.targets import Target

_FLOATS = {"f16": 2, "f32": 4}
_CASTS = ("extf", "truncf")


@dataclass(frozen=True)
class ColMajor:
    """The layout of one ``[rows, cols]`` tile: element ``(r, c)`` at ``order[c] * rows + r``;
    the memory messages move ``lanes`` lanes of ``vector`` dwords (module doc)."""

    rows: int
    cols: int
    elem_bytes: int  # of the loads and stores, which fix the column order
    vector: int  # V: dwords per lane
    per_row: int  # H: lanes per row

    @property
    def dwords(self) -> int:  # J: dwords per row
        return self.cols * self.elem_bytes // 4

    @property
    def lanes(self) -> int:
        return self.rows * self.per_row

    @property
    def order(self) -> list[int]:
        """q(c) for every column c."""
        per = 4 // self.elem_bytes
        out = []
        for c in range(self.cols):
            j, p = divmod(c, per)
            h, k = divmod(j, self.vector)
            out.append(p * self.dwords + k * self.per_row + h)
        return out


def _layout(rows: int, cols: int, eb: int, target: Target) -> ColMajor | None:
    """The layout of a tile whose rows the target's gathers take: the longest legal vector per
    lane that divides a row, and a power-of-two count of lanes from the subgroup size (the
    hardware's native message width) to the LSC's largest."""
    if (cols * eb) % 4:
        return None
    dwords = cols * eb // 4
    for v in VECTOR_SIZES:
        if v <= target.lsc_max_vector and dwords % v == 0:
            lay = ColMajor(rows, cols, eb, v, dwords // v)
            n = lay.lanes
            if target.simd <= n <= target.lsc_max_simd and n & (n - 1) == 0 and _messages(lay, target):
                return lay
    return None


def _messages(lay: ColMajor, target: Target) -> list[tuple[int, int]]:
    """(first dword, dwords) of each message: every lane, as many dwords as the payload takes."""
    budget = target.lsc_max_payload_grfs * target.grf_bytes // (4 * lay.lanes)
    sizes = [v for v in VECTOR_SIZES if v <= min(budget, lay.vector)]
    out, k = [], 0
    while sizes and k < lay.vector:
        vs = next(v for v in sizes if v <= lay.vector - k)
        out.append((k, vs))
        k += vs
    return out


# -- which values --------------------------------------------------------------------------
def _tile(v: Value) -> tuple[int, int, int] | None:
    """(rows, cols, element bytes) of a 2-D f16/f32 vector."""
    t = v.type
    if isinstance(t, VectorType) and len(t.shape) == 2 and isinstance(t.element, FloatType) \
            and t.element.kind in _FLOATS:
        return t.shape[0], t.shape[1], _FLOATS[t.element.kind]
    return None


def plain_2d(op: LoadNd | StoreNd) -> int | None:
    """Element bytes of a 2-D global f16/f32 access of one block, else None."""
    t = op.tdesc.type
    if not isinstance(t, TensorDescType):
        return None
    info = tdesc_info(t)
    if len(info.shape) != 2 or info.array_length != 1 or info.memory_space != "global" or info.scattered \
            or not isinstance(info.element, FloatType) or info.element.kind not in _FLOATS:
        return None
    return _FLOATS[info.element.kind]


def _columns_known_inside(op: LoadNd | StoreNd, defs: dict[Value, Op], cols: int, eb: int) -> bool:
    """The access's columns are compile-time constants inside its memref's rows, dword-aligned:
    a lane's dwords are then all inside or all outside the surface, and a row mask is exact."""
    create = defs.get(op.tdesc)
    if not isinstance(create, CreateNdDesc) or not isinstance(create.source.type, MemRefType):
        return False
    offsets = op.offsets if op.offsets else create.offsets
    if not offsets or (op.offsets and create.offsets and any(constant_int(o) != 0 for o in create.offsets)):
        return False
    x = _range(offsets[-1], defs)
    shape, strides, _ = create.memref_geometry(create.source.type)
    width, pitch = constant_int(shape[-1]), constant_int(strides[-2]) if len(strides) > 1 else None
    if x is None or x[1] is None or width is None or pitch is None:
        return False
    return 0 <= x[0] and x[1] + cols <= width and (x[2] * eb) % 4 == 0 and (pitch * eb) % 4 == 0


def _range(v: Operand, defs: dict[Value, Op], depth: int = 0) -> tuple[int, int | None, int] | None:
    """(least, greatest or None, a divisor) of an index computed from constants and thread ids
    with adds, multiplies, unsigned divisions and remainders (a workgroup's subgroup offsets)."""
    c = constant_int(v)
    if c is not None:
        return c, c, abs(c) or 1 << 30
    op = defs.get(v) if isinstance(v, Value) else None
    if depth > 16 or op is None:
        return None
    if isinstance(op, GpuId):
        return 0, None, 1
    if isinstance(op, Cast) and op.opname in ("index_cast", "index_castui", "extui", "extsi"):
        return _range(op.source, defs, depth + 1)
    if not isinstance(op, Binary) or op.opname not in ("addi", "muli", "divui", "remui"):
        return None
    a, b = _range(op.lhs, defs, depth + 1), _range(op.rhs, defs, depth + 1)
    if a is None or b is None or a[0] < 0 or b[0] < 0:
        return None
    hi = None if a[1] is None or b[1] is None else a[1]
    if op.opname == "addi":
        return a[0] + b[0], None if hi is None else hi + b[1], gcd(a[2], b[2])  # type: ignore[operator]
    if op.opname == "muli":
        return a[0] * b[0], None if hi is None else hi * b[1], a[2] * b[2]  # type: ignore[operator]
    if b[0] != b[1] or b[0] == 0:  # division by a positive constant
        return None
    if op.opname == "divui":
        return a[0] // b[0], None if a[1] is None else a[1] // b[0], 1
    return 0, b[0] - 1 if a[1] is None else min(a[1], b[0] - 1), gcd(a[2], b[0])


def _splat_constant(op: Op | None) -> bool:
    return isinstance(op, Constant) and isinstance(op.value, DenseElementsAttr) and op.value.splat


def _elementwise(op: Op) -> list[Value] | None:
    """The operands of an elementwise float op, else None."""
    if isinstance(op, Binary):
        return [op.lhs, op.rhs]
    if isinstance(op, MathOp):
        return list(op.args)
    if isinstance(op, Cast) and op.opname in _CASTS:
        return [op.source]
    return None


def analyse(f: Func, target: Target, defs: dict[Value, Op]) -> dict[Value, ColMajor]:
    """The values kept column-major, with their layouts (module doc); ``defs`` maps every value
    of ``f`` to the op defining it (consumers.analyse's map)."""
    if target.block2d is None:
        # DG2 (no 64-bit integer ALU, no free merge): the lane addresses and masked reads cost
        # more copies than the reduction saves (wg_softmax_f32: 97 -> 99 data movs measured)
        return {}
    uses: dict[Value, list[Op]] = {}
    for block in f.all_blocks():
        for op in walk_ops(block):
            operands = _elementwise(op) or []
            if isinstance(op, (MultiReduction, Broadcast)):
                operands = [op.source]
            elif isinstance(op, StoreNd):
                operands = [op.value]
            for v in operands:
                uses.setdefault(v, []).append(op)
            # any other operand use of a tile disqualifies it
            for v in _other_operands(op):
                uses.setdefault(v, []).append(None)  # type: ignore[arg-type]
    cand = {v for v, op in defs.items() if _tile(v) is not None and _may_define(op, defs)}
    while True:
        drop = {v for v in cand if not _ok(v, cand, defs, uses)}
        if not drop:
            break
        cand -= drop
    return _groups(cand, defs, uses, target)


def _other_operands(op: Op) -> list[Value]:
    """Operands of ``op`` other than those the layout handles (see :func:`analyse`)."""
    handled: set[int] = set()
    ew = _elementwise(op)
    if ew is not None:
        handled = {id(v) for v in ew}
    elif isinstance(op, (MultiReduction, Broadcast)):
        handled = {id(op.source)}
    elif isinstance(op, StoreNd):
        handled = {id(op.value)}
    return [v for v in op.operands() if id(v) not in handled]


def _may_define(op: Op, defs: dict[Value, Op]) -> bool:
    if isinstance(op, LoadNd):
        tile = _tile(op.result)
        return not op.packed and op.transpose is None and plain_2d(op) is not None and tile is not None \
            and _columns_known_inside(op, defs, *tile[1:])
    if isinstance(op, Splat):  # one value everywhere: the same in any layout
        return True
    if isinstance(op, Broadcast):  # of per-row values, or of one value
        s, r = shape_of(op.source.type), shape_of(op.result.type)
        return len(r) == 2 and (s in ((r[0],), (r[0], 1)) or all(n == 1 for n in s))
    return _elementwise(op) is not None


def _ok(v: Value, cand: set[Value], defs: dict[Value, Op], uses: dict[Value, list[Op]]) -> bool:
    op = defs[v]
    ew = _elementwise(op)
    if ew is not None and not all(x in cand or (_tile(x) is None and not isinstance(x.type, VectorType))
                                  or _splat_constant(defs.get(x)) for x in ew):
        return False
    for u in uses.get(v, []):
        if u is None:
            return False
        if isinstance(u, MultiReduction):
            if list(u.dims) != [1]:
                return False
        elif isinstance(u, StoreNd):
            if plain_2d(u) is None or not _columns_known_inside(u, defs, *_tile(v)[1:]):  # type: ignore[index]
                return False
        elif _elementwise(u) is None or u.result not in cand:
            return False
    return True


def _groups(cand: set[Value], defs: dict[Value, Op], uses: dict[Value, list[Op]],
            target: Target) -> dict[Value, ColMajor]:
    """Connected groups of candidates that reduce rows and agree on one layout."""
    out: dict[Value, ColMajor] = {}
    seen: set[Value] = set()
    for v0 in sorted(cand, key=lambda v: v.name):
        if v0 in seen:
            continue
        group, todo = set(), [v0]
        while todo:
            v = todo.pop()
            if v in group:
                continue
            group.add(v)
            near = list(_elementwise(defs[v]) or [])
            near += [u.result for u in uses.get(v, []) if u is not None and _elementwise(u) is not None]
            todo += [x for x in near if x in cand and x not in group]
        seen |= group
        shapes = {_tile(v)[:2] for v in group}  # type: ignore[index]
        sizes = {plain_2d(defs[v]) for v in group if isinstance(defs[v], LoadNd)}
        sizes |= {plain_2d(u) for v in group for u in uses.get(v, []) if isinstance(u, StoreNd)}
        reduces = any(isinstance(u, MultiReduction) for v in group for u in uses.get(v, []))
        if not reduces or len(shapes) != 1 or len(sizes) != 1:
            continue
        (rows, cols), (eb,) = shapes.pop(), sizes
        lay = _layout(rows, cols, eb, target)  # type: ignore[arg-type]
        if lay is not None:
            out.update({v: lay for v in group})
    return out


# -- in and out of the layout --------------------------------------------------------------
def _check_columns(d: NdDesc, x: ir.Value, lay: ColMajor, loc: Location) -> None:
    """What :func:`_columns_known_inside` found from the op model holds of the lowered access
    (where the lowered column is a constant)."""
    cx, wm1 = const_value(x), const_value(d.width_m1)
    if cx is not None and (cx < 0 or (cx * lay.elem_bytes) % 4
                           or (wm1 is not None and (cx + lay.cols) * lay.elem_bytes > wm1 + 1)):
        raise error(loc, "internal error: a column-major tile's columns are not known inside its surface")


def _lane_rows(lay: ColMajor) -> ir.Constant:
    """Each lane's row in the tile: lane h * R + r is row r."""
    return ir.Constant(ir.VectorType(I32, lay.lanes), [n % lay.rows for n in range(lay.lanes)])


def _addresses(ctx: FuncContext, d: NdDesc, x: ir.Value, y: ir.Value, lay: ColMajor,
               name: str) -> tuple[ir.Value, ir.Value | None]:
    """Per-lane byte addresses and the mask of lanes whose row is inside (None: all are)."""
    b = ctx.builder
    n = lay.lanes
    pitch = ctx.add(d.pitch_m1, const(I32, 1), name=name + ".pitch")
    row0 = b.mul(b.sext(y, I64), b.zext(pitch, I64), name=name + ".rowb")
    if const_value(x) != 0:  # inside the row (analyse): not negative
        col0 = b.mul(b.zext(x, I64), ir.Constant(I64, lay.elem_bytes), name=name + ".colb")
        row0 = b.add(row0, col0, name=name + ".start")
    start = b.add(d.base, row0, name=name + ".base")
    cols = [(lane // lay.rows) * lay.vector * 4 for lane in range(n)]
    pv = const_value(pitch)
    if pv is not None:
        offs = ir.Constant(ir.VectorType(I64, n), [(lane % lay.rows) * pv + cols[lane] for lane in range(n)])
    else:
        rows64 = b.zext(_lane_rows(lay), ir.VectorType(I64, n))
        offs = b.add(b.mul(rows64, splat(ctx, b.zext(pitch, I64), n, name + ".pv")),
                     ir.Constant(ir.VectorType(I64, n), cols), name=name + ".offs")
    addr = b.add(splat(ctx, start, n, name + ".bv"), offs, name=name + ".addr")
    hm1 = const_value(d.height_m1)
    cy = const_value(y)
    if cy is not None and hm1 is not None and 0 <= cy and cy + lay.rows <= hm1 + 1:
        return addr, None
    rows = b.add(splat(ctx, y, n, name + ".yv"), _lane_rows(lay), name=name + ".rows")
    height = ctx.add(d.height_m1, const(I32, 1), name=name + ".h")
    mask = b.icmp_unsigned("<", rows, splat(ctx, height, n, name + ".hv"), name=name + ".inside")
    return addr, mask


def load(ctx: FuncContext, d: NdDesc, x: ir.Value, y: ir.Value, lay: ColMajor, hints: tuple[int, int],
         result_ty: ir.VectorType, name: str, loc: Location) -> ir.Value:
    """The tile gathered into its column-major layout."""
    _check_columns(d, x, lay, loc)
    addr, mask = _addresses(ctx, d, x, y, lay, name)
    n = lay.lanes
    data: ir.Value = undef(ir.VectorType(I32, lay.rows * lay.dwords))
    for i, (k0, vs) in enumerate(_messages(lay, ctx.target)):
        ret = ir.VectorType(I32, n * vs)
        args = dict(l1=hints[0], l3=hints[1], data_size="u32", vector_size=vector_size_word(vs),
                    order="non_transpose", imm_offset=k0 * 4, addr=addr)
        tag = f"{name}.g{i}"
        if mask is None:
            got = ctx.intr.call(ctx.builder, "lsc.load.stateless", ret=ret, label=tag, pred=all_lanes(n),
                                **args)
        else:  # rows outside read zeros, as from the 2D message
            got = ctx.intr.call(ctx.builder, "lsc.load.merge.stateless", ret=ret, label=tag, pred=mask,
                                passthru=ir.Constant(ret, None), **args)
        data = ctx.regions.write(data, got, Region.row(n * vs, k0 * n), name=tag + ".w", raw=True)
    if lay.elem_bytes == 4:
        return ctx.builder.bitcast(data, result_ty, name=name)
    halves = ctx.builder.bitcast(data, ir.VectorType(result_ty.element, 2 * lay.rows * lay.dwords),
                                 name=name + ".halves")
    out: ir.Value = undef(result_ty)
    half = lay.rows * lay.dwords
    for p in range(2):  # even columns first, then odd ones
        out = ctx.regions.copy(out, halves, Region.row(half, p, 2), Region.row(half, p * half),
                               name=f"{name}.p{p}")
    return out


def store(ctx: FuncContext, d: NdDesc, x: ir.Value, y: ir.Value, lay: ColMajor, hints: tuple[int, int],
          value: ir.Value, name: str, loc: Location) -> None:
    """Scatter the column-major tile ``value`` to its rows."""
    _check_columns(d, x, lay, loc)
    addr, mask = _addresses(ctx, d, x, y, lay, name)
    total = lay.rows * lay.dwords
    if lay.elem_bytes == 4:
        data = ctx.builder.bitcast(value, ir.VectorType(I32, total), name=name + ".dw")
    else:
        halves: ir.Value = undef(ir.VectorType(value.type.element, 2 * total))
        for p in range(2):
            halves = ctx.regions.copy(halves, value, Region.row(total, p * total), Region.row(total, p, 2),
                                      name=f"{name}.p{p}")
        data = ctx.builder.bitcast(halves, ir.VectorType(I32, total), name=name + ".dw")
    _scatter(ctx, addr, mask, lay, hints, data, name)


def _scatter(ctx: FuncContext, addr: ir.Value, mask: ir.Value | None, lay: ColMajor, hints: tuple[int, int],
             data: ir.Value, name: str) -> None:
    """The scatters of ``data`` (dword ``k`` of lane ``l`` at ``k * lanes + l``) to ``addr``."""
    n = lay.lanes
    pred = mask if mask is not None else all_lanes(n)
    for i, (k0, vs) in enumerate(_messages(lay, ctx.target)):
        part = ctx.regions.read(data, Region.row(n * vs, k0 * n), name=f"{name}.g{i}", raw=True)
        ctx.intr.call(ctx.builder, "lsc.store.stateless", pred=pred, l1=hints[0], l3=hints[1],
                      data_size="u32", vector_size=vector_size_word(vs), order="non_transpose",
                      imm_offset=k0 * 4, addr=addr, data=part)


# -- transposed 16-bit tiles stored from a VNNI load ------------------------------------------
def vnni_scatter_layout(rows: int, cols: int, target: Target) -> ColMajor | None:
    """The scatter layout of a ``[rows, cols]`` 16-bit store whose payload is a VNNI load of the
    transposed ``[cols, rows]`` tile in blocks of ``lanes`` columns: the load's block holds
    dword ``kp`` (input rows 2kp, 2kp + 1) of input column ``c`` at ``kp * lanes + c``, which is
    the payload of a ``lanes``-lane scatter writing ``cols / 2`` dwords of output row ``c``."""
    lim = target.block2d
    if lim is None or cols % 2:
        return None
    lanes = lim.vnni_max_width
    lay = ColMajor(lanes, cols, 2, cols // 2, 1)
    if rows % lanes or not target.simd <= lanes <= target.lsc_max_simd or lay.vector not in VECTOR_SIZES \
            or lay.vector > target.lsc_max_vector or sum(v for _, v in _messages(lay, target)) != lay.vector:
        return None
    return lay


def store_columns_known_inside(op: StoreNd, defs: dict[Value, Op], cols: int) -> bool:
    """A plain 2-D 16-bit store whose columns a row mask bounds exactly (:func:`_columns_known_inside`)."""
    return plain_2d(op) == 2 and _columns_known_inside(op, defs, cols, 2)


def store_vnni_blocks(ctx: FuncContext, d: NdDesc, x: ir.Value, y: ir.Value, lay: ColMajor,
                      hints: tuple[int, int], value: ir.Value, name: str, loc: Location) -> None:
    """Scatter a tile held as VNNI-loaded blocks (:func:`vnni_scatter_layout`): each block's
    payload as it is, to ``lay.lanes`` rows further down; rows outside the surface masked off."""
    _check_columns(d, x, lay, loc)
    per = lay.rows * lay.dwords
    data = ctx.builder.bitcast(value, ir.VectorType(I32, value.type.count // 2), name=name + ".dw")
    for b in range(data.type.count // per):
        tag = f"{name}.b{b}"
        yb = ctx.add(y, const(I32, b * lay.rows), name=tag + ".y")
        addr, mask = _addresses(ctx, d, x, yb, lay, tag)
        block = ctx.regions.read(data, Region.row(per, b * per), name=tag + ".data", raw=True)
        _scatter(ctx, addr, mask, lay, hints, block, tag)
