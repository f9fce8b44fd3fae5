"""The SPIR-V-ready form (``--abi spirv``) against what Intel's vc-intrinsics writer adaptor
makes of the default form: for every sample on both targets, and for a module with a subroutine
and scalar arguments, the two must agree structurally (data layout, triple, linkage, calling
conventions, function and parameter attributes, metadata attachments, named metadata and what
it holds, other module-level lines, declarations, bodies), both as LLVM 14 prints them (so
constant spellings, attribute group and metadata node numbers do not matter)."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import SAMPLES, Toolchain
from test_emit import two_kernels_and_a_subroutine
from test_samples import NOT_FOR_DG2

from genx_emit.api import lower_text
from genx_emit.emit import render_module, verify_llvm

SAMPLE_FILES = sorted(SAMPLES.glob("*.mlir"))
# every sample on pvc; on dg2 those that have a dg2 form (a None reason: it compiles, with spills)
CASES = [("pvc", p) for p in SAMPLE_FILES] + [("dg2", p) for p in SAMPLE_FILES if not NOT_FOR_DG2.get(p.stem)]

_ATTR = re.compile(r'"((?:[^"\\]|\\.)*)"(?:="((?:[^"\\]|\\.)*)")?|([A-Za-z_]\w*)')
_HEADER = re.compile(r"^(define|declare) (.*?)@(\"[^\"]*\"|[-\w$.]+)\((.*)\)(.*?)\s*\{?$")
_KEYWORDS = {"dllexport", "internal", "spir_kernel", "spir_func", "dso_local"}
_NODE_REF = re.compile(r"(?<![\w\"])!(\d+)\b")
# module-level lines compared through other fields, or that name the file (not the module)
_NOT_OTHER = re.compile(r"^(;|source_filename = |target (datalayout|triple) = |attributes #|![\w.]+ = |$)")


def _attrs(text: str) -> frozenset[tuple[str, str]]:
    """A set of (key, value) from LLVM attribute text; an empty value and no value are alike."""
    out = set()
    for m in _ATTR.finditer(text):
        out.add((m.group(1), m.group(2) or "") if m.group(3) is None else (m.group(3), ""))
    return frozenset(out)


def _split_params(text: str) -> list[str]:
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += ch in "<{[(" and 1 or 0
        depth -= ch in ">}])" and 1 or 0
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return [p for p in [*parts, cur.strip()] if p]


def _param(text: str) -> tuple[str, frozenset[tuple[str, str]]]:
    """(type, attributes) of one parameter (its name dropped: the adaptor keeps names)."""
    first_quote = text.find('"')
    if first_quote < 0:
        return re.sub(r"\s*%[-\w$.]+$", "", text).strip(), frozenset()
    return text[:first_quote].strip(), _attrs(re.sub(r"\s*%[-\w$.]+$", "", text[first_quote:]))


@dataclass(frozen=True)
class Function:
    kind: str  # define / declare
    keywords: frozenset[str]  # linkage and calling convention
    ret: str
    params: tuple[tuple[str, frozenset[tuple[str, str]]], ...]
    attrs: frozenset[tuple[str, str]]  # from attribute groups and inline attributes
    metadata: tuple[tuple[str, str], ...]  # attachment name -> node text
    body: tuple[str, ...]


@dataclass(frozen=True)
class Structure:
    datalayout: str | None
    triple: str
    functions: dict[str, Function]
    named_metadata: dict[str, str]  # name -> its operands, node references resolved to their text
    other: tuple[str, ...]  # any other module-level line (globals, module asm, ...), sorted


def _resolve(text: str, nodes: dict[str, str], depth: int = 0) -> str:
    """Metadata text with every ``!N`` replaced by that node's text, so that numbering is moot."""
    if depth > 32:  # a cycle (distinct self-references): stop rather than recurse forever
        return text
    return _NODE_REF.sub(lambda m: _resolve(nodes[m.group(1)], nodes, depth + 1) if m.group(1) in nodes
                         else m.group(0), text)


