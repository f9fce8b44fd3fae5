"""Generic IR (:mod:`genx_emit.mlir.ir`) -> MLIR text that :func:`parse_mlir` reads back to the
same IR: same ops, operands, attributes (in order), types and value names.

Most ops print in the generic form ``%r = "d.op"(%a, %b) ({regions}) {attrs} : (ta, tb) -> tr``,
which parses to exactly what was printed whatever the op. The containers (modules and
functions) print in their custom forms, for readability, when those read back to the same
attribute order. Attributes, types and layouts print in the spellings the parser reads (aliases
expanded inline); floats that a decimal literal cannot carry (inf, nan) print as bit patterns.
"""

from __future__ import annotations

import math
import re
import struct
from collections.abc import Iterable

from genx_emit.mlir.attrs import (
    ArrayAttr,
    Attribute,
    BoolAttr,
    DenseArrayAttr,
    DenseElementsAttr,
    DialectAttr,
    DictAttr,
    FloatAttr,
    IntegerAttr,
    KeywordAttr,
    OpaqueAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
)
from genx_emit.mlir.ir import Block, Operation, Region, SourceModule, Value
from genx_emit.mlir.types import (
    DialectType,
    FloatType,
    FunctionType,
    MemRefType,
    TensorDescType,
    Type,
    VectorType,
)

_BARE_KEY = re.compile(r"[A-Za-z_][\w$.]*\Z", re.ASCII)
_VALUE_NAME = re.compile(r"%[\w$.\-]+\Z", re.ASCII)
_SYMBOL = re.compile(r"[\w$.\-]+\Z", re.ASCII)
_INVALID = re.compile(r"[^\w$.\-]", re.ASCII)
_NUMBERED = re.compile(r"(%[\w$.\-]+)#(\d+)\Z", re.ASCII)
# Ops whose regions do not see enclosing values (the parser's `_ISOLATED`): names may repeat.
_ISOLATED = frozenset({"builtin.module", "gpu.module", "gpu.func", "func.func"})
_FLOAT_BITS = {"f16": ("<e", "<H", 4), "bf16": ("<f", "<I", 4), "f32": ("<f", "<I", 8),
               "tf32": ("<f", "<I", 8), "f64": ("<d", "<Q", 16)}
INDENT = "  "


# -- attributes and types ----------------------------------------------------------------------
def float_text(value: float, ty: Type | None = None) -> str:
    """A float literal the lexer reads back exactly: ``1.0``, ``1.5e-05``; inf and nan as the bit
    pattern of ``ty`` (an integer literal that the parser reads as bits for a float type)."""
    if math.isfinite(value):
        text = repr(float(value))
        mantissa, e, exponent = text.partition("e")
        if "." not in mantissa:
            mantissa += ".0"
        return mantissa + (f"e{exponent}" if e else "")
    kind = ty.kind if isinstance(ty, FloatType) else "f64"
    fmt, ifmt, digits = _FLOAT_BITS.get(kind, _FLOAT_BITS["f64"])
    bits = struct.unpack(ifmt, struct.pack(fmt, value))[0]
    if kind == "bf16":
        bits >>= 16
        digits = 4
    return f"0x{bits:0{digits}X}"


def attr_text(a: Attribute) -> str:
    """``a`` in a spelling :meth:`AttrTypeParser.parse_attr` reads back to an equal attribute."""
    if isinstance(a, IntegerAttr):
        return f"{a.value}" + (f" : {type_text(a.type)}" if a.type is not None else "")
    if isinstance(a, FloatAttr):
        if a.type is None:
            return float_text(a.value)
        return f"{float_text(a.value, a.type)} : {type_text(a.type)}"
    if isinstance(a, BoolAttr):
        return "true" if a.value else "false"
    if isinstance(a, StringAttr):
        return string_text(a.value)
    if isinstance(a, ArrayAttr):
        return "[" + ", ".join(map(attr_text, a.elements)) + "]"
    if isinstance(a, DenseArrayAttr):
        vals = ", ".join(_element_text(v, a.element_type) for v in a.values)
        return f"array<{type_text(a.element_type)}" + (f": {vals}>" if vals else ">")
    if isinstance(a, DenseElementsAttr):
        elem = getattr(a.type, "element", None)
        vals = [_element_text(v, elem) for v in a.values]
        body = vals[0] if a.splat and vals else "[" + ", ".join(vals) + "]" if vals else ""
        return f"dense<{body}> : {type_text(a.type)}"
    if isinstance(a, TypeAttr):
        return type_text(a.type)
    if isinstance(a, DictAttr):
        return dict_text(a.entries)
    if isinstance(a, DialectAttr):
        return dialect_attr_text(a)
    if isinstance(a, SymbolRefAttr):
        return "::".join(symbol_text(s) for s in (a.root, *a.nested))
    if isinstance(a, (UnitAttr, KeywordAttr, OpaqueAttr)):
        return str(a)
    raise TypeError(f"cannot print attribute {a!r}")


