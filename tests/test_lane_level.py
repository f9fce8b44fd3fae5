"""Lane-level kernels (one work item each, no layouts) re-assembled into subgroup code, and the
launch model: our own kernels of every supported form (tests/inputs/lane), simulated against
numpy on pvc and compiled by IGC."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from upstream_kit import assert_compiles, lowered

from genx_emit import sim
from genx_emit.api import compile_stats, lower_text
from genx_emit.diagnostics import DiagnosticError
from genx_emit.frontend import read_kernels
from genx_emit.mlir.parser import parse_mlir
from genx_emit.ops.launch import LANE, SUBGROUP, THREADS, WORK_ITEMS, decide_launch, kernel_kind

INPUTS = Path(__file__).parent / "inputs" / "lane"
NAMES = sorted(p.stem for p in INPUTS.glob("*.mlir"))


def text(name: str) -> str:
    return (INPUTS / f"{name}.mlir").read_text()


def run(name: str, grid, args: dict, threads=1, launch: str | None = None) -> dict[str, np.ndarray]:
    ll = lower_text(text(name), f"{name}.mlir", "pvc", launch=launch)
    return sim.run(ll, "k", grid, args, threads)


def kind_of(src: str):
    func = next(parse_mlir(src, "k.mlir").device_functions())
    return decide_launch(func, kernel_kind(func, False), None)


def test_one_element_offsets_make_a_lane_level_kernel_that_writes_every_lane():
    """The kernel has no layout and one-element offset vectors: lane level, 16 work items in one
    subgroup, every lane writes both of its elements."""
    assert kind_of(text("scatter_twice")).level == LANE
    src = np.arange(64, dtype=np.float32) * 0.5
    out = run("scatter_twice", (1,), {"src": src, "dst": np.zeros(64, np.float32)})
    lane = np.arange(16, dtype=np.float32)
    want = np.zeros(64, np.float32)
    want[:16] = lane
    want[16:32] = lane + src[:16]
    np.testing.assert_array_equal(out["dst"], want)


def test_scalar_offset_chunk_and_mask_per_lane():
    src = np.arange(256, dtype=np.float32) + 0.25
    dst = np.full(256, -1.0, np.float32)
    out = run("scatter_chunk", (2,), {"src": src, "dst": dst}, threads=2)  # 2 groups of 2 subgroups
    want = dst.copy()
    for g in range(64):
        if g % 2 == 0:
            want[3 * g] = g
            want[3 * g + 1] = 2 * src[3 * g + 1]
    np.testing.assert_array_equal(out["dst"], want)


def test_ids_go_into_rows_of_a_lane_share():
    src = np.arange(8 * 64, dtype=np.int32).reshape(8, 64) + 1000
    out = run("ids_nd", (1,), {"src": src, "dst": np.zeros((8, 64), np.int32)}, threads=4)
    want = src.copy()
    for sg in range(4):
        cols = slice(16 * sg, 16 * sg + 16)
        want[0, cols], want[1, cols], want[2, cols], want[3, cols] = sg, np.arange(16), 4, 16
    np.testing.assert_array_equal(out["dst"], want)


def test_row_sums_with_dynamic_extract_and_shuffles():
    a = np.random.default_rng(3).integers(-8, 8, (16, 16)).astype(np.float32)
    out = run("row_sum", (1,), {"in": a, "out": np.zeros((16, 16), np.float32)})
    np.testing.assert_array_equal(out["out"], np.repeat(a.sum(axis=1, keepdims=True), 16, axis=1))


def test_column_reduction_with_an_accumulator():
    a = np.random.default_rng(4).standard_normal((16, 16)).astype(np.float32) * 3
    out = run("col_max", (1,), {"in": a, "out": np.zeros((1, 16), np.float32)})
    np.testing.assert_array_equal(out["out"][0], np.maximum(a.max(axis=0), -4.0))


def test_subgroup_kernel_that_divides_the_lanes_away_counts_work_items():
    """tid / 64 and (tid % 64) / 16: subgroup level, thread id in work items (16 per subgroup)."""
    k = kind_of(text("sg_tiles_by_work_item"))
    assert (k.level, k.launch) == (SUBGROUP, WORK_ITEMS)
    a = np.arange(16 * 64, dtype=np.float32).reshape(16, 64)
    out = run("sg_tiles_by_work_item", (1,), {"a": a, "c": np.zeros((16, 64), np.float32)}, threads=8)
    np.testing.assert_array_equal(out["c"], a + 1)


def test_launch_override_to_threads():
    """Counting hardware threads, 8 threads read tile (tid / 64, ...) = (0, 0) only."""
    a = np.arange(16 * 64, dtype=np.float32).reshape(16, 64)
    out = run("sg_tiles_by_work_item", (1,), {"a": a, "c": np.zeros((16, 64), np.float32)}, threads=8,
              launch=THREADS)
    want = np.zeros((16, 64), np.float32)
    want[:8, :16] = a[:8, :16] + 1
    np.testing.assert_array_equal(out["c"], want)


def test_a_per_lane_use_of_the_work_item_id_at_subgroup_level_is_an_error():
    bad = text("sg_tiles_by_work_item").replace("%row_id = arith.divui %tid, %c64 : index",
                                                 "%row_id = arith.addi %tid, %c64 : index")
    with pytest.raises(DiagnosticError) as e:
        lower_text(bad, "k.mlir", launch=WORK_ITEMS)
    assert str(e.value.loc) == "k.mlir:9:15"
    assert e.value.message == (
        "arith.addi: gpu.thread_id x counts work items (16 per subgroup) in this subgroup-level kernel, so "
        "this use of it differs per lane; take the subgroup's index with a division by a multiple of 16, "
        "or launch with the thread-counting model (--launch threads)")


def test_without_divisions_a_subgroup_kernel_counts_threads():
    k = kind_of(text("sg_tiles_by_work_item").replace("arith.divui %tid, %c64", "arith.muli %tid, %c64"))
    assert (k.level, k.launch) == (SUBGROUP, THREADS)


_ID_FREE = """gpu.module @m {
  gpu.func @k(%a: memref<8x16xf32>, %c: memref<8x16xf32>) kernel ATTRS{
    %ta = xegpu.create_nd_tdesc %a : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %tc = xegpu.create_nd_tdesc %c : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %tc[0, 0] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %w = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %s = arith.addf %v, %w : vector<8x16xf32>
    xegpu.store_nd %s, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
"""


def test_a_subgroup_kernel_that_reads_no_id_counts_work_items_unless_it_is_vector_compute():
    """c += a by a kernel that reads no id: its host's 16 work items are one subgroup, one thread;
    read as 16 threads, each would add a to c again (what the simulator shows: 16 a). IMEX's VC
    form (VectorComputeFunctionINTEL) is launched in threads."""
    k = kind_of(_ID_FREE.replace("ATTRS", ""))
    assert (k.level, k.launch) == (SUBGROUP, WORK_ITEMS)
    vc = kind_of(_ID_FREE.replace("ATTRS", "attributes {VectorComputeFunctionINTEL} "))
    assert (vc.level, vc.launch) == (SUBGROUP, THREADS)
    a = np.arange(128, dtype=np.float32).reshape(8, 16)
    ll = lower_text(_ID_FREE.replace("ATTRS", ""), "k.mlir", "pvc")
    for threads, times in ((1, 1), (16, 16)):
        out = sim.run(ll, "k", (1,), {"a": a, "c": np.zeros_like(a)}, threads)
        np.testing.assert_array_equal(out["c"], times * a)


def test_read_kernels_takes_the_override():
    assert read_kernels(text("sg_tiles_by_work_item"), "k.mlir", launch=THREADS).funcs


@pytest.mark.parametrize("name", NAMES)
def test_compiles_for_pvc(name, toolchain, tmp_path):
    ll, _ = lowered(text(name))
    assert_compiles(toolchain, ll, tmp_path, name)


def test_per_lane_gemm_computes_right():
    rng = np.random.default_rng(5)
    a = rng.integers(-3, 4, (64, 256)).astype(np.float16)
    b = rng.integers(-3, 4, (256, 64)).astype(np.float16)
    out = run("gemm", (2, 2), {"a": a, "b": b, "c": np.zeros((64, 64), np.float32)})
    np.testing.assert_array_equal(out["c"], a.astype(np.float32) @ b.astype(np.float32))


def test_per_lane_gemm_loop_is_tight(compile_tools):
    """Row slices of the lanes' shares are registers of the loads: no data movs in the K loop,
    at most 2.5 instructions per dpas (16 dpas, 2 loads, the loop's own adds and branch)."""
    (s,) = compile_stats(text("gemm"), "gemm.mlir", "pvc")
    assert (s.loop_dpas, s.loop_dmov, s.spill) == (16, 0, 0)
    assert s.loop_instr <= 2.5 * s.loop_dpas, (s.loop_instr, s.loop_dpas)


def test_lane_divergent_if_runs_both_branches_under_masks():
    src = np.arange(64, dtype=np.float32) + 0.5
    out = run("divergent_if", (1,), {"src": src, "dst": np.zeros(64, np.float32)})["dst"]
    lane = np.arange(16)
    low = lane < 8
    np.testing.assert_array_equal(out[:16], np.where(low, 2 * src[:16], -1))
    np.testing.assert_array_equal(out[16:32], np.where(low & (lane % 3 == 0), 100 + lane, 0))
    np.testing.assert_array_equal(out[32:48], np.where(low, 2 * src[:16], lane))
    assert not out[48:].any()


def test_loop_with_a_per_lane_trip_count():
    src = np.arange(128, dtype=np.float32)
    out = run("divergent_for", (1,), {"src": src, "dst": np.full(128, -1, np.float32),
                                      "sums": np.zeros(16, np.float32)})
    want_dst = np.full((8, 16), -1, np.float32)
    sums = np.zeros(16, np.float32)
    for lane in range(16):
        for i in range(lane % 5 + 1):
            sums[lane] += src[16 * i + lane]
            want_dst[i, lane] = sums[lane]
    np.testing.assert_array_equal(out["sums"], sums)
    np.testing.assert_array_equal(out["dst"].reshape(8, 16), want_dst)


def test_block_store_under_a_divergent_branch_is_refused():
    bad = text("ids_nd").replace(
        "    xegpu.store_nd %v3, %d[%c0, %col] : vector<8xi32>, !xegpu.tensor_desc<8x16xi32>",
        "    %c2 = arith.constant 2 : index\n    %q = arith.cmpi ult, %lane, %c2 : index\n    scf.if %q {\n"
        "      xegpu.store_nd %v3, %d[%c0, %col] : vector<8xi32>, !xegpu.tensor_desc<8x16xi32>\n    }")
    with pytest.raises(DiagnosticError) as e:
        lower_text(bad, "k.mlir")
    assert str(e.value.loc) == "k.mlir:26:7"
    assert e.value.message.startswith("xegpu.store_nd under lane-divergent control flow: a block store")


@pytest.mark.parametrize(("k", "width"), [(3, 16), (6, 12), (17, 16), (0, 16)])
def test_shuffles_with_run_time_offsets(k, width):
    out = run("shuffle_runtime", (1,), {"out": np.zeros(160, np.int32), "k": k, "w": width})["out"]
    lane = np.arange(16)
    x = lane * lane
    for m, src in enumerate([lane ^ k, lane + k, lane - k, np.full(16, k), (5 * lane) % 16]):
        valid = (src >= 0) & (src < width)  # else the lane keeps its own value
        np.testing.assert_array_equal(out[16 * m: 16 * m + 16], np.where(valid, x[np.clip(src, 0, 15)], x))
        np.testing.assert_array_equal(out[80 + 16 * m: 96 + 16 * m], valid)


def _cluster_reduce(x: np.ndarray, fn, size: int, stride: int) -> np.ndarray:
    """Upstream's clusters: ``size`` lanes ``stride`` apart, clusters tiling the lanes."""
    out = np.empty_like(x)
    for lane in range(len(x)):
        base = lane % stride + lane // (size * stride) * size * stride
        out[lane] = fn(x[base + stride * np.arange(size)])
    return out


def test_subgroup_reduce_over_all_lanes_and_clusters():
    out = run("subgroup_reduce", (1,), {"out": np.zeros(96, np.float32)})["out"].reshape(6, 16)
    x = ((7 * np.arange(16)) % 13).astype(np.float32)
    want = [_cluster_reduce(x, np.sum, 16, 1), _cluster_reduce(x, np.max, 16, 1),
            _cluster_reduce(x, np.sum, 4, 1), _cluster_reduce(x, np.min, 4, 2),
            _cluster_reduce(x, np.prod, 2, 8), _cluster_reduce(x, np.max, 8, 1)]
    np.testing.assert_array_equal(out, np.array(want))


def test_subgroup_reduce_clusters_must_tile_the_lanes():
    bad = text("subgroup_reduce").replace("cluster(size = 4)", "cluster(size = 3)")
    with pytest.raises(DiagnosticError) as e:
        lower_text(bad, "k.mlir")
    assert str(e.value.loc) == "k.mlir:23:11"
    assert e.value.message == ("gpu.subgroup_reduce: cluster(size = 3, stride = 1) does not tile 16 lanes "
                               "(powers of two, size x stride dividing the lanes)")


def test_transposed_b_as_32_bit_pairs_bitcast_per_lane():
    rng = np.random.default_rng(6)
    a = rng.integers(-4, 5, (8, 16)).astype(np.float16)
    bt = rng.integers(-4, 5, (16, 16)).astype(np.float16)  # bt[n, k] = B[k, n]
    args = {"a": a, "bt": bt.view(np.float32), "c": np.zeros((8, 16), np.float32)}
    out = run("gemm_transpose_b", (1,), args)
    np.testing.assert_array_equal(out["c"], a.astype(np.float32) @ bt.astype(np.float32).T)


def test_gather_through_a_subview_whose_type_hides_its_offset():
    src = np.arange(64, dtype=np.float32)
    out = run("subview_gather", (1,), {"src": src, "dst": np.zeros(64, np.float32)})["dst"]
    want = np.zeros(64, np.float32)
    want[7:23] = src[3:19]
    np.testing.assert_array_equal(out, want)


def test_subgroup_array_load_stacks_the_blocks_along_the_rows():
    a = np.arange(8 * 32, dtype=np.float32).reshape(8, 32)
    out = run("sg_array_rows", (1,), {"a": a, "out": np.zeros((16, 16), np.float32)})["out"]
    np.testing.assert_array_equal(out, np.vstack([a[:, :16], a[:, 16:]]))


def test_sim_cli_takes_the_launch_in_work_items(tmp_path):
    """--work-items is converted by the kernel's launch model: 128 work items of a subgroup-level
    kernel are 8 threads, and 120 too (one thread per started subgroup does its whole tile); a
    lane-level kernel's work-group that is not whole subgroups is a usage error."""
    from click.testing import CliRunner

    from genx_emit.cli import main

    a = np.arange(16 * 64, dtype=np.float32).reshape(16, 64)
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "c.npy", np.zeros((16, 64), np.float32))
    src = str(INPUTS / "sg_tiles_by_work_item.mlir")
    args = ["sim", src, "--grid", "1", "--arg", f"a={tmp_path / 'a.npy'}", "--arg", f"c={tmp_path / 'c.npy'}",
            "--out", f"c={tmp_path / 'out.npy'}"]
    for items in ("128", "120"):
        r = CliRunner().invoke(main, [*args, "--work-items", items])
        assert r.exit_code == 0, r.output
        np.testing.assert_array_equal(np.load(tmp_path / "out.npy"), a + 1)
    r = CliRunner().invoke(main, [*args, "--work-items", "112"])  # 7 subgroups: the last tile unwritten
    assert r.exit_code == 0, r.output
    want = a + 1
    want[8:, 48:] = 0  # the eighth tile (row 1, column 3)
    np.testing.assert_array_equal(np.load(tmp_path / "out.npy"), want)
    np.save(tmp_path / "s.npy", np.zeros(64, np.float32))
    lane = ["sim", str(INPUTS / "scatter_twice.mlir"), "--grid", "1", "--arg", f"src={tmp_path / 's.npy'}",
            "--arg", f"dst={tmp_path / 's.npy'}"]
    assert CliRunner().invoke(main, [*lane, "--work-items", "16"]).exit_code == 0
    r = CliRunner().invoke(main, [*lane, "--work-items", "24"])
    assert r.exit_code == 2
    assert "24 work items along x is not a whole number of 16-lane subgroups" in r.output


def _lowering_error(src: str, filename: str) -> DiagnosticError:
    with pytest.raises(DiagnosticError) as e:
        lower_text(src, filename)
    return e.value


def test_8_and_4_bit_float_kernel_data_is_one_error_naming_the_formats():
    """A block-scaled (MX) kernel's f4 data and f8 scales: refused at the first argument that
    carries them, naming every such format once and the precisions DPAS has."""
    src = """gpu.module @m {
  gpu.func @k(%a: memref<8x64xf4E2M1FN>, %c: memref<8x16xf32>, %s: memref<8x2xf8E8M0FNU>,
              %t: memref<8x2xf8E8M0FNU>) kernel {
    gpu.return
  }
}
"""
    err = _lowering_error(src, "k.mlir")
    assert str(err.loc) == "k.mlir:2:15"
    assert err.message == (
        "f4E2M1FN / f8E8M0FNU kernel data (%a, %s, %t): not supported by the installed toolchain "
        "(8- and 4-bit floats are no DPAS precision of its intrinsics and no GenX element type)")


def test_8_and_4_bit_floats_made_in_device_code_are_one_error_at_the_op():
    """Packed bytes reinterpreted as f4 (as upstream's MX GEMMs unpack B): refused where the
    first such value is made, not as a size mismatch of an unrelated rule; host code may use
    them (it is skipped); a device function's arguments are named as such."""
    src = """gpu.module @m {
  gpu.func @k(%p: memref<8x32xi8>) kernel {
    %t = xegpu.create_nd_tdesc %p : memref<8x32xi8> -> !xegpu.tensor_desc<8x32xi8>
    %v = xegpu.load_nd %t[0, 0] : !xegpu.tensor_desc<8x32xi8> -> vector<8x32xi8>
    %f = vector.bitcast %v : vector<8x32xi8> to vector<8x64xf4E2M1FN>
    gpu.return
  }
}
func.func @main() {
  %s = arith.constant 1.0 : f8E8M0FNU
  return
}
"""
    err = _lowering_error(src, "k.mlir")
    assert str(err.loc) == "k.mlir:5:10"
    assert err.message == (
        "vector.bitcast: result vector<8x64xf4E2M1FN>: f4E2M1FN is not supported by the installed "
        "toolchain (8- and 4-bit floats are no DPAS precision of its intrinsics and no GenX element type)")
    dev = "gpu.module @m {\n  gpu.func @f(%s: memref<8x2xf8E8M0FNU>) {\n    gpu.return\n  }\n}\n"
    err = _lowering_error(dev, "d.mlir")
    assert str(err.loc) == "d.mlir:2:15"
    assert err.message.startswith("f8E8M0FNU device function arguments (%s): not supported")
