"""Simulated memory: one flat global address space and per-work-group SLM.

Global memory is a single byte array holding every bound buffer at its own base address
(page aligned, so the 64-byte rule of 2D messages holds) with unmapped guard pages between
buffers and below the first: an access that strays outside its buffer hits no other
buffer's bytes and is reported, never silently served from a neighbour. Every access is
checked per element against the buffer table (vectorised with ``searchsorted``).

While a batch of threads runs in lockstep, a :class:`Tracker` on the global space records who
(a thread, or a work-group, of the batch) read and wrote each buffer, or each 4-byte word of
the buffers both read and written: an access by one to a word another wrote, or a write to a
word another read, is a :class:`Conflict` (the result would depend on the order of the two),
and the machine runs the batch again in the reference order.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.lib.stride_tricks import as_strided

PAGE = 4096
BASE = 0x10000  # address 0 and its neighbourhood are never mapped (null pointers fault)


class MemoryError_(Exception):
    """An access outside every mapped buffer; the machine turns it into a located SimError."""


class Conflict(Exception):
    """Two threads (or work-groups) of a batch touched one word of global memory, one of them
    writing: run in lockstep, their result could differ from the reference order's."""


class Hot(Exception):  # noqa: N818 (a request, not an error)
    """A buffer was read and written (or written by several) in a batch: run the batch again
    with its words tracked one by one."""


