"""2D block message planning: splits and payload sizes, worked out by hand from the reference's
rules (PVC: 64-byte GRF; load rows <= 64 bytes, <= 32 rows, <= 2048 bytes; store <= 8 rows,
<= 512 bytes; VNNI width <= 16; transposed u32 <= 16 rows x 8 columns)."""

import pytest

from genx_emit.diagnostics import DiagnosticError, Location
from genx_emit.lower.messages.block2d import (
    PLAIN,
    STORE,
    TRANSPOSE,
    VNNI,
    Piece,
    check_message,
    payload_elems,
    plan,
)
from genx_emit.targets import PVC

LIM = PVC.block2d
GRF = PVC.grf_bytes
LOC = Location("k.mlir", 3, 5)


def p(kind, h, w, nb, t):
    return plan(kind, h, w, nb, t, LIM, GRF, LOC, "xegpu.load_nd")


@pytest.mark.parametrize("kind,h,w,nb,t,expected", [
    (PLAIN, 8, 16, 1, 2, [Piece(0, 0, 8, 16)]),
    (PLAIN, 32, 32, 1, 2, [Piece(0, 0, 32, 32)]),                        # exactly 64 B x 32 rows = 2 KiB
    (PLAIN, 32, 64, 1, 2, [Piece(0, 0, 32, 32), Piece(0, 32, 32, 32)]),  # 128-byte rows: two column bands
    (PLAIN, 64, 16, 1, 4, [Piece(0, 0, 32, 16), Piece(32, 0, 32, 16)]),  # 64 rows: two row bands
    (PLAIN, 8, 16, 2, 2, [Piece(0, 0, 8, 16, 2)]),                       # array load fits: 2 x 32 B rows
    (PLAIN, 8, 16, 2, 4, [Piece(0, 0, 8, 16), Piece(0, 16, 8, 16)]),     # 2 x 64 B > 64 B: one per block
    (STORE, 16, 16, 1, 4, [Piece(0, 0, 8, 16), Piece(8, 0, 8, 16)]),     # stores: <= 8 rows
    (STORE, 8, 32, 1, 2, [Piece(0, 0, 8, 32)]),                          # 8 x 64 B = 512 B: one store
    (STORE, 8, 16, 2, 2, [Piece(0, 0, 8, 16), Piece(0, 16, 8, 16)]),     # stores write one block
    # 24 rows x 128 B: three row bands of two column bands, every other band right to left
    (STORE, 24, 64, 1, 2, [Piece(0, 0, 8, 32), Piece(0, 32, 8, 32), Piece(8, 32, 8, 32), Piece(8, 0, 8, 32),
                           Piece(16, 0, 8, 32), Piece(16, 32, 8, 32)]),
    (VNNI, 16, 16, 1, 2, [Piece(0, 0, 16, 16)]),
    (VNNI, 32, 32, 1, 2, [Piece(0, 0, 32, 16), Piece(0, 16, 32, 16)]),   # VNNI width <= 16
    (TRANSPOSE, 16, 8, 1, 4, [Piece(0, 0, 16, 8)]),
    (TRANSPOSE, 16, 16, 1, 4, [Piece(0, 0, 16, 8), Piece(0, 8, 16, 8)]),  # u32 transposed width <= 8
    (TRANSPOSE, 8, 4, 1, 8, [Piece(0, 0, 8, 4)]),
])
def test_plan(kind, h, w, nb, t, expected):
    pieces = p(kind, h, w, nb, t)
    assert pieces == expected
    for piece in pieces:
        assert check_message(kind, piece, t, LIM, GRF) is None


@pytest.mark.parametrize("kind,piece,t,elems", [
    (PLAIN, Piece(0, 0, 8, 16), 2, 128),       # 8 rows x 16 halves = 4 GRFs exactly
    (PLAIN, Piece(0, 0, 8, 12), 2, 128),       # rows padded to 16 elements
    (PLAIN, Piece(0, 0, 3, 16), 4, 48),        # 3 x 64 B = 3 GRFs
    (PLAIN, Piece(0, 0, 1, 8), 4, 16),         # 32 B rounded up to one 64-byte GRF
    (PLAIN, Piece(0, 0, 8, 16, 2), 2, 256),    # two blocks, consecutive
    (VNNI, Piece(0, 0, 16, 16), 2, 256),       # 8 dword rows x 32 halves
    (VNNI, Piece(0, 0, 32, 16), 1, 512),       # u8: 8 dword rows of 4 bytes x 16 columns ... x 4
    (TRANSPOSE, Piece(0, 0, 16, 8), 4, 128),   # 8 rows of 16 dwords
    (TRANSPOSE, Piece(0, 0, 12, 8), 4, 128),   # rows padded to 16
])
def test_payload(kind, piece, t, elems):
    assert payload_elems(kind, piece, t, GRF) == elems


