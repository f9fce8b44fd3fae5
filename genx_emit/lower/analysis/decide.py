"""Decisions made before lowering, recorded on the ops as ``genx.*`` attributes that print.

How a 2-D ``xegpu.load_nd`` is sent depends on its uses and the target (``consumers.py``), and
what its users then do depends on how it was sent: a ``vector.transpose`` of a tile the message
transposed moves nothing, a ``dpas`` whose B the message packed does not pack it again. Each of
these choices is made here, once per function, before any op is lowered, and written on the op
it concerns (docs/emitted-ir.md, "Decisions made before lowering"):

- ``genx.send`` on a 2-D ``xegpu.load_nd``: ``"plain"``, ``"vnni"`` (the message packs row
  pairs or quads), ``"transposed"``, ``"transposed_pairs"`` (16-bit elements transposed as
  32-bit word pairs: the de-interleave is left to the transpose), ``"vnni_blocks"`` (VNNI in
  blocks of a scatter's lanes: ``colmajor.vnni_scatter_layout``), ``"dpas_vnni"`` /
  ``"dpas_transposed"`` (in the layout of the dpas B operands its views reach:
  :func:`_dpas_layout`) or ``"column_major"`` (kept column-major for row reductions, sent as
  gathers: ``colmajor.py``);
- ``genx.by_load`` on a ``vector.transpose`` the load of its source did: the load's
  ``genx.send`` (``"transposed"``, ``"transposed_pairs"`` or ``"vnni_blocks"``);
- ``genx.vnni_b`` (unit) on an ``xegpu.dpas`` whose B operand its load sent VNNI;
- ``genx.piece = N`` on an op whose results are only inserted (``insert_strided_slice``) into
  wider vectors, in contiguous runs of ``N`` elements (``consumers.insert_runs``): its
  elementwise instructions are cut into pieces of at most ``N``, each then one whole write
  into the destination, so IGC writes the op's result there (no copy of it after);
- ``genx.slm_offset = N`` on a ``memref.alloc`` / ``alloca`` in SLM: its byte offset in the
  work-group's SLM (``slm.py``);
- ``genx.passed_whole`` (unit) on an op whose vector result only raw operands and phis use
  (``consumers.pass_through``): a view of it (an extract, a slice) is read where it lies, not
  gathered into a vector of its own.
- ``genx.pair_header = array<i64: W, H, B>`` on a ``create_nd_tdesc`` whose descriptors are
  only loaded as transposed word pairs (:func:`_pair_headers`): its header holds the 32-bit
  view, with the block shape of the loads' first message.

``genx-decide`` (the last pass of the default pipeline, after ``genx-loop-fission``:
``frontend.decide_pass``) records them on the IR, so that they print, and keeps the use
analysis they were made from for the driver (``Func.decided``). A decision already
on an op when the pass runs (IR printed after it and read again) must be the one made here for
the target; another is an error, so that such IR lowers to the same code.
The lowerings read these attributes and write no state that another lowering reads.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from genx_emit.diagnostics import DiagnosticError, error
from genx_emit.lower.analysis import slm
from genx_emit.lower.analysis.consumers import Consumers, analyse
from genx_emit.lower.analysis.consumers import even_offset as _even_offset
from genx_emit.lower.messages import block2d
from genx_emit.lower.messages.block2d import TRANSPOSE, VNNI
from genx_emit.mlir.attrs import Attribute, DenseArrayAttr, IntegerAttr, StringAttr, UnitAttr
from genx_emit.mlir.types import IntegerType, TensorDescType, VectorType
from genx_emit.ops.control import For, Yield
from genx_emit.ops.dpas import Dpas
from genx_emit.ops.model import Func, Op, constant_int, walk_ops
from genx_emit.ops.nd import CreateNdDesc, LoadNd, PrefetchNd, UpdateNdOffset
from genx_emit.ops.sync import MemrefAlloc
from genx_emit.ops.types import tdesc_info
from genx_emit.ops.vector import Transpose

if TYPE_CHECKING:
    from genx_emit.mlir.ir import Value
    from genx_emit.targets import Target

SEND = "genx.send"
BY_LOAD = "genx.by_load"
VNNI_B = "genx.vnni_b"
PIECE = "genx.piece"
SLM_OFFSET = "genx.slm_offset"
PASSED_WHOLE = "genx.passed_whole"
PAIR_HEADER = "genx.pair_header"

PLAIN_SEND, VNNI_SEND, TRANSPOSED, TRANSPOSED_PAIRS, VNNI_BLOCKS, COLUMN_MAJOR = (
    "plain", "vnni", "transposed", "transposed_pairs", "vnni_blocks", "column_major")
DPAS_VNNI, DPAS_TRANSPOSED = "dpas_vnni", "dpas_transposed"


def send_of(op: LoadNd) -> str | None:
    """How a load is sent (``genx.send``); None for a 1-D descriptor's load (not decided)."""
    a = op.decision(SEND)
    return a.value if isinstance(a, StringAttr) else None


