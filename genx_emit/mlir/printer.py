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
from collections.abc import Callable, Iterable

from genx_emit.mlir import attrs as A
from genx_emit.mlir import types as T
from genx_emit.mlir.ir import Block, Operation, Region, SourceModule, Value

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
def float_text(value: float, ty: T.Type | None = None) -> str:
    """A float literal the lexer reads back exactly: ``1.0``, ``1.5e-05``; inf and nan as the bit
    pattern of ``ty`` (an integer literal that the parser reads as bits for a float type)."""
    if math.isfinite(value):
        text = repr(float(value))
        mantissa, e, exponent = text.partition("e")
        if "." not in mantissa:
            mantissa += ".0"
        return mantissa + (f"e{exponent}" if e else "")
    kind = ty.kind if isinstance(ty, T.FloatType) else "f64"
    fmt, ifmt, digits = _FLOAT_BITS.get(kind, _FLOAT_BITS["f64"])
    bits = struct.unpack(ifmt, struct.pack(fmt, value))[0]
    if kind == "bf16":
        bits >>= 16
        digits = 4
    return f"0x{bits:0{digits}X}"


def attr_text(a: A.Attribute) -> str:
    """``a`` in a spelling :meth:`AttrTypeParser.parse_attr` reads back to an equal attribute."""
    if isinstance(a, A.IntegerAttr):
        return f"{a.value}" + (f" : {type_text(a.type)}" if a.type is not None else "")
    if isinstance(a, A.FloatAttr):
        if a.type is None:
            return float_text(a.value)
        return f"{float_text(a.value, a.type)} : {type_text(a.type)}"
    if isinstance(a, A.BoolAttr):
        return "true" if a.value else "false"
    if isinstance(a, A.StringAttr):
        return string_text(a.value)
    if isinstance(a, A.ArrayAttr):
        return "[" + ", ".join(map(attr_text, a.elements)) + "]"
    if isinstance(a, A.DenseArrayAttr):
        vals = ", ".join(_element_text(v, a.element_type) for v in a.values)
        return f"array<{type_text(a.element_type)}" + (f": {vals}>" if vals else ">")
    if isinstance(a, A.DenseElementsAttr):
        elem = getattr(a.type, "element", None)
        vals = [_element_text(v, elem) for v in a.values]
        body = vals[0] if a.splat and vals else "[" + ", ".join(vals) + "]" if vals else ""
        return f"dense<{body}> : {type_text(a.type)}"
    if isinstance(a, A.TypeAttr):
        return type_text(a.type)
    if isinstance(a, A.DictAttr):
        return dict_text(a.entries)
    if isinstance(a, A.DialectAttr):
        return dialect_attr_text(a)
    if isinstance(a, A.SymbolRefAttr):
        return "::".join(symbol_text(s) for s in (a.root, *a.nested))
    if isinstance(a, (A.UnitAttr, A.KeywordAttr, A.OpaqueAttr)):
        return str(a)
    raise TypeError(f"cannot print attribute {a!r}")


def _element_text(v: int | float | bool, elem: T.Type | None) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) or isinstance(elem, T.FloatType):  # a pass may write 0 for 0.0
        return float_text(float(v), elem)
    return str(v)


def dialect_attr_text(a: A.DialectAttr) -> str:
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


def dict_text(entries: Iterable[tuple[str, A.Attribute]]) -> str:
    items = [key_text(k) if isinstance(v, A.UnitAttr) else f"{key_text(k)} = {attr_text(v)}"
             for k, v in entries]
    return "{" + ", ".join(items) + "}"


