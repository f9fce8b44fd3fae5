"""The attribute names each op accepts, so that a misspelled one is an error with a suggestion
(``<{pakced}>`` would otherwise be ignored and an unrelated error follow).

One table keyed by the MLIR op name, kept apart from the op model so that it does not depend on
how op classes are grouped. Only ops listed here are checked, and an unknown name is an error only
when it is close to a known one: other attributes stay allowed (MLIR's discardable attributes).
Names are upstream XeGPU's and the RFC's vc-mode spellings.
"""

from __future__ import annotations

from collections.abc import Iterator

from genx_emit.diagnostics import did_you_mean, error
from genx_emit.mlir.ir import Operation, SourceModule

_HINTS = ("l1_hint", "l2_hint", "l3_hint", "L1_hint", "L2_hint", "L3_hint")
_FENCE = ("memory_kind", "fence_scope", "scope", "fence_op")
# Every xegpu op: the RFC's vc mode and SIMT layouts (sg_map_*, layout*, checked by the SIMT pass).
_XEGPU_COMMON = ("mode",)
_FREE_PREFIXES = ("layout", "sg_map")

KNOWN_ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "xegpu.create_nd_tdesc": ("const_offsets", "const_shape", "const_strides", "operandSegmentSizes"),
    "xegpu.update_nd_offset": ("const_offsets",),
    "xegpu.load_nd": (*_HINTS, "packed", "transpose", "transpose_bit_width", "vnni_axis", "const_offsets"),
    "xegpu.store_nd": (*_HINTS, "const_offsets"),
    "xegpu.prefetch_nd": (*_HINTS, "const_offsets"),
    "xegpu.create_tdesc": ("const_offsets", "chunk_size", "chunk_size_per_lane"),
    "xegpu.update_offset": (),
    "xegpu.load": (*_HINTS, "transpose", "chunk_size"),
    "xegpu.load_gather": (*_HINTS, "transpose", "chunk_size"),
    "xegpu.store": (*_HINTS, "transpose", "chunk_size"),
    "xegpu.store_scatter": (*_HINTS, "transpose", "chunk_size"),
    "xegpu.prefetch": _HINTS,
    "xegpu.atomic_rmw": ("kind",),
    "xegpu.dpas": (),
    "xegpu.fence": _FENCE,
    "xegpu.mfence": _FENCE,
    "xegpu.alloc_nbarrier": ("nbarrier_num",),
    "xegpu.compile_hint": ("hint", "scheduling_barrier"),
    "vector.extract": ("static_position",),
    "vector.insert": ("static_position",),
    "vector.extract_strided_slice": ("offsets", "sizes", "strides"),
    "vector.insert_strided_slice": ("offsets", "strides"),
    "vector.multi_reduction": ("kind", "reduction_dims", "fastmath"),
    "vector.reduction": ("kind", "fastmath"),
    "vector.transpose": ("permutation",),
}


def _walk(ops: list[Operation]) -> Iterator[Operation]:
    for op in ops:
        yield op
        for region in op.regions:
            for block in region.blocks:
                yield from _walk(block.operations)


def check_attribute_names(source: SourceModule) -> None:
    """A located error for the first attribute of a listed op that looks like a misspelling."""
    for op in _walk(list(source.device_functions())):
        known = KNOWN_ATTRIBUTES.get(op.name)
        if known is None:
            continue
        allowed = (*known, *_XEGPU_COMMON) if op.name.startswith("xegpu.") else known
        for name in op.attributes:
            if name in allowed or name.startswith(_FREE_PREFIXES):
                continue
            hint = did_you_mean(name, allowed)
            if hint:
                raise error(op.loc, f"{op.name}: unknown attribute '{name}'{hint}")
