"""The MLIR printer: printed IR parses back to the same IR, and lowering the printed form gives
the same ``.ll`` as lowering the source, for every sample and every test input that lowers."""

from __future__ import annotations

import math

import pytest
from conftest import ROOT, SAMPLES

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.lower_batch import split_chunks
from genx_emit.mlir.attrs import DenseElementsAttr, FloatAttr, StringAttr
from genx_emit.mlir.ir import Operation, SourceModule, Value
from genx_emit.mlir.parser import parse_mlir
from genx_emit.mlir.printer import attr_text, float_text, print_module
from genx_emit.mlir.types import FloatType, IndexType, VectorType

TESTS = ROOT / "tests"
INPUTS = [*sorted((TESTS / "inputs").rglob("*.mlir")), *sorted((TESTS / "lit").rglob("*.mlir"))]


def chunks(path):
    text = path.read_text()
    return split_chunks(text) if "// -----" in text else [text]


def lowers(text: str, name: str, target: str) -> str | None:
    try:
        return lower_text(text, name, target)
    except DiagnosticError:
        return None


def check_round_trip(path, target: str) -> int:
    """Print, re-parse, print again (a fixed point) and lower: the same ``.ll``. Returns how many
    chunks lowered."""
    name = str(path.relative_to(ROOT))
    n = 0
    for chunk in chunks(path):
        want = lowers(chunk, name, target)
        if want is None:
            continue  # an expected-error input
        source = parse_mlir(chunk, name)
        printed = print_module(source)
        again = parse_mlir(printed, name + ".printed")
        assert print_module(again) == printed
        assert print_module(again, generic=True) == print_module(source, generic=True)  # the same IR
        assert lower_text(printed, name + ".printed", target) == want
        n += 1
    return n


@pytest.mark.parametrize("target", ["pvc", "dg2"])
@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.mlir")), ids=lambda p: p.stem)
def test_samples_round_trip(path, target):
    n = check_round_trip(path, target)
    assert n >= 1 or target == "dg2"  # a few samples use what DG2 does not have


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: str(p.relative_to(ROOT / "tests")))
def test_test_inputs_round_trip(path):
    check_round_trip(path, "pvc")


def test_printed_ir_keeps_names_and_locations():
    src = "samples/gemm_kloop_f16.mlir"
    printed = print_module(parse_mlir((SAMPLES / "gemm_kloop_f16.mlir").read_text(), src))
    assert "%res:3 = scf.for %k = %c0 to %c256 step %c16 iter_args(%ta = %a0, %tb = %b0, %acc = %zero)" \
        in printed
    assert "xegpu.store_nd %res#2, %tc : vector<8x16xf32>" in printed
    assert f'loc("{src}":33:13)' in printed  # %va's load_nd, where the source has it
    again = parse_mlir(printed, "printed.mlir")
    (module,) = again.operations
    func = module.regions[0].blocks[0].operations[0]
    assert func.loc.filename == src  # the source position, not the printed file's


def test_floats_print_as_literals_the_lexer_reads():
    assert float_text(1e-05) == "1.0e-05"
    assert float_text(2.5) == "2.5"
    assert float_text(math.inf, FloatType("f32")) == "0x7F800000"
    assert float_text(-math.inf, FloatType("f16")) == "0xFC00"
    assert float_text(math.inf, FloatType("bf16")) == "0x7F80"
    f16 = VectorType((4,), FloatType("f16"))
    dense = DenseElementsAttr(f16, (1e-05, -math.inf, 3.0, 65504.0), splat=False)
    text = f"%c = arith.constant {attr_text(dense)}"
    src = parse_mlir(f"gpu.module @m {{ gpu.func @f() {{ {text} \n gpu.return }} }}")
    (const,) = [op for op in _ops(src) if op.name == "arith.constant"]
    assert const.attributes["value"].values == dense.values
    assert float_text(FloatAttr(1.0).value) == "1.0"


def test_strings_escape_quotes_and_control_characters():
    s = StringAttr('a "q" \\ \n\t\x01')
    src = parse_mlir(f'gpu.module @m attributes {{s = {attr_text(s)}}} {{ }}')
    assert src.operations[0].attributes["s"] == s


def test_names_the_parser_rejects_are_made_valid_and_unique():
    """A pass may name a value ``%0#1_lanes`` or reuse a visible name: the printer keeps what
    reads back (``#`` as ``.``, which the lowering's LLVM names also use) and makes it unique."""
    src = parse_mlir("gpu.module @m { gpu.func @f(%a: index) { gpu.return } }")
    func = src.operations[0].regions[0].blocks[0].operations[0]
    block = func.regions[0].blocks[0]
    (a,) = block.arguments
    loc = a.loc
    odd = Value("%0#1_lanes", IndexType(), loc)
    dup = Value("%a", IndexType(), loc)
    block.operations[:0] = [Operation("arith.addi", [a, a], [odd], {}, [], loc),
                            Operation("arith.addi", [odd, a], [dup], {}, [], loc)]
    printed = print_module(src)
    assert '%0.1_lanes = "arith.addi"(%a, %a)' in printed
    assert '%a.1 = "arith.addi"(%0.1_lanes, %a)' in printed
    assert print_module(parse_mlir(printed)) == printed


def _ops(src: SourceModule):
    from genx_emit.mlir.ir import nested_ops

    for op in src.operations:
        yield op
        yield from nested_ops(op)
