"""A reader of the GenX LLVM IR text genx-emit writes (typed-pointer LLVM 14 syntax).

It understands exactly the subset the emitter produces: declarations, ``dllexport`` kernels
(and ``internal`` functions, read but not executable), the instructions listed in ``OPCODES``,
constants (integers, hex and decimal floats, ``undef``/``poison``/``zeroinitializer``, vector
literals) and the ``!genx.kernels`` metadata in both layouts. Anything else is a located
:class:`SimError` naming the construct, so a new emitter feature cannot be skipped silently.
Our own reader instead of llvmlite's binding: its operand API gives no constant values or phi
edges, and reading our own output is a few hundred lines.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

import numpy as np

from genx_emit.diagnostics import DiagnosticError, Location
from genx_emit.targets import Target


class SimError(DiagnosticError):
    """Bad input to the simulator, or a kernel doing something undefined (out-of-bounds access,
    deadlock, unknown instruction). ``loc`` points at the ``.ll`` line when there is one."""


# ---------------------------------------------------------------------------- types

@dataclass(frozen=True)
class Scalar:
    """An LLVM first-class scalar type the GenX backend allows."""

    name: str

    @property
    def dtype(self) -> np.dtype:
        return _DTYPES[self.name]

    @property
    def bits(self) -> int:
        return _BITS[self.name]

    @property
    def is_float(self) -> bool:
        return self.name in ("half", "float", "double")

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Vector:
    count: int
    elem: Scalar

    @property
    def dtype(self) -> np.dtype:
        return self.elem.dtype

    @property
    def is_float(self) -> bool:
        return self.elem.is_float

    def __str__(self) -> str:
        return f"<{self.count} x {self.elem}>"


@dataclass(frozen=True)
class Other:
    """void, label, pointer and function types: only where no value of them is computed."""

    name: str

    def __str__(self) -> str:
        return self.name


Type = Scalar | Vector | Other
VOID = Other("void")
LABEL = Other("label")

# i1 is a bool; integers are kept in signed numpy types (unsigned views where an op needs them).
_DTYPES = {"i1": np.dtype(np.bool_), "i8": np.dtype(np.int8), "i16": np.dtype(np.int16),
           "i32": np.dtype(np.int32), "i64": np.dtype(np.int64), "half": np.dtype(np.float16),
           "float": np.dtype(np.float32), "double": np.dtype(np.float64)}
_BITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "half": 16, "float": 32, "double": 64}


# ---------------------------------------------------------------------------- values

@dataclass(frozen=True)
class Ref:
    """A use of a named SSA value (argument or instruction result)."""

    name: str


@dataclass(frozen=True)
class Const:
    """A constant already converted to its numpy value (scalar or 1-D array)."""

    value: object
    undef: bool = False


Operand = Ref | Const


@dataclass
class Instr:
    """One instruction. ``ops`` are (type, operand) pairs in source order; ``extra`` holds what
    is not an operand: predicate, callee, cast target type, phi edges, branch labels, flags."""

    opcode: str
    result: str | None
    type: Type
    ops: list[tuple[Type, Operand]]
    loc: Location
    text: str
    extra: dict = field(default_factory=dict)


@dataclass
class Block:
    name: str
    instrs: list[Instr] = field(default_factory=list)


@dataclass
class Function:
    name: str
    linkage: str
    ret: Type
    params: list[tuple[Type, str]]
    blocks: list[Block]
    loc: Location


@dataclass
class KernelInfo:
    """What the simulator needs from ``!genx.kernels``."""

    name: str
    slm_size: int
    arg_descs: list[str]
    named_barriers: int


@dataclass
class Module:
    filename: str
    functions: dict[str, Function]
    declarations: set[str]
    kernels: dict[str, KernelInfo]
    # kernel -> argument -> signature.Expect, when the module was lowered from MLIR here
    expect: dict[str, dict] = field(default_factory=dict)
    grf_bytes: int = 64  # of the target the module was written for (2D block payload padding)
    lsc_lanes: int = 32  # the target's LSC lanes per message (exec size)
    block2d: bool = True  # the target has 2D block messages (Xe-HPG has none)
    max_named_barriers: int = 32  # the target's named barriers
    target: str = "pvc"

    def for_target(self, t: Target) -> None:
        """Take the machine parameters of the target the module was written for."""
        self.grf_bytes, self.lsc_lanes, self.block2d = t.grf_bytes, t.lsc_max_simd, t.block2d is not None
        self.max_named_barriers, self.target = t.max_named_barriers, t.name


# ---------------------------------------------------------------------------- lexer

_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<local>%(?:"[^"]*"|[-a-zA-Z$._0-9]+))
  | (?P<global>@(?:"[^"]*"|[-a-zA-Z$._0-9]+))
  | (?P<meta>![-a-zA-Z$._0-9]*)
  | (?P<str>"[^"]*")
  | (?P<hexfp>0x[KLMHR]?[0-9a-fA-F]+)
  | (?P<num>-?[0-9]+(?:\.[0-9]*(?:[eE][-+]?[0-9]+)?)?)
  | (?P<word>[a-zA-Z_][a-zA-Z_0-9.]*)
  | (?P<punct>[<>\[\](){},=*:\#])
""", re.VERBOSE)


