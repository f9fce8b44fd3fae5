"""ISA figures of every sample, the way ``genx-emit compile --stats`` prints them, with totals.

    .venv/bin/python bench/isa_quality.py [-d pvc] [-d acm-g10] [--json OUT] [--markdown] [--imex DIR]
        [SAMPLE.mlir ...]

Per device (default: pvc and acm-g10) one row per kernel: register-file size, instructions,
dpas, sends, movs, data movs (tile copies: movs of 8 or more elements from a GRF other than r0),
spill instructions, and the hottest loop's instructions, dpas, data movs and instructions per
dpas; then a TOTAL row (the loop columns summed over the kernels that have a dpas loop). On pvc
the hand-written floor for ``gemm_32x32_bf16`` (``bench/gemm_32x32_bf16_floor.ll``) is compiled
too and printed after the table with the emitter's loop over the floor's; on DG2 likewise the
hand-written DG2 floor for ``gemm_kloop_f16`` (``bench/gemm_kloop_f16_dg2_floor.ll``), also against
pvc's loop for the same work. ``--markdown`` prints
instead one table with a column group per device (the README's), and the totals over the
kernels every device compiles, with each device's total over the first's. ``--imex DIR`` (a
fetched copy of Intel's XeGPU integration tests, e.g. their VC folder; nothing of it is kept)
also measures every kernel there and prints its totals beside the samples', and on pvc the 4k
GEMM loop against the hand-written ``bench/gemm_4k_f16_floor.ll``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from genx_emit import toolchain  # noqa: E402
from genx_emit.api import compile_stats  # noqa: E402
from genx_emit.diagnostics import DiagnosticError  # noqa: E402
from genx_emit.emit import module_grf  # noqa: E402
from genx_emit.isa_stats import HEADER, KernelStats, asm_stats, row, table  # noqa: E402
from genx_emit.targets import device_target  # noqa: E402

SAMPLES = ROOT / "samples"
FLOOR = ROOT / "bench" / "gemm_32x32_bf16_floor.ll"
# the K loop of Intel's 4k GEMM (IMEX's gemm_4kx4kx4k_f16_f16_f16), written by hand (--imex)
FLOOR_4K = ROOT / "bench" / "gemm_4k_f16_floor.ll"
IMEX_4K = "gemm_4kx4kx4k_f16_f16_f16"
# DG2's floor: the least a K step of gemm_kloop_f16 can cost without 2D block messages
DG2_FLOOR = ROOT / "bench" / "gemm_kloop_f16_dg2_floor.ll"


def spirv_form(genx_ll: str) -> str:
    """A hand-written GenX-ABI module (``genx.kernels``, pointer arguments ``svmptr_t``) in the
    SPIR-V-ready form ``compile`` feeds llvm-spirv (what ``genx-emit lower --abi spirv`` writes):
    triple spir64, ``spir_kernel`` with the argument kinds as parameter attributes."""
    text = genx_ll.replace('target triple = "genx64-unknown-unknown"', 'target triple = "spir64"')

    def kernel(m: re.Match[str]) -> str:
        params = []
        for p in m.group(2).split(", "):
            ty, name = p.rsplit(" ", 1)
            desc = "svmptr_t" if ty == "i64" else ""
            kinds = f'"VCArgumentDesc"="{desc}" "VCArgumentIOKind"="0" "VCArgumentKind"="0"'
            params.append(f"{ty} {kinds} {name}")
        head = f"define dllexport spir_kernel void @{m.group(1)}({', '.join(params)}) #0"
        return head + " !intel_reqd_sub_group_size !99 {"

    text = re.sub(r"^define dllexport void @(\w+)\((.*)\) #0 \{$", kernel, text, flags=re.M)
    text = re.sub(r'^attributes #0 = \{ "CMGenxMain" (.*)"oclrt"="1" \}$',
                  r'attributes #0 = { "CMGenxMain" "VCFunction" "VCNamedBarrierCount"="0" '
                  r'"VCSLMSize"="0" \1"oclrt"="1" }', text, flags=re.M)
    text = re.sub(r"^!genx\.kernels.*\Z", "", text, flags=re.M | re.S)
    return text + "!99 = !{i32 1}\n"


def floor_stats(path: Path = FLOOR, device: str = "pvc") -> KernelStats:
    """A hand-written floor's figures (in the register-file size its ``genx-emit-grf`` asks for)."""
    target = device_target(device)
    text = path.read_text()
    grf = module_grf(text)
    asm = toolchain.compile_module(spirv_form(text), target, device, "asm", grf=grf).decode()
    (st,) = asm_stats(asm, grf or target.grf_modes.default)
    return st