def structure(text: str) -> Structure:
    lines = text.splitlines()
    groups = {m.group(1): _attrs(m.group(2))
              for m in (re.match(r"^attributes #(\d+) = \{ (.*) \}$", ln) for ln in lines) if m}
    nodes = {m.group(1): m.group(2) for m in (re.match(r"^!(\d+) = (.*)$", ln) for ln in lines) if m}
    triple = next(m.group(1) for m in (re.match(r'^target triple = "(.*)"$', ln) for ln in lines) if m)
    datalayout = next((m.group(1) for m in (re.match(r'^target datalayout = "(.*)"$', ln) for ln in lines)
                       if m), None)
    functions: dict[str, Function] = {}
    top: list[str] = []  # the lines outside function bodies
    i = 0
    while i < len(lines):
        m = _HEADER.match(lines[i])
        i += 1
        if not m:
            top.append(lines[i - 1])
            continue
        kind, pre, name, params, suffix = m.groups()
        words = pre.split()
        keywords = frozenset(w for w in words if w in _KEYWORDS)
        ret = " ".join(w for w in words if w not in _KEYWORDS)
        attrs: set[tuple[str, str]] = set()
        for ref in re.findall(r"#(\d+)", suffix):
            attrs |= groups[ref]
        attrs |= _attrs(re.sub(r"#\d+|!\w+ !\d+", "", suffix))
        metadata = tuple(sorted((k, _resolve(nodes[v], nodes))
                                for k, v in re.findall(r"!(\w+) !(\d+)", suffix)))
        body = []
        if kind == "define":
            while lines[i] != "}":
                body.append(lines[i])
                i += 1
            i += 1
        functions[name] = Function(kind, keywords, ret, tuple(_param(p) for p in _split_params(params)),
                                   frozenset(attrs), metadata, tuple(body))
    named = {m.group(1): _resolve(m.group(2), nodes)
             for m in (re.match(r"^!([A-Za-z][\w.]*) = (.*)$", ln) for ln in lines) if m}
    other = tuple(sorted(ln for ln in top if not _NOT_OTHER.match(ln)))
    return Structure(datalayout, triple, functions, named, other)


def adapted(toolchain: Toolchain, text: str, tmp_path: Path, stem: str) -> str:
    """The official SPIR-V writer adaptor's output for a genx-form module, as llvm-dis-14 prints it."""
    src = tmp_path / f"{stem}.ll"
    src.write_text(text)
    bc = tmp_path / f"{stem}.adapted.bc"
    subprocess.run([str(toolchain.genx_check()), "adapt", str(src), str(bc), str(tmp_path / f"{stem}.a.ll")],
                   check=True, capture_output=True, timeout=120)
    return _dis(bc)


def canonical(text: str, tmp_path: Path, stem: str) -> str:
    """``text`` as LLVM 14 prints it (constants, spacing and attribute groups canonical)."""
    bc = tmp_path / f"{stem}.ours.bc"
    subprocess.run(["llvm-as-14", "-o", str(bc)], input=text, text=True, check=True, capture_output=True)
    return _dis(bc)


def _dis(bc: Path) -> str:
    out = subprocess.run(["llvm-dis-14", "-o", "-", str(bc)], check=True, capture_output=True, text=True)
    return out.stdout


def assert_same_structure(ours: str, official: str) -> None:
    a, b = structure(ours), structure(official)
    assert a.datalayout == b.datalayout
    assert a.triple == b.triple == "spir64"
    assert a.named_metadata == b.named_metadata
    assert a.other == b.other
    assert sorted(a.functions) == sorted(b.functions)
    for name in a.functions:
        assert a.functions[name] == b.functions[name], f"@{name} differs from the adaptor's"


@pytest.mark.parametrize(("target", "path"), CASES, ids=[f"{t}-{p.stem}" for t, p in CASES])
def test_spirv_form_matches_the_official_adaptor(target: str, path: Path, toolchain: Toolchain,
                                                 tmp_path: Path) -> None:
    text = path.read_text()
    ours = lower_text(text, path.name, target=target, abi="spirv")
    official = adapted(toolchain, lower_text(text, path.name, target=target), tmp_path, path.stem)
    assert_same_structure(canonical(ours, tmp_path, path.stem), official)


