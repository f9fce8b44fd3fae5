"""Guards out of DG2 K loops (``lower/dg2/inbounds.py``): tiles proven inside from the loop's ranges
need no guard; a loop whose proof needs loop-invariant run-time values is versioned on one
check before it. Each test reads the emitted form, and the simulator proves the numbers, and
which path (row messages or per-element) each run took, for tiles inside and over the edges."""

from __future__ import annotations

import re

import numpy as np
import pytest
from test_nd_rows import _paths, messages  # noqa: F401  (the fixture)

from genx_emit.api import lower_text
from genx_emit.sim import run

SAMPLES = __import__("pathlib").Path(__file__).resolve().parents[1] / "samples"


def _prologue(K: int) -> str:
    """The constants of the GEMM kernels below, the zero accumulator and the tile's first row."""
    return f"""    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %cK = arith.constant {K} : index
    %zero = arith.constant dense<0.0> : vector<8x16xf32>
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m = arith.muli %bx, %c8 : index
"""


def _gemm(M: int, N: int, K: int, a_row: str = "%m", b_col: str = "%nb", k_arg: bool = False) -> str:
    """C[MxN] = A[MxK] x B[KxN'] with one 8x16 C tile per work-group (block ids x, y), K in
    steps of 16 (up to the argument %kn with ``k_arg``); B is read from column ``%n + %off``
    (an argument), so a shift makes the B tiles unaligned or pushes them over the right edge."""
    ub = "%kn" if k_arg else "%cK"
    return f"""
gpu.module @m {{
  gpu.func @k(%a: memref<{M}x{K}xf16>, %b: memref<{K}x{N}xf16>, %c: memref<{M}x{N}xf32>,
              %off: index, %kn: index) kernel {{
{_prologue(K)}    %n = arith.muli %by, %c16 : index
    %nb = arith.addi %n, %off : index
    %a0 = xegpu.create_nd_tdesc %a[{a_row}, %c0] : memref<{M}x{K}xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b0 = xegpu.create_nd_tdesc %b[%c0, {b_col}] : memref<{K}x{N}xf16> -> !xegpu.tensor_desc<16x16xf16>
    %r:3 = scf.for %k = %c0 to {ub} step %c16 iter_args(%ta = %a0, %tb = %b0, %acc = %zero)
        -> (!xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>, vector<8x16xf32>) {{
      %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %tb <{{packed}}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
      %ta1 = xegpu.update_nd_offset %ta, [%c0, %c16] : !xegpu.tensor_desc<8x16xf16>
      %tb1 = xegpu.update_nd_offset %tb, [%c16, %c0] : !xegpu.tensor_desc<16x16xf16>
      %acc1 = xegpu.dpas %va, %vb, %acc
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %ta1, %tb1, %acc1
          : !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>, vector<8x16xf32>
    }}
    %tc = xegpu.create_nd_tdesc %c[%m, %n] : memref<{M}x{N}xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#2, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }}
}}
"""


def _blocks(ll: str) -> dict[str, str]:
    """The body of every basic block of the (one) kernel, by label."""
    out: dict[str, str] = {}
    label = None
    for line in ll.splitlines():
        m = re.match(r"^([\w.]+):", line)
        if m:
            label = m.group(1)
            out[label] = ""
        elif label is not None:
            out[label] += line + "\n"
    return out


def _loop(blocks: dict[str, str], prefix: str) -> str:
    """The blocks named ``prefix.*`` but the loop's exit (where the code after the loop goes),
    and the blocks of constructs nested in its body (reached from its blocks before the exit,
    e.g. an edge tile's row loop)."""
    inside = [label for label in blocks if label.startswith(prefix + ".") and not label.endswith(".exit")]
    seen, todo = set(inside), list(inside)
    while todo:
        for target in re.findall(r"label %([\w.]+)", blocks[todo.pop()]):
            if target not in seen and target != prefix + ".exit" and target in blocks:
                seen.add(target)
                todo.append(target)
    return "".join(text for label, text in blocks.items() if label in seen)


