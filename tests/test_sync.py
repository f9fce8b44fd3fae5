"""Barriers, fences, scheduling hints and SLM allocation: parsing (custom == generic forms, RFC
spellings), every verify and lowering rule with its located message, the intrinsic operands,
the SLM layout and the kernel metadata.

Expected encodings come from the GenX reference (section 8), written out here rather than read
from the intrinsic table: lsc.fence(i1 pred, i8 sfid, i8 op, i8 scope) with sfid ugm 0, slm 3;
op none 0, evict 1, invalidate 2, discard 3, clean 4, flush L3 5; scope group 0, local 1,
tile 2, gpu 3, gpus 4, system 5. nbarrier(i8 mode, i8 id, i8 n) with mode 0 wait, 1 signal.
fence(i8 -128) is the scheduling-only barrier (bit 7 alone).
"""

from __future__ import annotations

import re

import pytest

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.frontend import read_kernels
from genx_emit.lower import driver
from genx_emit.lower.context import FuncContext
from genx_emit.lower.driver import lower_module
from genx_emit.mlir.attrs import DialectAttr
from genx_emit.mlir.parser import parse_mlir
from genx_emit.mlir.types import MemRefType
from genx_emit.ops import sync as S
from genx_emit.targets import DG2, PVC, SLM_ALIGN

NB = "!xegpu.nbarrier"
SFID = {"ugm": 0, "slm": 3}
FENCE_OP = {"none": 0, "evict": 1, "invalidate": 2, "discard": 3, "clean": 4, "flush_l3": 5}
SCOPE = {"group": 0, "local": 1, "tile": 2, "gpu": 3, "gpus": 4, "system": 5}
C8 = ["%c1 = arith.constant 1 : i8", "%c2 = arith.constant 2 : i8"]  # body lines 3 and 4


# -- helpers ---------------------------------------------------------------------------------
def kernel(*body: str, args: str = "", workgroup: str = "") -> str:
    """Kernel @k whose body starts on line 3 at column 5 (an op after ``%x = `` further right)."""
    wg = f" workgroup({workgroup})" if workgroup else ""
    lines = ["gpu.module @m {", f"  gpu.func @k({args}){wg} kernel {{", *(f"    {b}" for b in body),
             "    gpu.return", "  }", "}", ""]
    return "\n".join(lines)


def ops(*body: str, args: str = ""):
    """The op model of ``body`` (without the closing gpu.return)."""
    return read_kernels(kernel(*body, args=args), "k.mlir").funcs[0].body[:-1]


def lower(*body: str, args: str = "", workgroup: str = "", target: str = "pvc") -> str:
    return lower_text(kernel(*body, args=args, workgroup=workgroup), "k.mlir", target)


def err(*body: str, args: str = "", workgroup: str = "", target: str = "pvc") -> DiagnosticError:
    with pytest.raises(DiagnosticError) as e:
        lower(*body, args=args, workgroup=workgroup, target=target)
    return e.value


def msg(*body: str, **kw: str) -> str:
    return str(err(*body, **kw))


def genx_calls(ll: str, name: str) -> list[list[str]]:
    """Operands (``type value``) of every call to llvm.genx.<name>(.<mangling>)."""
    pat = re.compile(rf"call void @llvm\.genx\.{re.escape(name)}(?:\.i1)?\((.*)\)$")
    return [m.group(1).split(", ") for line in ll.splitlines() if (m := pat.search(line))]


def fences(ll: str) -> list[tuple[int, int, int]]:
    out = []
    for c in genx_calls(ll, "lsc.fence"):
        assert c[0] == "i1 true"
        out.append(tuple(int(x.split()[1]) for x in c[1:]))
    return out


def kernel_md(ll: str) -> tuple[int, int]:
    """(SLM bytes, named barrier count): genx.kernels operands 3 and 7."""
    m = re.search(r"^!0 = !\{.*?, !\d+, i32 (\d+), !\d+, !\d+, !\d+, i32 (\d+)\}$", ll, re.M)
    assert m, ll
    return int(m.group(1)), int(m.group(2))


class _Recording(FuncContext):
    """The FuncContext the driver makes, kept for inspection."""

    last: FuncContext | None = None

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        _Recording.last = self


def slm_offsets(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, int], int]:
    """Byte offset of every SLM memref (by SSA name) and the kernel's SLM size."""
    monkeypatch.setattr(driver, "FuncContext", _Recording)
    ll = lower_text(text, "k.mlir")
    ctx = _Recording.last
    assert ctx is not None
    offsets = {v.name: c.constant for v, c in ctx.values.items() if isinstance(v.type, MemRefType)}
    return offsets, kernel_md(ll)[0]


