"""Plain LLVM instructions in the simulator (integer wrap and signedness, float compares with
NaN, casts, vector element ops, phi loops) and the reader's refusals, each naming the
instruction and its line."""
# ruff: noqa: E501  (hand-written LLVM IR lines are long)

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from test_sim_kit import kernel_ll, run_body, store_words, vec

from genx_emit.sim import SimError, run
from genx_emit.sim.intrinsics import base_name
from genx_emit.sim.reader import parse_module

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _ints(expr_lines: str, result: str = "%r") -> list[int]:
    """Run lines computing a <4 x i32> ``result``; return it."""
    return run_body(expr_lines + store_words(result, 4) + "  ret void\n", 4, np.int32).tolist()


A = vec("i32", [7, -7, 2147483647, -1])
B = vec("i32", [2, 2, 1, 3])


@pytest.mark.parametrize("op, expect", [
    ("add", [9, -5, -2147483648, 2]),  # wraps
    ("sub", [5, -9, 2147483646, -4]),
    ("mul", [14, -14, 2147483647, -3]),
    ("sdiv", [3, -3, 2147483647, 0]),  # truncates toward zero
    ("srem", [1, -1, 0, -1]),
    ("udiv", [3, 2147483644, 2147483647, 1431655765]),
    ("urem", [1, 1, 0, 0]),
    ("shl", [28, -28, -2, -8]),
    ("lshr", [1, 1073741822, 1073741823, 536870911]),
    ("ashr", [1, -2, 1073741823, -1]),
    ("and", [2, 0, 1, 3]),
    ("xor", [5, -5, 2147483646, -4]),
])
def test_integer_binops(op: str, expect: list[int]) -> None:
    assert _ints(f"  %r = {op} <4 x i32> {A}, {B}\n") == expect


def test_scalar_compares_and_select_and_casts() -> None:
    body = """  %a = add i32 -1, 0
  %ult = icmp ult i32 %a, 5
  %slt = icmp slt i32 %a, 5
  %z = zext i1 %ult to i32
  %s = sext i1 %slt to i32
  %w = zext i32 %a to i64
  %t = trunc i64 %w to i16
  %t32 = sext i16 %t to i32
  %u = uitofp i32 %a to float
  %big = fcmp ogt float %u, 4.0e9
  %bz = zext i1 %big to i32
  %v0 = insertelement <4 x i32> zeroinitializer, i32 %z, i32 0
  %v1 = insertelement <4 x i32> %v0, i32 %s, i32 1
  %v2 = insertelement <4 x i32> %v1, i32 %t32, i32 2
  %r = insertelement <4 x i32> %v2, i32 %bz, i32 3
"""
    # -1 is not < 5 unsigned; is < 5 signed (sext true = -1); trunc keeps -1; 4294967295.0 > 4e9
    assert _ints(body) == [0, -1, -1, 1]


def test_fcmp_nan_rules_and_float_to_int() -> None:
    x = vec("float", [1.0, float("nan"), 3.0, -2.5])
    y = vec("float", [1.0, 1.0, float("nan"), 2.0])
    body = f"""  %oeq = fcmp oeq <4 x float> {x}, {y}
  %ueq = fcmp ueq <4 x float> {x}, {y}
  %one = fcmp one <4 x float> {x}, {y}
  %uno = fcmp uno <4 x float> {x}, {y}
  %a = zext <4 x i1> %oeq to <4 x i32>
  %b = zext <4 x i1> %ueq to <4 x i32>
  %c = zext <4 x i1> %one to <4 x i32>
  %d = zext <4 x i1> %uno to <4 x i32>
  %b2 = shl <4 x i32> %b, <i32 1, i32 1, i32 1, i32 1>
  %c4 = shl <4 x i32> %c, <i32 2, i32 2, i32 2, i32 2>
  %d8 = shl <4 x i32> %d, <i32 3, i32 3, i32 3, i32 3>
  %ab = or <4 x i32> %a, %b2
  %abc = or <4 x i32> %ab, %c4
  %r = or <4 x i32> %abc, %d8
"""
    # lane 0 equal: oeq, ueq; lanes 1, 2 NaN: ueq, uno; lane 3 different: one
    assert _ints(body) == [3, 10, 10, 4]
    assert _ints(f"  %r = fptosi <4 x float> {vec('float', [1.9, -1.9, 0.0, -0.0])} to <4 x i32>\n") == [1, -1, 0, 0]


def test_bitcast_shuffle_extract_and_half() -> None:
    body = f"""  %h = fptrunc <4 x float> {vec('float', [1.0, -2.0, 0.5, 65504.0])} to <4 x half>
  %h2 = fadd <4 x half> %h, %h
  %hb = bitcast <4 x half> %h2 to <2 x i32>
  %r = shufflevector <2 x i32> %hb, <2 x i32> {vec('i32', [5, 6])}, <4 x i32> <i32 3, i32 0, i32 1, i32 2>
"""
    out = _ints(body)
    halves = np.array(out[1:3], np.int32).view(np.float16)
    assert out[0] == 6 and out[3] == 5
    assert halves.tolist() == [2.0, -4.0, 1.0, float("inf")]  # 65504 + 65504 overflows f16


def test_phi_loop_sums() -> None:
    body = """entry:
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %loop]
  %acc = phi <4 x i32> [zeroinitializer, %entry], [%acc1, %loop]
  %iv = insertelement <4 x i32> undef, i32 %i, i32 0
  %sp = shufflevector <4 x i32> %iv, <4 x i32> undef, <4 x i32> zeroinitializer
  %acc1 = add <4 x i32> %acc, %sp
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, 10
  br i1 %c, label %loop, label %exit
exit:
""" + store_words("%acc1", 4) + "  ret void\n"
    assert run_body(body, 4, np.int32).tolist() == [45] * 4


