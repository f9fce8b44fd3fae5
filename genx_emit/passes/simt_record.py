"""What ``genx-lane-to-subgroup`` found about a SIMT kernel, kept on its function as the
``genx.simt`` attribute, so that IR printed after the pass and lowered again is still checked
against the target's SIMT rules (lane count, the RFC's dpas layout tables: lower/simt_check.py)::

    gpu.func @k(...) kernel attributes {genx.simt = {lanes = 16 : i64, lanes_from = "...",
        at = "k.mlir:9:5", dpas = [{element = bf16, at = "k.mlir:20:9",
        a = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, b = ..., c = ...}]}}
"""

from __future__ import annotations

from genx_emit.diagnostics import Location
from genx_emit.mlir.attrs import (
    ArrayAttr,
    Attribute,
    DialectAttr,
    DictAttr,
    IntegerAttr,
    StringAttr,
    TypeAttr,
)
from genx_emit.mlir.ir import SourceModule
from genx_emit.mlir.types import IntegerType
from genx_emit.ops.simt_layout import Layout, SimtDpas, SimtKernel, parse_layout

SIMT_ATTR = "genx.simt"
_I64 = IntegerType(64)
_SIGNATURE = ("function_type", "workgroup_attributions", "arg_attrs", "res_attrs")


def record_simt(src: SourceModule, found: dict[Location, SimtKernel]) -> None:
    """Write each SIMT kernel's record on its function (matched by location, as found)."""
    for func in src.device_functions():
        k = found.get(func.loc)
        if k is not None:
            dpas = ArrayAttr(tuple(_dpas(d) for d in k.dpas))
            lanes = IntegerAttr(k.lanes, _I64)
            record = DictAttr((("lanes", lanes), ("lanes_from", StringAttr(k.lanes_what)),
                               ("at", _at(k.lanes_loc)), ("dpas", dpas)))
            # Before the signature's keys, where the custom form of gpu.func reads it back.
            attrs = {n: a for n, a in func.attributes.items() if n not in _SIGNATURE}
            attrs[SIMT_ATTR] = record
            attrs.update((n, a) for n, a in func.attributes.items() if n in _SIGNATURE)
            func.attributes = attrs


def read_simt(src: SourceModule) -> dict[Location, SimtKernel]:
    """The records :func:`record_simt` wrote, by function location (bad ones are skipped: the
    attribute is ours, and a missing record only skips a check)."""
    out: dict[Location, SimtKernel] = {}
    for func in src.device_functions():
        rec = func.attributes.get(SIMT_ATTR)
        if not isinstance(rec, DictAttr):
            continue
        try:
            at = _loc(rec.get("at"), func.loc)
            kernel = SimtKernel(_int(rec.get("lanes")), at, _str(rec.get("lanes_from")))
            dpas = rec.get("dpas")
            for d in dpas.elements if isinstance(dpas, ArrayAttr) else ():
                element = d.get("element")  # type: ignore[union-attr]
                at = _loc(d.get("at"), func.loc)  # type: ignore[union-attr]
                a, b, c = (parse_layout(d.get(k), at) for k in "abc")  # type: ignore[union-attr,arg-type]
                kernel.dpas.append(SimtDpas(at, element.type, a, b, c))  # type: ignore[union-attr]
        except (AttributeError, TypeError, ValueError):
            continue
        out[func.loc] = kernel
    return out


def _dpas(d: SimtDpas) -> DictAttr:
    layouts = (("a", _layout(d.a)), ("b", _layout(d.b)), ("c", _layout(d.c)))
    return DictAttr((("element", TypeAttr(d.element)), ("at", _at(d.loc)), *layouts))


def _layout(lay: Layout) -> DialectAttr:
    def ints(v: tuple[int, int]) -> ArrayAttr:
        return ArrayAttr(tuple(IntegerAttr(x) for x in v))

    named: tuple[tuple[str, Attribute], ...] = (("lane_layout", ints(lay.lanes)),
                                                ("lane_data", ints(lay.data)))
    raw = ", ".join(f"{k} = {v}" for k, v in named)
    return DialectAttr("xegpu", "layout", (), named, raw)


def _at(loc: Location) -> StringAttr:
    return StringAttr(str(loc))


def _loc(a: Attribute | None, default: Location) -> Location:
    if isinstance(a, StringAttr):
        name, _, rest = a.value.rpartition(":")
        file, _, line = name.rpartition(":")
        if file and line.isdigit() and rest.isdigit():
            return Location(file, int(line), int(rest))
    return default


def _int(a: Attribute | None) -> int:
    if not isinstance(a, IntegerAttr):
        raise TypeError("lanes")
    return a.value


def _str(a: Attribute | None) -> str:
    return a.value if isinstance(a, StringAttr) else "SIMT kernel"
