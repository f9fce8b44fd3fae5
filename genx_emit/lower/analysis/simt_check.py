"""The target's rules for SIMT kernels (the XeGPU RFC's "Rules of sg_map setting on PVC and
ARC"), checked on what :mod:`genx_emit.ops.simt` recorded when it re-assembled the kernel.

The sg_map tables (``simt_layout.DPAS_SG_MAPS``) are not hardware limits but the RFC's contract
for how a work item's fragments map onto DPAS operands; they are keyed by the target's subgroup
size (``Target.simd``: 16 lanes on PVC, 8 on ARC / DG2). A dpas whose operands carry no layout
was given the table's layouts for the kernel's lane count where its per-lane values allow it.
"""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.ops.model import Func
from genx_emit.ops.simt_layout import DPAS_SG_MAPS, dpas_precision, simt_kernel
from genx_emit.targets import Target


def check_simt(f: Func, target: Target) -> None:
    """Raise a located error if ``f`` is a SIMT kernel whose distribution ``target`` cannot run."""
    k = simt_kernel(f)
    if k is None:
        return
    if k.lanes != target.simd:
        raise error(k.lanes_loc, f"{k.lanes_what}: {k.lanes} lanes, but a {target.name} subgroup has "
                                 f"{target.simd} (wi_layout[0] x wi_layout[1] must be the SIMD lanes)")
    for d in k.dpas:
        want = DPAS_SG_MAPS.get((target.simd, dpas_precision(d.element)))
        if want is None:
            continue
        for name, got, need in zip(("A", "B", "C"), (d.a, d.b, d.c), want, strict=True):
            if got != need:
                raise error(d.loc, f"xegpu.dpas: matrix {name} ({d.element}) is distributed by {got}, but "
                                   f"{target.rfc_name} ({target.name}) DPAS needs {need} (the XeGPU "
                                   "RFC's sg_map table)")
