"""``genx-emit check``: every illegal region access in a GenX ``.ll`` file.

Pure: LLVM IR text (ours or anyone's, typed-pointer LLVM 14 text) in, findings out. The text
is parsed with llvmlite's LLVM (a file that does not parse is one finding, located where LLVM
says); every call to ``llvm.genx.rdregion{i,f}`` / ``wrregion{i,f}`` is then turned into a
:class:`~genx_emit.genx.region.Region` and judged by :func:`legalize.why_illegal`, the same
rule the emitter's legalization guarantees, so the checker and the emitter cannot disagree.

How an access is read from the call:

- vstride, width, stride: ``i32`` constants (anything else is a finding: the backend needs
  them constant). A 1D access (width == element count) ignores vstride.
- offset: an ``i16`` constant is a byte offset (unsigned; it must be a multiple of the element
  size); any other scalar value is a run-time ("variable") offset, judged at its worst start
  inside a GRF. A ``<N x i16>`` offset is multi-indirect (one run-time offset per row): no rule
  of the legalizer describes it, so it is reported as a *warning* ("not checked") and does not
  fail the check.
- element type and count: from the result of a rdregion, from the ``new`` operand of a
  wrregion (a scalar is one element).
- raw context (see :func:`legalize.is_raw_slice`): a rdregion is raw when it has uses and every
  use is an operand of a non-region ``llvm.genx.*`` call or a phi, directly or through
  bitcasts; a wrregion is raw when its ``new`` operand is the result of a non-region
  ``llvm.genx.*`` call and its mask is the constant ``i1 true`` (a predicated write is a real
  move, as in the emitter).

Locations: the ``call`` keyword of each region call, found by scanning the text (outside
comments, strings, declarations and metadata) in the same order LLVM lists the calls.
"""

from __future__ import annotations

import functools
import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass

from llvmlite import binding as llvm

from genx_emit.diagnostics import Location, render_located
from genx_emit.genx import legalize
from genx_emit.genx.region import Region
from genx_emit.targets import Target

REGION_CALL = re.compile(r"llvm\.genx\.(rd|wr)region[if]\b")
_VECTOR = re.compile(r"<\s*(\d+)\s+x\s+([^>]+?)\s*>")
_ESIZE = {"half": 2, "bfloat": 2, "float": 4, "double": 8}
# Text scanning: strings and comments are skipped; a region callee is @name or @"name".
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|;[^\n]*|@"?(llvm\.genx\.(?:rd|wr)region[if][-\w.$]*)"?'
                     r"|(?<![-\w.$%@])(?:declare|call)\b|\n")
RUN_TIME = "run-time"  # Region.var of an access whose offset is not a constant
_PARSE_ERROR = re.compile(r"^<string>:(\d+):(\d+): error: (.*)$", re.M)


@dataclass(frozen=True)
class Access:
    """One rdregion/wrregion call as the checker read it."""

    loc: Location
    op: str  # llvm.genx.rdregionf, ...
    dest: bool
    count: int
    elem: str  # LLVM element type, e.g. "float"
    esize: int
    vstride: int | None
    width: int | None
    stride: int | None
    offset: int | None  # bytes; None: run-time
    multi_indirect: bool = False
    raw: bool = False

    def describe(self) -> str:
        def v(x: int | None) -> str:
            return "?" if x is None else str(x)

        off = "run-time" if self.offset is None else f"{self.offset} bytes"
        if self.multi_indirect:
            off = "multi-indirect"
        return (f"(vstride {v(self.vstride)}, width {v(self.width)}, stride {v(self.stride)}, "
                f"offset {off}, {self.count} x {self.elem})")


@dataclass(frozen=True)
class Finding:
    loc: Location
    message: str
    severity: str = "error"  # "error" (illegal / unparsable) or "warning" (not checked)

    def render(self, sources: dict[str, str] | None = None) -> str:
        """``FILE:LINE:COL: error: message``, the source line and a caret."""
        return render_located(self.loc, self.severity, self.message, sources)


@dataclass(frozen=True)
class Report:
    filename: str
    target: Target
    accesses: list[Access]
    findings: list[Finding]
    parsed: bool = True  # False: the text is not valid LLVM IR (the one finding says why)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def summary(self) -> str:
        if not self.parsed:
            return f"{self.filename}: not valid LLVM IR, nothing checked"
        n = len(self.accesses)
        head = f"{self.filename}: {n} region access{'es' if n != 1 else ''}"
        unchecked = len(self.findings) - len(self.errors)
        tail = f" ({unchecked} not checked)" if unchecked else ""
        if self.ok:
            return f"{head}, all legal for {self.target.name}{tail}"
        return f"{head}, {len(self.errors)} illegal for {self.target.name}{tail}"