def test_payload_dg2_grf_is_32_bytes():
    # One 32-byte row of f32 is exactly one DG2 GRF but half a PVC GRF.
    assert payload_elems(PLAIN, Piece(0, 0, 1, 8), 4, 32) == 8
    assert payload_elems(PLAIN, Piece(0, 0, 1, 8), 4, 64) == 16


@pytest.mark.parametrize("kind,h,w,t,msg", [
    (TRANSPOSE, 16, 16, 2, "transposed 2D loads need 32- or 64-bit data units, got 16-bit"),
    (VNNI, 16, 16, 4, "VNNI (packed) loads need 8- or 16-bit elements, got 32-bit"),
    (PLAIN, 8, 1, 2, "tile rows of 2 bytes are below the 2D block minimum of 4 bytes"),
    (TRANSPOSE, 12, 4, 8, "transposed 64-bit tiles need a multiple of 8 rows, got 12"),
])
def test_plan_errors(kind, h, w, t, msg):
    with pytest.raises(DiagnosticError) as e:
        p(kind, h, w, 1, t)
    assert msg in e.value.message
    assert e.value.loc == LOC
    assert e.value.message.startswith("xegpu.load_nd: ")


def test_check_message_names_the_rule():
    assert "exceeds 32 rows" in check_message(PLAIN, Piece(0, 0, 33, 16), 2, LIM, GRF)
    assert "exceed 64 bytes" in check_message(PLAIN, Piece(0, 0, 8, 64), 2, LIM, GRF)
    assert "store limit of 8 rows" in check_message(STORE, Piece(0, 0, 9, 16), 2, LIM, GRF)
    why = check_message(PLAIN, Piece(0, 0, 2, 2, 4), 4, LIM, GRF)
    assert "array length 4 exceeds 2 for 32-bit data" in why


# With 32-byte GRFs a load message returns at most 32 GRFs, i.e. 1024 bytes (IGC was seen to wrap
# a 62-GRF response length to 30 and never to finish a 64-GRF one). DG2 itself has no 2D block
# messages (its tiles go through nd_gather), but the planner's rule is per GRF size.
SMALL_GRF = 32
@pytest.mark.parametrize("kind,h,w,nb,t,expected", [
    (PLAIN, 16, 32, 1, 2, [Piece(0, 0, 16, 32)]),                        # 1 KiB: exactly 32 GRFs
    (PLAIN, 32, 32, 1, 2, [Piece(0, 0, 16, 32), Piece(16, 0, 16, 32)]),  # 2 KiB on PVC is one message
    (PLAIN, 32, 16, 1, 4, [Piece(0, 0, 16, 16), Piece(16, 0, 16, 16)]),
    (PLAIN, 16, 16, 2, 2, [Piece(0, 0, 16, 16, 2)]),                     # array of two 512 B blocks
    (VNNI, 32, 16, 1, 2, [Piece(0, 0, 32, 16)]),                         # 16 VNNI rows of 64 B
    (VNNI, 64, 16, 1, 2, [Piece(0, 0, 32, 16), Piece(32, 0, 32, 16)]),   # 32 rows already hit the height cap
    (TRANSPOSE, 16, 8, 1, 4, [Piece(0, 0, 16, 8)]),  # 8 rows of 16 dwords
    (TRANSPOSE, 32, 8, 1, 4, [Piece(0, 0, 16, 8), Piece(16, 0, 16, 8)]),  # 16-row cap
])
def test_plan_small_grf_payload_limit(kind, h, w, nb, t, expected):
    pieces = plan(kind, h, w, nb, t, LIM, SMALL_GRF, LOC, "xegpu.load_nd")
    assert pieces == expected
    for piece in pieces:
        assert check_message(kind, piece, t, LIM, SMALL_GRF) is None
        assert payload_elems(kind, piece, t, SMALL_GRF) * t <= 32 * SMALL_GRF


def test_small_grf_payload_rule_is_named():
    why = check_message(PLAIN, Piece(0, 0, 32, 32), 2, LIM, SMALL_GRF)
    assert why == "payload of 2048 bytes exceeds 1024 (32 GRFs of 32 bytes)"
    assert check_message(PLAIN, Piece(0, 0, 32, 32), 2, LIM, GRF) is None
