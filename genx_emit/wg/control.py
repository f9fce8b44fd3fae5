"""``scf.for`` carrying workgroup-level values: each block of the subgroup is a loop-carried value."""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.ir import Operation, Value
from genx_emit.wg.distribute import Distributor, handles
from genx_emit.wg.values import (
    Splat,
    Tiled,
    TiledDesc,
)


@handles("scf.for")
def _for(d: Distributor, op: Operation) -> None:
    body = op.regions[0].blocks[0]
    inits = op.operands[3:]
    iter_args = body.arguments[1:]
    new_inits: list[Value] = []
    new_args: list[Value] = [body.arguments[0]]
    new_results: list[Value] = []
    layouts: list[Tiled | None] = []
    for j, init in enumerate(inits):
        if init in d.tiles and not isinstance(d.tiles[init], TiledDesc):
            t = d.tiles[init]
            if isinstance(t, Splat):
                t = _splat_for_carry(d, op, j, init, t)
            assert isinstance(t, Tiled)
            layouts.append(t)
            new_inits += t.blocks
            bts = [blk.type for blk in t.blocks]
            args = [d.value(iter_args[j].name, bt, iter_args[j].loc) for bt in bts]
            outs = [d.value(op.results[j].name, bt, op.results[j].loc) for bt in bts]
            d.tiles[iter_args[j]] = Tiled(t.shape, t.element, t.layout, args, t.blk)
            d.tiles[op.results[j]] = Tiled(t.shape, t.element, t.layout, outs, t.blk)
            new_args += args
            new_results += outs
        elif init in d.tiles:
            raise error(op.loc, "scf.for: carrying a workgroup-level tensor descriptor is not supported")
        else:
            layouts.append(None)
            new_inits.append(init)
            new_args.append(iter_args[j])
            new_results.append(op.results[j])
    saved, d.out = d.out, []
    for inner in body.operations[:-1]:
        d._op(inner)
    term = body.operations[-1]
    yields: list[Value] = []
    for j, v in enumerate(term.operands):
        want = layouts[j] if j < len(layouts) else None
        if want is None:
            yields.append(v)
            continue
        got = d.tiled(v, term.loc, want)
        if not got.same_tiling(want):
            raise error(term.loc,
                f"scf.yield: value {j} is distributed as {got.layout}, the loop carries it as "
                                  f"{want.layout}")
        yields += got.blocks
    d.out.append(Operation(term.name, yields, [], dict(term.attributes), [], term.loc))
    body.operations = d.out
    d.out = saved
    body.arguments = new_args
    op.operands = [*op.operands[:3], *new_inits]
    op.results = new_results
    d.out.append(op)


def _splat_for_carry(d: Distributor, op: Operation, j: int, init: Value, s: Splat) -> Tiled:
    """A splat init takes the layout the loop's yield gives it."""
    body = op.regions[0].blocks[0]
    raise error(op.loc,
        f"scf.for: the splat init '{init.name}' of iter_arg {j} ({body.arguments[j + 1].name}) "
                        "needs a layout (layout_result_0) to be carried at workgroup level")
