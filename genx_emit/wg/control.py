"""``scf.for`` and ``scf.if`` carrying workgroup-level values: each block of the subgroup is a value of
its own; ``sg_id_range`` on ``scf.if`` renumbers the subgroups inside."""

from __future__ import annotations

from genx_emit.diagnostics import error
from genx_emit.mlir.attrs import Attribute, DialectAttr, as_int_list
from genx_emit.mlir.ir import Operation, Value
from genx_emit.wg.distribute import Distributor, handles
from genx_emit.wg.values import (
    Splat,
    Tiled,
    TiledDesc,
    kept_attrs,
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
    d.each(body.operations[:-1])
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
    body.operations = d.sunk()
    d.out = saved
    body.arguments = new_args
    op.operands = [*op.operands[:3], *new_inits]
    op.results = new_results
    op.attributes = kept_attrs(op)  # the results' layouts are used
    d.out.append(op)


@handles("scf.if")
def _if(d: Distributor, op: Operation) -> None:
    """Both regions distributed (inside an ``sg_id_range``, ids count from its start); a result
    that either region yields at workgroup level becomes one result per block."""
    saved_range = d.id_range
    rng = op.attributes.get("sg_id_range")
    if rng is not None:
        d.id_range = _range(op, rng)
    yields: list[list[Value]] = []
    terms: list[Operation] = []
    bodies = []
    for region in op.regions:
        if not region.blocks:
            continue
        body = region.blocks[0]
        saved, d.out = d.out, []
        ops = body.operations
        term = ops[-1] if ops and ops[-1].name == "scf.yield" else None
        d.each(ops[:-1] if term is not None else ops)
        bodies.append((body, d.sunk(), term))
        d.out = saved
        if term is not None:
            terms.append(term)
            yields.append(list(term.operands))
    d.id_range = saved_range
    new_results: list[Value] = []
    new_yields: list[list[Value]] = [[] for _ in yields]
    for j, res in enumerate(op.results):
        vals = [y[j] for y in yields if j < len(y)]
        tiled = [d.tiles[v] for v in vals if isinstance(d.tiles.get(v), Tiled)]
        if not tiled:
            new_results.append(res)
            for k, v in enumerate(vals):
                new_yields[k].append(v)
            continue
        like = tiled[0]
        assert isinstance(like, Tiled)
        for k, v in enumerate(vals):
            got = d.tiled(v, terms[k].loc, like)
            if not got.same_tiling(like):
                raise error(terms[k].loc, f"scf.yield: value {j} is distributed as {got.layout} here and as "
                                          f"{like.layout} in the other region")
            new_yields[k] += got.blocks
        outs = [d.value(res.name, blk.type, res.loc) for blk in like.blocks]
        d.tiles[res] = Tiled(like.shape, like.element, like.layout, outs, like.blk)
        new_results += outs
    k = 0
    for body, out, term in bodies:
        if term is not None:
            out.append(Operation(term.name, new_yields[k], [], dict(term.attributes), [], term.loc))
            k += 1
        body.operations = out
    op.results = new_results
    op.attributes = kept_attrs(op, ("sg_id_range",))
    d.out.append(op)


def _range(op: Operation, attr: Attribute) -> tuple[int, int]:
    """``#xegpu.range<[start, end]>``."""
    vals = as_int_list(attr.positional[0]) if isinstance(attr, DialectAttr) and attr.positional else None
    if vals is None or len(vals) != 2 or not 0 <= vals[0] < vals[1]:
        raise error(op.loc, f"scf.if: sg_id_range must be #xegpu.range<[start, end]> with 0 <= start < end, "
                            f"got '{attr}'")
    return vals[0], vals[1]


def _splat_for_carry(d: Distributor, op: Operation, j: int, init: Value, s: Splat) -> Tiled:
    """A splat init is made in the blocks of its layout (``layout_result_0``)."""
    if s.layout is not None:
        return d.tiled(init, op.loc)
    body = op.regions[0].blocks[0]
    raise error(op.loc,
        f"scf.for: the splat init '{init.name}' of iter_arg {j} ({body.arguments[j + 1].name}) "
        "needs a layout (layout_result_0) to be carried at workgroup level")