def type_text(t: T.Type) -> str:
    """``t`` in a spelling :meth:`TypeParser.parse_type` reads back to an equal type."""
    if isinstance(t, T.TensorDescType):
        dims = "".join(f"{d}x" for d in t.shape)
        extra = "".join(f", {attr_text(p)}" for p in t.params)
        return f"!xegpu.tensor_desc<{dims}{type_text(t.element)}{extra}>"
    if isinstance(t, T.VectorType):
        return f"vector<{''.join(f'{d}x' for d in t.shape)}{type_text(t.element)}>"
    if isinstance(t, T.MemRefType):
        return t.spelled(lambda a: attr_text(a) if isinstance(a, A.Attribute) else str(a), type_text)
    if isinstance(t, T.FunctionType):
        return function_type_text(list(t.inputs), list(t.results), paren_results=True)
    if isinstance(t, T.DialectType) and t.dialect == "builtin":
        return f"{t.name}<{t.body}>"
    return str(t)


def function_type_text(inputs: list[T.Type], results: list[T.Type], paren_results: bool = False) -> str:
    ins = ", ".join(map(type_text, inputs))
    if len(results) == 1 and not paren_results and not isinstance(results[0], T.FunctionType):
        return f"({ins}) -> {type_text(results[0])}"
    return f"({ins}) -> ({', '.join(map(type_text, results))})"


# -- operations --------------------------------------------------------------------------------
class Printer:
    """Prints one module; keeps the names of the values visible at each point (a name already
    visible is given a fresh suffix, which the parser requires in device code)."""

    def __init__(self, locations: bool = True, generic: bool = False) -> None:
        self.locations = locations
        self.generic_only = generic
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
        custom = None if self.generic_only else _CUSTOM.get(op.name)
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
        self.emit(depth, head + " ({")
        self.with_scope(op, lambda: self.regions(op.regions, depth))
        self.emit(depth, "})" + tail)

    def with_scope(self, op: Operation, fn: Callable[[], None]) -> None:
        """Run ``fn`` (which prints ``op``'s regions) in a fresh scope if ``op`` is isolated."""
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
        """Region bodies separated by ``}, {`` (the caller writes the first ``{`` and last ``}``)."""
        for k, region in enumerate(regions):
            if k:
                self.emit(depth, "}, {")
            self.region_body(region, depth + 1)

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
    return a.value if isinstance(a, A.StringAttr) else None


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
    if not isinstance(ftype, A.TypeAttr) or not isinstance(ftype.type, T.FunctionType) or name is None:
        return False
    region = op.regions[0]
    if not region.blocks or region.blocks[0].label is not None:
        return False
    inputs, results = list(ftype.type.inputs), list(ftype.type.results)
    args = region.blocks[0].arguments
    n_wg = op.attributes.get("workgroup_attributions")
    if is_gpu:
        if not isinstance(n_wg, A.IntegerAttr) or n_wg.type is None or str(n_wg.type) != "i64":
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
        if not isinstance(vis, A.StringAttr) or vis.value not in ("private", "public", "nested"):
            return False
    # The custom form reads back as: front keys, the `attributes` dict, the signature's keys. An
    # attribute a pass added after the signature's moves into the dict; nothing reads the order.
    middle = [k for k in op.attributes if k not in front and k not in _FUNC_TAIL]
    if is_gpu and "gpu.kernel" in middle:
        return False
    if "arg_attrs" in op.attributes and not any(d.entries for d in arg_attrs):
        return False
    if "res_attrs" in op.attributes and not any(d.entries for d in res_attrs):
        return False
    if is_gpu and op.attributes.get("gpu.kernel", A.UnitAttr()) != A.UnitAttr():
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
                      and not isinstance(results[0], T.FunctionType))
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


def _attrs_after(d: A.DictAttr) -> str:
    return f" {dict_text(d.entries)}" if d.entries else ""


def _dicts(a: A.Attribute | None, n: int) -> list[A.DictAttr] | None:
    if a is None:
        return [A.DictAttr(())] * n
    if not isinstance(a, A.ArrayAttr) or len(a.elements) != n:
        return None
    if not all(isinstance(d, A.DictAttr) for d in a.elements):
        return None
    return list(a.elements)  # type: ignore[arg-type]