# -- parsing and building: every spelling, custom == generic ---------------------------------
@pytest.mark.parametrize("line", [
    "xegpu.alloc_nbarrier 8",
    '"xegpu.alloc_nbarrier"() <{nbarrier_num = 8 : i64}> : () -> ()',
    "xegpu.alloc_nbarrier 8 {mode = vc}",
])
def test_alloc_nbarrier_attribute_forms(line):
    (op,) = ops(line)
    assert isinstance(op, S.AllocNbarrier) and op.count == 8


@pytest.mark.parametrize("line", [
    "XeGPU.alloc_nbarrier %n : i8",
    '"xegpu.alloc_nbarrier"(%n) : (i8) -> ()',
    "xegpu.alloc_nbarrier %n",
])
def test_alloc_nbarrier_rfc_operand_forms(line):
    c, op = ops("%n = arith.constant 4 : i8", line)
    assert isinstance(op, S.AllocNbarrier) and op.count is c.result


@pytest.mark.parametrize("line", [
    f"%nb = xegpu.init_nbarrier %c1, %c2 : i8, i8 -> {NB}",
    "%nb = XeGPU.init_nbarrier %c1, %c2 : i8, i8 into nbarrier",
    "%nb = XeGPU.init_nbarrier %c1, %c2 : i8, i8 into !XeGPU.nbarrier",
    f'%nb = "xegpu.init_nbarrier"(%c1, %c2) : (i8, i8) -> {NB}',
])
def test_init_nbarrier_forms(line):
    c1, c2, op = ops(*C8, line)
    assert isinstance(op, S.InitNbarrier)
    assert op.barrier_id is c1.result and op.num_threads is c2.result
    assert str(op.result.type) == NB


@pytest.mark.parametrize(("line", "cls"), [
    (f"xegpu.nbarrier_arrive %nb : {NB}", S.NbarrierArrive),
    ("XeGPU.nbarrier_arrive %nb", S.NbarrierArrive),
    (f'"xegpu.nbarrier_arrive"(%nb) : ({NB}) -> ()', S.NbarrierArrive),
    (f"xegpu.nbarrier_wait %nb : {NB}", S.NbarrierWait),
    ("XeGPU.nbarrier_wait %nb", S.NbarrierWait),
    (f'"xegpu.nbarrier_wait"(%nb) : ({NB}) -> ()', S.NbarrierWait),
])
def test_arrive_and_wait_forms(line, cls):
    *_, init, op = ops(*C8, f"%nb = xegpu.init_nbarrier %c1, %c2 : i8, i8 -> {NB}", line)
    assert isinstance(op, cls) and op.nbarrier is init.result


def test_fence_custom_form_is_the_generic_one():
    custom = "xegpu.fence memory_kind = global, fence_scope = workgroup"
    generic = ('"xegpu.fence"() <{fence_scope = #xegpu.fence_scope<workgroup>, '
               'memory_kind = #xegpu.memory_space<global>}> : () -> ()')
    a, b = (parse_mlir(kernel(t)).operations[0].regions[0].blocks[0].operations[0].regions[0].blocks[0]
            .operations[0] for t in (custom, generic))
    assert a.name == b.name == "xegpu.fence"
    assert a.attributes == b.attributes
    assert isinstance(a.attributes["memory_kind"], DialectAttr)


@pytest.mark.parametrize(("line", "words"), [
    ("xegpu.fence memory_kind = global, fence_scope = workgroup", ("global", "none", "workgroup")),
    ("xegpu.fence memory_kind = slm, fence_scope = gpu", ("slm", "none", "gpu")),
    ('"xegpu.fence"() <{fence_scope = #xegpu.fence_scope<gpu>, memory_kind = #xegpu.memory_space<slm>}> '
     ": () -> ()", ("slm", "none", "gpu")),
    ('XeGPU.fence {scope = "gpu",  memory_kind = "global", }', ("global", "none", "gpu")),
    ("XeGPU.fence {scope = workgroup, memory_kind = slm}", ("slm", "none", "workgroup")),
    ('XeGPU.mfence {memory_kind = "ugm", fence_op = "none", fence_scope = "local"}',
     ("ugm", "none", "local")),
    ('XeGPU.mfence {memory_kind = "ugm", fence_op = "flush_l3", fence_scope = "system"}',
     ("ugm", "flush_l3", "system")),
])
def test_fence_spellings(line, words):
    (op,) = ops(line)
    assert isinstance(op, S.Fence)
    assert (op.memory_kind, op.fence_op, op.fence_scope) == words


