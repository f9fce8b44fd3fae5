"""XeGPU cache hints -> the LSC L1/L3 cache-control encodings, completed to a pair the LSC has.

LSC messages on PVC and DG2 carry two levels, L1 and L3 (the last-level cache). XeGPU's
``l2_hint`` has no field on these targets and is ignored, as the RFC allows ("a target may use
L1_hint and L3_hint and omit L2_hint") and as upstream's XeGPU->XeVM lowering does (its cache
controls are all L2-uncached).

Completion, as upstream's XeGPU->XeVM lowering does it: no hint at all is the default pair; a
level left out (or written ``default``) next to one that is written is ``cached`` for loads and
prefetches, ``uncached`` (L1) / ``write_back`` (L3) for stores. When the pair so made is not one
the LSC has (upstream accepts store L1 = write_back with L3 = uncached; the LSC has no such pair),
one rule picks the nearest pair: **the L1 hint is kept and L3 becomes the first L3 the LSC pairs
with it** (load ``read_invalidate`` -> L3 ``cached``, store ``write_back`` -> L3 ``write_back``).
A hint the user wrote that changes this way is a located warning. A word that no pair of the
message kind uses at its level (``write_back`` on a load, ``cached`` on a store) stays an error
listing the valid pairs.
"""

from __future__ import annotations

from genx_emit.diagnostics import Location, error, warn
from genx_emit.genx.intrinsics import Intrinsics
from genx_emit.ops.model import CacheHints

_SPELLINGS = {
    None: "default", "default": "default", "uncached": "uncached", "cached": "cached",
    "streaming": "streaming", "write_back": "write_back", "write_through": "write_through",
    "read_invalidate": "read_invalidate", "uc": "uncached", "ca": "cached", "st": "streaming",
    "wb": "write_back", "wt": "write_through", "ri": "read_invalidate",
}

# What a level left out means when the other one is written (upstream's XeGPU->XeVM rule).
MISSING_LEVEL = {"load": ("cached", "cached"), "store": ("uncached", "write_back")}


def complete_hints(intr: Intrinsics, l1: str, l3: str, kind: str) -> tuple[str, str]:
    """The LSC pair for hint words ``l1``/``l3`` ("default" = not written) of a ``kind``
    message (see the module docstring); ValueError when a word has no place in any pair."""
    pairs = intr.cache_pairs(kind)
    if (l1, l3) == ("default", "default"):
        return l1, l3
    miss1, miss3 = MISSING_LEVEL[kind]
    c1 = miss1 if l1 == "default" else l1
    c3 = miss3 if l3 == "default" else l3
    if (c1, c3) in pairs:
        return c1, c3
    if c1 not in {a for a, _ in pairs[1:]} or c3 not in {b for _, b in pairs[1:]}:
        raise ValueError("no pair")
    return c1, next(b for a, b in pairs if a == c1)


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
    try:
        c1, c3 = complete_hints(intr, l1, l3, kind)
    except ValueError:
        pairs = ", ".join(f"{a}/{b}" for a, b in intr.cache_pairs(kind))
        raise error(loc, f"{what}: cache hints L1 = {l1}, L3 = {l3} are not a valid {kind} pair "
                         f"(valid L1/L3 pairs: {pairs})") from None
    if l3 != "default" and c3 != l3:
        warn(loc, f"{what}: the LSC has no {kind} pair L1 = {c1}, L3 = {l3}; using L3 = {c3} "
                  f"(the L1 hint is kept, L3 becomes the first level the LSC pairs with it)")
    return intr.encode("cache_hint", c1), intr.encode("cache_hint", c3)