def _element_text(v: int | float | bool, elem: Type | None) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) or isinstance(elem, FloatType):  # a pass may write 0 for 0.0
        return float_text(float(v), elem)
    return str(v)


def dialect_attr_text(a: DialectAttr) -> str:
    """``#d.name<params>`` from the parsed parameters (aliases inside expanded); an attribute
    whose body the parser keeps only as text prints that text."""
    if not a.name:
        return f"#{a.dialect}<{a.raw}>"
    params = [attr_text(p) for p in a.positional] + [f"{k} = {attr_text(v)}" for k, v in a.named]
    if params:
        return f"#{a.dialect}.{a.name}<{', '.join(params)}>"
    return f"#{a.dialect}.{a.name}" + (f"<{a.raw}>" if a.raw else "")


def string_text(s: str) -> str:
    out = []
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\{ord(c):02X}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def symbol_text(name: str) -> str:
    return "@" + (name if _SYMBOL.match(name) else string_text(name))


def key_text(key: str) -> str:
    return key if _BARE_KEY.match(key) else string_text(key)


def dict_text(entries: Iterable[tuple[str, Attribute]]) -> str:
    items = [key_text(k) if isinstance(v, UnitAttr) else f"{key_text(k)} = {attr_text(v)}"
             for k, v in entries]
    return "{" + ", ".join(items) + "}"


def type_text(t: Type) -> str:
    """``t`` in a spelling :meth:`TypeParser.parse_type` reads back to an equal type."""
    if isinstance(t, TensorDescType):
        dims = "".join(f"{d}x" for d in t.shape)
        extra = "".join(f", {attr_text(p)}" for p in t.params)
        return f"!xegpu.tensor_desc<{dims}{type_text(t.element)}{extra}>"
    if isinstance(t, VectorType):
        return f"vector<{''.join(f'{d}x' for d in t.shape)}{type_text(t.element)}>"
    if isinstance(t, MemRefType):
        dims = "".join(("?" if d is None else str(d)) + "x" for d in t.shape)
        extra = ""
        if t.layout is not None:
            extra += f", {t.layout if not isinstance(t.layout, Attribute) else attr_text(t.layout)}"
        if t.memory_space is not None:
            extra += f", {attr_text(t.memory_space)}"
        return f"memref<{dims}{type_text(t.element)}{extra}>"
    if isinstance(t, FunctionType):
        return function_type_text(list(t.inputs), list(t.results), paren_results=True)
    if isinstance(t, DialectType) and t.dialect == "builtin":
        return f"{t.name}<{t.body}>"
    return str(t)


def function_type_text(inputs: list[Type], results: list[Type], paren_results: bool = False) -> str:
    ins = ", ".join(map(type_text, inputs))
    if len(results) == 1 and not paren_results and not isinstance(results[0], FunctionType):
        return f"({ins}) -> {type_text(results[0])}"
    return f"({ins}) -> ({', '.join(map(type_text, results))})"