@dataclass
class Tok:
    kind: str
    text: str
    col: int


def tokenize(line: str, loc: Location) -> list[Tok]:
    out: list[Tok] = []
    pos = 0
    while pos < len(line):
        m = _TOKEN.match(line, pos)
        if m is None:
            raise SimError(Location(loc.filename, loc.line, pos + 1), f"cannot read '{line[pos:pos + 20]}'")
        kind = m.lastgroup or ""
        if kind != "ws":
            text = m.group()
            if kind in ("local", "global") and text[1:2] == '"':
                text = text[0] + text[2:-1]
            out.append(Tok(kind, text, pos + 1))
        pos = m.end()
    return out


def _strip_comment(line: str) -> str:
    in_str = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_str = not in_str
        elif ch == ";" and not in_str:
            return line[:i]
    return line


# ---------------------------------------------------------------------------- parser

BINOPS = ("add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor",
          "fadd", "fsub", "fmul", "fdiv", "frem")
CASTS = ("trunc", "zext", "sext", "fptrunc", "fpext", "sitofp", "uitofp", "fptosi", "fptoui", "bitcast")
OPCODES = BINOPS + CASTS + ("fneg", "icmp", "fcmp", "select", "extractelement", "insertelement",
                            "shufflevector", "phi", "call", "br", "ret", "unreachable")
_FLAGS = {"nsw", "nuw", "exact", "fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc",
          "tail", "musttail", "notail"}


class LineParser:
    """Recursive descent over one line's tokens."""

    def __init__(self, toks: list[Tok], loc: Location, text: str):
        self.toks, self.i, self.loc, self.text = toks, 0, loc, text

    def err(self, msg: str) -> SimError:
        col = self.toks[self.i].col if self.i < len(self.toks) else len(self.text) + 1
        return SimError(Location(self.loc.filename, self.loc.line, col), msg)

    def peek(self, k: int = 0) -> Tok | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def next(self) -> Tok:
        t = self.peek()
        if t is None:
            raise self.err("unexpected end of line")
        self.i += 1
        return t

    def accept(self, text: str) -> bool:
        t = self.peek()
        if t is not None and t.text == text and t.kind in ("punct", "word"):
            self.i += 1
            return True
        return False

    def expect(self, text: str) -> None:
        if not self.accept(text):
            t = self.peek()
            raise self.err(f"expected '{text}', found '{t.text if t else 'end of line'}'")

    def at_end(self) -> bool:
        return self.i >= len(self.toks)

    def skip_flags(self) -> None:
        while (t := self.peek()) is not None and t.kind == "word" and t.text in _FLAGS:
            self.i += 1

    # types
    def type(self) -> Type:
        t = self.next()
        if t.text == "<":
            n = self.next()
            if n.kind != "num":
                raise self.err("expected a vector length")
            self.expect("x")
            el = self.type()
            self.expect(">")
            if not isinstance(el, Scalar):
                raise self.err(f"vector of '{el}' is not a GenX type")
            ty: Type = Vector(int(n.text), el)
        elif t.kind == "word" and t.text in _DTYPES:
            ty = Scalar(t.text)
        elif t.kind == "word" and t.text in ("void", "label", "metadata"):
            ty = Other(t.text)
        elif t.kind == "word" and re.fullmatch(r"i\d+", t.text):
            raise self.err(f"type '{t.text}' is not a GenX type")
        else:
            raise self.err(f"unknown type '{t.text}'")
        while self.peek() is not None and self.peek().text in ("*", "("):
            if self.accept("*"):
                ty = Other(f"{ty}*")
            else:  # function type in metadata: skip its parameter list
                depth = 0
                while True:
                    tok = self.next()
                    depth += tok.text == "("
                    depth -= tok.text == ")"
                    if depth == 0:
                        break
                ty = Other("function")
        return ty

    # values
    def value(self, ty: Type) -> Operand:
        t = self.next()
        if t.kind == "local":
            return Ref(t.text[1:])
        if t.kind == "word" and t.text in ("undef", "poison"):
            return Const(zero_of(ty, self), undef=True)
        if t.kind == "word" and t.text == "zeroinitializer":
            return Const(zero_of(ty, self))
        if t.text == "<":
            if not isinstance(ty, Vector):
                raise self.err(f"vector constant for type '{ty}'")
            vals = []
            while True:
                et = self.type()
                if et != ty.elem:
                    raise self.err(f"element of type '{et}' in a '{ty}' constant")
                v = self.value(et)
                if not isinstance(v, Const):
                    raise self.err("non-constant element in a vector constant")
                vals.append(v.value)
                if not self.accept(","):
                    break
            self.expect(">")
            if len(vals) != ty.count:
                raise self.err(f"{len(vals)} elements in a '{ty}' constant")
            return Const(np.array(vals, dtype=ty.dtype))
        if not isinstance(ty, Scalar):
            raise self.err(f"'{t.text}' is not a value of type '{ty}'")
        return Const(scalar_const(ty, t, self))

    def typed_value(self) -> tuple[Type, Operand]:
        ty = self.type()
        return ty, self.value(ty)


