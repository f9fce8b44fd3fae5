"""xegpu.dpas -> llvm.genx.dpas2 (with accumulator) / llvm.genx.dpas.nosrc0 (without).

One native DPAS computes an M x E tile (E = the target's DPAS execution size, M = repeat
count <= 8) with K = systolic depth x ops per dword. A larger XeGPU dpas is cut into native
ones along M and N with regions; K must match exactly. Operands are passed as dwords:
A as M rows of 8 dwords, B as 8 VNNI rows of E dwords (a plain 2-D B is VNNI-packed here).

Where N > E (dg2), an accumulator chain the uses allow (``consumers.py``) is kept in the native
dpas's layout: the M x E pieces one after another (``pieces``), so each dpas reads and writes
its piece in place; a row-major M x N accumulator would need its strided column block copied
in and out around every dpas. ``to_blocked`` / ``from_blocked`` convert at a loop's entry and
exit.
"""

from __future__ import annotations

from llvmlite import ir

from genx_emit.diagnostics import error
from genx_emit.genx.intrinsics import pack, undef
from genx_emit.genx.regions import Region
from genx_emit.lower.analysis.decide import vnni_b
from genx_emit.lower.context import I32, FuncContext, llvm_name, llvm_type, scalar_type
from genx_emit.lower.registry import lowers
from genx_emit.mlir.types import FloatType, IntegerType, Type, VectorType
from genx_emit.ops.dpas import Dpas


def precision(t: Type) -> str | None:
    """The DPAS precision word of an operand element type."""
    if isinstance(t, FloatType):
        return {"bf16": "bf16", "f16": "fp16", "tf32": "tf32", "f32": "tf32"}.get(t.kind)
    if isinstance(t, IntegerType) and t.width == 8:
        return "u8" if t.signedness == "u" else "s8"
    return None


def _bits(t: Type) -> int:
    return 32 if isinstance(t, FloatType) and t.kind in ("tf32", "f32") else getattr(t, "width", 0)


@lowers(Dpas)
def lower_dpas(ctx: FuncContext, op: Dpas) -> None:
    what = "xegpu.dpas"
    a_t, b_t, r_t = op.lhs.type, op.rhs.type, op.result.type
    assert isinstance(a_t, VectorType) and isinstance(b_t, VectorType) and isinstance(r_t, VectorType)
    prec = precision(a_t.element)
    if prec is None:
        raise error(op.loc, f"{what}: operand element type '{a_t.element}' has no DPAS precision "
                            "(bf16, f16, tf32, i8, ui8)")
    lim = ctx.target.dpas
    if prec not in lim.precisions:
        raise error(op.loc, f"{what}: {prec} DPAS does not exist on {ctx.target.name} (its DPAS takes "
                            f"{', '.join(lim.precisions)})")
    ops_per_dword = lim.dword_bits // _bits(a_t.element)
    M, N = r_t.shape
    K = a_t.num_elements // M
    depth = lim.systolic_depth
    if K != depth * ops_per_dword:
        raise error(op.loc, f"{what}: K = {K} but a {a_t.element} DPAS reduces exactly "
                            f"{depth * ops_per_dword} (systolic depth {depth} x {ops_per_dword} per dword)")
    E = lim.exec_size
    if N % E:
        raise error(op.loc, f"{what}: N = {N} is not a multiple of the {ctx.target.name} DPAS width {E}")
    b, intr = ctx.builder, ctx.intr
    label = llvm_name(op.result)
    a = ctx.bitcast_once(ctx.regions.raw_operand(ctx.get(op.lhs), llvm_name(op.lhs, ".raw")),
                         ir.VectorType(I32, M * depth), llvm_name(op.lhs, ".dw"))
    bmat = _b_dwords(ctx, op, b_t, K, N, ops_per_dword)
    acc = ctx.get(op.acc) if op.acc is not None else None
    if isinstance(acc, ir.Constant) and acc.constant is None:  # a zero accumulator adds nothing:
        acc = None  # no src0 (else IGC fills its registers with zeros before every such dpas)
    # An f16 result is the DPAS's own f16 accumulator where the target has one (the sum is
    # rounded once per native dpas); elsewhere it runs in f32 between a widening and a rounding,
    # which computes the same numbers.
    widen = r_t.element == FloatType("f16") and not lim.f16_acc
    if widen:
        r_t = VectorType(r_t.shape, FloatType("f32"))
    res_ty = llvm_type(r_t, op.loc)
    out_elem = scalar_type(r_t.element, op.loc)
    if widen and acc is not None:
        acc = b.fpext(acc, res_ty, name=llvm_name(op.acc, ".f32"))  # type: ignore[arg-type]
    code = intr.encode("precision", prec)
    signed = int(isinstance(r_t.element, IntegerType))
    # Pieces are written straight into the accumulator (every element is overwritten), so IGC
    # can keep the result in the accumulator's registers instead of building it from undef.
    blocked = ctx.consumers.blocked_acc
    acc_blocked, res_blocked = op.acc in blocked, op.result in blocked
    same = acc is not None and acc.type == res_ty and acc_blocked == res_blocked
    result: ir.Value = acc if same else undef(res_ty)
    tiles = pieces(M, N, E, lim.max_repeat)
    for m0, m, n0, at in tiles:
        tag = label if len(tiles) == 1 else f"{label}.m{m0}n{n0}"
        # DPAS operands are raw: GRF-aligned contiguous slices are bound in place (no move).
        a_part = ctx.regions.read(a, Region.row(m * depth, m0 * depth), name=f"{tag}.a", raw=True)
        b_part = bmat if N == E else ctx.regions.read(bmat, Region.rows(depth, E, N, n0), name=f"{tag}.b",
                                                      raw=True)
        out_ty = ir.VectorType(out_elem, m * E)
        if acc is not None:
            where = Region.row(m * E, at) if acc_blocked else Region.rows(m, E, N, m0 * N + n0)
            c_part = acc if len(tiles) == 1 else ctx.regions.read(acc, where, name=f"{tag}.c", raw=True)
            piece = intr.call(b, "dpas2", ret=out_ty, label=tag, acc=c_part, src1=b_part, src2=a_part,
                              precision_src1=code, precision_src2=code, systolic_depth=depth,
                              repeat_count=m, sign_res=signed, sign_acc=signed)
        else:
            info = pack("dpas_info", precision_src1=prec, precision_src2=prec, systolic_depth=depth,
                        repeat_count=m)
            piece = intr.call(b, "dpas.nosrc0", ret=out_ty, label=tag, src1=b_part, src2=a_part, info=info)
        if len(tiles) == 1:
            result = piece
        else:
            where = Region.row(m * E, at) if res_blocked else Region.rows(m, E, N, m0 * N + n0)
            result = ctx.regions.write(result, piece, where, name=f"{label}.acc", raw=True)
    if widen:
        result = b.fptrunc(result, llvm_type(op.result.type, op.loc), name=label)
    ctx.set(op.result, result)


