"""Final module assembly: an llvmlite module + kernel ABI facts -> GenX LLVM IR text.

llvmlite builds the function bodies; what it cannot express (string attribute groups, typed-
pointer function references in named metadata, dllexport kernels next to internal subroutines)
comes from the Jinja2 templates in ``templates/``. The text is byte-deterministic and free of
llvmlite's quoting of every name (``%"a.tile"`` is written ``%a.tile``), so golden diffs read
like hand-written IR.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

import jinja2
from llvmlite import binding as llvm
from llvmlite import ir

from genx_emit.resources import data_dir

DATALAYOUT = "e-p:64:64-i64:64-n8:16:32:64"
TRIPLE = "genx64-unknown-unknown"
KERNEL_MD_LAYOUTS = {"current": "kernels_current.j2", "legacy": "kernels_legacy.j2"}
FIRST_ARG_OFFSET = 32  # the toolchain recomputes offsets; any consistent layout is accepted

_IDENT = re.compile(r"[-a-zA-Z$._][-a-zA-Z$._0-9]*")
# A quoted @/% name, or any other string literal (skipped so its contents are never touched).
# llvmlite escapes '"' inside strings as \22, so a string never contains a raw quote.
_QUOTED = re.compile(r'([@%])"([^"]*)"|"[^"]*"')
_AUTO_NAME = re.compile(r"\.\d+")  # llvmlite's name for an unnamed value


@dataclass
class KernelArg:
    """One kernel parameter's ABI facts (genx.kernels ops 2, 5, 6)."""

    name: str
    kind: int = 0  # 0 general, 1 sampler, 2 surface; implicit args use higher bits
    io_kind: int = 0  # 0 normal, 1 in, 2 out, 3 in/out
    desc: str = "svmptr_t"


@dataclass
class KernelInfo:
    """A kernel: its llvmlite function (defined, returning void) and ABI facts."""

    function: ir.Function
    args: list[KernelArg] = field(default_factory=list)
    slm_size: int = 0  # bytes
    named_barriers: int = 0


def _unquote(text: str) -> str:
    """Drop llvmlite's quotes around @/% names that LLVM reads unquoted."""

    def repl(m: re.Match[str]) -> str:
        sigil, name = m.group(1), m.group(2)
        if sigil and _IDENT.fullmatch(name):
            return sigil + name
        return m.group(0)

    return _QUOTED.sub(repl, text)


def _escape(s: str) -> str:
    """The body of an LLVM string literal: printable ASCII as is, other bytes (UTF-8) as \\XX."""
    return "".join(
        chr(b) if 0x20 <= b < 0x7F and chr(b) not in '"\\' else f"\\{b:02X}" for b in s.encode("utf-8")
    )


def _global_ref(name: str) -> str:
    return "@" + name if _IDENT.fullmatch(name) else f'@"{_escape(name)}"'


def _mdstring(s: str) -> str:
    return f'!"{_escape(s)}"'


def _type_bytes(t: ir.Type) -> int:
    if isinstance(t, ir.IntType):
        return max(1, t.width // 8)
    if isinstance(t, ir.VectorType):
        return t.count * _type_bytes(t.element)
    sizes = {ir.HalfType: 2, ir.FloatType: 4, ir.DoubleType: 8, ir.PointerType: 8}
    for cls, size in sizes.items():
        if isinstance(t, cls):
            return size
    raise ValueError(f"kernel argument type {t} is not supported")


def _arg_offsets(types: list[ir.Type]) -> list[int]:
    """Naturally aligned (power of two, at most 32 bytes) offsets from FIRST_ARG_OFFSET."""
    offsets, at = [], FIRST_ARG_OFFSET
    for t in types:
        size = _type_bytes(t)
        align = min(32, 1 << (size - 1).bit_length())
        at = (at + align - 1) // align * align
        offsets.append(at)
        at += size
    return offsets


@functools.cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("templates"))),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["mdnode"] = lambda items: "!{" + ", ".join(items) + "}"
    env.filters["mdref"] = lambda index, per: f"!{index * per}"
    return env


def _declaration(fn: ir.Function) -> str:
    fnty = fn.function_type
    params = [str(t) for t in fnty.args] + (["..."] if fnty.var_arg else [])
    return f"declare {fnty.return_type} {_global_ref(fn.name)}({', '.join(params)})"


def _body(fn: ir.Function) -> str:
    buf: list[str] = []
    fn.descr_body(buf)
    return _unquote("".join(buf)).rstrip("\n")


