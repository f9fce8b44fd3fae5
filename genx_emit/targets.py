"""Hardware limits, one frozen record per target. Lowering code names these fields; it never
repeats the numbers. Values from the GenX reference (2D block, DPAS, LSC and region rules)."""

from __future__ import annotations

from dataclasses import dataclass

from genx_emit.diagnostics import DiagnosticError


@dataclass(frozen=True)
class Block2DLimits:
    """2D block message shape rules (T = element bytes, W/H = block width/height, NB = blocks)."""

    max_height: int = 32  # load/prefetch rows
    min_row_bytes: int = 4  # W*T
    max_row_bytes: int = 64  # W*NB*T
    max_load_bytes: int = 2048  # W*H*NB*T
    # A send's response length is a 5-bit GRF count. IGC encodes a 32-GRF block load as 31 (the
    # hardware sizes the response from the block shape) but wraps larger counts modulo 32 (seen
    # with 32-byte GRFs: 62 GRFs became rd:30, a silently short load) or never finishes (64 GRFs).
    # On PVC 2048 bytes is exactly 32 GRFs.
    max_payload_grfs: int = 32
    load_blocks: tuple[int, ...] = (1, 2, 4)
    max_blocks_u32: int = 2
    max_blocks_u64: int = 1
    store_max_height: int = 8
    store_max_bytes: int = 512
    transpose_elem_bytes: tuple[int, ...] = (4, 8)
    # 16, not the 32 the reference gives: every transposed u32 row must fit one 64-byte GRF. IGC
    # aborts (VISA builder failure) on heights 17..32 for pvc, whatever the width.
    transpose_u32_max_height: int = 16
    transpose_u32_max_width: int = 8
    transpose_u64_height: int = 8
    transpose_u64_widths: tuple[int, ...] = (1, 2, 4)
    vnni_elem_bytes: tuple[int, ...] = (1, 2)
    vnni_max_width: int = 16
    vnni_min_column_bytes: int = 4  # H*T
    # surface rules
    base_align: int = 64
    min_surface_width_bytes: int = 32
    surface_width_multiple: int = 4
    min_pitch_bytes: int = 32
    pitch_multiple: int = 16
    max_surface_width_bytes: int = 1 << 24
    max_surface_height: int = 1 << 24
    max_pitch_bytes: int = 1 << 24


@dataclass(frozen=True)
class DpasLimits:
    exec_size: int  # N of a native dpas (PVC 16, DG2 8)
    systolic_depth: int = 8
    max_repeat: int = 8  # M rows, 1..8
    dword_bits: int = 32  # K per systolic stage is 32 bits of each operand
    # operand precisions the systolic array has (tf32 is Xe-HPC only)
    precisions: tuple[str, ...] = ("bf16", "fp16", "tf32", "u8", "s8")
    # fp16 DPAS may read and write an f16 accumulator (Xe-HPC; IGC takes half dpas2/nosrc0 types)
    f16_acc: bool = False


@dataclass(frozen=True)
class GrfModes:
    """Register-file sizes a kernel may ask for (both PVC and DG2 have a 256-GRF mode; it halves
    the threads per EU) and how ``--grf auto`` picks one."""

    default: int = 128
    large: int = 256
    # ``auto`` takes the large mode when the registers live across the hottest loop exceed the
    # default file minus this many GRFs (r0, message headers, addresses, loop counters).
    auto_reserve: int = 16
    # What asks IGC's VC path for the large file. The installed IGC (and llvm-spirv-14) reject
    # the SPIR-V execution mode newer IGCs read (SPV_INTEL_maximum_registers), so it is the ocloc
    # option; the IGC_VCApiOptions environment variable passes the same to any VC compile.
    ocloc_option: str = "-ze-opt-large-register-file"


# --grf: "auto" or one of the register-file sizes every target has
GRF_CHOICES = ("auto", str(GrfModes.default), str(GrfModes.large))


