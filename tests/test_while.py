"""scf.while: custom and generic forms, the op model's rules, the CFG it lowers to, and a kernel
run through the simulator and Intel's toolchain (value kinds x constructs are in
test_control_values.py)."""

from __future__ import annotations

import numpy as np
import pytest
from test_control import diag, kernel, labels, lower, phis

from genx_emit.frontend import read_kernels
from genx_emit.ops.control import Condition, While, Yield
from genx_emit.sim import run

ARGS = "%src: memref<64xf32>, %dst: memref<16xf32>, %n: i32"
TD = "!xegpu.tensor_desc<16xf32>"
V = "vector<16xf32>"
PRE = ["%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index", "%c16 = arith.constant 16 : index",
       "%nidx = arith.index_cast %n : i32 to index",
       f"%t = xegpu.create_nd_tdesc %src[%c0] : memref<64xf32> -> {TD}",
       f"%z = arith.constant dense<0.0> : {V}"]
POST = [f"%od = xegpu.create_nd_tdesc %dst[%c0] : memref<64xf32> -> {TD}".replace("64", "16"),
        f"xegpu.store_nd %r#2, %od : {V}, {TD}"]
TYPES = f"index, {TD}, {V}"

# Sum the 16-element tiles of src at 0, 16, ... while i < n.
CUSTOM = [
    f"%r:3 = scf.while (%i = %c0, %d = %t, %acc = %z) : ({TYPES}) -> ({TYPES}) {{",
    "  %more = arith.cmpi slt, %i, %nidx : index",
    f"  scf.condition(%more) %i, %d, %acc : {TYPES}",
    "} do {",
    f"^bb0(%i1: index, %d1: {TD}, %acc1: {V}):",
    f"  %x = xegpu.load_nd %d1 : {TD} -> {V}",
    f"  %acc2 = arith.addf %acc1, %x : {V}",
    f"  %d2 = xegpu.update_nd_offset %d1, [%c16] : {TD}",
    "  %i2 = arith.addi %i1, %c1 : index",
    f"  scf.yield %i2, %d2, %acc2 : {TYPES}",
    "}",
]
GENERIC = [
    '%r:3 = "scf.while"(%c0, %t, %z) ({',
    f"^bb0(%i: index, %d: {TD}, %acc: {V}):",
    '  %more = "arith.cmpi"(%i, %nidx) <{predicate = 2 : i64}> : (index, index) -> i1',
    f'  "scf.condition"(%more, %i, %d, %acc) : (i1, {TYPES}) -> ()',
    "}, {",
    f"^bb0(%i1: index, %d1: {TD}, %acc1: {V}):",
    f'  %x = "xegpu.load_nd"(%d1) : ({TD}) -> {V}',
    f'  %acc2 = "arith.addf"(%acc1, %x) : ({V}, {V}) -> {V}',
    f'  %d2 = "xegpu.update_nd_offset"(%d1, %c16) <{{const_offsets = array<i64: -9223372036854775808>}}> '
    f': ({TD}, index) -> {TD}',
    '  %i2 = "arith.addi"(%i1, %c1) : (index, index) -> index',
    f'  "scf.yield"(%i2, %d2, %acc2) : ({TYPES}) -> ()',
    f"}}) : ({TYPES}) -> ({TYPES})",
]


def _while(body: list[str]) -> While:
    f = read_kernels(kernel(*PRE, *body, *POST, args=ARGS), "k.mlir").funcs[0]
    return next(op for op in f.body if isinstance(op, While))


def test_custom_and_generic_forms_build_the_same_op():
    for body in (CUSTOM, GENERIC):
        op = _while(body)
        assert [v.name for v in op.inits] == ["%c0", "%t", "%z"]
        assert [v.name for v in op.before_args] == ["%i", "%d", "%acc"]
        assert [v.name for v in op.after_args] == ["%i1", "%d1", "%acc1"]
        assert [v.name for v in op.results] == ["%r#0", "%r#1", "%r#2"]
        cond, last = op.before[-1], op.after[-1]
        assert isinstance(cond, Condition) and cond.cond.name == "%more"
        assert [v.name for v in cond.values] == ["%i", "%d", "%acc"]
        assert isinstance(last, Yield) and [v.name for v in last.values] == ["%i2", "%d2", "%acc2"]
        assert op.bodies() == [op.before, op.after]