@pytest.mark.parametrize(("line", "hint"), [
    ("xegpu.compile_hint", "schedule_barrier"),
    ("XeGPU.compile_hint {hint = schedule_barrier}", "schedule_barrier"),
    ('XeGPU.compile_hint {hint = "schedule_barrier"}', "schedule_barrier"),
    ("XeGPU.compile_hint {scheduling_barrier}", "scheduling_barrier"),
    ("XeGPU.compile_hint {mode = vc}", "schedule_barrier"),
    ('"xegpu.compile_hint"() : () -> ()', "schedule_barrier"),
])
def test_compile_hint_spellings(line, hint):
    (op,) = ops(line)
    assert isinstance(op, S.CompileHint) and op.hint == hint


@pytest.mark.parametrize(("line", "spaces"), [
    ("gpu.barrier", None),
    ("gpu.barrier memfence [#gpu.address_space<global>]", ("global",)),
    ("gpu.barrier memfence [#gpu.address_space<workgroup>, #gpu.address_space<global>]",
     ("workgroup", "global")),
    ("gpu.barrier memfence []", ()),
    ('"gpu.barrier"() <{address_spaces = [#gpu.address_space<workgroup>]}> : () -> ()', ("workgroup",)),
])
def test_gpu_barrier_memfence(line, spaces):
    (op,) = ops(line)
    assert isinstance(op, S.GpuBarrier) and op.address_spaces == spaces


@pytest.mark.parametrize("line", [
    "%s = memref.alloc() {alignment = 128 : i64} : memref<4x8xf32, 3>",
    '%s = "memref.alloc"() <{alignment = 128 : i64, operandSegmentSizes = array<i32: 0, 0>}> '
    ": () -> memref<4x8xf32, 3>",
    "%s = memref.alloca() {alignment = 128} : memref<4x8xf32, #gpu.address_space<workgroup>>",
])
def test_alloc_forms(line):
    (op,) = ops(line)
    assert isinstance(op, S.MemrefAlloc)
    assert op.alignment == 128 and not op.dynamic_sizes and op.memref.shape == (4, 8)


def test_dealloc_and_host_allocations_are_left_alone():
    text = "\n".join([
        "func.func @host() {",
        "  %h = memref.alloc() : memref<8xf32>",
        "  memref.dealloc %h : memref<8xf32>",
        "  return",
        "}",
        kernel("%s = memref.alloc() : memref<16xf32, 3>", "memref.dealloc %s : memref<16xf32, 3>"),
    ])
    (f,) = read_kernels(text, "k.mlir").funcs
    alloc, dealloc = f.body[:2]
    assert isinstance(dealloc, S.MemrefDealloc) and dealloc.memref is alloc.result


# -- verify rules (located) ------------------------------------------------------------------
@pytest.mark.parametrize(("body", "args", "text"), [
    (["xegpu.alloc_nbarrier %n : i8"], "%n: i8",
     "k.mlir:3:5: error: xegpu.alloc_nbarrier: the barrier count '%n' must be a constant (arith.constant or "
     "the nbarrier_num attribute)"),
    (["xegpu.alloc_nbarrier 0"], "",
     "k.mlir:3:5: error: xegpu.alloc_nbarrier: the barrier count must be at least 1, got 0"),
    (['"xegpu.alloc_nbarrier"() : () -> ()'], "",
     "k.mlir:3:5: error: xegpu.alloc_nbarrier: expected the barrier count (nbarrier_num = N or an i8 "
     "operand), got nothing"),
    ([f"%nb = xegpu.init_nbarrier %a, %b : i32, i8 -> {NB}"], "%a: i32, %b: i8",
     "k.mlir:3:11: error: xegpu.init_nbarrier: the barrier id '%a' must be i8, got 'i32'"),
    ([f"%nb = xegpu.init_nbarrier %a, %b : i8, index -> {NB}"], "%a: i8, %b: index",
     "k.mlir:3:11: error: xegpu.init_nbarrier: the participant count '%b' must be i8, got 'index'"),
    (["%nb = xegpu.init_nbarrier %a, %b : i8, i8 -> i8"], "%a: i8, %b: i8",
     "k.mlir:3:11: error: xegpu.init_nbarrier: the result must be one !xegpu.nbarrier, got i8"),
    (["%m = arith.constant -1 : i8", f"%nb = xegpu.init_nbarrier %m, %b : i8, i8 -> {NB}"], "%b: i8",
     "k.mlir:4:11: error: xegpu.init_nbarrier: the barrier id must not be negative, got -1"),
    (["%z = arith.constant 0 : i8", f"%nb = xegpu.init_nbarrier %b, %z : i8, i8 -> {NB}"], "%b: i8",
     "k.mlir:4:11: error: xegpu.init_nbarrier: the participant count must be at least 1, got 0"),
    (["xegpu.nbarrier_arrive %b : i8"], "%b: i8",
     "k.mlir:3:5: error: xegpu.nbarrier_arrive: operand '%b' must be a !xegpu.nbarrier (from "
     "xegpu.init_nbarrier), got 'i8'"),
    (['"xegpu.nbarrier_wait"(%b) : (i8) -> ()'], "%b: i8",
     "k.mlir:3:5: error: xegpu.nbarrier_wait: operand '%b' must be a !xegpu.nbarrier (from "
     "xegpu.init_nbarrier), got 'i8'"),
])
def test_nbarrier_verify_errors(body, args, text):
    assert msg(*body, args=args) == text


