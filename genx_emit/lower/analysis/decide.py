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

from genx_emit.diagnostics import error
from genx_emit.lower.analysis import slm
from genx_emit.lower.analysis.consumers import Consumers, analyse
from genx_emit.lower.messages import block2d
from genx_emit.lower.messages.block2d import TRANSPOSE, VNNI
from genx_emit.mlir.attrs import Attribute, IntegerAttr, StringAttr, UnitAttr
from genx_emit.mlir.types import IntegerType, TensorDescType, VectorType
from genx_emit.ops.dpas import Dpas
from genx_emit.ops.model import Func, Op, constant_int, walk_ops
from genx_emit.ops.nd import CreateNdDesc, LoadNd, UpdateNdOffset
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
                                               PASSED_WHOLE: {}}
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

