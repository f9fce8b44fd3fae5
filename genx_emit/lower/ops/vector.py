"""vector dialect: shape changes, slices, shuffles, reductions, through rdregion/wrregion.

Vectors are flat and row-major, so every op here is a choice of elements: a *strided view* of
the source (result shape, one element stride per result dimension, a base offset) covers
slices, extracts, broadcasts (stride 0) and transposes (permuted strides). :func:`_view` turns
a view into as few regions as it can (merging dimensions that are contiguous in the source,
two dimensions per region: rows and columns); :mod:`genx_emit.genx.regions` then splits each
access to the target's limits.

Reductions are trees: read the two halves of what is left with two regions, combine them with
one (split) LLVM instruction, repeat. ``multi_reduction`` halves the reduced dimension of all
outer rows at once with 2D regions. An odd count leaves its middle element in place: the
combined half is written back over the first half, and the next step reads the first ``ceil(n
/ 2)`` elements. Float trees reassociate the sum (as GPU reductions do); min/max keep the NaN
rules of the ``arith`` ops of the same names.

``i1`` vectors (masks) cannot be regions: their element choices become one
``shufflevector`` with the same index list.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import prod

from llvmlite import ir

from genx_emit.diagnostics import Location, error
from genx_emit.genx.intrinsics import Intrinsics, undef
from genx_emit.genx.regions import Region, View
from genx_emit.lower.analysis.decide import TRANSPOSED_PAIRS, by_load, passed_whole
from genx_emit.lower.context import I32, FuncContext, llvm_name, llvm_type
from genx_emit.lower.ops.arith import minmax
from genx_emit.lower.registry import lowers
from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import FloatType, VectorType
from genx_emit.ops.model import Operand
from genx_emit.ops.vector import (
    BitCast,
    Broadcast,
    Extract,
    ExtractStridedSlice,
    Insert,
    InsertStridedSlice,
    MultiReduction,
    Reduction,
    ShapeCast,
    Shuffle,
    Splat,
    Transpose,
    shape_of,
)

# (first result element, source region) pairs, in result order, covering the result.
Pieces = list[tuple[int, Region]]


def row_strides(shape: Sequence[int]) -> list[int]:
    """Element strides of a row-major shape."""
    out = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        out[d] = out[d + 1] * shape[d + 1]
    return out


def view(shape: Sequence[int], strides: Sequence[int], offset: int = 0) -> Pieces:
    """The strided view (result element at index ``i`` is source element ``offset + sum(i_d *
    strides[d])``) as source regions: dimensions of size 1 drop out, a dimension merges into
    the one outside it when the two are contiguous, the last two dimensions form one 2D region
    and every index of the dimensions outside them one more region."""
    dims: list[tuple[int, int]] = []
    for n, s in zip(shape, strides, strict=True):
        if n == 1:
            continue
        if dims and dims[-1][1] == s * n:
            dims[-1] = (dims[-1][0] * n, s)
        else:
            dims.append((n, s))
    if not dims:
        return [(0, Region.row(1, offset))]
    if len(dims) == 1:
        n, s = dims[0]
        return [(0, Region.row(n, offset, s))]
    (rows, vstride), (width, stride) = dims[-2], dims[-1]
    outer = dims[:-2]
    block = rows * width
    out: Pieces = []
    for k, idx in enumerate(itertools.product(*(range(n) for n, _ in outer))):
        base = offset + sum(i * s for i, (_, s) in zip(idx, outer, strict=True))
        out.append((k * block, Region(count=block, width=width, stride=stride, vstride=vstride, offset=base)))
    return out


def _indices(pieces: Pieces) -> list[int]:
    return [i for _, r in pieces for i in r.indices()]


def _is_mask(v: ir.Value) -> bool:
    t = v.type
    return isinstance(t, ir.VectorType) and isinstance(t.element, ir.IntType) and t.element.width == 1


def gather(ctx: FuncContext, src: ir.Value, pieces: Pieces, count: int, name: str,
           raw: bool = False) -> ir.Value:
    """The ``<count x T>`` vector the pieces choose from ``src``. ``raw``: the result only feeds
    raw operands (a contiguous GRF-aligned slice is then read whole, see ``consumers.py``)."""
    if _is_mask(src):
        idx = ir.Constant(ir.VectorType(I32, count), _indices(pieces))
        return ctx.builder.shuffle_vector(src, undef(src.type), idx, name=name)
    if len(pieces) == 1:
        return ctx.regions.read(src, pieces[0][1], name, raw=raw)
    out: ir.Value = undef(ir.VectorType(src.type.element, count))
    for k, (start, r) in enumerate(pieces):
        out = ctx.regions.copy(out, src, r, Region.row(r.count, start), name=name if k == len(pieces) - 1 else
                               f"{name}.p{k}")
    return out


def scatter(ctx: FuncContext, dest: ir.Value, value: ir.Value, pieces: Pieces, name: str) -> ir.Value:
    """``dest`` with the elements the pieces choose replaced by ``value``, in order."""
    if _is_mask(dest):
        n, k = dest.type.count, value.type.count
        if k != n:  # shufflevector takes operands of one type: widen the value first
            wide = ir.Constant(ir.VectorType(I32, n), list(range(k)) + [0] * (n - k))
            value = ctx.builder.shuffle_vector(value, undef(value.type), wide, name=name + ".wide")
        sel = list(range(n))
        for j, d in enumerate(_indices(pieces)):
            sel[d] = n + j
        return ctx.builder.shuffle_vector(dest, value, ir.Constant(ir.VectorType(I32, n), sel), name=name)
    if len(pieces) == 1:
        return ctx.regions.write(dest, value, pieces[0][1], name)
    for k, (start, r) in enumerate(pieces):
        dest = ctx.regions.copy(dest, value, Region.row(r.count, start), r, name=name if k == len(pieces) - 1
                                else f"{name}.p{k}")
    return dest


def _as_vector(ctx: FuncContext, v: ir.Value, name: str) -> ir.Value:
    """A scalar as a ``<1 x T>`` vector (regions take vectors)."""
    if isinstance(v.type, ir.VectorType):
        return v
    return ctx.builder.insert_element(undef(ir.VectorType(v.type, 1)), v, ir.Constant(I32, 0), name=name)


# -- splats, reshapes, casts ---------------------------------------------------------------
@lowers(Splat)
def lower_splat(ctx: FuncContext, op: Splat) -> None:
    from genx_emit.lower.messages.lsc import splat

    n = llvm_type(op.result.type, op.loc).count
    ctx.set(op.result, splat(ctx, ctx.get(op.source), n, name=llvm_name(op.result)))


@lowers(ShapeCast)
def lower_shape_cast(ctx: FuncContext, op: ShapeCast) -> None:
    ctx.set(op.result, ctx.get(op.source))  # vectors are flat and row-major: nothing moves


@lowers(BitCast)
def lower_bitcast(ctx: FuncContext, op: BitCast) -> None:
    src, ty = ctx.get(op.source), llvm_type(op.result.type, op.loc)
    ctx.set(op.result, src if src.type == ty else ctx.builder.bitcast(src, ty, name=llvm_name(op.result)))


@lowers(Broadcast)
def lower_broadcast(ctx: FuncContext, op: Broadcast) -> None:
    """Result element at index ``i`` reads source index ``i_d`` in each source dimension that is
    not stretched: stride 0 for the new leading dimensions and the stretched size-1 ones."""
    s, r = shape_of(op.source.type), shape_of(op.result.type)
    padded = (1,) * (len(r) - len(s)) + s
    strides = [0 if n == 1 else st for n, st in zip(padded, row_strides(padded), strict=True)]
    n = prod(r)
    lay = ctx.consumers.colmajor.get(op.result)
    if lay is not None and prod(s) > 1:  # per-row values repeated over the columns: (r, c) at q(c) * R + r
        strides, r = [0, 1], [r[1], r[0]]
    ctx.set(op.result, gather(ctx, ctx.get(op.source), view(r, strides), n, llvm_name(op.result)))


# -- positions and slices ------------------------------------------------------------------
def _position(ctx: FuncContext, shape: Sequence[int], position: list[Operand],
              name: str) -> tuple[int, ir.Value | None]:
    """Element offset of a position: the static part, and the dynamic part as an i32 (or None)."""
    strides = row_strides(shape)
    static = 0
    var: ir.Value | None = None
    for k, (p, st) in enumerate(zip(position, strides, strict=False)):
        if isinstance(p, int):
            static += p * st
            continue
        term = ctx.mul(ctx.index(p, I32), ir.Constant(I32, st), name=f"{name}.pos{k}")
        var = term if var is None else ctx.add(var, term, name=f"{name}.off{k}")
    return static, var


def _positioned(ctx: FuncContext, v: Value, position: list[Operand],
                name: str) -> tuple[int, int, ir.Value | None]:
    """(elements, static offset, run-time offset or None) of the part of ``v`` at ``position``."""
    shape = shape_of(v.type)
    return prod(shape[len(position):]), *_position(ctx, shape, position, name)


@lowers(Extract)
def lower_extract(ctx: FuncContext, op: Extract) -> None:
    src = ctx.get(op.source)
    name = llvm_name(op.result)
    count, static, var = _positioned(ctx, op.source, op.position, name)
    scalar = not isinstance(op.result.type, VectorType)
    b = ctx.builder
    if _is_mask(src) and var is not None:
        if not scalar:
            raise error(op.loc, "vector.extract: a dynamic position into an i1 vector must select one "
                                "element")
        ctx.set(op.result, b.extract_element(src, ctx.add(var, ir.Constant(I32, static)), name=name))
        return
    rd = name + ".rd" if scalar else name
    if var is None:
        part = gather(ctx, src, [(0, Region.row(count, static))], count, rd,
                      raw=not scalar and passed_whole(op))
    else:
        part = ctx.regions.read(src, Region.row(count, static).with_var(var), rd)
    ctx.set(op.result, b.extract_element(part, ir.Constant(I32, 0), name=name) if scalar else part)


@lowers(Insert)
def lower_insert(ctx: FuncContext, op: Insert) -> None:
    dest = ctx.get(op.dest)
    name = llvm_name(op.result)
    count, static, var = _positioned(ctx, op.dest, op.position, name)
    value = ctx.get(op.value)
    b = ctx.builder
    if _is_mask(dest) and var is not None:
        if isinstance(op.value.type, VectorType):
            raise error(op.loc, "vector.insert: a dynamic position into an i1 vector must select one element")
        ctx.set(op.result, b.insert_element(dest, value, ctx.add(var, ir.Constant(I32, static)), name=name))
        return
    value = _as_vector(ctx, value, name + ".val")
    region = Region.row(count, static)
    if var is None:
        ctx.set(op.result, scatter(ctx, dest, value, [(0, region)], name))
    else:
        ctx.set(op.result, ctx.regions.write(dest, value, region.with_var(var), name))


@lowers(ExtractStridedSlice)
def lower_extract_strided_slice(ctx: FuncContext, op: ExtractStridedSlice) -> None:
    shape = shape_of(op.source.type)
    st = row_strides(shape)
    k = len(op.offsets)
    sizes = list(op.sizes) + list(shape[k:])
    strides = [s * (op.strides[d] if d < k else 1) for d, s in enumerate(st)]
    offset = sum(o * s for o, s in zip(op.offsets, st, strict=False))
    pieces = view(sizes, strides, offset)
    ctx.set(op.result, gather(ctx, ctx.get(op.source), pieces, prod(sizes), llvm_name(op.result),
                              raw=passed_whole(op)))


@lowers(InsertStridedSlice)
def lower_insert_strided_slice(ctx: FuncContext, op: InsertStridedSlice) -> None:
    d, v = shape_of(op.dest.type), shape_of(op.value.type)
    block = (1,) * (len(d) - len(v)) + v
    st = row_strides(d)
    offset = sum(o * s for o, s in zip(op.offsets, st, strict=True))
    pieces = view(block, st, offset)
    ctx.set(op.result, scatter(ctx, ctx.get(op.dest), ctx.get(op.value), pieces, llvm_name(op.result)))


# -- permutations --------------------------------------------------------------------------
@lowers(Transpose)
def lower_transpose(ctx: FuncContext, op: Transpose) -> None:
    shape = shape_of(op.source.type)
    src = ctx.get(op.source)
    name = llvm_name(op.result)
    perm = list(op.permutation)
    done = by_load(op)  # how the load of the source did the transpose (decide.py)
    if done == TRANSPOSED_PAIRS:  # as word pairs: their de-interleave is left
        ctx.set(op.result, ctx.regions.split_word_pairs(src, shape[0], shape[1], name))
        return
    if perm == sorted(perm) or done is not None:  # (vnni_blocks: the store's payload as loaded)
        ctx.set(op.result, src)
        return
    if perm == [1, 0] and not _is_mask(src):
        ctx.set(op.result, ctx.regions.transpose(src, shape[0], shape[1], name))
        return
    st = row_strides(shape)
    pieces = view([shape[p] for p in perm], [st[p] for p in perm])
    ctx.set(op.result, gather(ctx, src, pieces, prod(shape), name))


def shuffle_runs(mask: Sequence[int], n_lhs: int) -> list[tuple[int, int, int, int, int]]:
    """The mask as runs ``(first result row, operand 0/1, first row, row step, rows)``: each run
    takes rows of one operand at a constant non-negative step. Poison entries (-1) are skipped."""
    out: list[tuple[int, int, int, int, int]] = []
    i = 0
    while i < len(mask):
        if mask[i] < 0:
            i += 1
            continue
        src, row = (0, mask[i]) if mask[i] < n_lhs else (1, mask[i] - n_lhs)
        step: int | None = None
        prev, j = row, i + 1
        while j < len(mask) and mask[j] >= 0:
            s2, r2 = (0, mask[j]) if mask[j] < n_lhs else (1, mask[j] - n_lhs)
            if s2 != src or r2 - prev < 0 or (step is not None and r2 - prev != step):
                break
            step, prev, j = r2 - prev, r2, j + 1
        out.append((i, src, row, 1 if step is None else step, j - i))
        i = j
    return out


@lowers(Shuffle)
def lower_shuffle(ctx: FuncContext, op: Shuffle) -> None:
    """Runs of the mask with a constant step become one region each (rows of ``inner`` elements
    for operands of rank > 1), copied into the result."""
    name = llvm_name(op.result)
    ops = [_as_vector(ctx, ctx.get(v), f"{name}.in{k}") for k, v in enumerate((op.lhs, op.rhs))]
    inner = prod(shape_of(op.lhs.type)[1:])
    runs = shuffle_runs(op.mask, Shuffle.rows(op.lhs.type))
    count = len(op.mask) * inner
    if _is_mask(ops[0]):
        idx: list[int] = [0] * count
        n1 = ops[0].type.count
        for start, src, row, step, rows in runs:
            for r in range(rows):
                for e in range(inner):
                    idx[(start + r) * inner + e] = src * n1 + (row + r * step) * inner + e
        sel = ir.Constant(ir.VectorType(I32, count), idx)
        ctx.set(op.result, ctx.builder.shuffle_vector(ops[0], ops[1], sel, name=name))
        return

    def region(row: int, step: int, rows: int) -> Region:
        if inner == 1:
            return Region.row(rows, row, step if rows > 1 else 1)
        return Region.rows(rows, inner, step * inner, row * inner)

    if len(runs) == 1 and runs[0][4] == len(op.mask):
        _, src, row, step, rows = runs[0]
        ctx.set(op.result, ctx.regions.read(ops[src], region(row, step, rows), name))
        return
    out: ir.Value = undef(ir.VectorType(ops[0].type.element, count))
    for k, (start, src, row, step, rows) in enumerate(runs):
        dst = Region.row(rows * inner, start * inner)
        out = ctx.regions.copy(out, ops[src], region(row, step, rows), dst,
                               name=name if k == len(runs) - 1 else f"{name}.r{k}")
    ctx.set(op.result, out)


# -- reductions ----------------------------------------------------------------------------
_INT_COMBINE = {"add": "add", "mul": "mul", "and": "and_", "or": "or_", "xor": "xor"}
_FLOAT_COMBINE = {"add": "fadd", "mul": "fmul"}


def combine(b: ir.IRBuilder, kind: str, lhs: ir.Value, rhs: ir.Value, name: str,
            intr: Intrinsics) -> ir.Value:
    """``lhs <kind> rhs`` elementwise; min/max as ``arith``'s ops of the same name (NaN rules)."""
    is_float = isinstance(getattr(lhs.type, "element", lhs.type), (ir.HalfType, ir.FloatType, ir.DoubleType))
    if is_float and kind in _FLOAT_COMBINE:
        return getattr(b, _FLOAT_COMBINE[kind])(lhs, rhs, name=name)
    if not is_float and kind in _INT_COMBINE:
        return getattr(b, _INT_COMBINE[kind])(lhs, rhs, name=name)
    return minmax(b, kind, lhs, rhs, name, intr)