def test_subroutine_scalar_args_slm_and_barriers_match_the_adaptor(toolchain: Toolchain,
                                                                   tmp_path: Path) -> None:
    ours = render_module(*two_kernels_and_a_subroutine(), abi="spirv")
    verify_llvm(ours)
    official = adapted(toolchain, render_module(*two_kernels_and_a_subroutine()), tmp_path, "two")
    assert_same_structure(canonical(ours, tmp_path, "two"), official)


def test_spirv_form_by_reasoning() -> None:
    """Independent of the toolchain: the facts of genx-reference.md §2 in the rendered text."""
    text = render_module(*two_kernels_and_a_subroutine(), abi="spirv")
    assert 'target triple = "spir64"' in text
    assert "!genx.kernels" not in text
    s = structure(text)
    sync, scale, helper = s.functions["sync_kernel"], s.functions["scale"], s.functions["scale.twice"]
    assert sync.keywords == scale.keywords == {"dllexport", "spir_kernel"}
    assert sync.attrs == {("CMGenxMain", ""), ("VCFunction", ""), ("oclrt", "1"), ("VCSLMSize", "1024"),
                          ("VCNamedBarrierCount", "2")}
    assert scale.attrs >= {("VCSLMSize", "0"), ("VCNamedBarrierCount", "0")}
    assert sync.metadata == scale.metadata == (("intel_reqd_sub_group_size", "!{i32 1}"),)
    svm = frozenset({("VCArgumentKind", "0"), ("VCArgumentIOKind", "0"), ("VCArgumentDesc", "svmptr_t")})
    plain = frozenset({("VCArgumentKind", "0"), ("VCArgumentIOKind", "0"), ("VCArgumentDesc", "")})
    assert scale.params == (("i64", svm), ("i32", plain))
    assert helper.keywords == {"internal"} and helper.attrs == {("VCFunction", "")} and not helper.metadata
    assert all(f.attrs == {("VCFunction", "")} for f in s.functions.values() if f.kind == "declare")


def test_structure_sees_differences() -> None:
    """The comparison is not vacuous: a dropped parameter attribute or kernel attribute differs."""
    text = render_module(*two_kernels_and_a_subroutine(), abi="spirv")
    for mutated in (text.replace('"VCArgumentIOKind"="0" ', "", 1), text.replace(' "oclrt"="1"', ""),
                    text.replace("spir_kernel ", "", 1), text.replace("!{i32 1}", "!{i32 16}")):
        assert mutated != text
        with pytest.raises(AssertionError):
            assert_same_structure(mutated, text)


def test_structure_sees_module_level_differences() -> None:
    """The data layout, named metadata (its name and what it holds, however deep) and any other
    module-level line count; metadata node numbers do not."""
    text = render_module(*two_kernels_and_a_subroutine(), abi="spirv").rstrip("\n") + "\n"
    named = text + '!llvm.ident = !{!90}\n!90 = !{!"v", !91}\n!91 = !{i32 1}\n'
    assert_same_structure(text + '!llvm.ident = !{!80}\n!80 = !{!"v", !81}\n!81 = !{i32 1}\n', named)
    assert 'target datalayout = "e-p:64:64-' in text
    changed = {
        "data layout": (text.replace('datalayout = "e-p:64:64-', 'datalayout = "e-p:32:32-'), text),
        "no data layout": (re.sub(r"^target datalayout = .*\n", "", text, flags=re.M), text),
        "named metadata added": (named, text),
        "named metadata renamed": (named.replace("!llvm.ident =", "!opencl.ident ="), named),
        "a nested operand": (named.replace("!91 = !{i32 1}", "!91 = !{i32 2}"), named),
        "a global": (text + "@g = internal global i32 0\n", text),
    }
    for what, (mutated, original) in changed.items():
        assert mutated != original, what
        with pytest.raises(AssertionError):
            assert_same_structure(mutated, original)
