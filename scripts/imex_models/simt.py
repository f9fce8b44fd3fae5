"""Models of IMEX's lane-level kernels (``SIMT/``)."""

from __future__ import annotations

import numpy as np

from imex_models import Model


def _scatter_update_offset_in(rng):
    return {"src": np.full(128, 11.11, np.float32), "dst": np.zeros(128, np.float32)}


def _scatter_update_offset_out(a, grid):
    # 16 lanes; lane l stores float(l) at dst[l] and dst[l + 16]; the rest stays 0.
    out = np.zeros(128, np.float32)
    out[:16] = out[16:32] = np.arange(16)
    return {"dst": (out, ...)}


MODELS = {
    "SIMT/loadstore_scatter_chunk_size_1_update_offset": Model(
        "load_store_2d", _scatter_update_offset_in, _scatter_update_offset_out),
}
