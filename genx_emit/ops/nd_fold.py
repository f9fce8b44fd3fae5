"""Upstream's ``array_length`` load with the array folded into the rows.

``xegpu.load_nd`` of an ``H x W`` descriptor with ``array_length = A`` gives ``vector<A x H x W>``
(one block after another); upstream also writes the result as ``vector<(A*H) x W>``, the blocks
stacked along the rows, and lane-level kernels get each lane's share of that stacked form. Both
are the same elements in the same row-major order, so the folded load is the array load followed
by a ``vector.shape_cast`` (no data moves); VNNI-packed loads fold alike
(``[A*H/f, W, f]`` -> ``[A, H/f, W, f]``)."""

from __future__ import annotations

from genx_emit.mlir.ir import Block, Operation, SourceModule, Value
from genx_emit.mlir.types import TensorDescType, VectorType, element_bits
from genx_emit.ops.types import tdesc_info


def unfold_array_loads(src: SourceModule) -> None:
    for func in src.device_functions():
        for region in func.regions:
            for block in region.blocks:
                _block(block)


def _block(block: Block) -> None:
    for op in list(block.operations):
        for region in op.regions:
            for b in region.blocks:
                _block(b)
        if op.name != "xegpu.load_nd" or not op.operands or len(op.results) != 1:
            continue
        t, res = op.operands[0].type, op.results[0]
        if not isinstance(t, TensorDescType) or not isinstance(res.type, VectorType) or len(t.shape) != 2:
            continue
        info = tdesc_info(t, op.loc)
        a, (h, w) = info.array_length, t.shape
        rt = res.type
        if a <= 1 or rt.shape[0] % a:
            continue
        rows = rt.shape[0] // a
        if rt.shape == (a * h, w):
            shape: tuple[int, ...] = (a, h, w)
        elif op.attr("packed") is not None and len(rt.shape) == 3 and rt.shape[1:] == (w, _vnni(rt)) \
                and rows * rt.shape[2] == h:
            shape = (a, rows, *rt.shape[1:])  # VNNI-packed [A*H/f, W, f]
        else:
            continue
        whole = Value(f"{res.name}_blocks", VectorType(shape, rt.element), op.loc)
        op.results = [whole]
        at = block.operations.index(op)
        block.operations.insert(at + 1, Operation("vector.shape_cast", [whole], [res], {}, [], op.loc))


def _vnni(t: VectorType) -> int:
    bits = element_bits(t.element)
    return 32 // bits if bits < 32 else 1
