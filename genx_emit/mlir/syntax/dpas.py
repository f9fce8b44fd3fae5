"""Custom form of ``xegpu.dpas``: upstream (``%a, %b, %c : ... -> ...``, layouts in the attribute
dictionary) and RFC (accumulator first, ``{#sg_map_a #sg_map_b #sg_map_c}``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.mlir.attrs import Attribute
from genx_emit.mlir.ir import Operation
from genx_emit.mlir.lexer import HASH
from genx_emit.mlir.syntax.common import custom, props_and_attrs
from genx_emit.mlir.syntax.nd import result_arrow

if TYPE_CHECKING:
    from genx_emit.mlir.parser import Parser


@custom("xegpu.dpas")
def _dpas(p: Parser, name: str, index: int) -> Operation:
    operands_index = p.i
    operands = p.use_values()
    if len(operands) not in (2, 3):
        raise p.error(f"xegpu.dpas takes 2 or 3 operands, got {len(operands)}", operands_index)
    rfc_maps = _rfc_sg_maps(p)
    attrs = props_and_attrs(p)
    attrs.update(rfc_maps)
    p.expect(":", "and the operand types")
    types = p.typed_list(operands)
    result_arrow(p)
    result = p.parse_type()
    if len(operands) == 3 and types[0] == result and types[2] != result:
        # The RFC op table writes the accumulator first (`dpas %c, %a, %b`); ODS order is a, b, c.
        operands = [operands[1], operands[2], operands[0]]
    return p.new_op(name, index, operands, [result], attrs)


# The RFC writes a SIMT dpas's operand distributions as a bare list: `{#sg_map_a #sg_map_b #sg_map_c}`.
_RFC_DPAS_MAPS = ("sg_map_a", "sg_map_b", "sg_map_c")


def _rfc_sg_maps(p: Parser) -> dict[str, Attribute]:
    """``{#a #b #c}`` (commas optional) -> ``sg_map_a``/``sg_map_b``/``sg_map_c``; else nothing."""
    if not (p.at("{") and p.kinds[p.i + 1] == HASH):
        return {}
    start = p.i
    p.i += 1
    maps: list[Attribute] = []
    while not p.accept("}"):
        maps.append(p.parse_attr())
        p.accept(",")
    if len(maps) > len(_RFC_DPAS_MAPS):
        raise p.error(f"xegpu.dpas: at most {len(_RFC_DPAS_MAPS)} sg_maps (a, b, c), got {len(maps)}", start)
    return dict(zip(_RFC_DPAS_MAPS, maps, strict=False))