class Tracker:
    """Who read and who wrote (-1: nobody, -2: several) each buffer since the batch began, and
    each 4-byte word of the buffers that need it ("hot": read and written, or written by
    several, in an earlier try). Most buffers are only read, or written by one thread: they
    are tracked as a whole."""

    def __init__(self, space: Space):
        self.space = space
        n = len(space.starts)
        self.hot: set[int] = set()
        self.buf_reader = np.full(n, -1, np.int64)
        self.buf_writer = np.full(n, -1, np.int64)
        self.reader = self.writer = np.empty(0, np.int32)  # per word: made when a buffer turns hot

    def reset(self) -> None:
        self.buf_reader.fill(-1)
        self.buf_writer.fill(-1)
        sp = self.space
        if self.hot and not self.reader.size:
            self.reader = np.full(sp.data.size // 4 + 2, -1, np.int32)
            self.writer = np.full(sp.data.size // 4 + 2, -1, np.int32)
        for k in self.hot:
            lo, hi = (int(sp.starts[k]) - sp.origin) // 4, (int(sp.ends[k]) - sp.origin) // 4 + 2
            self.reader[lo:hi] = -1
            self.writer[lo:hi] = -1

    def learn(self) -> None:
        """After a batch: the buffers it wrote are tracked word by word from now on (the next,
        larger batches write them from several threads)."""
        self.hot.update(int(k) for k in np.flatnonzero(self.buf_writer != -1))

    def access(self, off: np.ndarray, size: int, write: bool, who) -> None:
        """Record an access at byte offsets ``off`` (from the space's origin) by ``who``
        (broadcast to ``off``); raise Conflict or Hot."""
        if off.size == 0:
            return
        self.access_span(int(off.min()), int(off.max()), size, write, who, lambda: off)

    def access_span(self, lo: int, hi: int, size: int, write: bool, who, offsets: Callable[[], np.ndarray]
                    ) -> None:
        """:meth:`access` of the offsets ``offsets()``, whose least is ``lo`` and greatest ``hi``:
        they are made only when a buffer is tracked word by word."""
        sp = self.space
        k = int(np.searchsorted(sp.starts, lo + sp.origin, side="right")) - 1
        if hi + sp.origin >= sp.ends[k]:  # several buffers in one access: track its words
            off = offsets()
            for kk in np.unique(np.searchsorted(sp.starts, off.reshape(-1) + sp.origin, side="right") - 1):
                if int(kk) not in self.hot:
                    self.hot.add(int(kk))
                    raise Hot
            self._words(off, size, write, who)
            return
        if k in self.hot:
            self._words(offsets(), size, write, who)
            return
        w = np.asarray(who).reshape(-1)
        one = int(w[0]) if (w == w[0]).all() else -2
        r, wr = int(self.buf_reader[k]), int(self.buf_writer[k])
        if write:
            if one == -2 or wr not in (-1, one) or r not in (-1, one):
                self.hot.add(k)
                raise Hot
            self.buf_writer[k] = one
        else:
            if wr != -1 and (one == -2 or wr != one):
                self.hot.add(k)
                raise Hot
            self.buf_reader[k] = one if r in (-1, one) else -2

    def _words(self, off: np.ndarray, size: int, write: bool, who) -> None:
        w = (off >> 2).reshape(-1)
        who = np.broadcast_to(who, off.shape).reshape(-1)
        if size == 8:
            w, who = np.concatenate([w, w + 1]), np.concatenate([who, who])
        wr, r = self.writer[w], self.reader[w]
        if write:
            if (((wr >= 0) & (wr != who)) | (r == -2) | ((r >= 0) & (r != who))).any():
                raise Conflict
            self.writer[w] = who
            if (self.writer[w] != who).any():  # two writers of one word in this access
                raise Conflict
            return
        if ((wr >= 0) & (wr != who)).any():
            raise Conflict
        new = np.where((r == -1) | (r == who), who, -2)
        self.reader[w] = new
        lost = self.reader[w] != new  # two readers of one word in this access
        if lost.any():
            self.reader[w[lost]] = -2


class Space:
    """A byte-addressed space: ``data`` holds the bytes of ``[origin, origin + len(data))``;
    ``starts``/``ends`` are the mapped ranges (sorted, disjoint)."""

    def __init__(self, name: str, data: np.ndarray, origin: int, ranges: list[tuple[int, int]],
                 labels: list[str]):
        self.name, self.data, self.origin = name, data, origin
        self.starts = np.array([r[0] for r in ranges], dtype=np.int64)
        self.ends = np.array([r[1] for r in ranges], dtype=np.int64)
        self.labels = labels
        self.tracker: Tracker | None = None
        self.who = 0  # the accessing thread's number, for the tracker, when an access names none

    def track(self, off: np.ndarray, size: int, write: bool, who=None) -> None:
        """Record an access at byte offsets ``off`` (from ``origin``) with the tracker, if any."""
        if self.tracker is not None:
            self.tracker.access(off, size, write, self.who if who is None else who)

    def check(self, addr: np.ndarray, size: int, what: str) -> None:
        """Raise MemoryError_ unless every ``[a, a + size)`` lies inside one mapped range."""
        if addr.size == 0:
            return
        lo, hi = int(addr.min()), int(addr.max())
        k = int(np.searchsorted(self.starts, lo, side="right")) - 1
        if k >= 0 and hi + size <= self.ends[k]:  # all in one range: nothing to look up per address
            return
        k = np.searchsorted(self.starts, addr, side="right") - 1
        ok = (k >= 0) & (addr + size <= self.ends[np.maximum(k, 0)])
        if not ok.all():
            bad = int(addr[~ok][0])
            raise MemoryError_(f"{what}: {self.name} address {bad:#x} ({size} bytes) is outside "
                               f"{self._describe(bad)}")

    def _describe(self, a: int) -> str:
        k = int(np.searchsorted(self.starts, a, side="right")) - 1
        parts = []
        if 0 <= k < len(self.starts):
            parts.append(f"'{self.labels[k]}' [{int(self.starts[k]):#x}, {int(self.ends[k]):#x})")
        if 0 <= k + 1 < len(self.starts):
            parts.append(f"'{self.labels[k + 1]}' [{int(self.starts[k + 1]):#x}, {int(self.ends[k + 1]):#x})")
        return "every buffer" + (f" (nearest: {', '.join(parts)})" if parts else "")

    def read(self, addr: np.ndarray, dtype: np.dtype, what: str, who=None) -> np.ndarray:
        """Elements of ``dtype`` at byte addresses ``addr`` (any shape); ``who`` (broadcast to
        ``addr``) for the tracker."""
        dtype = np.dtype(dtype)
        addr = np.asarray(addr, dtype=np.int64)
        flat = addr.reshape(-1)
        self.check(flat, dtype.itemsize, what)
        self.track(addr - self.origin, dtype.itemsize, False, who)
        words = self._words(flat, dtype)
        if words is not None:
            return words[0][words[1]].reshape(addr.shape)
        idx = (flat - self.origin)[:, None] + np.arange(dtype.itemsize)
        return self.data[idx].reshape(-1).view(dtype).reshape(addr.shape)

    def _words(self, flat: np.ndarray, dtype: np.dtype):
        """The space as an array of ``dtype`` and the element indices of byte addresses ``flat``,
        when every address is aligned to the element (else None: accessed byte by byte)."""
        size = dtype.itemsize
        off = flat - self.origin
        if size > 1 and (off & (size - 1)).any():
            return None
        usable = self.data.size - self.data.size % size
        return self.data[:usable].view(dtype), off // size

    def read_blocks(self, start: np.ndarray, rows: int, width: int, pitch: int, dtype: np.dtype,
                    who: np.ndarray) -> np.ndarray | None:
        """``[n, rows, width]`` elements of ``dtype``: thread k's block of ``rows`` rows at byte
        addresses ``start[k] + r * pitch``, read by ``who[k]``; None (nothing read) unless every
        block lies in one mapped range and is aligned to the element."""
        at = self._blocks(start, rows, width, pitch, dtype, False, who)
        return None if at is None else at[0][at[1]]

    def write_blocks(self, start: np.ndarray, pitch: int, values: np.ndarray, who: np.ndarray) -> bool:
        """Store ``values`` ``[n, rows, width]`` as :meth:`read_blocks` reads them, thread after
        thread; False (nothing stored) unless every block lies in one mapped range, aligned."""
        n, rows, width = values.shape
        at = self._blocks(start, rows, width, pitch, values.dtype, True, who)
        if at is None:
            return False
        at[0][at[1]] = values
        return True

    def _blocks(self, start, rows: int, width: int, pitch: int, dtype: np.dtype, write: bool, who):
        """(A window view ``[*, rows, width]`` of the space, each thread's index into it), the
        access recorded with the tracker; None when a block is outside or misaligned."""
        size = dtype.itemsize
        off = start - self.origin
        if size > 1 and ((off & (size - 1)).any() or pitch % size):
            return None
        span = (rows - 1) * pitch + width * size
        k = np.searchsorted(self.starts, start, side="right") - 1
        if (k < 0).any() or (start + span > self.ends[k]).any():
            return None
        if self.tracker is not None:
            rel = (np.arange(rows)[:, None] * pitch + np.arange(width)[None, :] * size).reshape(-1)
            self.tracker.access_span(int(off.min()), int(off.max()) + int(rel[-1]), size, write, who[:, None],
                                     lambda: off[:, None] + rel[None, :])
        words = self.words(dtype)
        window = as_strided(words, shape=(words.size - span // size + 1, rows, width),
                            strides=(size, pitch, size), writeable=write)
        return window, off // size

    def words(self, dtype: np.dtype) -> np.ndarray:
        """The space as an array of ``dtype`` elements (a view)."""
        usable = self.data.size - self.data.size % dtype.itemsize
        return self.data[:usable].view(dtype)

    def write(self, addr: np.ndarray, values: np.ndarray, what: str, who=None) -> None:
        """Store ``values`` (same shape as ``addr``) in order: a later lane wins a conflict."""
        values = np.asarray(values)
        addr = np.asarray(addr, dtype=np.int64)
        flat = addr.reshape(-1)
        self.check(flat, values.dtype.itemsize, what)
        self.track(addr - self.origin, values.dtype.itemsize, True, who)
        words = self._words(flat, values.dtype)
        if words is not None:
            words[0][words[1]] = values.reshape(-1)
            return
        idx = (flat - self.origin)[:, None] + np.arange(values.dtype.itemsize)
        self.data[idx] = np.ascontiguousarray(values).reshape(-1).view(np.uint8).reshape(idx.shape)


class Memory:
    """Global memory: the buffers bound to pointer arguments, each at its own base address (the
    same array object bound to two arguments is one buffer, as two views of one allocation)."""

    def __init__(self, buffers: dict[str, np.ndarray]):
        self.bases: dict[str, int] = {}
        ranges: list[tuple[int, int]] = []
        labels: list[str] = []
        addr = BASE
        seen: dict[int, str] = {}
        for name, arr in buffers.items():
            if id(arr) in seen:  # one array bound to two arguments: they alias
                self.bases[name] = self.bases[seen[id(arr)]]
                continue
            seen[id(arr)] = name
            n = max(arr.nbytes, 1)
            self.bases[name] = addr
            ranges.append((addr, addr + arr.nbytes))
            labels.append(name)
            addr += (n + PAGE - 1) // PAGE * PAGE + PAGE  # a guard page after each buffer
        data = np.zeros(addr - BASE, dtype=np.uint8)
        for name in seen.values():
            arr = buffers[name]
            off = self.bases[name] - BASE
            data[off:off + arr.nbytes] = np.ascontiguousarray(arr).reshape(-1).view(np.uint8)
        self.space = Space("global", data, BASE, ranges, labels)

    def contents(self, name: str, like: np.ndarray) -> np.ndarray:
        """The buffer bound as ``name`` now, as an array shaped and typed like ``like``."""
        off = self.bases[name] - BASE
        raw = self.space.data[off:off + like.nbytes].copy()
        return raw.view(like.dtype).reshape(like.shape)


def slm_space(size: int) -> Space:
    """A work-group's shared local memory: offsets ``[0, size)``, zero-initialised."""
    return Space("SLM", np.zeros(max(size, 1), dtype=np.uint8), 0, [(0, size)], ["SLM"])