def loop_sums(stats: list[KernelStats]) -> tuple[int, int, int]:
    """The hottest loops' instructions, dpas and data movs, summed over the kernels with a dpas loop."""
    loops = [s for s in stats if s.loop_dpas]
    return (sum(s.loop_instr or 0 for s in loops), sum(s.loop_dpas or 0 for s in loops),
            sum(s.loop_dmov or 0 for s in loops))


def totals(stats: list[KernelStats]) -> list[str]:
    li, ld, lm = loop_sums(stats)
    sums = [str(sum(getattr(s, k) for s in stats)) for k in ("instr", "dpas", "send", "mov", "dmov", "spill")]
    return ["TOTAL", "", *sums, str(li), str(ld), str(lm), f"{li / ld:.1f}" if ld else "-"]


def loop_text(instr: int | None, dpas: int | None) -> str:
    return f"{instr} / {dpas}" if dpas else "-"


def loop_figure(s: KernelStats) -> str:
    return loop_text(s.loop_instr, s.loop_dpas)


def markdown(devices: list[str], found: dict[str, dict[str, KernelStats]]) -> str:
    """One row per kernel, per device: instructions, data movs, spill, hottest dpas loop's
    instructions / dpas; then totals over the kernels every device compiles."""
    names = [n for n in found[devices[0]]]
    names += [n for d in devices[1:] for n in found[d] if n not in names]
    head = ["sample"] + [f"{d} {c}" for d in devices for c in ("instr", "data movs", "spill", "loop")]
    lines = ["| " + " | ".join(head) + " |", "|---" + "|---:" * (len(head) - 1) + "|"]
    for n in names:
        cells = [f"`{n}`"]
        for d in devices:
            s = found[d].get(n)
            cells += [str(s.instr), str(s.dmov), str(s.spill), loop_figure(s)] if s else ["-"] * 4
        lines.append("| " + " | ".join(cells) + " |")
    common = [n for n in names if all(n in found[d] for d in devices)]
    cells = [f"total, the {len(common)} kernels all compile"]
    first = sum(found[devices[0]][n].instr for n in common)
    for d in devices:
        ks = [found[d][n] for n in common]
        instr = sum(k.instr for k in ks)
        ratio = f" ({instr / first:.1f}x)" if d != devices[0] and first else ""
        li, ld, _ = loop_sums(ks)
        cells += [f"{instr}{ratio}", str(sum(k.dmov for k in ks)), str(sum(k.spill for k in ks)),
                  loop_text(li, ld)]
    lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def floor_line(path: Path, device: str, kernel: str, stats: list[KernelStats]) -> tuple[str, KernelStats]:
    """The hand-written floor ``path`` compiled for ``device``: its figures and ``kernel``'s
    hottest loop (in ``stats``) against the floor's; and the floor's figures. (The DG2 line
    names the DG2 floor and leaves out its data movs.)"""
    fl = floor_stats(path, device)
    dg2 = device_target(device).name == "dg2"
    line = (f"hand-written {'DG2 ' if dg2 else ''}floor {path.name}: {fl.instr} instr, "
            f"{'' if dg2 else f'{fl.dmov} data movs, '}loop {fl.loop_instr} instr / {fl.loop_dpas} dpas")
    ours = next((s for s in stats if s.kernel == kernel), None)
    if ours and ours.loop_instr and fl.loop_instr:
        line += f"; {kernel} loop {ours.loop_instr} instr = {ours.loop_instr / fl.loop_instr:.2f}x the floor"
    return line, fl


def dg2_floor_line(device: str, stats: list[KernelStats], pvc: dict[str, KernelStats]) -> str:
    """The DG2 floor's loop against the emitter's DG2 loop and against pvc's loop for the same
    work (one pvc dpas is two DG2 dpas: SIMD16 against SIMD8)."""
    line, fl = floor_line(DG2_FLOOR, device, "gemm_kloop_f16", stats)
    p = pvc.get("gemm_kloop_f16")
    if p and p.loop_instr and fl.loop_instr:
        line += f"; the floor's loop is {fl.loop_instr / p.loop_instr:.1f}x pvc's ({p.loop_instr} instr)"
    return line