def test_scalar_arguments() -> None:
    text = kernel_ll("  %v = insertelement <4 x i32> zeroinitializer, i32 %n, i32 2\n"
                     "  %f = fptosi float %x to i32\n"
                     "  %r = insertelement <4 x i32> %v, i32 %f, i32 0\n" + store_words("%r", 4) + "  ret void\n",
                     params="i64 %out, i32 %n, float %x")
    out = run(text, None, 1, {"out": np.zeros(4, np.int32), "n": -5, "x": 3.75})["out"]
    assert out.tolist() == [3, 0, -5, 0]
    with pytest.raises(SimError, match="does not fit i32"):
        run(text, None, 1, {"out": np.zeros(4, np.int32), "n": 1 << 40, "x": 0})
    with pytest.raises(SimError, match="is an address"):
        run(text, None, 1, {"out": 3, "n": 1, "x": 0})
    with pytest.raises(SimError, match="no value for argument x"):
        run(text, None, 1, {"out": np.zeros(4, np.int32), "n": 1})


@pytest.mark.parametrize("line, why", [
    ("  %r = frobnicate i32 1, 2", "unknown instruction 'frobnicate'"),
    ("  %r = add i7 1, 2", "type 'i7' is not a GenX type"),
    ("  %r = call i32 @llvm.genx.frobnicate(i32 1)", "unknown intrinsic @llvm.genx.frobnicate"),
    ("  %r = call i32 @helper(i32 1)", "unknown intrinsic @helper"),
    # a known name followed by something that is not type mangling is another intrinsic
    ("  call void @llvm.genx.barrier.whatever()", "unknown intrinsic @llvm.genx.barrier.whatever"),
    ("  %r = call <16 x float> @llvm.genx.exp.v16f32.fast(<16 x float> zeroinitializer)",
     "unknown intrinsic @llvm.genx.exp.v16f32.fast"),
    ("  %r = load i32, i32* null", "unknown instruction 'load'"),
    ("  switch i32 0, label %x []", "unknown instruction 'switch'"),
    ("  %r = add i32 1, 2 extra", "unexpected 'extra' after the add instruction"),
])
def test_reader_and_compiler_refuse_what_they_do_not_know(line: str, why: str) -> None:
    text = kernel_ll(line + "\n  ret void\n")
    with pytest.raises(SimError) as e:
        run(text, None, 1, {"out": np.zeros(1, np.int32)})
    assert why in str(e.value)
    assert e.value.loc.line == text.splitlines().index(line) + 1


@pytest.mark.parametrize("callee, base", [
    ("llvm.genx.barrier", "barrier"),
    ("llvm.genx.local.id16.v3i16", "local.id16"),
    ("llvm.genx.lsc.fence.i1", "lsc.fence"),
    ("llvm.genx.lsc.load2d.stateless.v128f16.i1.i64", "lsc.load2d.stateless"),
    ("llvm.genx.lsc.load.stateless.v16i32.v16i1.p0i8", "lsc.load.stateless"),
    ("llvm.genx.lsc.load.stateless.v16i32.v16i1.p1", "lsc.load.stateless"),
    ("llvm.genx.barrier.whatever", None),
    ("llvm.genx.barrier.v3", None),
    ("llvm.genx.rdregionf.v16f32.x", None),
    ("llvm.genx.lsc.load.stateless2", None),
    ("llvm.genx.frobnicate.i32", None),
])
def test_base_name_accepts_only_type_mangling(callee: str, base: str | None) -> None:
    assert base_name(callee) == base


def test_every_intrinsic_of_the_samples_resolves() -> None:
    names = {n for p in SAMPLES.glob("*.ll") for n in re.findall(r"@(llvm\.genx\.[\w.]+)", p.read_text())}
    assert len(names) > 50
    assert [n for n in sorted(names) if base_name(n) is None] == []


def test_runtime_faults_name_the_instruction() -> None:
    body = "  %z = sub i32 3, 3\n  %r = sdiv i32 7, %z\n  ret void\n"
    with pytest.raises(SimError, match=r"integer division by zero \(in '%r = sdiv i32 7, %z'"):
        run_body(body, 1, np.int32)


def test_endless_loop_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from genx_emit.sim import machine

    monkeypatch.setattr(machine, "MAX_BLOCKS", 100)
    body = "entry:\n  br label %spin\nspin:\n  br label %spin\n"
    with pytest.raises(SimError, match="more than 100 blocks"):
        run_body(body, 1, np.int32)


def test_metadata_layouts_and_kernel_choice() -> None:
    text = kernel_ll("  ret void\n", slm=128, named_barriers=3)
    m = parse_module(text)
    info = m.kernels["k"]
    assert (info.slm_size, info.named_barriers, info.arg_descs) == (128, 3, ["svmptr_t"])
    legacy = text.split("!genx.kernels")[0] + (
        '!genx.kernels = !{!0}\n!0 = !{void (i64)* @k, !"k", !"k", !1, i32 64, !2}\n'
        "!1 = !{i32 0}\n!2 = !{i32 32}\n")
    assert parse_module(legacy).kernels["k"].slm_size == 64
    with pytest.raises(SimError, match="no kernel @other"):
        run(text, "other", 1, {"out": np.zeros(1, np.int32)})