ROW_LOAD = re.compile(r"@llvm\.genx\.lsc\.load\.stateless\.v8i32\.i1\.i64\((i1 [^,]+),")
GATHER = re.compile(r"@llvm\.genx\.lsc\.load\.stateless\.v\d+i\d+\.v\d+i1\.v\d+i64\(")
# the carries of addresses built from 32-bit halves (messages/addresses.lane_addresses): not bounds checks
CARRY = re.compile(r"^ *%\S+\.cy(\.\d+)? = icmp ult <\d+ x i32> .*$\n", re.M)


def _checks(text: str) -> int:
    """The compares in ``text`` other than address carries."""
    return CARRY.sub("", text).count("icmp")


def test_a_versioned_loop_runs_rows_unguarded_and_its_edge_copy_per_element() -> None:
    """The block ids make A's rows and B's columns run-time values fixed before the loop: one
    check (rows of A, columns of B, B's row starts aligned) picks the fast copy, where every
    load is a row message with no guard and no row predicate; the other copy reads B per
    element, and A too (its columns the loop's range proves inside, but the dpas reads all of
    it: a rolled row loop instead of a row message, compare and zero select per row)."""
    ll = lower_text(_gemm(32, 64, 64), "k.mlir", target="dg2")
    blocks = _blocks(ll)
    assert {"k.fast", "k.slow", "k.end", "k.fast.body", "k.slow.body"} <= set(blocks)
    entry = blocks["entry"]
    assert "br i1 %k.rows.ok" in entry and entry.count("icmp") == 3  # A rows, B columns, B aligned
    fast = _loop(blocks, "k.fast")
    assert ROW_LOAD.findall(fast) == ["i1 true"] * (8 + 16)
    assert not GATHER.search(fast) and _checks(fast.replace("%k.cond = icmp", "")) == 0
    # no guard anywhere (an edge copy's access is a row loop, unguarded)
    assert [b for b in blocks if b.startswith(("va.", "vb.")) and b.endswith((".elems", ".join"))] == []
    slow = _loop(blocks, "k.slow")
    assert ROW_LOAD.findall(slow) == [] and len(GATHER.findall(slow)) == 2  # A and B per element
    assert "va.rows.row" in blocks and "vb.rows.row" in blocks  # each in its row loop


def _part_of_a(M: int, N: int, K: int) -> str:
    """``_gemm`` with a 16-row A tile of which the dpas reads rows 0-7 (as the loops of
    accumulator-group fission read their group's part of a shared tile)."""
    return (_gemm(M, N, K)
            .replace("!xegpu.tensor_desc<8x16xf16>", "!xegpu.tensor_desc<16x16xf16>")
            .replace("-> vector<8x16xf16>\n", "-> vector<16x16xf16>\n"
                     "      %va8 = vector.extract_strided_slice %va {offsets = [0, 0], sizes = [8, 16],"
                     " strides = [1, 1]} : vector<16x16xf16> to vector<8x16xf16>\n")
            .replace("xegpu.dpas %va,", "xegpu.dpas %va8,"))


def test_the_edge_copy_keeps_row_messages_for_a_tile_the_loop_reads_part_of() -> None:
    """A 16-row A tile of which the loop reads rows 0-7: the edge copy keeps its 16 row
    messages, each predicated on its row (IGC drops the unused rows' messages, where a rolled
    gather loop would load all 16); B still goes per element."""
    ll = lower_text(_part_of_a(32, 64, 64), "k.mlir", target="dg2")
    blocks = _blocks(ll)
    slow = _loop(blocks, "k.slow")
    preds = ROW_LOAD.findall(slow)
    assert len(preds) == 16 and all(p != "i1 true" for p in preds)
    assert len(GATHER.findall(slow)) == 1
    assert ROW_LOAD.findall(_loop(blocks, "k.fast")) == ["i1 true"] * (16 + 16)


