"""Module assembly: the gemm tile of example-gemm-tile.ll built through ``Intrinsics.call`` and
rendered by ``render_module`` must parse (llvmlite, llvm-as-14) and pass the real toolchain."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import SHARED_TOOLS, Toolchain
from llvmlite import ir

from genx_emit.emit import KernelArg, KernelInfo, render_module, verify_llvm
from genx_emit.genx.intrinsics import Intrinsics, zeroinitializer

I1, I8, I32, I64 = (ir.IntType(w) for w in (1, 8, 32, 64))
F32 = ir.FloatType()


def vec(n: int, t: ir.Type) -> ir.VectorType:
    return ir.VectorType(t, n)


EXAMPLE = SHARED_TOOLS.parent / "docs" / "example-gemm-tile.ll"


def gemm_tile_module() -> tuple[ir.Module, KernelInfo]:
    """example-gemm-tile.ll, instruction for instruction, built the way lowering code builds it."""
    module = ir.Module()
    fn = ir.Function(module, ir.FunctionType(ir.VoidType(), [I64, I64, I64]), "gemm_tile")
    for arg, name in zip(fn.args, "abc", strict=True):
        arg.name = name
    a, b, c = fn.args
    builder = ir.IRBuilder(fn.append_basic_block("entry"))
    intr = Intrinsics(module)
    # A 64x64 bf16 matrix: 128-byte rows, 64 rows (fields are minus one).
    surface = {"surface_width": 127, "surface_height": 63, "surface_pitch": 127, "x": 0, "y": 0}
    load = {"data_size": "u16", "block_width": 16, "base": a, **surface}
    av = intr.call(builder, "lsc.load2d.stateless", ret=vec(64, I32), block_height=8, label="av", **load)
    bv = intr.call(builder, "lsc.load2d.stateless", ret=vec(128, I32), block_height=16, vnni="vnni",
                   label="bv", **(load | {"base": b}))
    acc = intr.call(builder, "dpas2", ret=vec(128, F32), acc=zeroinitializer(vec(128, F32)), src1=bv, src2=av,
                    precision_src1="bf16", precision_src2="bf16", repeat_count=8, label="acc")
    intr.call(builder, "lsc.store2d.stateless", data_size="u32", block_width=16, block_height=8, base=c,
              surface_width=255, surface_height=63, surface_pitch=255, x=0, y=0, data=acc)
    builder.ret_void()
    return module, KernelInfo(fn, [KernelArg("a"), KernelArg("b"), KernelArg("c")])


def _lines(text: str, prefix: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip().startswith(prefix)]


def _body(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if re.match(r"\s+(%\w+ = )?(call|ret)\b", ln)]


EXPECTED_MD = """\
!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @gemm_tile, !"gemm_tile", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
"""


def test_gemm_tile_reproduces_the_example() -> None:
    text = render_module(*_single(gemm_tile_module()))
    if not EXAMPLE.exists():
        pytest.skip(f"{EXAMPLE} not found (set GENX_SHARED_TOOLS)")
    example = EXAMPLE.read_text()
    assert _body(text) == _body(example)
    assert _lines(text, "declare") == sorted(_lines(example, "declare"))
    assert text.startswith(
        'target datalayout = "e-p:64:64-i64:64-n8:16:32:64"\ntarget triple = "genx64-unknown-unknown"\n'
    )
    assert "define dllexport void @gemm_tile(i64 %a, i64 %b, i64 %c) #0 {" in text
    assert 'attributes #0 = { "CMGenxMain" "oclrt"="1" }\n' in text
    assert text.endswith(EXPECTED_MD)
    verify_llvm(text)


def _single(built: tuple[ir.Module, KernelInfo]) -> tuple[ir.Module, list[KernelInfo]]:
    return built[0], [built[1]]


def _llvm_as(path: Path) -> None:
    if shutil.which("llvm-as-14") is None:
        pytest.skip("llvm-as-14 is not installed")
    r = subprocess.run(["llvm-as-14", "-o", os.devnull, str(path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_gemm_tile_passes_llvm_as_and_igc_check(tmp_path: Path, toolchain: Toolchain) -> None:
    path = tmp_path / "gemm_tile.ll"
    path.write_text(render_module(*_single(gemm_tile_module())))
    _llvm_as(path)
    result = toolchain.igc_check(path, "pvc")
    assert result.returncode == 0, result.output
    assert result.bad_signatures == 0
    stats = result.kernels["gemm_tile"]
    assert (stats["dpas"], stats["block2d"], stats["scratch"]) == (1, 3, 0)


def test_legacy_layout(tmp_path: Path) -> None:
    text = render_module(*_single(gemm_tile_module()), kernel_md="legacy")
    assert text.endswith(
        "!genx.kernels = !{!0}\n"
        '!0 = !{void (i64, i64, i64)* @gemm_tile, !"gemm_tile", !"gemm_tile", !1, i32 0, !2}\n'
        "!1 = !{i32 0, i32 0, i32 0}\n"
        "!2 = !{i32 32, i32 40, i32 48}\n"
    )
    verify_llvm(text)
    path = tmp_path / "legacy.ll"
    path.write_text(text)
    _llvm_as(path)


def test_rendering_is_deterministic() -> None:
    first = render_module(*_single(gemm_tile_module()))
    module, kernel = gemm_tile_module()
    assert render_module(module, [kernel]) == first
    assert render_module(module, [kernel]) == first  # rendering does not change the module


def two_kernels_and_a_subroutine() -> tuple[ir.Module, list[KernelInfo]]:
    """A subroutine called by the second kernel; barriers, ids and an SLM-sized, named-barrier kernel."""
    module = ir.Module()
    intr = Intrinsics(module)
    helper = ir.Function(module, ir.FunctionType(vec(16, F32), [vec(16, F32)]), "scale.twice")
    hb = ir.IRBuilder(helper.append_basic_block("entry"))
    hb.ret(hb.fadd(helper.args[0], helper.args[0], name="twice"))

    sync = ir.Function(module, ir.FunctionType(ir.VoidType(), [I64]), "sync_kernel")
    sync.args[0].name = "p"
    b = ir.IRBuilder(sync.append_basic_block("entry"))
    intr.call(b, "nbarrier", mode="signal", id=1, num_threads=16)
    intr.call(b, "nbarrier", mode="wait", id=1, num_threads=0)
    intr.call(b, "lsc.fence", sfid="ugm", op="none", scope="group")
    intr.call(b, "fence", mask="sched_only")
    intr.call(b, "barrier")
    b.ret_void()

    scale = ir.Function(module, ir.FunctionType(ir.VoidType(), [I64, I32]), "scale")
    scale.args[0].name, scale.args[1].name = "p", "n"
    b = ir.IRBuilder(scale.append_basic_block("entry"))
    gid = intr.call(b, "group.id.x", label="gid")
    offset = b.mul(b.zext(gid, I64), ir.Constant(I64, 64), name="offset")
    addr = b.add(scale.args[0], offset, name="addr")
    v = intr.call(
        b,
        "lsc.load.stateless",
        ret=vec(16, F32),
        data_size="u32",
        vector_size="v16",
        order="transpose",
        addr=addr,
        label="v",
    )
    w = b.call(helper, [v], name="w")
    intr.call(
        b,
        "lsc.store.stateless",
        data_size="u32",
        vector_size="v16",
        order="transpose",
        addr=addr,
        data=w,
        l1="write_back",
        l3="write_back",
    )
    b.ret_void()
    kernels = [
        KernelInfo(sync, [KernelArg("p")], slm_size=1024, named_barriers=2),
        KernelInfo(scale, [KernelArg("p"), KernelArg("n", desc="")]),
    ]
    return module, kernels


def test_two_kernels_and_a_subroutine(tmp_path: Path, toolchain: Toolchain) -> None:
    text = render_module(*two_kernels_and_a_subroutine())
    assert "define internal <16 x float> @scale.twice(<16 x float> %.1) {" in text
    assert "define dllexport void @sync_kernel(i64 %p) #0 {" in text
    assert "define dllexport void @scale(i64 %p, i32 %n) #0 {" in text
    assert text.endswith(
        "!genx.kernels = !{!0, !5}\n"
        '!0 = !{void (i64)* @sync_kernel, !"sync_kernel", !1, i32 1024, !2, !3, !4, i32 2}\n'
        "!1 = !{i32 0}\n"
        "!2 = !{i32 32}\n"
        "!3 = !{i32 0}\n"
        '!4 = !{!"svmptr_t"}\n'
        '!5 = !{void (i64, i32)* @scale, !"scale", !6, i32 0, !7, !8, !9, i32 0}\n'
        "!6 = !{i32 0, i32 0}\n"
        "!7 = !{i32 32, i32 40}\n"
        "!8 = !{i32 0, i32 0}\n"
        '!9 = !{!"svmptr_t", !""}\n'
    )
    verify_llvm(text)
    path = tmp_path / "two.ll"
    path.write_text(text)
    _llvm_as(path)
    result = toolchain.igc_check(path, "pvc")
    assert result.returncode == 0, result.output
    assert result.bad_signatures == 0
    assert set(result.kernels) == {"sync_kernel", "scale"}


def test_names_llvm_cannot_read_unquoted_stay_quoted() -> None:
    module = ir.Module()
    fn = ir.Function(module, ir.FunctionType(ir.VoidType(), [I32]), "k")
    fn.args[0].name = "0n"
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    b.add(fn.args[0], fn.args[0], name="x y")
    b.add(fn.args[0], fn.args[0], name="a.b-c$d")
    b.ret_void()
    text = render_module(module, [KernelInfo(fn, [KernelArg("0n")])])
    assert '%"x y" = add i32 %"0n", %"0n"' in text
    assert '%a.b-c$d = add i32 %"0n", %"0n"' in text
    verify_llvm(text)


def test_render_errors() -> None:
    module, kernel = gemm_tile_module()
    with pytest.raises(ValueError, match="kernel_md must be one of"):
        render_module(module, [kernel], kernel_md="v2")
    with pytest.raises(ValueError, match="2 KernelArgs for 3 parameters"):
        render_module(module, [KernelInfo(kernel.function, kernel.args[:2])])
    with pytest.raises(ValueError, match="KernelArg 'c' describes parameter 'a'"):
        render_module(module, [KernelInfo(kernel.function, kernel.args[::-1])])
    with pytest.raises(ValueError, match="listed twice"):
        render_module(module, [kernel, kernel])
    with pytest.raises(ValueError, match="not a function defined in this module"):
        render_module(ir.Module(), [kernel])
    with pytest.raises(ValueError, match="slm_size must be a non-negative int"):
        render_module(module, [KernelInfo(kernel.function, kernel.args, slm_size=-1)])
    sub_module, kernels = two_kernels_and_a_subroutine()
    helper = sub_module.get_global("scale.twice")
    with pytest.raises(ValueError, match="a kernel returns void"):
        render_module(sub_module, [KernelInfo(helper, [KernelArg(".1")])])
    ir.GlobalVariable(sub_module, I32, "counter")
    with pytest.raises(ValueError, match="no global variables; found \\['counter'\\]"):
        render_module(sub_module, kernels)


def test_verify_llvm_reports_invalid_text() -> None:
    with pytest.raises(RuntimeError, match="internal error: the emitted LLVM IR is invalid"):
        verify_llvm("define void @f() {\nentry:\n  ret i32 0\n}\n")
    with pytest.raises(RuntimeError, match="internal error"):
        verify_llvm("define void @f() {\nentry:\n  br label %nowhere\n}\n")
