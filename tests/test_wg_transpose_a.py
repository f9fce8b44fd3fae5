"""A workgroup GEMM whose A is stored K-major and transposed after its load (IMEX's transposed-A
GEMM, small): each subgroup loads its At blocks in the blocks its transposes take and the loads
are sent as 32-bit transposes of word pairs, though their column is known only at run time
(even on every path); simulated against numpy on two work-groups."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from test_cli import run as run_cli

from genx_emit.sim import run

PATH = Path(__file__).parent / "inputs" / "wg" / "gemm_transpose_a_f16.mlir"
TEXT = PATH.read_text()


def test_transposed_a_gemm_matches_numpy():
    rng = np.random.default_rng(5)
    at = rng.integers(-4, 5, (64, 128)).astype(np.float16)
    b = rng.integers(-4, 5, (64, 128)).astype(np.float16)
    c = np.zeros((128, 128), np.float32)
    out = run(TEXT, "k", grid=(2,), threads=4, args={"At": at, "B": b, "C": c})["C"]
    # small integers: exact in f32
    np.testing.assert_array_equal(out, at.T.astype(np.float32) @ b.astype(np.float32))


def test_transposed_a_is_loaded_as_transposed_word_pairs():
    r = run_cli("opt", str(PATH))
    assert r.returncode == 0, r.stderr
    loads = [line for line in r.stdout.splitlines() if "xegpu.load_nd" in line and "16x16xf16" in line]
    # B's loads are VNNI (32x16 blocks); each subgroup's four At blocks of 16x16
    assert len(loads) == 4 and all('genx.send = "transposed_pairs"' in line for line in loads), loads
    # each transpose reads a load whole (no slice of a bigger block in between)
    transposes = [line for line in r.stdout.splitlines() if "vector.transpose" in line]
    assert len(transposes) == 4 and all("(vector<16x16xf16>)" in line for line in transposes), transposes
