"""KernelModule -> llvmlite module + kernel ABI records: one LLVM function per kernel."""

from __future__ import annotations

from importlib import import_module

from llvmlite import ir

from genx_emit.diagnostics import Location, did_you_mean, error
from genx_emit.emit import TRIPLES, KernelArg, KernelInfo
from genx_emit.genx.intrinsics import Intrinsics
from genx_emit.genx.regions import drop_dead_views, drop_unused_region_declarations, rebase_loop_carries
from genx_emit.lower.analysis import metadata, slm
from genx_emit.lower.analysis.decide import decide
from genx_emit.lower.analysis.simt_check import check_simt
from genx_emit.lower.analysis.target_types import check_types
from genx_emit.lower.context import I32, FuncContext, llvm_name, llvm_type
from genx_emit.lower.ops.control import lower_function_body
from genx_emit.lower.transforms.fences import drop_redundant_fences
from genx_emit.lower.transforms.grf import choose_grf, straight_grfs
from genx_emit.lower.transforms.sink import sink_loads
from genx_emit.mlir.types import MemRefType
from genx_emit.ops import FAMILIES
from genx_emit.ops.control import For
from genx_emit.ops.model import Func, KernelModule, paused_gc, walk_ops
from genx_emit.targets import Target

# Each family's lowering module (lower/<family>.py, named as ops/<family>.py) registers the
# lowerings of its ops on import.
for _family in FAMILIES:
    import_module(f"genx_emit.lower.ops.{_family}")


def lower_module(km: KernelModule, target: Target, kernel: str | None = None,
                 module_name: str = "genx_emit", legalize: bool = True,
                 source_of: dict | None = None, grf: str = "auto",
                 block2d_form: str = "payload") -> tuple[ir.Module, list[KernelInfo]]:
    """Lower every kernel of ``km`` (or only ``kernel``) for ``target``; ``legalize=False`` keeps
    every region access in one piece (the raw form, for inspection). ``source_of`` (--annotate)
    is filled with id(instruction) -> the location of the op it was lowered from; ``grf`` is
    the register-file size ("auto", "128", "256"; see lower/transforms/grf.py); ``block2d_form`` picks how
    2D block messages are sent (``lower/messages/block2d_send.py``)."""
    funcs = select_kernels(km, kernel)
    module = ir.Module(name=module_name)
    module.triple = TRIPLES["genx"]
    intr = Intrinsics(module)
    with paused_gc():  # the analyses and the lowering allocate long-lived objects (see paused_gc)
        infos = [_lower_kernel(module, intr, target, f, legalize, source_of, grf, block2d_form)
                 for f in funcs]
    drop_unused_region_declarations(module)
    return module, infos


def select_kernels(km: KernelModule, kernel: str | None) -> list[Func]:
    """The kernels to lower; a located error when there are none or ``kernel`` names none."""
    kernels = [f for f in km.funcs if f.is_kernel]
    if kernel is not None:
        chosen = [f for f in kernels if f.name == kernel]
        if not chosen and kernels:
            names = [f.name for f in kernels]
            near = did_you_mean(kernel, names)
            at = next((f for f in kernels if near and f.name in near), kernels[0])
            raise error(at.loc, f"no kernel named '{kernel}' (--kernel){near or ''} "
                                f"(kernels in the input: {', '.join(names)})")
        kernels = chosen
    if kernels:
        return kernels
    if km.funcs:  # functions, but none marked as a kernel
        f = km.funcs[0]
        raise error(f.loc, f"the input has no kernel: '@{f.name}' is a device function without the "
                           "'kernel' attribute (gpu.func @name(...) kernel); a device function is "
                           "compiled where a kernel calls it (inlined)")
    filename, text = next(iter(km.sources.items()), ("<stdin>", ""))
    code = [i for i, t in enumerate(text.splitlines(), 1) if t.strip() and not t.lstrip().startswith("//")]
    if not code:  # at its first line (a --split-input-file chunk is padded with blank lines)
        first = len(text) - len(text.lstrip("\n")) + 1
        raise error(Location(filename, first, 1), "the input has no code: expected a gpu.module holding a "
                                                  "gpu.func ... kernel")
    line = code[0]
    raise error(Location(filename, line, 1), "the input has no gpu.func ... kernel inside a gpu.module")


def _lower_kernel(module: ir.Module, intr: Intrinsics, target: Target, f: Func, legalize: bool,
                  source_of: dict | None = None, grf: str = "auto",
                  block2d_form: str = "payload") -> KernelInfo:
    check_types(f, target)
    check_simt(f, target)
    if any(isinstance(op, For) for block in f.all_blocks() for op in walk_ops(block)):
        from genx_emit.lower.transforms.fission import fission  # only kernels with loops (start-up)

        fission(f, target)  # before any analysis: it rewrites K loops too big for the register file
    params = [llvm_type(a.type, a.loc) for a in f.args]
    fn = ir.Function(module, ir.FunctionType(ir.VoidType(), params), name=f.name)
    entry = fn.append_basic_block("entry")
    # every decision on the ops before any is lowered (again: fission may have changed them)
    consumers = decide(f, target, check=False)
    barriers = metadata.named_barrier_count(f, target)
    placed = slm.layout(f, target)
    facts = None
    if target.block2d is None:  # row messages and their guards (lower/dg2/nd_rows.py)
        from genx_emit.lower.dg2 import inbounds  # (only such targets load the loop analysis)

        facts = inbounds.function_facts(f.body, [b.ops for b in f.blocks])
    ctx = FuncContext(module=module, intr=intr, target=target, function=fn, builder=ir.IRBuilder(entry),
                      consumers=consumers, inbounds=facts, legalize=legalize, source_of=source_of,
                      block2d_form=block2d_form)
    for a, p in zip(f.args, fn.args, strict=True):
        p.name = llvm_name(a)
        ctx.set(a, p)
    for v in f.workgroup:
        ctx.set(v, ir.Constant(I32, placed.offsets[v]))
    lower_function_body(ctx, f.body, f.blocks)
    if not ctx.builder.block.is_terminated:
        ctx.builder.ret_void()
    drop_redundant_fences(fn, intr, source_of)
    drop_dead_views(fn, ctx.regions.bypassed, source_of)
    rebase_loop_carries(fn)
    modes = target.grf_modes
    if straight_grfs(f, target) > modes.large - modes.auto_reserve:
        sink_loads(fn)  # the tiles loaded up front would not fit even the large file
    args = []
    addresses = metadata.address_arguments(f)
    for a in f.args:
        is_ptr = isinstance(a.type, MemRefType) or a in addresses
        args.append(KernelArg(name=llvm_name(a), desc="svmptr_t" if is_ptr else ""))
    size = choose_grf(f, target, grf)
    return KernelInfo(function=fn, args=args, slm_size=placed.size, named_barriers=barriers,
                      grf=None if size == target.grf_modes.default else size)
