"""`lower --annotate`: comments only. Every sample's annotated output, comments removed, is the
plain output byte for byte (so goldens are unaffected and the IR is the same), and every
intrinsic call carries its immediate fields."""

from __future__ import annotations

import re

import pytest
from conftest import SAMPLES

from genx_emit.api import lower_text

COMMENT = re.compile(r"  ; .*$")


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.mlir")), ids=lambda p: p.stem)
def test_annotate_adds_only_comments(sample):
    text = sample.read_text()
    plain = lower_text(text, sample.name)
    annotated = lower_text(text, sample.name, annotate=True)
    lines = [COMMENT.sub("", line) for line in annotated.splitlines() if not line.startswith("  ; ")]
    assert "\n".join(lines) + "\n" == plain
    messages = re.compile(r"call .*@llvm\.genx\.(lsc\.|raw\.)")  # raw: the payload form's 2D messages
    calls = [line for line in annotated.splitlines() if messages.search(line)]
    assert calls and all("  ; " in line for line in calls)
    assert f"; {sample.name}:" in annotated
