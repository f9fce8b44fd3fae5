"""Custom forms of the XeGPU block (nd) ops, in every spelling we accept.

Upstream MLIR (2024-2026): ``%src[%x, 0]``, ``%src[...], [shape], [strides]``,
``%src, shape : [...], strides : [...]``, offsets on load/store/prefetch, ``<{props}>``.
IMEX / RFC: ``{mode = vc, vnni_axis = 0}``, ``XeGPU.`` dialect spelling, ``into`` for ``->``,
operand packs ``%offsets:2`` and comma-separated offset/shape/stride operands.

Every form yields the upstream generic Operation: operands in ODS order, ``const_offsets`` /
``const_shape`` / ``const_strides`` with INT64_MIN for each dynamic entry, and
``operandSegmentSizes`` on ``create_nd_tdesc``. Attribute dictionaries are kept as written
(``L1_hint``, ``vnni_axis``, ``mode``): the op-model builder maps the spellings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from genx_emit.mlir.attr_type_parser import INT64_MIN
from genx_emit.mlir.attrs import Attribute, DenseArrayAttr
from genx_emit.mlir.ir import Operation, Value
from genx_emit.mlir.lexer import INT, VALUE
from genx_emit.mlir.syntax.common import custom, opt_attr_dict, props_and_attrs
from genx_emit.mlir.types import IntegerType, MemRefType, Type

if TYPE_CHECKING:
    from genx_emit.mlir.parser import Parser

IndexList = tuple[list[Value], list[int]]  # dynamic operands, static entries (INT64_MIN = dynamic)


def i64_array(values: list[int]) -> DenseArrayAttr:
    return DenseArrayAttr(IntegerType(64), tuple(values))


def index_list(p: Parser) -> IndexList:
    """``[%x, 0, %y]`` (upstream DynamicIndexList)."""
    p.expect("[", "to start an index list")
    vals: list[Value] = []
    consts: list[int] = []
    if p.accept("]"):
        return vals, consts
    while True:
        if p.kinds[p.i] == VALUE:
            vals.append(p.use_value())
            consts.append(INT64_MIN)
        else:
            consts.append(p.parse_int("SSA value or integer"))
        if p.accept("]"):
            return vals, consts
        p.expect(",", "or ']' in index list")


def _rfc_operands(p: Parser) -> list[Value]:
    """``%a, %offsets:2, %b`` where ``%x:N`` stands for ``%x#0 ... %x#N-1``."""
    out: list[Value] = []
    while p.kinds[p.i] == VALUE:
        if p.peek_is(1, ":") and p.kinds[p.i + 2] == INT:
            index = p.i
            name = p.texts[p.i].partition("#")[0]
            count = int(p.texts[p.i + 2])
            p.i += 3
            out += [p.resolve(name, j, index) for j in range(count)]
        else:
            out.append(p.use_value())
        if not (p.at(",") and p.kinds[p.i + 1] == VALUE):
            break
        p.i += 1
    return out


def _types_thenresult_arrow(p: Parser, first_operand: Value) -> Type:
    """``: t0 [, t1 ...]`` before ``->``/``into``; returns ``t0``, the first operand's type."""
    p.expect(":", "and the operand types")
    first = p.typed(first_operand)
    while p.accept(","):
        p.parse_type()  # RFC forms list one type per index operand
    return first


def result_arrow(p: Parser) -> None:
    if not (p.accept("->") or p.accept("into")):
        raise p.error(f"expected '->' or 'into', got {p.describe()}")


def _dynamic(n: int) -> list[int]:
    return [INT64_MIN] * n