def measure(files: list[Path], device: str, rows: list[dict[str, object]],
            found_by_name: dict[str, KernelStats]) -> tuple[list[KernelStats], list[list[str]], list[str]]:
    """Every kernel of ``files`` compiled for ``device``: figures, table rows, failures."""
    stats: list[KernelStats] = []
    lines: list[list[str]] = []
    failed: list[str] = []
    for f in files:
        try:
            found = compile_stats(f.read_text(), f.name, device)
        except (DiagnosticError, toolchain.ToolchainError) as e:  # no form for this device, or IGC failed
            failed.append(f"  {f.stem}: {str(e).splitlines()[0]}")
            continue
        for s in found:
            stats.append(s)
            name = f.stem if s.kernel == f.stem else f"{f.stem}:{s.kernel}"
            lines.append([name, *row(s)[1:]])
            found_by_name[name] = s
            rows.append({"device": device, "file": f.name, **asdict(s)})
    return stats, lines, failed


def total_line(what: str, stats: list[KernelStats]) -> str:
    """One line of totals: kernels, instructions, data movs, scratch, the dpas loops."""
    li, ld, lm = loop_sums(stats)
    per = f"{li / ld:.1f}" if ld else "-"
    return (f"{what}: {len(stats)} kernels, {sum(s.instr for s in stats)} instr, "
            f"{sum(s.dmov for s in stats)} data movs, {sum(s.spill for s in stats)} scratch; "
            f"{sum(1 for s in stats if s.loop_dpas)} dpas loops: {li} instr / {ld} dpas = {per} per dpas, "
            f"{lm} data movs per iteration")


def imex_section(folder: Path, device: str, samples: list[KernelStats],
                 rows: list[dict[str, object]]) -> None:
    """IMEX's kernels in ``folder`` (read, never copied): their table, their totals beside the
    samples', and on pvc the 4k GEMM loop against its hand-written floor."""
    files = sorted(folder.glob("*.mlir"))
    found: dict[str, KernelStats] = {}
    stats, lines, failed = measure(files, device, rows, found)
    print(f"== {device}, IMEX kernels in {folder}")
    print(table([*lines, totals(stats)], ("kernel", *HEADER[1:])), end="")
    if failed:
        print(f"not compiled for {device}:", *failed, sep="\n")
    print(total_line("samples", samples))
    print(total_line("IMEX", stats))
    if device == "pvc" and FLOOR_4K.exists():
        fl = floor_stats(FLOOR_4K, device)
        line = f"hand-written floor {FLOOR_4K.name}: loop {fl.loop_instr} instr / {fl.loop_dpas} dpas"
        ours = next((s for n, s in found.items() if n.split(":")[0] == IMEX_4K), None)
        if ours and ours.loop_instr and fl.loop_instr:
            line += (f"; {IMEX_4K} loop {ours.loop_instr} instr / {ours.loop_dpas} dpas = "
                     f"{ours.loop_instr / fl.loop_instr:.2f}x the floor")
        print(line)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", type=Path, help="samples (default: samples/*.mlir)")
    ap.add_argument("-d", "--device", action="append",
                    help="ocloc device (repeatable; default pvc, acm-g10)")
    ap.add_argument("--json", type=Path, help="also write every row as JSON")
    ap.add_argument("--markdown", action="store_true", help="one Markdown table, a column group per device")
    ap.add_argument("--imex", type=Path, metavar="DIR",
                    help="also every *.mlir of DIR (a fetched copy of IMEX's XeGPU integration tests, e.g. "
                         "its VC folder): their table and TOTAL after the samples', and the 4k GEMM loop "
                         "against its hand-written floor")
    a = ap.parse_args(argv)
    files = a.files or sorted(SAMPLES.glob("*.mlir"))
    rows: list[dict[str, object]] = []
    devices = a.device or ["pvc", "acm-g10"]
    by_device: dict[str, dict[str, KernelStats]] = {d: {} for d in devices}
    for device in devices:
        stats, lines, failed = measure(files, device, rows, by_device[device])
        if a.markdown:
            continue
        print(f"== {device}")
        print(table([*lines, totals(stats)], ("sample", *HEADER[1:])), end="")
        if failed:
            print(f"not compiled for {device}:", *failed, sep="\n")
        if a.imex is not None:
            imex_section(a.imex, device, stats, rows)
        if device == "pvc" and FLOOR.exists():
            print(floor_line(FLOOR, device, "gemm_32x32_bf16", stats)[0])
        if device != "pvc" and DG2_FLOOR.exists() and device_target(device).name == "dg2":
            print(dg2_floor_line(device, stats, by_device.get("pvc", {})))
        print()
    if a.markdown:
        print(markdown(devices, by_device), end="")
    if a.json:
        a.json.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