def by_load(op: Transpose) -> str | None:
    """How the load of the transpose's source sent it, when that did the transpose."""
    a = op.decision(BY_LOAD)
    return a.value if isinstance(a, StringAttr) else None


def vnni_b(op: Dpas) -> bool:
    """The dpas's B operand was loaded VNNI (by a message the decision step chose)."""
    return isinstance(op.decision(VNNI_B), UnitAttr)


def slm_offset(op: MemrefAlloc) -> int:
    """The SLM buffer's byte offset (``genx.slm_offset``)."""
    a = op.decision(SLM_OFFSET)
    assert isinstance(a, IntegerAttr), "decide() places every SLM allocation"
    return a.value


def pair_header(op: CreateNdDesc) -> tuple[int, ...] | None:
    """``(width, height, blocks)`` of the first message of the descriptor's loads when its
    header is built for the 32-bit view of its 16-bit tile (``genx.pair_header``): every
    access of it sends the tile's word pairs as dwords. None otherwise."""
    a = op.decision(PAIR_HEADER)
    return tuple(int(v) for v in a.values) if isinstance(a, DenseArrayAttr) else None


def passed_whole(op: Op) -> bool:
    """The op's result is only used whole by raw operands and phis (``genx.passed_whole``)."""
    return isinstance(op.decision(PASSED_WHOLE), UnitAttr)


def decide(f: Func, target: Target, consumers: Consumers | None = None, check: bool = True) -> Consumers:
    """Record every decision of ``f`` for ``target`` on its ops (module doc); the use analysis
    they are made from is returned (computed when not given). ``check``: a decision the input
    carries must be the one made (else those of the input are replaced)."""
    consumers = consumers or analyse(f, target)
    defs: dict[Value, Op] = {}
    uses: dict[Value, list[Op]] = {}
    ops = [op for block in f.all_blocks() for op in walk_ops(block)]
    for op in ops:
        defs.update((r, op) for r in op.results)
        for v in op.operands():
            uses.setdefault(v, []).append(op)
    decided: dict[str, dict[Op, Attribute]] = {SEND: {}, BY_LOAD: {}, VNNI_B: {}, PIECE: {}, SLM_OFFSET: {},
                                               PASSED_WHOLE: {}, PAIR_HEADER: {}}
    whole = consumers.pass_through
    placed = slm.layout(f, target).offsets
    runs = consumers.insert_runs
    for op in ops:
        piece = min((runs[r] for r in op.results if r in runs), default=None)
        if piece is not None:
            decided[PIECE][op] = IntegerAttr(piece, IntegerType(64))
        if len(op.results) == 1 and isinstance(op.result.type, VectorType) and op.result in whole:
            decided[PASSED_WHOLE][op] = UnitAttr()
        if isinstance(op, MemrefAlloc):
            decided[SLM_OFFSET][op] = IntegerAttr(placed[op.result], IntegerType(64))
        if isinstance(op, LoadNd) and _is_2d(op):
            send = _send(op, consumers, defs, target)
            decided[SEND][op] = StringAttr(send)
            if send in (VNNI_SEND, TRANSPOSED, TRANSPOSED_PAIRS, VNNI_BLOCKS) and op.transpose is None \
                    and not op.packed:
                for user in uses.get(op.result, []):
                    if isinstance(user, Transpose) and send != VNNI_SEND:
                        decided[BY_LOAD][user] = StringAttr(send)
                    elif isinstance(user, Dpas) and send == VNNI_SEND and user.rhs is op.result:
                        decided[VNNI_B][user] = UnitAttr()
    sends = {op: a.value for op, a in decided[SEND].items() if isinstance(a, StringAttr)}
    for op, block in _pair_headers(ops, uses, defs, sends, target).items():
        decided[PAIR_HEADER][op] = DenseArrayAttr(IntegerType(64), block)
    for op in ops:
        attrs = {k: v for k, v in op.attrs.items() if k not in decided}
        for key, made in decided.items():
            value = made.get(op)
            if check:
                _check_given(op, key, value, target)
            if value is not None:
                attrs[key] = value
        op.attrs = MappingProxyType(attrs)  # read-only: a lowering that wrote one would fail
    return consumers


