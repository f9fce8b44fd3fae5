"""Every kind of lowered value through every control-flow construct: each kernel is lowered,
compiled by Intel's toolchain for pvc and run in the simulator against numpy.

A kind says how to make its first value, how to read a vector from it, and how to step it to
the next value (a moved descriptor, another barrier, a doubled vector or scalar); a construct
says how the value flows (scf.for iter_args, scf.if results, scf.while, cf block arguments).
The kernels sum what they read at each value they visit, so a wrong phi shows in the data.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pytest
from test_control import phis

from genx_emit.api import lower_text
from genx_emit.sim import run

V16 = "vector<16xf32>"
ND1 = "!xegpu.tensor_desc<16xf32>"


@dataclass(frozen=True)
class Kind:
    name: str
    args: str  # kernel arguments before %n
    type: str  # MLIR type of the carried value
    acc: str  # vector type of what a read gives
    init: list[str]  # defines %v0
    read: str  # lines defining {out} from {v}
    step: str  # lines defining {out} from {v}
    store: list[str]  # stores %sum
    src: Callable[[], np.ndarray]
    value: Callable[[np.ndarray, int], np.ndarray]  # what a read of the k-th value gives


_SRC64 = lambda: np.arange(64, dtype=np.float32) * 0.5 - 3  # noqa: E731
_STORE16 = [f"%od = xegpu.create_nd_tdesc %dst[%c0] : memref<16xf32> -> {ND1}",
            f"xegpu.store_nd %sum, %od : {V16}, {ND1}"]
_ARGS16 = "%src: memref<64xf32>, %dst: memref<16xf32>"
_TILE = f"%t = xegpu.create_nd_tdesc %src[%c0] : memref<64xf32> -> {ND1}"

TD2 = "!xegpu.tensor_desc<8x16xf32>"
SD = "!xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>"
NB = "!xegpu.nbarrier"
_EVEN = ", ".join(str(2 * i) for i in range(16))
_LANES = ", ".join(str(i) for i in range(16))

KINDS = [
    Kind("nd2", "%src: memref<8x64xf32>, %dst: memref<8x16xf32>", TD2, "vector<8x16xf32>",
         [f"%v0 = xegpu.create_nd_tdesc %src[%c0, %c0] : memref<8x64xf32> -> {TD2}"],
         f"{{out}} = xegpu.load_nd {{v}} : {TD2} -> vector<8x16xf32>",
         f"{{out}} = xegpu.update_nd_offset {{v}}, [%c0, %c16] : {TD2}",
         [f"%od = xegpu.create_nd_tdesc %dst[%c0, %c0] : memref<8x16xf32> -> {TD2}",
          f"xegpu.store_nd %sum, %od : vector<8x16xf32>, {TD2}"],
         lambda: (np.arange(8 * 64, dtype=np.float32).reshape(8, 64) % 37) - 5,
         lambda src, k: src[:, 16 * k:16 * k + 16]),
    Kind("nd1", _ARGS16, ND1, V16,
         [f"%v0 = xegpu.create_nd_tdesc %src[%c0] : memref<64xf32> -> {ND1}"],
         f"{{out}} = xegpu.load_nd {{v}} : {ND1} -> {V16}",
         f"{{out}} = xegpu.update_nd_offset {{v}}, [%c16] : {ND1}",
         _STORE16, _SRC64, lambda src, k: src[16 * k:16 * k + 16]),
    Kind("scatter", "%src: memref<128xf32>, %dst: memref<16xf32>", SD, V16,
         [f"%even = arith.constant dense<[{_EVEN}]> : vector<16xindex>",
          "%all = arith.constant dense<true> : vector<16xi1>",
          "%d16 = arith.constant dense<16> : vector<16xindex>",
          f"%v0 = xegpu.create_tdesc %src, %even : memref<128xf32>, vector<16xindex> -> {SD}"],
         f"{{out}} = xegpu.load {{v}}, %all : {SD}, vector<16xi1> -> {V16}",
         f"{{out}} = xegpu.update_offset {{v}}, %d16 : {SD}, vector<16xindex>",
         [f"%lanes = arith.constant dense<[{_LANES}]> : vector<16xindex>",
          f"%od = xegpu.create_tdesc %dst, %lanes : memref<16xf32>, vector<16xindex> -> {SD}",
          f"xegpu.store %sum, %od, %all : {V16}, {SD}, vector<16xi1>"],
         lambda: np.arange(128, dtype=np.float32) - 40, lambda src, k: src[16 * k:16 * k + 32:2]),
    # One thread: a barrier of one participant passes at once; the kernel must use a barrier
    # the kernel allocated (the simulator checks the id) and keep the tile reads around it.
    Kind("nbarrier", _ARGS16, NB, V16,
         ["xegpu.alloc_nbarrier 3", "%id1 = arith.constant 1 : i8", "%id2 = arith.constant 2 : i8",
          "%one8 = arith.constant 1 : i8", f"%v0 = xegpu.init_nbarrier %id1, %one8 : i8, i8 -> {NB}", _TILE],
         f"xegpu.nbarrier_arrive {{v}} : {NB}\nxegpu.nbarrier_wait {{v}} : {NB}\n"
         f"{{out}} = xegpu.load_nd %t : {ND1} -> {V16}",
         f"{{out}} = xegpu.init_nbarrier %id2, %one8 : i8, i8 -> {NB}",
         _STORE16, _SRC64, lambda src, k: src[:16]),
    Kind("vector", _ARGS16, V16, V16,
         [_TILE, f"%v0 = xegpu.load_nd %t : {ND1} -> {V16}", f"%m3 = arith.constant dense<-3.0> : {V16}"],
         f"{{out}} = arith.mulf {{v}}, %m3 : {V16}",
         f"{{out}} = arith.addf {{v}}, {{v}} : {V16}",
         _STORE16, _SRC64, lambda src, k: -3 * src[:16] * 2.0 ** k),
    Kind("scalar", _ARGS16, "f32", V16,
         ["%v0 = arith.constant 1.5 : f32", "%two = arith.constant 2.0 : f32"],
         f"{{out}} = vector.broadcast {{v}} : f32 to {V16}",
         "{out} = arith.mulf {v}, %two : f32",
         _STORE16, _SRC64, lambda src, k: np.full(16, 1.5 * 2.0 ** k, np.float32)),
]

PRE = ["%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index", "%c16 = arith.constant 16 : index",
       "%z = arith.constant 0 : i32", "%nidx = arith.index_cast %n : i32 to index",
       "%c = arith.cmpi sgt, %n, %z : i32"]


def _lines(template: str, **kw: str) -> list[str]:
    return template.format(**kw).splitlines()


def scf_for(k: Kind) -> list[str]:
    return [
        f"%acc0 = arith.constant dense<0.0> : {k.acc}",
        "%r:2 = scf.for %i = %c0 to %nidx step %c1 iter_args(%v = %v0, %acc = %acc0) "
        f"-> ({k.type}, {k.acc}) {{",
        *_lines(k.read, v="%v", out="%x"),
        f"%acc2 = arith.addf %acc, %x : {k.acc}",
        *_lines(k.step, v="%v", out="%v2"),
        f"scf.yield %v2, %acc2 : {k.type}, {k.acc}",
        "}",
        *_lines(k.read, v="%r#0", out="%last"),
        f"%sum = arith.addf %r#1, %last : {k.acc}",
    ]


def scf_if(k: Kind) -> list[str]:
    return [
        f"%w = scf.if %c -> ({k.type}) {{",
        *_lines(k.step, v="%v0", out="%v1"),
        f"scf.yield %v1 : {k.type}",
        "} else {",
        f"scf.yield %v0 : {k.type}",
        "}",
        *_lines(k.read, v="%w", out="%sum"),
    ]


def cf_loop(k: Kind) -> list[str]:
    """A loop that runs at least once: cf.br into it, cf.cond_br back or out."""
    return [
        f"%acc0 = arith.constant dense<0.0> : {k.acc}",
        f"cf.br ^loop(%c0, %v0, %acc0 : index, {k.type}, {k.acc})",
        f"^loop(%i: index, %v: {k.type}, %acc: {k.acc}):",
        *_lines(k.read, v="%v", out="%x"),
        f"%acc2 = arith.addf %acc, %x : {k.acc}",
        *_lines(k.step, v="%v", out="%v2"),
        "%i2 = arith.addi %i, %c1 : index",
        "%more = arith.cmpi slt, %i2, %nidx : index",
        f"cf.cond_br %more, ^loop(%i2, %v2, %acc2 : index, {k.type}, {k.acc}), "
        f"^done(%v2, %acc2 : {k.type}, {k.acc})",
        f"^done(%vf: {k.type}, %accf: {k.acc}):",
        *_lines(k.read, v="%vf", out="%last"),
        f"%sum = arith.addf %accf, %last : {k.acc}",
    ]


def scf_while(k: Kind) -> list[str]:
    types = f"index, {k.type}, {k.acc}"
    return [
        f"%acc0 = arith.constant dense<0.0> : {k.acc}",
        f"%r:3 = scf.while (%i = %c0, %v = %v0, %acc = %acc0) : ({types}) -> ({types}) {{",
        "%more = arith.cmpi slt, %i, %nidx : index",
        f"scf.condition(%more) %i, %v, %acc : {types}",
        "} do {",
        f"^bb0(%i1: index, %v1: {k.type}, %acc1: {k.acc}):",
        *_lines(k.read, v="%v1", out="%x"),
        f"%acc2 = arith.addf %acc1, %x : {k.acc}",
        *_lines(k.step, v="%v1", out="%v2"),
        "%i2 = arith.addi %i1, %c1 : index",
        f"scf.yield %i2, %v2, %acc2 : {types}",
        "}",
        *_lines(k.read, v="%r#1", out="%last"),
        f"%sum = arith.addf %r#2, %last : {k.acc}",
    ]


@dataclass(frozen=True)
class Construct:
    name: str
    body: Callable[[Kind], list[str]]
    visits: Callable[[int], list[int]]  # the values read for a given %n, in order


CONSTRUCTS = [
    Construct("scf.for", scf_for, lambda n: list(range(n + 1))),
    Construct("scf.if", scf_if, lambda n: [1 if n > 0 else 0]),
    Construct("cf", cf_loop, lambda n: list(range(max(n, 1) + 1))),
    Construct("scf.while", scf_while, lambda n: list(range(n + 1))),
]


def kernel_text(k: Kind, c: Construct) -> str:
    body = PRE + k.init + c.body(k) + k.store
    lines = ["gpu.module @m {", f"  gpu.func @k({k.args}, %n: i32) kernel {{"]
    lines += [f"    {line}" for line in body] + ["    gpu.return", "  }", "}", ""]
    return "\n".join(lines)


def expected(k: Kind, c: Construct, src: np.ndarray, n: int) -> np.ndarray:
    return sum(k.value(src, j) for j in c.visits(n)).astype(np.float32)


CASES = [pytest.param(k, c, id=f"{k.name}-{c.name}") for k in KINDS for c in CONSTRUCTS]


@pytest.mark.parametrize("k, c", CASES)
def test_value_kind_through_construct_simulates(k: Kind, c: Construct) -> None:
    text = kernel_text(k, c)
    src = k.src()
    for n in (0, 2, 3):
        dst = np.zeros_like(expected(k, c, src, n))
        out = run(text, None, 1, {"src": src, "dst": dst, "n": n}, check_types=True)
        np.testing.assert_array_equal(out["dst"], expected(k, c, src, n), err_msg=f"n = {n}")


@pytest.mark.parametrize("k, c", CASES)
def test_value_kind_through_construct_compiles_for_pvc(k: Kind, c: Construct, toolchain, tmp_path) -> None:
    ll = tmp_path / f"{k.name}_{c.name}.ll"
    ll.write_text(lower_text(kernel_text(k, c), "k.mlir"))
    r = toolchain.igc_check(ll, "pvc")
    assert r.returncode == 0, r.output
    assert r.bad_signatures == 0, r.output
    assert r.kernels and all(s["scratch"] == 0 for s in r.kernels.values()), r.output


# -- loop-invariant parts stay out of loop phis ----------------------------------------------
LOOPS = [c for c in CONSTRUCTS if c.name in ("scf.for", "scf.while")]


@pytest.mark.parametrize("c", LOOPS, ids=[c.name for c in LOOPS])
@pytest.mark.parametrize("kind, carried", [
    ("nd2", {"v.payload"}),  # update_nd_offset [0, 16] moves the column, in the 2D block header
    ("nd1", {"v.x"}),
    ("scatter", {"v.addrs"}),
    ("nbarrier", {"v.id", "v.num_threads"}),
    ("vector", {"v"}),
    ("scalar", {"v"}),
])
def test_loops_phi_only_the_parts_that_move(kind: str, carried: set[str], c: Construct) -> None:
    k = next(k for k in KINDS if k.name == kind)
    ll = lower_text(kernel_text(k, c), "k.mlir")
    assert {name for name in phis(ll) if name == "v" or name.startswith("v.")} == carried
