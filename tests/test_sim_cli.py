"""``genx-emit sim``: a GEMM checked against numpy from the command line, outputs, and every
error path (bad input exits 1 with a located message and no traceback; usage errors exit 2)."""
# ruff: noqa: E501  (command lines and hand-written LLVM IR are long)

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from test_sim_kit import kernel_ll

from genx_emit.cli import main

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def sim(*args: str):
    return CliRunner().invoke(main, ["sim", *args])


def _gemm_files(tmp_path: Path) -> dict[str, Path]:
    g = np.random.default_rng(0)
    files = {"a": g.standard_normal((8, 16)), "b": g.standard_normal((16, 16)), "c": np.zeros((8, 16))}
    paths = {}
    for name, arr in files.items():
        p = tmp_path / f"{name}.npy"
        np.save(p, arr.astype(np.float32 if name == "c" else np.float16))
        paths[name] = p
    return paths


def test_gemm_from_the_command_line_matches_numpy(tmp_path: Path) -> None:
    p = _gemm_files(tmp_path)
    out = tmp_path / "out.npy"
    r = sim(str(SAMPLES / "gemm_tile_f16_acc.mlir"), "--grid", "1", "--arg", f"a={p['a']}", "--arg",
            f"b={p['b']}", "--arg", f"c={p['c']}", "--out", f"c={out}")
    assert r.exit_code == 0, r.output
    assert f"c: float32[8, 16], 128 of 128 elements changed, written to {out}" in r.output
    a, b = np.load(p["a"]).astype(np.float64), np.load(p["b"]).astype(np.float64)
    np.testing.assert_allclose(np.load(out), a @ b, rtol=0, atol=17 * 2.0 ** -24 * (np.abs(a) @ np.abs(b)).max())


def test_ll_input_raw_lowering_and_threads(tmp_path: Path) -> None:
    src = np.arange(256, dtype=np.float32).reshape(16, 16)
    np.save(tmp_path / "src.npy", src)
    np.save(tmp_path / "z.npy", np.zeros_like(src))
    np.save(tmp_path / "z2.npy", np.zeros_like(src))
    out = tmp_path / "dst.npy"
    r = sim(str(SAMPLES / "nbarrier_producer_consumer.ll"), "--grid", "1,1,1", "--threads", "2",
            "--arg", f"src={tmp_path / 'src.npy'}", "--arg", f"scratch={tmp_path / 'z.npy'}",
            "--arg", f"dst={tmp_path / 'z2.npy'}", "--out", f"dst={out}")
    assert r.exit_code == 0, r.output
    np.testing.assert_array_equal(np.load(out), np.vstack([src[:8] + src[8:]] * 2))
    r = sim(str(SAMPLES / "copy_2d.mlir"), "--no-legalize", "--grid", "8,4", "--arg",
            f"src={tmp_path / 'z.npy'}", "--arg", f"dst={tmp_path / 'z.npy'}")
    assert r.exit_code == 1 and "expected shape [64, 64], got [16, 16]" in r.output


def test_scalar_argument_and_kernel_choice(tmp_path: Path) -> None:
    ll = tmp_path / "k.ll"
    ll.write_text(kernel_ll("  %v = insertelement <1 x i32> undef, i32 %n, i32 0\n"
                            "  call void @llvm.genx.lsc.store.stateless(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, "
                            "i8 3, i8 1, i8 2, i8 0, i64 %out, <1 x i32> %v, i32 0)\n  ret void\n",
                            params="i64 %out, i32 %n"))
    np.save(tmp_path / "o.npy", np.zeros(1, np.int32))
    r = sim(str(ll), "--grid", "1", "--kernel", "k", "--arg", f"out={tmp_path / 'o.npy'}", "--arg", "n=0x2A",
            "--out", f"out={tmp_path / 'o.npy'}")
    assert r.exit_code == 0, r.output
    assert np.load(tmp_path / "o.npy").tolist() == [42]


@pytest.mark.parametrize("extra, code, message", [
    (["--grid", "1"], 1, "no value for argument b"),
    (["--grid", "1", "--arg", "b=B", "--arg", "zz=B"], 1, "has no argument zz"),
    (["--grid", "0"], 2, "expected X[,Y[,Z]] positive integers"),
    (["--grid", "1,2,3,4"], 2, "expected X[,Y[,Z]]"),
    (["--grid", "1", "--arg", "b"], 2, "expected NAME=VALUE"),
    (["--grid", "1", "--arg", "b=missing.npy"], 2, "cannot read 'missing.npy'"),
    (["--grid", "1", "--arg", "b=B", "--out", "q=x.npy"], 2, "q is not an array argument"),
    (["--grid", "1", "--arg", "b=C"], 1, "argument b is memref<16x16xf16>: expected dtype float16, got float32"),
    (["--arg", "b=B"], 2, "Missing option '--grid'"),
])
def test_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: list[str], code: int,
                message: str) -> None:
    p = _gemm_files(tmp_path)
    extra = [x.replace("=B", f"={p['b']}").replace("=C", f"={p['c']}") for x in extra]
    base = ["--arg", f"a={p['a']}", "--arg", f"c={p['c']}"] if "--grid" in extra else []
    monkeypatch.chdir(tmp_path)
    r = sim(str(SAMPLES / "gemm_tile_f16_acc.mlir"), *base, *extra)
    assert r.exit_code == code, r.output
    assert message in r.output
    assert "Traceback" not in r.output