@pytest.mark.parametrize(("line", "text"), [
    ("xegpu.fence memory_kind = constant, fence_scope = gpu",
     "xegpu.fence: unknown memory_kind 'constant' (valid: global, ugm, slm)"),
    ("xegpu.fence memory_kind = global, fence_scope = subgroup",
     "xegpu.fence: unknown fence_scope 'subgroup' (valid: workgroup, group, local, tile, gpu, gpus, system)"),
    ('XeGPU.mfence {memory_kind = "ugm", fence_op = "flush", fence_scope = "local"}',
     "xegpu.mfence: unknown fence_op 'flush' (valid: none, evict, invalidate, discard, clean, flush_l3)"),
    ("XeGPU.mfence {fence_scope = global}",  # the RFC v1 op table's example has no memory_kind
     "xegpu.mfence: missing 'memory_kind' (one of global, ugm, slm)"),
    ('XeGPU.fence {memory_kind = "global"}',
     "xegpu.fence: missing 'fence_scope' (one of workgroup, group, local, tile, gpu, gpus, system)"),
    ("xegpu.fence memory_kind = global, fence_scope = 3",
     "xegpu.fence: 'fence_scope' must be a word such as global, got '3'"),
    ("XeGPU.compile_hint {hint = unroll}",
     "xegpu.compile_hint: unknown hint 'unroll' (valid: schedule_barrier, scheduling_barrier)"),
    ("XeGPU.compile_hint {mode = vc, unroll}",
     "xegpu.compile_hint: unknown hint 'unroll' (valid: schedule_barrier, scheduling_barrier)"),
    ("gpu.barrier memfence [#gpu.address_space<constant>]",
     "gpu.barrier: unknown memfence address space 'constant' (valid: global, workgroup, private)"),
])
def test_fence_hint_barrier_verify_errors(line, text):
    assert msg(line) == f"k.mlir:3:5: error: {text}"


def test_fence_attr_dict_still_needs_its_closing_brace():
    assert msg("XeGPU.fence {scope = gpu, memory_kind = global") == \
        "k.mlir:4:5: error: expected '}' or ',' in attribute dictionary, got 'gpu.return'"


@pytest.mark.parametrize(("line", "args", "text"), [
    ("%s = memref.alloc(%n) : memref<?xf32, 3>", "%n: index",
     "memref.alloc: dynamic-shaped allocations are not supported, got 'memref<?xf32, 3>' (SLM is laid out "
     "at compile time)"),
    ("%s = memref.alloc() {alignment = 48} : memref<16xf32, 3>", "",
     "memref.alloc: alignment must be a positive power of two, got 48"),
    ('%s = memref.alloc() {alignment = "x"} : memref<16xf32, 3>', "",
     "memref.alloc: alignment must be an integer, got '\"x\"'"),
    ("%s = memref.alloc() : memref<16xf32, strided<[?], offset: 0>, 3>", "",
     "memref.alloc: layout 'strided<[?], offset: 0>' is not supported (identity or static strided only)"),
    ("%s = memref.alloc() : memref<16xf32>", "",
     "memref.alloc: only SLM allocations (memory space 3 or #gpu.address_space<workgroup>) are supported, "
     "got 'memref<16xf32>'"),
    ("%s = memref.alloca() : memref<16xf32, 1>", "",
     "memref.alloca: only SLM allocations (memory space 3 or #gpu.address_space<workgroup>) are supported, "
     "got 'memref<16xf32, 1>'"),
])
def test_alloc_errors(line, args, text):
    assert msg(line, args=args) == f"k.mlir:3:10: error: {text}"


