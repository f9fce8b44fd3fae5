"""``genx-emit check``: every region rule on hand-written GenX IR, raw exemptions, locations and
rendering, exit codes, and zero findings on every golden and every sample lowered for DG2 (while
the unsplit raw form of a sample does have findings, so the check can fail)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import SAMPLES

from genx_emit.api import lower_text
from genx_emit.cli import main
from genx_emit.diagnostics import DiagnosticError
from genx_emit.genx.check import Report, check_text
from genx_emit.targets import DG2, PVC, TARGETS, Target

MANGLE = {"float": "f32", "half": "f16", "double": "f64"}


def vt(n: int, t: str) -> str:
    return f"<{n} x {t}>" if n > 1 else t


def mangle(n: int, t: str) -> str:
    s = MANGLE.get(t, t)
    return f"v{n}{s}" if n > 1 else s


def kind(t: str) -> str:
    return "f" if t in MANGLE else "i"


def rd_module(n: int, t: str, src_n: int, vstride: int, width: int, stride: int, offset: int | str,
              *, use: str = "none") -> str:
    """One rdregion of ``src_n`` elements; ``use``: "none", "raw" (only a genx message uses it),
    "mixed" (a message and an add use it). ``offset`` an int (bytes) or a value spelling."""
    name = f"llvm.genx.rdregion{kind(t)}.{mangle(n, t)}.{mangle(src_n, t)}.i16"
    off = f"i16 {offset}"
    params = f"{vt(src_n, t)} %src, i16 %o"
    decls = [f"declare {vt(n, t)} @{name}({vt(src_n, t)}, i32, i32, i32, i16, i32)"]
    body = [f"  %r = call {vt(n, t)} @{name}({vt(src_n, t)} %src, i32 {vstride}, i32 {width}, "
            f"i32 {stride}, {off}, i32 {width})"]
    if use in ("raw", "mixed"):
        sink = f"llvm.genx.lsc.store.stateless.v16i1.v16i64.{mangle(n, t)}"
        decls.append(f"declare void @{sink}(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, "
                     f"{vt(n, t)}, i32)")
        body.append(f"  call void @{sink}(<16 x i1> zeroinitializer, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, "
                    f"i8 1, i8 1, i8 0, <16 x i64> zeroinitializer, {vt(n, t)} %r, i32 0)")
    if use == "mixed":
        op = "fadd" if kind(t) == "f" else "add"
        body.append(f"  %twice = {op} {vt(n, t)} %r, %r")
    return "\n".join([*decls, "", f"define void @k({params}) {{", *body, "  ret void", "}", ""])


def wr_module(n: int, t: str, dst_n: int, vstride: int, width: int, stride: int, offset: int | str,
              *, new: str = "arg", mask: str = "i1 true") -> str:
    """One wrregion of ``n`` elements into ``dst_n``; ``new``: "arg" (a function argument) or
    "message" (the result of a genx load)."""
    mt = "i1" if mask.startswith("i1 ") else mangle(n, "i1")
    name = f"llvm.genx.wrregion{kind(t)}.{mangle(dst_n, t)}.{mangle(n, t)}.i16.{mt}"
    decls = [f"declare {vt(dst_n, t)} @{name}({vt(dst_n, t)}, {vt(n, t)}, i32, i32, i32, i16, i32, "
             f"{mask.split(' ')[0] if mask.startswith('i1 ') else vt(n, 'i1')})"]
    body = []
    new_v = "%new"
    if new == "message":
        load = f"llvm.genx.lsc.load.stateless.{mangle(n, t)}.v16i1.v16i64"
        decls.append(f"declare {vt(n, t)} @{load}(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, "
                     "<16 x i64>, i32)")
        body.append(f"  %msg = call {vt(n, t)} @{load}(<16 x i1> zeroinitializer, i8 0, i8 0, i8 0, i16 1, "
                    "i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> zeroinitializer, i32 0)")
        new_v = "%msg"
    body.append(f"  %w = call {vt(dst_n, t)} @{name}({vt(dst_n, t)} %old, {vt(n, t)} {new_v}, i32 {vstride}, "
                f"i32 {width}, i32 {stride}, i16 {offset}, i32 {width}, {mask})")
    params = f"{vt(dst_n, t)} %old, {vt(n, t)} %new, i16 %o, {vt(n, 'i1')} %m"
    return "\n".join([*decls, "", f"define void @k({params}) {{", *body, "  ret void", "}", ""])


def check(text: str, target: Target = PVC) -> Report:
    return check_text(text, "t.ll", target)


def reasons(text: str, target: Target = PVC) -> list[str]:
    return [f.message for f in check(text, target).errors]


def legal(text: str, target: Target = PVC) -> bool:
    r = check(text, target)
    assert r.parsed, r.findings
    assert len(r.accesses) >= 1
    return r.ok


# -- every rule -----------------------------------------------------------------------------
def test_legal_accesses_have_no_findings():
    assert legal(rd_module(16, "float", 64, 0, 16, 1, 0))
    assert legal(rd_module(8, "float", 64, 16, 4, 1, 64))  # 2D, 2 rows of 4
    assert legal(wr_module(16, "float", 64, 0, 16, 1, 64))
    assert legal(rd_module(1, "float", 64, 0, 1, 0, 252))  # one element, scalar result


def test_execution_size_not_a_power_of_two():
    [why] = reasons(rd_module(12, "float", 64, 0, 12, 1, 0))
    assert why.startswith("llvm.genx.rdregionf: execution size 12 is not a power of two")
    assert why.endswith("(vstride 0, width 12, stride 1, offset 0 bytes, 12 x float)")
    assert "execution size 6 is not a power of two" in reasons(wr_module(6, "i32", 64, 0, 6, 1, 0))[0]


def test_execution_size_over_the_limit():
    [why] = reasons(rd_module(64, "i8", 128, 0, 64, 1, 0))
    assert "execution size 64 exceeds 32 for 1-byte elements on pvc" in why
    assert "execution size 32 exceeds 16 for 8-byte elements on dg2" in reasons(
        rd_module(32, "double", 64, 0, 32, 1, 0), DG2)[0]


def test_width_must_divide_and_be_a_hardware_width():
    assert "width 5 does not divide the execution size 8" in reasons(rd_module(8, "float", 64, 8, 5, 1, 0))[0]
    assert "width 0 does not divide" in reasons(rd_module(8, "float", 64, 8, 0, 1, 0))[0]
    # width 32 is not a hardware width; with 2 rows the execution size rule already refuses it
    assert reasons(rd_module(64, "i16", 256, 64, 32, 1, 0))


def test_vstride_and_stride_must_be_allowed():
    assert "vstride 3 is not one of" in reasons(rd_module(16, "float", 64, 3, 8, 1, 0))[0]
    assert "stride 3 is not one of (0, 1, 2, 4)" in reasons(rd_module(16, "i16", 256, 16, 8, 3, 0))[0]
    assert "1D source stride 3 is not one of" in reasons(rd_module(4, "float", 64, 0, 4, 3, 0))[0]
    assert legal(rd_module(4, "float", 64, 0, 4, 8, 0))  # a 1D source may use a vstride-sized stride
    assert legal(rd_module(8, "float", 64, 1, 1, 0, 0))  # rows of one element: vstride 1


def test_destinations_are_1d_with_a_nonzero_stride():
    assert "destination region is 2D (width 8 of 16)" in reasons(wr_module(16, "float", 64, 16, 8, 1, 0))[0]
    assert "destination stride 0 is not one of (1, 2, 4)" in reasons(wr_module(8, "float", 64, 0, 8, 0, 0))[0]
    assert "destination stride 8" in reasons(wr_module(4, "float", 64, 0, 4, 8, 0))[0]
    assert legal(rd_module(8, "float", 64, 0, 8, 0, 0))  # a source may broadcast


def test_span_two_grfs_depends_on_the_grf_size():
    text = rd_module(16, "double", 64, 0, 16, 1, 0)  # 128 bytes: 2 GRFs on pvc, 4 on dg2
    assert legal(text, PVC)
    assert "spans 128 bytes from byte 0 of its GRF: more than 2 GRFs of 32 bytes" in reasons(text, DG2)[0]
    strided = wr_module(8, "i32", 64, 0, 8, 4, 0)  # 116 bytes
    assert legal(strided, PVC)
    assert "spans 116 bytes" in reasons(strided, DG2)[0]
    # the span counts from the start's position inside its GRF
    assert legal(rd_module(32, "float", 64, 0, 32, 1, 0), PVC)
    assert "spans 132 bytes from byte 4 of its GRF" in reasons(rd_module(32, "float", 64, 0, 32, 1, 4))[0]
    assert legal(rd_module(16, "float", 64, 0, 16, 1, 68), PVC)  # byte 4 of the second GRF: 68 bytes


def test_byte_source_spans_one_grf_on_pvc():
    text = rd_module(16, "i8", 128, 0, 16, 4, 8)  # bytes 8 .. 68
    assert "spans 69 bytes from byte 8 of its GRF: more than 1 GRF of 64 bytes" in reasons(text)[0]
    assert legal(rd_module(16, "i8", 128, 0, 16, 4, 0))  # 61 bytes from a GRF start
    assert legal(wr_module(16, "i8", 128, 0, 16, 4, 8))  # a destination may span 2
    assert legal(rd_module(16, "i16", 128, 0, 16, 2, 8))  # so may a wider source (70 bytes)


def test_variable_offsets_are_judged_at_their_worst_start():
    assert legal(rd_module(16, "float", 64, 0, 16, 1, "%o"), PVC)  # 60 + 64 <= 128
    [why] = reasons(rd_module(32, "float", 64, 0, 32, 1, "%o"), PVC)
    assert "from a run-time offset (worst case)" in why and "offset run-time" in why
    assert legal(rd_module(8, "float", 64, 0, 8, 1, "%o"), DG2)
    assert reasons(rd_module(16, "float", 64, 0, 16, 1, "%o"), DG2)
    assert legal(wr_module(16, "float", 64, 0, 16, 1, "%o"), PVC)
    # a byte source with a run-time offset is an indirect access: 2 GRFs
    assert legal(rd_module(32, "i8", 128, 0, 32, 1, "%o"), PVC)


def test_raw_operands_are_bound_in_place():
    big = rd_module(256, "half", 1024, 0, 256, 1, 512, use="raw")  # 512 bytes, GRF-aligned
    assert legal(big) and legal(big, DG2)
    assert check(big).accesses[0].raw
    assert "execution size 256" in reasons(rd_module(256, "half", 1024, 0, 256, 1, 512))[0]  # unused
    assert reasons(rd_module(256, "half", 1024, 0, 256, 1, 512, use="mixed"))  # also an ALU operand
    assert reasons(rd_module(256, "half", 1024, 0, 256, 1, 2, use="raw"))  # not GRF-aligned
    assert reasons(rd_module(256, "half", 1024, 0, 256, 1, 32, use="raw"))  # aligned on dg2 only ...
    assert legal(rd_module(256, "half", 1024, 0, 256, 1, 32, use="raw"), DG2)  # ... 32-byte GRFs
    assert reasons(rd_module(64, "float", 256, 0, 64, 2, 0, use="raw"))  # not contiguous
    assert reasons(rd_module(64, "float", 256, 0, 64, 1, "%o", use="raw"))  # run-time offset
    msg = wr_module(64, "float", 128, 0, 64, 1, 256, new="message")
    assert legal(msg) and check(msg).accesses[0].raw
    assert reasons(wr_module(64, "float", 128, 0, 64, 1, 256))  # new is not a message result
    assert reasons(wr_module(64, "float", 128, 0, 64, 1, 256, new="message", mask="<64 x i1> %m"))


def test_constant_parameters_and_offset_alignment():
    text = rd_module(8, "float", 64, 0, 8, 1, 0).replace("i32 0, i32 8, i32 1", "i32 0, i32 %w, i32 1")
    text = text.replace("i16 %o)", "i16 %o, i32 %w)")
    assert "width must be constant" in reasons(text)[0]
    misaligned = rd_module(8, "float", 64, 0, 8, 1, 6)
    assert "byte offset 6 is not a multiple of the element size 4" in reasons(misaligned)[0]


def test_multi_indirect_offsets_are_a_warning_not_an_error():
    name = "llvm.genx.rdregionf.v8f32.v64f32.v2i16"
    text = (f"declare <8 x float> @{name}(<64 x float>, i32, i32, i32, <2 x i16>, i32)\n\n"
            "define void @k(<64 x float> %src, <2 x i16> %o) {\n"
            f"  %r = call <8 x float> @{name}(<64 x float> %src, i32 0, i32 4, i32 1, <2 x i16> %o, i32 0)\n"
            "  ret void\n}\n")
    r = check(text)
    assert r.ok and len(r.findings) == 1 and r.findings[0].severity == "warning"
    assert "multi-indirect" in r.findings[0].message
    assert r.summary() == "t.ll: 1 region access, all legal for pvc (1 not checked)"
    assert r.findings[0].render({"t.ll": text}).splitlines()[0].startswith("t.ll:4:8: warning: ")


# -- locations, rendering, parsing ----------------------------------------------------------
def test_findings_are_located_at_the_call_with_a_caret():
    text = rd_module(12, "float", 64, 0, 12, 1, 0)
    [f] = check(text).findings
    lines = f.render({"t.ll": text}).splitlines()
    src_line = text.splitlines()[f.loc.line - 1]
    assert lines[0].startswith(f"t.ll:{f.loc.line}:8: error: llvm.genx.rdregionf: execution size 12")
    assert lines[1] == src_line
    assert lines[2] == " " * 7 + "^" and src_line[7:11] == "call"


def test_locations_skip_declarations_comments_strings_and_follow_order():
    one = rd_module(12, "float", 64, 0, 12, 1, 0)
    decl, _, rest = one.partition("\n\n")
    body = rest.replace("  %r = call", "  ; call @llvm.genx.rdregionf.v12f32.v64f32.i16 in a comment\n"
                        "  %ok = call <8 x float> @llvm.genx.rdregionf.v8f32.v64f32.i16(<64 x float> %src, "
                        "i32 0, i32 8, i32 1, i16 0, i32 8)\n  %r = tail call")
    text = (decl + "\ndeclare <8 x float> @llvm.genx.rdregionf.v8f32.v64f32.i16(<64 x float>, i32, i32, i32, "
            'i16, i32)\n@s = constant [28 x i8] c"call @llvm.genx.rdregionf.x\\00"\n\n' + body)
    r = check(text)
    assert len(r.accesses) == 2 and r.accesses[0].loc.line == 7 and r.accesses[0].loc.col == 9
    [f] = r.errors
    assert (f.loc.line, f.loc.col) == (8, 13), text
    assert text.splitlines()[7][12:16] == "call"


def test_metadata_mentions_of_a_region_intrinsic_are_not_calls():
    text = rd_module(12, "float", 64, 0, 12, 1, 0)
    name = "llvm.genx.rdregionf.v12f32.v64f32.i16"
    fnty = "<12 x float> (<64 x float>, i32, i32, i32, i16, i32)*"
    text = text.replace("\n\ndefine", f"\n\n!named = !{{!0}}\n!0 = !{{{fnty} @{name}}}\n\ndefine")
    [f] = check(text).findings
    assert (f.loc.line, f.loc.col) == (7, 8), text


def test_quoted_callee_names_are_found():
    text = rd_module(12, "float", 64, 0, 12, 1, 0).replace("@llvm.genx.rdregionf.v12f32.v64f32.i16",
                                                         '@"llvm.genx.rdregionf.v12f32.v64f32.i16"')
    [f] = check(text).findings
    assert f.loc.line == 4


def test_invalid_ir_is_one_located_finding():
    r = check("define void @k() {\n  %x = add i32 1, %y\n  ret void\n}\n")
    assert not r.ok and not r.parsed
    [f] = r.findings
    assert (f.loc.line, f.loc.col) == (2, 19) and "use of undefined value '%y'" in f.message
    assert r.summary() == "t.ll: not valid LLVM IR, nothing checked"


def test_typed_pointer_llvm14_text_parses():
    text = rd_module(16, "float", 64, 0, 16, 1, 0).replace(
        "define void @k(", "define void @k(i8 addrspace(1)* %p, float* %q, ")
    assert legal(text)


# -- command line ---------------------------------------------------------------------------
def cli(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def test_cli_clean_file_exits_0_with_a_summary():
    r = cli("check", str(SAMPLES / "rfc_scatter.ll"))
    assert r.exit_code == 0, r.output
    assert r.output == f"{SAMPLES / 'rfc_scatter.ll'}: 8 region accesses, all legal for pvc\n"


def test_cli_illegal_access_exits_1_with_located_findings(tmp_path):
    text = rd_module(12, "float", 64, 0, 12, 1, 0)
    path = tmp_path / "bad.ll"
    path.write_text(text)
    r = cli("check", str(path), "--target", "dg2")
    assert r.exit_code == 1
    lines = r.output.splitlines()
    assert lines[0].startswith(f"{path}:4:8: error: llvm.genx.rdregionf: execution size 12 is not a power")
    assert lines[1] == text.splitlines()[3] and lines[2] == " " * 7 + "^"
    assert lines[3] == f"{path}: 1 region access, 1 illegal for dg2"


def test_cli_invalid_ir_exits_1_and_stdin_works():
    r = cli("check", "-", stdin="this is not IR\n")
    assert r.exit_code == 1
    assert r.output.startswith("<stdin>:1:1: error: not valid LLVM IR: ")
    assert "Traceback" not in r.output


def test_cli_usage_errors_exit_2(tmp_path):
    assert cli("check").exit_code == 2
    assert cli("check", str(tmp_path / "missing.ll")).exit_code == 2
    assert cli("check", str(SAMPLES / "copy_2d.ll"), "--target", "xe9").exit_code == 2


def test_cli_several_files_fail_if_any_fails(tmp_path):
    bad = tmp_path / "bad.ll"
    bad.write_text(wr_module(8, "float", 64, 0, 8, 0, 0))
    r = cli("check", str(SAMPLES / "copy_2d.ll"), str(bad))
    assert r.exit_code == 1
    assert "copy_2d.ll: 0 region accesses, all legal for pvc" in r.output
    assert "destination stride 0" in r.output


# -- the samples ----------------------------------------------------------------------------
GOLDENS = sorted(SAMPLES.glob("*.ll"))
# Samples that are a located error on a target, and the error.
EXPECTED_ERRORS = {("nbarrier_producer_consumer", "dg2"): "dg2 has no named barriers",
                   ("tf32_dpas", "dg2"): "tf32 DPAS does not exist on dg2"}
# SIMT samples distribute over PVC's 16 lanes (sg_map wi_layout [1, 16]); a DG2 subgroup has 8.
EXPECTED_ERRORS.update({(s, "dg2"): "16 lanes, but a dg2 subgroup has 8"
                        for s in ("simt_rfc_dpas", "simt_rfc_gather", "simt_gemm", "simt_upstream_gemm")})


def _lower(path: Path, target: str, legalize: bool = True) -> str | None:
    try:
        return lower_text(path.read_text(), path.name, target=target, legalize=legalize)
    except DiagnosticError as e:
        want = EXPECTED_ERRORS.get((path.stem, target))
        assert want is not None, f"{path.name} on {target}: unexpected error {e}"
        assert want in e.message
        return None


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda p: p.stem)
def test_every_golden_is_legal_for_pvc(golden):
    r = check_text(golden.read_text(), golden.name, PVC)
    assert r.findings == [], "\n".join(f.render() for f in r.findings)


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda p: p.stem)
def test_every_sample_lowered_for_dg2_is_legal(golden):
    ll = _lower(golden.with_suffix(".mlir"), "dg2")
    if ll is None:
        return
    r = check_text(ll, golden.name, DG2)
    assert r.findings == [], "\n".join(f.render() for f in r.findings)


def test_goldens_exist_and_have_region_accesses():
    assert len(GOLDENS) >= 10
    assert sum(len(check_text(g.read_text(), g.name, PVC).accesses) for g in GOLDENS) > 100


# transpose_vector's raw form is legal now (its 16-bit tile is VNNI-loaded and scattered as
# loaded): dpas_pair_store_f16's unsplit truncation is the second pvc example
@pytest.mark.parametrize(("sample", "target"), [("big_tiles_f16", "pvc"), ("gemm_kloop_f16", "dg2"),
                                                ("dpas_pair_store_f16", "pvc")])
def test_the_raw_form_has_findings(sample, target):
    ll = _lower(SAMPLES / f"{sample}.mlir", target, legalize=False)
    assert ll is not None
    r = check_text(ll, sample, TARGETS[target])
    assert r.errors, f"{sample}: the unsplit form should be illegal on {target}"
    assert all(f.message.startswith("llvm.genx.") for f in r.errors)
