"""Cache hints written as upstream and IMEX kernels write them: one level, or L1 + L2 without L3.

Expected pairs follow the completion rule of README "Cache hints" (upstream's XeGPU->XeVM rule,
then the nearest LSC pair with the L1 hint kept). Encodings (reference section 5): default 0,
uncached 1, cached 2, write_back 3, write_through 4, streaming 5, read_invalidate 6. The LSC
operands of lsc.load2d / lsc.store2d start pred, L1, L3: the tests reading them lower with the
scalar 2D message form (the payload form sends the same pair in its message descriptor).
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from conftest import ROOT
from upstream_kit import assert_compiles, lowered

from genx_emit.genx import intrinsics
from genx_emit.lower.messages.cache import complete_hints

TD = "!xegpu.tensor_desc<8x16xf32>"
CODE = {"default": 0, "uncached": 1, "cached": 2, "write_back": 3, "write_through": 4, "streaming": 5,
        "read_invalidate": 6}


def hint_attrs(l1: str | None, l2: str | None, l3: str | None) -> str:
    parts = [f"l{n}_hint = #xegpu.cache_hint<{w}>" for n, w in ((1, l1), (2, l2), (3, l3)) if w]
    return f" <{{{', '.join(parts)}}}>" if parts else ""


def kernel(load_hints: str = "", store_hints: str = "") -> str:
    return "\n".join([
        "gpu.module @m {",
        "  gpu.func @k(%a: memref<64x64xf32>, %b: memref<64x64xf32>) kernel {",
        f"    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> {TD}",
        f"    %v = xegpu.load_nd %t{load_hints} : {TD} -> vector<8x16xf32>",
        f"    %s = xegpu.create_nd_tdesc %b[0, 0] : memref<64x64xf32> -> {TD}",
        f"    xegpu.store_nd %v, %s{store_hints} : vector<8x16xf32>, {TD}",
        "    gpu.return", "  }", "}", ""])


def l1_l3(ll: str, name: str) -> tuple[int, int]:
    m = re.search(rf"call [^@]*@llvm\.genx\.lsc\.{name}\.[\w.]+\(i1 true, i8 (\d+), i8 (\d+)", ll)
    assert m, name
    return int(m.group(1)), int(m.group(2))


LOADS = [  # (l1, l2, l3 as written) -> (L1, L3) sent
    ((None, None, None), ("default", "default")),
    (("cached", None, None), ("cached", "cached")),  # a missing load level is cached
    (("uncached", None, None), ("uncached", "cached")),
    (("streaming", "uncached", None), ("streaming", "cached")),  # l2 has no LSC field
    ((None, None, "uncached"), ("cached", "uncached")),
    (("cached", "cached", "uncached"), ("cached", "uncached")),
    (("read_invalidate", None, None), ("read_invalidate", "cached")),
]
STORES = [
    ((None, None, None), ("default", "default")),
    (("write_back", "uncached", None), ("write_back", "write_back")),  # upstream's GEMM test form
    (("write_back", None, None), ("write_back", "write_back")),
    (("uncached", None, None), ("uncached", "write_back")),  # a missing store L3 is write_back
    (("streaming", None, None), ("streaming", "write_back")),
    (("write_through", None, "uncached"), ("write_through", "uncached")),
    ((None, None, "uncached"), ("uncached", "uncached")),  # a missing store L1 is uncached
]


@pytest.mark.parametrize(("written", "sent"), LOADS)
def test_load_hints_complete_as_upstream_does(written, sent):
    ll, warnings = lowered(kernel(load_hints=hint_attrs(*written)), block2d_form="scalar")
    assert l1_l3(ll, "load2d") == (CODE[sent[0]], CODE[sent[1]])
    assert warnings == []  # every completed pair here is an LSC load pair: nothing written changed


@pytest.mark.parametrize(("written", "sent"), STORES)
def test_store_hints_complete_as_upstream_does(written, sent):
    ll, warnings = lowered(kernel(store_hints=hint_attrs(*written)), block2d_form="scalar")
    assert l1_l3(ll, "store2d") == (CODE[sent[0]], CODE[sent[1]])
    assert warnings == []


@pytest.mark.parametrize(("kind", "l1", "l3", "sent"), [
    ("store", "write_back", "uncached", ("write_back", "write_back")),  # upstream has L1WB_L3UC; LSC not
    ("load", "read_invalidate", "uncached", ("read_invalidate", "cached")),
])
def test_a_pair_the_lsc_lacks_keeps_l1_and_warns(kind, l1, l3, sent):
    hints = hint_attrs(l1, None, l3)
    text = kernel(**{f"{kind}_hints": hints})
    ll, warnings = lowered(text, block2d_form="scalar")
    assert l1_l3(ll, f"{kind}2d") == (CODE[sent[0]], CODE[sent[1]])
    line = 6 if kind == "store" else 4
    col = 5 if kind == "store" else 10
    assert warnings == [
        f"k.mlir:{line}:{col}: xegpu.{kind}_nd: the LSC has no {kind} pair L1 = {l1}, L3 = {l3}; using "
        f"L3 = {sent[1]} (the L1 hint is kept, L3 becomes the first level the LSC pairs with it)"]


def test_completion_always_gives_an_lsc_pair():
    # Every pair of words that some LSC pair of the kind uses at each level completes to a valid pair.
    for kind in ("load", "store"):
        pairs = intrinsics.cache_pairs(kind)
        for l1 in {a for a, _ in pairs} | {"default"}:
            for l3 in {b for _, b in pairs} | {"default"}:
                got = complete_hints(intrinsics, l1, l3, kind)
                assert got in pairs, (kind, l1, l3, got)
                if got != (l1, l3):  # only a default-written level or L3 may change, never L1
                    assert got[0] == l1 or l1 == "default"


def test_cli_prints_the_warning_and_exits_0(tmp_path):
    src = tmp_path / "k.mlir"
    src.write_text(kernel(store_hints=hint_attrs("write_back", None, "uncached")))
    out = tmp_path / "k.ll"
    r = subprocess.run([sys.executable, "-m", "genx_emit.cli", "lower", str(src), "-o", str(out)],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert out.exists()
    lines = r.stderr.splitlines()
    assert lines[0].startswith(f"{src}:6:5: warning: xegpu.store_nd: the LSC has no store pair")
    assert lines[1].strip().startswith("xegpu.store_nd %v, %s <{l1_hint")
    assert lines[2] == "    ^"


def test_no_warning_when_nothing_written_changes(tmp_path):
    src = tmp_path / "k.mlir"
    src.write_text(kernel(load_hints=hint_attrs("cached", "uncached", None),
                          store_hints=hint_attrs("write_back", "uncached", None)))
    argv = [sys.executable, "-m", "genx_emit.cli", "lower", str(src), "-o", str(tmp_path / "k.ll")]
    r = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and r.stderr == ""


def test_completed_hints_compile_for_pvc(toolchain, tmp_path):
    # The pairs sent for upstream's GEMM forms (load ca + l2; store wb + l2) pass IGC.
    ll, _ = lowered(kernel(load_hints=hint_attrs("cached", "uncached", None),
                           store_hints=hint_attrs("write_back", "uncached", None)))
    assert_compiles(toolchain, ll, tmp_path)