def _kernel_context(info: KernelInfo, index: int) -> dict[str, object]:
    fn = info.function
    where = f"kernel {fn.name}"
    fnty = fn.function_type
    if not isinstance(fnty.return_type, ir.VoidType):
        raise ValueError(f"{where}: a kernel returns void, not {fnty.return_type}")
    if len(info.args) != len(fn.args):
        raise ValueError(f"{where}: {len(info.args)} KernelArgs for {len(fn.args)} parameters")
    for ka, param in zip(info.args, fn.args, strict=True):
        # Catches swapped arg lists; unnamed llvmlite params (".N") carry no name to compare.
        if not _AUTO_NAME.fullmatch(param.name) and ka.name != param.name:
            raise ValueError(f"{where}: KernelArg {ka.name!r} describes parameter {param.name!r}")
    for what, value in (("slm_size", info.slm_size), ("named_barriers", info.named_barriers)):
        if not isinstance(value, int) or value < 0:
            raise ValueError(f"{where}: {what} must be a non-negative int, got {value!r}")
    return {
        "index": index,
        "fnref": f"{fnty}* {_global_ref(fn.name)}",
        "name": _mdstring(fn.name),
        "kinds": [f"i32 {a.kind}" for a in info.args],
        "slm_size": info.slm_size,
        "offsets": [f"i32 {o}" for o in _arg_offsets(list(fnty.args))],
        "io_kinds": [f"i32 {a.io_kind}" for a in info.args],
        "descs": [_mdstring(a.desc) for a in info.args],
        "named_barriers": info.named_barriers,
    }


def render_module(module: ir.Module, kernels: list[KernelInfo], kernel_md: str = "current") -> str:
    """The module as GenX LLVM IR text: header, sorted declarations, functions in module order,
    the kernel attribute group and ``!genx.kernels`` (``kernel_md``: "current" or "legacy").

    Linkage comes from the role, whatever the llvmlite function says: kernels are ``dllexport``
    with the kernel attribute group, every other defined function is ``internal`` (keeping its
    llvmlite function attributes). The module itself is not modified."""
    if kernel_md not in KERNEL_MD_LAYOUTS:
        raise ValueError(f"kernel_md must be one of {sorted(KERNEL_MD_LAYOUTS)}, got {kernel_md!r}")
    others = [g.name for g in module.global_values if not isinstance(g, ir.Function)]
    if others:
        raise ValueError(f"GenX modules have no global variables; found {others}")
    if module.namedmetadata or module.metadata:
        raise ValueError("module-level metadata is not supported: render_module numbers all metadata itself")
    functions = list(module.functions)
    kernel_names = [k.function.name for k in kernels]
    if len(set(kernel_names)) != len(kernel_names):
        raise ValueError(f"a kernel is listed twice: {kernel_names}")
    for k in kernels:
        if module.globals.get(k.function.name) is not k.function or not k.function.blocks:
            raise ValueError(f"kernel {k.function.name} is not a function defined in this module")

    declarations = sorted((f for f in functions if not f.blocks), key=lambda f: f.name)
    defined = []
    for fn in functions:
        if not fn.blocks:
            continue
        params = _unquote(", ".join(str(a) for a in fn.args))
        attrs = " ".join(sorted(str(a) for a in fn.attributes))
        defined.append(
            {
                "kernel": fn.name in kernel_names,
                "ref": _global_ref(fn.name),
                "ret": str(fn.function_type.return_type),
                "params": params,
                "attrs": f" {attrs}" if attrs else "",
                "body": _body(fn),
            }
        )
    template = _environment().get_template("module.ll.j2")
    return template.render(
        datalayout=DATALAYOUT,
        triple=TRIPLE,
        declarations=[_declaration(f) for f in declarations],
        functions=defined,
        kernels=[_kernel_context(k, i) for i, k in enumerate(kernels)],
        kernel_attr_group=0,
        kernel_md_template=KERNEL_MD_LAYOUTS[kernel_md],
    )


def verify_llvm(text: str) -> None:
    """Parse and verify ``text`` with llvmlite's LLVM; RuntimeError (an internal error) if invalid."""
    try:
        mod = llvm.parse_assembly(text)
        mod.verify()
    except RuntimeError as e:
        raise RuntimeError(f"internal error: the emitted LLVM IR is invalid: {str(e).strip()}") from e