def test_dealloc_of_global_memory_is_an_error():
    assert msg("memref.dealloc %g : memref<16xf32>", args="%g: memref<16xf32>") == \
        "k.mlir:3:5: error: memref.dealloc: only SLM memrefs can be freed here, got 'memref<16xf32>'"


def test_slm_kernel_argument_is_an_error():
    assert msg(args="%a: memref<16xf32>, %s: memref<16xf32, 3>") == \
        ("k.mlir:2:35: error: kernel argument '%s' is an SLM memref ('memref<16xf32, 3>'): SLM cannot be "
         "passed to a kernel; allocate it with memref.alloc or a workgroup attribution")


def test_workgroup_attribution_outside_slm_is_an_error():
    assert msg(workgroup="%w : memref<16xf32>") == \
        ("k.mlir:2:27: error: workgroup attribution '%w' must be a memref in SLM (memory space 3 or "
         "#gpu.address_space<workgroup>), got 'memref<16xf32>'")


# -- named barriers: lowering ----------------------------------------------------------------
def test_named_barrier_ops_lower_to_nbarrier_and_the_count_to_metadata():
    ll = lower("xegpu.alloc_nbarrier 4", *C8, f"%nb = xegpu.init_nbarrier %c1, %c2 : i8, i8 -> {NB}",
               f"xegpu.nbarrier_arrive %nb : {NB}", f"xegpu.nbarrier_wait %nb : {NB}")
    # arrive = signal (mode 1) with the participant count; wait = mode 0 with count 0.
    assert genx_calls(ll, "nbarrier") == [["i8 1", "i8 1", "i8 2"], ["i8 0", "i8 1", "i8 0"]]
    assert "declare void @llvm.genx.nbarrier(i8, i8, i8)" in ll
    assert "nbarrier.arrive" not in ll  # not in the installed toolchain
    assert kernel_md(ll) == (0, 4)


def test_rfc_alloc_operand_sets_the_count():
    ll = lower("%n = arith.constant 6 : i8", "XeGPU.alloc_nbarrier %n : i8")
    assert kernel_md(ll) == (0, 6)


def test_run_time_id_and_count_are_passed_as_values():
    ll = lower("xegpu.alloc_nbarrier 32", f"%nb = xegpu.init_nbarrier %id, %n : i8, i8 -> {NB}",
               "XeGPU.nbarrier_arrive %nb", "XeGPU.nbarrier_wait %nb", args="%id: i8, %n: i8")
    assert genx_calls(ll, "nbarrier") == [["i8 1", "i8 %id", "i8 %n"], ["i8 0", "i8 %id", "i8 0"]]
    assert kernel_md(ll) == (0, 32)


def test_same_count_twice_is_one_allocation():
    assert kernel_md(lower("xegpu.alloc_nbarrier 2", "xegpu.alloc_nbarrier 2")) == (0, 2)


@pytest.mark.parametrize(("body", "text"), [
    (["xegpu.alloc_nbarrier 33"],
     "k.mlir:3:5: error: xegpu.alloc_nbarrier: 33 named barriers requested, pvc has 32"),
    (["xegpu.alloc_nbarrier 2", "xegpu.alloc_nbarrier 3"],
     "k.mlir:4:5: error: xegpu.alloc_nbarrier: the kernel already allocated 2 named barriers; a second "
     "allocation of 3 contradicts it (one count per kernel)"),
    ([*C8, f"%nb = xegpu.init_nbarrier %c1, %c2 : i8, i8 -> {NB}"],
     "k.mlir:5:11: error: xegpu.init_nbarrier: the kernel has no named barriers: an xegpu.alloc_nbarrier "
     "must come before the first init_nbarrier"),
    ([*C8, f"%nb = xegpu.init_nbarrier %c1, %c2 : i8, i8 -> {NB}", "xegpu.alloc_nbarrier 2"],
     "k.mlir:5:11: error: xegpu.init_nbarrier: the kernel has no named barriers: an xegpu.alloc_nbarrier "
     "must come before the first init_nbarrier"),
    (["xegpu.alloc_nbarrier 2", *C8, f"%nb = xegpu.init_nbarrier %c2, %c2 : i8, i8 -> {NB}"],
     "k.mlir:6:11: error: xegpu.init_nbarrier: barrier id 2 is out of range: xegpu.alloc_nbarrier "
     "allocated 2 (ids 0..1)"),
])
def test_named_barrier_lowering_errors(body, text):
    assert msg(*body) == text