# -- operations --------------------------------------------------------------------------------
class Printer:
    """Prints one module; keeps the names of the values visible at each point (a name already
    visible is given a fresh suffix, which the parser requires in device code)."""

    def __init__(self, locations: bool = True) -> None:
        self.locations = locations
        self.lines: list[str] = []
        self.names: dict[Value, str] = {}
        self.scopes: list[set[str]] = [set()]
        self.floor = 0
        self.labels: dict[Block, str] = {}

    # -- names ---------------------------------------------------------------------------------
    def visible(self, name: str) -> bool:
        return any(name in s for s in self.scopes[self.floor :])

    def fresh(self, stem: str) -> str:
        """``stem`` if it is a valid, not yet visible name, else a variant that is."""
        base = stem if _VALUE_NAME.match(stem) else "%" + _INVALID.sub(".", stem.lstrip("%"))
        if base == "%":
            base = "%v"
        name, n = base, 0
        while self.visible(name):
            n += 1
            name = f"{base}.{n}"
        return name

    def define(self, values: list[Value]) -> str:
        """Bind names to ``values`` (an op's results): ``%r:3`` for ``%r#0..2``, else one name
        each. Returns the text before `` = `` (empty when no result is named)."""
        if not values or all(not v.name for v in values):
            return ""
        groups: list[str] = []
        i = 0
        while i < len(values):
            m = _NUMBERED.match(values[i].name)
            if m and m.group(2) == "0" and not self.visible(m.group(1)):
                base = m.group(1)
                j = i
                while j < len(values) and values[j].name == f"{base}#{j - i}":
                    self.names[values[j]] = values[j].name
                    j += 1
                self.scopes[-1].add(base)
                groups.append(f"{base}:{j - i}")
                i = j
                continue
            name = self.fresh(values[i].name or "%v")
            self.names[values[i]] = name
            self.scopes[-1].add(name)
            groups.append(name)
            i += 1
        return ", ".join(groups)

    def define_arg(self, v: Value) -> str:
        name = self.fresh(v.name or "%arg")
        self.names[v] = name
        self.scopes[-1].add(name)
        return name

    def use(self, v: Value) -> str:
        return self.names.get(v) or v.name

    def uses(self, values: Iterable[Value]) -> str:
        return ", ".join(map(self.use, values))

    # -- structure -----------------------------------------------------------------------------
    def emit(self, depth: int, text: str) -> None:
        self.lines.append(INDENT * depth + text)

    def loc(self, op: Operation) -> str:
        """`` loc("file":line:col)``: lowering names loop and branch blocks by source line, and
        diagnostics should point at the source, so printed IR keeps them (unless asked not to)."""
        if not self.locations or op.loc.line <= 0:
            return ""
        return f" loc({string_text(op.loc.filename)}:{op.loc.line}:{op.loc.col})"

    def module(self, src: SourceModule) -> str:
        for op in src.operations:
            self.op(op, 0)
        return "\n".join(self.lines) + "\n"

    def op(self, op: Operation, depth: int) -> None:
        custom = _CUSTOM.get(op.name)
        if custom is not None and custom(self, op, depth):
            return
        self.generic(op, depth)

    def generic(self, op: Operation, depth: int) -> None:
        results = self.define(op.results)
        head = (f"{results} = " if results else "") + f"{string_text(op.name)}({self.uses(op.operands)})"
        if op.successors:
            head += "[" + ", ".join(self.label(b) for b in op.successors) + "]"
        tail = ""
        if op.attributes:
            tail += " " + dict_text(op.attributes.items())
        types = function_type_text([v.type for v in op.operands], [v.type for v in op.results])
        tail += f" : {types}" + self.loc(op)
        if not op.regions:
            self.emit(depth, head + tail)
            return
        self.emit(depth, head + " (")
        self.with_scope(op, lambda: self.regions(op.regions, depth))
        self.emit(depth, ")" + tail)

    def with_scope(self, op: Operation, fn) -> None:  # noqa: ANN001
        saved = self.floor
        if op.name in _ISOLATED:
            self.scopes.append(set())
            self.floor = len(self.scopes) - 1
        try:
            fn()
        finally:
            if op.name in _ISOLATED:
                self.scopes.pop()
                self.floor = saved

    def regions(self, regions: list[Region], depth: int) -> None:
        for k, region in enumerate(regions):
            self.emit(depth, "{" if k == 0 else ", {")
            self.region_body(region, depth + 1)
            self.emit(depth, "}")

    def label(self, block: Block) -> str:
        if block not in self.labels:
            self.labels[block] = block.label or f"^bb{len(self.labels)}"
        return self.labels[block]

    def region_body(self, region: Region, depth: int, entry_named: bool = False) -> None:
        """The blocks of ``region``; ``entry_named``: the entry block's arguments were printed by
        the op (a function's signature), so it needs no label."""
        self.scopes.append(set())
        used = {b.label for b in region.blocks if b.label}
        try:
            for k, block in enumerate(region.blocks):
                if k == 0 and (entry_named or (block.label is None and not block.arguments)):
                    if not entry_named:
                        for v in block.arguments:
                            self.define_arg(v)
                elif block.label is None:
                    label = "^bb0"
                    n = 0
                    while label in used:
                        n += 1
                        label = f"^bb{n}"
                    used.add(label)
                    self.labels[block] = label
                    self.block_header(block, label, depth)
                else:
                    self.block_header(block, self.label(block), depth)
                for inner in block.operations:
                    self.op(inner, depth)
        finally:
            self.scopes.pop()

    def block_header(self, block: Block, label: str, depth: int) -> None:
        args = ", ".join(f"{self.define_arg(v)}: {type_text(v.type)}" for v in block.arguments)
        self.emit(max(depth - 1, 0), f"{label}({args}):" if block.arguments else f"{label}:")


