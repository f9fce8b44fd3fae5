"""XeGPU cache hints -> the LSC L1/L3 cache-control encodings, validated as a pair.

LSC messages on PVC and DG2 carry two levels, L1 and L3 (the last-level cache). XeGPU's
``l2_hint`` has no field on these targets and is ignored, as the RFC allows ("a target may use
L1_hint and L3_hint and omit L2_hint"). A pair that the hardware does not have is an error
listing the valid pairs: it is never completed silently.
"""

from __future__ import annotations

from genx_emit.diagnostics import Location, error
from genx_emit.genx.intrinsics import Intrinsics
from genx_emit.ops.model import CacheHints

_SPELLINGS = {
    None: "default", "default": "default", "uncached": "uncached", "cached": "cached",
    "streaming": "streaming", "write_back": "write_back", "write_through": "write_through",
    "read_invalidate": "read_invalidate", "uc": "uncached", "ca": "cached", "st": "streaming",
    "wb": "write_back", "wt": "write_through", "ri": "read_invalidate",
}


def encode_hints(intr: Intrinsics, hints: CacheHints, kind: str, loc: Location | None,
                 what: str) -> tuple[int, int]:
    """(L1, L3) codes for a ``kind`` ("load" or "store") message; prefetches use "load"."""
    words = []
    for level, w in (("l1_hint", hints.l1), ("l3_hint", hints.l3)):
        word = _SPELLINGS.get(w)
        if word is None:
            raise error(loc, f"{what}: unknown cache hint {level} = '{w}'")
        words.append(word)
    l1, l3 = words
    if not intr.valid_cache_pair(kind, l1, l3):
        pairs = ", ".join(f"{a}/{b}" for a, b in intr.cache_pairs(kind))
        raise error(loc, f"{what}: cache hints L1 = {l1}, L3 = {l3} are not a valid {kind} pair "
                         f"(valid L1/L3 pairs: {pairs})")
    return intr.encode("cache_hint", l1), intr.encode("cache_hint", l3)
