"""The intrinsic table: mangling, encodings, declarations checked against the real vc-intrinsics
table (``genx-check proto`` / ``sig``), and the errors ``Intrinsics.call`` raises."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import SHARED_TOOLS, Toolchain
from llvmlite import ir

from genx_emit.genx import intrinsics as gi
from genx_emit.genx.intrinsics import Intrinsics, IntrinsicTableError, mangle, type_suffix

I1, I8, I16, I32, I64 = (ir.IntType(w) for w in (1, 8, 16, 32, 64))
F16, F32, F64 = ir.HalfType(), ir.FloatType(), ir.DoubleType()


def vec(n: int, t: ir.Type) -> ir.VectorType:
    return ir.VectorType(t, n)


@pytest.fixture(scope="session")
def genx_check() -> Path:
    """The genx-check binary, built from the shared tools into the cache igc-check also uses."""
    try:
        return Toolchain(Path(tempfile.gettempdir())).genx_check()
    except (OSError, subprocess.SubprocessError) as e:
        detail = getattr(e, "stderr", "") or ""
        pytest.skip(f"genx-check cannot be built from {SHARED_TOOLS}: {e} {detail}".strip())


# ------------------------------------------------------------------------------------------------
# Mangling


@pytest.mark.parametrize(
    ("t", "suffix"),
    [
        (I1, "i1"),
        (I8, "i8"),
        (I16, "i16"),
        (I32, "i32"),
        (I64, "i64"),
        (F16, "f16"),
        (F32, "f32"),
        (F64, "f64"),
        (vec(16, I32), "v16i32"),
        (vec(128, F32), "v128f32"),
        (vec(64, F16), "v64f16"),
        (vec(16, I1), "v16i1"),
        (vec(3, I16), "v3i16"),
        (vec(8, F64), "v8f64"),
        (vec(1, I1), "v1i1"),
        (ir.PointerType(I8), "p0i8"),
        (ir.PointerType(I8, 1), "p1i8"),
        (ir.PointerType(vec(4, F32), 3), "p3v4f32"),
        (ir.PointerType(ir.PointerType(I32)), "p0p0i32"),
    ],
)
def test_type_suffix(t: ir.Type, suffix: str) -> None:
    assert type_suffix(t) == suffix


def test_mangle_appends_every_type_in_order() -> None:
    assert mangle("llvm.genx.barrier", []) == "llvm.genx.barrier"
    assert (
        mangle("llvm.genx.dpas2", [vec(128, F32), vec(128, F32), vec(128, I32), vec(64, I32)])
        == "llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32"
    )
    assert (
        mangle("llvm.genx.lsc.store2d.stateless", [I1, I64, vec(128, F32)])
        == "llvm.genx.lsc.store2d.stateless.i1.i64.v128f32"
    )


@pytest.mark.parametrize("t", [ir.VoidType(), ir.LiteralStructType([I32]), ir.ArrayType(I32, 4)])
def test_type_suffix_rejects_types_without_genx_spelling(t: ir.Type) -> None:
    with pytest.raises(ValueError, match="cannot appear"):
        type_suffix(t)


# ------------------------------------------------------------------------------------------------
# Encodings: every entry, written out here independently from genx-reference.md

ENCODINGS = {
    "cache_hint": {
        "default": 0,
        "uncached": 1,
        "cached": 2,
        "write_back": 3,
        "write_through": 4,
        "streaming": 5,
        "read_invalidate": 6,
    },
    "lsc_op": {"load": 0, "store": 4},
    "data_size": {"u8": 1, "u16": 2, "u32": 3, "u64": 4, "u8u32": 5, "u16u32": 6, "u16u32h": 7},
    "vector_size": {"v1": 1, "v2": 2, "v3": 3, "v4": 4, "v8": 5, "v16": 6, "v32": 7, "v64": 8},
    "data_order": {"non_transpose": 1, "transpose": 2},
    "atomic_op": {
        "inc": 0x08,
        "dec": 0x09,
        "load": 0x0A,
        "store": 0x0B,
        "add": 0x0C,
        "sub": 0x0D,
        "smin": 0x0E,
        "smax": 0x0F,
        "umin": 0x10,
        "umax": 0x11,
        "cmpxchg": 0x12,
        "fadd": 0x13,
        "fsub": 0x14,
        "fmin": 0x15,
        "fmax": 0x16,
        "fcmpxchg": 0x17,
        "and": 0x18,
        "or": 0x19,
        "xor": 0x1A,
    },
    "fence_sfid": {"ugm": 0, "ugml": 1, "tgm": 2, "slm": 3},
    "fence_op": {"none": 0, "evict": 1, "invalidate": 2, "discard": 3, "clean": 4, "flush_l3": 5},
    "fence_scope": {"group": 0, "local": 1, "tile": 2, "gpu": 3, "gpus": 4, "system": 5},
    "block2d_transform": {"none": 0, "vnni": 1},
    # read from IGC's disassembly of the lsc.*2d.stateless intrinsics (test_block2d_payload.py)
    "block2d_header_dword": {"base": 0, "surface_width": 2, "surface_height": 3, "surface_pitch": 4,
                             "x": 5, "y": 6, "block_shape": 7},
    "block2d_opcode": {"load": 3, "store": 7},
    "block2d_data_size": {"u8": 0, "u16": 1, "u32": 2, "u64": 3},
    "block2d_cache_load": {"default.default": 0, "uncached.uncached": 1, "uncached.cached": 2,
                           "cached.uncached": 3, "cached.cached": 4, "streaming.uncached": 5,
                           "streaming.cached": 6, "read_invalidate.cached": 7},
    "block2d_cache_store": {"default.default": 0, "uncached.uncached": 1, "uncached.write_back": 2,
                            "write_through.uncached": 3, "write_through.write_back": 4,
                            "streaming.uncached": 5, "streaming.write_back": 6, "write_back.write_back": 7},
    "send_sfid": {"ugm": 15},
    "send_exec_size": {"simd1": 0},
    "precision": {
        "u2": 3,
        "s2": 4,
        "u4": 5,
        "s4": 6,
        "u8": 7,
        "s8": 8,
        "bf16": 9,
        "fp16": 10,
        "tf32": 12,
    },
    "dpas_sign": {"unsigned": 0, "signed": 1},
    "nbarrier_mode": {"wait": 0, "signal": 1},
    "nbarrier_role": {"producer_consumer": 0, "producer": 1, "consumer": 2},
    "fence_mask": {"sched_only": 0x80},
}


def test_encoding_tables_are_exactly_the_reference() -> None:
    assert {name: dict(e.values) for name, e in gi.load_table().enums.items()} == ENCODINGS


@pytest.mark.parametrize(
    ("enum", "word", "code"), [(e, w, c) for e, table in ENCODINGS.items() for w, c in table.items()]
)
def test_encode_decode_every_entry(enum: str, word: str, code: int) -> None:
    assert gi.encode(enum, word) == code
    assert gi.decode(enum, code) == word


def test_encode_decode_errors() -> None:
    with pytest.raises(ValueError, match="unknown encoding table"):
        gi.encode("cache", "cached")
    with pytest.raises(ValueError, match="unknown word 'l2'"):
        gi.encode("cache_hint", "l2")
    with pytest.raises(ValueError, match="no word has code 11"):
        gi.decode("precision", 11)


def test_dpas_info_packing() -> None:
    # IMEX's fp16 8x16x16 info word and IGC's bf16 lit test value.
    assert (
        gi.pack("dpas_info", precision_src1="fp16", precision_src2="fp16", systolic_depth=8, repeat_count=8)
        == 0x08080A0A
    )
    assert (
        gi.pack("dpas_info", precision_src1=9, precision_src2=9, systolic_depth=8, repeat_count=8)
        == 134744329
    )
    with pytest.raises(ValueError, match="needs exactly the fields"):
        gi.pack("dpas_info", precision_src1="bf16")
    with pytest.raises(ValueError, match="does not fit 8 bits"):
        gi.pack("dpas_info", precision_src1=9, precision_src2=9, systolic_depth=8, repeat_count=256)


# ------------------------------------------------------------------------------------------------
# Cache-hint pairs

HINTS = list(ENCODINGS["cache_hint"])
LEGAL = {
    "load": {
        ("default", "default"),
        ("uncached", "uncached"),
        ("streaming", "uncached"),
        ("uncached", "cached"),
        ("cached", "uncached"),
        ("cached", "cached"),
        ("streaming", "cached"),
        ("read_invalidate", "cached"),
    },
    "store": {
        ("default", "default"),
        ("uncached", "uncached"),
        ("streaming", "uncached"),
        ("uncached", "write_back"),
        ("write_through", "uncached"),
        ("write_through", "write_back"),
        ("streaming", "write_back"),
        ("write_back", "write_back"),
    },
}


@pytest.mark.parametrize("kind", ["load", "store"])
def test_cache_pairs_all_combinations(kind: str) -> None:
    for l1 in HINTS:
        for l3 in HINTS:
            expected = (l1, l3) in LEGAL[kind]
            assert gi.valid_cache_pair(kind, l1, l3) is expected, (kind, l1, l3)
            codes = (gi.encode("cache_hint", l1), gi.encode("cache_hint", l3))
            assert gi.valid_cache_pair(kind, *codes) is expected


def test_cache_pair_errors() -> None:
    with pytest.raises(ValueError, match="one of"):
        gi.valid_cache_pair("atomic", "default", "default")
    with pytest.raises(ValueError, match="unknown word"):
        gi.valid_cache_pair("load", "l1", "default")


# ------------------------------------------------------------------------------------------------
# Declarations against the real vc-intrinsics table

V16I1, V16I32, V16I64 = vec(16, I1), vec(16, I32), vec(16, I64)
V128F32, V128I32, V64I32 = vec(128, F32), vec(128, I32), vec(64, I32)

# Representative overloaded types (mangled-name order) for every intrinsic in the YAML.
REPRESENTATIVE: dict[str, list[tuple[ir.Type, ...]]] = {
    "rdregioni": [
        (V16I32, V128I32, I16),
        (I32, V128I32, I16),
        (vec(16, I16), vec(256, I16), vec(2, I16)),
        (vec(8, I64), vec(32, I64), I16),
    ],
    "rdregionf": [
        (vec(16, F32), V128F32, I16),
        (vec(32, F16), vec(256, F16), vec(4, I16)),
        (F64, vec(8, F64), I16),
    ],
    "wrregioni": [(V128I32, V16I32, I16, I1), (V128I32, V16I32, I16, V16I1), (vec(64, I8), I8, I16, I1)],
    "wrregionf": [(V128F32, vec(16, F32), I16, I1), (vec(256, F16), vec(32, F16), vec(2, I16), vec(32, I1))],
    "lsc.load.stateless": [
        (V16I32, V16I1, V16I64),
        (vec(64, I32), I1, I64),
        (vec(32, I64), vec(32, I1), vec(32, I64)),
    ],
    "lsc.load.merge.stateless": [(vec(128, I32), V16I1, V16I64)],
    "lsc.load.slm": [(V16I32, V16I1, V16I32), (vec(8, I64), I1, I32)],
    "lsc.prefetch.stateless": [(V16I1, V16I64), (I1, I64)],
    "lsc.prefetch.slm": [(V16I1, V16I32)],
    "lsc.store.stateless": [(V16I1, V16I64, V16I32), (I1, I64, vec(64, F32))],
    "lsc.store.slm": [(V16I1, V16I32, vec(16, F32)), (I1, I32, vec(32, I32))],
    "lsc.xatomic.stateless": [
        (V16I32, V16I1, V16I64),
        (vec(16, F32), V16I1, V16I64),
        (vec(8, I64), vec(8, I1), vec(8, I64)),
    ],
    "lsc.xatomic.slm": [(V16I32, V16I1, V16I32), (vec(16, F32), V16I1, V16I32)],
    "lsc.fence": [(I1,), (V16I1,)],
    "lsc.load2d.stateless": [(V64I32, I1, I64), (V128I32, I1, I64), (vec(256, F16), I1, I64)],
    "lsc.prefetch2d.stateless": [(I1, I64)],
    "lsc.store2d.stateless": [(I1, I64, V128F32), (I1, I64, vec(128, F16))],
    "raw.send2": [(vec(512, ir.IntType(16)), I1, vec(8, I32)), (vec(256, F32), I1, vec(16, I32))],
    "raw.send2.noresult": [(I1, vec(8, I32))],
    "raw.sends2.noresult": [(I1, vec(8, I32), V128F32), (I1, vec(16, I32), vec(128, F16))],
    "dpas2": [
        (V128F32, V128F32, V128I32, V64I32),
        (V128I32, V128I32, V128I32, V64I32),
        (vec(64, F32), vec(64, F32), V128I32, vec(32, I32)),
        (vec(128, I16), vec(128, I16), V128I32, V64I32),
    ],
    "dpas.nosrc0": [(V128F32, V128I32, V64I32), (vec(16, F32), V128I32, vec(8, I32))],
    "nbarrier": [()],
    "barrier": [()],
    "fence": [()],
    "group.id.x": [()],
    "group.id.y": [()],
    "group.id.z": [()],
    "local.id": [(vec(3, I32),)],
    "local.id16": [(vec(3, I16),)],
    "local.size": [(vec(3, I32),)],
    "group.count": [(vec(3, I32),)],
    # math (overloaded on the one operand's type, result tied): float and half
    **{n: [(vec(16, F32),), (vec(32, F16),), (F32,)]
       for n in ("exp", "log", "sin", "cos", "sqrt", "rsqrt", "inv", "absf")},
    **{n: [(vec(16, F32),), (F32,)] for n in ("rndu", "rndd")},
    "ieee.sqrt": [(vec(16, F32),), (vec(8, F64),), (F32,)],
    # the hardware's float max/min (sel): overloaded on the result and the first operand
    **{n: [(vec(16, F32), vec(16, F32)), (vec(32, F16), vec(32, F16)), (F32, F32)] for n in ("fmax", "fmin")},
}
UNAVAILABLE = {"nbarrier.arrive"}

_PROTO = re.compile(r"declare (?:!genx_intrinsic_id !\d+ )?(.+?) @([\w.]+)\((.*)\)(?: #\d+)?")


def _declared(name: str, types: tuple[ir.Type, ...]) -> str:
    fn = Intrinsics(ir.Module()).declare(name, types)
    fnty = fn.function_type
    return f"{fnty.return_type} @{fn.name}({', '.join(str(t) for t in fnty.args)})"


def test_representative_types_cover_the_whole_table() -> None:
    assert set(REPRESENTATIVE) | UNAVAILABLE == set(gi.intrinsic_names())
    assert {n for n in gi.intrinsic_names() if not gi.lookup(n).available} == UNAVAILABLE


@pytest.mark.parametrize(
    ("name", "types"),
    [(n, ts) for n, variants in REPRESENTATIVE.items() for ts in variants],
    ids=lambda x: x if isinstance(x, str) else ".".join(type_suffix(t) for t in x) or "-",
)
def test_declaration_matches_genx_check_proto(
    genx_check: Path, name: str, types: tuple[ir.Type, ...]
) -> None:
    r = subprocess.run(
        [str(genx_check), "proto", gi.PREFIX + name, *(str(t) for t in types)], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith("declare"))
    m = _PROTO.fullmatch(line)
    assert m, line
    assert _declared(name, types) == f"{m.group(1)} @{m.group(2)}({m.group(3)})"


def test_all_declarations_pass_genx_check_sig(genx_check: Path, tmp_path: Path) -> None:
    module = ir.Module()
    intr = Intrinsics(module)
    for name, variants in REPRESENTATIVE.items():
        for types in variants:
            intr.declare(name, types)
    decls = [
        f"declare {f.function_type.return_type} @{f.name}({', '.join(map(str, f.function_type.args))})"
        for f in module.functions
    ]
    path = tmp_path / "all.ll"
    path.write_text("\n".join(decls) + "\n")
    r = subprocess.run([str(genx_check), "sig", str(path)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"{len(decls)} genx declarations, 0 bad" in r.stdout


def test_nbarrier_arrive_is_unknown_to_this_toolchain(genx_check: Path) -> None:
    # Documents why the table marks it unavailable: vc-intrinsics 0.11 aborts on the name.
    r = subprocess.run(
        [str(genx_check), "proto", "llvm.genx.nbarrier.arrive"], capture_output=True, text=True
    )
    assert r.returncode != 0
    b = ir.IRBuilder(ir.Function(ir.Module(), ir.FunctionType(ir.VoidType(), []), "f").append_basic_block())
    with pytest.raises(ValueError, match="nbarrier.arrive is not available.*nbarrier\\(mode=signal"):
        Intrinsics(b.module).call(b, "nbarrier.arrive", id=1, role=0, num_producers=16, num_consumers=16)


def test_every_intrinsic_and_operand_is_documented() -> None:
    for name in gi.intrinsic_names():
        d = gi.lookup(name)
        assert d.doc, name
        for o in d.operands:
            assert o.doc, f"{name}.{o.name}"


# ------------------------------------------------------------------------------------------------
# Intrinsics.call


@pytest.fixture()
def kb() -> tuple[Intrinsics, ir.IRBuilder, ir.Function]:
    module = ir.Module()
    fn = ir.Function(module, ir.FunctionType(ir.VoidType(), [I64, V16I64, V128F32, I32]), "k")
    for a, n in zip(fn.args, ["p", "addrs", "big", "n"], strict=True):
        a.name = n
    return Intrinsics(module), ir.IRBuilder(fn.append_basic_block("entry")), fn


# An 8x16 u16 block at (0, 0) of a 128-byte x 64-row surface (fields minus one).
BLOCK_8X16_U16 = {
    "data_size": "u16",
    "block_width": 16,
    "block_height": 8,
    "surface_width": 127,
    "surface_height": 63,
    "surface_pitch": 127,
    "x": 0,
    "y": 0,
}


def test_call_applies_defaults_and_enum_words(kb) -> None:
    intr, b, fn = kb
    c = intr.call(b, "lsc.load2d.stateless", ret=V64I32, base=fn.args[0], **BLOCK_8X16_U16, label="a.tile")
    assert str(c) == (
        '%"a.tile" = call <64 x i32> @"llvm.genx.lsc.load2d.stateless.v64i32.i1.i64"(i1 true, i8 0, i8 0, '
        'i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %"p", i32 127, i32 63, i32 127, i32 0, i32 0)'
    )


def test_call_reuses_one_declaration_per_mangled_name(kb) -> None:
    intr, b, fn = kb
    for _ in range(2):
        intr.call(b, "rdregionf", ret=vec(16, F32), src=fn.args[2], vstride=0, width=16, stride=1, offset=64)
    intr.call(b, "rdregionf", ret=vec(8, F32), src=fn.args[2], vstride=0, width=8, stride=1, offset=0)
    names = sorted(f.name for f in b.module.functions if not f.blocks)
    assert names == ["llvm.genx.rdregionf.v16f32.v128f32.i16", "llvm.genx.rdregionf.v8f32.v128f32.i16"]


def test_call_tied_and_undef_defaults(kb) -> None:
    intr, b, fn = kb
    c = intr.call(
        b,
        "lsc.xatomic.stateless",
        ret=V16I32,
        pred=ir.Constant(V16I1, [1] * 16),
        op="add",
        data_size="u32",
        addr=fn.args[1],
        src0=intr_splat(V16I32, 1),
    )
    assert '@"llvm.genx.lsc.xatomic.stateless.v16i32.v16i1.v16i64"' in str(c)
    assert str(c).endswith("<16 x i32> undef, i32 0, <16 x i32> undef)")
    # The return type follows a tied operand when ret= is not given.
    w = intr.call(
        b,
        "wrregionf",
        old=fn.args[2],
        new=ir.Constant(vec(16, F32), [0.0] * 16),
        vstride=0,
        width=16,
        stride=1,
        offset=0,
    )
    assert w.type == V128F32 and "wrregionf.v128f32.v16f32.i16.i1" in str(w)


def intr_splat(t: ir.VectorType, v: int) -> ir.Constant:
    return ir.Constant(t, [v] * t.count)


def test_call_ids_default_return_type_and_signed_i8(kb) -> None:
    intr, b, _ = kb
    assert str(intr.call(b, "local.id16", label="lid")).endswith('@"llvm.genx.local.id16.v3i16"()')
    assert str(intr.call(b, "local.size").type) == "<3 x i32>"
    assert str(intr.call(b, "fence", mask="sched_only")).endswith("(i8 -128)")
    assert str(intr.call(b, "fence", mask=-128)).endswith("(i8 -128)")
    assert str(intr.call(b, "group.id.y", label="gy")).startswith('%"gy" = call i32')


@pytest.mark.parametrize(
    ("operands", "message"),
    [
        (
            {"mode": 1, "id": 1, "num_threads": 16, "nthreads": 1},
            r"nbarrier: unknown operand\(s\) \['nthreads'\]",
        ),
        ({"mode": 1, "id": 1}, r"nbarrier: missing operand\(s\) \['num_threads'\]"),
        ({"mode": 2, "id": 1, "num_threads": 16}, "operand mode: 2 is not a code of enum nbarrier_mode"),
        (
            {"mode": "arrive", "id": 1, "num_threads": 16},
            "nbarrier: operand mode: enum nbarrier_mode: unknown word 'arrive'",
        ),
        ({"mode": 1, "id": 300, "num_threads": 16}, "operand id: 300 does not fit i8"),
        ({"mode": 1, "id": 1.5, "num_threads": 16}, "operand id: expected an integer"),
        ({"mode": 1, "id": ir.Constant(I32, 1), "num_threads": 16}, "operand id must be i8, got i32"),
    ],
)
def test_call_operand_errors(kb, operands: dict, message: str) -> None:
    intr, b, _ = kb
    with pytest.raises(ValueError, match=message):
        intr.call(b, "nbarrier", **operands)


def test_call_overload_and_tie_errors(kb) -> None:
    intr, b, fn = kb
    region = {"vstride": 0, "width": 16, "stride": 1, "offset": 0}
    with pytest.raises(ValueError, match="rdregioni: ret must be anyint, got <16 x float>"):
        intr.call(b, "rdregioni", ret=vec(16, F32), src=fn.args[2], **region)
    with pytest.raises(ValueError, match="rdregionf: the return type is overloaded, pass ret="):
        intr.call(b, "rdregionf", src=fn.args[2], **region)
    with pytest.raises(ValueError, match="rdregionf: offset must be anyint of i16, got i32"):
        intr.call(b, "rdregionf", ret=vec(16, F32), src=fn.args[2], **{**region, "offset": fn.args[3]})
    with pytest.raises(ValueError, match="rdregionf: operand src is overloaded, pass an ir.Value"):
        intr.call(b, "rdregionf", ret=vec(16, F32), src=1.0, **region)
    with pytest.raises(
        ValueError,
        match=r"wrregionf: operand old must have the type of ret \(<64 x float>\), got <128 x float>",
    ):
        intr.call(
            b,
            "wrregionf",
            ret=vec(64, F32),
            old=fn.args[2],
            new=ir.Constant(vec(16, F32), [0.0] * 16),
            **region,
        )
    with pytest.raises(ValueError, match="returns void, ret=i32 given"):
        intr.call(b, "barrier", ret=I32)
    with pytest.raises(ValueError, match="barrier: returns void, it cannot be labelled"):
        intr.call(b, "barrier", label="x")
    with pytest.raises(ValueError, match="unknown GenX intrinsic 'lsc.load2d'"):
        intr.call(b, "lsc.load2d")
    assert intr.call(b, "llvm.genx.barrier") is not None  # the prefix is optional


def test_call_rejects_illegal_cache_pair(kb) -> None:
    intr, b, fn = kb
    with pytest.raises(ValueError, match=r"\(write_back, default\) are not a legal load pair"):
        intr.call(b, "lsc.prefetch2d.stateless", l1="write_back", base=fn.args[0], **BLOCK_8X16_U16)


def test_declare_checks_types_and_conflicts(kb) -> None:
    intr, _, _ = kb
    with pytest.raises(ValueError, match="dpas2: needs 4 overloaded types"):
        intr.declare("dpas2", [V128F32])
    with pytest.raises(ValueError, match="lsc.load.stateless: addr must be anyint of i64, got <16 x i32>"):
        intr.declare("lsc.load.stateless", [V16I32, V16I1, V16I32])
    ir.Function(intr.module, ir.FunctionType(ir.VoidType(), [I32]), "llvm.genx.nbarrier")
    with pytest.raises(ValueError, match="already declared in the module as void \\(i32\\)"):
        intr.declare("nbarrier", [])


# ------------------------------------------------------------------------------------------------
# Table validation

GOOD = """
family: t
enums:
  e: {doc: x, values: {a: 1, b: 2}}
