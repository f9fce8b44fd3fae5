"""Region builders: ``llvm.genx.rdregion*`` / ``wrregion*`` calls, legal for the target.

:class:`Regions` is the one way lowering code reads or writes part of a vector. Each access
is split by :mod:`genx_emit.genx.legalize` into pieces the target can execute (joined with 1D
wrregions), unless the function is lowered raw (``genx-emit lower --no-legalize``), in which
case every access is one call, whatever its shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from llvmlite import ir

from genx_emit.genx import legalize
from genx_emit.genx.intrinsics import Intrinsics, scalar_bits, scalar_of, undef, zeroinitializer
from genx_emit.genx.region import Region
from genx_emit.targets import Target

__all__ = ["Region", "Regions", "View"]

I16 = ir.IntType(16)
I32 = ir.IntType(32)


def _is_float(t: ir.Type) -> bool:
    return isinstance(t, (ir.HalfType, ir.FloatType, ir.DoubleType))


def esize(t: ir.Type) -> int:
    """Bytes of one element of a vector (or scalar) type."""
    return scalar_bits(scalar_of(t)) // 8


def _count(t: ir.Type) -> int:
    return t.count if isinstance(t, ir.VectorType) else 1


def _parent_width(r: Region) -> int:
    # A hint for the backend: rows of a 2D region never cross a multiple of this.
    return r.vstride if not r.is_1d and r.vstride > 0 else r.width


def _is_undef(v: ir.Value) -> bool:
    return isinstance(v, ir.Constant) and v.constant is ir.Undefined


def is_legal_read(r: Region, src: ir.Value, target: Target) -> bool:
    """One rdregion of ``r`` from ``src`` is legal as it is (or reads all of ``src``)."""
    return _is_whole(r, _count(src.type)) or legalize.is_legal(r, esize(src.type), target, dest=False)


def _is_whole(r: Region, n: int) -> bool:
    return r.is_1d and r.var is None and r.offset == 0 and r.stride == 1 and r.count == n


@dataclass(frozen=True)
class View:
    """Region ``region`` of ``value``, as an operand of :meth:`Regions.elementwise`: each piece of
    the op reads its part of the region straight from ``value`` (one legal region per piece), so
    the region is never gathered into a vector of its own (IGC makes such a gather whole-GRF
    moves, where an ALU instruction reads a legal region in place)."""

    value: ir.Value
    region: Region

    @property
    def type(self) -> ir.VectorType:
        return ir.VectorType(scalar_of(self.value.type), self.region.count)


class Regions:
    """Emits region reads and writes with ``builder`` (shared with the caller, so they go where
    the caller is positioned), split to ``target``'s limits when ``legalize`` is set."""

    def __init__(self, builder: ir.IRBuilder, intr: Intrinsics, target: Target, legalize: bool = True):
        self.builder = builder
        self.intr = intr
        self.target = target
        self.legalize = legalize
        # Predicates joined by ``elementwise``: id -> (the value, its pieces by span), so an op
        # cut the same way takes the pieces back instead of re-slicing the joined mask.
        self._joined_masks: dict[int, tuple[ir.Value, dict[tuple[int, int], ir.Value]]] = {}
        # At most this many elements per piece of an elementwise op (None: the ALU width): the
        # genx.piece decision of the op being lowered (pieces_of_at_most).
        self.max_piece: int | None = None
        self._casts: dict[tuple[int, str, int], tuple[ir.Value, ir.Value]] = {}  # see _as_elements
        # The vectors reads went around to their elements' source (``_through_views``): when
        # nothing else uses them, ``drop_dead_views`` removes them.
        self.bypassed: list[ir.Value] = []

    # -- one call ------------------------------------------------------------------------
    def _offset(self, r: Region, es: int) -> ir.Value:
        """The i16 byte offset operand: a constant, or ``(var + offset) * esize`` computed."""
        if r.var is None:
            return ir.Constant(I16, r.offset * es)
        b = self.builder
        v = r.var
        if v.type != I16:
            v = b.trunc(v, I16) if v.type.width > 16 else b.zext(v, I16)
        if r.offset:
            v = b.add(v, ir.Constant(I16, r.offset))
        return b.mul(v, ir.Constant(I16, es)) if es != 1 else v

    def read1(self, src: ir.Value, r: Region, name: str = "") -> ir.Value:
        """One rdregion call for ``r``, legal or not."""
        et = scalar_of(src.type)
        if _is_whole(r, _count(src.type)):
            return src
        op = "rdregionf" if _is_float(et) else "rdregioni"
        return self.intr.call(
            self.builder, op, ret=ir.VectorType(et, r.count), label=name, src=src,
            vstride=0 if r.is_1d else r.vstride, width=r.width, stride=r.stride,
            offset=self._offset(r, esize(et)), parent_width=_parent_width(r))

    def write1(self, old: ir.Value, new: ir.Value, r: Region, name: str = "",
               mask: ir.Value | None = None) -> ir.Value:
        """One wrregion call for ``r``, legal or not."""
        et = scalar_of(old.type)
        if mask is None and _is_whole(r, _count(old.type)) and new.type == old.type:
            return new  # overwrites everything
        op = "wrregionf" if _is_float(et) else "wrregioni"
        return self.intr.call(
            self.builder, op, ret=old.type, label=name, old=old, new=new,
            vstride=0 if r.is_1d else r.vstride, width=r.width, stride=r.stride,
            offset=self._offset(r, esize(et)), parent_width=_parent_width(r),
            mask=True if mask is None else mask)

    # -- legalized accesses --------------------------------------------------------------
    def read(self, src: ir.Value, r: Region, name: str = "", raw: bool = False) -> ir.Value:
        """Read region ``r`` of ``src``: a ``<count x T>`` vector. ``raw``: the result is only
        used as a raw operand of a message or dpas (a GRF-aligned contiguous slice is bound to
        it in place, so it is not split)."""
        if not self.legalize or _is_whole(r, _count(src.type)):
            return self.read1(src, r, name)
        if raw:  # an operand bound in place: read where its elements were made
            src, r = self._through_views(src, r, name, raw)
            if _is_whole(r, _count(src.type)):
                return src
        pieces = legalize.plan(r, esize(src.type), self.target, dest=False, raw=raw)
        if len(pieces) == 1:  # r itself, or the same elements re-encoded legally (rows of one -> 1D)
            return self.read1(src, pieces[0].src, name)
        return self._copy(undef(ir.VectorType(scalar_of(src.type), r.count)), src, pieces, name)

    def write(self, old: ir.Value, new: ir.Value, r: Region, name: str = "",
              mask: ir.Value | None = None, raw: bool = False) -> ir.Value:
        """Write ``new`` (``r.count`` elements) into region ``r`` of ``old``; ``mask`` (``<count x
        i1>``) writes only where true. Returns the updated vector. ``raw``: ``new`` is the
        result of a message or dpas (written in place when GRF-aligned and contiguous)."""
        if not self.legalize:
            return self.write1(old, new, r, name, mask)
        pieces = legalize.plan(r, esize(old.type), self.target, dest=True, raw=raw and mask is None)
        if len(pieces) == 1:  # r itself, or the same elements re-encoded legally
            return self.write1(old, new, pieces[0].dst, name, mask)
        return self._copy(old, new, pieces, name, mask)

    def copy(self, dst: ir.Value, src: ir.Value, src_region: Region, dst_region: Region,
             name: str = "", raw: bool = False) -> ir.Value:
        """Copy region ``src_region`` of ``src`` into region ``dst_region`` of ``dst`` (equal
        counts) piece by piece, with no intermediate vector; returns the updated ``dst``.

        A copy that fills all of an ``undef`` ``dst`` gathers a new vector. When its elements
        were themselves copied, in order, from one contiguous slice of another vector (a wider
        load's rows, say), that slice is read instead, in one region when it is legal or
        ``raw`` (the result only feeds a message or dpas operand, which takes a GRF-aligned
        slice in place): no copy at all where there were one per piece."""
        if not self.legalize:
            return self.write1(dst, self.read1(src, src_region, name=name + ".rd"), dst_region, name)
        results = self._whole_results(src, src_region, dst_region, name)
        if results is not None:
            for k, (value, at) in enumerate(results):
                dst = self.write(dst, value, at, name if k == len(results) - 1 else f"{name}.r{k}", raw=True)
            return dst
        if _is_undef(dst) and src_region.var is None and dst_region.var is None:
            order = sorted(range(src_region.count), key=dst_region.element)
            if [dst_region.element(k) for k in order] == list(range(_count(dst.type))):
                found = single_source(src, [src_region.element(k) for k in order])
                if found is not None:
                    value = self._as_elements(found[0], found[2], scalar_of(dst.type), name)
                    if raw or is_legal_read(found[1], value, self.target):
                        return self.read(value, found[1], name, raw=raw)
        pieces = legalize.plan_copy(src_region, dst_region, esize(src.type), self.target)
        return self._copy(dst, src, pieces, name)

    def _through_views(self, src: ir.Value, r: Region, name: str, raw: bool,
                       limit: int | None = None) -> tuple[ir.Value, Region]:
        """Where a read of region ``r`` of ``src`` may take its elements from: when ``src`` was
        itself assembled by region copies and bitcasts (the slices, extracts, reshapes and
        shuffles of a loaded tile), the vector they all came from, if one region of it holds
        them and reading it there is legal, or bound in place (``raw``, a GRF-aligned slice).
        Every chain of views then reads the loaded registers once, whatever the order of the
        ops: the vectors assembled in between are left unused (see :func:`drop_dead_views`)."""
        if r.var is not None or not (isinstance(src, ir.CastInstr) or _region_call(src) is not None):
            return src, r
        found = single_source(src, r.indices(), contiguous=False, limit=limit or _TRACE_LIMIT)
        if found is None or (isinstance(src, ir.CastInstr) and found[0] is src.operands[0]):
            return src, r  # (through a bitcast alone: the same registers)
        region = found[1]
        es = esize(src.type)
        if not (_is_whole(region, _count(found[0].type) * found[2])
                or (raw and legalize.is_raw_slice(region, es, self.target))
                or legalize.is_legal(region, es, self.target, dest=False)
                or len(legalize.plan(region, es, self.target, dest=False, raw=raw))
                <= len(legalize.plan(r, es, self.target, dest=False, raw=raw))):
            return src, r
        self.bypassed.append(src)
        return self._as_elements(found[0], found[2], scalar_of(src.type), name), region

    def _whole_results(self, src: ir.Value, r: Region, dst_r: Region,
                       name: str) -> list[tuple[ir.Value, Region]] | None:
        """When region ``r`` of ``src`` is, in order, the whole results of messages or dpas
        (through the copies that moved them) and each lands on a GRF-aligned slice of ``dst_r``:
        each result with its slice, to be written whole (IGC then puts the result there in place,
        no copy of it after); else None."""
        if r.var is not None or dst_r.var is not None or not dst_r.is_1d or dst_r.stride != 1:
            return None
        if not (isinstance(src, (ir.CastInstr, ir.CallInstr))):  # a result itself (a loop carry
            return None                                            # joined from dpas) or its copies
        src_at = trace(src, r.indices())
        if not src_at:
            return None
        out: list[tuple[ir.Value, Region]] = []
        k, es = 0, esize(src.type)
        while k < len(src_at):
            value, first, ratio = src_at[k]
            n = _count(value.type) * ratio
            if first != 0 or isinstance(value, ir.Constant) or _region_call(value) is not None \
                    or not isinstance(value, ir.CallInstr) or k + n > len(src_at) \
                    or any(src_at[k + i][0] is not value or src_at[k + i][1] != i for i in range(n)):
                return None
            at = Region.row(n, dst_r.element(k))
            if not legalize.is_raw_slice(at, es, self.target):
                return None
            out.append((self._as_elements(value, ratio, scalar_of(src.type), name), at))
            k += n
        return out

    def raw_operand(self, v: ir.Value, name: str = "") -> ir.Value:
        """``v`` as a raw operand (a dpas source, a message payload): when it was assembled by
        region copies from one GRF-aligned contiguous slice of another vector, that slice, bound
        in place (``_through_views``), else ``v``. Only on targets with 2D block messages: a
        slice of a row-message tile on DG2 is wider than one legal region read."""
        if not self.legalize or not isinstance(v.type, ir.VectorType) or self.target.block2d is None:
            return v
        call = _region_call(v)
        if call is not None and call[0] == "rd":
            return v  # one read already: its own source is what a trace would find
        key = (id(v), "raw", id(self.builder.block))
        if key not in self._casts:  # one read per value and block (several dpas share an A)
            src, r = self._through_views(v, Region.row(v.type.count), name, raw=True, limit=_RAW_TRACE_LIMIT)
            self._casts[key] = (v, v if src is v else self.read(src, r, name, raw=True))
        return self._casts[key][1]

    def _as_elements(self, value: ir.Value, ratio: int, et: ir.Type, name: str) -> ir.Value:
        """``value`` (from :func:`single_source`) as a vector of ``et`` elements: one bitcast per
        value, type and basic block (it dominates the block's later reads)."""
        want = ir.VectorType(et, value.type.count * ratio)
        if value.type == want:
            return value
        key = (id(value), str(want), id(self.builder.block))
        if key not in self._casts:  # value kept alive: ids stay unique
            self._casts[key] = (value, self.builder.bitcast(value, want, name=name + ".src"))
        return self._casts[key][1]

    def _piece_source(self, src: ir.Value, r: Region, name: str) -> tuple[ir.Value, Region]:
        """Where a copy piece may read region ``r`` of ``src`` from: the vector its elements were
        copied from, when one legal region of it holds them (the copy then skips the vectors
        assembled in between: IGC does not always see through them), else ``src`` itself."""
        if not (isinstance(src, ir.CastInstr) or _region_call(src) is not None) or r.var is not None:
            return src, r
        found = single_source(src, r.indices(), contiguous=False, limit=64)
        if found is None:
            return src, r
        value = self._as_elements(found[0], found[2], scalar_of(src.type), name)
        return (value, found[1]) if is_legal_read(found[1], value, self.target) else (src, r)

    def _copy(self, dst: ir.Value, src: ir.Value, pieces: list[legalize.Piece], name: str,
              mask: ir.Value | None = None) -> ir.Value:
        last = len(pieces) - 1
        for k, p in enumerate(pieces):
            at, region = self._piece_source(src, p.src, f"{name}.rd{k}")
            part = self.read1(at, region, name=f"{name}.rd{k}")
            m = None if mask is None else _slice_mask(self.builder, mask, p.start, p.count, f"{name}.m{k}")
            dst = self.write1(dst, part, p.dst, name=name if k == last else f"{name}.w{k}", mask=m)
        return dst

    def copy_rows(self, dst: ir.Value, src: ir.Value, nrows: int, width: int, src_pitch: int,
                  src_offset: int, dst_pitch: int, dst_offset: int, name: str = "",
                  raw: bool = False) -> ir.Value:
        """Copy an ``nrows`` x ``width`` block between two row-major layouts (pitches in elements)."""
        return self.copy(dst, src, Region.rows(nrows, width, src_pitch, src_offset),
                         Region.rows(nrows, width, dst_pitch, dst_offset), name, raw=raw)

    def transpose(self, src: ir.Value, rows: int, cols: int, name: str = "") -> ir.Value:
        """The ``cols x rows`` transpose of the row-major ``rows x cols`` matrix ``src``.

        Whichever decomposition needs the fewest legal pieces: read each result row as a strided
        column of ``src`` (one 2D read), copy each source row into a strided column of the
        result (contiguous reads, strided 1D writes), or, for 16-bit elements, transpose word
        pairs as dwords and de-interleave them (see :meth:`_transpose_words`)."""
        by_reads = Region(count=rows * cols, width=rows, stride=cols, vstride=1)
        if not self.legalize or rows == 1 or cols == 1:
            return self.read(src, by_reads, name)
        es = esize(src.type)
        # Each candidate is planned once; the winner's plan is the one emitted.
        read_plan, write_plans = self._transpose_plans(rows, cols, es)
        read_pieces, write_pieces = len(read_plan), sum(map(len, write_plans))
        if es == 2 and cols % 2 == 0 and min(read_pieces, write_pieces) > 1:
            pair_reads, pair_writes = self._transpose_plans(rows, cols // 2, 4)
            pairs = min(len(pair_reads), sum(map(len, pair_writes)))
            split = sum(len(legalize.plan_copy(s, d, es, self.target)) for s, d in _word_pairs(rows, cols))
            if pairs + split < min(read_pieces, write_pieces):
                return self._transpose_words(src, rows, cols, name)
        if read_pieces <= write_pieces:
            if len(read_plan) == 1:
                return self.read1(src, read_plan[0].src, name)
            return self._copy(undef(ir.VectorType(scalar_of(src.type), by_reads.count)), src, read_plan, name)
        out: ir.Value = undef(src.type)
        for r, pieces in enumerate(write_plans):
            out = self._copy(out, src, pieces, name=f"{name}.c{r}" if r + 1 < rows else name)
        return out

    def _transpose_plans(self, rows: int, cols: int, es: int) -> tuple[list[legalize.Piece],
                                                                        list[list[legalize.Piece]]]:
        """The plans of a transpose by strided reads (one read) and by strided column writes
        (one copy per source row)."""
        by_reads = Region(count=rows * cols, width=rows, stride=cols, vstride=1)
        reads = legalize.plan(by_reads, es, self.target, dest=False)
        writes = [legalize.plan_copy(Region.row(cols, r * cols), Region.row(cols, r, stride=rows), es,
                                     self.target) for r in range(rows)]
        return reads, writes

    def _transpose_words(self, src: ir.Value, rows: int, cols: int, name: str) -> ir.Value:
        """A 16-bit transpose as a dword transpose plus a de-interleave. A strided read of single
        words across GRFs moves one word per instruction (the backend splits even the 2-element
        pieces); transposing word pairs as dwords moves two words per element, and splitting the
        pairs is one stride-2 copy per result row."""
        b = self.builder
        dwords = b.bitcast(src, ir.VectorType(I32, rows * cols // 2), name=name + ".dw")
        # dword (j, i) of the transposed pairs holds words (i, 2j) and (i, 2j + 1)
        pairs = self.transpose(dwords, rows, cols // 2, name=name + ".t")
        return self.split_word_pairs(b.bitcast(pairs, src.type, name=name + ".pairs"), rows, cols, name)

    def split_word_pairs(self, words: ir.Value, rows: int, cols: int, name: str = "") -> ir.Value:
        """The ``cols x rows`` transpose of a 16-bit ``rows x cols`` matrix from its transposed word
        pairs (``words``: dword (j, i) holds words (i, 2j) and (i, 2j + 1), as a dword transpose
        of the matrix, or a transposed 32-bit 2D load of it, leaves them): the de-interleave."""
        out: ir.Value = undef(words.type)
        for p, (from_pairs, to_rows) in enumerate(_word_pairs(rows, cols)):
            out = self.copy(out, words, from_pairs, to_rows, name=name if p else name + ".even")
        return out

    def vnni(self, src: ir.Value, rows: int, cols: int, f: int, pack: bool, name: str = "") -> ir.Value:
        """Between the plain ``rows x cols`` tile and its VNNI form ``[rows / f, cols, f]`` (element
        (i, c, j) is plain (i * f + j, c)): ``pack`` to VNNI, else back. One copy per j: plain rows
        j, j + f, ... are every f-th element from j. (Copying whole row groups instead reads
        ``<1;cols,f>``, which IGC splits in two through a temporary: no fewer moves.)"""
        out: ir.Value = undef(src.type)
        for j in range(f):
            plain = Region.rows(rows // f, cols, f * cols, j * cols)
            packed = Region.row(rows // f * cols, j, stride=f)
            s_, d_ = (plain, packed) if pack else (packed, plain)
            out = self.copy(out, src, s_, d_, name=name if j == f - 1 else f"{name}.{j}")
        return out

    # -- elementwise work ------------------------------------------------------------------
    @contextmanager
    def pieces_of_at_most(self, n: int | None) -> Iterator[None]:
        """Elementwise ops split into pieces of at most ``n`` elements inside (None: no bound)."""
        saved, self.max_piece = self.max_piece, n
        try:
            yield
        finally:
            self.max_piece = saved

    def elementwise(self, make: Callable[[Sequence[ir.Value], str], ir.Value],
                    operands: Sequence[ir.Value | View], result: ir.Type, name: str = "",
                    extra: Sequence[ir.Type] = ()) -> ir.Value:
        """``make(operands, name)``, split when the vectors are wider than one instruction of the
        target may execute: every vector operand is cut into pieces of ``legalize.alu_width``
        elements, ``make`` runs on each piece (named ``{name}.{k}``; operand ``j`` of piece ``k``
        is ``{name}.{k}.a{j}``) and the results are joined. ``extra``: types ``make`` computes
        in besides the operands' and the result's (they narrow the pieces too). Scalars, and
        everything when not legalizing, pass through unchanged.

        Pieces are powers of two: full ALU-width pieces, then the rest halved (100 = 32+32+32+4),
        so each is one legal instruction and each region it needs one legal call. Operands are
        cut with legal regions, constants sliced directly; results are joined with legal
        wrregions.

        Predicates (i1 vectors) cannot go through regions. An i1 result is joined by
        shufflevector concatenation and its pieces are remembered, so a later elementwise op
        cut the same way (a select on a compare of equal element sizes) takes them as they are;
        any other i1 operand is widened to i16 once, cut with regions and compared back.
        A :class:`View` operand is read piece by piece from its value; pieces are then also
        narrowed until each view's part is one legal source region.
        Measured with Intel's compiler (kernel instructions, 128 f32 lanes, compare + select):
        shuffle join with the pieces reused, 27 on PVC and 52 on DG2 (as many as the unsplit
        form); an i16 join (zext + wrregion per piece, one compare of the whole), 28 and 73.
        When the compare's pieces are narrower than the select's (i64 compare, f32 select),
        re-cutting the joined predicate with shufflevector costs 84 and 297, through i16 53 and
        214 (the unsplit form: 111 and 356)."""
        views = [o for o in operands if isinstance(o, View)]
        if not self.legalize or not isinstance(result, ir.VectorType):
            return make([self.read(o.value, o.region, f"{name}.a{j}") if isinstance(o, View) else o
                         for j, o in enumerate(operands)], name)
        n = result.count
        types = [result, *(o.type for o in operands), *extra]
        # i1 vectors are predicates (one flag bit per lane): they do not narrow the pieces.
        sizes = [esize(t) for t in types if isinstance(t, ir.VectorType) and scalar_bits(t) > 1] or [1]
        step = legalize.alu_width(self.target, sizes)
        if self.max_piece is not None:
            step = min(step, self.max_piece)
        if n <= step and not views:
            return make(operands, name)
        spans = self._spans(n, step, views)
        # PVC's float pipe does not move data between lanes: a source region whose elements sit
        # at other GRF positions than the result's is copied first (by IGC, one move per piece).
        # A view that is not in place everywhere is therefore gathered whole, with wide copies.
        moved = [v for v in views if not all(self._in_place(v, i, m) for i, m in spans)]
        if moved:
            operands = [self.read(o.value, o.region, f"{name}.v{j}") if any(o is v for v in moved) else o
                        for j, o in enumerate(operands)]
            views = [o for o in operands if isinstance(o, View)]
            if n <= step and not views:
                return make(operands, name)
            spans = self._spans(n, step, views)
        if len(spans) == 1:
            return make([self.read1(o.value, o.region, f"{name}.a{j}") if isinstance(o, View) else o
                         for j, o in enumerate(operands)], name)
        b = self.builder
        joined = self._joined_masks
        cutters: list[Callable[[int, int, str], ir.Value]] = []
        for j, o in enumerate(operands):
            known = joined.get(id(o))
            if isinstance(o, View):
                cutters.append(lambda i, m, label, o=o: self.read(o.value, legalize.piece_of(o.region, i, m),
                                                                  name=label))
            elif not (isinstance(o.type, ir.VectorType) and scalar_bits(o.type) == 1) \
                    or _slice_constant(o, 0, n) is not None:
                cutters.append(lambda i, m, label, o=o: self._slice(o, i, m, label))
            elif known is not None and known[0] is o and all(s in known[1] for s in spans):
                cutters.append(lambda i, m, label, pieces=known[1]: pieces[(i, m)])
            else:
                cutters.append(self.mask_cutter(o, f"{name}.a{j}"))
        results = []
        for k, (i, m) in enumerate(spans):
            # An operand given twice (x + x) is cut once.
            cut: dict[int, ir.Value] = {}
            parts = []
            for j, o in enumerate(operands):
                if id(o) not in cut:
                    cut[id(o)] = cutters[j](i, m, f"{name}.{k}.a{j}")
                parts.append(cut[id(o)])
            results.append(make(parts, f"{name}.{k}"))
        if scalar_bits(result) != 1:
            out: ir.Value = undef(result)
            for k, ((i, m), piece) in enumerate(zip(spans, results, strict=True)):
                label = name if k + 1 == len(spans) else f"{name}.j{k}"
                out = self.write(out, piece, Region.row(m, i), name=label)
            return out
        # Concatenate: equal neighbours first (a balanced tree, no padding), then a shorter tail
        # is padded to its neighbour's length by one more shuffle. len(results) - 1 joins in all;
        # the last is called ``name``.
        stack: list[ir.Value] = []
        joins = 0

        def concat(x: ir.Value, y: ir.Value) -> ir.Value:
            nonlocal joins
            a, m = x.type.count, y.type.count
            if m < a:
                pad = ir.Constant(ir.VectorType(I32, a), list(range(m)) + [0] * (a - m))
                y = b.shuffle_vector(y, undef(y.type), pad, name=f"{name}.p{joins}")
            idx = ir.Constant(ir.VectorType(I32, a + m), list(range(a + m)))
            joins += 1
            return b.shuffle_vector(x, y, idx, name=name if joins == len(results) - 1 else f"{name}.c{joins}")

        for piece in results:
            stack.append(piece)
            while len(stack) > 1 and stack[-1].type.count == stack[-2].type.count:
                y, x = stack.pop(), stack.pop()
                stack.append(concat(x, y))
        while len(stack) > 1:
            y, x = stack.pop(), stack.pop()
            stack.append(concat(x, y))
        out = stack[0]
        joined[id(out)] = (out, dict(zip(spans, results, strict=True)))
        return out

    def _spans(self, n: int, step: int, views: Sequence[View]) -> list[tuple[int, int]]:
        """(start, count) of the pieces of an elementwise op of ``n`` elements: powers of two of
        at most ``step``, narrowed until each view's part is one legal source region."""
        spans: list[tuple[int, int]] = []
        done = 0
        while done < n:
            m = min(step, 1 << ((n - done).bit_length() - 1))
            while m > 1 and not all(self._view_piece(v, done, m) for v in views):
                m //= 2
            spans.append((done, m))
            done += m
        return spans

    def _view_piece(self, v: View, start: int, n: int) -> bool:
        """Elements ``start .. start+n`` of the view are one legal source region of its value."""
        piece = legalize.piece_of(v.region, start, n)
        return piece is not None and legalize.is_legal(piece, esize(v.value.type), self.target, dest=False)

    def _in_place(self, v: View, start: int, n: int) -> bool:
        """The view's elements ``start .. start+n`` are contiguous and at the GRF positions of
        result elements ``start .. start+n``: an instruction reads them where they are."""
        piece = legalize.piece_of(v.region, start, n)
        per_grf = self.target.grf_bytes // esize(v.value.type)
        return piece is not None and piece.is_1d and (piece.stride == 1 or n == 1) \
            and piece.offset % per_grf == start % per_grf

    def mask_cutter(self, mask: ir.Value, name: str) -> Callable[[int, int, str], ir.Value]:
        """``cut(start, n, label)``: lanes ``start .. start+n`` of the i1 vector ``mask``.
        Regions do not read i1 elements: a run-time mask is widened to i16 once (at the first
        cut), cut with a legal region and compared back; constants are sliced, the whole mask
        is itself."""
        wide: list[ir.Value] = []

        def cut(start: int, n: int, label: str) -> ir.Value:
            sliced = _slice_constant(mask, start, n)
            if sliced is not None:
                return sliced
            if start == 0 and n == mask.type.count:
                return mask
            b = self.builder
            if not wide:
                wide.append(b.zext(mask, ir.VectorType(I16, mask.type.count), name=name + ".w"))
            part = self.read(wide[0], Region.row(n, start), name=label + ".rd")
            return b.icmp_unsigned("!=", part, zeroinitializer(part.type), name=label)

        return cut

    def _slice(self, v: ir.Value, start: int, n: int, name: str) -> ir.Value:
        """Elements ``start .. start+n`` of a non-predicate operand of an elementwise op (scalars
        as they are): constants sliced, vectors read with legal regions."""
        if not isinstance(v.type, ir.VectorType):
            return v
        sliced = _slice_constant(v, start, n)
        if sliced is not None:
            return sliced
        return self.read(v, Region.row(n, start), name=name)


# -- where elements come from ---------------------------------------------------------------
_TRACE_LIMIT = 4096  # (value, element group) visits one trace may make
# for a dpas operand, whose elements may come through a transpose and a VNNI packing of a tile
# assembled from transposed messages (each step cut into legal pieces)
_RAW_TRACE_LIMIT = 1 << 17


def _const_int(v: ir.Value) -> int | None:
    if isinstance(v, ir.Constant) and isinstance(v.constant, int):  # a bool (i1) too: int() makes it 0 / 1
        return int(v.constant)
    return None


def _region_call(v: ir.Value) -> tuple[str, Region, list[ir.Value]] | None:
    """``("rd"|"wr", region, [source or old, new])`` of a constant-region rdregion/wrregion call
    (an unmasked one for a write), else None."""
    if not isinstance(v, ir.CallInstr) or not isinstance(v.callee, ir.Function):
        return None
    callee = v.callee.name
    kind = "rd" if callee.startswith("llvm.genx.rdregion") else "wr" if callee.startswith(
        "llvm.genx.wrregion") else None
    if kind is None:
        return None
    a = v.args
    first = 1 if kind == "rd" else 2
    nums = [_const_int(x) for x in a[first:first + 4]]
    if any(x is None for x in nums):
        return None
    if kind == "wr" and _const_int(a[7]) != 1:
        return None
    vstride, width, stride, offset = nums
    data = v if kind == "rd" else a[1]
    count = _count(data.type)
    es = esize(a[0].type)
    if offset % es or width <= 0:
        return None
    region = Region(count=count, width=width, stride=stride, vstride=vstride if width < count else 0,
                    offset=offset // es)
    return kind, region, [a[0]] if kind == "rd" else [a[0], a[1]]


def trace(v: ir.Value, idx: Sequence[int],
          limit: int = _TRACE_LIMIT) -> list[tuple[ir.Value, int, int]] | None:
    """For each element ``idx[k]`` of ``v``, where it was copied from: ``(value, element, ratio)``,
    following constant rdregion/wrregion calls and bitcasts back to where the data was made (a
    message, an ALU op, an argument, a constant). ``element`` counts ``v``'s element size in
    ``value`` (``ratio`` of them per element of ``value``: a bitcast from wider elements); None
    past ``limit`` visits."""
    out: list[tuple[ir.Value, int, int] | None] = [None] * len(idx)
    # (value, positions in idx, element numbers in v's units, v's elements per value element)
    work: list[tuple[ir.Value, list[int], list[int], int]] = [(v, list(range(len(idx))), list(idx), 1)]
    visits = 0
    while work:
        cur, pos, at, ratio = work.pop()
        visits += 1
        if visits > limit:
            return None
        call = _region_call(cur)
        if call is not None:
            kind, r, ops = call
            if kind == "rd":
                work.append((ops[0], pos, [r.element(i // ratio) * ratio + i % ratio for i in at], ratio))
                continue
            written = {r.element(k): k for k in range(r.count)}
            inside = [(p, written[i // ratio] * ratio + i % ratio) for p, i in zip(pos, at, strict=True)
                      if i // ratio in written]
            outside = [(p, i) for p, i in zip(pos, at, strict=True) if i // ratio not in written]
            if inside and isinstance(ops[1].type, ir.VectorType):
                work.append((ops[1], [p for p, _ in inside], [k for _, k in inside], ratio))
            for p, k in inside if not isinstance(ops[1].type, ir.VectorType) else ():
                out[p] = (ops[1], k, ratio)  # a scalar was written: it is where the element comes from
            if outside:
                work.append((ops[0], [p for p, _ in outside], [i for _, i in outside], ratio))
            continue
        if isinstance(cur, ir.CastInstr) and cur.opname == "bitcast" \
                and isinstance(cur.type, ir.VectorType) and isinstance(cur.operands[0].type, ir.VectorType):
            n_from, n_to = cur.operands[0].type.count, cur.type.count
            if n_to % n_from == 0:  # from wider elements: each holds n_to / n_from of cur's
                work.append((cur.operands[0], pos, at, ratio * (n_to // n_from)))
                continue
            if n_from % n_to == 0 and ratio % (n_from // n_to) == 0:  # from narrower ones
                work.append((cur.operands[0], pos, at, ratio // (n_from // n_to)))
                continue
        for p, i in zip(pos, at, strict=True):
            out[p] = (cur, i, ratio)
    return out  # type: ignore[return-value]


def fit_region(idx: Sequence[int]) -> Region | None:
    """The region whose elements are ``idx``, in order (1D at a constant stride, or rows of a
    constant width, stride and pitch), or None."""
    n = len(idx)
    if n == 1:
        return Region.row(1, idx[0])
    stride = idx[1] - idx[0]
    width = next((k for k in range(2, n) if idx[k] - idx[k - 1] != stride), n)
    if stride < 0 or n % width:
        return None
    vstride = idx[width] - idx[0] if width < n else 0
    if vstride < 0 or any(idx[k] != idx[0] + (k // width) * vstride + (k % width) * stride for k in range(n)):
        return None
    return Region.row(n, idx[0], stride) if width == n else \
        Region(count=n, width=width, stride=stride, vstride=vstride, offset=idx[0])


def single_source(v: ir.Value, idx: Sequence[int], contiguous: bool = True,
                  limit: int = _TRACE_LIMIT) -> tuple[ir.Value, Region, int] | None:
    """Elements ``idx`` of ``v`` as one region of one vector they were copied from (``v`` itself
    and constants excluded): ``(value, region in v's element size, ratio)`` (the value holds
    ``ratio`` of ``v``'s elements per element: read it through a bitcast); with
    ``contiguous``, only a contiguous 1D region; else None."""
    src = trace(v, idx, limit)
    if not src:
        return None
    value, _, ratio = src[0]
    if value is v or not isinstance(value.type, ir.VectorType) or isinstance(value, ir.Constant):
        return None
    if any(s[0] is not value or s[2] != ratio for s in src):
        return None
    region = fit_region([s[1] for s in src])
    if region is None or (contiguous and not (region.is_1d and (region.stride == 1 or region.count == 1))):
        return None
    return value, region, ratio


def _slice_constant(c: ir.Value, start: int, n: int) -> ir.Constant | None:
    """Elements ``start .. start+n`` of a vector constant; None if ``c`` is not a plain constant
    (an instruction, or a constant expression: those are read like any other value)."""
    if not isinstance(c, ir.Constant) or isinstance(c, ir.FormattedConstant):
        return None
    ty = ir.VectorType(c.type.element, n)
    elems = c.constant
    if isinstance(elems, (list, tuple)):
        return ir.Constant(ty, list(elems[start : start + n]))
    if elems is ir.Undefined:
        return undef(ty)
    if elems is None:
        return zeroinitializer(ty)
    return None


def _slice_mask(b: ir.IRBuilder, mask: ir.Value, start: int, n: int, name: str) -> ir.Value:
    """Elements ``start..start+n`` of an i1 vector (regions do not take i1 elements)."""
    sliced = _slice_constant(mask, start, n)
    if sliced is not None:
        return sliced
    if mask.type.count == n and start == 0:
        return mask
    idx = ir.Constant(ir.VectorType(ir.IntType(32), n), list(range(start, start + n)))
    return b.shuffle_vector(mask, undef(mask.type), idx, name=name)


def _word_pairs(rows: int, cols: int) -> list[tuple[Region, Region]]:
    """The de-interleave of :meth:`Regions._transpose_words`: result rows ``2j + p`` are the
    words ``p`` of dword row ``j`` of the transposed pairs, for p = 0 (even) and 1 (odd)."""
    half = cols // 2
    return [(Region(count=half * rows, width=rows, stride=2, vstride=2 * rows, offset=p),
             Region.rows(half, rows, 2 * rows, offset=p * rows)) for p in (0, 1)]


def _pure_view(ins: ir.Instruction) -> bool:
    """A region call or a cast: it only selects, reinterprets or widens elements (no effect)."""
    if isinstance(ins, ir.CastInstr):
        return True
    return isinstance(ins, ir.CallInstr) and isinstance(ins.callee, ir.Function) \
        and ins.callee.name.startswith(("llvm.genx.rdregion", "llvm.genx.wrregion"))


def _operands_of(ins: ir.Instruction) -> list[ir.Value]:
    if isinstance(ins, ir.PhiInstr):
        return [v for v, _ in ins.incomings]
    return list(ins.operands)


def drop_dead_views(fn: ir.Function, bypassed: Sequence[ir.Value], source_of: dict | None = None) -> None:
    """Remove the vectors views were read around (``bypassed``: the vectors a chain of views
    assembled before its reads went to the loaded registers themselves, see
    ``Regions._through_views``) that nothing uses any more, and the region calls and casts that
    only built them."""
    todo = [v for v in bypassed if isinstance(v, ir.Instruction)]
    if not todo:  # most kernels: no walk over the function
        return
    users: dict[int, int] = {}
    where: dict[int, ir.Block] = {}
    for block in fn.blocks:
        for ins in block.instructions:
            where[id(ins)] = block
            for v in _operands_of(ins):
                users[id(v)] = users.get(id(v), 0) + 1
    gone: set[int] = set()
    blocks: dict[int, ir.Block] = {}  # the blocks losing instructions, filtered once at the end
    while todo:
        ins = todo.pop()
        if id(ins) in gone or users.get(id(ins), 0) or not _pure_view(ins) or id(ins) not in where:
            continue
        gone.add(id(ins))
        block = where[id(ins)]
        blocks[id(block)] = block
        if source_of is not None:
            source_of.pop(id(ins), None)
        for v in _operands_of(ins):
            users[id(v)] -= 1
            if isinstance(v, ir.Instruction):
                todo.append(v)
    for block in blocks.values():  # one pass per block, not a list.remove (a scan) per instruction
        block.instructions[:] = [ins for ins in block.instructions if id(ins) not in gone]


def drop_unused_region_declarations(module: ir.Module) -> None:
    """Remove the region intrinsic declarations no call is left of (after :func:`drop_dead_views`
    on every function of ``module``)."""
    called = {id(ins.callee) for f in module.functions for block in f.blocks for ins in block.instructions
              if isinstance(ins, ir.CallInstr)}
    for f in list(module.functions):
        if not f.blocks and f.name.startswith(("llvm.genx.rdregion", "llvm.genx.wrregion")) \
                and id(f) not in called:
            del module.globals[f.name]


def rebase_loop_carries(fn: ir.Function) -> None:
    """A vector carried around a loop that the body rebuilds from ``undef`` with region writes
    covering all of it (the accumulators a shuffle or insert_strided_slice chain puts back
    together) is rebuilt over the loop's phi instead: the same elements (``undef`` may be any
    value), and IGC then writes each piece into the phi's registers (the dpas results in place),
    where from ``undef`` it built a new vector and copied it back at the back edge. Only an
    scf.for header's phis, and only a chain made in the back edge's own block (the latch, laid
    out after the header: inside the loop, which the header dominates)."""
    order = {id(block): i for i, block in enumerate(fn.blocks)}
    for block in fn.blocks:
        for phi in block.instructions:
            if not isinstance(phi, ir.PhiInstr):
                continue
            if not isinstance(phi.type, ir.VectorType):
                continue
            if not block.name.endswith(".header"):  # an scf.for header (it dominates its body)
                continue
            for v, latch in phi.incomings:
                first, covered, cur = None, set(), v
                while (call := _region_call(cur)) is not None and call[0] == "wr" and cur.type == phi.type:
                    covered.update(call[1].indices())
                    first, cur = cur, call[2][0]
                if first is not None and _is_undef(cur) and len(covered) == phi.type.count \
                        and first.parent is latch and order[id(latch)] > order[id(block)]:
                    ops = list(first.operands)
                    ops[1] = phi  # the call's first argument: the vector written into
                    first.operands = ops
                    first._clear_string_cache()