def test_no_named_barriers_on_a_target_without_them():
    # DG2 (acm-g10): the toolchain rejects every llvm.genx.nbarrier call, so the target has none.
    assert DG2.max_named_barriers == 0
    km = read_kernels(kernel("xegpu.alloc_nbarrier 1"), "k.mlir")
    with pytest.raises(DiagnosticError) as e:
        lower_module(km, DG2)
    assert str(e.value) == "k.mlir:3:5: error: xegpu.alloc_nbarrier: dg2 has no named barriers"


ID0 = ["xegpu.alloc_nbarrier 2", "%c0 = arith.constant 0 : i8", "%c2 = arith.constant 2 : i8",
       f"%nb = xegpu.init_nbarrier %c0, %c2 : i8, i8 -> {NB}"]  # init on line 6


def test_named_barrier_0_after_gpu_barrier_is_an_error():
    e = err("gpu.barrier", *ID0)
    assert str(e) == ("k.mlir:7:11: error: xegpu.init_nbarrier: named barrier 0 is the work-group barrier "
                      "in hardware, so a kernel cannot use both gpu.barrier and a named barrier with id 0; "
                      "number the named barriers from 1 (and allocate one more)")
    assert [(str(loc), note) for loc, note in e.notes] == [("k.mlir:3:5", "the gpu.barrier is here")]


def test_gpu_barrier_after_named_barrier_0_is_an_error():
    e = err(*ID0, "gpu.barrier")
    assert str(e).startswith("k.mlir:7:5: error: gpu.barrier: named barrier 0 is the work-group barrier")
    notes = [(str(loc), note) for loc, note in e.notes]
    assert notes == [("k.mlir:6:11", "the init_nbarrier of id 0 is here")]


def test_named_barrier_0_without_gpu_barrier_and_id_1_with_it_are_fine():
    ll = lower(*ID0, f"xegpu.nbarrier_arrive %nb : {NB}")
    assert genx_calls(ll, "nbarrier") == [["i8 1", "i8 0", "i8 2"]]
    ll = lower("xegpu.alloc_nbarrier 2", *C8, f"%nb = xegpu.init_nbarrier %c1, %c2 : i8, i8 -> {NB}",
               "gpu.barrier")
    assert genx_calls(ll, "barrier") == [[""]]


# -- fences, hints, gpu.barrier: lowering ----------------------------------------------------
@pytest.mark.parametrize("scope", list(S.FENCE_SCOPES))
@pytest.mark.parametrize("memory", ["global", "ugm"])
def test_global_fence_scopes(memory, scope):
    hw = "group" if scope == "workgroup" else scope
    ll = lower(f'XeGPU.mfence {{memory_kind = "{memory}", fence_scope = "{scope}"}}')
    assert fences(ll) == [(SFID["ugm"], FENCE_OP["none"], SCOPE[hw])]


@pytest.mark.parametrize("fence_op", list(S.FENCE_OPS))
def test_global_fence_ops(fence_op):
    ll = lower(f'XeGPU.mfence {{memory_kind = "ugm", fence_op = "{fence_op}", fence_scope = "gpu"}}')
    assert fences(ll) == [(0, FENCE_OP[fence_op], 3)]


@pytest.mark.parametrize("scope", list(S.FENCE_SCOPES))
def test_slm_fences_are_group_scope(scope):
    # The toolchain takes only (slm, none, group); SLM has no observer outside the work-group.
    assert fences(lower(f"XeGPU.fence {{memory_kind = slm, scope = {scope}}}")) == [(3, 0, 0)]


@pytest.mark.parametrize("fence_op", [w for w in S.FENCE_OPS if w != "none"])
def test_slm_fence_with_a_cache_operation_is_an_error(fence_op):
    assert msg(f'XeGPU.mfence {{memory_kind = "slm", fence_op = "{fence_op}", fence_scope = "group"}}') == (
        f"k.mlir:3:5: error: xegpu.mfence: fence_op '{fence_op}' on slm: shared local memory has no cache, "
        "only fence_op none is valid")


