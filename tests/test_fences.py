"""Redundant LSC fences (lower/transforms/fences.py): which fences a lowered kernel keeps, merges and drops.

Fences are read back as (sfid, op, scope) codes of the GenX reference (section 8): sfid ugm 0,
slm 3; op none 0, evict 1, invalidate 2, discard 3, clean 4; scope group 0, local 1, tile 2,
gpu 3. Each kernel states what its fences order and why each one stays or goes.
"""

from __future__ import annotations

import pytest
from llvmlite import ir
from test_sync import fences, kernel, lower

from genx_emit.genx.intrinsics import Intrinsics, by_mangled_name, load_table, memory_effect
from genx_emit.lower.transforms import fences as F

ARGS = "%a: memref<64xf32>"
TD = "!xegpu.tensor_desc<16xf32>"
STD = "!xegpu.tensor_desc<16xf32, #xegpu.block_tdesc_attr<memory_space = slm>>"
GLOBAL = f"%t = xegpu.create_nd_tdesc %a[0] : memref<64xf32> -> {TD}"
LOAD = f"%v = xegpu.load_nd %t : {TD} -> vector<16xf32>"
STORE = f"xegpu.store_nd %v, %t : vector<16xf32>, {TD}"
PREFETCH = f"xegpu.prefetch_nd %t : {TD}"
SLM = ("%s = memref.alloc() : memref<64xf32, 3>",
       f"%st = xegpu.create_nd_tdesc %s[0] : memref<64xf32, 3> -> {STD}")
SLM_STORE = f"xegpu.store_nd %v, %st : vector<16xf32>, {STD}"
UGM_GROUP = "xegpu.fence memory_kind = global, fence_scope = workgroup"
UGM_GPU = "xegpu.fence memory_kind = global, fence_scope = gpu"
SLM_FENCE = "xegpu.fence memory_kind = slm, fence_scope = workgroup"


def mfence(op: str, scope: str = "gpu") -> str:
    return f'XeGPU.mfence {{memory_kind = "ugm", fence_op = "{op}", fence_scope = "{scope}"}}'


def got(*body: str) -> list[tuple[int, int, int]]:
    return fences(lower(GLOBAL, LOAD, *SLM, *body, args=ARGS))


# -- dropped: nothing of that memory accessed since a fence at least as strong ----------------
def test_a_repeated_fence_is_dropped():
    assert got(STORE, UGM_GPU, UGM_GPU) == [(0, 0, 3)]


def test_a_narrower_fence_after_a_wider_one_is_dropped():
    assert got(STORE, UGM_GPU, UGM_GROUP, mfence("none", "local")) == [(0, 0, 3)]


def test_a_fence_whose_cache_work_was_done_is_dropped():
    # evict writes dirty lines back and drops every line: a later clean or invalidate finds nothing.
    assert got(STORE, mfence("evict"), mfence("clean"), mfence("invalidate", "tile")) == [(0, 1, 3)]


def test_accesses_of_another_memory_do_not_keep_a_fence():
    # The SLM store is ordered by neither ugm fence; the second ugm fence orders nothing new.
    assert got(STORE, UGM_GPU, SLM_STORE, UGM_GPU) == [(0, 0, 3)]


def test_barrier_fences_after_an_explicit_fence_are_dropped():
    # slm_roundtrip's shape: the kernel's own SLM fence, then gpu.barrier's ugm and slm fences.
    # The load of %a is a pending ugm access: gpu.barrier's ugm fence stays, its slm fence goes.
    assert got(SLM_STORE, SLM_FENCE, "gpu.barrier") == [(3, 0, 0), (0, 0, 0)]


def test_a_barrier_does_not_undo_a_fence_that_only_orders():
    # The second barrier's fences would order the same (no access in between): dropped.
    assert got(STORE, SLM_STORE, "gpu.barrier", "gpu.barrier") == [(0, 0, 0), (3, 0, 0)]


