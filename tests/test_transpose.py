"""``Regions.transpose`` on every element size and both targets: the emitted calls, run by a
byte-level evaluator of rdregion/wrregion (reference section 4) and bitcast, give numpy's
transpose, and every emitted region access is legal for the target."""

from __future__ import annotations

import numpy as np
import pytest
from llvmlite import ir

from genx_emit.genx import legalize
from genx_emit.genx.intrinsics import Intrinsics
from genx_emit.genx.region import Region
from genx_emit.genx.regions import Regions, esize
from genx_emit.targets import DG2, PVC

TYPES = {"i8": ir.IntType(8), "half": ir.HalfType(), "i16": ir.IntType(16), "float": ir.FloatType(),
         "double": ir.DoubleType()}


def _ints(call: ir.CallInstr, first: int, n: int) -> list[int]:
    return [a.constant for a in call.args[first : first + n]]


def evaluate(block: ir.Block, inputs: dict[ir.Value, np.ndarray]) -> dict[ir.Value, np.ndarray]:
    """Byte arrays of every value the block computes. Undef bytes are 0xEE."""
    vals = dict(inputs)

    def get(v: ir.Value) -> np.ndarray:
        if isinstance(v, ir.Constant):
            return np.full(v.type.count * esize(v.type), 0xEE, np.uint8)
        return vals[v]

    for ins in block.instructions:
        if isinstance(ins, ir.CastInstr) and ins.opname == "bitcast":
            vals[ins] = get(ins.operands[0])
            continue
        assert isinstance(ins, ir.CallInstr), ins
        name = ins.callee.name
        if name.startswith("llvm.genx.rdregion"):
            src = get(ins.args[0])
            es = esize(ins.args[0].type)
            vstride, width, stride = _ints(ins, 1, 3)
            off = ins.args[4].constant
            count = ins.type.count
            r = Region(count=count, width=width, stride=stride, vstride=vstride, offset=off // es)
            idx = r.indices()
            vals[ins] = np.concatenate([src[i * es : (i + 1) * es] for i in idx])
        elif name.startswith("llvm.genx.wrregion"):
            out = get(ins.args[0]).copy()
            new = get(ins.args[1])
            es = esize(ins.type)
            vstride, width, stride = _ints(ins, 2, 3)
            off = ins.args[5].constant
            count = len(new) // es
            r = Region(count=count, width=width, stride=stride, vstride=vstride, offset=off // es)
            for k, i in enumerate(r.indices()):
                out[i * es : (i + 1) * es] = new[k * es : (k + 1) * es]
            vals[ins] = out
        else:
            raise AssertionError(f"unexpected call {name}")
    return vals


def accesses(block: ir.Block):
    """(region, element bytes, is destination) of every emitted region call."""
    for ins in block.instructions:
        if not isinstance(ins, ir.CallInstr):
            continue
        name = ins.callee.name
        if name.startswith("llvm.genx.rdregion"):
            es = esize(ins.args[0].type)
            vs, w, s = _ints(ins, 1, 3)
            count = ins.type.count
            offset = ins.args[4].constant // es
            yield Region(count=count, width=w, stride=s, vstride=vs, offset=offset), es, False
        elif name.startswith("llvm.genx.wrregion"):
            es = esize(ins.type)
            vs, w, s = _ints(ins, 2, 3)
            count = ins.args[1].type.count
            offset = ins.args[5].constant // es
            yield Region(count=count, width=w, stride=s, vstride=vs, offset=offset), es, True


@pytest.mark.parametrize("target", [PVC, DG2], ids=["pvc", "dg2"])
@pytest.mark.parametrize("ty", list(TYPES))
@pytest.mark.parametrize("rows,cols", [(8, 16), (16, 8), (16, 32), (32, 16), (4, 8), (8, 2), (6, 10)])
def test_transpose_is_numpy_transpose_and_legal(target, ty, rows, cols):
    module = ir.Module()
    vec = ir.VectorType(TYPES[ty], rows * cols)
    fn = ir.Function(module, ir.FunctionType(ir.VoidType(), [vec]), name="k")
    block = fn.append_basic_block("entry")
    regions = Regions(ir.IRBuilder(block), Intrinsics(module), target)
    out = regions.transpose(fn.args[0], rows, cols, name="t")
    es = esize(vec)
    data = np.random.default_rng(rows * 100 + cols).integers(0, 256, rows * cols * es, dtype=np.uint8)
    got = evaluate(block, {fn.args[0]: data})[out]
    want = data.reshape(rows, cols, es).transpose(1, 0, 2).reshape(-1)
    assert np.array_equal(got, want)
    for r, e, dest in accesses(block):
        assert legalize.why_illegal(r, e, target, dest=dest) is None, (r, e, dest)