@pytest.mark.parametrize("M,grid,paths", [(40, (4, 4), {True}), (40, (5, 4), {True, False})])
def test_a_partly_read_tile_is_exact_on_both_copies(messages, M, grid, paths) -> None:  # noqa: F811
    """M = 40 with 8-row C tiles and 16-row A tiles: the fifth row of work-groups reads A rows
    32-47, over the bottom edge (they read zero; the dpas uses rows 32-39, inside)."""
    N, K = 64, 64
    g = np.random.default_rng(11)
    a = g.standard_normal((M, K)).astype(np.float16)
    b = g.standard_normal((K, N)).astype(np.float16)
    c = np.full((M, N), -7.0, np.float32)
    out = run(_part_of_a(M, N, K), "k", grid, {"a": a, "b": b, "c": c, "off": 0, "kn": 0}, target="dg2")["c"]
    want = _reference(a, b.astype(np.float64), 0, M, N)
    rows = grid[0] * 8
    np.testing.assert_allclose(out[:rows], want[:rows], rtol=1e-5, atol=1e-4)
    assert (out[rows:] == -7.0).all()
    assert _paths(messages, "load") == paths


def test_positions_known_at_compile_time_need_no_check_and_no_guard() -> None:
    """Constant tile rows / columns and a loop whose range keeps every tile inside: no check,
    one loop, no guard, no row predicate."""
    ll = lower_text(_gemm(8, 16, 64, a_row="%c0", b_col="%c0"), "k.mlir", target="dg2")
    blocks = _blocks(ll)
    assert "k.fast" not in blocks and "k.rows" not in ll
    body = _loop(blocks, "k")
    assert ROW_LOAD.findall(body) == ["i1 true"] * 8  # A: a row of 16 f16 each
    # B (16x16 f16 on a 16-column surface) lies back to back: 512 bytes in two 64-dword messages
    run = re.compile(r"@llvm\.genx\.lsc\.load\.stateless\.v64i32\.i1\.i64\((i1 [^,]+),")
    assert run.findall(body) == ["i1 true"] * 2
    assert not GATHER.search(body) and "br i1" not in body.replace("br i1 %k.cond", "")


def test_a_tile_the_loop_moves_past_the_surface_keeps_its_guard() -> None:
    """K = 56 is not a multiple of the step: the last A and B tiles hang over the edge, so
    nothing is proven and nothing is versioned (no check could ever hold for them)."""
    text = _gemm(8, 16, 56, a_row="%c0", b_col="%c0")
    text = text.replace("%cK = arith.constant 56", "%cK = arith.constant 64")
    ll = lower_text(text, "k.mlir", target="dg2")
    blocks = _blocks(ll)
    assert "k.fast" not in blocks
    assert {"va.rows", "va.elems"} <= set(blocks)  # A's last columns are outside: guarded
    assert "vb.elems" not in blocks  # B's columns are inside: no guard, but its rows ...
    assert any(p != "i1 true" for p in ROW_LOAD.findall(ll))  # ... are predicated (A's rows are inside)


def _reference(a: np.ndarray, b: np.ndarray, off: int, M: int, N: int) -> np.ndarray:
    """C[:, j] = A @ B[:, j + off] where that column exists, else 0 (reads outside are zero)."""
    bpad = np.zeros((b.shape[0], N + 64), np.float64)
    bpad[:, :N] = b
    return a.astype(np.float64) @ bpad[:, off:off + N]


@pytest.mark.parametrize("M,N,grid,off,paths", [
    (32, 64, (4, 4), 0, {True}),  # every tile inside: the fast copy only
    (20, 40, (3, 3), 0, {True, False}),  # edge tiles (rows of A, columns of B) take the slow copy
    (32, 64, (4, 3), 1, {False}),  # B's rows start at odd f16 columns: unaligned, per element
    (32, 64, (4, 4), 2, {True, False}),  # aligned shift: only the last column of tiles is over the edge
])
def test_versioned_gemm_is_exact_on_both_copies(messages, M, N, grid, off, paths) -> None:  # noqa: F811
    K = 64
    g = np.random.default_rng(7)
    a = g.standard_normal((M, K)).astype(np.float16)
    b = g.standard_normal((K, N)).astype(np.float16)
    c = np.full((M, N), -7.0, np.float32)
    out = run(_gemm(M, N, K), "k", grid, {"a": a, "b": b, "c": c, "off": off, "kn": 0}, target="dg2")["c"]
    want = _reference(a, b.astype(np.float64), off, M, N)
    covered = np.zeros((M, N), bool)
    covered[:grid[0] * 8, :grid[1] * 16] = True
    np.testing.assert_allclose(out[covered], want[covered], rtol=1e-5, atol=1e-4)
    assert (out[~covered] == -7.0).all()
    assert {fast for kind, fast in messages if kind == "load"} >= paths
    if paths == {True}:
        assert _paths(messages, "load") == {True}


