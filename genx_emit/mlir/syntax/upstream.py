"""Custom forms of small ops upstream XeGPU kernels use around the XeGPU ops:
``vector.step : vector<16xindex>``, ``index.castu %i : index to i32`` (and ``index.casts``),
``xegpu.convert_layout %v <{input_layout = .., target_layout = ..}> : vector<..>``,
``affine.apply #map(%d0)[%s0]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.mlir.attrs import DenseArrayAttr, IntegerAttr, KeywordAttr, UnitAttr
from genx_emit.mlir.ir import Operation
from genx_emit.mlir.syntax.common import custom, opt_attr_dict, props_and_attrs, source_to_type
from genx_emit.mlir.types import IndexType, IntegerType

if TYPE_CHECKING:
    from genx_emit.mlir.parser import Parser


@custom("vector.step")
def _step(p: Parser, name: str, index: int) -> Operation:
    attrs = opt_attr_dict(p)
    p.expect(":", "and the result type")
    return p.new_op(name, index, [], [p.parse_type()], attrs)


@custom("index.castu", "index.casts")
def _index_cast(p: Parser, name: str, index: int) -> Operation:
    return source_to_type(p, name, index, opt_attr_dict, "to", "before the result type")


@custom("xegpu.convert_layout")
def _convert_layout(p: Parser, name: str, index: int) -> Operation:
    src = p.use_value()
    attrs = props_and_attrs(p)
    p.expect(":", "and the type")
    t = p.typed(src)
    return p.new_op(name, index, [src], [t], attrs)


@custom("affine.apply")
def _affine_apply(p: Parser, name: str, index: int) -> Operation:
    """``affine.apply #map(%d0, ...)[%s0, ...]``: the result is an index."""
    amap = p.parse_attr(allow_type_suffix=False)
    p.expect("(", "to start the dimension operands")
    dims = [] if p.at(")") else p.use_values()
    p.expect(")", "to close the dimension operands")
    syms = []
    if p.accept("["):
        syms = [] if p.at("]") else p.use_values()
        p.expect("]", "to close the symbol operands")
    attrs = opt_attr_dict(p)
    attrs["map"] = amap
    return p.new_op(name, index, [*dims, *syms], [IndexType()], attrs)


@custom("gpu.subgroup_reduce")
def _gpu_subgroup_reduce(p: Parser, name: str, index: int) -> Operation:
    """``gpu.subgroup_reduce add %v [uniform] [cluster(size = N[, stride = S])] : (T) -> T``."""
    kind = p.texts[p.i]
    p.i += 1
    v = p.use_value()
    attrs = {"op": KeywordAttr(kind)}
    if p.accept("uniform"):
        attrs["uniform"] = UnitAttr()
    if p.accept("cluster"):
        p.expect("(", "after 'cluster'")
        p.expect("size", "in the cluster")
        p.expect("=", "after 'size'")
        attrs["cluster_size"] = IntegerAttr(p.parse_int("cluster size"), IntegerType(32))
        if p.accept(","):
            p.expect("stride", "in the cluster")
            p.expect("=", "after 'stride'")
            attrs["cluster_stride"] = IntegerAttr(p.parse_int("cluster stride"), IntegerType(32))
        p.expect(")", "to close the cluster")
    attrs.update(opt_attr_dict(p))
    p.expect(":", "and the functional type")
    p.expect("(", "to open the operand type")
    p.typed(v)
    p.expect(")", "to close the operand type")
    p.expect("->", "before the result type")
    return p.new_op(name, index, [v], [p.parse_type()], attrs)


@custom("gpu.shuffle")
def _gpu_shuffle(p: Parser, name: str, index: int) -> Operation:
    """``gpu.shuffle xor %v, %offset, %width : f32`` -> the value and an ``i1`` valid flag."""
    mode = p.texts[p.i]
    p.i += 1
    v = p.use_value()
    p.expect(",", "after the value")
    off = p.use_value()
    p.expect(",", "after the offset")
    width = p.use_value()
    attrs = opt_attr_dict(p)
    p.expect(":", "and the value type")
    t = p.typed(v)
    attrs["mode"] = KeywordAttr(mode)
    return p.new_op(name, index, [v, off, width], [t, IntegerType(1)], attrs)


@custom("vector.constant_mask")
def _constant_mask(p: Parser, name: str, index: int) -> Operation:
    """``vector.constant_mask [4, 2] : vector<8x4xi1>``: the leading sizes set in each dimension."""
    p.expect("[", "before the mask sizes")
    sizes = [] if p.at("]") else [p.parse_int("mask size")]
    while p.accept(","):
        sizes.append(p.parse_int("mask size"))
    p.expect("]", "after the mask sizes")
    attrs = opt_attr_dict(p)
    attrs["mask_dim_sizes"] = DenseArrayAttr(IntegerType(64), tuple(sizes))
    p.expect(":", "and the result type")
    return p.new_op(name, index, [], [p.parse_type()], attrs)


@custom("vector.create_mask")
def _create_mask(p: Parser, name: str, index: int) -> Operation:
    """``vector.create_mask %a, %b : vector<8x4xi1>``: the bounds are index values."""
    operands = p.use_values()
    attrs = opt_attr_dict(p)
    p.expect(":", "and the result type")
    return p.new_op(name, index, operands, [p.parse_type()], attrs)
