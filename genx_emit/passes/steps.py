"""The rewrites that read_kernels always ran, as passes. Each wraps the step where it lives
(``wg/``, ``ops/simt.py``, ``ops/nd_carry.py``), imported when the pass runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from genx_emit.mlir.ir import SourceModule
    from genx_emit.passes.manager import PassContext

SIMT_NOTE = "simt"  # PassContext.notes key: {function location: SimtKernel}
SIMT_ATTR = "genx.simt"  # the same record on the function, as passes/simt_record.py writes it
KINDS_NOTE = "kinds"  # PassContext.notes key: {function location: KernelKind}


def check_attribute_names(src: SourceModule, ctx: PassContext) -> None:
    """Reject a misspelled attribute name of a known op (with a suggestion)."""
    from genx_emit.op_attributes import check_attribute_names as check

    check(src)


def propagate_layout(src: SourceModule, ctx: PassContext) -> None:
    """Workgroup-level kernels: layouts from the anchor ops to every vector value (layout_result_N)."""
    from genx_emit.wg import propagate_layouts

    propagate_layouts(src)


def launch_model(src: SourceModule, ctx: PassContext) -> None:
    """Each kernel's level (workgroup / subgroup / lane) and what gpu.thread_id counts; ids rewritten."""
    from genx_emit.ops.launch import decide_kernels
    from genx_emit.wg import is_workgroup_level

    ctx.notes[KINDS_NOTE] = decide_kernels(src, ctx.launch, is_workgroup_level)


def wg_to_sg_distribute(src: SourceModule, ctx: PassContext) -> None:
    """Workgroup-level kernels (layouts with sg_layout) become one subgroup's ops."""
    from genx_emit.wg import distribute_workgroups

    distribute_workgroups(src)


def lane_to_subgroup(src: SourceModule, ctx: PassContext) -> None:
    """SIMT kernels (per-lane fragments, sg_map / lane layouts) become whole-subgroup ops."""
    from genx_emit.ops.launch import kernel_kinds
    from genx_emit.ops.simt import reassemble_simt
    from genx_emit.passes.simt_record import record_simt

    kinds = ctx.notes.get(KINDS_NOTE) or kernel_kinds(src)
    found = reassemble_simt(src, kinds)
    if found:
        record_simt(src, found)  # printed IR keeps what the target check needs
    ctx.notes.setdefault(SIMT_NOTE, {}).update(found)


def unfold_array_loads(src: SourceModule, ctx: PassContext) -> None:
    """array_length loads whose result stacks the blocks along the rows: the array load and a reshape."""
    from genx_emit.ops.nd_fold import unfold_array_loads as unfold

    unfold(src)


def carry_descriptors(src: SourceModule, ctx: PassContext) -> None:
    """2-D accesses whose offsets move with an scf.for get descriptors carried by the loop."""
    from genx_emit.ops.nd_carry import carry_nd_positions

    carry_nd_positions(src)
