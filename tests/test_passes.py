"""The pass framework: the registry, pipelines, and the IR printed after each pass of the
default pipeline, which reads back and lowers to the same ``.ll`` as the source (for every
sample and test input that lowers)."""

from __future__ import annotations

import pytest
from conftest import ROOT, SAMPLES
from test_printer import INPUTS, chunks

from genx_emit.api import lower_kernels, lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.frontend import build_kernels
from genx_emit.mlir.parser import parse_mlir
from genx_emit.mlir.printer import print_module
from genx_emit.passes import DEFAULT_PIPELINE, PASSES, PassContext, PassError, parse_pipeline, run_pipeline
from genx_emit.passes.registry import pass_function, pass_summary
from genx_emit.targets import get_target


def check_each_pass(path, target: str = "pvc") -> int:
    """After each pass: print, re-parse (a fixed point), run the rest of the pipeline, lower:
    the source's ``.ll``. The IR after the last pass also lowers through the whole default
    pipeline again to the same ``.ll`` (the passes leave nothing for a second run to do)."""
    name = str(path.relative_to(ROOT))
    n = 0
    for chunk in chunks(path):
        try:
            want = lower_text(chunk, name, target)
        except DiagnosticError:
            continue
        src = parse_mlir(chunk, name)
        ctx = PassContext(get_target(target))  # genx-decide decides for the target lowered for
        before = print_module(src)
        for k, pass_name in enumerate(DEFAULT_PIPELINE):
            run_pipeline(src, [pass_name], ctx)
            printed = print_module(src)
            if printed == before:
                continue  # the pass changed nothing
            before = printed
            again = parse_mlir(printed, name + ".printed")
            assert print_module(again) == printed, pass_name
            assert print_module(again, generic=True) == print_module(src, generic=True), pass_name
            rest = run_pipeline(again, DEFAULT_PIPELINE[k + 1 :])
            assert lower_kernels(build_kernels(again, rest), target) == want, pass_name
        assert lower_text(before, name + ".printed", target) == want
        n += 1
    return n


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.mlir")), ids=lambda p: p.stem)
def test_samples_after_each_pass(path):
    assert check_each_pass(path) >= 1


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: str(p.relative_to(ROOT / "tests")))
def test_test_inputs_after_each_pass(path):
    check_each_pass(path)


def test_default_pipeline_is_registered_and_documented():
    assert set(DEFAULT_PIPELINE) <= set(PASSES)
    order = DEFAULT_PIPELINE.index
    assert order("xegpu-wg-to-sg-distribute") < order("genx-lane-to-subgroup")
    assert order("genx-lane-to-subgroup") < order("genx-carry-descriptors")
    docs = (ROOT / "docs" / "passes.md").read_text()
    for name in PASSES:
        assert callable(pass_function(name)) and pass_summary(name)
        assert f"`{name}`" in docs, f"{name} is not in docs/passes.md"


def test_pipeline_text():
    assert parse_pipeline("xegpu-wg-to-sg-distribute, genx-carry-descriptors") == [
        "xegpu-wg-to-sg-distribute", "genx-carry-descriptors"]
    assert parse_pipeline("builtin.module(genx-lane-to-subgroup)") == ["genx-lane-to-subgroup"]
    assert parse_pipeline("") == []
    with pytest.raises(PassError, match="did you mean 'genx-carry-descriptors'"):
        parse_pipeline("genx-cary-descriptors")
    with pytest.raises(PassError, match="unbalanced"):
        parse_pipeline("builtin.module(genx-lane-to-subgroup")


def test_runner_reports_each_pass_and_the_ir_after_it():
    src = parse_mlir((SAMPLES / "gemm_kloop_f16.mlir").read_text(), "k.mlir")
    stages: list[str] = []
    seen: list[tuple[str, str]] = []
    run_pipeline(src, DEFAULT_PIPELINE, on_stage=lambda n, s: stages.append(n),
                 after=lambda n, m: seen.append((n, print_module(m))))
    assert stages == [f"pass {n}" for n in DEFAULT_PIPELINE]
    assert [n for n, _ in seen] == list(DEFAULT_PIPELINE)
    with pytest.raises(PassError, match="unknown pass 'nope'"):
        run_pipeline(src, ["nope"])


def test_simt_record_reads_back_from_the_printed_ir():
    from genx_emit.passes.simt_record import read_simt
    from genx_emit.passes.steps import SIMT_NOTE

    for sample in ("simt_rfc_dpas.mlir", "simt_gemm.mlir", "simt_upstream_gemm.mlir"):
        src = parse_mlir((SAMPLES / sample).read_text(), sample)
        ctx = run_pipeline(src, ["genx-lane-to-subgroup"])
        found = ctx.notes[SIMT_NOTE]
        assert found and any(k.dpas for k in found.values())
        assert read_simt(parse_mlir(print_module(src), "printed.mlir")) == found