@pytest.mark.parametrize("form", ["custom", "generic"])
def test_both_forms_lower_to_the_same_loop_and_simulate(form):
    ll = lower(*PRE, *(CUSTOM if form == "custom" else GENERIC), *POST, args=ARGS)
    assert labels(ll) == ["entry", "while9.before", "while9.after", "while9.end"]
    # The descriptor's surface is loop-invariant: only its position is a phi.
    assert sorted(phis(ll)) == ["acc", "d.x", "i"]
    src = np.arange(64, dtype=np.float32) - 7
    for n in (0, 1, 4):
        out = run(ll, None, 1, {"src": src, "dst": np.zeros(16, np.float32), "n": n})["dst"]
        np.testing.assert_array_equal(out, src.reshape(4, 16)[:n].sum(axis=0))


def test_while_compiles_for_pvc(toolchain, tmp_path):
    ll = tmp_path / "while.ll"
    ll.write_text(lower(*PRE, *CUSTOM, *POST, args=ARGS))
    r = toolchain.igc_check(ll, "pvc")
    assert r.returncode == 0 and r.bad_signatures == 0, r.output
    assert all(s["scratch"] == 0 and s["send"] > 0 for s in r.kernels.values()), r.output


W = "%w = scf.while (%i = %n) : (i32) -> i32 {"
DO = ["} do {", "^bb0(%j: i32):"]


@pytest.mark.parametrize("body, expected", [
    ([W, "  scf.yield %i : i32", *DO, "  scf.yield %j : i32", "}"],
     "k.mlir:3:10: scf.while: the before region must end with scf.condition"),
    ([W, "  %c = arith.constant true", "  scf.condition(%c) %i : i32", *DO, "  %k = arith.addi %j, %j : i32",
      "}"],
     "k.mlir:3:10: scf.while: the after region must end with scf.yield"),
    ([W, "  %c = arith.constant true", "  scf.condition(%c) %i, %i : i32, i32", *DO, "  scf.yield %j : i32",
      "}"],
     "k.mlir:5:7: scf.while: 2 scf.condition values but 1 results"),
    ([W, "  %c = arith.constant true", "  %f = arith.constant 1.0 : f32", "  scf.condition(%c) %f : f32",
      "} do {", "^bb0(%j: f32):", "  scf.yield %n : i32", "}"],
     "k.mlir:6:7: scf.while: scf.condition values #0 '%f' has type 'f32' but results #0 '%w' has 'i32'"),
    ([W, "  %c = arith.constant true", "  scf.condition(%c) %i : i32", *DO, "  %f = arith.constant 1.0 : f32",
      "  scf.yield %f : f32", "}"],
     "k.mlir:9:7: scf.while: scf.yield values #0 '%f' has type 'f32' but before-region arguments #0 '%i' "
     "has 'i32'"),
    ([W, "  scf.condition(%i) %i : i32", *DO, "  scf.yield %j : i32", "}"],
     "k.mlir:4:7: scf.condition needs a scalar i1 condition, got '%i' of type 'i32'"),
    ([W, "  %c = arith.constant true", "  gpu.return", "  scf.condition(%c) %i : i32", *DO,
      "  scf.yield %j : i32", "}"],
     "k.mlir:5:7: gpu.return cannot appear inside the scf.while before region: only its final "
     "scf.condition ends it"),
    (["%c = arith.constant true", "scf.condition(%c) %n : i32"],
     "k.mlir:4:5: scf.condition outside scf.for / scf.if / scf.while: a function block ends with "
     "gpu.return, cf.br or cf.cond_br"),
])
def test_while_errors(body, expected):
    assert diag(*body) == expected


def test_custom_form_argument_types_must_match():
    assert diag("%w = scf.while (%i = %n) : (i32, i32) -> i32 {", "}", "do {", "}") == \
        "k.mlir:3:32: scf.while has 1 arguments but 2 argument types"
