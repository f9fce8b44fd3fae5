"""The payload form of 2D block messages (lower/messages/block2d_send.py): headers built once per
descriptor and moved in place, messages sent with raw.send2 / raw.sends2.

Proofs: the raw sends carry exactly the message descriptors IGC gives the scalar form's
lsc.*2d.stateless intrinsics (every kind of message, compared in the disassembly); the simulator,
which decodes the raw sends, computes the same numbers from both forms; and the steady-state
loop of the 32x32 GEMM updates each header with one instruction.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from conftest import SAMPLES, one_kernel
from llvmlite import ir

from genx_emit import sim
from genx_emit.api import compile_text, lower_text
from genx_emit.genx.intrinsics import Intrinsics, encode
from genx_emit.lower.messages.block2d_send import descriptor
from genx_emit.sim.reader import SimError
from genx_emit.targets import get_target

FORMS_MLIR = Path(__file__).parent / "inputs" / "block2d" / "message_forms.mlir"
GRF = get_target("pvc").grf_bytes


def _hints(l1: str = "default", l3: str = "default") -> tuple[int, int]:
    return encode("cache_hint", l1), encode("cache_hint", l3)


@pytest.mark.parametrize(("args", "igc"), [
    # (kind, unit bytes, hints, vnni, transpose, response bytes) -> the descriptor IGC printed for
    # the scalar form of the same message (samples and tests/inputs/block2d/message_forms.mlir)
    (("load", 2, _hints(), True, False, 16 * GRF), 0x03000283),
    (("load", 2, _hints(), False, False, 16 * GRF), 0x03000203),
    (("load", 2, _hints("uncached", "uncached"), False, False, 32 * GRF), 0x03F20203),
    (("load", 4, _hints("cached", "uncached"), False, True, 8 * GRF), 0x02868403),
    (("load", 8, _hints(), False, True, 4 * GRF), 0x02408603),
    (("load", 1, _hints(), True, False, 8 * GRF), 0x02800083),
    (("load", 4, _hints("read_invalidate", "cached"), False, False, 8 * GRF), 0x028E0403),
    (("prefetch", 2, _hints("streaming", "cached")), 0x020C0203),
    (("prefetch", 2, _hints("cached", "cached")), 0x02080203),
    (("store", 4, _hints("write_back", "write_back")), 0x020E0407),
    (("store", 4, _hints("write_through", "uncached")), 0x02060407),
    (("store", 8, _hints()), 0x02000607),
    (("store", 1, _hints()), 0x02000007),
])
def test_descriptor_is_the_one_igc_encodes(args: tuple, igc: int) -> None:
    assert descriptor(Intrinsics(ir.Module()), GRF, *args) == igc


_SEND = re.compile(r"send\.ugm \(1\|M0\)\s+\S+\s+\S+\s+(\S+)\s+(0x[0-9A-F]+)\s+(0x[0-9A-F]+)\s.*//\s*(.*)$")


def _block2d_sends(asm: str) -> list[tuple[str, ...]]:
    """(data operand length, extended descriptor, descriptor, IGC's decoding) of every 2D block send."""
    out = []
    for line in asm.splitlines():
        m = _SEND.search(line)
        if m and "_block2d" in m.group(4):
            out.append((m.group(1).split(":")[-1], m.group(2), m.group(3), m.group(4).split(";")[-1].strip()))
    return sorted(out)


PROOF_INPUTS = [FORMS_MLIR] + [SAMPLES / f"{s}.mlir" for s in ("gemm_32x32_bf16", "imex_style_gemm",
                                                               "transpose_load_f32", "fence_and_hints")]


@pytest.mark.parametrize("path", PROOF_INPUTS, ids=lambda p: p.stem)
def test_raw_sends_carry_igcs_descriptors(path: Path, compile_tools: None) -> None:
    text = path.read_text()
    scalar, payload = (compile_text(text, path.name, "pvc", "asm", block2d_form=f).decode()
                       for f in ("scalar", "payload"))
    assert "raw" not in scalar
    old, new = _block2d_sends(scalar), _block2d_sends(payload)
    assert old, "no 2D block send in the scalar form"
    assert new == old


def test_message_forms_cover_every_kind(compile_tools: None) -> None:
    """Not vacuous: the proof input has d8..d64, VNNI, transposed, prefetch, store and every cache pair."""
    asm = compile_text(FORMS_MLIR.read_text(), FORMS_MLIR.name, "pvc", "asm", block2d_form="payload").decode()
    kinds = {s[3] for s in _block2d_sends(asm)}
    for part in ("d8.", "d16.", "d32.", "d64.", "d16v", "d8v", "d32t", "d64t", "store_block2d"):
        assert any(part in k for k in kinds), part
    pairs = {(k.split("_")[0], k.split("a64")[-1]) for k in kinds}
    assert len(pairs) == 16  # loads and stores: the default and all 7 other L1/L3 pairs


def _loop(asm: str) -> list[str]:
    """The instructions of the first loop: from a label to the jmpi back to it."""
    lines = [ln.strip() for ln in asm.splitlines() if ln.strip() and not ln.startswith("//")]
    labels = {ln[:-1]: i for i, ln in enumerate(lines) if re.fullmatch(r"L\d+:", ln)}
    for i, ln in enumerate(lines):
        m = re.search(r"jmpi\s+(L\d+)", ln)
        if m and m.group(1) in labels and labels[m.group(1)] < i:
            return [x for x in lines[labels[m.group(1)] + 1:i + 1] if not x.endswith(":")]
    raise AssertionError("no loop")


_SIZES = {"b": 1, "ub": 1, "w": 2, "uw": 2, "hf": 2, "bf": 2, "d": 4, "ud": 4, "f": 4,
          "q": 8, "uq": 8, "df": 8}
# an instruction with an execution size, its destination register, subregister and type
_DEST = re.compile(r"(?:\([^)]*\)\s*)?(\w+)(?:\.\w+)* \(\d+\|M0\)\s+"  # (pred) op.mods (n|M0)
                   r"(?:\([^)]*\)\S+\s+)?(r\d+)\.(\d+)<\d+>:(\w+)")  # (cond)flag dst.sub<s>:type


def _header_writes(loop: list[str]) -> tuple[int, int]:
    """(sends, instructions writing the 8 header dwords of a register some send of the loop takes
    as its header; IGC may keep other values in the rest of that GRF, which the message ignores)."""
    headers = {m.group(1) for ln in loop if (m := re.search(r"send\.ugm \(1\|M0\)\s+\S+\s+(r\d+)\s", ln))}
    writes = 0
    for ln in loop:
        m = _DEST.match(ln)
        if m and m.group(1) not in ("send", "sync") and m.group(2) in headers:
            writes += int(m.group(3)) * _SIZES[m.group(4)] < 32
    return len([ln for ln in loop if "send.ugm" in ln]), writes


def test_steady_state_loop_updates_each_header_once(compile_tools: None) -> None:
    path = SAMPLES / "gemm_32x32_bf16.mlir"
    text = path.read_text()
    def loop(form: str) -> list[str]:
        return _loop(compile_text(text, path.name, "pvc", "asm", block2d_form=form).decode())

    sends, writes = _header_writes(loop("payload"))
    assert (sends, writes) == (2, 2)  # A moves along x, B along y: one add each
    sends, writes = _header_writes(loop("scalar"))
    assert sends == 2 and writes >= 12  # what the payload form removes: the headers rebuilt per message


def test_loop_carries_the_header_and_moves_it_in_place() -> None:
    path = SAMPLES / "gemm_32x32_bf16.mlir"
    ll = lower_text(path.read_text(), path.name)
    body = ll.split("k.body:")[1].split("k.exit:")[0]
    header_phis = re.findall(r"%(\w+)\.payload = phi\s+<8 x i32>", ll)
    assert sorted(header_phis) == ["ta", "tb"]
    # the position lives in the header only: the one i32 phi is the loop's own counter
    assert re.findall(r"%([\w.]+) = phi\s+i32\b", ll) == ["k.left"]
    sends = re.findall(r"@llvm\.genx\.raw\.send2\.\S+\(.*<8 x i32> %(\S+),", body)
    assert sorted(sends) == ["ta.payload", "tb.payload"]  # sent as carried, no copy
    moves = re.findall(r"= insertelement <8 x i32> %(\S+), i32 %\S+, i32 (\d)", body)
    assert sorted(moves) == [("ta.payload", "5"), ("tb.payload", "6")]  # x of A, y of B


def _forms_args(seed: int) -> dict[str, np.ndarray]:
    g = np.random.default_rng(seed)
    args = {n: g.standard_normal((64, 64)).astype(t) for n, t in
            (("h", np.float16), ("f", np.float32), ("d", np.float64))}
    args["b"] = g.integers(-128, 128, (64, 64), dtype=np.int8)
    for n, t in (("o16", np.float16), ("o32", np.float32), ("o8", np.int8), ("o64", np.float64)):
        args[n] = np.zeros((64, 64), t)
    return args


@pytest.mark.parametrize(("path", "kernel", "grid"), [
    (FORMS_MLIR, "message_forms", (1,)),
])
def test_simulated_forms_agree_on_every_message_kind(path: Path, kernel: str, grid: tuple) -> None:
    text = path.read_text()
    args = _forms_args(7)
    scalar = sim.run(lower_text(text, path.name, block2d_form="scalar"), kernel, grid, args)
    payload = sim.run(lower_text(text, path.name, block2d_form="payload"), kernel, grid, args)
    for name in ("o16", "o32", "o8", "o64"):
        assert np.count_nonzero(scalar[name]) > 0, name
        assert np.array_equal(scalar[name].view(np.uint8), payload[name].view(np.uint8)), name
    # and the numbers are the right ones: e.g. the plain 8x16 f16 tile and the transposed f32 one
    assert np.array_equal(payload["o16"][:8, :16], args["h"][:8, :16])
    assert np.array_equal(payload["o32"][8:16, :16], args["f"][8:24, :8].T)


def _payload_ll() -> str:
    path = SAMPLES / "copy_2d.mlir"
    return lower_text(path.read_text(), path.name)


def _run_copy(ll: str) -> None:
    a = np.zeros((64, 64), np.float32)
    sim.run(ll, "copy_2d", (1,), {"src": a, "dst": a.copy()})


def test_simulator_refuses_other_sends() -> None:
    ll = _payload_ll()
    _run_copy(ll)  # as emitted: accepted
    m = re.search(r"(raw\.send2\.\S+\(i8 0, i8 0, i1 true, i8 1, i8 \d+, )i8 15, i32 0, i32 (\d+)", ll)
    assert m
    other_sfid = ll.replace(m.group(0), f"{m.group(1)}i8 3, i32 0, i32 {m.group(2)}")
    with pytest.raises(SimError, match="shared function 0x3; only 2D block messages"):
        _run_copy(other_sfid)
    desc = int(m.group(2))
    store_opcode = ll.replace(m.group(0), f"{m.group(1)}i8 15, i32 0, i32 {desc & ~0x3F | 7}")
    with pytest.raises(SimError, match="is not a 2D block load"):
        _run_copy(store_opcode)
    short = ll.replace(m.group(0), f"{m.group(1)}i8 15, i32 0, i32 {desc - (1 << 20)}")
    with pytest.raises(SimError, match="must agree"):
        _run_copy(short)


CHAIN_MLIR = Path(__file__).parent / "inputs" / "block2d" / "header_chain.mlir"


def test_descriptors_made_one_after_another_change_one_header() -> None:
    ll = lower_text(CHAIN_MLIR.read_text(), CHAIN_MLIR.name)
    built = re.findall(r"%(\w+)\.hdr\.q = ", ll)
    assert built == ["t0", "o0", "o1"]  # src's first; dst's first; o1 (o0 is read again later)
    starts: dict[str, str] = {}  # descriptor -> the header its first insertelement starts from
    for name, start in re.findall(r"%(\w+)\.hdr\.\w+ = insertelement <8 x i32> %([\w.]+)\.hdr", ll):
        starts.setdefault(name, start)
    assert starts == {"t1": "t0", "t2": "t1", "o2": "o1", "o3": "st.v2.m1"}
    assert re.findall(r"%t1\.hdr\.(\w+) = ", ll) == ["x", "y"]  # the dwords that differ only
    assert re.findall(r"%o3\.hdr\.(\w+) = ", ll) == ["x", "y"]  # its 8x16 shape is held already


def _simulated_copy(mlir: Path, form: str, seed: int, tmp_path: Path) -> tuple[np.ndarray, np.ndarray]:
    """``mlir``'s kernel k lowered with ``form`` headers and simulated on a random 64x64 f32 src:
    (src, the dst it leaves, zero where nothing was stored)."""
    src = np.random.default_rng(seed).standard_normal((64, 64)).astype(np.float32)
    ll = tmp_path / mlir.with_suffix(".ll").name
    ll.write_text(lower_text(mlir.read_text(), mlir.name, block2d_form=form))
    return src, sim.run(ll, "k", (1,), {"src": src, "dst": np.zeros((64, 64), np.float32)})["dst"]


@pytest.mark.parametrize("form", ["payload", "scalar"])
def test_chained_headers_address_every_tile(form: str, tmp_path: Path) -> None:
    src, out = _simulated_copy(CHAIN_MLIR, form, 5, tmp_path)
    want = np.zeros((64, 64), np.float32)
    want[0:8, 0:16] = src[8:16, 16:32]  # o0 is stored twice: v0, then v1
    want[32:40, 32:48] = src[8:16, 16:32]
    want[40:56, 0:16] = src[16:32, 0:16]
    want[8:16, 48:64] = src[0:8, 0:16]
    np.testing.assert_array_equal(out, want)


OFFSETS_MLIR = Path(__file__).parent / "inputs" / "block2d" / "header_chain_access_offsets.mlir"


def test_accesses_giving_their_own_offsets_change_one_header() -> None:
    ll = lower_text(OFFSETS_MLIR.read_text(), OFFSETS_MLIR.name)
    # s2's access gives no offsets, so it reads (0, 0) from a template of its own; s1 and d1, d2
    # start from the header sent before them (their descriptors are read by that one access)
    assert re.findall(r"%(\w+)\.hdr\.q = ", ll) == ["s0", "s2", "d0"]
    inserted = re.findall(r"%([\w.]+)\.hdr\.(\w+) = insertelement <8 x i32> %([\w.]+)\.hdr", ll)
    assert [(m, f) for m, f, _ in inserted if f in ("x", "y")] == [
        ("v0", "y"),  # x = 0 is the template's
        ("v1", "x"),  # y: %y1 computes what %y0 did, already in the header
        ("st.v0", "x"), ("st.v0", "y"),
        ("st.v1", "y"),  # x = 32 again
        ("st.v2", "x"),  # y = %y0 again
    ]
    starts = {m: s for m, _, s in inserted}
    assert starts["v1"] == "v0" and starts["st.v1"] == "st.v0" and starts["st.v2"] == "st.v1"


@pytest.mark.parametrize("form", ["payload", "scalar"])
def test_headers_of_accesses_with_offsets_address_every_tile(form: str, tmp_path: Path) -> None:
    src, out = _simulated_copy(OFFSETS_MLIR, form, 7, tmp_path)
    want = np.zeros((64, 64), np.float32)
    want[0:8, 32:48] = src[8:16, 0:16]
    want[8:16, 32:48] = src[8:16, 16:32]
    want[8:16, 0:16] = src[0:8, 0:16]
    np.testing.assert_array_equal(out, want)


def copy_tile(names: tuple[str, str, str], src: str, dst: str, memref: str, tile: str) -> list[str]:
    """Kernel body lines: the ``tile`` at ``src`` (``%a[0, 0]``) loaded and stored at ``dst``,
    both in a ``memref``; ``names``: the load's descriptor, its value and the store's."""
    t, v, o = names
    td = f"!xegpu.tensor_desc<{tile}>"
    return [f"{t} = xegpu.create_nd_tdesc {src} : memref<{memref}> -> {td}",
            f"{v} = xegpu.load_nd {t} : {td} -> vector<{tile}>",
            f"{o} = xegpu.create_nd_tdesc {dst} : memref<{memref}> -> {td}",
            f"xegpu.store_nd {v}, {o} : vector<{tile}>, {td}"]


def test_each_message_of_a_split_store_changes_one_header_dword() -> None:
    # a 32x64 f16 store is eight 8x32 messages (4 row bands x 2 column bands), sent along the
    # bands alternately left to right and right to left: each header one insertelement from the
    # previous one (row-major order moved x back and y at once every other message)
    text = one_kernel(*copy_tile(("%t", "%v", "%o"), "%src[0, 0]", "%dst[0, 0]", "64x64xf16", "32x64xf16"),
                      args="%src: memref<64x64xf16>, %dst: memref<64x64xf16>")
    ll = lower_text(text, "k.mlir")
    written = re.findall(r"%st\.v\.m(\d)\.hdr\.(\w+) = insertelement <8 x i32> %([\w.]+), i32 (\d+)", ll)
    assert [(int(m), f, int(v)) for m, f, _, v in written] == [
        (0, "shape", 0x71F), (1, "x", 32), (2, "y", 8), (3, "x", 0), (4, "y", 16), (5, "x", 32),
        (6, "y", 24), (7, "x", 0)]
    assert all(start.startswith(f"st.v.m{int(m) - 1}.") for m, _, start, _ in written[1:])


# A tile copied between two surfaces of the same sizes: the store's header is the load's (dead
# after its send, at the same position) with the base qword rewritten. %o2's position differs,
# so it gets a header of its own rather than another surface's (x and the base to rewrite).
COPY_MLIR = """
gpu.module @m {
  gpu.func @k(%src: memref<32x32xf32>, %dst: memref<32x32xf32>, %dst2: memref<32x32xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %bx = gpu.block_id x
    %row = arith.muli %bx, %c8 : index
    %i = xegpu.create_nd_tdesc %src[%row, %c16] : memref<32x32xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %i : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %o = xegpu.create_nd_tdesc %dst[%row, %c16] : memref<32x32xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %o : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %o2 = xegpu.create_nd_tdesc %dst2[%row, %c0] : memref<32x32xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %o2 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
"""


def test_a_copy_stores_from_the_loads_header_with_its_base_rewritten() -> None:
    ll = lower_text(COPY_MLIR, "k.mlir")
    assert "%o.hdr.q = bitcast <8 x i32> %i.hdr.y to <4 x i64>" in ll
    assert "%o.hdr.base = insertelement <4 x i64> %o.hdr.q, i64 %dst, i32 0" in ll
    assert not re.search(r"%o\.hdr\.[xy] = ", ll)  # the position is the load's
    assert re.search(r"%o2\.hdr\.q = bitcast <8 x i32> <", ll)  # from the template


@pytest.mark.parametrize("form", ["payload", "scalar"])
def test_a_copy_through_a_rebased_header_stores_the_tile(form: str, tmp_path: Path) -> None:
    src = np.random.default_rng(11).standard_normal((32, 32)).astype(np.float32)
    ll = tmp_path / "copy.ll"
    ll.write_text(lower_text(COPY_MLIR, "k.mlir", block2d_form=form))
    zeros = np.zeros((32, 32), np.float32)
    out = sim.run(ll, "k", (2,), {"src": src, "dst": zeros, "dst2": zeros.copy()})
    want = np.zeros((32, 32), np.float32)
    want[0:16, 16:32] = src[0:16, 16:32]
    np.testing.assert_array_equal(out["dst"], want)
    want2 = np.zeros((32, 32), np.float32)
    want2[0:16, 0:16] = src[0:16, 16:32]
    np.testing.assert_array_equal(out["dst2"], want2)


def test_a_run_of_copies_keeps_each_surfaces_header_chain() -> None:
    # load a[i], store b[i], load a[i + 8]: b's first store does not take a's header, which the
    # next load of a starts from; b's second store starts from b's first
    text = one_kernel(*copy_tile(("%a0", "%v0", "%b0"), "%a[0, 0]", "%b[0, 0]", "32x32xf32", "8x16xf32"),
                      *copy_tile(("%a1", "%v1", "%b1"), "%a[8, 0]", "%b[8, 0]", "32x32xf32", "8x16xf32"),
                      args="%a: memref<32x32xf32>, %b: memref<32x32xf32>")
    ll = lower_text(text, "k.mlir")
    assert re.search(r"%b0\.hdr\.q = bitcast <8 x i32> <", ll)  # a template: a's header goes on
    assert "%a1.hdr.y = insertelement <8 x i32> %a0.hdr.dw, i32 8, i32 6" in ll
    assert "%b1.hdr.y = insertelement <8 x i32> %b0.hdr.dw, i32 8, i32 6" in ll