intrinsics:
  - name: foo
    doc: x
    ret: {type: overloaded, class: anyvector, doc: x}
    operands:
      - {name: a, type: overloaded, class: anyint, doc: x}
      - {name: b, type: i8, enum: e, default: 1, doc: x}
      - {name: c, tied: ret, default: undef, doc: x}
    mangle: [ret, a]
"""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("mangle: [ret, a]", "mangle: [a, ret]"), "must list the overloaded slots in order"),
        (("tied: ret", "tied: d"), "tied to unknown slot 'd'"),
        (("enum: e", "enum: f"), "unknown enum 'f'"),
        (("default: 1", "default: 3"), "3 is not a code of enum e"),
        (("class: anyint", "class: int"), "overloaded slot needs class"),
        (("type: i8", "type: i9x"), "unsupported type syntax"),
        (("doc: x}\n    mangle", "doc: x, bogus: 1}\n    mangle"), "unknown keys \\['bogus'\\]"),
        (("{a: 1, b: 2}", "{a: 1, b: 1}"), "duplicate codes"),
        (("mangle: [ret, a]", "mangle: [ret, a]\n    memory: disk"), "memory must be one of"),
        (("mangle: [ret, a]", "mangle: [ret, a]\n    memory: {operand: b, words: {c: none}}"),
         "memory operand 'b' must be an enum operand"),
        (("mangle: [ret, a]", "mangle: [ret, a]\n    memory: {operand: a, words: {a: none}}"),
         "memory operand 'a' must be an enum operand"),
        (("family: t", "family: t\nmemory: [none]"), "the file's memory default must be one word"),
    ],
)
def test_table_validation(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    (tmp_path / "good.yaml").write_text(GOOD)
    assert set(gi.load_table(tmp_path).intrinsics) == {"foo"}
    (tmp_path / "good.yaml").write_text(GOOD.replace(*change))
    with pytest.raises(IntrinsicTableError, match=message):
        gi.load_table(tmp_path)