def zero_of(ty: Type, p: LineParser):
    if isinstance(ty, Vector):
        return np.zeros(ty.count, dtype=ty.dtype)
    if isinstance(ty, Scalar):
        return ty.dtype.type(0)
    raise p.err(f"no value of type '{ty}'")


def scalar_const(ty: Scalar, t: Tok, p: LineParser):
    if ty.name == "i1":
        if t.text in ("true", "false"):
            return np.bool_(t.text == "true")
        if t.kind == "num" and t.text in ("0", "1", "-1"):
            return np.bool_(t.text != "0")
        raise p.err(f"'{t.text}' is not an i1 constant")
    if not ty.is_float:
        if t.kind != "num" or "." in t.text:
            raise p.err(f"'{t.text}' is not an integer constant")
        v = int(t.text)
        bits = ty.bits
        if not -(1 << (bits - 1)) <= v < (1 << bits):
            raise p.err(f"constant {v} does not fit '{ty}'")
        v &= (1 << bits) - 1
        if v >= 1 << (bits - 1):
            v -= 1 << bits
        return ty.dtype.type(v)
    if t.kind == "hexfp":
        h = t.text[2:]
        if h[0] == "H":
            if ty.name != "half":
                raise p.err(f"half constant for '{ty}'")
            return np.array([int(h[1:], 16)], dtype=np.uint16).view(np.float16)[0]
        if h[0] in "KLMR":
            raise p.err(f"float constant form '{t.text}' is not supported")
        d = struct.unpack("<d", int(h, 16).to_bytes(8, "little"))[0]
        return ty.dtype.type(d)
    if t.kind == "num":
        return ty.dtype.type(float(t.text))
    raise p.err(f"'{t.text}' is not a floating-point constant")