def test_every_memory_word_is_mapped():
    assert set(S.FENCE_MEMORY.values()) <= set(SFID)
    assert set(S.FENCE_SCOPES.values()) == set(SCOPE)
    assert set(S.FENCE_OPS.values()) == set(FENCE_OP)


def test_upstream_fences():
    # One kernel each: in one kernel the first two would merge into one (tests/test_fences.py).
    lines = ("xegpu.fence memory_kind = global, fence_scope = workgroup",
             "xegpu.fence memory_kind = global, fence_scope = gpu",
             '"xegpu.fence"() <{fence_scope = #xegpu.fence_scope<workgroup>, '
             "memory_kind = #xegpu.memory_space<slm>}> : () -> ()")
    assert [fences(lower(line)) for line in lines] == [[(0, 0, 0)], [(0, 0, 3)], [(3, 0, 0)]]
    assert "declare void @llvm.genx.lsc.fence.i1(i1, i8, i8, i8)" in lower(lines[0])


def test_compile_hints_are_scheduling_fences():
    ll = lower("xegpu.compile_hint", "XeGPU.compile_hint {hint = schedule_barrier}",
               "XeGPU.compile_hint {scheduling_barrier}")
    assert genx_calls(ll, "fence") == [["i8 -128"]] * 3
    assert "declare void @llvm.genx.fence(i8)" in ll


@pytest.mark.parametrize(("line", "expected"), [
    # No memfence orders every address space: global (ugm) then SLM, group scope, then barrier().
    ("gpu.barrier", [(0, 0, 0), (3, 0, 0)]),
    ("gpu.barrier memfence [#gpu.address_space<global>]", [(0, 0, 0)]),
    ("gpu.barrier memfence [#gpu.address_space<workgroup>]", [(3, 0, 0)]),
    ("gpu.barrier memfence [#gpu.address_space<workgroup>, #gpu.address_space<global>]",
     [(0, 0, 0), (3, 0, 0)]),
    ("gpu.barrier memfence [#gpu.address_space<private>]", []),
    ("gpu.barrier memfence []", []),
])
def test_gpu_barrier_fences_then_barrier(line, expected):
    ll = lower(line)
    assert fences(ll) == expected
    body = [s.strip() for s in ll.split("entry:\n")[1].split("ret void")[0].splitlines() if s.strip()]
    assert body[-1] == "call void @llvm.genx.barrier()" and len(body) == len(expected) + 1


# -- SLM layout ------------------------------------------------------------------------------
def test_slm_offsets_alignment_and_size(monkeypatch):
    text = kernel(
        "%a = memref.alloc() : memref<3xf32, 3>",  # 12 bytes at 2048 (after the attribution)
        "%b = memref.alloca() {alignment = 256} : memref<10xi8, #gpu.address_space<workgroup>>",  # 2304
        "%c = memref.alloc() {alignment = 16} : memref<2x2xf64, 3>",  # 32 bytes: 64-aligned, 2368
        '%d = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xbf16, 3>',  # 2432
        "%e = memref.alloc() : memref<4x4xf32, strided<[8, 1], offset: 2>, 3>",  # (2+3*8+3+1)*4 = 120 at 2496
        "memref.dealloc %a : memref<3xf32, 3>",
        workgroup="%w : memref<32x32xf16, 3>",
    )
    offsets, size = slm_offsets(text, monkeypatch)
    assert offsets == {"%w": 0, "%a": 2048, "%b": 2304, "%c": 2368, "%d": 2432, "%e": 2496}
    assert size == 2496 + 120
    assert SLM_ALIGN == 64
    assert kernel_md(lower_text(text, "k.mlir")) == (2616, 0)


def test_two_workgroup_attributions_are_laid_out_in_order(monkeypatch):
    text = kernel(workgroup="%x : memref<5xf32, 3>, %y : memref<8x8xf16, #gpu.address_space<workgroup>>")
    assert slm_offsets(text, monkeypatch) == ({"%x": 0, "%y": 64}, 64 + 128)


def test_slm_may_fill_exactly_128_kib():
    ll = lower("%a = memref.alloc() : memref<16384xf32, 3>", "%b = memref.alloc() : memref<16384xf32, 3>")
    assert kernel_md(ll) == (131072, 0)
    assert PVC.max_slm_bytes == DG2.max_slm_bytes == 131072


