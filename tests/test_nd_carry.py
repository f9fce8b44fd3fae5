"""2-D accesses that move with a loop carry their descriptors (``genx_emit/ops/nd_carry.py``): the
rewritten generic IR, the emitted form (one header per access, moved in place), and the numbers,
simulated for every 2-D message form against numpy."""

from __future__ import annotations

import numpy as np
import pytest

from genx_emit.api import lower_text
from genx_emit.mlir.ir import nested_ops
from genx_emit.mlir.parser import parse_mlir
from genx_emit.ops.nd_carry import carry_nd_positions
from genx_emit.sim import run


def index_constants(*values: int) -> str:
    """Kernel body lines ``%cN = arith.constant N : index``, one per value."""
    return "".join(f"    %c{n} = arith.constant {n} : index\n" for n in values)


# Each K step sums five 8x16 tiles of src: at x = k (twice: one carried descriptor), at x = 2k
# (coefficient 2), at y = k (rows), at a fixed position (hoisted, not carried), and at row
# k / 16 (not of the form c * k + invariant: left as written). The step is 16.
KERNEL = """
gpu.module @m {
  gpu.func @k(%src: memref<64x256xf32>, %dst: memref<8x16xf32>) kernel {
""" + index_constants(0, 2, 8, 16, 32, 48, 64) + """    %zero = arith.constant dense<0.0> : vector<8x16xf32>
    %t = xegpu.create_nd_tdesc %src : memref<64x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %zero) -> (vector<8x16xf32>) {
      %a = xegpu.load_nd %t[%c8, %k] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
      %a2 = xegpu.load_nd %t[%c8, %k] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
      %k2 = arith.muli %k, %c2 : index
      %x2 = arith.addi %k2, %c32 : index
      %b = xegpu.load_nd %t[%c16, %x2] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
      %c = xegpu.load_nd %t[%k, %c64] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
      %d = xegpu.load_nd %t[%c32, %c48] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
      %q = arith.divui %k, %c16 : index
      %e = xegpu.load_nd %t[%q, %c0] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
      %s1 = arith.addf %a, %a2 : vector<8x16xf32>
      %s2 = arith.addf %s1, %b : vector<8x16xf32>
      %s3 = arith.addf %s2, %c : vector<8x16xf32>
      %s4 = arith.addf %s3, %d : vector<8x16xf32>
      %s5 = arith.addf %s4, %e : vector<8x16xf32>
      %next = arith.addf %acc, %s5 : vector<8x16xf32>
      scf.yield %next : vector<8x16xf32>
    }
    %o = xegpu.create_nd_tdesc %dst[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r, %o : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
"""