@custom("xegpu.create_nd_tdesc")
def _create_nd_tdesc(p: Parser, name: str, index: int) -> Operation:
    source = p.use_value()
    offsets: IndexList | None = None
    shape: IndexList | None = None
    strides: IndexList | None = None
    rfc: list[Value] | None = None
    if p.at("["):
        offsets = index_list(p)
        if p.accept(","):
            if p.accept("shape"):
                p.expect(":", "after 'shape'")
            shape = index_list(p)
            p.expect(",", "between shape and strides")
            if p.accept("strides"):
                p.expect(":", "after 'strides'")
            strides = index_list(p)
    elif p.at(",") and p.peek_is(1, "shape"):
        p.i += 2
        p.expect(":", "after 'shape'")
        shape = index_list(p)
        p.expect(",", "between shape and strides")
        p.expect("strides", "after the shape")
        p.expect(":", "after 'strides'")
        strides = index_list(p)
    elif p.at(",") and p.kinds[p.i + 1] == VALUE:
        p.i += 1
        rfc_index = p.i
        rfc = _rfc_operands(p)
    attrs = props_and_attrs(p)
    src_type = _types_thenresult_arrow(p, source)
    result_arrow(p)
    tdesc_type = p.parse_type()
    if rfc is not None:
        offsets, shape, strides = _split_rfc(p, rfc, src_type, rfc_index)
    operands = [source]
    segments = [1]
    for key, part in (("const_offsets", offsets), ("const_shape", shape), ("const_strides", strides)):
        if part is None:
            segments.append(0)
            continue
        operands += part[0]
        segments.append(len(part[0]))
        attrs[key] = i64_array(part[1])
    attrs["operandSegmentSizes"] = DenseArrayAttr(IntegerType(32), tuple(segments))
    return p.new_op(name, index, operands, [tdesc_type], attrs)


def _split_rfc(
    p: Parser, vals: list[Value], src_type: Type, index: int
) -> tuple[IndexList, IndexList | None, IndexList | None]:
    """RFC create_nd_tdesc operands: memref source -> offsets only; address source -> either one
    offset (1D) or rank offsets, rank shape values and rank stride values."""
    n = len(vals)
    if isinstance(src_type, MemRefType) or n == 1:
        return (vals, _dynamic(n)), None, None
    if n % 3:
        raise p.error(
            f"xegpu.create_nd_tdesc: an address source takes offsets, shape and strides "
            f"(3 x rank operands), got {n} operands",
            index,
        )
    k = n // 3
    parts = [vals[j * k : (j + 1) * k] for j in range(3)]
    return (parts[0], _dynamic(k)), (parts[1], _dynamic(k)), (parts[2], _dynamic(k))


@custom("xegpu.update_nd_offset")
def _update_nd_offset(p: Parser, name: str, index: int) -> Operation:
    tdesc = p.use_value()
    p.expect(",", "after the tensor descriptor")
    if p.at("["):
        vals, consts = index_list(p)
    else:
        vals = _rfc_operands(p)
        consts = _dynamic(len(vals))
    attrs = props_and_attrs(p)
    result = _types_thenresult_arrow(p, tdesc)
    if p.at("->") or p.at("into"):
        p.i += 1
        result = p.parse_type()
    attrs["const_offsets"] = i64_array(consts)
    return p.new_op(name, index, [tdesc, *vals], [result], attrs)


def _access_head(p: Parser) -> tuple[list[Value], dict[str, Attribute]]:
    """``%tdesc [offsets] <{props}> {attrs}``; the newest upstream form puts offsets here."""
    operands = [p.use_value()]
    attrs: dict[str, Attribute] = {}
    if p.at("["):
        vals, consts = index_list(p)
        operands += vals
        attrs["const_offsets"] = i64_array(consts)
    attrs.update(props_and_attrs(p))
    return operands, attrs


@custom("xegpu.load_nd")
def _load_nd(p: Parser, name: str, index: int) -> Operation:
    early = opt_attr_dict(p)  # RFC also writes `load_nd {packed} %t`
    operands, attrs = _access_head(p)
    attrs.update(early)
    _types_thenresult_arrow(p, operands[0])
    result_arrow(p)
    return p.new_op(name, index, operands, [p.parse_type()], attrs)


@custom("xegpu.store_nd")
def _store_nd(p: Parser, name: str, index: int) -> Operation:
    value = p.use_value()
    p.expect(",", "after the stored value")
    operands, attrs = _access_head(p)
    p.expect(":", "and the operand types")
    p.typed_list([value, operands[0]])
    return p.new_op(name, index, [value, *operands], [], attrs)


@custom("xegpu.prefetch_nd")
def _prefetch_nd(p: Parser, name: str, index: int) -> Operation:
    operands, attrs = _access_head(p)
    p.expect(":", "and the tensor descriptor type")
    p.typed_list(operands[:1])
    return p.new_op(name, index, operands, [], attrs)
