"""Custom forms of barrier, fence, hint and SLM-allocation ops (xegpu nbarrier/fence/
compile_hint, gpu.barrier, memref.alloc/alloca/dealloc), in upstream and RFC spellings.

Upstream: ``xegpu.alloc_nbarrier 8``, ``xegpu.init_nbarrier %id, %n : i8, i8 -> !xegpu.nbarrier``,
``xegpu.nbarrier_arrive %nb : !xegpu.nbarrier``, ``xegpu.fence memory_kind = global,
fence_scope = workgroup``. RFC: ``XeGPU.alloc_nbarrier %n : i8``, ``... into nbarrier``, an
arrive/wait without its type, ``XeGPU.fence {scope = "gpu", memory_kind = "global", }`` (the
trailing comma is in the RFC's own example), ``XeGPU.mfence {...}``, ``XeGPU.compile_hint
{hint = schedule_barrier}``. Attribute dictionaries are kept as written: the op-model builder
(:mod:`genx_emit.ops.sync`) maps the spellings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.mlir.attrs import Attribute, DenseArrayAttr, IntegerAttr, KeywordAttr, StringAttr, UnitAttr
from genx_emit.mlir.ir import Operation
from genx_emit.mlir.lexer import BARE, INT, STRING, unescape_string
from genx_emit.mlir.syntax.common import custom, dialect_attr, opt_attr_dict
from genx_emit.mlir.types import DialectType, IntegerType, Type

if TYPE_CHECKING:
    from genx_emit.mlir.parser import Parser

NBARRIER_TYPE = DialectType("xegpu", "nbarrier")
# Upstream enum attributes of xegpu.fence: the custom form prints the bare word.
_FENCE_ENUMS = {"memory_kind": "memory_space", "fence_scope": "fence_scope"}


def _attr_dict(p: Parser) -> dict[str, Attribute]:
    """``{key = value, unit_key}`` that also takes a trailing comma before ``}``."""
    out: dict[str, Attribute] = {}
    if not p.accept("{"):
        return out
    while not p.accept("}"):
        k, t = p.kinds[p.i], p.texts[p.i]
        if k not in (BARE, STRING):
            raise p.error(f"expected attribute name, got {p.describe()}")
        key = unescape_string(t) if k == STRING else t
        p.i += 1
        out[key] = p.parse_attr() if p.accept("=") else UnitAttr()
        if not p.accept(","):
            p.expect("}", "or ',' in attribute dictionary")
            break
    return out


def _result_type(p: Parser) -> Type:
    """After ``->``/``into``: a type, or the RFC's bare ``nbarrier``."""
    if p.at("nbarrier"):
        p.i += 1
        return NBARRIER_TYPE
    return p.parse_type()


# -- named barriers --------------------------------------------------------------------------
@custom("xegpu.alloc_nbarrier")
def _alloc_nbarrier(p: Parser, name: str, index: int) -> Operation:
    if p.kinds[p.i] == INT:  # upstream: the count is the I64 attribute nbarrier_num
        count_attr = IntegerAttr(p.parse_int("barrier count"), IntegerType(64))
        attrs: dict[str, Attribute] = {"nbarrier_num": count_attr}
        attrs.update(_attr_dict(p))
        return p.new_op(name, index, [], [], attrs)
    count = p.use_value()  # RFC: an i8 operand (a constant)
    attrs = _attr_dict(p)
    if p.accept(":"):
        p.typed(count)
    return p.new_op(name, index, [count], [], attrs)


@custom("xegpu.init_nbarrier")
def _init_nbarrier(p: Parser, name: str, index: int) -> Operation:
    barrier_id = p.use_value()
    p.expect(",", "between the barrier id and the participant count")
    count = p.use_value()
    attrs = _attr_dict(p)
    p.expect(":", "and the operand types")
    p.typed_list([barrier_id, count])
    if not (p.accept("->") or p.accept("into")):
        raise p.error(f"expected '->' or 'into', got {p.describe()}")
    return p.new_op(name, index, [barrier_id, count], [_result_type(p)], attrs)


@custom("xegpu.nbarrier_arrive", "xegpu.nbarrier_wait")
def _nbarrier_use(p: Parser, name: str, index: int) -> Operation:
    nbarrier = p.use_value()
    attrs = _attr_dict(p)
    if p.accept(":"):  # the RFC's examples leave the type out
        type_index = p.i
        p.check_type(nbarrier, _result_type(p), type_index)
    return p.new_op(name, index, [nbarrier], [], attrs)


# -- fences and hints ------------------------------------------------------------------------
@custom("xegpu.fence")
def _fence(p: Parser, name: str, index: int) -> Operation:
    attrs: dict[str, Attribute] = {}
    while p.texts[p.i] in _FENCE_ENUMS and p.kinds[p.i] == BARE and p.peek_is(1, "="):
        key = p.texts[p.i]
        p.i += 2
        value = p.parse_attr(allow_type_suffix=False)
        if isinstance(value, (KeywordAttr, StringAttr)):  # the generic form's #xegpu.<enum><word>
            value = dialect_attr("xegpu", _FENCE_ENUMS[key], value.value)
        attrs[key] = value
        if not p.accept(","):
            break
    attrs.update(_attr_dict(p))
    return p.new_op(name, index, [], [], attrs)


@custom("xegpu.mfence", "xegpu.compile_hint")
def _attr_dict_only(p: Parser, name: str, index: int) -> Operation:
    return p.new_op(name, index, [], [], _attr_dict(p))


# -- memref allocation (shared local memory) -------------------------------------------------
@custom("memref.alloc", "memref.alloca")
def _alloc(p: Parser, name: str, index: int) -> Operation:
    p.expect("(", "to start the dynamic sizes")
    sizes = p.use_values()
    p.expect(")", "to close the dynamic sizes")
    symbols = []
    if p.accept("["):
        symbols = p.use_values()
        p.expect("]", "to close the symbol operands")
    attrs = _attr_dict(p)
    p.expect(":", "and the memref type")
    result = p.parse_type()
    attrs["operandSegmentSizes"] = DenseArrayAttr(IntegerType(32), (len(sizes), len(symbols)))
    return p.new_op(name, index, [*sizes, *symbols], [result], attrs)


@custom("memref.dealloc")
def _dealloc(p: Parser, name: str, index: int) -> Operation:
    memref = p.use_value()
    attrs = _attr_dict(p)
    p.expect(":", "and the memref type")
    p.typed(memref)
    return p.new_op(name, index, [memref], [], attrs)


__all__ = ["NBARRIER_TYPE"]


@custom("gpu.barrier")
def _gpu_barrier(p: Parser, name: str, index: int) -> Operation:
    attrs: dict[str, Attribute] = {}
    if p.accept("memfence"):
        attrs["address_spaces"] = p.parse_attr()
    attrs.update(opt_attr_dict(p))
    return p.new_op(name, index, [], [], attrs)


