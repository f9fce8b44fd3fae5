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
from collections.abc import Callable
from dataclasses import dataclass, field

import jinja2
from llvmlite import binding as llvm
from llvmlite import ir

from genx_emit.resources import data_dir

DATALAYOUT = "e-p:64:64-i64:64-n8:16:32:64"
# ABIs: "genx" is the form a CM front end writes (genx.kernels metadata); "spirv" is what the
# vc-intrinsics SPIR-V writer adaptor makes of it, ready for llvm-spirv (genx-reference.md §2).
TRIPLES = {"genx": "genx64-unknown-unknown", "spirv": "spir64"}
ABIS = tuple(TRIPLES)
KERNEL_ATTRS = {"CMGenxMain": None, "oclrt": "1"}
# A kernel that asks for a register file other than the default carries its size in this
# attribute (see lower/transforms/grf.py); ``compile`` reads it back to ask IGC for it.
GRF_ATTR = "genx-emit-grf"
_GRF_ATTR_RE = re.compile(r'"genx-emit-grf"="(\d+)"')


def module_grf(text: str) -> int | None:
    """The largest register-file size a kernel of the emitted ``text`` asks for (None: default)."""
    sizes = [int(m) for m in _GRF_ATTR_RE.findall(text)]
    return max(sizes) if sizes else None
VC_FUNCTION = "VCFunction"  # every function of a SPIR-V-ready module, kernels included
SUB_GROUP_SIZE = 1  # !intel_reqd_sub_group_size: a VC kernel is one thread, SIMD1 to the runtime
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
    grf: int | None = None  # register-file size in GRFs when not the target's default


def _unquote(text: str) -> str:
    """Drop llvmlite's quotes around @/% names that LLVM reads unquoted."""
    parts = text.split('"')
    if len(parts) % 2 == 0:  # an unpaired quote: the careful scan
        return _unquote_scan(text)
    # Quotes pair up as _QUOTED's scan pairs them: the odd parts are quoted (a name after its
    # @/% sigil, or a string), the even ones are between. Splitting is several times faster
    # than a substitution calling back into Python per quoted name.
    out = [parts[0]]
    for i in range(1, len(parts), 2):
        inner, before = parts[i], parts[i - 1]
        if before and before[-1] in "@%" and _IDENT.fullmatch(inner):
            out.append(inner)
        else:
            out += ('"', inner, '"')
        out.append(parts[i + 1])
    return "".join(out)


def _unquote_scan(text: str) -> str:
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
    from genx_emit.genx.table_cache import template_cache

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("templates"))),
        bytecode_cache=template_cache(),  # type: ignore[arg-type]
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


def _typed(v: ir.Value) -> str:
    return f"{v.type} {v.get_reference()}"


def _instruction_text(ins: ir.Instruction) -> str:
    """An instruction as llvmlite writes it (``str(ins)``), character for character. The kinds
    that make most of a body (plain calls, casts, element inserts and extracts) are written here
    at a fraction of the cost of llvmlite's general formatting; any other goes to llvmlite."""
    kind = type(ins)
    if kind is ir.InsertElement or kind is ir.ExtractElement:  # (llvmlite prints no metadata on these)
        text = f"{ins.opname} {', '.join([_typed(v) for v in ins.operands])}"
    elif kind is ir.CastInstr and not ins.metadata:
        v = ins.operands[0]
        text = f"{ins.opname} {v.type} {v.get_reference()} to {ins.type}"
    elif (isinstance(ins, ir.CallInstr) and not isinstance(ins, ir.InvokeInstr) and not ins.metadata
          and not (ins.arg_attributes or ins.attributes or ins.fastmath or ins.tail or ins.cconv)
          and not ins.operands[0].function_type.var_arg):
        callee = ins.operands[0]
        args = ", ".join([_typed(v) for v in ins.operands[1:]])
        text = f"call {callee.function_type.return_type} {callee.get_reference()}({args})"
    else:
        return str(ins)
    return text if isinstance(ins.type, ir.VoidType) else f"{ins.get_reference()} = {text}"


def _body(fn: ir.Function, annotate: Annotate | None = None) -> str:
    buf: list[str] = []
    if annotate is None:
        for block in fn.blocks:  # the lines of llvmlite's Block.descr
            buf.append(f"{block._format_name()}:\n")
            buf += [f"  {_instruction_text(ins)}\n" for ins in block.instructions]
        return _unquote("".join(buf)).rstrip("\n")
    fn.descr_body(buf)
    # llvmlite writes one entry per block label and per instruction, in order; the comments are
    # added after unquoting, which must not touch them.
    instructions = [ins for block in fn.blocks for ins in [None, *block.instructions]]
    lines = [annotate(ins, _unquote(line)) if ins is not None else _unquote(line)
             for line, ins in zip(buf, instructions, strict=True)]
    return "".join(lines).rstrip("\n")