@functools.cache
def _llvm_ready() -> bool:
    """Old llvmlite releases need ``initialize()``; new ones do it themselves and refuse it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            llvm.initialize()
        except RuntimeError:
            pass
    return True


def _parse(text: str, filename: str) -> tuple[llvm.ModuleRef | None, Finding | None]:
    _llvm_ready()
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:  # undecodable bytes kept as surrogates by the reader
        line = text.count("\n", 0, e.start) + 1
        col = e.start - (text.rfind("\n", 0, e.start) + 1) + 1
        return None, Finding(Location(filename, line, col), "not valid LLVM IR: the text is not UTF-8")
    try:
        mod = llvm.parse_assembly(text)
        mod.verify()
    except RuntimeError as e:
        msg = str(e).strip()
        m = _PARSE_ERROR.search(msg)
        if m:
            return None, Finding(Location(filename, int(m.group(1)), int(m.group(2))),
                                 f"not valid LLVM IR: {m.group(3).strip()}")
        detail = msg.splitlines()[-1] if msg else "parse error"
        if msg.startswith("LLVM IR parsing error"):
            detail = msg.removeprefix("LLVM IR parsing error").strip() or detail
        return None, Finding(Location(filename, 0, 0), f"not valid LLVM IR: {detail}")
    return mod, None


def _call_locations(text: str, filename: str) -> list[tuple[str, Location]]:
    """(callee, where) of each region call (its ``call`` keyword), in text order; declarations
    skipped."""
    locs: list[tuple[str, Location]] = []
    line, line_start = 1, 0
    in_declare = False
    last_call: tuple[int, int] | None = None
    for m in _TOKENS.finditer(text):
        tok = m.group(0)
        if tok == "\n":
            line, line_start = line + 1, m.end()
            in_declare = False  # a declaration is one line
            last_call = None
        elif tok == "declare":
            in_declare = True
        elif tok == "call":
            last_call = (line, m.start() - line_start + 1)
        elif m.group(1) and not in_declare and not text.startswith("!", line_start):  # not metadata
            at = last_call or (line, m.start() - line_start + 1)
            locs.append((m.group(1), Location(filename, *at)))
            last_call = None
        elif tok.startswith('"'):
            line_start_nl = tok.rfind("\n")
            if line_start_nl >= 0:  # a multi-line string (metadata): keep counting lines
                line += tok.count("\n")
                line_start = m.start() + line_start_nl + 1
    return locs


def _type_of(t: llvm.TypeRef) -> tuple[int, str]:
    """(count, element type) of a vector or scalar type."""
    s = str(t).strip()
    m = _VECTOR.fullmatch(s)
    if m:
        return int(m.group(1)), m.group(2)
    return 1, s


def _esize(elem: str) -> int | None:
    if elem in _ESIZE:
        return _ESIZE[elem]
    if re.fullmatch(r"i\d+", elem):
        bits = int(elem[1:])
        return bits // 8 if bits % 8 == 0 and bits >= 8 else None
    return None


def _const_int(v: llvm.ValueRef) -> int | None:
    if not v.is_constant:
        return None
    try:
        val = v.get_constant_value()
    except (ValueError, RuntimeError):
        return None
    return val if isinstance(val, int) else None


def _callee(inst: llvm.ValueRef) -> str | None:
    if inst.opcode != "call":
        return None
    ops = list(inst.operands)
    return ops[-1].name if ops else None


def _is_raw_intrinsic(name: str | None) -> bool:
    return bool(name) and name.startswith("llvm.genx.") and not REGION_CALL.match(name)


def _raw_use(u: llvm.ValueRef, users: dict[llvm.ValueRef, list[llvm.ValueRef]], grf_bytes: int,
             depth: int = 0) -> bool:
    """``u`` binds its operand as a whole: a non-region ``llvm.genx.*`` call, a phi, or a bitcast
    (no move) or a contiguous GRF-aligned ``rdregion`` (a slice of the slice, say one message's
    rows) whose every use is such a use."""
    if u.opcode == "phi" or _is_raw_intrinsic(_callee(u)):
        return True
    if depth >= 8 or not (u.opcode == "bitcast" or _is_raw_slice_read(u, grf_bytes)):
        return False
    uses = users.get(u, [])
    return bool(uses) and all(_raw_use(x, users, grf_bytes, depth + 1) for x in uses)


def _is_raw_slice_read(u: llvm.ValueRef, grf_bytes: int) -> bool:
    """A ``rdregion`` of contiguous elements (1D, stride 1) at a constant GRF-aligned offset."""
    name = _callee(u)
    if not name or not name.startswith("llvm.genx.rdregion"):
        return False
    args = list(u.operands)[:-1]
    if len(args) != 6:
        return False
    width, stride, offset = (_const_int(a) for a in args[2:5])
    aligned = offset is not None and (offset & 0xFFFF) % grf_bytes == 0
    return width == _type_of(u.type)[0] and stride == 1 and aligned


def _is_true(v: llvm.ValueRef) -> bool:
    return str(v.type) == "i1" and _const_int(v) == 1


def _instructions(mod: llvm.ModuleRef) -> Iterator[tuple[llvm.ValueRef, list[llvm.ValueRef]]]:
    for fn in mod.functions:
        if fn.is_declaration:
            continue
        yield fn, [i for b in fn.blocks for i in b.instructions]


def _read_access(inst: llvm.ValueRef, name: str, loc: Location,
                 users: dict[llvm.ValueRef, list[llvm.ValueRef]],
                 defs: dict[llvm.ValueRef, llvm.ValueRef],
                 grf_bytes: int) -> tuple[Access | None, str | None]:
    """The access of one region call, or why it cannot be read."""
    dest = name.startswith("llvm.genx.wr")
    op = REGION_CALL.match(name).group(0)  # type: ignore[union-attr]
    args = list(inst.operands)[:-1]
    want = 8 if dest else 6
    if len(args) != want:
        return None, f"{op}: expected {want} operands, found {len(args)}"
    if dest:
        new, rest = args[1], args[2:]
        shape = _type_of(new.type)
    else:
        new, rest = None, args[1:]
        shape = _type_of(inst.type)
    count, elem = shape
    es = _esize(elem)
    if es is None:
        return None, f"{op}: element type {elem} has no region form"
    vstride, width, stride = (_const_int(a) for a in rest[:3])
    off = rest[3]
    multi = str(off.type).startswith("<")
    offset = _const_int(off)
    if offset is not None:
        offset &= 0xFFFF  # the byte offset is unsigned
    raw = False
    if dest:
        assert new is not None
        src = defs.get(new)  # operands are handles of their own: find the defining instruction
        raw = src is not None and _is_raw_intrinsic(_callee(src)) and _is_true(args[7])
    else:
        uses = users.get(inst, [])
        raw = bool(uses) and all(_raw_use(u, users, grf_bytes) for u in uses)
    acc = Access(loc, op, dest, count, elem, es, vstride, width, stride, offset, multi, raw)
    return acc, None


def why_access_illegal(acc: Access, target: Target) -> tuple[str, str] | None:
    """(severity, reason) of an access that is illegal (``error``) or not checkable
    (``warning``) on ``target``; None when it is legal."""
    if acc.multi_indirect:
        return "warning", "multi-indirect offset (one run-time offset per row) is not checked"
    params = {"vstride": acc.vstride, "width": acc.width, "stride": acc.stride}
    missing = [k for k, v in params.items() if v is None]
    if missing:
        return "error", f"{', '.join(missing)} must be constant"
    assert acc.vstride is not None and acc.width is not None and acc.stride is not None
    if acc.offset is not None and acc.offset % acc.esize:
        return "error", f"byte offset {acc.offset} is not a multiple of the element size {acc.esize}"
    elements = 0 if acc.offset is None else acc.offset // acc.esize
    region = Region(count=acc.count, width=acc.width, stride=acc.stride, vstride=acc.vstride, offset=elements,
                    var=None if acc.offset is not None else RUN_TIME)
    why = legalize.why_illegal(region, acc.esize, target, dest=acc.dest, raw=acc.raw)
    return None if why is None else ("error", why)


def check_text(text: str, filename: str, target: Target) -> Report:
    """Every region access of the LLVM IR ``text`` and the findings about them on ``target``."""
    mod, bad = _parse(text, filename)
    if mod is None:
        assert bad is not None
        return Report(filename, target, [], [bad], parsed=False)
    locs = _call_locations(text, filename)
    next_loc = 0
    accesses: list[Access] = []
    findings: list[Finding] = []
    for _fn, insts in _instructions(mod):
        users: dict[llvm.ValueRef, list[llvm.ValueRef]] = {}
        defs = {i: i for i in insts}  # equal handles compare equal (same LLVM value)
        for i in insts:
            for o in i.operands:
                if o in defs:
                    users.setdefault(defs[o], []).append(i)
        for i in insts:
            name = _callee(i)
            if not name or not REGION_CALL.match(name):
                continue
            # The next mention of this callee in the text (a stray mention, say in metadata, is
            # skipped rather than shifting every later location).
            loc = Location(filename, 0, 0)
            for k in range(next_loc, len(locs)):
                if locs[k][0] == name:
                    loc, next_loc = locs[k][1], k + 1
                    break
            acc, why = _read_access(i, name, loc, users, defs, target.grf_bytes)
            if acc is None:
                assert why is not None
                findings.append(Finding(loc, why))
                continue
            accesses.append(acc)
            verdict = why_access_illegal(acc, target)
            if verdict is not None:
                severity, reason = verdict
                findings.append(Finding(loc, f"{acc.op}: {reason} {acc.describe()}", severity))
    return Report(filename, target, accesses, findings)