def sends_pairs(op: LoadNd, send: str | None) -> bool:
    """The load sends its 16-bit tile as a 32-bit transposed load of its word pairs (x and the
    width in dwords)."""
    if send in (TRANSPOSED_PAIRS, DPAS_TRANSPOSED):
        return True
    return send == TRANSPOSED and op.transpose_bit_width == 32 and _elem_bytes(op) == 2


def _pair_headers(ops: list[Op], uses: dict[Value, list[Op]], defs: dict[Value, Op],
                  sends: dict[Op, str], target: Target) -> dict[CreateNdDesc, tuple[int, int, int]]:
    """The ``create_nd_tdesc`` ops whose header can be built for the 32-bit view of the tile
    (x halved, the shape word of the word-pair view): every descriptor made from it (moved by
    ``update_nd_offset``, carried by ``scf.for``) is only loaded as word pairs transposed
    (:func:`sends_pairs`), prefetched or moved by even column steps, at its own position, and
    the column starts even. Each transposed load then sends the carried header as it is, and
    each move is one add, instead of a copy of the header with the shape and a halved x
    rewritten per load. The header holds the block shape of the first message of the first
    load (the others rewrite theirs), given per create op."""
    group: dict[Value, Value] = {}  # union-find over descriptor values

    def root(v: Value) -> Value:
        while group.get(v, v) is not v:
            v = group[v]
        return v

    def join(a: Value, b: Value) -> None:
        ra, rb = root(a), root(b)
        if ra is not rb:
            group[rb] = ra

    bodies: dict[int, For] = {}
    for op in ops:
        if isinstance(op, UpdateNdOffset):
            join(op.tdesc, op.result)
        elif isinstance(op, For):
            if op.body and isinstance(op.body[-1], Yield):
                bodies[id(op.body[-1])] = op
            ys = op.body[-1].values if op.body and isinstance(op.body[-1], Yield) else op.inits
            for vals in zip(op.inits, op.iter_args, op.results, ys, strict=True):
                if isinstance(vals[0].type, TensorDescType):
                    for v in vals[1:]:
                        join(vals[0], v)
    ok: dict[Value, bool] = {}
    loaded: dict[Value, tuple[int, int, int]] = {}
    members: dict[Value, list[Value]] = {}
    for op in ops:
        for v in op.results:
            if isinstance(v.type, TensorDescType):
                members.setdefault(root(v), []).append(v)
    for op in ops:
        if isinstance(op, For):
            for v in op.iter_args:
                if isinstance(v.type, TensorDescType):
                    members.setdefault(root(v), []).append(v)
    for r, vs in members.items():
        good = True
        for v in vs:
            d = defs.get(v)
            if isinstance(d, CreateNdDesc):
                info = tdesc_info(v.type, d.loc)
                good &= (len(info.shape) == 2 and info.shape[1] % 2 == 0
                         and (not d.offsets or _even_offset(d.offsets[-1], defs)))
            for user in uses.get(v, []):
                if isinstance(user, LoadNd):
                    pairs = user.tdesc is v and not user.offsets and sends_pairs(user, sends.get(user))
                    first = _first_message(user, sends.get(user), target) if pairs else None
                    good &= first is not None
                    if first is not None:
                        loaded.setdefault(r, first)
                elif isinstance(user, PrefetchNd):
                    good &= not user.offsets
                elif isinstance(user, UpdateNdOffset):
                    good &= isinstance(user.offsets, list) and _even_offset(user.offsets[-1], defs)
                elif isinstance(user, Yield):
                    good &= id(user) in bodies
                else:
                    good &= isinstance(user, For)
        ok[r] = good
    return {op: loaded[root(op.result)] for op in ops
            if isinstance(op, CreateNdDesc) and ok.get(root(op.result)) and root(op.result) in loaded}