# --annotate: (instruction, its line "  ...\n") -> the line with comments added
Annotate = Callable[[ir.Instruction, str], str]


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


def _attr(key: str, value: str | None) -> str:
    """A string attribute as LLVM prints it (an empty value prints as the bare key)."""
    return f'"{_escape(key)}"' if not value else f'"{_escape(key)}"="{_escape(value)}"'


def _attr_list(attrs: dict[str, str | None]) -> str:
    return " ".join(_attr(k, attrs[k]) for k in sorted(attrs))


class _AttributeGroups:
    """Attribute groups numbered in order of first use, one per distinct attribute list."""

    def __init__(self) -> None:
        self.groups: dict[str, int] = {}

    def ref(self, text: str) -> str:
        return f"#{self.groups.setdefault(text, len(self.groups))}"

    def rendered(self) -> list[dict[str, object]]:
        return [{"index": i, "attrs": text} for text, i in self.groups.items()]


def _kernel_attrs(info: KernelInfo) -> dict[str, str | None]:
    return KERNEL_ATTRS if info.grf is None else {**KERNEL_ATTRS, GRF_ATTR: str(info.grf)}


def _spirv_kernel_attrs(info: KernelInfo) -> dict[str, str | None]:
    return {**_kernel_attrs(info), VC_FUNCTION: None, "VCNamedBarrierCount": str(info.named_barriers),
            "VCSLMSize": str(info.slm_size)}


def _spirv_params(fn: ir.Function, info: KernelInfo) -> str:
    """Kernel parameters with the per-argument attributes the writer adaptor derives from
    genx.kernels ops 2 (kind), 5 (IO kind) and 6 (type description)."""
    params = []
    for a, ka in zip(fn.args, info.args, strict=True):
        attrs = {"VCArgumentDesc": ka.desc, "VCArgumentIOKind": str(ka.io_kind),
                 "VCArgumentKind": str(ka.kind)}
        params.append(f"{a.type} {_attr_list(attrs)} {a.get_reference()}")
    return _unquote(", ".join(params))


def render_module(module: ir.Module, kernels: list[KernelInfo], kernel_md: str = "current",
                  abi: str = "genx", annotate: Annotate | None = None) -> str:
    """The module as LLVM IR text: header, sorted declarations, functions in module order,
    attribute groups, and the kernel ABI.

    ``abi="genx"`` (default): triple genx64, ``!genx.kernels`` in the ``kernel_md`` layout
    ("current" or "legacy"). ``abi="spirv"``: the SPIR-V-ready form of the same module, as
    the vc-intrinsics writer adaptor makes it: triple spir64, ``spir_kernel`` kernels whose ABI
    facts are function and parameter attributes, ``"VCFunction"`` on every function.

    Linkage comes from the role, whatever the llvmlite function says: kernels are ``dllexport``
    with the kernel attributes, every other defined function is ``internal`` (keeping its
    llvmlite function attributes). The module itself is not modified."""
    if abi not in ABIS:
        raise ValueError(f"abi must be one of {list(ABIS)}, got {abi!r}")
    if kernel_md not in KERNEL_MD_LAYOUTS:
        raise ValueError(f"kernel_md must be one of {sorted(KERNEL_MD_LAYOUTS)}, got {kernel_md!r}")
    if abi == "spirv" and kernel_md != "current":
        raise ValueError("the SPIR-V-ready form has no genx.kernels: kernel_md does not apply")
    others = [g.name for g in module.global_values if not isinstance(g, ir.Function)]
    if others:
        raise ValueError(f"GenX modules have no global variables; found {others}")
    if module.namedmetadata or module.metadata:
        raise ValueError("module-level metadata is not supported: render_module numbers all metadata itself")
    functions = list(module.functions)
    infos = {k.function.name: k for k in kernels}
    if len(infos) != len(kernels):
        raise ValueError(f"a kernel is listed twice: {[k.function.name for k in kernels]}")
    for k in kernels:
        if module.globals.get(k.function.name) is not k.function or not k.function.blocks:
            raise ValueError(f"kernel {k.function.name} is not a function defined in this module")
    kernel_contexts = [_kernel_context(k, i) for i, k in enumerate(kernels)]  # validates the infos

    spirv = abi == "spirv"
    groups = _AttributeGroups()
    declarations = []
    if spirv and any(not f.blocks for f in functions):
        vc_group = groups.ref(_attr_list({VC_FUNCTION: None}))
    for fn in sorted((f for f in functions if not f.blocks), key=lambda f: f.name):
        declarations.append(_declaration(fn) + (f" {vc_group}" if spirv else ""))
    defined = []
    for fn in functions:
        if not fn.blocks:
            continue
        info = infos.get(fn.name)
        if info is None:
            own = sorted(str(a) for a in fn.attributes)
            if spirv:
                own = sorted([*own, _attr(VC_FUNCTION, None)])
                suffix = " " + groups.ref(" ".join(own))
            else:
                suffix = "".join(f" {a}" for a in own)
            linkage, params = "internal", _unquote(", ".join(str(a) for a in fn.args))
        elif spirv:
            linkage, params = "dllexport spir_kernel", _spirv_params(fn, info)
            suffix = f" {groups.ref(_attr_list(_spirv_kernel_attrs(info)))} !intel_reqd_sub_group_size !0"
        else:
            linkage, params = "dllexport", _unquote(", ".join(str(a) for a in fn.args))
            suffix = " " + groups.ref(_attr_list(_kernel_attrs(info)))
        defined.append({"linkage": linkage, "ref": _global_ref(fn.name),
                        "ret": str(fn.function_type.return_type), "params": params, "suffix": suffix,
                        "body": _body(fn, annotate)})
    template = _environment().get_template("module.ll.j2")
    return _number_loops(template.render(
        datalayout=DATALAYOUT,
        triple=TRIPLES[abi],
        declarations=declarations,
        functions=defined,
        attribute_groups=groups.rendered(),
        kernels=kernel_contexts,
        kernel_md_template=None if spirv or not kernels else KERNEL_MD_LAYOUTS[kernel_md],
        metadata=[f"!0 = !{{i32 {SUB_GROUP_SIZE}}}"] if spirv and kernels else [],
    ))


