"""Workgroup-level XeGPU: layouts over subgroups and their distribution to subgroup-level ops."""

from __future__ import annotations

from genx_emit.mlir.attrs import Attribute, DialectAttr
from genx_emit.mlir.ir import Operation, SourceModule, nested_ops
from genx_emit.mlir.types import TensorDescType


def propagate_layouts(src: SourceModule) -> None:
    """Layouts from the anchor ops to every vector value of each workgroup-level kernel
    (:mod:`genx_emit.wg.propagate`), imported only when a kernel needs it."""
    if any(f.regions and f.regions[0].blocks and is_workgroup_level(f) for f in src.device_functions()):
        from genx_emit.wg.propagate import propagate_layouts as run

        run(src)


def distribute_workgroups(src: SourceModule) -> None:
    """Rewrite every workgroup-level kernel of ``src`` in place into its subgroup form. The
    distribution itself is imported only when a kernel needs it (most inputs are subgroup-level:
    their start-up does not pay for it)."""
    for func in src.device_functions():
        if func.regions and func.regions[0].blocks and is_workgroup_level(func):
            from genx_emit.wg.distribute import Distributor

            Distributor(func).run()


def is_workgroup_level(func: Operation) -> bool:
    """The kind rule's first case (``genx_emit.ops.launch``): any workgroup layout."""
    seen: set[int] = set()  # ids of the types checked (the parser shares one object per spelling)
    for op in nested_ops(func):
        attrs = op.attributes
        if attrs and any(is_wg_layout(a) for a in attrs.values()):
            return True
        for values in (op.results, op.operands):
            for v in values:
                t = v.type
                if id(t) not in seen:
                    if isinstance(t, TensorDescType) and any(is_wg_layout(p) for p in t.params):
                        return True
                    seen.add(id(t))
    return False


def is_wg_layout(attr: Attribute | None) -> bool:
    """A ``#xegpu.layout`` with ``sg_layout`` (or a slice of one)."""
    if not isinstance(attr, DialectAttr) or attr.dialect != "xegpu":
        return False
    if attr.name == "slice":
        return bool(attr.positional) and is_wg_layout(attr.positional[0])
    return attr.name == "layout" and attr.get("sg_layout") is not None