def test_slm_over_128_kib_is_an_error():
    body = ("%a = memref.alloc() : memref<16384xf32, 3>", "%b = memref.alloc() : memref<16385xf32, 3>")
    assert msg(*body) == (
        "k.mlir:4:10: error: memref.alloc '%b' (65540 bytes at offset 65536) brings the work-group's SLM to "
        "131076 bytes, over the 131072-byte limit of pvc")


def test_slm_over_128_kib_by_alignment_and_attribution(monkeypatch):
    # 131000 bytes of attribution, then 64 bytes aligned to 131008: 131072 fits; one more byte does not.
    ok = kernel("%a = memref.alloc() : memref<64xi8, 3>", workgroup="%w : memref<131000xi8, 3>")
    assert slm_offsets(ok, monkeypatch) == ({"%w": 0, "%a": 131008}, 131072)
    assert msg("%a = memref.alloc() : memref<65xi8, 3>", workgroup="%w : memref<131000xi8, 3>") == (
        "k.mlir:3:10: error: memref.alloc '%a' (65 bytes at offset 131008) brings the work-group's SLM to "
        "131073 bytes, over the 131072-byte limit of pvc")
    assert msg(workgroup="%w : memref<131073xi8, 3>", target="dg2") == (
        "k.mlir:2:27: error: workgroup attribution '%w' (131073 bytes at offset 0) brings the work-group's "
        "SLM to 131073 bytes, over the 131072-byte limit of dg2")


# -- real toolchain --------------------------------------------------------------------------
def _all_fences_kernel() -> str:
    lines = [f'XeGPU.mfence {{memory_kind = "{m}", fence_op = "{o}", fence_scope = "{s}"}}'
             for m in S.FENCE_MEMORY for o in S.FENCE_OPS for s in S.FENCE_SCOPES
             if m != "slm" or o == "none"]
    lines += ["xegpu.compile_hint", "gpu.barrier", "gpu.barrier memfence [#gpu.address_space<workgroup>]",
              "%s = memref.alloc() : memref<256xf32, 3>"]
    return kernel(*lines, args="%p: memref<16xf32>", workgroup="%w : memref<64xf16, 3>")


@pytest.mark.parametrize("target,device", [("pvc", "pvc"), ("dg2", "acm-g10")])
def test_every_accepted_fence_compiles(tmp_path, toolchain, target, device, monkeypatch):
    # Every fence as lowered, none dropped as redundant (they follow one another here).
    monkeypatch.setattr(driver, "drop_redundant_fences", lambda *args: None)
    text = lower_text(_all_fences_kernel(), "k.mlir", target)
    assert len(fences(text)) == _all_fences_kernel().count("XeGPU.mfence") + 2 + 1  # + the barriers'
    ll = tmp_path / "fences.ll"
    ll.write_text(text)
    r = toolchain.igc_check(ll, device)
    assert r.returncode == 0 and r.bad_signatures == 0, r.output


def test_run_time_named_barrier_compiles(tmp_path, toolchain):
    ll = tmp_path / "nbar.ll"
    ll.write_text(lower("xegpu.alloc_nbarrier 32", f"%nb = xegpu.init_nbarrier %id, %n : i8, i8 -> {NB}",
                        "XeGPU.nbarrier_arrive %nb", "XeGPU.nbarrier_wait %nb", args="%id: i8, %n: i8"))
    r = toolchain.igc_check(ll, "pvc")
    assert r.returncode == 0 and r.bad_signatures == 0, r.output


@pytest.mark.parametrize(("line", "args", "text"), [
    ("%s = memref.alloc()[%n] : memref<16xf32, affine_map<(d0)[s0] -> (d0 + s0)>, 3>", "%n: index",
     "k.mlir:3:10: error: memref.alloc: layout symbol operands are not supported"),
    ('%s = "memref.alloc"() : () -> i32', "",
     "k.mlir:3:10: error: memref.alloc: expected one memref result"),
])
def test_alloc_shape_errors(line, args, text):
    assert msg(line, args=args) == text


def test_alloc_in_a_loop_body_is_placed_once(monkeypatch):
    text = kernel("%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index",
                  "%c4 = arith.constant 4 : index", "scf.for %i = %c0 to %c4 step %c1 {",
                  "  %s = memref.alloc() : memref<8xf32, 3>",
                  "  gpu.barrier memfence [#gpu.address_space<workgroup>]", "}")
    assert slm_offsets(text, monkeypatch) == ({"%s": 0}, 32)
