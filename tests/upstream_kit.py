"""Helpers shared by the tests of upstream- and IMEX-form kernels (issue: kernels as users write
them): lowering with warnings collected, the real toolchain, and the simulator."""

from __future__ import annotations

from pathlib import Path

from genx_emit.api import lower_text
from genx_emit.diagnostics import collect_warnings


def lowered(text: str, target: str = "pvc", block2d_form: str = "payload") -> tuple[str, list[str]]:
    """The `.ll` of ``text`` (named k.mlir) and the warnings raised, as ``loc: message``."""
    with collect_warnings() as found:
        ll = lower_text(text, "k.mlir", target, block2d_form=block2d_form)
    return ll, [f"{loc}: {msg}" for loc, msg in found]


def assert_compiles(toolchain, ll: str, tmp_path: Path, name: str = "k", device: str = "pvc") -> None:
    """IGC compiles ``ll`` for ``device`` with every intrinsic signature right and no spills."""
    path = tmp_path / f"{name}.ll"
    path.write_text(ll)
    r = toolchain.igc_check(path, device)
    assert r.returncode == 0, r.output
    assert r.bad_signatures == 0, r.output
    assert r.kernels, r.output
    for stats in r.kernels.values():
        assert stats["scratch"] == 0, r.output


INPUTS = Path(__file__).parent / "inputs" / "upstream"


def kernel_text(name: str) -> str:
    """A kernel of ``tests/inputs/upstream`` (written for these tests in upstream's or IMEX's form)."""
    return (INPUTS / name).read_text()