def _want(src: np.ndarray) -> np.ndarray:
    acc = np.zeros((8, 16), np.float32)
    for k in range(0, 64, 16):
        tiles = [src[8:16, k:k + 16]] * 2 + [src[16:24, 2 * k + 32:2 * k + 48], src[k:k + 8, 64:80],
                                             src[32:40, 48:64], src[k // 16:k // 16 + 8, 0:16]]
        s = tiles[0]
        for t in tiles[1:]:
            s = s + t
        acc = acc + s
    return acc


def _rewritten():
    src = parse_mlir(KERNEL, "k.mlir")
    carry_nd_positions(src)
    (func,) = src.device_functions()
    (loop,) = [op for op in nested_ops(func) if op.name == "scf.for"]
    return func, loop


def test_moving_accesses_get_carried_descriptors():
    func, loop = _rewritten()
    body = loop.regions[0].blocks[0]
    loads = [op for op in body.operations if op.name == "xegpu.load_nd"]
    # a, a2 (one carry), b, c: carried, no offsets; d: hoisted, no offsets; e: as written
    carried = [op for op in loads if "const_offsets" not in op.attributes]
    assert len(loads) == 6 and len(carried) == 5
    assert carried[0].operands[0] is carried[1].operands[0]  # same descriptor and offsets: shared
    assert len(loop.operands) == 3 + 1 + 3 and len(body.arguments) == 1 + 1 + 3 == len(loop.results) + 1
    moves = [op for op in body.operations if op.name == "xegpu.update_nd_offset"]
    assert [tuple(op.attributes["const_offsets"].values) for op in moves] == [(0, 16), (0, 32), (16, 0)]
    assert body.operations[-1].operands[1:] == [m.results[0] for m in moves]
    # the hoisted one is created before the loop at its fixed position and used directly
    (d,) = [op for op in carried if op.operands[0] not in body.arguments]
    entry = func.regions[0].blocks[0].operations
    created = {op.results[0]: op for op in entry if op.name == "xegpu.create_nd_tdesc"}
    assert [v.name for v in created[d.operands[0]].operands[1:]] == ["%c32", "%c48"]
    # the first iteration's x = 0 * 2 + 32 is computed before the loop by copies of the ops
    b_init = created[loop.operands[3 + 2]]  # inits: acc, then a, b, c
    y, x = b_init.operands[1:]
    assert y.name == "%c16"
    add = next(op for op in entry if x in op.results)
    mul = next(op for op in entry if add.operands[0] in op.results)
    assert (add.name, mul.name, mul.operands[0]) == ("arith.addi", "arith.muli", loop.operands[0])
    # the offset arithmetic only the rewritten loads read is gone from the body
    assert not any(op.name == "arith.muli" for op in body.operations)


def test_each_carried_header_is_moved_in_place():
    ll = lower_text(KERNEL, "k.mlir")
    body = ll.split("k.body:")[1].split("k.exit:")[0]
    # one add and one insertelement per moving header; no header is rebuilt in the loop
    assert body.count(".hdr.q") == 0
    # 3 moves, and the y the access left as written sets in a copy of the descriptor's header
    # (its x = 0 is the header's already)
    assert body.count("insertelement <8 x i32>") == 3 + 1
    # its y = k / 16 (udiv), x = 0; the fourth is the loop counter (i32: constant bounds)
    assert body.count("add i32") == 3 + 0 + 1


@pytest.mark.parametrize("target, form", [("pvc", "payload"), ("pvc", "scalar"), ("dg2", "payload")])
def test_carried_positions_compute_the_same_sums(target, form, tmp_path):
    src = np.random.default_rng(3).standard_normal((64, 256)).astype(np.float32)
    ll = tmp_path / "k.ll"
    ll.write_text(lower_text(KERNEL, "k.mlir", target=target, block2d_form=form))
    out = run(ll, "k", grid=(1,), args={"src": src, "dst": np.zeros((8, 16), np.float32)}, target=target)
    np.testing.assert_allclose(out["dst"], _want(src), rtol=1e-5)


def test_a_long_offset_chain_is_left_as_written():
    # 3000 chained adds between k and the offset: beyond what the pass walks (it recurses), so
    # the access keeps its offsets; the kernel still lowers
    chain = "\n".join(f"      %y{i} = arith.addi %y{i - 1}, %c8 : index" for i in range(1, 3000))
    text = KERNEL.replace(
        "      %a = xegpu.load_nd %t[%c8, %k]",
        f"      %y0 = arith.addi %k, %c8 : index\n{chain}\n      %a = xegpu.load_nd %t[%c8, %y2999]")
    src = parse_mlir(text, "k.mlir")
    carry_nd_positions(src)
    (func,) = src.device_functions()
    (a,) = [op for op in nested_ops(func) if op.results and op.results[0].name == "%a"]
    assert "const_offsets" in a.attributes
    assert "define dllexport void @k" in lower_text(text, "k.mlir")


# Two prologue prefetches of the first K slices (a descriptor each, as the workgroup
# distribution writes them), then a K loop that loads an 8x16 tile at k and prefetches the
# 8x32 slice two steps ahead: the loop's prefetch continues the prologue's.
PREFETCHING = """
gpu.module @m {
  gpu.func @k(%src: memref<64x256xf16>, %dst: memref<8x16xf16>) kernel {
""" + index_constants(0, 32, 64, 128) + """    %zero = arith.constant dense<0.0> : vector<8x16xf16>
    %t = xegpu.create_nd_tdesc %src : memref<64x256xf16> -> !xegpu.tensor_desc<8x16xf16>
    %p = xegpu.create_nd_tdesc %src : memref<64x256xf16> -> !xegpu.tensor_desc<8x32xf16>
    %p0 = xegpu.create_nd_tdesc %src : memref<64x256xf16> -> !xegpu.tensor_desc<8x32xf16>
    xegpu.prefetch_nd %p0[%c0, %c0] : !xegpu.tensor_desc<8x32xf16>
    %p1 = xegpu.create_nd_tdesc %src : memref<64x256xf16> -> !xegpu.tensor_desc<8x32xf16>
    xegpu.prefetch_nd %p1[%c0, %c32] : !xegpu.tensor_desc<8x32xf16>
    %r = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (vector<8x16xf16>) {
      %a = xegpu.load_nd %t[%c0, %k] : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %ahead = arith.addi %k, %c64 : index
      xegpu.prefetch_nd %p[%c0, %ahead] : !xegpu.tensor_desc<8x32xf16>
      %next = arith.addf %acc, %a : vector<8x16xf16>
      scf.yield %next : vector<8x16xf16>
    }
    %o = xegpu.create_nd_tdesc %dst[0, 0] : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    xegpu.store_nd %r, %o : vector<8x16xf16>, !xegpu.tensor_desc<8x16xf16>
    gpu.return
  }
}
"""


def test_the_loops_prefetch_takes_the_prologue_prefetchs_header():
    src = parse_mlir(PREFETCHING, "k.mlir")
    carry_nd_positions(src)
    (func,) = src.device_functions()
    made = [op.results[0].name for op in func.regions[0].blocks[0].operations
            if op.name == "xegpu.create_nd_tdesc"]
    # the prefetch's descriptor is made first, though the load comes first in the loop
    assert made.index("%p_at1") < made.index("%t_at2")
    ll = lower_text(PREFETCHING, "k.mlir")
    # the carried prefetch header is the last prologue prefetch's (dead after its send, the same
    # 8x32 shape) with x moved: no template of its own for IGC to keep and copy
    assert "%p_at1.hdr.x = insertelement <8 x i32> %pf0.hdr.x, i32 %ahead_0.i32, i32 5" in ll
    assert "%p_at1.hdr.q" not in ll