# -- custom forms (common ops) ------------------------------------------------------------------
# Each is used only when the parser's custom form reads back the very op: the same operands,
# result types and attributes in the same order (the parser adds the default flags and
# terminators the custom forms leave out, so those must be there and be the defaults).
_NO_OVERFLOW = A.DialectAttr("arith", "overflow", (A.KeywordAttr("none"),), (), "none")
_NO_FASTMATH = A.DialectAttr("arith", "fastmath", (A.KeywordAttr("none"),), (), "none")
_OVERFLOW_OPS = frozenset(f"arith.{n}" for n in ("addi", "subi", "muli", "shli"))
_INT_OPS = frozenset(f"arith.{n}" for n in (
    "divui", "divsi", "remui", "remsi", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui", "shrsi",
    "shrui", "ceildivsi", "ceildivui", "floordivsi"))
_FLOAT_OPS = frozenset(f"arith.{n}" for n in (
    "addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"))
_CMPI = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
_CMPF = ("false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
         "uno", "true")
_GPU_DIMS = frozenset(f"gpu.{n}" for n in (
    "block_id", "thread_id", "global_id", "block_dim", "grid_dim", "cluster_id", "cluster_dim"))
_GPU_IDS = frozenset({"gpu.subgroup_id", "gpu.lane_id", "gpu.num_subgroups", "gpu.subgroup_size"})


def _simple(op: Operation, n_operands: int | None, n_results: int) -> bool:
    return ((n_operands is None or len(op.operands) == n_operands) and len(op.results) == n_results
            and not op.regions and not op.successors)


def _rest(op: Operation, first: tuple[str, ...]) -> str:
    """`` {attrs}`` of the attributes after the ``first`` ones (which must lead, in order)."""
    rest = list(op.attributes.items())[len(first) :]
    return " " + dict_text(rest) if rest else ""


def _leads(op: Operation, first: tuple[str, ...]) -> bool:
    return tuple(op.attributes)[: len(first)] == first


def _line(p: Printer, op: Operation, depth: int, body: str) -> bool:
    results = p.define(op.results)
    p.emit(depth, (f"{results} = " if results else "") + body + p.loc(op))
    return True


def _arith_binary(p: Printer, op: Operation, depth: int) -> bool:
    """``%r = arith.addi %a, %b : t`` (default overflow / fastmath flags only)."""
    if not _simple(op, 2, 1):
        return False
    t = op.results[0].type
    if op.operands[0].type != t or op.operands[1].type != t:
        return False
    first: tuple[str, ...] = ()
    if op.name in _OVERFLOW_OPS:
        first = ("overflowFlags",)
        if not _leads(op, first) or op.attributes["overflowFlags"] != _NO_OVERFLOW:
            return False
    elif op.name in _FLOAT_OPS:
        first = ("fastmath",)
        if not _leads(op, first) or op.attributes["fastmath"] != _NO_FASTMATH:
            return False
    a, b = op.operands
    return _line(p, op, depth, f"{op.name} {p.use(a)}, {p.use(b)}{_rest(op, first)} : {type_text(t)}")


def _arith_constant(p: Printer, op: Operation, depth: int) -> bool:
    """``%c = arith.constant 16 : index`` / ``dense<0.0> : vector<8x16xf32>``."""
    if not _simple(op, 0, 1) or tuple(op.attributes)[-1:] != ("value",):
        return False
    value, t = op.attributes["value"], op.results[0].type
    if isinstance(value, A.BoolAttr):
        if type_text(t) != "i1":
            return False
    elif not isinstance(value, (A.IntegerAttr, A.FloatAttr, A.DenseElementsAttr)) or value.type != t:
        return False
    others = [(k, v) for k, v in op.attributes.items() if k != "value"]
    head = f"{op.name} " + (dict_text(others) + " " if others else "")
    return _line(p, op, depth, head + attr_text(value))