def test_the_samples_k_loops_are_versioned() -> None:
    """Each GEMM sample's K loop has its fast copy (its check before the loop); on dg2 the K
    loops of gemm_32x64_f16 and wg_gemm_f16 are fissioned (lower/transforms/fission.py): each of the
    loops ``k_g<n>`` has its own."""
    for name, loops in (("gemm_kloop_f16", ["k"]), ("gemm_32x32_bf16", ["k"]), ("imex_style_gemm", ["k"]),
                        ("rfc_vc_mode_gemm", ["k"]), ("gemm_32x64_f16", ["k_g0", "k_g1"]),
                        ("wg_gemm_f16", [f"k_g{n}" for n in range(4)])):
        ll = lower_text((SAMPLES / f"{name}.mlir").read_text(), f"{name}.mlir", target="dg2")
        for k in loops:
            assert f"{k}.fast.body:" in ll and f"br i1 %{k}.rows.ok" in ll, (name, k)


def test_a_run_time_trip_count_is_part_of_the_check() -> None:
    """K up to an argument: the check computes the last iteration ((kn - 1) >> 4) and bounds
    it, and the tiles' positions at both ends of the loop."""
    ll = lower_text(_gemm(32, 64, 64, k_arg=True), "k.mlir", target="dg2")
    entry = _blocks(ll)["entry"]
    assert "%k.rows.last = ashr i64 %k.rows.n, 4" in entry and "%k.rows.trips = icmp ule i64" in entry
    assert ROW_LOAD.findall(_loop(_blocks(ll), "k.fast")) == ["i1 true"] * (8 + 16)


@pytest.mark.parametrize("kn,paths", [(64, {True}), (48, {True}), (1, {True}), (0, set()), (80, {False}),
                                      (-5, set())])
