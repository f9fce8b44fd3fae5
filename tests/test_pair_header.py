"""Descriptors only loaded as transposed word pairs (16-bit tiles sent as 32-bit transposed
loads) carry the header of that 32-bit view: x and the block width in dwords, built once before
the loop and moved by the halved step, so each load sends the carried header as it is
(``decide._pair_headers``). Simulated against numpy."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
from test_cli import run as run_cli

from genx_emit import sim
from genx_emit.api import lower_text

PATH = Path(__file__).parent / "inputs" / "block2d" / "pair_header_kloop.mlir"
TEXT = PATH.read_text()


def _run(text: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(7)
    a = rng.integers(-3, 4, (8, 80)).astype(np.float16)
    bt = rng.integers(-3, 4, (16, 80)).astype(np.float16)  # bt[n, k] = B[k, n]
    args = {"a": a, "bt": bt, "c": np.zeros((8, 16), np.float32)}
    out = sim.run(lower_text(text, PATH.name), "k", (1,), args)
    return out["c"], a, bt


def test_k_loop_from_column_16_matches_numpy():
    c, a, bt = _run(TEXT)
    # columns 16..79 of K (the loop starts there); small integers: exact in f32
    np.testing.assert_array_equal(c, a[:, 16:].astype(np.float32) @ bt[:, 16:].T.astype(np.float32))


def test_header_counts_dwords_and_moves_by_half_the_step():
    ll = lower_text(TEXT, PATH.name)
    # surface width 159 bytes - 1, x = 16 / 2 dwords, block shape 8 dwords x 16 rows (7 | 15 << 8)
    assert "<i32 undef, i32 undef, i32 159, i32 15, i32 159, i32 8, i32 0, i32 3847>" in ll
    body = ll.split("k.body:")[1].split("k.exit:")[0]
    assert "ashr" not in body and ".hdr.shape" not in body  # no header copy rewritten per load
    assert re.search(r"%nb\.x = add i32 %\S+, 8\b", body)  # the step of 16 columns as 8 dwords


def test_a_plain_load_of_the_same_descriptor_keeps_the_element_header():
    plain = TEXT.replace("      %acc1 =", "      %p = xegpu.load_nd %db : !xegpu.tensor_desc<16x16xf16> -> "
                                         "vector<16x16xf16>\n      %acc1 =")
    ll = lower_text(plain, PATH.name)
    assert "i32 159, i32 15, i32 159, i32 16, i32 0" in ll  # x in elements
    c, a, bt = _run(plain)
    np.testing.assert_array_equal(c, a[:, 16:].astype(np.float32) @ bt[:, 16:].T.astype(np.float32))


def test_an_odd_step_keeps_the_element_header(tmp_path: Path):
    path = tmp_path / "odd.mlir"
    path.write_text(TEXT.replace("%db, [0, 16]", "%db, [0, 15]"))
    r = run_cli("opt", str(path))
    assert r.returncode == 0, r.stderr
    assert "genx.pair_header" not in r.stdout and 'genx.send = "transposed"' in r.stdout
