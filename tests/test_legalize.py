"""Region legalization, by property: for thousands of random region accesses on both targets,

(a) every piece ``plan`` / ``plan_copy`` makes is legal by ``why_illegal``,
(b) the pieces read / write exactly the elements of the original region, in order, each once
    (their element index lists concatenate to the region's),
(c) the IR the ``Regions`` builders emit (read, write, masked write, copy, transpose), evaluated
    over numpy arrays, equals the unsplit access and the reference semantics, and every region
    call in it is legal (and ``genx-emit check`` finds nothing in a sample of them);

plus the reference's worked example and a few fixed cases. Cases come from a seeded ``random``
so a failure is reproducible: the message names the case.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace

import numpy as np
import pytest
import regionsim as sim
from llvmlite import ir

from genx_emit.genx import legalize
from genx_emit.genx.check import check_text
from genx_emit.genx.intrinsics import Intrinsics
from genx_emit.genx.region import Region
from genx_emit.genx.regions import Regions
from genx_emit.targets import DG2, PVC, Target

TARGETS = [PVC, DG2]
TYPES = {1: [ir.IntType(8)], 2: [ir.IntType(16), ir.HalfType()], 4: [ir.IntType(32), ir.FloatType()],
         8: [ir.IntType(64), ir.DoubleType()]}
MAX_BYTES = 8192  # every vector fits a register file and its byte offsets fit the i16 operand
CASES = {"read": 700, "write": 550, "copy": 550, "transpose": 200}  # per target
MIN_CASES_PER_TARGET = 2000
# Building and evaluating IR is far slower than planning: (c) runs on every 8th case (every
# 4th transpose) with at most MAX_EMITTED_PIECES pieces; genx-emit check on every 4th of those.
EMIT_EVERY = 8
MAX_EMITTED_PIECES = 32
CHECK_EVERY = 4
RUN_TIME = "run-time"  # Region.var of a planned access with a run-time offset


# -- random regions -------------------------------------------------------------------------
def random_region(rng: random.Random, es: int, count: int | None = None) -> Region:
    """A random 1D or 2D region whose elements all lie inside MAX_BYTES (offset >= 0)."""
    while True:
        stride = rng.choice([0, 1, 1, 1, 1, 1, 2, 2, 3, 4, 4, 5, 8, 16,
                             rng.choice([7, 32, rng.randint(0, 70)])])
        if count is None:  # mostly a few GRFs; sometimes up to 256 elements
            n = rng.choice([rng.randint(1, 16), rng.randint(1, 40), 1 << rng.randint(0, 6),
                            rng.randint(1, 40), rng.randint(1, 16), 1 << rng.randint(0, 5),
                            rng.randint(1, 64),
                            1 << rng.randint(0, 8) if rng.random() < 0.5 else rng.randint(1, 256)])
        else:
            n = count
        two_d = n > 1 and rng.random() < 0.55
        if two_d:
            divisors = [w for w in range(1, n) if n % w == 0]
            pow2 = [w for w in divisors if w & (w - 1) == 0]
            width = rng.choice(pow2 if pow2 and rng.random() < 0.6 else divisors)
            dense = width * stride
            vstride = rng.choice([0, 1, 2, 4, 8, 16, 32, dense, dense, dense + rng.randint(1, 9),
                                  rng.randint(0, 100), max(dense - 1, 0)])
            r = Region(count=n, width=width, stride=stride, vstride=vstride)
        else:
            r = Region.row(n, stride=stride)
        extent = max(r.indices()) + 1
        room = MAX_BYTES // es - extent
        if room < 0:
            continue
        offset = rng.choice([0, rng.randint(0, min(room, 64)), rng.randint(0, room),
                             rng.randint(0, room // 16) * 16 if room >= 16 else 0])
        return replace(r, offset=min(offset, room))


def extent(r: Region) -> int:
    return max(r.indices()) + 1


@dataclass
class Tally:
    cases: Counter = field(default_factory=Counter)
    pieces: int = 0
    split: int = 0
    checked: int = 0
    emitted: int = 0


TALLY: dict[str, Tally] = {t.name: Tally() for t in TARGETS}


# -- (a) and (b): the plans -------------------------------------------------------------------
def check_pieces(pieces: list[legalize.Piece], src: Region, dst: Region, es: int, t: Target,
                 what: str) -> None:
    """Pieces are consecutive, cover ``src``/``dst`` element for element, carry the run-time
    offset of the region they cut, and are each a legal rdregion and a legal wrregion."""
    start = 0
    src_idx, dst_idx = src.indices(), dst.indices()
    for p in pieces:
        assert p.start == start, f"{what}: piece at {p.start}, expected {start}"
        n = p.count
        assert p.dst.count == n
        assert p.src.indices() == src_idx[start:start + n], f"{what}: piece {p} reads other elements"
        assert p.dst.indices() == dst_idx[start:start + n], f"{what}: piece {p} writes other elements"
        assert p.src.var is src.var and p.dst.var is dst.var, f"{what}: piece {p} lost the run-time offset"
        why = legalize.why_illegal(p.src, es, t, dest=False) or legalize.why_illegal(p.dst, es, t, dest=True)
        assert why is None, f"{what}: piece {p} is illegal: {why}"
        start += n
    assert start == src.count, f"{what}: pieces cover {start} of {src.count} elements"


def check_plan(r: Region, es: int, t: Target, dest: bool, raw: bool, what: str) -> list[legalize.Piece]:
    pieces = legalize.plan(r, es, t, dest=dest, raw=raw)
    whole = Region.row(r.count)
    if len(pieces) == 1 and legalize.why_illegal(r, es, t, dest=dest, raw=raw) is None:
        p = pieces[0]
        assert (p.dst if dest else p.src) == r and (p.src if dest else p.dst) == whole, what
        return pieces
    if dest:
        check_pieces(pieces, whole, r, es, t, what)
    else:
        check_pieces(pieces, r, whole, es, t, what)
    return pieces


# -- (c): emitted IR ------------------------------------------------------------------------
@dataclass
class Built:
    module: ir.Module
    fn: ir.Function
    result: ir.Value


def build(t: Target, legal: bool, et: ir.Type, sizes: dict[str, int], emit) -> Built:
    """A function ``f(src, old, new, i32 var, mask)`` whose body is ``emit(regions, args)``."""
    module = ir.Module(name="regions")
    params = [ir.VectorType(et, sizes["src"]), ir.VectorType(et, sizes["old"]),
              ir.VectorType(et, sizes["new"]), ir.IntType(32), ir.VectorType(ir.IntType(1), sizes["new"])]
    fn = ir.Function(module, ir.FunctionType(ir.VoidType(), params), name="f")
    for a, name in zip(fn.args, ("src", "old", "new", "var", "mask"), strict=True):
        a.name = name
    builder = ir.IRBuilder(fn.append_basic_block("entry"))
    result = emit(Regions(builder, Intrinsics(module), t, legalize=legal), dict(zip(
        ("src", "old", "new", "var", "mask"), fn.args, strict=True)))
    builder.ret_void()
    return Built(module, fn, result)


def evaluate(b: Built, inputs: dict[str, object]) -> tuple[np.ndarray, sim.Machine]:
    m = sim.run(b.fn, inputs)
    return np.atleast_1d(m.value(b.result)), m


def check_emitted(t: Target, et: ir.Type, sizes: dict[str, int], emit, expected: np.ndarray,
                  inputs: dict[str, object], what: str, *, raw_ok: bool = False,
                  enabled: bool = True) -> None:
    if not enabled:
        return
    TALLY[t.name].emitted += 1
    end_to_end = TALLY[t.name].emitted % CHECK_EVERY == 0
    legal_b = build(t, True, et, sizes, emit)
    got, machine = evaluate(legal_b, inputs)
    raw_b = build(t, False, et, sizes, emit)
    unsplit, _ = evaluate(raw_b, inputs)
    assert np.array_equal(unsplit, expected), f"{what}: the unsplit access differs from the reference"
    assert np.array_equal(got, expected), f"{what}: legalized IR differs from the unsplit one\n{legal_b.fn}"
    raw = raw_ok and len(machine.calls) == 1 and not machine.calls[0].masked
    for c in machine.calls:
        why = legalize.why_illegal(c.region, c.esize, t, dest=c.dest, raw=raw)
        assert why is None, f"{what}: emitted {'wr' if c.dest else 'rd'}region {c.region} is illegal: {why}"
    TALLY[t.name].pieces += len(machine.calls)
    if end_to_end and not raw:
        report = check_text(str(legal_b.module), what, t)
        assert report.parsed and report.ok, "\n".join(f.message for f in report.findings)
        assert len(report.accesses) == len(machine.calls)
        TALLY[t.name].checked += 1


# -- the random cases ---------------------------------------------------------------------------
def run_case(kind: str, k: int, t: Target, rng: random.Random) -> None:
    es = rng.choice(list(TYPES))
    et = rng.choice(TYPES[es])
    variable = kind != "transpose" and rng.random() < 0.12
    var_value = rng.randint(0, 40) if variable else 0
    what = f"{t.name} {kind} case {k} ({et})"
    emit_ir = k % (EMIT_EVERY // 2 if kind == "transpose" else EMIT_EVERY) == 0
    tally = TALLY[t.name]
    tally.cases[kind] += 1

    def tok(n: int, base: int) -> np.ndarray:
        return sim.tokens(n, es, base)

    def with_var(r: Region) -> Region:
        return r.with_var(RUN_TIME) if variable else r

    if kind == "transpose":
        rows = rng.randint(1, 8)
        cols = rng.randint(1, max(1, min(16, 256 // rows)))
        if rows * cols * es > MAX_BYTES:
            cols = max(1, MAX_BYTES // es // rows)
        n = rows * cols
        src = tok(n, 1000)
        expected = src.reshape(rows, cols, es).transpose(1, 0, 2).reshape(n, es)
        sizes = {"src": n, "old": n, "new": n}
        inputs = {"src": src, "old": tok(n, 50_000), "new": tok(n, 90_000), "var": 0,
                  "mask": np.ones(n, bool)}
        check_emitted(t, et, sizes, lambda R, a: R.transpose(a["src"], rows, cols, name="t"), expected,
                      inputs, f"{what} {rows}x{cols}", enabled=emit_ir)
        return

    r = random_region(rng, es)
    n = r.count
    limit = MAX_BYTES // es - 41  # room for the run-time offset
    if variable and extent(r) > limit:
        variable, var_value = False, 0
    vr = with_var(r)
    what = f"{what} {r}{' + var ' + str(var_value) if variable else ''}"

    def var_of(a: dict) -> Region:
        return vr.with_var(a["var"]) if variable else r

    if kind == "read":
        raw = rng.random() < 0.2
        pieces = check_plan(vr, es, t, False, raw, what)
        tally.split += len(pieces) > 1
        size = extent(r) + var_value + rng.randint(0, 8)
        src = tok(size, 1000)
        expected = sim.read(src, r, var_value)
        sizes = {"src": size, "old": 1, "new": n}
        inputs = {"src": src, "old": tok(1, 0), "new": tok(n, 90_000), "var": var_value,
                  "mask": np.ones(n, bool)}
        check_emitted(t, et, sizes, lambda R, a: R.read(a["src"], var_of(a), name="r", raw=raw), expected,
                      inputs, what, raw_ok=raw,
                      enabled=emit_ir and len(pieces) <= MAX_EMITTED_PIECES)
    elif kind == "write":
        raw = rng.random() < 0.2
        masked = rng.random() < 0.25
        pieces = check_plan(vr, es, t, True, raw and not masked, what)
        tally.split += len(pieces) > 1
        size = extent(r) + var_value + rng.randint(0, 8)
        old, new = tok(size, 1000), tok(n, 90_000)
        mask = np.array([rng.random() < 0.7 for _ in range(n)]) if masked else None
        expected = sim.write(old, new, r, var_value, mask)
        sizes = {"src": 1, "old": size, "new": n}
        inputs = {"src": tok(1, 0), "old": old, "new": new, "var": var_value,
                  "mask": mask if masked else np.ones(n, bool)}
        check_emitted(t, et, sizes, lambda R, a: R.write(a["old"], a["new"], var_of(a), name="w",
                                                         mask=a["mask"] if masked else None, raw=raw),
                      expected, inputs, what + (" masked" if masked else ""), raw_ok=raw and not masked,
                      enabled=emit_ir and len(pieces) <= MAX_EMITTED_PIECES)
    else:
        d = random_region(rng, es, count=n)
        src_var = variable and rng.random() < 0.5  # the run-time offset moves one side of the copy
        dst_var = variable and not src_var
        sv, dv = (vr if src_var else r), (replace(d, var=RUN_TIME) if dst_var else d)
        if variable and extent(d if dst_var else r) > limit:
            return check_pieces(legalize.plan_copy(r, d, es, t), r, d, es, t, what)
        what = f"{what} -> {d}"
        pieces = legalize.plan_copy(sv, dv, es, t)
        check_pieces(pieces, sv, dv, es, t, what)
        tally.split += len(pieces) > 1
        src_size = extent(r) + (var_value if src_var else 0) + rng.randint(0, 8)
        dst_size = extent(d) + (var_value if dst_var else 0) + rng.randint(0, 8)
        src, dst = tok(src_size, 1000), tok(dst_size, 50_000)
        read_back = sim.read(src, r, var_value if src_var else 0)
        expected = sim.write(dst, read_back, d, var_value if dst_var else 0)
        sizes = {"src": src_size, "old": dst_size, "new": n}
        inputs = {"src": src, "old": dst, "new": tok(n, 90_000), "var": var_value,
                  "mask": np.ones(n, bool)}

        def emit(R: Regions, a: dict) -> ir.Value:
            s = r.with_var(a["var"]) if src_var else r
            dd = d.with_var(a["var"]) if dst_var else d
            return R.copy(a["old"], a["src"], s, dd, name="c")

        check_emitted(t, et, sizes, emit, expected, inputs, what,
                      enabled=emit_ir and len(pieces) <= MAX_EMITTED_PIECES)


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_random_region_accesses(target: Target):
    rng = random.Random(f"regions-{target.name}")
    for kind, count in CASES.items():
        for k in range(count):
            run_case(kind, k, target, rng)
    tally = TALLY[target.name]
    total = sum(tally.cases.values())
    print(f"{target.name}: {total} random cases {dict(tally.cases)}, {tally.split} split; "
          f"{tally.emitted} emitted and evaluated, {tally.pieces} region calls judged, "
          f"{tally.checked} functions through genx-emit check")
    assert total >= MIN_CASES_PER_TARGET
    assert tally.split >= total // 5  # the generator does exercise the splitting
    assert tally.emitted >= total // EMIT_EVERY // 2
    assert tally.checked >= tally.emitted // CHECK_EVERY // 2  # raw accesses are not re-checked


# -- fixed cases ------------------------------------------------------------------------------
def test_reference_worked_example_dg2():
    """<30 x double> written into <32 x double> at vstride 16, width 15 (32-byte GRF): 8,4,2,1
    for row 0 and 4,4,4,2,1 for row 1 (the partner read of `new` starts at byte 24 of a GRF)."""
    r = Region(count=30, width=15, stride=1, vstride=16)
    pieces = legalize.plan(r, 8, DG2, dest=True)
    assert [p.count for p in pieces] == [8, 4, 2, 1, 4, 4, 4, 2, 1]
    assert [p.dst.offset for p in pieces] == [0, 8, 12, 14, 16, 20, 24, 28, 30]
    assert [p.src.offset for p in pieces] == [0, 8, 12, 14, 15, 19, 23, 27, 29]
    check_pieces(pieces, Region.row(30), r, 8, DG2, "worked example")
    # the emitted IR: one rdregion of `new` and one wrregion into `old` per piece, in that order
    inputs = {"src": sim.tokens(1, 8, 0), "old": sim.tokens(32, 8, 1000),
              "new": sim.tokens(30, 8, 90_000), "var": 0, "mask": np.ones(30, bool)}
    expected = sim.write(inputs["old"], inputs["new"], r)
    b = build(DG2, True, ir.DoubleType(), {"src": 1, "old": 32, "new": 30},
              lambda R, a: R.write(a["old"], a["new"], r, name="w"))
    got, m = evaluate(b, inputs)
    assert np.array_equal(got, expected)
    assert [(c.dest, c.region.count, c.region.offset * 8) for c in m.calls] == [
        x for p in pieces for x in ((False, p.count, p.src.offset * 8), (True, p.count, p.dst.offset * 8))]


def test_worked_example_is_one_access_on_pvc_rows():
    # on a 64-byte GRF the same write needs fewer pieces, and each is still legal
    r = Region(count=30, width=15, stride=1, vstride=16)
    pieces = legalize.plan(r, 8, PVC, dest=True)
    check_pieces(pieces, Region.row(30), r, 8, PVC, "worked example on pvc")
    assert len(pieces) < 9


@pytest.mark.parametrize(("region", "es", "target", "counts"), [
    (Region.row(64), 4, PVC, [32, 32]),  # 128 bytes per piece
    (Region.row(64), 4, DG2, [16, 16, 16, 16]),  # 64 bytes per piece
    (Region.row(16, offset=1), 8, PVC, [8, 8]),  # from byte 8 of a GRF: 15 doubles fit, 8 taken
    (Region.row(16, offset=1), 8, DG2, [4, 4, 4, 4]),  # from byte 8 of a 32-byte GRF: 7 fit, 4 taken
    (Region(count=32, width=8, stride=1, vstride=16), 4, PVC, [8, 8, 8, 8]),  # 2D rows, 40 bytes apart
    (Region.row(8, stride=0), 4, PVC, [1] * 8),  # a destination may not have stride 0
    # 64-bit writes keep strides <= 2 (IGC segfaults on f64 stride 4): one element at a time
    (Region.row(4, stride=4), 8, PVC, [1] * 4),
    (Region.row(4, stride=4), 4, PVC, [4]),  # 32-bit: stride 4 is fine
])
def test_fixed_writes(region, es, target, counts):
    pieces = legalize.plan(region, es, target, dest=True)
    assert [p.count for p in pieces] == counts
    check_pieces(pieces, Region.row(region.count), region, es, target, str(region))


def test_64_bit_destination_stride_rule_is_named():
    why = legalize.why_illegal(Region.row(4, stride=4), 8, PVC, dest=True)
    assert why == "destination stride 4 of 64-bit elements exceeds 2 on pvc"
    assert legalize.why_illegal(Region.row(4, stride=4), 8, PVC, dest=False) is None  # reads are fine
    assert legalize.why_illegal(Region.row(4, stride=2), 8, PVC, dest=True) is None


def test_raw_slice_is_one_piece_whatever_its_size():
    r = Region.row(256, offset=64)  # 512 bytes of half from a GRF boundary
    assert legalize.plan(r, 2, PVC, dest=False, raw=True) == [legalize.Piece(0, r, Region.row(256))]
    assert len(legalize.plan(r, 2, PVC, dest=False)) == 8
    assert len(legalize.plan(Region.row(256, offset=1), 2, PVC, dest=False, raw=True)) > 1


def test_variable_offsets_are_split_for_the_worst_start():
    r = Region.row(32).with_var(RUN_TIME)  # floats from anywhere: 16 fit 2 GRFs from byte 60 on pvc
    pieces = legalize.plan(r, 4, PVC, dest=False)
    assert [p.count for p in pieces] == [16, 16]
    assert all(p.src.var == RUN_TIME for p in pieces)
    assert [p.count for p in legalize.plan(r, 4, DG2, dest=False)] == [8, 8, 8, 8]


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_one_piece_plans_emit_the_planned_region(target: Target):
    """A region that is illegal as written but one legal region re-encoded (rows of one element
    are a 1D region strided by the vstride) is emitted as the re-encoded region."""
    rd = Region(count=2, width=1, stride=9, vstride=0)  # stride 9 never used: element 0 twice
    wr = Region(count=4, width=1, stride=0, vstride=2)  # 2D as written: elements 0, 2, 4, 6
    for r, dest in ((rd, False), (wr, True)):
        assert legalize.why_illegal(r, 4, target, dest=dest) is not None
        assert len(legalize.plan(r, 4, target, dest=dest)) == 1
    src, old, new = sim.tokens(8, 4, 1000), sim.tokens(8, 4, 50_000), sim.tokens(4, 4, 90_000)
    inputs = {"src": src, "old": old, "new": new, "var": 0, "mask": np.ones(4, bool)}
    for emit, expected in ((lambda R, a: R.read(a["src"], rd), sim.read(src, rd)),
                           (lambda R, a: R.write(a["old"], a["new"], wr), sim.write(old, new, wr))):
        b = build(target, True, ir.FloatType(), {"src": 8, "old": 8, "new": 4}, emit)
        got, m = evaluate(b, inputs)
        assert np.array_equal(got, expected)
        [call] = m.calls
        assert call.region.is_1d
        assert legalize.why_illegal(call.region, 4, target, dest=call.dest) is None
