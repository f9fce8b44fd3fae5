"""Every hardware limit of the GenX reference, one test each.

Two kinds of limit: those a user's input can break (a located error naming the op, the limit
and the value, before anything is emitted), and those the emitter meets by splitting (then
every message and dpas in every sample, lowered for each target, is decoded from the IR and
checked against the limit). Limits of SLM size, named barrier counts and ids, and cache-hint
pairs have their own detailed tests in test_sync.py and test_scatter.py; they are listed here
too so this file is the catalogue.
"""

from __future__ import annotations

import re

import pytest
from conftest import SAMPLES

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.lower.messages import block2d as B
from genx_emit.targets import TARGETS

# ---------------------------------------------------------------- input that breaks a limit


def kernel(args: str, body: str) -> str:
    return f"gpu.module @m {{\n  gpu.func @k({args}) kernel {{\n{body}\n    gpu.return\n  }}\n}}\n"


def nd_load(memref: str, tile: str, attrs: str = "", result: str | None = None) -> str:
    ty = memref.rsplit("x", 1)[1].split(",")[0].rstrip(">")
    desc = f"!xegpu.tensor_desc<{tile}x{ty}>"
    body = ("    %c0 = arith.constant 0 : index\n"
            f"    %t = xegpu.create_nd_tdesc %a[%c0, %c0] : {memref} -> {desc}\n"
            f"    %v = xegpu.load_nd %t {attrs}: {desc} -> {result or f'vector<{tile}x{ty}>'}")
    return kernel(f"%a: {memref}", body)


def dpas(a: str, b: str, c: str) -> str:
    zero = {t: "0" if t.split("x")[-1].startswith(("i", "ui")) else "0.0" for t in (a, b, c)}
    body = (f"    %va = arith.constant dense<{zero[a]}> : vector<{a}>\n"
            f"    %vb = arith.constant dense<{zero[b]}> : vector<{b}>\n"
            f"    %vc = arith.constant dense<{zero[c]}> : vector<{c}>\n"
            f"    %r = xegpu.dpas %va, %vb, %vc : vector<{a}>, vector<{b}>, vector<{c}> -> vector<{c}>")
    return kernel("%p: i64", body)


def gather(lanes: int, chunk: int = 1, attrs: str = "", memory: str = "4096xf32") -> str:
    shape = f"{lanes}x{chunk}xf32" if chunk > 1 else f"{lanes}xf32"
    attr = f"<chunk_size = {chunk}>" if chunk > 1 else "<>"
    desc = f"!xegpu.tensor_desc<{shape}, #xegpu.scatter_tdesc_attr{attr}>"
    ids = ", ".join(map(str, range(lanes)))
    body = (f"    %lane = arith.constant dense<[{ids}]> : vector<{lanes}xindex>\n"
            f"    %m = arith.constant dense<true> : vector<{lanes}xi1>\n"
            f"    %g = xegpu.create_tdesc %a, %lane : memref<{memory}>, vector<{lanes}xindex> -> {desc}\n"
            f"    %v = xegpu.load %g, %m {attrs}: {desc}, vector<{lanes}xi1> -> vector<{shape}>")
    return kernel(f"%a: memref<{memory}>", body)


def slm(elements: int) -> str:
    return kernel("%p: i64", f"    %s = memref.alloc() : memref<{elements}xf32, 3>")


def nbarriers(count: int, barrier_id: int = 1) -> str:
    body = (f"    xegpu.alloc_nbarrier {count}\n"
            f"    %id = arith.constant {barrier_id} : i8\n"
            "    %n = arith.constant 16 : i8\n"
            "    %b = xegpu.init_nbarrier %id, %n : i8, i8 -> !xegpu.nbarrier\n"
            "    xegpu.nbarrier_arrive %b : !xegpu.nbarrier")
    return kernel("%p: i64", body)


F16_TILE = "memref<64x64xf16>"
TRANSPOSED = "<{transpose = array<i64: 1, 0>}> "
CACHED_WB = "<{l1_hint = #xegpu.cache_hint<streaming>, l3_hint = #xegpu.cache_hint<write_back>}> "