def _first_message(op: LoadNd, send: str | None, target: Target) -> tuple[int, int, int] | None:
    """(width, height, blocks) of the first message of a load sent as transposed word pairs
    (the lowering's plan: ``lower/ops/nd.py``), None where it has none."""
    info = tdesc_info(op.tdesc.type, op.loc)
    H, W = info.shape
    lim = target.block2d
    if lim is None or (op.transpose is not None and info.array_length != 1):
        return None
    cap = target.dpas.exec_size if send == DPAS_TRANSPOSED else None
    try:
        p = block2d.plan(TRANSPOSE, H, W // 2, info.array_length, 4, lim, target.grf_bytes, None, "", cap)[0]
    except DiagnosticError:
        return None  # the load's lowering reports it
    return p.width, p.height, p.blocks


def _check_given(op: Op, key: str, value: Attribute | None, target: Target) -> None:
    """A decision the input carries (on the op's generic op) must be the one made here."""
    given = op.origin.attributes.get(key) if op.origin is not None else None
    if given is not None and (value is None or str(given) != str(value)):
        made = "none" if value is None else str(value)
        raise error(op.loc, f"'{key} = {given}' disagrees with the decision made for target "
                            f"{target.name} ({made}): the IR was decided for another target or edited")


def _is_2d(op: LoadNd) -> bool:
    t = op.tdesc.type
    return isinstance(t, TensorDescType) and len(t.shape) == 2


def _send(op: LoadNd, c: Consumers, defs: dict[Value, Op], target: Target) -> str:
    """The message form of a 2-D load (the order of the choices is the lowering's)."""
    info = tdesc_info(op.tdesc.type, op.loc)
    H, W = info.shape
    nb, t = info.array_length, _elem_bytes(op)
    lim, grf = target.block2d, target.grf_bytes
    if op.result in c.colmajor:
        return COLUMN_MAJOR
    if op.transpose is not None:
        return TRANSPOSED
    if op.result in c.vnni_scatter:
        return VNNI_BLOCKS
    if op.packed:
        return VNNI_SEND
    if op.result in c.dpas_b_loads and not H % (4 // t) and (
            lim is None or block2d.fits(VNNI, H, W, nb, t, lim, grf)):
        return VNNI_SEND  # only dpas B operands read it: the message packs it, dpas does not
    dpas_layout = _dpas_layout(op, c, H, W, nb, t, target)
    if dpas_layout is not None:
        return dpas_layout
    if op.result in c.transpose_loads and lim is not None and nb == 1:
        # only vector.transpose [1, 0] reads it (PVC; DG2's row messages would cost more than
        # the register transpose); 16-bit tiles go as word pairs, which needs an even column
        # known at compile time
        unit, width, send = t, W, TRANSPOSED
        if t == 2:
            x = known_column(op, defs)
            if (x is None and op.result not in c.even_transposes) or (x or 0) % 2 or W % 2:
                return PLAIN_SEND
            unit, width, send = 4, W // 2, TRANSPOSED_PAIRS
        if block2d.fits(TRANSPOSE, H, width, nb, unit, lim, grf):
            return send
    return PLAIN_SEND


def _dpas_layout(op: LoadNd, c: Consumers, H: int, W: int, nb: int, t: int, target: Target) -> str | None:
    """A 16-bit tile whose views reach only dpas B operands (``consumers.dpas_b_flows``) is sent
    in the layout those dpas read: VNNI, or for a transposed B the 32-bit transpose of its word
    pairs (VNNI of the transpose), in messages of at most one dpas width of rows. The value stays
    the row-major tile, assembled from the messages; the views' reads trace through that
    assembly to the messages (``Regions._through_views``). None: no such form."""
    lim = target.block2d
    parity = c.dpas_b_flows.get(op.result)
    if lim is None or parity is None or t != 2:
        return None
    grf = target.grf_bytes
    if parity == 0:
        return DPAS_VNNI if H % 2 == 0 and block2d.fits(VNNI, H, W, nb, t, lim, grf) else None
    E = target.dpas.exec_size
    ok = W % 2 == 0 and H % E == 0 and block2d.fits(TRANSPOSE, H, W // 2, nb, 4, lim, grf, E)
    return DPAS_TRANSPOSED if ok else None


def _elem_bytes(op: LoadNd) -> int:
    from genx_emit.lower.context import elem_bytes  # (context imports this package)

    return elem_bytes(tdesc_info(op.tdesc.type, op.loc).element, op.loc)


def known_column(op: LoadNd, defs: dict[Value, Op]) -> int | None:
    """The load's column (elements) when it is a compile-time constant: the access's own
    offset, or its descriptor's, moved by constant ``update_nd_offset`` steps."""
    if op.offsets:
        return constant_int(op.offsets[-1])
    total, v = 0, op.tdesc
    while True:
        d = defs.get(v)
        if isinstance(d, UpdateNdOffset):
            c = constant_int(d.offsets[-1])
            if c is None:
                return None
            total, v = total + c, d.tdesc
        elif isinstance(d, CreateNdDesc):
            c = constant_int(d.offsets[-1]) if d.offsets else 0
            return None if c is None else total + c
        else:
            return None