def test_a_run_time_trip_count_is_exact_on_both_copies(messages, kn, paths) -> None:  # noqa: F811
    """kn = 80 runs past A's columns and B's rows (64): the slow copy, whose reads outside are
    zero; kn <= 0 runs no iteration (C = 0)."""
    M, N, K = 16, 32, 64
    g = np.random.default_rng(3)
    a = g.standard_normal((M, K)).astype(np.float16)
    b = g.standard_normal((K, N)).astype(np.float16)
    c = np.full((M, N), -7.0, np.float32)
    out = run(_gemm(M, N, K, k_arg=True), "k", (2, 2), {"a": a, "b": b, "c": c, "off": 0, "kn": kn},
              target="dg2")["c"]
    steps = max(0, -(-kn // 16))
    ka = min(K, 16 * steps)
    want = a[:, :ka].astype(np.float64) @ b[:ka].astype(np.float64)
    np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-4)
    assert _paths(messages, "load") == paths


@pytest.mark.parametrize("case", ["versioned", "proven"])
def test_the_loops_compile_for_acm_g10(case, toolchain, tmp_path) -> None:
    text = _gemm(32, 64, 64) if case == "versioned" else _gemm(8, 16, 64, a_row="%c0", b_col="%c0")
    ll = tmp_path / f"{case}.ll"
    ll.write_text(lower_text(text, "k.mlir", target="dg2"))
    r = toolchain.igc_check(ll, "acm-g10")
    assert r.returncode == 0, r.output
    assert r.bad_signatures == 0, r.output
    assert r.kernels and all(s["scratch"] == 0 and s["dpas"] > 0 for s in r.kernels.values()), r.output


def test_the_next_tiles_prefetch_is_sent_unbounded_on_all_but_the_last_iteration() -> None:
    """gemm_kloop_f16 prefetches the next K tile of A and B: past the end on the last
    iteration, inside before it once the check holds. The fast copy sends both with every
    lane on from a block entered while k < 240; the edge copy sends none (a hint, for the
    tiles whose checked loads go per element anyway: its code is kept small)."""
    ll = lower_text((SAMPLES / "gemm_kloop_f16.mlir").read_text(), "gemm_kloop_f16.mlir", target="dg2")
    blocks = _blocks(ll)
    assert ll.count("icmp slt i64 %k, 240") == 2  # %k: the fast copy's induction variable
    sends = [label for label in blocks if label.startswith("pf") and label.endswith(".send")]
    assert len(sends) == 2
    on = "<16 x i1> <" + ", ".join(["i1 1"] * 16) + ">"
    for label in sends:
        assert blocks[label].count("@llvm.genx.lsc.prefetch.stateless") == 1 + (label == sends[1])  # B: 2
        assert _checks(blocks[label]) == 0 and on in blocks[label]
    slow = _loop(blocks, "k.slow")
    assert "@llvm.genx.lsc.prefetch.stateless" not in slow and "k.slow.body" in blocks


def _two_column_tiles(M: int, N: int, K: int) -> str:
    """Each work-group computes two 8x16 C tiles side by side: an outer loop over them holds
    the K loop, whose B descriptor is made in the outer loop from its induction variable."""
    inner = _gemm(M, N, K).split("%r:3 = ")[1].split("    %tc = ")[0]
    return f"""
gpu.module @m {{
  gpu.func @k(%a: memref<{M}x{K}xf16>, %b: memref<{K}x{N}xf16>, %c: memref<{M}x{N}xf32>) kernel {{
{_prologue(K)}    %c32 = arith.constant 32 : index
    %n0 = arith.muli %by, %c32 : index
    scf.for %j = %c0 to %c32 step %c16 {{
      %n = arith.addi %n0, %j : index
      %a0 = xegpu.create_nd_tdesc %a[%m, %c0] : memref<{M}x{K}xf16> -> !xegpu.tensor_desc<8x16xf16>
      %b0 = xegpu.create_nd_tdesc %b[%c0, %n] : memref<{K}x{N}xf16> -> !xegpu.tensor_desc<16x16xf16>
      %r:3 = {inner}
      %tc = xegpu.create_nd_tdesc %c[%m, %n] : memref<{M}x{N}xf32> -> !xegpu.tensor_desc<8x16xf32>
      xegpu.store_nd %r#2, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    }}
    gpu.return
  }}
}}
"""


def test_a_k_loop_inside_another_loop_is_versioned_there(messages) -> None:  # noqa: F811
    """The outer loop holds a loop: not versioned itself; the K loop is, with its check inside
    the outer loop's body (the B column is the outer induction variable's). The right column
    of tiles of the second work-group column is over the edge (N = 48)."""
    M, N, K = 20, 48, 32
    text = _two_column_tiles(M, N, K)
    ll = lower_text(text, "k.mlir", target="dg2")
    blocks = _blocks(ll)
    assert "j.fast" not in blocks and "br i1 %k.rows.ok" in blocks["j.body"]
    g = np.random.default_rng(5)
    a = g.standard_normal((M, K)).astype(np.float16)
    b = g.standard_normal((K, N)).astype(np.float16)
    out = run(text, "k", (3, 2), {"a": a, "b": b, "c": np.full((M, N), -7.0, np.float32)}, target="dg2")["c"]
    np.testing.assert_allclose(out, a.astype(np.float64) @ b.astype(np.float64), rtol=1e-5, atol=1e-4)
    assert _paths(messages, "load") == {True, False}


def _a_column(M: int, N: int, K: int, mod: int) -> str:
    """:func:`_gemm` with A read from column ``n % mod`` (``n`` = block id y x 16), computed
    before the loop: 0 in every work-group when ``mod`` divides 16 (as the subgroups of a
    workgroup sharing a tile compute their column: ``(sg % 4) * 32 % 32``), else 0 or 16."""
    text = _gemm(M, N, K).replace("%nb = arith.addi %n, %off : index", f"""%nb = arith.addi %n, %off : index
    %cm = arith.constant {mod} : index
    %ac = arith.remui %n, %cm : index""")
    return text.replace("%a[%m, %c0]", "%a[%m, %ac]")


def test_a_position_whose_ring_ops_make_it_a_constant_is_known() -> None:
    """``n % 16`` is 0 whatever the block id: A's columns are proven inside as for a constant
    column, so the check holds only A's rows and B's columns (3 compares, as with column 0),
    and the edge copy reads A per element unguarded (no guard on its columns)."""
    ll = lower_text(_a_column(32, 64, 64, 16), "k.mlir", target="dg2")
    blocks = _blocks(ll)
    assert blocks["entry"].count("icmp") == 3
    slow = _loop(blocks, "k.slow")
    assert ROW_LOAD.findall(slow) == [] and len(GATHER.findall(slow)) == 2
    assert [b for b in blocks if b.startswith("va.") and b.endswith((".elems", ".join"))] == []
    # n % 32 (0 or 16) stays a run-time value: its range and A's row alignment join the check
    assert _blocks(lower_text(_a_column(32, 64, 64, 32), "k.mlir", target="dg2"))["entry"].count("icmp") == 5


@pytest.mark.parametrize("M,N,grid,mod,paths", [
    (32, 64, (4, 4), 16, {True}),  # every tile inside: the fast copy only
    (20, 40, (3, 3), 16, {True, False}),  # edge tiles take the slow copy
    (32, 64, (4, 4), 32, {True, False}),  # odd block columns read A from column 16: over the edge
])
def test_a_column_from_ring_ops_is_exact_on_both_copies(messages, M, N, grid, mod, paths) -> None:  # noqa: F811
    K = 64
    g = np.random.default_rng(11)
    a = g.standard_normal((M, K)).astype(np.float16)
    b = g.standard_normal((K, N)).astype(np.float16)
    c = np.full((M, N), -7.0, np.float32)
    out = run(_a_column(M, N, K, mod), "k", grid, {"a": a, "b": b, "c": c, "off": 0, "kn": 0},
              target="dg2")["c"]
    apad = np.zeros((M, 2 * K))
    apad[:, :K] = a
    for by in range(grid[1]):
        ac, cols = by * 16 % mod, slice(by * 16, min(N, by * 16 + 16))
        want = apad[:, ac:ac + K] @ b[:, cols].astype(np.float64)
        rows = slice(0, min(M, grid[0] * 8))
        np.testing.assert_allclose(out[rows, cols], want[rows], rtol=1e-5, atol=1e-4)
    assert _paths(messages, "load") == paths


def test_a_position_built_from_shared_operands_is_read_in_linear_time() -> None:
    """``d40 = d39 + d39``, ... from ``n``: 2^40 paths through 40 ops, read once per value;
    ``n * 2^40 % 16`` is 0."""
    chain = "\n".join(f"    %d{i + 1} = arith.addi %d{i}, %d{i} : index" for i in range(40))
    text = _a_column(32, 64, 64, 16).replace("%ac = arith.remui %n, %cm", f"""%d0 = arith.addi %n, %c0 : index
{chain}
    %ac = arith.remui %d40, %cm""")
    assert _blocks(lower_text(text, "k.mlir", target="dg2"))["entry"].count("icmp") == 3


# --- an access after a versioned loop that the loop's check covers -------------------------------

def test_a_store_after_the_loop_shares_the_loops_check() -> None:
    """C at (m, n), B's columns at n: the check before the loop (A's rows at m, B's columns at
    n, on surfaces as tall / wide as C) shows C's tile inside, so the store has no guard of its
    own: row messages where the fast copy ran, per element after the other (a phi of constants
    at the copies' meeting point, which IGC threads), and no carry test (vector row addresses)."""
    ll = lower_text(_gemm(32, 64, 64, b_col="%n"), "k.mlir", target="dg2")
    blocks = _blocks(ll)
    end = blocks["k.end"]
    assert "%k.end.fastran = phi  i1 [1, %k.fast.exit], [0, %k.slow.exit]" in end
    assert re.search(r"br i1 %k\.end\.fastran, label %(\S+)\.rows, label %\1\.elems", end)
    assert _checks(end) == 0
    # B shifted by an argument is another position: C keeps its own guard
    other = _blocks(lower_text(_gemm(32, 64, 64), "k.mlir", target="dg2"))["k.end"]
    assert "fastran" not in other and _checks(other) > 0


@pytest.mark.parametrize("M,N,grid,paths", [
    (32, 64, (4, 4), {True}),  # every tile inside: rows after the fast copy
    (20, 40, (3, 3), {True, False}),  # C tiles over the bottom / right edge: per element, exact
])
def test_a_store_sharing_the_check_is_exact(messages, M, N, grid, paths) -> None:  # noqa: F811
    K = 64
    g = np.random.default_rng(5)
    a = g.standard_normal((M, K)).astype(np.float16)
    b = g.standard_normal((K, N)).astype(np.float16)
    c = np.full((M, N), -7.0, np.float32)
    out = run(_gemm(M, N, K, b_col="%n"), "k", grid, {"a": a, "b": b, "c": c, "off": 0, "kn": 0},
              target="dg2")["c"]
    want = a.astype(np.float64) @ b.astype(np.float64)
    covered = np.zeros((M, N), bool)
    covered[:grid[0] * 8, :grid[1] * 16] = True
    np.testing.assert_allclose(out[covered], want[covered], rtol=1e-5, atol=1e-4)
    assert (out[~covered] == -7.0).all()
    assert _paths(messages, "store") == paths


def test_a_store_sharing_the_check_compiles_for_acm_g10(toolchain, tmp_path) -> None:
    ll = tmp_path / "shared.ll"
    ll.write_text(lower_text(_gemm(32, 64, 64, b_col="%n"), "k.mlir", target="dg2"))
    r = toolchain.igc_check(ll, "acm-g10")
    assert r.returncode == 0 and r.bad_signatures == 0, r.output
    assert r.kernels and all(s["scratch"] == 0 for s in r.kernels.values()), r.output


# --- prefetches just before a loop: sent where the loop is lowered --------------------------------

def test_the_prologue_prefetches_move_into_the_fast_copy_unbounded() -> None:
    """gemm_kloop_f16 prefetches its first A and B tiles just before the K loop: they are sent
    at the head of the fast copy, where the check shows the tiles inside (every lane on, no
    compare), and not before the edge copy; none is left in the entry block."""
    ll = lower_text((SAMPLES / "gemm_kloop_f16.mlir").read_text(), "gemm_kloop_f16.mlir", target="dg2")
    blocks = _blocks(ll)
    pf = "@llvm.genx.lsc.prefetch.stateless"
    on = "<16 x i1> <" + ", ".join(["i1 1"] * 16) + ">"
    assert pf not in blocks["entry"] and pf not in blocks["k.slow"]
    assert blocks["k.fast"].count(pf) == 3 and blocks["k.fast"].count(on) == 3  # A: 1 message, B: 2
    assert _checks(blocks["k.fast"]) == 0


def test_a_prefetch_before_an_unversioned_loop_stays_before_it() -> None:
    """Positions known at compile time: no check, one loop; the prefetch before it is sent
    before it (bounded as ever), once."""
    text = _gemm(8, 16, 64, a_row="%c0", b_col="%c0").replace(
        "    %r:3 = scf.for", "    xegpu.prefetch_nd %a0 : !xegpu.tensor_desc<8x16xf16>\n    %r:3 = scf.for")
    ll = lower_text(text, "k.mlir", target="dg2")
    blocks = _blocks(ll)
    assert "k.fast" not in blocks and ll.count("call void @llvm.genx.lsc.prefetch.stateless") == 1
    assert "@llvm.genx.lsc.prefetch.stateless" in blocks["entry"]


def test_the_gemm_with_moved_prologue_prefetches_compiles_for_acm_g10(toolchain, tmp_path) -> None:
    ll = tmp_path / "kloop.ll"
    ll.write_text(lower_text((SAMPLES / "gemm_kloop_f16.mlir").read_text(), "gemm_kloop_f16.mlir",
                             target="dg2"))
    r = toolchain.igc_check(ll, "acm-g10")
    assert r.returncode == 0 and r.bad_signatures == 0, r.output
    assert r.kernels["gemm_kloop_f16"]["scratch"] == 0, r.output


# --- row addresses carried by the fast copy (lower/dg2/nd_rows.py carried_rows) ---------------------

def test_the_fast_copy_carries_each_tiles_row_addresses() -> None:
    """gemm_kloop_f16's fast copy carries A's 8 and B's 16 row addresses in loop phis, built once
    before the loop; each K step moves them by one add of the constant byte step on the low
    dwords (32: 16 f16 columns; 8192: 16 rows of 512 bytes) per piece of 8 lanes, its carry added
    to the high dwords. Every row load and the first and next tiles' prefetches take lanes of
    them: nothing in the loop rebuilds a row address from a tile's start. The edge copy carries
    none."""
    ll = lower_text((SAMPLES / "gemm_kloop_f16.mlir").read_text(), "gemm_kloop_f16.mlir", target="dg2")
    blocks = _blocks(ll)
    head = blocks["k.fast.header"]
    assert re.search(r"%ta\.rows = phi\s+<8 x i64> \[%ta\.rows0, %k\.fast\], \[%ta_next\.rows, ", head)
    assert re.search(r"%tb\.rows = phi\s+<16 x i64> \[%tb\.rows0, %k\.fast\], \[%tb_next\.rows, ", head)
    assert "%ta.rows0 = bitcast" in blocks["k.fast"] and "%tb.rows0 = bitcast" in blocks["k.fast"]
    # the prologue's prefetches of the first tiles (sent at the head of the fast copy) take them too
    assert "= shufflevector <8 x i64> %ta.rows0, " in blocks["k.fast"]
    assert "<16 x i64> %tb.rows0, i32 0)" in blocks["k.fast"] and ".lov = " not in blocks["k.fast"].split(
        "%tb.rows0 = bitcast")[1]
    fast = _loop(blocks, "k.fast")
    # the moves: one low-dword add per piece of 8 lanes, from the carried vector itself
    assert re.search(r"%ta_next\.rows\.d = bitcast <8 x i64> %ta\.rows to <16 x i32>", fast)
    assert re.search(r"%tb_next\.rows\.d = bitcast <16 x i64> %tb\.rows to <32 x i32>", fast)
    assert len(re.findall(r"= add <8 x i32> %ta_next\.rows(\.\d+)?\.lo, <i32 32, ", fast)) == 1
    assert len(re.findall(r"= add <8 x i32> %tb_next\.rows(\.\d+)?\.lo, <i32 8192, ", fast)) == 2
    # no rebuild: no splat of a start's dwords, no 64-bit add (but the induction variable's), no
    # add of the row offsets
    assert not re.search(r"\.lov(\.ins)? = ", fast)
    assert re.findall(r"= add (?:<\d+ x )?i64 \S+", fast) == ["= add i64 %k,"]
    assert not re.search(r"<i32 0, i32 512, i32 1024", fast)
    # each row load's address: row 0 the vector's lane 0, the others their lanes
    assert len(re.findall(r"= extractelement <8 x i64> %ta\.rows, i32 \d+", fast)) == 8
    assert len(re.findall(r"= extractelement <16 x i64> %tb\.rows, i32 \d+", fast)) == 16
    # the next tiles' prefetches: B's first message is the moved rows themselves
    assert "<16 x i64> %tb_next.rows, i32 0)" in fast
    slow = _loop(blocks, "k.slow")
    assert "x i64> %" not in slow.split("phi")[0] and not re.search(r"phi\s+<\d+ x i64>", slow)


@pytest.mark.parametrize("below,crossing", [(3000, "a"), (8192 + 3000, "b")])
def test_carried_row_addresses_carry_into_the_high_dword(monkeypatch, messages, below: int,  # noqa: F811
                                                         crossing: str) -> None:
    """The carried row addresses are exact across a 4 GiB boundary: A (or B) placed so that its
    row starts pass 2**32 during the K loop (A's row 23 at k = 32, B's rows from k = 16), the
    rows' low dwords wrap and their carries reach the high dwords; all loads take row messages."""
    from genx_emit.sim import memory
    monkeypatch.setattr(memory, "BASE", (1 << 32) - below)
    M, N, K = 32, 64, 64
    g = np.random.default_rng(21)
    a = g.standard_normal((M, K)).astype(np.float16)
    b = g.standard_normal((K, N)).astype(np.float16)
    c = np.full((M, N), -7.0, np.float32)
    out = run(_gemm(M, N, K), "k", (4, 4), {"a": a, "b": b, "c": c, "off": 0, "kn": 0}, target="dg2")["c"]
    np.testing.assert_allclose(out, _reference(a, b.astype(np.float64), 0, M, N), rtol=1e-5, atol=1e-4)
    assert _paths(messages, "load") == {True}
