"""Misspelled attribute names are errors with a suggestion (``<{pakced}>`` would otherwise be
ignored and an unrelated error follow).

The names each op takes are its class's ``ATTRIBUTES`` trait (ops/model.py). Only ops with the
trait are checked, and an unknown name is an error only when it is close to a known one: other
attributes stay allowed (MLIR's discardable attributes). Names are upstream XeGPU's and the
RFC's vc-mode spellings.
"""

from __future__ import annotations

from collections.abc import Iterator

from genx_emit.diagnostics import did_you_mean, error
from genx_emit.mlir.ir import Operation, SourceModule
from genx_emit.ops.build import BUILT_CLASS

# Every xegpu op: the RFC's vc mode and SIMT layouts (sg_map_*, layout*, checked by the SIMT pass).
_XEGPU_COMMON = ("mode",)
_FREE_PREFIXES = ("layout", "sg_map")


def _walk(ops: list[Operation]) -> Iterator[Operation]:
    for op in ops:
        yield op
        for region in op.regions:
            for block in region.blocks:
                yield from _walk(block.operations)


def check_attribute_names(source: SourceModule) -> None:
    """A located error for the first attribute of a listed op that looks like a misspelling."""
    for op in _walk(list(source.device_functions())):
        cls = BUILT_CLASS.get(op.name)
        known = cls.ATTRIBUTES if cls is not None else None
        if known is None:
            continue
        allowed = (*known, *_XEGPU_COMMON) if op.name.startswith("xegpu.") else known
        for name in op.attributes:
            if name in allowed or name.startswith(_FREE_PREFIXES):
                continue
            hint = did_you_mean(name, allowed)
            if hint:
                raise error(op.loc, f"{op.name}: unknown attribute '{name}'{hint}")
