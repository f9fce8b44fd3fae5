"""The target's rules for SIMT kernels (the XeGPU RFC's "Rules of sg_map setting on PVC and
ARC"), checked on what :mod:`genx_emit.xegpu.simt` recorded when it re-assembled the kernel.

The sg_map tables are here rather than in ``targets.py`` because they are not hardware limits
but the RFC's contract for how a work item's fragments map onto DPAS operands; they are keyed
by the target's subgroup size (``Target.simd``: 16 lanes on PVC, 8 on ARC / DG2).
"""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.types import FloatType, IntegerType, Type
from genx_emit.targets import Target
from genx_emit.xegpu.model import Func
from genx_emit.xegpu.simt_layout import Layout, simt_kernel

_PVC = 16
_ARC = 8

# (lanes, precision) -> (A, B, C) layouts a dpas's fragments must have.
DPAS_SG_MAPS: dict[tuple[int, str], tuple[Layout, Layout, Layout]] = {
    (_PVC, "16bit"): (Layout((1, 16), (1, 1)), Layout((1, 16), (2, 1)), Layout((1, 16), (1, 1))),
    (_PVC, "tf32"): (Layout((2, 8), (1, 1)), Layout((1, 16), (1, 1)), Layout((1, 16), (1, 1))),
    (_PVC, "8bit"): (Layout((1, 16), (1, 2)), Layout((1, 16), (4, 1)), Layout((1, 16), (1, 1))),
    (_ARC, "16bit"): (Layout((1, 8), (1, 2)), Layout((1, 8), (2, 1)), Layout((1, 8), (1, 1))),
    (_ARC, "tf32"): (Layout((1, 8), (1, 1)), Layout((1, 8), (1, 1)), Layout((1, 8), (1, 1))),
    (_ARC, "8bit"): (Layout((1, 8), (1, 4)), Layout((1, 8), (4, 1)), Layout((1, 8), (1, 1))),
}
_PRODUCT = {_PVC: "PVC", _ARC: "ARC"}


def _precision(el: Type) -> str:
    if isinstance(el, FloatType) and el.kind in ("tf32", "f32"):
        return "tf32"
    if isinstance(el, IntegerType) and el.width == 8:
        return "8bit"
    return "16bit"


def check_simt(f: Func, target: Target) -> None:
    """Raise a located error if ``f`` is a SIMT kernel whose distribution ``target`` cannot run."""
    k = simt_kernel(f)
    if k is None:
        return
    if k.lanes != target.simd:
        raise error(k.lanes_loc, f"{k.lanes_what}: {k.lanes} lanes, but a {target.name} subgroup has "
                                 f"{target.simd} (wi_layout[0] x wi_layout[1] must be the SIMD lanes)")
    for d in k.dpas:
        want = DPAS_SG_MAPS.get((target.simd, _precision(d.element)))
        if want is None:
            continue
        for name, got, need in zip(("A", "B", "C"), (d.a, d.b, d.c), want, strict=True):
            if got != need:
                raise error(d.loc, f"xegpu.dpas: matrix {name} ({d.element}) is distributed by {got}, but "
                                   f"{_PRODUCT[target.simd]} ({target.name}) DPAS needs {need} (the XeGPU "
                                   "RFC's sg_map table)")