def _no_bf16(loc: Location, opname: str, kind: str, element: object) -> None:
    if isinstance(element, FloatType) and element.kind == "bf16":
        raise error(loc, f"{opname} <{kind}> on bf16: GenX has no bf16 arithmetic; arith.extf to f32 first")


def _combine_wide(ctx: FuncContext, kind: str, a: ir.Value | View, c: ir.Value | View,
                  name: str) -> ir.Value:
    def make(ops: Sequence[ir.Value], n: str) -> ir.Value:
        return combine(ctx.builder, kind, ops[0], ops[1], n, ctx.intr)

    return ctx.regions.elementwise(make, [a, c], a.type, name)


def reduce_dim(ctx: FuncContext, v: ir.Value, kind: str, outer: int, mid: int, inner: int,
               name: str) -> ir.Value:
    """``v`` (row-major ``[outer, mid, inner]``) combined along ``mid``: ``<outer*inner x T>``.

    Each step combines, in every outer row, the first ``mid // 2`` slices of ``inner`` elements
    with the last ones (two 2D regions, rows ``pitch`` apart); with an odd count the middle
    slice stays where it is and the combined slices are written back over the first ones."""
    pitch, m, step = mid * inner, mid, 0
    while m > 1:
        f, h = m // 2, m - m // 2
        lo = Region.rows(outer, f * inner, pitch, 0)
        hi = Region.rows(outer, f * inner, pitch, h * inner)
        # The halves are read piece by piece by the combining instructions (legal regions of v).
        comb = _combine_wide(ctx, kind, View(v, lo), View(v, hi), f"{name}.s{step}")
        if h == f:
            v, pitch = comb, f * inner
        else:
            v = ctx.regions.write(v, comb, lo, f"{name}.s{step}.w")
        m, step = h, step + 1
    if pitch != inner or v.type.count != outer * inner:
        v = ctx.regions.read(v, Region.rows(outer, inner, pitch), f"{name}.rows")
    return v