def _b_dwords(ctx: FuncContext, op: Dpas, b_t: VectorType, K: int, N: int, f: int) -> ir.Value:
    """B as ``<8*N x i32>`` in VNNI order: dword (k2, n) packs rows k2*f .. k2*f+f-1 of column n."""
    b = ctx.builder
    v = ctx.get(op.rhs)
    dw = ir.VectorType(I32, K // f * N)
    if len(b_t.shape) == 3 or f == 1 or vnni_b(op):  # already VNNI
        v = ctx.regions.raw_operand(v, llvm_name(op.rhs, ".raw"))
        return ctx.bitcast_once(v, dw, llvm_name(op.rhs, ".dw"))
    # Plain [K, N]: interleave each group of f rows column by column.
    packed: ir.Value = undef(v.type)
    for j in range(f):
        rows = ctx.regions.read(v, Region.rows(K // f, N, f * N, j * N), name=llvm_name(op.rhs, f".k{j}"))
        packed = ctx.regions.write(packed, rows, Region.row(K // f * N, j, stride=f),
                          name=llvm_name(op.rhs, ".vnni"))
    packed = ctx.regions.raw_operand(packed, llvm_name(op.rhs, ".raw"))
    return b.bitcast(packed, dw, name=llvm_name(op.rhs, ".dw"))


def pieces(M: int, N: int, E: int, max_repeat: int) -> list[tuple[int, int, int, int]]:
    """The native dpas of an M x N result: (first row, rows, first column, element offset in the
    column-block layout), column block by column block."""
    out = []
    for n0 in range(0, N, E):
        for m0 in range(0, M, max_repeat):
            out.append((m0, min(max_repeat, M - m0), n0, n0 * M + m0 * E))
    return out


def _relayout(ctx: FuncContext, v: ir.Value, t: Type, to_blocked: bool, name: str) -> ir.Value:
    assert isinstance(t, VectorType)
    if isinstance(v, ir.Constant) and len({str(c) for c in getattr(v, "constant", None) or [0]}) == 1:
        return v  # a splat (zeroinitializer) is the same in both layouts
    M, N = t.shape
    lim = ctx.target.dpas
    out: ir.Value = undef(v.type)
    for m0, m, n0, at in pieces(M, N, lim.exec_size, lim.max_repeat):
        rows, block = Region.rows(m, lim.exec_size, N, m0 * N + n0), Region.row(m * lim.exec_size, at)
        src, dst = (rows, block) if to_blocked else (block, rows)
        out = ctx.regions.copy(out, v, src, dst, name=name)
    return out


def to_blocked(ctx: FuncContext, v: ir.Value, t: Type, name: str) -> ir.Value:
    """A row-major M x N accumulator in the column-block layout."""
    return _relayout(ctx, v, t, True, name)


def from_blocked(ctx: FuncContext, v: ir.Value, t: Type, name: str) -> ir.Value:
    """A column-block-layout accumulator row-major again."""
    return _relayout(ctx, v, t, False, name)