def _arith_cmp(p: Printer, op: Operation, depth: int) -> bool:
    """``%c = arith.cmpi slt, %a, %b : index``."""
    if not _simple(op, 2, 1) or op.operands[0].type != op.operands[1].type:
        return False
    table = _CMPI if op.name == "arith.cmpi" else _CMPF
    first = ("predicate",) if op.name == "arith.cmpi" else ("predicate", "fastmath")
    pred = op.attributes.get("predicate")
    if not _leads(op, first) or not (isinstance(pred, A.IntegerAttr) and type_text(pred.type or "") == "i64"
                                     and 0 <= pred.value < len(table)):
        return False
    if op.name == "arith.cmpf" and op.attributes["fastmath"] != _NO_FASTMATH:
        return False
    t = op.operands[0].type
    i1 = T.VectorType(t.shape, T.IntegerType(1)) if isinstance(t, T.VectorType) else T.IntegerType(1)
    if op.results[0].type != i1:
        return False
    a, b = op.operands
    body = f"{op.name} {table[pred.value]}, {p.use(a)}, {p.use(b)}{_rest(op, first)} : {type_text(t)}"
    return _line(p, op, depth, body)


def _gpu_id(p: Printer, op: Operation, depth: int) -> bool:
    """``%x = gpu.block_id x``, ``%sg = gpu.subgroup_id : index``."""
    if not _simple(op, 0, 1):
        return False
    body = op.name
    first: tuple[str, ...] = ()
    if op.name in _GPU_DIMS:
        first = ("dimension",)
        dim = op.attributes.get("dimension")
        words = [w for w in "xyz" if dim == A.DialectAttr("gpu", "dim", (A.KeywordAttr(w),), (), w)]
        if not _leads(op, first) or not words:
            return False
        body += f" {words[0]}"
    bound = op.attributes.get("upper_bound")
    if bound is not None:
        if not _leads(op, (*first, "upper_bound")) or bound != A.IntegerAttr(bound.value, T.IndexType()):  # type: ignore[union-attr]
            return False
        first = (*first, "upper_bound")
        body += f" upper_bound {bound.value}"  # type: ignore[union-attr]
    return _line(p, op, depth, body + _rest(op, first) + f" : {type_text(op.results[0].type)}")


def _terminator(p: Printer, op: Operation, depth: int) -> bool:
    """``scf.yield %a, %b : t1, t2``, ``gpu.return``."""
    if op.results or op.regions or op.successors or op.attributes:
        return False
    body = op.name
    if op.operands:
        body += f" {p.uses(op.operands)} : " + ", ".join(type_text(v.type) for v in op.operands)
    return _line(p, op, depth, body)


def _yields_nothing(region: Region) -> bool:
    """A single block ending in an operand-less ``scf.yield`` (custom forms may leave it out:
    the parser puts it back)."""
    if len(region.blocks) != 1 or region.blocks[0].arguments:
        return False
    ops = region.blocks[0].operations
    return bool(ops) and ops[-1].name == "scf.yield" and not ops[-1].operands