# A loop the backend must not unroll (``!llvm.loop`` with ``llvm.loop.unroll.disable``): code kept
# small on purpose, e.g. the row loop of an edge tile's slow path. llvmlite metadata would be
# module metadata, which render_module numbers itself, so the branch carries a stand-in reference
# that render_module replaces with numbered nodes after the kernels' metadata.
_NO_UNROLL_REF = "!no.unroll"


class _NoUnroll:
    @staticmethod
    def get_reference() -> str:
        return _NO_UNROLL_REF


def mark_no_unroll(back_edge: ir.Instruction) -> None:
    """Attach ``!llvm.loop`` (unroll disabled) to the branch closing a loop."""
    back_edge.metadata["llvm.loop"] = _NoUnroll()  # type: ignore[assignment]


def _number_loops(text: str) -> str:
    """Give every marked loop its own self-referencing ``!llvm.loop`` node, numbered after the
    module's other metadata, all sharing one ``llvm.loop.unroll.disable`` hint node."""
    n = text.count(_NO_UNROLL_REF)
    if not n:
        return text
    used = [int(m) for m in re.findall(r"^!(\d+) = ", text, flags=re.M)]
    hint = max(used) + 1 if used else 0
    ids = iter(range(hint + 1, hint + 1 + n))
    text = re.sub(re.escape(_NO_UNROLL_REF) + r"\b", lambda _: f"!{next(ids)}", text)
    nodes = [f'!{hint} = !{{!"llvm.loop.unroll.disable"}}']
    nodes += [f"!{k} = !{{!{k}, !{hint}}}" for k in range(hint + 1, hint + 1 + n)]
    return text.rstrip("\n") + ("\n" if used else "\n\n") + "\n".join(nodes) + "\n"


def verify_llvm(text: str) -> None:
    """Parse and verify ``text`` with llvmlite's LLVM; RuntimeError (an internal error) if invalid."""
    try:
        mod = llvm.parse_assembly(text)
        mod.verify()
    except RuntimeError as e:
        raise RuntimeError(f"internal error: the emitted LLVM IR is invalid: {str(e).strip()}") from e


def release_module(module: ir.Module) -> None:
    """Cut the parent links of a rendered module (instruction <-> block <-> function <-> module:
    reference cycles) so that dropping it frees it by reference counts. Otherwise a big kernel's
    module, several objects per op, waits for the cyclic collector, whose walk over it costs as
    much again. The module is empty after."""
    for g in module.globals.values():
        if isinstance(g, ir.Function):
            for block in g.blocks:
                block.instructions.clear()
            g.blocks.clear()
            g.args = ()
    module.globals.clear()
    module.metadata.clear()
    module.namedmetadata.clear()
    module._metadatacache.clear()