def test_scheduling_hints_and_arithmetic_are_not_accesses():
    body = (STORE, UGM_GPU, "xegpu.compile_hint", "%w = arith.addf %v, %v : vector<16xf32>", UGM_GPU)
    assert got(*body) == [(0, 0, 3)]


# -- kept ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("access", [STORE, LOAD.replace("%v =", "%v2 ="), PREFETCH])
def test_a_fence_after_an_access_of_its_memory_is_kept(access):
    assert got(STORE, UGM_GPU, access, UGM_GPU) == [(0, 0, 3), (0, 0, 3)]


def test_an_slm_fence_after_an_slm_store_is_kept():
    assert got(SLM_STORE, SLM_FENCE, SLM_STORE, SLM_FENCE) == [(3, 0, 0), (3, 0, 0)]


def test_a_wider_fence_after_a_narrower_one_is_kept_when_not_adjacent():
    # The SLM store between them keeps them apart (no merge), and group scope does not reach
    # the GPU: both stay.
    assert got(STORE, UGM_GROUP, SLM_STORE, UGM_GPU) == [(0, 0, 0), (0, 0, 3)]


def test_fences_of_different_memories_are_all_kept():
    assert got(STORE, SLM_STORE, UGM_GROUP, SLM_FENCE) == [(0, 0, 0), (3, 0, 0)]


def test_an_invalidating_fence_counts_no_more_after_a_barrier():
    # invalidate acts for the loads after it: past a barrier other threads may have published
    # data that the cache holds stale, so the second invalidate is kept; an ordering-only fence
    # after it is still covered.
    body = (STORE, mfence("invalidate"), "gpu.barrier memfence []", mfence("invalidate"), mfence("none"))
    assert got(*body) == [(0, 2, 3), (0, 2, 3)]


def test_fences_in_a_loop_body_and_after_the_loop_are_kept():
    # A block starts with nothing fenced: the body runs after the previous iteration's accesses
    # (or the code before the loop); after the loop, after the body's.
    loop = ["%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index",
            "%c4 = arith.constant 4 : index", UGM_GPU,
            "scf.for %i = %c0 to %c4 step %c1 {", f"  {UGM_GPU}", "}", UGM_GPU]
    assert got(STORE, *loop) == [(0, 0, 3)] * 3


def test_fences_in_an_if_branch_are_kept():
    branch = ["%c = arith.constant true", UGM_GPU, "scf.if %c {", f"  {UGM_GPU}", "}", UGM_GPU]
    assert got(STORE, *branch) == [(0, 0, 3)] * 3


def test_a_fence_at_the_kernel_start_is_kept():
    assert fences(lower(UGM_GPU)) == [(0, 0, 3)]


# -- merged: consecutive fences of one memory with only memory-free instructions between -------
def test_adjacent_fences_merge_into_the_widest_scope():
    # fence_and_hints' shape: group then gpu scope, an SLM fence between: one ugm fence at gpu scope.
    assert got(STORE, UGM_GROUP, SLM_FENCE, UGM_GPU) == [(0, 0, 3), (3, 0, 0)]


def test_clean_then_invalidate_merge_into_evict():
    assert got(STORE, mfence("clean", "tile"), mfence("invalidate", "gpu")) == [(0, 1, 3)]


def test_discard_and_clean_do_not_merge():
    # No one operation does both: discard drops the dirty lines that clean writes back.
    assert got(STORE, mfence("clean"), mfence("discard")) == [(0, 4, 3), (0, 3, 3)]


def test_merge_keeps_the_first_fence_source_line_for_annotate():
    from genx_emit.api import lower_text

    ll = lower_text(kernel(GLOBAL, LOAD, STORE, UGM_GROUP, UGM_GPU, args=ARGS), "k.mlir", annotate=True)
    lines = ll.splitlines()
    at = next(i for i, s in enumerate(lines) if "call void @llvm.genx.lsc.fence" in s)
    assert "k.mlir:6: xegpu.fence memory_kind = global, fence_scope = workgroup" in lines[at - 1]
    assert "op=none scope=gpu" in lines[at]