# (limit as the reference states it, source, target, words the diagnostic must contain,
#  source of the same shape just inside the limit, or None)
BROKEN = [
    ("2D surface base is 64-byte aligned",
     nd_load("memref<64x64xf16, strided<[64, 1], offset: 3>>", "8x16"), "pvc",
     ["xegpu.create_nd_tdesc", "6 bytes past the buffer start", "64-byte aligned base"],
     nd_load("memref<64x64xf16, strided<[64, 1], offset: 32>>", "8x16")),
    ("2D surface width >= 32 bytes", nd_load("memref<64x8xf16>", "8x8"), "pvc",
     ["surface width of 16 bytes", "at least 32 bytes"], nd_load("memref<64x16xf16>", "8x16")),
    ("2D surface width a multiple of 4 bytes", nd_load("memref<64x33xi8>", "8x8"), "pvc",
     ["surface width of 33 bytes", "a multiple of 4"], None),
    ("2D surface pitch a multiple of 16 bytes", nd_load("memref<64x18xf32>", "8x8"), "pvc",
     ["row pitch of 72 bytes", "a multiple of 16"], nd_load("memref<64x20xf32>", "8x8")),
    ("2D surface width <= 2^24 bytes", nd_load("memref<64x5000000xf32>", "8x8"), "pvc",
     ["surface width of 20000000 bytes exceeds 16777216"], None),
    ("2D block row >= 4 bytes", nd_load(F16_TILE, "8x1"), "pvc",
     ["xegpu.load_nd", "tile rows of 2 bytes", "minimum of 4 bytes"], nd_load(F16_TILE, "8x2")),
    ("transposed 2D loads move 32- or 64-bit units", nd_load(F16_TILE, "16x16", TRANSPOSED), "pvc",
     ["transposed 2D loads need 32- or 64-bit data units, got 16-bit"], None),
    ("transposed 64-bit loads have 8 rows",
     nd_load("memref<64x64xf64>", "12x4", TRANSPOSED, "vector<4x12xf64>"), "pvc",
     ["transposed 64-bit tiles need a multiple of 8 rows, got 12"],
     nd_load("memref<64x64xf64>", "8x4", TRANSPOSED, "vector<4x8xf64>")),
    ("VNNI loads move 8- or 16-bit elements", nd_load("memref<64x64xf32>", "16x16", "<{packed}> ",
                                                     "vector<8x16x2xf32>"), "pvc",
     ["'packed' (VNNI) needs an 8- or 16-bit element type, got f32"], None),
    ("DPAS K = systolic depth 8 x ops per dword", dpas("8x32xbf16", "32x16xbf16", "8x16xf32"), "pvc",
     ["xegpu.dpas", "lhs shape [8, 32]", "[M, 16]"], dpas("8x16xbf16", "16x16xbf16", "8x16xf32")),
    ("DPAS N is a multiple of the execution size (PVC 16)", dpas("8x16xbf16", "16x8xbf16", "8x8xf32"), "pvc",
     ["N = 8 is not a multiple of the pvc DPAS width 16"], None),
    ("DPAS N is a multiple of the execution size (DG2 8)", dpas("8x16xbf16", "16x12xbf16", "8x12xf32"), "dg2",
     ["N = 12 is not a multiple of the dg2 DPAS width 8"], dpas("8x16xbf16", "16x8xbf16", "8x8xf32")),
    ("DPAS precisions: no tf32 on DG2", dpas("8x8xtf32", "8x16xtf32", "8x16xf32"), "dg2",
     ["tf32 DPAS does not exist on dg2"], dpas("8x16xf16", "16x16xf16", "8x16xf32")),
    ("DPAS precisions: bf16, f16, tf32, u8, s8", dpas("8x16xi16", "16x16xi16", "8x16xi32"), "pvc",
     ["xegpu.dpas"], None),
    ("LSC lanes are 1, 2, 4, 8, 16 or 32", gather(12), "pvc", ["12 lanes", "1, 2, 4, 8, 16, 32 lanes"],
     gather(16)),
    ("LSC vector sizes are 1, 2, 3, 4, 8, 16, 32, 64", gather(16, 5), "pvc",
     ["chunk size 5 is not supported", "1, 2, 3, 4, 8, 16, 32, 64"], gather(16, 8)),
    ("LSC load cache-hint pairs", gather(16, attrs=CACHED_WB), "pvc",
     ["L1 = streaming, L3 = write_back are not a valid load pair"], None),
    ("SLM <= 128 KiB", slm(32769), "pvc", ["memref.alloc", "131076 bytes, over the 131072-byte limit of pvc"],
     slm(32768)),
    ("named barrier count <= 32 (PVC)", nbarriers(33), "pvc", ["33 named barriers requested, pvc has 32"],
     nbarriers(32)),
    ("named barrier ids within the allocated count", nbarriers(2, barrier_id=2), "pvc",
     ["xegpu.init_nbarrier: barrier id 2 is out of range"], nbarriers(3, barrier_id=2)),
    ("no named barriers on DG2", nbarriers(1), "dg2", ["dg2 has no named barriers"], None),
    ("no f64 values on DG2", nd_load("memref<64x64xf64>", "8x8"), "dg2",
     ["'vector<8x8xf64>' value, but dg2 has no 64-bit floating point"], nd_load("memref<64x64xf32>", "8x8")),
]