def _scf_for(p: Printer, op: Operation, depth: int) -> bool:
    """``%r:2 = scf.for %k = %lo to %hi step %s iter_args(%a = %x, %b = %y) -> (t1, t2) {``."""
    if len(op.operands) < 3 or len(op.regions) != 1 or op.successors or len(op.regions[0].blocks) != 1:
        return False
    inits = op.operands[3:]
    block = op.regions[0].blocks[0]
    if len(block.arguments) != 1 + len(inits) or len(op.results) != len(inits):
        return False
    types = [v.type for v in op.results]
    if [v.type for v in inits] != types or [v.type for v in block.arguments[1:]] != types:
        return False
    if not inits and not _yields_nothing(op.regions[0]):
        return False
    first = ("unsignedCmp",) if "unsignedCmp" in op.attributes else ()
    if first and (not _leads(op, first) or op.attributes["unsignedCmp"] != A.UnitAttr()):
        return False
    lo, hi, step = op.operands[:3]
    results = p.define(op.results)
    head = (f"{results} = " if results else "") + "scf.for " + ("unsigned " if first else "")
    p.scopes.append(set())
    iv = block.arguments[0]
    head += f"{p.define_arg(iv)} = {p.use(lo)} to {p.use(hi)} step {p.use(step)}"
    if inits:
        carried = zip(block.arguments[1:], inits, strict=True)
        pairs = ", ".join(f"{p.define_arg(a)} = {p.use(v)}" for a, v in carried)
        head += f" iter_args({pairs}) -> ({', '.join(map(type_text, types))})"
    if iv.type != T.IndexType():
        head += f" : {type_text(iv.type)}"
    p.emit(depth, head + " {")
    p.region_body(op.regions[0], depth + 1, entry_named=True)
    p.scopes.pop()
    p.emit(depth, "}" + _rest(op, first) + p.loc(op))
    return True


def _scf_if(p: Printer, op: Operation, depth: int) -> bool:
    """``%r = scf.if %c -> (t) {`` ... ``} else {`` ... ``}``."""
    if len(op.operands) != 1 or len(op.regions) != 2 or op.successors:
        return False
    then, other = op.regions
    if len(then.blocks) != 1 or then.blocks[0].arguments or len(other.blocks) > 1:
        return False
    if other.blocks and other.blocks[0].arguments:
        return False
    if not op.results and not (_yields_nothing(then) and (not other.blocks or _yields_nothing(other))):
        return False
    if op.results and not other.blocks:
        return False
    results = p.define(op.results)
    head = (f"{results} = " if results else "") + f"scf.if {p.use(op.operands[0])}"
    if op.results:
        head += " -> (" + ", ".join(type_text(v.type) for v in op.results) + ")"
    p.emit(depth, head + " {")
    p.region_body(then, depth + 1)
    if other.blocks:
        p.emit(depth, "} else {")
        p.region_body(other, depth + 1)
    p.emit(depth, "}" + _rest(op, ()) + p.loc(op))
    return True


# -- xegpu block (nd) ops and dpas, in upstream's newest spelling -------------------------------
_DYNAMIC = -(2**63)  # INT64_MIN: a dynamic entry of const_offsets / const_shape / const_strides


def _index_list(p: Printer, consts: A.Attribute | None, values: list[Value]) -> str | None:
    """``[%x, 0, %y]`` for ``consts`` (INT64_MIN = the next of ``values``); None when they do not
    match (the generic form is used)."""
    if not isinstance(consts, A.DenseArrayAttr) or type_text(consts.element_type) != "i64":
        return None
    if sum(1 for c in consts.values if c == _DYNAMIC) != len(values):
        return None
    it = iter(values)
    return "[" + ", ".join(p.use(next(it)) if c == _DYNAMIC else str(c) for c in consts.values) + "]"


def _props(op: Operation, skip: tuple[str, ...]) -> str:
    rest = [(k, v) for k, v in op.attributes.items() if k not in skip]
    return " <" + dict_text(rest) + ">" if rest else ""


def _nd_access(p: Printer, op: Operation, depth: int) -> bool:
    """``%v = xegpu.load_nd %t[%i, 0] <{packed}> : T -> V``, ``xegpu.store_nd %v, %t[...] : V, T``,
    ``xegpu.prefetch_nd %t : T``."""
    store = op.name == "xegpu.store_nd"
    n_results = 1 if op.name == "xegpu.load_nd" else 0
    if op.regions or op.successors or len(op.results) != n_results or len(op.operands) < 1 + store:
        return False
    tdesc = op.operands[int(store)]
    offsets = ""
    skip: tuple[str, ...] = ()
    if "const_offsets" in op.attributes:
        listed = _index_list(p, op.attributes["const_offsets"], op.operands[1 + store :])
        if listed is None or not _leads(op, ("const_offsets",)):
            return False
        offsets, skip = listed, ("const_offsets",)
    elif len(op.operands) != 1 + store:
        return False
    body = f"{op.name} " + (f"{p.use(op.operands[0])}, " if store else "") + p.use(tdesc) + offsets
    body += _props(op, skip) + " : "
    if store:
        body += f"{type_text(op.operands[0].type)}, {type_text(tdesc.type)}"
    else:
        body += type_text(tdesc.type) + (f" -> {type_text(op.results[0].type)}" if n_results else "")
    return _line(p, op, depth, body)