# -- the data the rule reads --------------------------------------------------------------------
def test_orderings_name_every_fence_word_of_the_table():
    enums = load_table().enums
    assert F.SCOPE_ORDER == tuple(enums["fence_scope"].values)  # same words, narrowest first
    assert set(F.FLUSH_COVERS) == set(enums["fence_op"].values)
    assert all(op in covers and "none" in covers for op, covers in F.FLUSH_COVERS.items())
    assert set(F.DROPS_LINES) <= set(F.FLUSH_COVERS)
    assert set(F.SAME_STORAGE) == set(enums["fence_sfid"].values)


@pytest.mark.parametrize(("a", "b", "joined"), [
    ("none", "none", "none"), ("none", "evict", "evict"), ("clean", "invalidate", "evict"),
    ("invalidate", "evict", "evict"), ("discard", "clean", None), ("discard", "evict", None),
    ("flush_l3", "none", "flush_l3"), ("flush_l3", "clean", None),
])
def test_join(a, b, joined):
    assert F.join(a, b) == F.join(b, a) == joined


@pytest.mark.parametrize(("name", "effect"), [
    ("lsc.load.stateless", "ugm"), ("lsc.store.slm", "slm"), ("lsc.xatomic.slm", "slm"),
    ("lsc.prefetch2d.stateless", "ugm"), ("lsc.fence", "fence"), ("barrier", "barrier"),
    ("nbarrier", "barrier"), ("rdregionf", "none"), ("dpas2", "none"), ("local.id", "none"),
])
def test_memory_effects_of_the_table(name, effect):
    d = by_mangled_name(name)
    assert d is not None and memory_effect(d, []) == effect


def _call(intr: Intrinsics, name: str, **operands) -> ir.CallInstr:
    fn = ir.Function(intr.module, ir.FunctionType(ir.VoidType(), []), name=f"k{len(intr.module.functions)}")
    return intr.call(ir.IRBuilder(fn.append_basic_block()), name, **operands)


def test_operand_decided_effects():
    intr = Intrinsics(ir.Module())
    assert F.touches(_call(intr, "fence", mask="sched_only")) == "none"
    hdr = ir.Constant(ir.VectorType(ir.IntType(32), 8), None)
    send = dict(exec_size="simd1", src_grfs=1, desc=0, src=hdr)
    ugm = _call(intr, "raw.send2.noresult", sfid="ugm", **send)
    assert F.touches(ugm) == "ugm"
    # Operand values the table names no effect for (the table refuses to emit them; another
    # writer's IR may hold them): a vISA memory fence, a send to another shared function.
    b = ir.IRBuilder(ugm.parent)
    i8 = ir.IntType(8)
    fence = b.call(intr.declare("fence", []), [ir.Constant(i8, 1)])
    other = b.call(ugm.callee, [*ugm.args[:4], ir.Constant(i8, 12), *ugm.args[5:]])
    assert F.touches(fence) == F.touches(other) == "any"


def test_unknown_calls_and_llvm_memory_instructions_access_every_memory():
    m = ir.Module()
    intr = Intrinsics(m)
    fn = ir.Function(m, ir.FunctionType(ir.VoidType(), [ir.PointerType(ir.IntType(32))]), name="k")
    b = ir.IRBuilder(fn.append_basic_block())
    helper = ir.Function(m, ir.FunctionType(ir.VoidType(), []), name="helper")
    for access in (lambda: b.call(helper, []), lambda: b.store(ir.Constant(ir.IntType(32), 0), fn.args[0]),
                   lambda: b.load(fn.args[0])):
        for words in (("slm", "none", "group"), ("ugm", "none", "gpu")):
            intr.call(b, "lsc.fence", sfid=words[0], op=words[1], scope=words[2])
        access()
    b.ret_void()
    F.drop_redundant_fences(fn, intr)
    assert sum("lsc.fence" in str(i) for i in fn.blocks[0].instructions) == 6
