"""The rewrites that read_kernels always ran, as passes. Each wraps the step where it lives
(``wg/``, ``ops/simt.py``, ``ops/nd_carry.py``), imported when the pass runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from genx_emit.mlir.ir import SourceModule
    from genx_emit.passes.manager import PassContext

SIMT_NOTE = "simt"  # PassContext.notes key: {function location: SimtKernel}
SIMT_ATTR = "genx.simt"  # the same record on the function, as passes/simt_record.py writes it


def check_attribute_names(src: SourceModule, ctx: PassContext) -> None:
    """Reject a misspelled attribute name of a known op (with a suggestion)."""
    from genx_emit.op_attributes import check_attribute_names as check

    check(src)


def wg_to_sg_distribute(src: SourceModule, ctx: PassContext) -> None:
    """Workgroup-level kernels (layouts with sg_layout) become one subgroup's ops."""
    from genx_emit.wg import distribute_workgroups

    distribute_workgroups(src)


def lane_to_subgroup(src: SourceModule, ctx: PassContext) -> None:
    """SIMT kernels (per-lane fragments, sg_map / lane layouts) become whole-subgroup ops."""
    from genx_emit.ops.simt import reassemble_simt
    from genx_emit.passes.simt_record import record_simt

    found = reassemble_simt(src)
    if found:
        record_simt(src, found)  # printed IR keeps what the target check needs
    ctx.notes.setdefault(SIMT_NOTE, {}).update(found)


def carry_descriptors(src: SourceModule, ctx: PassContext) -> None:
    """2-D accesses whose offsets move with an scf.for get descriptors carried by the loop."""
    from genx_emit.ops.nd_carry import carry_nd_positions

    carry_nd_positions(src)