@pytest.mark.parametrize("limit,src,target,words,inside", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_limit_is_a_located_error(limit: str, src: str, target: str, words: list[str],
                                           inside: str | None) -> None:
    with pytest.raises(DiagnosticError) as e:
        lower_text(src, "k.mlir", target=target)
    text = e.value.render({"k.mlir": src})
    assert re.match(r"k\.mlir:\d+:\d+: error: ", text), text
    assert "^" in text.splitlines()[2], text  # the source line and a caret under the op
    for w in words:
        assert w in text, f"{limit}: {w!r} not in {text!r}"
    if inside is not None:
        assert "define dllexport void @k(" in lower_text(inside, "k.mlir", target=target)


# ---------------------------------------------------------------- limits met by splitting

_CALL = re.compile(r"call (\S+|<\d+ x \w+>) @llvm\.genx\.([\w.]+?)\.[vi]\d*[\w.]*\((.*)\)$")


def _args(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += (ch in "<([{") - (ch in ">)]}")
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return [*out, cur.strip()]


def _int(arg: str) -> int:
    return int(arg.split()[-1])


def _elems(ty: str) -> int:
    m = re.match(r"<(\d+) x", ty)
    return int(m.group(1)) if m else 1


def _bytes(ty: str) -> int:
    m = re.match(r"<(\d+) x (\w+)>", ty)
    n, scalar = (int(m.group(1)), m.group(2)) if m else (1, ty)
    sizes = {"half": 2, "float": 4, "double": 8}
    return n * (sizes[scalar] if scalar in sizes else max(1, int(scalar[1:]) // 8))


def calls(ll: str) -> list[tuple[str, str, list[str]]]:
    out = []
    for line in ll.splitlines():
        m = _CALL.search(line.strip())
        if m:
            out.append((m.group(2), m.group(1), _args(m.group(3))))
    return out


LOWERED = [(p, t) for p in sorted(SAMPLES.glob("*.mlir")) for t in TARGETS
           if not (t == "dg2" and (p.stem in ("nbarrier_producer_consumer", "tf32_dpas")
                                   or p.stem.startswith("simt_")))]  # SIMT samples: 16 lanes, PVC only


@pytest.fixture(scope="module", params=LOWERED, ids=[f"{p.stem}-{t}" for p, t in LOWERED])
def lowered(request: pytest.FixtureRequest) -> tuple[str, object, list]:
    path, target = request.param
    # The scalar form names every message field in its operands; the payload form sends the same
    # planned pieces from headers (tests/test_block2d_payload.py proves the two forms equal).
    ll = lower_text(path.read_text(), path.name, target=target, block2d_form="scalar")
    return path.stem, TARGETS[target], calls(ll)


def test_every_2d_block_message_is_within_its_shape_limits(lowered) -> None:
    stem, target, found = lowered
    unit = {1: 1, 2: 2, 3: 4, 4: 8}
    for name, ret, a in found:
        if not name.startswith(("lsc.load2d", "lsc.store2d", "lsc.prefetch2d")):
            continue
        t = unit[_int(a[3])]
        order, nb, w, h, vnni = (_int(x) for x in a[4:9])
        store = name.startswith("lsc.store2d")
        kind = B.STORE if store else B.TRANSPOSE if order == 2 else B.VNNI if vnni else B.PLAIN
        piece = B.Piece(0, 0, h, w, nb)
        assert B.check_message(kind, piece, t, target.block2d, target.grf_bytes) is None, (stem, name, a)
        payload = B.payload_elems(kind, piece, t, target.grf_bytes) * t
        if store:
            assert _bytes(a[15].rsplit(" ", 1)[0]) == payload, (stem, a)
        elif name.startswith("lsc.load2d"):
            assert _bytes(ret) == payload, (stem, ret, a)
            assert payload <= target.block2d.max_payload_grfs * target.grf_bytes


def test_every_dpas_has_depth_8_and_repeat_1_to_8(lowered) -> None:
    stem, target, found = lowered
    for name, ret, a in found:
        if name == "dpas2":
            depth, repeat = _int(a[5]), _int(a[6])
        elif name == "dpas.nosrc0":
            info = _int(a[2])
            depth, repeat = info >> 16 & 0xFF, info >> 24 & 0xFF
        else:
            continue
        assert depth == target.dpas.systolic_depth, (stem, a)
        assert 1 <= repeat <= target.dpas.max_repeat, (stem, a)
        assert _elems(ret) == repeat * target.dpas.exec_size, (stem, ret)  # N = the native width


def test_every_lsc_message_has_at_most_the_target_lanes_and_8_grfs(lowered) -> None:
    stem, target, found = lowered
    for name, ret, a in found:
        if not re.match(r"lsc\.(load|store|prefetch|xatomic)\.(stateless|slm)$", name):
            continue
        addr = a[10]
        lanes = _elems(addr.rsplit(" ", 1)[0])
        assert lanes <= target.lsc_max_simd, (stem, name, addr)
        data = ret if name.startswith(("lsc.load", "lsc.xatomic")) else (
            a[11].rsplit(" ", 1)[0] if name.startswith("lsc.store") else "void")
        if data != "void":
            # 8/16-bit data travels in dword containers; a payload fills at most 8 GRFs
            container = max(4, _bytes(data) // _elems(data))
            limit = target.lsc_max_payload_grfs * target.grf_bytes
            assert _elems(data) * container <= limit, (stem, name, data)


def test_the_split_checks_see_messages() -> None:
    """Not vacuous: the decoders find the messages and dpas of a GEMM on both targets."""
    path = SAMPLES / "gemm_kloop_f16.mlir"
    found = calls(lower_text(path.read_text(), path.name, target="pvc", block2d_form="scalar"))
    assert {"lsc.load2d.stateless", "lsc.store2d.stateless", "dpas2"} <= {n for n, _, _ in found}
    # DG2 has no 2D block messages: its tiles are LSC gathers and scatters, checked like any other
    found = calls(lower_text(path.read_text(), path.name, target="dg2"))
    assert {"lsc.load.stateless", "lsc.store.stateless", "dpas2"} <= {n for n, _, _ in found}
    path = SAMPLES / "scatter_gather.mlir"
    found = calls(lower_text(path.read_text(), path.name, target="dg2"))
    loads = [a for n, _, a in found if n.startswith("lsc.load.")]
    # the gathers (order 1) take 16 lanes; the contiguous chunked loads are block messages (order
    # 2) from one scalar address
    lanes = {_elems(a[10].rsplit(" ", 1)[0]) for a in loads if a[8] == "i8 1"}
    assert lanes == {16}, lanes
    assert {a[10].split(" ", 1)[0] for a in loads if a[8] == "i8 2"} == {"i64"}


def test_a_16_row_dpas_is_two_repeat_8_dpas() -> None:
    # a nonzero accumulator: a zero one is no src0 (dpas.nosrc0), checked the same way above
    src = dpas("16x16xbf16", "16x16xbf16", "16x16xf32").replace("dense<0.0> : vector<16x16xf32>",
                                                                "dense<1.0> : vector<16x16xf32>")
    found = [c for c in calls(lower_text(src, "k.mlir")) if c[0] == "dpas2"]
    assert [(_int(a[5]), _int(a[6])) for _, _, a in found] == [(8, 8), (8, 8)]