def _update_nd_offset(p: Printer, op: Operation, depth: int) -> bool:
    """``%t2 = xegpu.update_nd_offset %t, [0, %k] : T``."""
    if not _simple(op, None, 1) or not op.operands or tuple(op.attributes)[-1:] != ("const_offsets",):
        return False
    listed = _index_list(p, op.attributes["const_offsets"], op.operands[1:])
    if listed is None:
        return False
    tdesc, result = op.operands[0].type, op.results[0].type
    body = f"{op.name} {p.use(op.operands[0])}, {listed}{_props(op, ('const_offsets',))} : {type_text(tdesc)}"
    if result != tdesc:
        body += f" -> {type_text(result)}"
    return _line(p, op, depth, body)


_ND_PARTS = ("const_offsets", "const_shape", "const_strides")


def _create_nd_tdesc(p: Printer, op: Operation, depth: int) -> bool:
    """``%t = xegpu.create_nd_tdesc %src[%m, 0] : memref<...> -> !xegpu.tensor_desc<...>`` (or
    ``%src, shape : [...], strides : [...]``)."""
    seg = op.attributes.get("operandSegmentSizes")
    if not _simple(op, None, 1) or not isinstance(seg, A.DenseArrayAttr) or len(seg.values) != 4:
        return False
    sizes = [int(v) for v in seg.values]
    if sizes[0] != 1 or sum(sizes) != len(op.operands) or type_text(seg.element_type) != "i32":
        return False
    present = [k for k in _ND_PARTS if k in op.attributes]
    if present not in (["const_offsets"], ["const_shape", "const_strides"], list(_ND_PARTS), []):
        return False
    keys = tuple(op.attributes)
    if keys[len(keys) - len(present) - 1 :] != (*present, "operandSegmentSizes"):
        return False
    groups, at = {}, 1
    for key, n in zip(_ND_PARTS, sizes[1:], strict=True):
        if key not in present and n:
            return False
        if key in present:
            listed = _index_list(p, op.attributes[key], op.operands[at : at + n])
            if listed is None:
                return False
            groups[key] = listed
        at += n
    body = f"{op.name} {p.use(op.operands[0])}" + groups.get("const_offsets", "")
    if "const_shape" in groups:
        body += f", shape : {groups['const_shape']}, strides : {groups['const_strides']}"
    body += _props(op, (*present, "operandSegmentSizes"))
    body += f" : {type_text(op.operands[0].type)} -> {type_text(op.results[0].type)}"
    return _line(p, op, depth, body)


def _dpas(p: Printer, op: Operation, depth: int) -> bool:
    """``%c = xegpu.dpas %a, %b, %acc : A, B, C -> C``."""
    if not _simple(op, None, 1) or len(op.operands) not in (2, 3):
        return False
    types = [v.type for v in op.operands]
    result = op.results[0].type
    if len(types) == 3 and types[0] == result and types[2] != result:
        return False  # the parser would read the RFC's accumulator-first order
    body = f"{op.name} {p.uses(op.operands)}{_props(op, ())} : {', '.join(map(type_text, types))}"
    return _line(p, op, depth, body + f" -> {type_text(result)}")