# -- custom forms (containers) -----------------------------------------------------------------
def _symbol_attr(op: Operation) -> str | None:
    a = op.attributes.get("sym_name")
    return a.value if isinstance(a, StringAttr) else None


def _container(p: Printer, op: Operation, depth: int, word: str, expected_first: tuple[str, ...]) -> bool:
    """``module @name attributes {...} {`` / ``gpu.module @name ...``: when the attributes the
    custom form writes in front come first, as the custom parser orders them."""
    if op.operands or op.results or len(op.regions) != 1 or op.successors:
        return False
    keys = list(op.attributes)
    name = _symbol_attr(op)
    if keys[: len(expected_first)] != list(expected_first) or (expected_first and name is None):
        return False
    region = op.regions[0]
    if len(region.blocks) > 1 or (region.blocks and (region.blocks[0].arguments or region.blocks[0].label)):
        return False
    head = word + (f" {symbol_text(name)}" if name is not None and expected_first else "")
    rest = [(k, v) for k, v in op.attributes.items() if k not in expected_first]
    if rest:
        head += " attributes " + dict_text(rest)
    p.emit(depth, head + " {")
    p.with_scope(op, lambda: p.region_body(region, depth + 1))
    p.emit(depth, "}" + p.loc(op))
    return True


def _builtin_module(p: Printer, op: Operation, depth: int) -> bool:
    if "sym_name" in op.attributes:
        return _container(p, op, depth, "module", ("sym_name",))
    return _container(p, op, depth, "module", ())


def _gpu_module(p: Printer, op: Operation, depth: int) -> bool:
    keys = list(op.attributes)
    if any(k in ("targets", "offloadingHandler") for k in keys):
        return False
    return _container(p, op, depth, "gpu.module", ("sym_name",))


_FUNC_TAIL = ("function_type", "workgroup_attributions", "arg_attrs", "res_attrs")