def _parse_instr(p: LineParser) -> Instr:
    result = None
    if p.peek() is not None and p.peek().kind == "local" and p.peek(1) is not None and p.peek(1).text == "=":
        result = p.next().text[1:]
        p.next()
    p.skip_flags()
    op = p.next()
    if op.kind != "word" or op.text not in OPCODES:
        raise SimError(Location(p.loc.filename, p.loc.line, op.col), f"unknown instruction '{op.text}'")
    name = op.text
    loc = Location(p.loc.filename, p.loc.line, op.col)
    ins = Instr(name, result, VOID, [], loc, p.text.strip())
    p.skip_flags()
    if name in BINOPS:
        ins.type, a = p.typed_value()
        p.expect(",")
        ins.ops = [(ins.type, a), (ins.type, p.value(ins.type))]
    elif name == "fneg":
        ins.type, a = p.typed_value()
        ins.ops = [(ins.type, a)]
    elif name in ("icmp", "fcmp"):
        ins.extra["pred"] = p.next().text
        ty, a = p.typed_value()
        p.expect(",")
        ins.ops = [(ty, a), (ty, p.value(ty))]
        ins.type = Vector(ty.count, Scalar("i1")) if isinstance(ty, Vector) else Scalar("i1")
    elif name in CASTS:
        ty, a = p.typed_value()
        p.expect("to")
        ins.type = p.type()
        ins.ops = [(ty, a)]
    elif name == "select":
        ins.ops = [p.typed_value()]
        p.expect(",")
        ins.ops.append(p.typed_value())
        p.expect(",")
        ins.ops.append(p.typed_value())
        ins.type = ins.ops[1][0]
    elif name == "extractelement":
        ins.ops = [p.typed_value()]
        p.expect(",")
        ins.ops.append(p.typed_value())
        vt = ins.ops[0][0]
        if not isinstance(vt, Vector):
            raise p.err("extractelement from a non-vector")
        ins.type = vt.elem
    elif name == "insertelement":
        ins.ops = [p.typed_value()]
        for _ in range(2):
            p.expect(",")
            ins.ops.append(p.typed_value())
        ins.type = ins.ops[0][0]
    elif name == "shufflevector":
        ins.ops = [p.typed_value()]
        for _ in range(2):
            p.expect(",")
            ins.ops.append(p.typed_value())
        mt = ins.ops[2][0]
        at = ins.ops[0][0]
        if not isinstance(mt, Vector) or not isinstance(at, Vector) or not isinstance(ins.ops[2][1], Const):
            raise p.err("shufflevector needs vectors and a constant mask")
        ins.type = Vector(mt.count, at.elem)
    elif name == "phi":
        ins.type = p.type()
        edges = []
        while True:
            p.expect("[")
            v = p.value(ins.type)
            p.expect(",")
            lab = p.next()
            if lab.kind != "local":
                raise p.err("expected a block label in phi")
            p.expect("]")
            edges.append((lab.text[1:], v))
            if not p.accept(","):
                break
        ins.extra["edges"] = edges
    elif name == "call":
        ins.type = p.type()
        callee = p.next()
        if callee.kind != "global":
            raise p.err("indirect calls are not supported")
        ins.extra["callee"] = callee.text[1:]
        p.expect("(")
        if not p.accept(")"):
            while True:
                ins.ops.append(p.typed_value())
                if p.accept(")"):
                    break
                p.expect(",")
        while p.peek() is not None and p.peek().text == "#":  # attribute group reference
            p.next()
            p.next()
    elif name == "br":
        if p.accept("label"):
            ins.extra["targets"] = [p.next().text[1:]]
        else:
            ins.ops = [p.typed_value()]
            p.expect(",")
            p.expect("label")
            t1 = p.next().text[1:]
            p.expect(",")
            p.expect("label")
            ins.extra["targets"] = [t1, p.next().text[1:]]
        if p.accept(","):  # a loop's metadata (e.g. unroll disabled): no effect on what runs
            key = p.next()
            if key.text != "!llvm.loop":
                raise p.err(f"unexpected branch metadata '{key.text}'")
            p.next()
    elif name == "ret":
        ins.type = p.type()
        if ins.type != VOID:
            ins.ops = [(ins.type, p.value(ins.type))]
    if not p.at_end():
        raise p.err(f"unexpected '{p.peek().text}' after the {name} instruction")
    return ins


def _parse_define(p: LineParser, loc: Location) -> Function:
    p.expect("define")
    linkage = "external"
    while p.peek() is not None and p.peek().kind == "word" and p.peek().text in (
            "dllexport", "internal", "private", "spir_kernel", "dso_local"):
        t = p.next().text
        if t in ("dllexport", "internal", "private"):
            linkage = t
    ret = p.type()
    name = p.next()
    if name.kind != "global":
        raise p.err("expected a function name")
    p.expect("(")
    params: list[tuple[Type, str]] = []
    if not p.accept(")"):
        while True:
            ty = p.type()
            while p.peek() is not None and p.peek().kind == "word":  # parameter attributes
                p.next()
            pn = p.next()
            if pn.kind != "local":
                raise p.err("expected a parameter name")
            params.append((ty, pn.text[1:]))
            if p.accept(")"):
                break
            p.expect(",")
    return Function(name.text[1:], linkage, ret, params, [], loc)