# -- vector and casts ---------------------------------------------------------------------------
_CONVERSIONS = frozenset({
    "vector.broadcast", "vector.shape_cast", "vector.bitcast", "vector.extract_strided_slice",
    *(f"arith.{n}" for n in ("index_cast", "index_castui", "extsi", "extui", "trunci", "extf", "truncf",
                             "sitofp", "uitofp", "fptosi", "fptoui", "bitcast"))})


def _conversion(p: Printer, op: Operation, depth: int) -> bool:
    """``%r = vector.shape_cast %v : vector<16x4xf32> to vector<64xf32>`` (casts, slices)."""
    if not _simple(op, 1, 1):
        return False
    (src,) = op.operands
    body = f"{op.name} {p.use(src)}{_rest(op, ())} : {type_text(src.type)} to {type_text(op.results[0].type)}"
    return _line(p, op, depth, body)


def _insert_strided_slice(p: Printer, op: Operation, depth: int) -> bool:
    """``%r = vector.insert_strided_slice %s, %d {offsets = [0, 16], strides = [1, 1]} : S into D``."""
    if not _simple(op, 2, 1) or op.results[0].type != op.operands[1].type:
        return False
    s, d = op.operands
    return _line(p, op, depth, f"{op.name} {p.use(s)}, {p.use(d)}{_rest(op, ())} : {type_text(s.type)} into "
                               f"{type_text(d.type)}")


def _extract_insert(p: Printer, op: Operation, depth: int) -> bool:
    """``%r = vector.extract %v[2, %i] : R from T``, ``%r = vector.insert %s, %d[3] : S into D``."""
    insert = op.name == "vector.insert"
    if not _simple(op, None, 1) or len(op.operands) < 1 + insert or not _leads(op, ("static_position",)):
        return False
    listed = _index_list(p, op.attributes["static_position"], op.operands[1 + insert :])
    if listed is None:
        return False
    first = ("static_position",)
    if insert:
        s, d = op.operands[:2]
        if op.results[0].type != d.type:
            return False
        body = f"{op.name} {p.use(s)}, {p.use(d)}{listed}{_rest(op, first)} : {type_text(s.type)} into "
        body += type_text(d.type)
    else:
        src = op.operands[0]
        body = f"{op.name} {p.use(src)}{listed}{_rest(op, first)} : {type_text(op.results[0].type)} from "
        body += type_text(src.type)
    return _line(p, op, depth, body)


_CUSTOM = {"builtin.module": _builtin_module, "gpu.module": _gpu_module, "gpu.func": _function,
           "func.func": _function, "arith.constant": _arith_constant, "arith.cmpi": _arith_cmp,
           "arith.cmpf": _arith_cmp, "scf.for": _scf_for, "scf.if": _scf_if,
           **{n: _arith_binary for n in _OVERFLOW_OPS | _INT_OPS | _FLOAT_OPS},
           **{n: _gpu_id for n in _GPU_DIMS | _GPU_IDS},
           **{n: _terminator for n in ("scf.yield", "gpu.return", "func.return")},
           **{n: _nd_access for n in ("xegpu.load_nd", "xegpu.store_nd", "xegpu.prefetch_nd")},
           "xegpu.update_nd_offset": _update_nd_offset, "xegpu.create_nd_tdesc": _create_nd_tdesc,
           "xegpu.dpas": _dpas, "vector.insert_strided_slice": _insert_strided_slice,
           "vector.extract": _extract_insert, "vector.insert": _extract_insert,
           **{n: _conversion for n in _CONVERSIONS}}


def print_module(src: SourceModule, locations: bool = True, generic: bool = False) -> str:
    """The MLIR text of ``src``; ``locations``: each op's source position as a trailing
    ``loc(...)``, which the parser reads back; ``generic``: every op in the generic form (what
    the tests compare: two IRs are the same when their generic prints are)."""
    return Printer(locations, generic).module(src)


__all__ = ["attr_text", "print_module", "type_text"]