def _function(p: Printer, op: Operation, depth: int) -> bool:
    """``gpu.func @k(%a: t) workgroup(%w: t) kernel attributes {...} {`` / ``func.func``."""
    if op.operands or op.results or len(op.regions) != 1 or op.successors:
        return False
    is_gpu = op.name == "gpu.func"
    ftype = op.attributes.get("function_type")
    name = _symbol_attr(op)
    if not isinstance(ftype, TypeAttr) or not isinstance(ftype.type, FunctionType) or name is None:
        return False
    region = op.regions[0]
    if not region.blocks or region.blocks[0].label is not None:
        return False
    inputs, results = list(ftype.type.inputs), list(ftype.type.results)
    args = region.blocks[0].arguments
    n_wg = op.attributes.get("workgroup_attributions")
    if is_gpu:
        if not isinstance(n_wg, IntegerAttr) or n_wg.type is None or str(n_wg.type) != "i64":
            return False
        n_attr = len(args) - len(inputs)
        if n_attr < n_wg.value or n_wg.value < 0:
            return False
    elif len(args) != len(inputs):
        return False
    if [a.type for a in args[: len(inputs)]] != inputs:
        return False
    arg_attrs = _dicts(op.attributes.get("arg_attrs"), len(inputs))
    res_attrs = _dicts(op.attributes.get("res_attrs"), len(results))
    if arg_attrs is None or res_attrs is None:
        return False
    # The order the custom parser gives: front keys, the `attributes` dict, then the tail.
    front = ["sym_name"] if is_gpu else [k for k in ("sym_visibility", "sym_name") if k in op.attributes]
    if is_gpu and "gpu.kernel" in op.attributes:
        front.append("gpu.kernel")
    if not is_gpu and front[0] == "sym_visibility":
        vis = op.attributes["sym_visibility"]
        if not isinstance(vis, StringAttr) or vis.value not in ("private", "public", "nested"):
            return False
    tail = [k for k in _FUNC_TAIL if k in op.attributes]
    keys = list(op.attributes)
    middle = keys[len(front) : len(keys) - len(tail)]
    if keys[: len(front)] != front or keys[len(keys) - len(tail) :] != tail:
        return False
    if any(k in _FUNC_TAIL or k in front for k in middle) or (is_gpu and "gpu.kernel" in middle):
        return False
    if "arg_attrs" in op.attributes and not any(d.entries for d in arg_attrs):
        return False
    if "res_attrs" in op.attributes and not any(d.entries for d in res_attrs):
        return False
    if is_gpu and op.attributes.get("gpu.kernel", UnitAttr()) != UnitAttr():
        return False

    def run() -> None:
        head = op.name
        if not is_gpu and "sym_visibility" in op.attributes:
            head += " " + op.attributes["sym_visibility"].value  # type: ignore[attr-defined]
        p.scopes.append(set())
        sig = []
        for v, d in zip(args[: len(inputs)], arg_attrs, strict=True):
            sig.append(f"{p.define_arg(v)}: {type_text(v.type)}" + _attrs_after(d))
        head += f" {symbol_text(name)}({', '.join(sig)})"
        if results:
            outs = [type_text(t) + _attrs_after(d) for t, d in zip(results, res_attrs, strict=True)]
            single = (len(results) == 1 and not res_attrs[0].entries
                      and not isinstance(results[0], FunctionType))
            head += " -> " + (outs[0] if single else f"({', '.join(outs)})")
        if is_gpu:
            n = n_wg.value  # type: ignore[union-attr]
            extra = args[len(inputs) :]
            for word, vals in (("workgroup", extra[:n]), ("private", extra[n:])):
                if vals:
                    named = (f"{p.define_arg(v)}: {type_text(v.type)}" for v in vals)
                    head += f" {word}(" + ", ".join(named) + ")"
            if "gpu.kernel" in op.attributes:
                head += " kernel"
        if middle:
            head += " attributes " + dict_text((k, op.attributes[k]) for k in middle)
        p.emit(depth, head + " {")
        p.region_body(region, depth + 1, entry_named=True)
        p.scopes.pop()
        p.emit(depth, "}" + p.loc(op))

    if len(region.blocks) > 0 and not region.blocks[0].operations and len(region.blocks) == 1:
        return False  # `{}` would read back as a region without blocks
    p.with_scope(op, run)
    return True


def _attrs_after(d: DictAttr) -> str:
    return f" {dict_text(d.entries)}" if d.entries else ""


def _dicts(a: Attribute | None, n: int) -> list[DictAttr] | None:
    if a is None:
        return [DictAttr(())] * n
    if not isinstance(a, ArrayAttr) or len(a.elements) != n:
        return None
    if not all(isinstance(d, DictAttr) for d in a.elements):
        return None
    return list(a.elements)  # type: ignore[arg-type]


_CUSTOM = {"builtin.module": _builtin_module, "gpu.module": _gpu_module, "gpu.func": _function,
           "func.func": _function}


def print_module(src: SourceModule, locations: bool = True) -> str:
    """The MLIR text of ``src``; ``locations``: each op's source position as a trailing
    ``loc(...)``, which the parser reads back."""
    return Printer(locations).module(src)


__all__ = ["attr_text", "print_module", "type_text"]
