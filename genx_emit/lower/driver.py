"""KernelModule -> llvmlite module + kernel ABI records: one LLVM function per kernel."""

from __future__ import annotations

from importlib import import_module

from llvmlite import ir

from genx_emit.diagnostics import error
from genx_emit.emit import TRIPLES, KernelArg, KernelInfo
from genx_emit.genx.intrinsics import Intrinsics
from genx_emit.lower import slm
from genx_emit.lower.context import FuncContext, llvm_name, llvm_type
from genx_emit.lower.control import lower_function_body
from genx_emit.lower.simt_check import check_simt
from genx_emit.lower.target_types import check_types
from genx_emit.mlir.types import MemRefType
from genx_emit.ops import FAMILIES
from genx_emit.ops.model import Func, KernelModule
from genx_emit.targets import Target

# Each family's lowering module (lower/<family>.py, named as ops/<family>.py) registers the
# lowerings of its ops on import.
for _family in FAMILIES:
    import_module(f"genx_emit.lower.{_family}")


def lower_module(km: KernelModule, target: Target, kernel: str | None = None,
                 module_name: str = "genx_emit", legalize: bool = True,
                 block2d_form: str = "payload") -> tuple[ir.Module, list[KernelInfo]]:
    """Lower every kernel of ``km`` (or only ``kernel``) for ``target``; ``legalize=False`` keeps
    every region access in one piece (the raw form, for inspection); ``block2d_form`` picks how
    2D block messages are sent (``lower/block2d_send.py``)."""
    funcs = [f for f in km.funcs if f.is_kernel]
    if kernel is not None:
        funcs = [f for f in funcs if f.name == kernel]
        if not funcs:
            names = ", ".join(f.name for f in km.funcs if f.is_kernel) or "none"
            raise error(None, f"no kernel named '{kernel}' (kernels in the input: {names})")
    if not funcs:
        raise error(None, "the input has no gpu.func ... kernel inside a gpu.module")
    module = ir.Module(name=module_name)
    module.triple = TRIPLES["genx"]
    intr = Intrinsics(module)
    return module, [_lower_kernel(module, intr, target, f, legalize, block2d_form) for f in funcs]


def _lower_kernel(module: ir.Module, intr: Intrinsics, target: Target, f: Func, legalize: bool,
                  block2d_form: str) -> KernelInfo:
    check_types(f, target)
    check_simt(f, target)
    params = [llvm_type(a.type, a.loc) for a in f.args]
    fn = ir.Function(module, ir.FunctionType(ir.VoidType(), params), name=f.name)
    entry = fn.append_basic_block("entry")
    ctx = FuncContext(module=module, intr=intr, target=target, function=fn, builder=ir.IRBuilder(entry),
                      legalize=legalize, block2d_form=block2d_form)
    for a, p in zip(f.args, fn.args, strict=True):
        p.name = llvm_name(a)
        ctx.set(a, p)
    slm.place_workgroup_attributions(ctx, f.workgroup)
    lower_function_body(ctx, f.body, f.blocks)
    if not ctx.builder.block.is_terminated:
        ctx.builder.ret_void()
    args = []
    for a in f.args:
        is_ptr = isinstance(a.type, MemRefType) or a in ctx.address_values
        args.append(KernelArg(name=llvm_name(a), desc="svmptr_t" if is_ptr else ""))
    return KernelInfo(function=fn, args=args, slm_size=ctx.slm_size, named_barriers=ctx.named_barriers)
