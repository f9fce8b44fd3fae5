"""The GenX intrinsic table: reads ``intrinsics/*.yaml``, mangles names, declares and calls.

The YAML files are the single home of operand lists, overloaded slots and encodings (their
schema is described at the top of ``intrinsics/regions.yaml``). Lowering code calls an intrinsic
by its YAML name with operands by their YAML names::

    intr = Intrinsics(module)
    tile = intr.call(b, "lsc.load2d.stateless", ret=T, data_size="u16", block_width=16,
                     block_height=8, base=ptr, surface_width=127, surface_height=63,
                     surface_pitch=127, x=xv, y=yv, label="a.tile")

Every mistake here is an internal error (the lowering passed something the table does not
allow), so everything raises ``ValueError`` naming the intrinsic and the operand.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from llvmlite import ir
from llvmlite.ir.instructions import CallInstrAttributes, FastMathFlags

from genx_emit.resources import data_dir

PREFIX = "llvm.genx."
OVERLOADED = "overloaded"
CLASSES = ("anyint", "anyfloat", "anyvector", "any")


class _Missing:
    def __repr__(self) -> str:
        return "<required>"

    def __reduce__(self) -> str:  # unpickled (table cache) as the one MISSING, so `is` still holds
        return "MISSING"


MISSING: Any = _Missing()  # an operand without a YAML default
UNDEF = "undef"  # YAML default (and accepted operand value): an undef constant of the slot's type


class IntrinsicTableError(ValueError):
    """The YAML table itself is inconsistent (a bug in intrinsics/*.yaml)."""


# --------------------------------------------------------------------------------------------
# Types and mangling


_FLOAT_TYPES = (ir.HalfType, ir.FloatType, ir.DoubleType)
_FLOAT_SUFFIX = {ir.HalfType: "f16", ir.FloatType: "f32", ir.DoubleType: "f64"}
_VECTOR_RE = re.compile(r"<\s*(\d+)\s+x\s+(.+?)\s*>")


def parse_type(text: str) -> ir.Type:
    """The llvmlite type for LLVM type syntax used in the YAML: ``i8``, ``half``, ``<3 x i32>``, ``void``."""
    s = text.strip()
    if m := _VECTOR_RE.fullmatch(s):
        return ir.VectorType(parse_type(m.group(2)), int(m.group(1)))
    if re.fullmatch(r"i\d+", s):
        return ir.IntType(int(s[1:]))
    named = {"half": ir.HalfType, "float": ir.FloatType, "double": ir.DoubleType, "void": ir.VoidType}
    if s in named:
        return named[s]()
    raise ValueError(f"unsupported type syntax {text!r}")


def type_suffix(t: ir.Type) -> str:
    """LLVM's mangled spelling of an overloaded type: ``v16i32``, ``v64f16``, ``i1``, ``p0i8``."""
    if isinstance(t, ir.IntType):
        return f"i{t.width}"
    for cls, suffix in _FLOAT_SUFFIX.items():
        if isinstance(t, cls):
            return suffix
    if isinstance(t, ir.VectorType):
        return f"v{t.count}{type_suffix(t.element)}"
    if isinstance(t, ir.PointerType):
        # Typed pointers (what LLVM 14 reads) mangle address space then pointee; opaque: p<AS>.
        if getattr(t, "is_opaque", False):
            return f"p{t.addrspace}"
        return f"p{t.addrspace}{type_suffix(t.pointee)}"
    raise ValueError(f"type {t} cannot appear in a GenX intrinsic name")


def mangle(base: str, types: Sequence[ir.Type]) -> str:
    """``base`` + ``.<suffix>`` per overloaded type, in slot order (return type first)."""
    return base + "".join("." + type_suffix(t) for t in types)


def undef(t: ir.Type) -> ir.Constant:
    """``undef`` of any type (llvmlite 0.50 would spell a vector one element by element)."""
    c = ir.Constant(t, None)
    c.constant = ir.Undefined  # set after construction: skips the per-element wrapping
    return c


def zeroinitializer(t: ir.Type) -> ir.Constant:
    """``zeroinitializer`` of any type (llvmlite would spell a vector one element by element)."""
    c = ir.Constant(t, None)
    c.constant = None
    return c


def scalar_of(t: ir.Type) -> ir.Type:
    """The element type of a vector, or the type itself."""
    return t.element if isinstance(t, ir.VectorType) else t


def scalar_bits(t: ir.Type) -> int:
    """Bit width of the scalar (element) type of ``t``: i1..i64, half, float, double."""
    e = scalar_of(t)
    if isinstance(e, ir.IntType):
        return e.width
    return {ir.HalfType: 16, ir.FloatType: 32, ir.DoubleType: 64}[type(e)]


def _type_matches(t: ir.Type, cls: str, elem: ir.Type | None) -> bool:
    scalar = scalar_of(t)
    if cls == "anyvector" and not isinstance(t, ir.VectorType):
        return False
    if cls == "anyint" and not isinstance(scalar, ir.IntType):
        return False
    if cls == "anyfloat" and not isinstance(scalar, _FLOAT_TYPES):
        return False
    return elem is None or scalar == elem


# --------------------------------------------------------------------------------------------
# The table


@dataclass(frozen=True)
class Enum:
    """A named encoding table; ``flags`` enums accept any OR of their bits."""

    name: str
    doc: str
    values: Mapping[str, int]
    flags: bool = False

    def encode(self, word: str) -> int:
        if word not in self.values:
            raise ValueError(f"enum {self.name}: unknown word {word!r} (known: {sorted(self.values)})")
        return self.values[word]

    def decode(self, code: int) -> str:
        for word, value in self.values.items():
            if value == code:
                return word
        raise ValueError(f"enum {self.name}: no word has code {code} (known: {dict(self.values)})")


@dataclass(frozen=True)
class Field:
    name: str
    shift: int
    bits: int
    enum: str | None = None


@dataclass(frozen=True)
class Packing:
    """Several fields packed into one integer operand (e.g. dpas.nosrc0's info word)."""

    name: str
    doc: str
    fields: tuple[Field, ...]


@dataclass(frozen=True)
class Slot:
    """The return value (name ``ret``) or one operand of an intrinsic."""

    name: str
    type: ir.Type | None  # None: overloaded or tied
    cls: str | None = None  # class of an overloaded slot
    elem: ir.Type | None = None  # required element type of an overloaded slot
    tied: str | None = None  # slot whose type this one repeats
    default: Any = MISSING
    default_type: ir.Type | None = None  # type of a Python scalar given to an overloaded slot
    enum: str | None = None
    doc: str = ""

    @property
    def overloaded(self) -> bool:
        return self.cls is not None


@dataclass(frozen=True)
class IntrinsicDef:
    name: str  # without the llvm.genx. prefix
    family: str
    doc: str
    ret: Slot
    operands: tuple[Slot, ...]
    mangle: tuple[str, ...]  # overloaded slot names in mangled-name order
    available: bool = True
    note: str = ""
    cache_pairs: str | None = None  # "load" / "store": l1/l3 must form a legal pair
    # What a call touches (see MEMORY_EFFECTS); memory_by: (operand, ((enum word, effect), ...)) when
    # an operand's constant decides it, any other value of the operand then being "any".
    memory: str = "any"
    memory_by: tuple[str, tuple[tuple[str, str], ...]] | None = None

    @property
    def full_name(self) -> str:
        return PREFIX + self.name

    def slot(self, name: str) -> Slot:
        if name == "ret":
            return self.ret
        for s in self.operands:
            if s.name == name:
                return s
        raise KeyError(name)


@dataclass(frozen=True)
class Table:
    intrinsics: Mapping[str, IntrinsicDef]
    enums: Mapping[str, Enum]
    packings: Mapping[str, Packing]
    cache_pairs: Mapping[str, tuple[tuple[str, str], ...]]  # YAML order, for stable messages
    atomic_kinds: Mapping[str, AtomicKind] = field(default_factory=dict)


@dataclass(frozen=True)
class AtomicKind:
    """An ``arith`` atomic kind as the LSC hardware offers it: the atomic_op word and the MLIR
    element types it exists for (``ints`` = i32/i64/ui32/ui64/si32/si64)."""

    name: str
    op: str | None  # None: no LSC operation
    types: tuple[str, ...]
    note: str = ""
    not_on_slm: str = ""  # why the operation does not exist on SLM ("" when it does)


_SLOT_KEYS = {"name", "type", "class", "elem", "tied", "default", "default_type", "enum", "doc"}
_INTRINSIC_KEYS = {"name", "doc", "ret", "operands", "mangle", "available", "note", "cache_pairs", "memory"}
_FILE_KEYS = {"family", "doc", "memory", "enums", "packings", "cache_pairs", "atomic_kinds", "intrinsics"}
# A call's memory effect besides the memories themselves (the fence_sfid words): none (no memory,
# no other thread), barrier (synchronizes threads, accesses no memory), fence (the LSC fence),
# any (may access every memory: the default, so an intrinsic nobody classified stays safe).
MEMORY_EFFECTS = ("none", "barrier", "fence", "any")


def _constant(t: ir.Type, value: Any, where: str) -> ir.Constant:
    """A constant of type ``t`` from a Python value, range-checked; ints print signed like LLVM."""
    if isinstance(value, str):
        if value != UNDEF:
            raise ValueError(f"{where}: unexpected string {value!r}")
        return undef(t)
    if isinstance(t, ir.IntType):
        if isinstance(value, bool):
            value = int(value)
        if not isinstance(value, int):
            raise ValueError(f"{where}: expected an integer for {t}, got {value!r}")
        w = t.width
        if w == 1:
            if value not in (0, 1):
                raise ValueError(f"{where}: {value} does not fit {t}")
            return ir.Constant(t, bool(value))
        if not -(1 << (w - 1)) <= value < (1 << w):
            raise ValueError(f"{where}: {value} does not fit {t}")
        # Two's complement into the signed range: LLVM prints i8 128 as i8 -128.
        value &= (1 << w) - 1
        return ir.Constant(t, value - (1 << w) if value >> (w - 1) else value)
    if isinstance(t, _FLOAT_TYPES):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{where}: expected a number for {t}, got {value!r}")
        return ir.Constant(t, float(value))
    raise ValueError(f"{where}: a Python value ({value!r}) cannot become a {t} constant; pass an ir.Value")


def _check_keys(obj: Any, allowed: set[str], where: str) -> None:
    if not isinstance(obj, dict):
        raise IntrinsicTableError(f"{where}: expected a mapping, got {obj!r}")
    extra = set(obj) - allowed
    if extra:
        raise IntrinsicTableError(f"{where}: unknown keys {sorted(extra)}")


def _parse_slot(raw: Any, where: str) -> Slot:
    if isinstance(raw, str):  # a plain fixed type, e.g. `ret: void`
        raw = {"type": raw}
    _check_keys(raw, _SLOT_KEYS, where)
    name = raw.get("name", "ret")
    if ("type" in raw) == ("tied" in raw):
        raise IntrinsicTableError(f"{where}: exactly one of `type` and `tied` is required")
    cls = raw.get("class")
    t: ir.Type | None = None
    if raw.get("type") == OVERLOADED:
        if cls not in CLASSES:
            raise IntrinsicTableError(f"{where}: overloaded slot needs class one of {CLASSES}")
    else:
        if cls is not None or "elem" in raw or "default_type" in raw:
            raise IntrinsicTableError(f"{where}: class/elem/default_type apply to overloaded slots only")
        if "type" in raw:
            try:
                t = parse_type(str(raw["type"]))
            except ValueError as e:
                raise IntrinsicTableError(f"{where}: {e}") from None
    try:
        elem = parse_type(raw["elem"]) if "elem" in raw else None
        default_type = parse_type(raw["default_type"]) if "default_type" in raw else None
    except ValueError as e:
        raise IntrinsicTableError(f"{where}: {e}") from None
    if default_type is not None and not _type_matches(default_type, cls, elem):
        raise IntrinsicTableError(f"{where}: default_type {default_type} is not {cls} of {elem}")
    return Slot(
        name=name,
        type=t,
        cls=cls,
        elem=elem,
        tied=raw.get("tied"),
        default=raw.get("default", MISSING),
        default_type=default_type,
        enum=raw.get("enum"),
        doc=str(raw.get("doc", "")),
    )


def _parse_memory(raw: Any, where: str) -> tuple[str, tuple[str, tuple[tuple[str, str], ...]] | None]:
    """``memory: EFFECT`` or ``memory: {operand: NAME, words: {ENUM_WORD: EFFECT}}``."""
    if isinstance(raw, str):
        return raw, None
    _check_keys(raw, {"operand", "words"}, f"{where} memory")
    words = raw.get("words")
    if not isinstance(raw.get("operand"), str) or not isinstance(words, dict):
        raise IntrinsicTableError(f"{where}: memory needs `operand` and `words`")
    return "any", (raw["operand"], tuple((str(k), str(v)) for k, v in words.items()))


def _parse_intrinsic(raw: Any, family: str, where: str, memory: str = "any") -> IntrinsicDef:
    _check_keys(raw, _INTRINSIC_KEYS, where)
    name = raw.get("name")
    if not isinstance(name, str) or name.startswith(PREFIX):
        raise IntrinsicTableError(f"{where}: `name` must be given without the {PREFIX} prefix")
    where = f"{where} ({name})"
    if "ret" not in raw or "mangle" not in raw or "operands" not in raw:
        raise IntrinsicTableError(f"{where}: `ret`, `operands` and `mangle` are required")
    ret = _parse_slot(raw["ret"], f"{where} ret")
    if ret.tied or ret.default is not MISSING or ret.enum:
        raise IntrinsicTableError(f"{where} ret: only type/class/elem/default_type/doc allowed")
    operands = tuple(_parse_slot(o, f"{where} operand {i}") for i, o in enumerate(raw["operands"] or []))
    names = [o.name for o in operands]
    if "ret" in names or len(set(names)) != len(names):
        raise IntrinsicTableError(f"{where}: operand names must be unique and not `ret`")
    expected = (["ret"] if ret.overloaded else []) + [o.name for o in operands if o.overloaded]
    if list(raw["mangle"] or []) != expected:
        raise IntrinsicTableError(
            f"{where}: mangle {raw['mangle']} must list the overloaded slots in order: {expected}"
        )
    available = raw.get("available", True)
    if not available and not raw.get("note"):
        raise IntrinsicTableError(f"{where}: an unavailable intrinsic needs a `note` saying what to use")
    memory, memory_by = _parse_memory(raw.get("memory", memory), where)
    return IntrinsicDef(
        name=name,
        family=family,
        doc=str(raw.get("doc", "")),
        ret=ret,
        operands=operands,
        mangle=tuple(expected),
        available=bool(available),
        note=str(raw.get("note", "")),
        cache_pairs=raw.get("cache_pairs"),
        memory=memory,
        memory_by=memory_by,
    )


def _validate(table: Table) -> None:
    """Cross-references: tied slots, enums, defaults, cache pairs, packings."""
    for k in table.atomic_kinds.values():
        ops = table.enums.get("atomic_op")
        if k.op is not None and (ops is None or k.op not in ops.values):
            raise IntrinsicTableError(f"atomic kind {k.name}: {k.op!r} is not an atomic_op word")
        if (k.op is None) != (not k.types):
            raise IntrinsicTableError(f"atomic kind {k.name}: types must be given exactly when op is")
    hints = table.enums.get("cache_hint")
    for kind, pairs in table.cache_pairs.items():
        for l1, l3 in pairs:
            if hints is None or l1 not in hints.values or l3 not in hints.values:
                raise IntrinsicTableError(f"cache_pairs.{kind}: ({l1}, {l3}) are not cache_hint words")
    for p in table.packings.values():
        used = 0
        for f in p.fields:
            mask = ((1 << f.bits) - 1) << f.shift
            if used & mask or (f.enum and f.enum not in table.enums):
                raise IntrinsicTableError(
                    f"packing {p.name}: field {f.name} overlaps another or names an unknown enum"
                )
            used |= mask
    sfids = table.enums.get("fence_sfid")
    effects = (*MEMORY_EFFECTS, *(sfids.values if sfids else ()))
    for d in table.intrinsics.values():
        where = f"intrinsic {d.name}"
        by = d.memory_by[1] if d.memory_by else ()
        if d.memory not in effects or any(e not in effects for _, e in by):
            raise IntrinsicTableError(f"{where}: memory must be one of {effects}")
        if d.memory_by is not None:
            try:
                enum = table.enums.get(d.slot(d.memory_by[0]).enum or "")
            except KeyError:
                enum = None
            if enum is None or any(w not in enum.values for w, _ in by):
                raise IntrinsicTableError(f"{where}: memory operand {d.memory_by[0]!r} must be an enum "
                                          "operand whose words the memory words name")
        if d.cache_pairs is not None:
            if d.cache_pairs not in table.cache_pairs:
                raise IntrinsicTableError(f"{where}: unknown cache_pairs table {d.cache_pairs!r}")
            for op in ("l1", "l3"):
                if op not in {o.name for o in d.operands} or d.slot(op).enum != "cache_hint":
                    raise IntrinsicTableError(f"{where}: cache_pairs needs l1/l3 cache_hint operands")
        for s in (d.ret, *d.operands):
            if s.tied is not None:
                try:
                    target = d.slot(s.tied)
                except KeyError:
                    raise IntrinsicTableError(f"{where} {s.name}: tied to unknown slot {s.tied!r}") from None
                if target.tied is not None or target is s:
                    raise IntrinsicTableError(f"{where} {s.name}: must be tied to an untied slot")
            if s.enum is not None and s.enum not in table.enums:
                raise IntrinsicTableError(f"{where} {s.name}: unknown enum {s.enum!r}")
            if s.default is MISSING:
                continue
            t = s.type or s.default_type
            if s.default == UNDEF:
                if s.type is None and s.tied is None:
                    raise IntrinsicTableError(f"{where} {s.name}: an undef default needs a known type")
                continue
            if t is None:
                raise IntrinsicTableError(f"{where} {s.name}: an overloaded default needs default_type")
            try:
                _slot_constant(s, s.default, t, table.enums, f"{where} {s.name} default")
            except ValueError as e:
                raise IntrinsicTableError(str(e)) from None


def _check_enum_code(enum: Enum, code: int, where: str) -> None:
    if enum.flags:
        bits = 0
        for v in enum.values.values():
            bits |= v
        if code & ~bits:
            raise ValueError(f"{where}: {code:#x} has bits outside enum {enum.name} {dict(enum.values)}")
    elif code not in enum.values.values():
        raise ValueError(f"{where}: {code} is not a code of enum {enum.name} {dict(enum.values)}")


def load_table(directory: Path | None = None) -> Table:
    """Read and validate every ``*.yaml`` under ``directory`` (default: the shipped table, cached)."""
    if directory is None:
        return _default_table()
    intrinsics: dict[str, IntrinsicDef] = {}
    enums: dict[str, Enum] = {}
    packings: dict[str, Packing] = {}
    cache_pairs: dict[str, tuple[tuple[str, str], ...]] = {}
    atomic_kinds: dict[str, AtomicKind] = {}
    import yaml  # not at module level: a cached table (table_cache) needs no YAML

    # libyaml's loader when PyYAML was built with it: the pure-Python one is ten times slower
    # (same safe subset of YAML, same result).
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    files = sorted(directory.glob("*.yaml"))
    if not files:
        raise IntrinsicTableError(f"no intrinsic tables (*.yaml) in {directory}")
    for path in files:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
        _check_keys(raw, _FILE_KEYS, path.name)
        family = str(raw.get("family", path.stem))
        memory = raw.get("memory", "any")
        if not isinstance(memory, str):
            raise IntrinsicTableError(f"{path.name}: the file's memory default must be one word")
        for ename, e in (raw.get("enums") or {}).items():
            _check_keys(e, {"doc", "values", "flags"}, f"{path.name} enum {ename}")
            values = {str(k): v for k, v in (e.get("values") or {}).items()}
            if ename in enums or not values or not all(isinstance(v, int) for v in values.values()):
                raise IntrinsicTableError(f"{path.name}: enum {ename} is duplicated, empty or not integer")
            if len(set(values.values())) != len(values):
                raise IntrinsicTableError(f"{path.name}: enum {ename} has duplicate codes")
            enums[ename] = Enum(ename, str(e.get("doc", "")), values, bool(e.get("flags", False)))
        for pname, p in (raw.get("packings") or {}).items():
            _check_keys(p, {"doc", "fields"}, f"{path.name} packing {pname}")
            if pname in packings:
                raise IntrinsicTableError(f"{path.name}: packing {pname} is duplicated")
            fields = tuple(
                Field(f["name"], int(f["shift"]), int(f["bits"]), f.get("enum")) for f in p["fields"]
            )
            packings[pname] = Packing(pname, str(p.get("doc", "")), fields)
        for kind, pairs in (raw.get("cache_pairs") or {}).items():
            if kind in cache_pairs:
                raise IntrinsicTableError(f"{path.name}: cache_pairs.{kind} is duplicated")
            cache_pairs[kind] = tuple((str(a), str(b)) for a, b in pairs)
        for kname, k in (raw.get("atomic_kinds") or {}).items():
            _check_keys(k, {"op", "types", "note", "not_on_slm"}, f"{path.name} atomic kind {kname}")
            if kname in atomic_kinds:
                raise IntrinsicTableError(f"{path.name}: atomic kind {kname} is duplicated")
            atomic_kinds[kname] = AtomicKind(str(kname), k.get("op"), tuple(map(str, k.get("types") or ())),
                                             str(k.get("note", "")), str(k.get("not_on_slm", "")))
        for i, r in enumerate(raw.get("intrinsics") or []):
            d = _parse_intrinsic(r, family, f"{path.name} intrinsic {i}", memory)
            if d.name in intrinsics:
                raise IntrinsicTableError(f"{path.name}: intrinsic {d.name} is defined twice")
            intrinsics[d.name] = d
    table = Table(intrinsics, enums, packings, cache_pairs, atomic_kinds)
    _validate(table)
    return table


@functools.cache
def _default_table() -> Table:
    from genx_emit.genx.table_cache import cached

    directory = data_dir("intrinsics")
    return cached("intrinsics", [Path(__file__), *sorted(directory.glob("*.yaml"))],
                  lambda: load_table(directory))


def lookup(name: str) -> IntrinsicDef:
    """The definition of an intrinsic, by YAML name (the ``llvm.genx.`` prefix is optional)."""
    short = name.removeprefix(PREFIX)
    table = load_table()
    if short not in table.intrinsics:
        raise ValueError(f"unknown GenX intrinsic {name!r}")
    return table.intrinsics[short]


def intrinsic_names() -> list[str]:
    return sorted(load_table().intrinsics)


@functools.cache
def by_mangled_name(mangled: str) -> IntrinsicDef | None:
    """The table entry of a mangled name, prefix optional (``lsc.load2d.stateless.v128f16.i1.i64``):
    the longest table name it starts with; None for a name outside the table."""
    mangled = mangled.removeprefix(PREFIX)
    names = load_table().intrinsics
    best = max((n for n in names if mangled == n or mangled.startswith(n + ".")), key=len, default=None)
    return names[best] if best else None


def memory_effect(d: IntrinsicDef, args: Sequence[ir.Value]) -> str:
    """What a call of ``d`` with ``args`` touches: a fence_sfid word or one of MEMORY_EFFECTS.
    An operand that decides it and is not a constant the table names gives "any"."""
    if d.memory_by is None:
        return d.memory
    operand, words = d.memory_by
    i = [o.name for o in d.operands].index(operand)
    arg = args[i] if i < len(args) else None
    if not isinstance(arg, ir.Constant) or not isinstance(arg.type, ir.IntType) \
            or not isinstance(arg.constant, int):
        return "any"
    code = arg.constant & ((1 << arg.type.width) - 1)  # i8 -128 is the code 0x80
    enum = _enum(d.slot(operand).enum or "")
    return next((effect for word, effect in words if enum.values[word] == code), "any")


def _enum(name: str) -> Enum:
    enums = load_table().enums
    if name not in enums:
        raise ValueError(f"unknown encoding table {name!r} (known: {sorted(enums)})")
    return enums[name]


# Lowering encodes the same words and packs the same fields thousands of times: their results
# are kept per table (a table read again, as tests do, starts afresh). Errors are not kept.
_MEMO: tuple[object, dict[tuple, Any]] | None = None


def _memo() -> dict[tuple, Any]:
    global _MEMO
    table = load_table()
    if _MEMO is None or _MEMO[0] is not table:
        _MEMO = (table, {})
    return _MEMO[1]


def encode(enum: str, word: str) -> int:
    """Code of ``word`` in encoding table ``enum``: ``encode("cache_hint", "cached") == 2``."""
    return _memoized("encode", enum, word)


def decode(enum: str, code: int) -> str:
    """Word for ``code`` in encoding table ``enum``: ``decode("precision", 9) == "bf16"``."""
    return _memoized("decode", enum, code)


def _memoized(way: str, enum: str, key: Any) -> Any:
    """``_enum(enum).encode(key)`` or ``.decode(key)``, computed once per table."""
    memo = _memo()
    out = memo.get((way, enum, key))
    if out is None:
        out = memo[(way, enum, key)] = getattr(_enum(enum), way)(key)
    return out


def _hint_word(v: str | int) -> str:
    return decode("cache_hint", v) if isinstance(v, int) else v


def valid_cache_pair(kind: str, l1: str | int, l3: str | int) -> bool:
    """Whether (L1, L3) cache hints (words or codes) are legal together for ``load`` or ``store`` messages."""
    legal = cache_pairs(kind)
    l1w, l3w = _hint_word(l1), _hint_word(l3)
    for w in (l1w, l3w):
        encode("cache_hint", w)  # unknown words are an error, not just "invalid"
    return (l1w, l3w) in legal


def cache_pairs(kind: str) -> list[tuple[str, str]]:
    """The legal (L1, L3) cache-hint word pairs of ``load`` or ``store`` messages, in table order."""
    pairs = load_table().cache_pairs
    if kind not in pairs:
        raise ValueError(f"cache pair kind must be one of {sorted(pairs)}, got {kind!r}")
    return list(pairs[kind])


def atomic_kind(name: str) -> AtomicKind | None:
    """How the hardware performs the ``arith`` atomic kind ``name`` (None: not a known kind)."""
    return load_table().atomic_kinds.get(name)


def atomic_kinds() -> list[str]:
    return sorted(load_table().atomic_kinds)


def field_bits(packing: str, field: str) -> int:
    """The width in bits of one field of a packing."""
    return next(f.bits for f in load_table().packings[packing].fields if f.name == field)


def pack(packing: str, **fields: int | str) -> int:
    """Pack named fields into one integer, e.g. ``pack("dpas_info", precision_src1="bf16", ...)``."""
    memo = _memo()
    key = (packing, *fields.items())
    word = memo.get(key)
    if word is None:
        word = memo[key] = _pack(packing, fields)
    return word


def _pack(packing: str, fields: dict[str, int | str]) -> int:
    packings = load_table().packings
    if packing not in packings:
        raise ValueError(f"unknown packing {packing!r} (known: {sorted(packings)})")
    p = packings[packing]
    known = {f.name for f in p.fields}
    if set(fields) != known:
        raise ValueError(f"packing {packing}: needs exactly the fields {sorted(known)}, got {sorted(fields)}")
    word = 0
    for f in p.fields:
        v = fields[f.name]
        if isinstance(v, str):
            if f.enum is None:
                raise ValueError(f"packing {packing}: field {f.name} takes a number, got {v!r}")
            v = encode(f.enum, v)
        if not 0 <= v < (1 << f.bits):
            raise ValueError(f"packing {packing}: field {f.name}={v} does not fit {f.bits} bits")
        word |= v << f.shift
    return word


# --------------------------------------------------------------------------------------------
# Declaring and calling


class Intrinsics:
    """Declares (once per mangled name) and calls GenX intrinsics in one ``ir.Module``."""

    # The table's encodings, reachable from the object lowering code already holds.
    encode = staticmethod(encode)
    decode = staticmethod(decode)
    valid_cache_pair = staticmethod(valid_cache_pair)
    cache_pairs = staticmethod(cache_pairs)
    pack = staticmethod(pack)

    def __init__(self, module: ir.Module):
        self.module = module
        self._declared: dict[str, ir.Function] = {}  # mangled name -> declaration made here
        self._calls: dict[tuple, tuple[ir.Function, list[Any], bool]] = {}  # see call()

    def declare(self, name: str, types: Sequence[ir.Type]) -> ir.Function:
        """The declaration for the overloaded ``types``, given in mangled-name order (ret first)."""
        d = _available(name)
        if len(types) != len(d.mangle):
            raise ValueError(
                f"intrinsic {d.name}: needs {len(d.mangle)} overloaded types {list(d.mangle)}, "
                f"got {len(types)}"
            )
        resolved: dict[str, ir.Type] = {}
        for slot_name, t in zip(d.mangle, types, strict=True):
            _check_class(d, d.slot(slot_name), t)
            resolved[slot_name] = t
        return self._declaration(d, _complete(d, resolved))

    def call(
        self,
        builder: ir.IRBuilder,
        intrinsic_name: str,
        ret: ir.Type | None = None,
        label: str = "",
        **operands: Any,
    ) -> ir.Instruction:
        """Call an intrinsic with operands by YAML name; see the module docstring.

        Values: an ``ir.Value`` of the slot's type; a Python bool/int/float (constant of the slot's
        type, or of the slot's ``default_type`` when overloaded); an enum word for a slot with an
        ``enum``; ``"undef"``. Omitted operands take their YAML default.
        """
        # Lowering calls the same intrinsic with the same kinds of operands over and over: the
        # checks depend only on the value types and the Python constants, so their outcome (the
        # declaration and the constant operands) is kept per such key.
        key = _call_key(intrinsic_name, ret, operands)
        hit = self._calls.get(key) if key is not None else None
        checked = hit is not None  # a call of this key passed llvmlite's argument checks before
        if hit is None:
            hit = self._plan_call(intrinsic_name, ret, operands)
        fn, consts, void = hit
        if label and void:
            raise ValueError(f"intrinsic {_available(intrinsic_name).name}: returns void, it cannot be "
                             f"labelled {label!r}")
        args = [operands[c] if type(c) is str else c for c in consts]
        if checked:
            call = _CheckedCall(builder.block, fn, args, label)
            builder._insert(call)
            return call
        call = builder.call(fn, args, name=label)
        if key is not None:
            self._calls[key] = hit
        return call

    def _plan_call(self, intrinsic_name: str, ret: ir.Type | None,
                   operands: dict[str, Any]) -> tuple[ir.Function, list[Any], bool]:
        """Check a call and resolve it: (declaration, the arguments with each operand given as
        an ``ir.Value`` replaced by its name, whether it returns void)."""
        d = _available(intrinsic_name)
        shape = _shape_of(d)
        if not shape.known.issuperset(operands):
            unknown = sorted(set(operands) - shape.known)
            raise ValueError(
                f"intrinsic {d.name}: unknown operand(s) {unknown}; operands are "
                f"{[o.name for o in d.operands]}"
            )
        values = [operands.get(o.name, o.default) for o in d.operands]
        if any(v is MISSING for v in values):
            missing = [o.name for o, v in zip(d.operands, values, strict=True) if v is MISSING]
            raise ValueError(f"intrinsic {d.name}: missing operand(s) {missing}")

        types: dict[str, ir.Type] = {}
        if ret is not None:
            if d.ret.overloaded:
                _check_class(d, d.ret, ret)
            elif ret != d.ret.type:
                raise ValueError(f"intrinsic {d.name}: returns {d.ret.type}, ret={ret} given")
            types["ret"] = ret
        for o, v in zip(d.operands, values, strict=True):
            if o.overloaded:
                if isinstance(v, ir.Value):
                    _check_class(d, o, v.type)
                    types[o.name] = v.type
                elif o.default_type is not None and not isinstance(v, str):
                    types[o.name] = o.default_type
                else:
                    raise ValueError(
                        f"intrinsic {d.name}: operand {o.name} is overloaded, pass an ir.Value (got {v!r})"
                    )
        for o, v in zip(shape.tied_operands, (values[i] for i in shape.tied_indices), strict=True):
            # a tied operand given as a value fixes (or must match) its target's type
            if not isinstance(v, ir.Value):
                continue
            if o.tied in types:
                if v.type != types[o.tied]:
                    raise ValueError(
                        f"intrinsic {d.name}: operand {o.name} must have the type of {o.tied} "
                        f"({types[o.tied]}), got {v.type}"
                    )
                continue
            target = d.slot(o.tied)
            if target.overloaded:
                _check_class(d, target, v.type)
            types[o.tied] = v.type
        types = _complete(d, types)

        args = [_operand_value(d, o, v, types[o.name]) for o, v in zip(d.operands, values, strict=True)]
        if shape.hints is not None:
            h1, h3 = args[shape.hints[0]], args[shape.hints[1]]
            if isinstance(h1, ir.Constant) and isinstance(h1.constant, int) \
                    and isinstance(h3, ir.Constant) and isinstance(h3.constant, int):
                l1, l3 = int(h1.constant), int(h3.constant)
                if not _valid_code_pair(d.cache_pairs, l1, l3):
                    raise ValueError(
                        f"intrinsic {d.name}: L1/L3 cache hints ({decode('cache_hint', l1)}, "
                        f"{decode('cache_hint', l3)}) are not a legal {d.cache_pairs} pair"
                    )
        fn = self._declaration(d, types)
        consts = [o.name if isinstance(v, ir.Value) else a
                  for o, v, a in zip(d.operands, values, args, strict=True)]
        return fn, consts, isinstance(types["ret"], ir.VoidType)

    def _declaration(self, d: IntrinsicDef, types: Mapping[str, ir.Type]) -> ir.Function:
        name = mangle(d.full_name, [types[s] for s in d.mangle])
        # The mangled name fixes every slot type (overloaded ones are in it, the others come from
        # the table or are tied to one of those), so a declaration made here is reused as is.
        mine = self._declared.get(name)
        if mine is not None and self.module.globals.get(name) is mine:
            return mine
        fnty = ir.FunctionType(types["ret"], [types[o.name] for o in d.operands])
        existing = self.module.globals.get(name)
        if existing is not None:
            if not isinstance(existing, ir.Function) or str(existing.function_type) != str(fnty):
                raise ValueError(
                    f"intrinsic {d.name}: {name} already declared in the module as "
                    f"{getattr(existing, 'function_type', existing)}, not {fnty}"
                )
            return existing
        fn = ir.Function(self.module, fnty, name)
        self._declared[name] = fn
        return fn


class _CheckedCall(ir.CallInstr):
    """The call ``builder.call`` makes, without its per-argument type checks: for a call whose
    key (:func:`_call_key`: the value types as text, the constants) an earlier call passed them
    with, so the arguments have the declaration's types. The largest cost of a call, otherwise."""

    def __init__(self, parent: ir.Block, fn: ir.Function, args: list[Any], name: str) -> None:
        self.cconv = fn.calling_convention
        self.tail = ""
        self.fastmath = FastMathFlags(())
        self.attributes = CallInstrAttributes(())
        self.arg_attributes = {}
        ir.Instruction.__init__(self, parent, fn.function_type.return_type, "call", [fn, *args], name=name)


def _call_key(name: str, ret: ir.Type | None, operands: dict[str, Any]) -> tuple | None:
    """What a call's checks depend on: value types (as text: llvmlite hashes every vector type
    alike) and Python constants by type and value; None when an operand is anything else (a
    float: 0.0 and -0.0 are equal keys but different constants)."""
    key: list[Any] = [name, None if ret is None else str(ret)]
    for k, v in operands.items():
        if isinstance(v, ir.Value):
            key.append((k, str(v.type)))
        elif type(v) in (int, bool, str):
            key.append((k, type(v), v))
        else:
            return None
    return tuple(key)


@dataclass(frozen=True)
class _Shape:
    """What :meth:`Intrinsics.call` needs of a definition beyond the table, computed once."""

    known: frozenset[str]
    tied_operands: tuple[Slot, ...]
    tied_indices: tuple[int, ...]
    hints: tuple[int, int] | None  # operand indices of l1 and l3 when they must form a pair


_SHAPES: dict[str, _Shape] = {}


def _shape_of(d: IntrinsicDef) -> _Shape:
    shape = _SHAPES.get(d.name)
    if shape is None or _default_table().intrinsics.get(d.name) is not d:
        tied = [(i, o) for i, o in enumerate(d.operands) if o.tied is not None]
        hints = (_index(d, "l1"), _index(d, "l3")) if d.cache_pairs is not None else None
        shape = _Shape(frozenset(o.name for o in d.operands), tuple(o for _, o in tied),
                       tuple(i for i, _ in tied), hints)
        _SHAPES[d.name] = shape
    return shape


@functools.lru_cache(maxsize=256)
def _valid_code_pair(kind: str, l1: int, l3: int) -> bool:
    return valid_cache_pair(kind, l1, l3)


def _available(name: str) -> IntrinsicDef:
    d = lookup(name)
    if not d.available:
        raise ValueError(f"intrinsic {d.name} is not available: {d.note}")
    return d


def _index(d: IntrinsicDef, name: str) -> int:
    return [o.name for o in d.operands].index(name)


def _check_class(d: IntrinsicDef, s: Slot, t: ir.Type) -> None:
    if s.overloaded:
        if not _type_matches(t, s.cls, s.elem):
            want = s.cls + (f" of {s.elem}" if s.elem is not None else "")
            raise ValueError(f"intrinsic {d.name}: {s.name} must be {want}, got {t}")
    elif s.type is not None and t != s.type:
        raise ValueError(f"intrinsic {d.name}: {s.name} must be {s.type}, got {t}")


def _complete(d: IntrinsicDef, types: dict[str, ir.Type]) -> dict[str, ir.Type]:
    """Fill fixed and tied slot types; every overloaded slot must be known by now."""
    out = dict(types)
    for s in (d.ret, *d.operands):
        if s.type is not None:
            out[s.name] = s.type
    if "ret" not in out:
        if d.ret.default_type is None:
            raise ValueError(f"intrinsic {d.name}: the return type is overloaded, pass ret=")
        out["ret"] = d.ret.default_type
    for s in (d.ret, *d.operands):
        if s.tied is not None:
            if s.tied not in out:
                raise ValueError(f"intrinsic {d.name}: type of {s.name} (tied to {s.tied}) is unknown")
            out[s.name] = out[s.tied]
    return out


# Constants made for Python operand values, shared by every call (llvmlite constants carry no
# uses, and a shared one renders its text once): (slot id, value type, value, type text) -> it.
_CONSTANTS: dict[tuple[int, type, Any, str], ir.Constant] = {}


def _operand_value(d: IntrinsicDef, o: Slot, v: Any, t: ir.Type) -> ir.Value:
    if isinstance(v, ir.Value):
        if v.type != t:
            raise ValueError(f"intrinsic {d.name}: operand {o.name} must be {t}, got {v.type}")
        return v
    # Floats stay out: 0.0 and -0.0 are equal keys but different constants.
    key = (id(o), type(v), v, str(t)) if type(v) in (int, bool, str) else None
    hit = _CONSTANTS.get(key) if key is not None else None
    if hit is not None:
        return hit
    c = _slot_constant(o, v, t, load_table().enums, f"intrinsic {d.name}: operand {o.name}")
    if key is not None and len(_CONSTANTS) < 65536 and _default_table().intrinsics.get(d.name) is d:
        _CONSTANTS[key] = c
    return c


def _slot_constant(o: Slot, v: Any, t: ir.Type, enums: Mapping[str, Enum], where: str) -> ir.Constant:
    """A Python value (number, bool, enum word or "undef") as a constant for slot ``o`` of type ``t``."""
    if isinstance(v, str) and v != UNDEF:
        if o.enum is None:
            raise ValueError(f"{where} takes no enum words, got {v!r}")
        try:
            v = enums[o.enum].encode(v)
        except ValueError as e:
            raise ValueError(f"{where}: {e}") from None
    const = _constant(t, v, where)
    if o.enum is not None and isinstance(v, int) and isinstance(t, ir.IntType):
        _check_enum_code(enums[o.enum], v & ((1 << t.width) - 1), where)  # -128 is i8 code 0x80
    return const
