"""Upstream's current subgroup GEMMs load B plain (``vector<16x16xf16>``) and hand it to
``xegpu.dpas``, which needs it VNNI-packed: lowered as written, every B tile is loaded and then
re-packed with register moves (32 data moves per 16x16 f16 tile on pvc). When a plain 8/16-bit
``load_nd``'s result is used only as dpas B operands, loading it with the VNNI transform gives
those operands directly; this rewrite makes that load ``packed`` (result ``[K/f, N, f]``), after
every op was verified as written. Values are otherwise untouched, so the numbers cannot change.
SIMT kernels (per-lane values) are left alone."""

from __future__ import annotations

import dataclasses

from genx_emit.mlir.ir import Value
from genx_emit.mlir.types import TensorDescType, VectorType, element_bits
from genx_emit.ops.dpas import Dpas
from genx_emit.ops.model import Func, Op
from genx_emit.ops.nd import LoadNd
from genx_emit.ops.simt_layout import simt_kernel
from genx_emit.ops.types import tdesc_info


def _operands(op: Op) -> list[tuple[str, Value]]:
    """Every (field, value) an op reads (results and nested bodies excluded)."""
    out = []
    for f in dataclasses.fields(op):
        if f.name in ("results", "loc"):
            continue
        v = getattr(op, f.name)
        if isinstance(v, Value):
            out.append((f.name, v))
        elif isinstance(v, list | tuple):
            out += [(f.name, x) for x in v if isinstance(x, Value)]
    return out


def _walk(ops: list[Op]):
    for op in ops:
        yield op
        for body in op.bodies():
            yield from _walk(body)


def pack_b_loads(f: Func) -> int:
    """Rewrite ``f``'s plain loads feeding only dpas B operands to VNNI loads; returns how many."""
    if simt_kernel(f) is not None:
        return 0
    ops = [op for block in f.all_blocks() for op in _walk(block)]
    uses: dict[Value, list[tuple[Op, str]]] = {}
    for op in ops:
        for name, v in _operands(op):
            uses.setdefault(v, []).append((op, name))
    done = 0
    for op in ops:
        if not (isinstance(op, LoadNd) and not op.packed and op.transpose is None
                and op.vnni_axis is None and len(op.results) == 1):
            continue
        t, res = op.tdesc.type, op.result.type
        if not (isinstance(t, TensorDescType) and isinstance(res, VectorType) and len(t.shape) == 2):
            continue
        info = tdesc_info(t)
        bits = element_bits(t.element)
        if info.array_length != 1 or bits not in (8, 16) or tuple(res.shape) != tuple(t.shape):
            continue
        f_ = 32 // bits
        k, n = res.shape
        users = uses.get(op.result, [])
        if k % f_ or not users or any(not (isinstance(u, Dpas) and name == "rhs" and u.lhs is not op.result
                                           and u.acc is not op.result) for u, name in users):
            continue
        op.packed = True
        op.result.type = VectorType((k // f_, n, f_), res.element)
        done += 1
    return done