def _metadata_fields(p: LineParser) -> list:
    """`!{...}` fields as python values: ('ref', n), ('fn', name), str, int."""
    out: list = []
    t = p.next()
    if t.kind != "meta" or t.text != "!" or p.next().text != "{":
        raise p.err("expected a metadata node")
    if p.accept("}"):
        return out
    while True:
        t = p.peek()
        if t.kind == "meta" and t.text[1:].isdigit():
            p.next()
            out.append(("ref", int(t.text[1:])))
        elif t.kind == "meta" and t.text == "!" and p.peek(1) is not None and p.peek(1).kind == "str":
            p.next()
            out.append(p.next().text[1:-1])
        else:
            ty = p.type()
            if isinstance(ty, Other):
                g = p.next()
                out.append(("fn", g.text[1:]))
            else:
                v = p.value(ty)
                out.append(int(v.value) if isinstance(v, Const) else v)
        if p.accept("}"):
            return out
        p.expect(",")


# The first significant token of an LLVM IR module: a top-level entity (MLIR has none of
# these; ``module asm`` is LLVM, a bare ``module`` MLIR). A ``!name = ...`` line is LLVM
# metadata when its value is a node (``!{``, ``distinct``, ``!DIxxx(``), else an MLIR type alias.
_LLVM_FIRST = re.compile(r"(source_filename|target|define|declare|attributes|uselistorder\w*|module\s+asm)\b"
                         r"|[@%$]|!\S*\s*=\s*(distinct\b|!\{|!\w+\()")


def is_llvm_ir(text: str) -> bool:
    """True when ``text`` is LLVM IR, False when it is MLIR: decided by its first significant
    token, after blank lines and comments (``;`` in LLVM IR, ``//`` in MLIR), so a comment's words
    never decide. An empty text counts as LLVM IR (the reader then says what is missing)."""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        return line.startswith(";") or _LLVM_FIRST.match(line) is not None
    return True


def parse_module(text: str, filename: str = "<input>") -> Module:
    """Read a whole ``.ll`` text. Raises SimError (located) on anything not understood."""
    functions: dict[str, Function] = {}
    decls: set[str] = set()
    metadata: dict[int, list] = {}
    kernel_refs: list[int] = []
    cur: Function | None = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = _strip_comment(raw).rstrip()
        if not line.strip():
            continue
        loc = Location(filename, lineno, 1)
        toks = tokenize(line, loc)
        p = LineParser(toks, loc, raw)
        head = toks[0]
        if cur is not None:
            if head.text == "}":
                if not cur.blocks:
                    raise p.err(f"function @{cur.name} has no body")
                functions[cur.name] = cur
                cur = None
            elif len(toks) == 2 and toks[1].text == ":" and head.kind in ("word", "num", "str"):
                cur.blocks.append(Block(head.text.strip('"')))
            else:
                if not cur.blocks:
                    cur.blocks.append(Block("entry"))
                cur.blocks[-1].instrs.append(_parse_instr(p))
            continue
        if head.text == "define":
            cur = _parse_define(p, Location(filename, lineno, head.col))
            if not p.accept("{"):
                while not p.at_end() and not p.accept("{"):
                    p.next()
        elif head.text == "declare":
            g = next((t for t in toks if t.kind == "global"), None)
            if g is None:
                raise p.err("declaration without a name")
            decls.add(g.text[1:])
        elif head.text in ("target", "source_filename", "attributes"):
            continue
        elif head.kind == "meta":
            p.next()
            p.expect("=")
            if head.text == "!genx.kernels":
                kernel_refs = [r[1] for r in _metadata_fields(p) if isinstance(r, tuple)]
            elif head.text[1:].isdigit():
                metadata[int(head.text[1:])] = _metadata_fields(p)
        else:
            raise p.err(f"unexpected '{head.text}' at top level")
    if cur is not None:
        raise SimError(cur.loc, f"function @{cur.name} is not closed")
    kernels = {}
    for ref in kernel_refs:
        node = metadata.get(ref)
        if not node or not isinstance(node[0], tuple) or node[0][0] != "fn":
            raise SimError(Location(filename, 0, 0), f"!genx.kernels entry !{ref} is not a kernel node")
        fname = node[0][1]
        if len(node) >= 8 and isinstance(node[2], tuple):  # current layout
            slm, descs_ref, nbar = node[3], node[6], node[7]
            descs = [d for d in metadata.get(descs_ref[1], [])] if isinstance(descs_ref, tuple) else []
        elif len(node) >= 5 and isinstance(node[2], str):  # legacy: fn, name, asm name, kinds, slm, offsets
            slm, descs, nbar = node[4], [], 0
        else:
            raise SimError(Location(filename, 0, 0), f"!genx.kernels node !{ref} has an unknown layout")
        kernels[fname] = KernelInfo(fname, int(slm), [str(d) for d in descs], int(nbar))
    return Module(filename, functions, decls, kernels)