def _reduced(ctx: FuncContext, op: Reduction | MultiReduction, what: str) -> tuple[VectorType, ir.Value]:
    """The type and value of a reduction's source, which must not be bf16 arithmetic or i1."""
    t = op.source.type
    assert isinstance(t, VectorType)
    _no_bf16(op.loc, what, op.kind, t.element)
    v = ctx.get(op.source)
    if _is_mask(v):
        raise error(op.loc, f"{what}: i1 vectors are not supported")
    return t, v


@lowers(Reduction)
def lower_reduction(ctx: FuncContext, op: Reduction) -> None:
    t, src = _reduced(ctx, op, "vector.reduction")
    name = llvm_name(op.result)
    v = reduce_dim(ctx, src, op.kind, 1, t.shape[0], 1, name)
    b = ctx.builder
    res = b.extract_element(v, ir.Constant(I32, 0), name=name if op.acc is None else name + ".tree")
    if op.acc is not None:
        res = combine(b, op.kind, res, ctx.get(op.acc), name, ctx.intr)
    ctx.set(op.result, res)


@lowers(MultiReduction)
def lower_multi_reduction(ctx: FuncContext, op: MultiReduction) -> None:
    t, v = _reduced(ctx, op, "vector.multi_reduction")
    name = llvm_name(op.result)
    shape = list(t.shape)
    lay = ctx.consumers.colmajor.get(op.source)
    dims = op.dims
    if lay is not None:  # column-major [C][R]: whole registers and aligned row groups combine
        v = reduce_dim(ctx, v, op.kind, 1, lay.cols, lay.rows, f"{name}.d1")
        shape, dims = [lay.rows], []
    for d in sorted(dims, reverse=True):  # inner dimensions first: outer indices stay valid
        v = reduce_dim(ctx, v, op.kind, prod(shape[:d]), shape[d], prod(shape[d + 1:]), f"{name}.d{d}")
        del shape[d]
    acc = ctx.get(op.acc)
    b = ctx.builder
    if not isinstance(op.result.type, VectorType):
        v = b.extract_element(v, ir.Constant(I32, 0), name=name + ".tree")
        ctx.set(op.result, combine(b, op.kind, v, acc, name, ctx.intr))
    else:
        ctx.set(op.result, _combine_wide(ctx, op.kind, v, acc, name))