@dataclass(frozen=True, kw_only=True)
class Target:
    """One GPU generation's limits; the defaults are those PVC (Xe-HPC) and DG2 (Xe-HPG) share."""

    name: str
    ocloc_device: str  # the device `compile` uses for this target by default
    devices: tuple[str, ...]  # every ocloc device name this target's code is for
    iga_platform: str  # iga64 -p value for disassembly
    grf_bytes: int
    grfs: int = 256  # GRFs of one thread in large-GRF mode: the largest value a kernel can hold
    max_exec_size: int = 32  # power-of-two execution size of one instruction (and region access)
    max_exec_size_64bit: int  # the same for 64-bit elements
    byte_source_grfs: int  # GRFs a direct byte-typed region source may span (else 2)
    # Destination stride of 64-bit elements: IGC segfaults on an f64 wrregion of stride 4 that
    # crosses a GRF (seen for pvc), so 64-bit writes keep strides of at most 2.
    max_dest_stride_64bit: int = 2
    lsc_max_simd: int  # LSC lanes per message
    lsc_max_payload_grfs: int = 8
    # Largest non-transposed vector size of 64-bit data: IGC refuses 8 ("Non-transposed LSC
    # instruction vector size is too large") for every lane count, on PVC and DG2 alike.
    lsc_max_vector_64bit: int = 4
    lsc_max_vector: int = 8  # largest non-transposed vector size (transposed SIMD1 blocks take all)
    max_slm_bytes: int = 128 * 1024
    max_named_barriers: int
    fp64: bool  # double-precision arithmetic exists (Xe-HPG has none)
    # 64-bit integer adds and shifts exist (Xe-HPG has none: IGC emulates each with 32-bit
    # add-with-carry and moves, so lane addresses there are built from 32-bit halves)
    int64_alu: bool
    rfc_name: str  # the product name the XeGPU RFC's SIMT (sg_map) rules use for this target
    dpas: DpasLimits
    block2d: Block2DLimits | None  # None: no 2D block messages on this target
    grf_modes: GrfModes = GrfModes()

    @property
    def simd(self) -> int:
        """Subgroup size the XeGPU ops of this target are written for."""
        return self.dpas.exec_size


PVC = Target(
    name="pvc",
    ocloc_device="pvc",
    devices=("pvc", "pvc-sdv"),
    iga_platform="12p72",
    grf_bytes=64,
    max_exec_size_64bit=32,  # 2 GRFs of 64-bit elements are 16: the span rule binds first
    byte_source_grfs=1,
    lsc_max_simd=32,
    max_named_barriers=32,
    fp64=True,
    int64_alu=True,
    rfc_name="PVC",
    dpas=DpasLimits(exec_size=16, f16_acc=True),
    block2d=Block2DLimits(),
)

DG2 = Target(
    name="dg2",
    ocloc_device="acm-g10",
    devices=("acm-g10", "acm-g11", "acm-g12", "dg2-g10", "dg2-g11", "dg2-g12"),
    iga_platform="12p71",
    grf_bytes=32,
    max_exec_size_64bit=16,
    byte_source_grfs=2,
    lsc_max_simd=16,
    max_named_barriers=0,  # the toolchain rejects llvm.genx.nbarrier for acm-g10
    fp64=False,
    int64_alu=False,
    rfc_name="ARC",
    dpas=DpasLimits(exec_size=8, precisions=("bf16", "fp16", "u8", "s8")),
    # Xe-HPG has no 2D block messages: Intel's runtime reports no 2D block IO for DG2, though
    # IGC compiles them for acm-g10 without a word. 2-D tiles go through LSC row block messages
    # and, for tiles over an edge, per-element gathers and scatters (lower/dg2/nd_rows.py).
    block2d=None,
)

TARGETS: dict[str, Target] = {t.name: t for t in (PVC, DG2)}

# Facts every target shares.
# The LSC cache line: what one prefetch lane brings in (lower/dg2/nd_gather.py samples rows by it).
CACHE_LINE_BYTES = 64
# Every SLM buffer starts on a 64-byte boundary: the PVC register and the LSC cache-line size,
# so a whole-register block access at a buffer's start never straddles a line and any element
# type is naturally aligned. Costs at most 63 bytes per buffer (lower/analysis/slm.py).
SLM_ALIGN = 64
# Global buffers are taken to be at least this aligned, as the runtime allocates them (the
# transposed block messages of 1-D tiles and contiguous scattered accesses rely on it).
BUFFER_ALIGN = 8
# A mov of fewer lanes is header setup or a scalar; from this many it copies tile data (a "data
# mov", isa_stats.py), which lowering choices weigh (lower/analysis/consumers.py).
DATA_MOV_MIN_LANES = 8
# The target with the largest register file: no vector or tile may be larger (frontend.py).
LARGEST_REGISTER_FILE = max(TARGETS.values(), key=lambda t: t.grfs * t.grf_bytes)
# ocloc device names (and the target names themselves) -> target
DEVICES: dict[str, Target] = {d: t for t in TARGETS.values() for d in (t.name, *t.devices)}


def get_target(name: str) -> Target:
    try:
        return TARGETS[name]
    except KeyError:
        raise DiagnosticError(None, f"unknown target '{name}' (known: {', '.join(TARGETS)})") from None


def device_target(device: str) -> Target:
    """The target whose code runs on an ocloc device (or a target's own name)."""
    try:
        return DEVICES[device]
    except KeyError:
        raise DiagnosticError(None, f"unknown device '{device}' (known: {', '.join(DEVICES)})") from None

# Work items per subgroup of a kernel written at lane level (or counting work items) that does
# not say its own (``intel_reqd_sub_group_size``): upstream XeGPU's subgroup size on Xe GPUs.
UPSTREAM_SUBGROUP_SIZE = 16
