"""Custom forms of the vector dialect ops genx-emit lowers.

Each parser starts after the op name and returns the upstream generic Operation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.mlir.custom_ops import custom, opt_attr_dict
from genx_emit.mlir.ir import Operation

if TYPE_CHECKING:
    from genx_emit.mlir.parser import Parser


# -- vector: splats and reshapes ------------------------------------------------------------
@custom("vector.broadcast", "vector.splat", "vector.shape_cast")
def _vector_splat(p: Parser, name: str, index: int) -> Operation:
    """``vector.broadcast %s : index to vector<16xindex>``, ``vector.splat %s : vector<16xindex>``,
    ``vector.shape_cast %v : vector<16x4xf32> to vector<64xf32>``."""
    source = p.use_value()
    attrs = opt_attr_dict(p)
    p.expect(":", "and the types")
    if name != "vector.splat":
        p.typed(source)
        p.expect("to", "between the source and result types")
    return p.new_op(name, index, [source], [p.parse_type()], attrs)