def test_bad_ll_and_out_of_bounds_are_located_errors(tmp_path: Path) -> None:
    np.save(tmp_path / "o.npy", np.zeros(4, np.int32))
    bad = tmp_path / "bad.ll"
    text = kernel_ll("  %r = frobnicate i32 1, 2\n  ret void\n")
    bad.write_text(text)
    r = sim(str(bad), "--grid", "1", "--arg", f"out={tmp_path / 'o.npy'}")
    line = text.splitlines().index("  %r = frobnicate i32 1, 2") + 1
    assert r.exit_code == 1
    assert f"bad.ll:{line}:8: error: unknown instruction 'frobnicate'" in r.output
    oob = tmp_path / "oob.ll"
    oob.write_text(kernel_ll("  %v = insertelement <1 x i32> undef, i32 1, i32 0\n  %p = add i64 %out, 16\n"
                             "  call void @llvm.genx.lsc.store.stateless(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, "
                             "i8 3, i8 1, i8 2, i8 0, i64 %p, <1 x i32> %v, i32 0)\n  ret void\n"))
    r = sim(str(oob), "--grid", "1", "--arg", f"out={tmp_path / 'o.npy'}", "--out", f"out={tmp_path / 'x.npy'}")
    assert r.exit_code == 1 and "outside every buffer (nearest: 'out'" in r.output
    assert not (tmp_path / "x.npy").exists()
    two = sim(str(SAMPLES / "ptr_source_gemm.ll"), "--grid", "1")
    assert two.exit_code == 1 and "2 kernels (@ptr_source_gemm, @ptr_source_gemm_kw): name one" in two.output


def test_one_file_bound_twice_is_one_buffer(tmp_path: Path) -> None:
    """strided_memref's two views of one 64x256 f16 allocation, from one .npy file."""
    whole = np.random.default_rng(1).standard_normal((64, 256)).astype(np.float16)
    np.save(tmp_path / "m.npy", whole)
    np.save(tmp_path / "d.npy", np.zeros((64, 128), np.float16))
    r = sim(str(SAMPLES / "strided_memref.mlir"), "--grid", "8,4", "--arg", f"left={tmp_path / 'm.npy'}",
            "--arg", f"right={tmp_path / 'm.npy'}", "--arg", f"dst={tmp_path / 'd.npy'}",
            "--out", f"right={tmp_path / 'out.npy'}")
    assert r.exit_code == 0, r.output
    ref = whole.copy()
    ref[:, 128:] = whole[:, :128] * np.float16(2)
    np.testing.assert_array_equal(np.load(tmp_path / "out.npy"), ref)


def test_unchanged_output_reads_as_unchanged(tmp_path: Path) -> None:
    # Copying zeros onto zeros: the destination is unchanged, and the summary says so plainly.
    z = np.zeros((64, 64), dtype=np.float32)
    np.save(tmp_path / "src.npy", z)
    np.save(tmp_path / "dst.npy", z)
    r = sim(str(SAMPLES / "copy_2d.mlir"), "--grid", "8,4", "--arg", f"src={tmp_path / 'src.npy'}",
            "--arg", f"dst={tmp_path / 'dst.npy'}")
    assert r.exit_code == 0, r.output
    assert "dst: float32[64, 64], unchanged" in r.output
    assert "0 elements" not in r.output


def test_progress_line(monkeypatch) -> None:
    import io

    from genx_emit.sim.command import Progress

    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    p = Progress()
    p(1, 32)  # within the first second: nothing
    assert err.getvalue() == ""
    p.start = p.last = p.start - 10
    p(5, 32)
    assert err.getvalue() == "\rgenx-emit sim: work-group 5/32"
    p.clear()
    assert err.getvalue().endswith("\r\033[K")


def test_mistyped_kernel_is_located_with_a_suggestion() -> None:
    r = sim(str(SAMPLES / "copy_2d.ll"), "--grid", "1", "--kernel", "copy2d")
    assert r.exit_code == 1
    assert "copy_2d.ll:9:1: error:" in r.output and "did you mean 'copy_2d'?" in r.output
