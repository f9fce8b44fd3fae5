"""Per-lane vector ops and source-form scattered accesses of lane-level kernels, re-assembled
(rules of :mod:`genx_emit.ops.simt`).

**The whole form of a per-lane value.** A lane's ``n``-element vector becomes one subgroup-level
vector holding every lane's elements: the tile it is a share of (``load_nd``, ``dpas``), the
``lanes x chunk`` block of a scattered access, and otherwise ``n x lanes`` -- one *column* per
lane, as ``load_nd`` of an ``n x lanes`` tile gives it (a per-lane scalar is a ``lanes``-vector).
Element ``i`` of lane ``l`` is the ``i``-th of lane ``l``'s elements in the whole vector's
row-major order (:func:`lane_positions`): row ``i`` in the column form, so a per-lane
``vector.extract`` / ``insert`` / ``extract_strided_slice`` at ``i`` is the same op on row ``i``
(dynamic positions included); in any other form a static position is a ``vector.shuffle``.
``vector.reduction`` combines a lane's elements: one elementwise op per element.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import (
    DenseArrayAttr,
    as_int,
    as_int_list,
    as_str,
)
from genx_emit.mlir.ir import Block, Operation, Value
from genx_emit.mlir.types import FloatType, IntegerType, TensorDescType, Type, VectorType, element_bits
from genx_emit.ops.build import INT64_MIN
from genx_emit.ops.simt_layout import Dist, Layout, element, elements, lane_map, lanes_dist
from genx_emit.ops.vector import KIND_ALIASES

if TYPE_CHECKING:
    from genx_emit.ops.simt import _Distributor


def column_dist(n: int, lanes: int) -> Dist:
    """The whole form of a per-lane ``n``-vector that no tile fixes: one column per lane."""
    return lanes_dist(lanes) if n == 1 else Dist((n, lanes), Layout((1, lanes)))


def is_columns(d: Dist) -> bool:
    """Element ``i`` of every lane is row ``i`` of the whole vector (lane ``l`` in column ``l``)."""
    if d.packed or d.layout != Layout((1, d.lanes)):
        return False
    return d.shape == (d.lanes,) or (len(d.shape) == 2 and d.shape[1] == d.lanes)


def flat(t: Type) -> bool:
    """A 1-D per-lane type (upstream's): a per-lane reshape of it may take any shape; a reshape
    of the RFC's 2-D fragment must stay one."""
    return not isinstance(t, VectorType) or len(t.shape) == 1


def row_slice(d: Dist, offset: int, size: int) -> tuple[Dist, int, int] | None:
    """Lane elements ``offset .. offset + size`` of ``d`` when they are whole rows of it (the
    column form, or the VNNI form with one column per lane): their distribution and the rows."""
    if is_columns(d) and len(d.shape) == 2:
        return Dist((size, d.lanes), d.layout), offset, size
    if d.packed and d.layout.lanes == (1, d.lanes) and d.shape[1] == d.lanes:
        f = d.shape[2]
        if offset % f == 0 and size % f == 0:
            return Dist((size // f, d.lanes, f), d.layout, packed=True), offset // f, size // f
    return None


def same_rows(a: Dist, b: Dist) -> bool:
    """Two column forms of the same per-lane elements (``[lanes]`` and ``[1, lanes]``)."""
    return is_columns(a) and is_columns(b) and a.per_lane == b.per_lane and a.lanes == b.lanes


def reshape_operand(dist: _Distributor, op: Operation, i: int, d: Dist) -> None:
    """Operand ``i`` of ``op`` taken in the whole shape of ``d`` (same elements, same order)."""
    v = op.operands[i]
    block = dist.block

    def rewrite() -> None:
        e = _Emitter(block, op, v.name)
        op.operands[i] = e.op("vector.shape_cast", [v], d.whole(element(v.type)))

    dist.later.append(rewrite)


def lane_positions(d: Dist) -> list[list[int]] | None:
    """Per lane, the flat (row-major) positions of its elements in the whole vector, in order."""
    lanes = lane_map(d)
    if lanes is None:
        return None
    out: list[list[int]] = [[] for _ in range(d.lanes)]
    for p, lane in enumerate(lanes):
        out[lane].append(p)
    return out


def _position(op: Operation, first_dynamic: int) -> list[int | Value]:
    """The op's position list, dynamic entries as their values."""
    key = "static_position" if op.attr("static_position") is not None else "position"
    consts = as_int_list(op.attr(key)) or []
    dyn = iter(op.operands[first_dynamic:])
    return [next(dyn) if c == INT64_MIN else c for c in consts]


def _linear(shape: tuple[int, ...], pos: list[int]) -> int:
    i = 0
    for n, p in zip(shape, pos, strict=False):
        i = i * n + p
    for n in shape[len(pos):]:
        i *= n
    return i


class _Emitter:
    """New ops before ``at`` in ``block``, named after ``base``."""

    def __init__(self, block: Block, at: Operation, base: str):
        self.block, self.at, self.base, self.n = block, at, base, 0

    def op(self, name: str, operands: list[Value], t: Type, attrs: dict | None = None,
           out: Value | None = None) -> Value:
        if out is None:
            self.n += 1
            out = Value(f"{self.base}_l{self.n}", t, self.at.loc)
        new = Operation(name, operands, [out], attrs or {}, [], self.at.loc)
        self.block.operations.insert(self.block.operations.index(self.at), new)
        return out

    def flat(self, v: Value) -> Value:
        t = v.type
        assert isinstance(t, VectorType)
        if len(t.shape) == 1:
            return v
        return self.op("vector.shape_cast", [v], VectorType((t.num_elements,), t.element))

    def pick(self, v: Value, positions: list[int], shape: tuple[int, ...], out: Value | None = None) -> Value:
        """The elements of ``v`` at flat ``positions``, as a vector of ``shape``."""
        f = self.flat(v)
        el = element(v.type)
        mask = {"mask": DenseArrayAttr(IntegerType(64), tuple(positions))}
        if len(shape) == 1:
            return self.op("vector.shuffle", [f, f], VectorType(shape, el), mask, out=out)
        picked = self.op("vector.shuffle", [f, f], VectorType((len(positions),), el), mask)
        return self.op("vector.shape_cast", [picked], VectorType(shape, el), out=out)


def _per_lane_shape(v: Value) -> tuple[int, ...]:
    return tuple(v.type.shape) if isinstance(v.type, VectorType) else ()


# -- rules -------------------------------------------------------------------------------------
def vector_extract(dist: _Distributor, op: Operation) -> None:
    src, res = op.operands[0], op.results[0]
    d = dist.of(src)
    dist.uniform_operands(op, "a position is the same in every lane", op.operands[1:])
    if d is None:
        return
    pos = _position(op, 1)
    shape = _per_lane_shape(src)
    if len(pos) < len(shape) and not any(isinstance(p, Value) for p in pos):
        size = elements(res.type)
        sliced = row_slice(d, _linear(shape, pos), size)  # type: ignore[arg-type]
        if sliced is not None:
            rd, first, rows = sliced
            dist.set(res, rd, op, "result", any_shape=True)
            op.name = "vector.extract_strided_slice"
            op.attributes = {"offsets": _array([first]), "sizes": _array([rows]), "strides": _array([1])}
            return
    if len(pos) != len(shape):
        raise error(op.loc, f"{op.name}: extracting a sub-vector from the per-lane '{src.name}' ({d}) is not "
                            "supported; extract its elements one by one")
    lanes = d.lanes
    dist.set(res, lanes_dist(lanes), op, "result")
    if is_columns(d) and len(shape) == 1:
        if d.shape == (lanes,):
            dist.reshapes.append(op)  # the lane's only element: the whole vector itself
        return  # row i of the whole vector, dynamic or not: the op as written
    i = _static_position(op, shape, pos, src, d)
    block = dist.block

    def rewrite() -> None:
        where = lane_positions(d)
        assert where is not None
        e = _Emitter(block, op, res.name)
        e.pick(src, [where[lane][i] for lane in range(lanes)], (lanes,), out=res)
        block.operations.remove(op)

    dist.later.append(rewrite)


def _static_position(op: Operation, shape: tuple[int, ...], pos: list, vec: Value, d: Dist) -> int:
    """The linear position ``pos`` names in the per-lane ``vec`` (distributed as ``d``); a
    dynamic position is an error here: only one-column-per-lane vectors take one."""
    if any(isinstance(p, Value) for p in pos):
        raise error(op.loc, f"{op.name}: a dynamic position into '{vec.name}' ({d}) is supported only where "
                            "each lane's elements are the rows of the whole vector (one column per lane)")
    return _linear(shape, pos)


def vector_insert(dist: _Distributor, op: Operation) -> None:
    value, dest, res = op.operands[0], op.operands[1], op.results[0]
    dist.uniform_operands(op, "a position is the same in every lane", op.operands[2:])
    dv, dd = dist.of(value), dist.of(dest)
    if dv is None and dd is None:
        if dest in dist.flex_parent and not isinstance(value.type, VectorType):
            return  # a uniform scalar into a splat: uniform, and no longer a splat
        return
    shape = _per_lane_shape(dest)
    pos = _position(op, 2)
    if len(pos) != len(shape):
        raise error(op.loc, f"{op.name}: inserting a sub-vector into the per-lane '{dest.name}' is not "
                            "supported; insert its elements one by one")
    lanes = dist.kernel.lanes
    if dd is None:
        dd = column_dist(elements(dest.type), lanes)
    dist.need(dest, dd, op, "destination")
    dist.need(value, lanes_dist(dd.lanes), op, "value")
    dist.set(res, dd, op, "result")
    if is_columns(dd) and len(shape) == 1:
        if dd.shape == (dd.lanes,):
            dist.reshapes.append(op)  # the lane's only element replaced: the value itself
        return
    i = _static_position(op, shape, pos, dest, dd)
    block = dist.block

    def rewrite() -> None:
        where = lane_positions(dd)
        assert where is not None
        n = count_of(dd)
        mask = list(range(n))
        for lane in range(dd.lanes):
            mask[where[lane][i]] = n + lane
        e = _Emitter(block, op, res.name)
        flat_dest = e.flat(dest)
        el = element(res.type)
        attrs = {"mask": DenseArrayAttr(IntegerType(64), tuple(mask))}
        if len(dd.shape) == 1:
            e.op("vector.shuffle", [flat_dest, value], res.type, attrs, out=res)
        else:
            merged = e.op("vector.shuffle", [flat_dest, value], VectorType((n,), el), attrs)
            e.op("vector.shape_cast", [merged], res.type, out=res)
        block.operations.remove(op)

    dist.later.append(rewrite)


def count_of(d: Dist) -> int:
    n = 1
    for s in d.shape:
        n *= s
    return n


def vector_extract_strided_slice(dist: _Distributor, op: Operation) -> None:
    src, res = op.operands[0], op.results[0]
    d = dist.of(src)
    if d is None:
        if src in dist.flex_parent:
            dist.join(src, res)
        return
    if len(_per_lane_shape(src)) != 1:
        raise error(op.loc, f"{op.name}: slicing the multi-dimensional per-lane '{src.name}' ({d}) is not "
                            "supported")
    offset = (as_int_list(op.attr("offsets")) or [0])[0]
    size = (as_int_list(op.attr("sizes")) or [0])[0]
    sliced = row_slice(d, offset, size)
    if sliced is not None:
        rd, first, rows = sliced
        dist.set(res, rd, op, "result")
        op.attributes = {"offsets": _array([first]), "sizes": _array([rows]), "strides": _array([1])}
        return  # whole rows of the whole vector
    out = column_dist(size, d.lanes)
    dist.set(res, out, op, "result")
    block = dist.block

    def rewrite() -> None:
        where = lane_positions(d)
        assert where is not None
        picks = [where[lane][offset + j] for j in range(size) for lane in range(d.lanes)]
        _Emitter(block, op, res.name).pick(src, picks, out.shape, out=res)
        block.operations.remove(op)

    dist.later.append(rewrite)


_COMBINE_INT = {"add": "arith.addi", "mul": "arith.muli", "minui": "arith.minui", "minsi": "arith.minsi",
                "maxui": "arith.maxui", "maxsi": "arith.maxsi", "and": "arith.andi", "or": "arith.ori",
                "xor": "arith.xori"}
_COMBINE_FLOAT = {"add": "arith.addf", "mul": "arith.mulf", "minnumf": "arith.minnumf",
                  "maxnumf": "arith.maxnumf", "minimumf": "arith.minimumf", "maximumf": "arith.maximumf"}


def combine_op(kind: str, el: Type, op: Operation) -> str:
    kind = KIND_ALIASES.get(kind, kind)
    table = _COMBINE_FLOAT if isinstance(el, FloatType) else _COMBINE_INT
    name = table.get(kind)
    if name is None:
        raise error(op.loc, f"{op.name}: kind <{kind}> does not apply to {el}")
    return name


def _kind(op: Operation) -> str:
    word = as_str(op.attr("kind")) or ""
    return word.split(".")[-1].strip("<>")


def vector_reduction(dist: _Distributor, op: Operation) -> None:
    """Each lane combines its own elements: in whole form, one op per element row."""
    src, res = op.operands[0], op.results[0]
    acc = op.operands[1] if len(op.operands) > 1 else None
    d = dist.of(src)
    if d is None:
        dist.uniform_operands(op, "the reduction of a uniform vector is uniform")
        return
    lanes = d.lanes
    dist.set(res, lanes_dist(lanes), op, "result")
    if acc is not None:
        dist.need(acc, lanes_dist(lanes), op, "accumulator")
    name = combine_op(_kind(op), element(src.type), op)
    n = elements(src.type)
    block = dist.block

    def rewrite() -> None:
        where = lane_positions(d)
        assert where is not None
        e = _Emitter(block, op, res.name)
        vt = VectorType((lanes,), element(src.type))
        rows: list[Value] = []
        for i in range(n):
            if is_columns(d) and d.shape != (lanes,):
                rows.append(e.op("vector.extract", [src], vt, {"static_position": _array([i])}))
            else:
                rows.append(e.pick(src, [where[lane][i] for lane in range(lanes)], (lanes,)))
        if acc is not None:
            rows.append(op.operands[1])  # the accumulator, broadcast to the lanes if it was uniform
        total = rows[0]
        for j, r in enumerate(rows[1:], 2):
            total = e.op(name, [total, r], vt, out=res if j == len(rows) else None)
        if len(rows) == 1:
            e.op("vector.shape_cast", [total], vt, out=res)
        block.operations.remove(op)

    dist.later.append(rewrite)


def _array(values: list[int]) -> DenseArrayAttr:
    return DenseArrayAttr(IntegerType(64), tuple(values))


# -- scattered accesses on a source (memref / pointer) with per-lane offsets ------------------------
def source_access(dist: _Distributor, op: Operation, first: int, value: Value | None, is_load: bool) -> None:
    """``xegpu.load %src[%off], %mask`` / ``store`` / ``prefetch`` at lane level: the lane's offset
    (scalar ``index`` or a one-element vector) and mask; all lanes together are one gather."""
    lanes = dist.kernel.lanes
    group = op.operands[first:]
    dist.uniform_operands(op, "the memory of all lanes", group[:1])
    offsets = group[1] if len(group) > 1 else None
    mask = group[2] if len(group) > 2 else None
    for v in (offsets, mask):
        if v is not None and isinstance(v.type, VectorType) and v.type.num_elements != 1:
            what = "offset" if v is offsets else "mask"
            raise error(op.loc, f"{op.name}: in a lane-level kernel the {what} is the lane's own (a scalar "
                                f"or a one-element vector), got '{v.type}'")
    if mask is not None or dist.mask is not None:
        dist.mask_operand(op, first + 2)  # under divergence: and the lanes that run
        mask = op.operands[first + 2]
    for v, what in ((offsets, "offset"), (mask, "mask")):
        if v is not None:
            dist.need(v, lanes_dist(lanes), op, what)
    chunk = as_int(op.attr("chunk_size")) or 1
    d = lanes_dist(lanes) if chunk == 1 else Dist((lanes, chunk), Layout((lanes, 1)))
    if value is not None:
        if is_load:
            dist.set(value, d, op, "result")
        else:
            dist.need(value, d, op, "stored value")


def is_source_form(op: Operation, first: int) -> bool:
    return len(op.operands) > first and not isinstance(op.operands[first].type, TensorDescType)


# -- vector.bitcast of a lane's share ----------------------------------------------------------------
def vector_bitcast(dist: _Distributor, op: Operation) -> None:
    """A lane's 1-D share reinterpreted. Same width: the same whole vector. Narrower by ``f``
    from one column per lane: each of the lane's elements becomes ``f`` consecutive ones, the
    whole vector's VNNI form ``[R, L, f]`` (as a transposed 32-bit load of 16-bit pairs gives a
    dpas B operand); wider from that VNNI form: back to one column per lane."""
    src, res = op.operands[0], op.results[0]
    d = dist.of(src)
    if d is None:
        if src in dist.flex_parent:
            raise error(op.loc, f"{op.name}: a splat '{src.name}' whose distribution is not known yet; "
                                "bitcast the scalar before splatting it")
        return
    sb, tb = element_bits(element(src.type)), element_bits(element(res.type))
    if sb == tb:
        dist.set(res, d, op, "result", any_shape=True)
        return
    lanes = d.lanes
    if isinstance(src.type, VectorType) and len(src.type.shape) > 1:
        raise error(op.loc, f"{op.name}: bitcasting the multi-dimensional per-lane '{src.name}' is not "
                            "supported")
    if sb > tb and is_columns(d) and len(d.shape) == 2 and sb % tb == 0:
        f = sb // tb
        out = Dist((d.shape[0], lanes, f), Layout((1, lanes), (f, 1)), packed=True)
        flat_shape = (d.shape[0], lanes * f)
    elif sb < tb and d.packed and d.layout == Layout((1, lanes), (tb // sb, 1)) and d.shape[2] == tb // sb:
        out = Dist((d.shape[0], lanes), Layout((1, lanes)))
        flat_shape = out.shape
    else:
        raise error(op.loc, f"{op.name}: '{src.name}' ({d}) bitcast from {element(src.type)} to "
                            f"{element(res.type)}: supported from one column per lane to narrower elements "
                            "(VNNI) and back")
    dist.set(res, out, op, "result")
    block = dist.block

    def rewrite() -> None:
        e = _Emitter(block, op, res.name)
        el = element(res.type)
        source = op.operands[0]
        if d.packed:  # [R, L, f] -> [R, L * f] of the narrow type, then the bitcast
            st = source.type
            assert isinstance(st, VectorType)
            source = e.op("vector.shape_cast", [source], VectorType((d.shape[0], lanes * d.shape[2]),
                                                                   st.element))
        cast = e.op("vector.bitcast", [source], VectorType(flat_shape, el),
                    out=res if flat_shape == out.shape else None)
        if flat_shape != out.shape:
            e.op("vector.shape_cast", [cast], res.type, out=res)
        block.operations.remove(op)

    dist.later.append(rewrite)
