"""ISA figures of a compiled kernel: what a performance engineer looks at first.

Read from the disassembly ``genx-emit compile --emit asm`` writes (each kernel's instructions
under a ``// kernel NAME`` line), per kernel:

- ``instr``: instructions (every line that is not a label or a comment);
- ``dpas``, ``send`` (send/sends/sendc), ``mov``;
- ``dmov``, data movs: a ``mov`` of execution size >= 8 whose source is a GRF (direct or
  indirect), ``r0`` (the thread payload) excepted: copies of tile data, as opposed to message
  header setup (``(W) mov (1)``) and immediate fills;
- ``spill``: scratch (spill/fill) instructions;
- the hottest loop: for every back edge (a branch to a label before it) the instructions from
  the label to the branch; of the innermost loops with dpas (else of all innermost loops: a dpas
  loop may hold a small loop of its own, e.g. the row loop of an edge tile's slow path), the one
  with the most dpas, and of those one holding no loop of its own, and of those the shortest
  (a loop versioned for DG2, ``lower/dg2/inbounds.py``, has two copies with the same dpas: the one
  interior tiles run holds no edge-tile row loop, the edge copy does). Its instructions, dpas,
  data movs and instructions per dpas. IGC unrolls a loop of constant trip count completely at
  times: then there is no loop.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from genx_emit.targets import DATA_MOV_MIN_LANES

_INSTR = re.compile(r"^\s*(\([^)]*\)\s*)?[a-z]")
_PRED = re.compile(r"^\s*(\([^)]*\)\s*)?")
_LABEL = re.compile(r"^\s*(L\d+|[A-Za-z_][\w.$]*):\s*$")
_SCRATCH = re.compile(r"scratch|\.ss\b", re.I)
_EXEC = re.compile(r"\((\d+)\|M\d+\)")
_GRF_SRC = re.compile(r"^[-~(]*(r\d+|r\[)")
_R0_SRC = re.compile(r"^[-~(]*r0\.")
_BACK_EDGE_OPS = ("jmpi", "goto", "while", "brc", "brd")


@dataclass
class KernelStats:
    kernel: str
    grf: int
    instr: int = 0
    dpas: int = 0
    send: int = 0
    mov: int = 0
    dmov: int = 0
    spill: int = 0
    loop_instr: int | None = None
    loop_dpas: int | None = None
    loop_dmov: int | None = None

    @property
    def loop_per_dpas(self) -> float | None:
        if self.loop_instr is None or not self.loop_dpas:
            return None
        return self.loop_instr / self.loop_dpas


@dataclass
class _Inst:
    op: str
    dmov: bool
    scratch: bool
    labels: list[str]


def _parse(line: str) -> _Inst:
    body = _PRED.sub("", line, count=1)
    words = body.split()
    op = words[0].split(".", 1)[0] if words else ""
    dmov = False
    if op == "mov":
        m = _EXEC.search(body)
        size = int(m.group(1)) if m else 1
        rest = re.sub(r"\{[^}]*\}", "", (body[m.end():] if m else body).split("//", 1)[0]).split()
        if len(rest) >= 2:
            dmov = size >= DATA_MOV_MIN_LANES and bool(_GRF_SRC.match(rest[1])) and not _R0_SRC.match(rest[1])
    labels = re.findall(r"\b(L\d+)\b", body.split("//", 1)[0]) if op in _BACK_EDGE_OPS else []
    return _Inst(op, dmov, bool(_SCRATCH.search(line)), labels)


def split_kernels(asm: str) -> dict[str, list[str]]:
    """The lines of each ``// kernel NAME`` section of an ``--emit asm`` text."""
    kernels: dict[str, list[str]] = {}
    lines: list[str] | None = None
    for line in asm.splitlines():
        m = re.match(r"^//\s*kernel\s+(\S+)", line)
        if m:
            lines = kernels.setdefault(m.group(1), [])
        elif lines is not None:
            lines.append(line)
    return kernels


def kernel_stats(name: str, lines: list[str], grf: int) -> KernelStats:
    st = KernelStats(kernel=name, grf=grf)
    insts: list[_Inst] = []
    labels: dict[str, int] = {}
    for line in lines:
        if line.lstrip().startswith("//"):
            continue
        m = _LABEL.match(line)
        if m:
            labels[m.group(1)] = len(insts)
        elif _INSTR.match(line):
            insts.append(_parse(line))
    st.instr = len(insts)
    st.dpas = sum(i.op.startswith("dpas") for i in insts)
    st.send = sum(i.op.startswith("send") for i in insts)
    st.mov = sum(i.op == "mov" for i in insts)
    st.dmov = sum(i.dmov for i in insts)
    st.spill = sum(i.scratch for i in insts)
    loops: dict[int, int] = {}  # start -> the furthest back edge to it
    for k, i in enumerate(insts):
        back = [labels[x] for x in i.labels if x in labels and labels[x] <= k]
        if back:
            start = min(back)
            loops[start] = max(loops.get(start, k), k)
    spans = sorted(loops.items())

    def body(span: tuple[int, int]) -> list[_Inst]:
        return insts[span[0]:span[1] + 1]

    def dpas_in(span: tuple[int, int]) -> int:
        return sum(i.op.startswith("dpas") for i in body(span))

    def contains(outer: tuple[int, int], sp: tuple[int, int]) -> bool:
        return sp != outer and outer[0] <= sp[0] and sp[1] <= outer[1]

    # Innermost among the loops with dpas (a dpas loop may hold a small loop of its own, e.g. the
    # row loop of an edge tile's slow path), else among all loops.
    pool = [sp for sp in spans if dpas_in(sp)] or spans
    inner = [sp for sp in pool if not any(contains(sp, o) for o in pool)]
    if inner:
        hot = max(inner, key=lambda sp: (dpas_in(sp), not any(contains(sp, o) for o in spans), sp[0] - sp[1]))
        b = body(hot)
        st.loop_instr, st.loop_dpas = len(b), dpas_in(hot)
        st.loop_dmov = sum(i.dmov for i in b)
    return st


def asm_stats(asm: str, grf: int) -> list[KernelStats]:
    """Figures of every kernel of an ``--emit asm`` text compiled with ``grf`` GRFs."""
    return [kernel_stats(name, lines, grf) for name, lines in split_kernels(asm).items()]


HEADER = ("kernel", "grf", "instr", "dpas", "send", "mov", "dmov", "spill", "L.instr", "L.dpas", "L.dmov",
          "L.i/dpas")


def row(s: KernelStats) -> list[str]:
    def f(v: object) -> str:
        return "-" if v is None else f"{v:.1f}" if isinstance(v, float) else str(v)

    return [s.kernel, f(s.grf), f(s.instr), f(s.dpas), f(s.send), f(s.mov), f(s.dmov), f(s.spill),
            f(s.loop_instr), f(s.loop_dpas), f(s.loop_dmov), f(s.loop_per_dpas)]


def table(rows: list[list[str]], header: tuple[str, ...] = HEADER, left: int = 1) -> str:
    """Aligned columns: the first ``left`` left-aligned, the rest right-aligned."""
    cells = [list(header), *rows]
    w = [max(len(r[i]) for r in cells) for i in range(len(header))]
    out = []
    for n, r in enumerate(cells):
        out.append("  ".join(c.ljust(w[i]) if i < left else c.rjust(w[i]) for i, c in enumerate(r)).rstrip())
        if n == 0:
            out.append("  ".join("-" * x for x in w))
    return "\n".join(out) + "\n"
