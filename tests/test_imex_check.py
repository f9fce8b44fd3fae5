"""scripts/imex_check.py: the host launch is read from the file, the work-group converted by the
kernel's launch model, and a model's wrong expectation is reported (on a kernel of our own in the
layout of IMEX's tests)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import imex_check  # noqa: E402
from imex_models import Model  # noqa: E402

from genx_emit.mlir.parser import parse_mlir  # noqa: E402
from genx_emit.ops.launch import work_group_threads  # noqa: E402

KERNEL = """
module @m attributes {gpu.container_module} {
  gpu.module @kernel {
    gpu.func @ids(%dst: memref<64xf32>) kernel {
      %tid = gpu.thread_id x
      %o = vector.broadcast %tid : index to vector<1xindex>
      %m = arith.constant dense<true> : vector<1xi1>
      %i = arith.index_cast %tid : index to i32
      %f = arith.sitofp %i : i32 to f32
      %v = vector.broadcast %f : f32 to vector<1xf32>
      xegpu.store %v, %dst[%o], %m : vector<1xf32>, memref<64xf32>, vector<1xindex>, vector<1xi1>
      gpu.return
    }
  }
  func.func @test(%d: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernel::@ids blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<64xf32>)
    return
  }
}
"""


def _inputs(rng):
    return {"dst": np.full(64, -1.0, np.float32)}


def _right(a, grid):
    out = np.full(64, -1.0, np.float32)
    out[:32] = np.arange(32)
    return {"dst": (out, ...)}


def _wrong(a, grid):
    return {"dst": (np.arange(64, dtype=np.float32), ...)}


@pytest.fixture
def tree(tmp_path, monkeypatch):
    (tmp_path / "SIMT").mkdir()
    (tmp_path / "SIMT" / "ids.mlir").write_text(KERNEL)
    return tmp_path


def test_launch_is_read_from_the_host_code():
    assert imex_check.launches(KERNEL) == {"ids": ((1, 1, 1), (32, 1, 1))}


def test_a_lane_level_kernel_runs_on_the_work_items_its_host_launches(tree, monkeypatch, capsys):
    monkeypatch.setattr(imex_check, "MODELS", {"SIMT/ids": Model("ids", _inputs, _right)})
    assert imex_check.main([str(tree)]) == 0
    assert "ok        SIMT/ids  dst 64 elements" in capsys.readouterr().out


def test_a_wrong_number_is_reported_and_fails_the_run(tree, monkeypatch, capsys):
    monkeypatch.setattr(imex_check, "MODELS", {"SIMT/ids": Model("ids", _inputs, _wrong)})
    assert imex_check.main([str(tree)]) == 1
    out = capsys.readouterr().out
    assert "WRONG" in out and "32 of 64 elements differ; first at (32,)" in out


def test_a_model_for_a_kernel_the_host_does_not_launch_is_an_error(tree, monkeypatch, capsys):
    monkeypatch.setattr(imex_check, "MODELS", {"SIMT/ids": Model("other", _inputs, _right)})
    assert imex_check.main([str(tree)]) == 1
    assert "the host code launches no @other (it launches @ids)" in capsys.readouterr().out


# @twice: @ids storing twice its id
_IDS = KERNEL[KERNEL.index("    gpu.func @ids"):KERNEL.index("  }\n  func.func @test")]
TWICE = _IDS.replace("@ids", "@twice").replace(
    "%v = vector.broadcast %f", "%g = arith.addf %f, %f : f32\n      %v = vector.broadcast %g")

TWO_LAUNCHES = KERNEL.replace("""        args(%d : memref<64xf32>)""", """        args(%d : memref<64xf32>)
    // gpu.launch_func @kernel::@ids blocks in (%c32, %c1, %c1) threads in (%c1, %c1, %c1)
    %n = arith.muli %c1, %c1 : index
    gpu.launch_func @kernel::@twice blocks in (%n, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%d : memref<64xf32>)""").replace(
    """    %c32 = arith.constant 32 : index""", """    %c32 = arith.constant 32 : index
    %c16 = arith.constant 16 : index
    // %n = arith.constant 4 : index""").replace("""      gpu.return
    }
  }""", """      gpu.return
    }
""" + TWICE + """  }""")


def _twice(a, grid):
    out = np.full(64, -1.0, np.float32)
    out[:16] = 2 * np.arange(16)
    return {"dst": (out, ...)}


def test_commented_out_launches_and_constants_are_not_the_hosts_and_a_computed_size_is_unknown():
    assert imex_check.launches(TWO_LAUNCHES) == {"ids": ((1, 1, 1), (32, 1, 1)),
                                                 "twice": ((None, 1, 1), (16, 1, 1))}


def test_each_kernel_a_host_launches_has_its_model_and_a_computed_grid_is_the_models(
        tmp_path, monkeypatch, capsys):
    (tmp_path / "SIMT").mkdir()
    (tmp_path / "SIMT" / "ids.mlir").write_text(TWO_LAUNCHES)
    monkeypatch.setattr(imex_check, "MODELS", {"SIMT/ids": (
        Model("ids", _inputs, _right), Model("twice", _inputs, _twice, grid=(1, 1, 1)))})
    assert imex_check.main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "ok        SIMT/ids @ids  dst 64 elements" in out
    assert "ok        SIMT/ids @twice  dst 64 elements on 1x1x1 of ?x1x1 work-groups" in out
    monkeypatch.setattr(imex_check, "MODELS", {"SIMT/ids": Model("twice", _inputs, _twice)})
    assert imex_check.main([str(tmp_path)]) == 1
    assert "the host computes the launch of @twice at run time" in capsys.readouterr().out


SUBGROUP_KERNEL = """
module @m attributes {gpu.container_module} {
  gpu.module @kernel {
    gpu.func @copy(%a: memref<8x16xf32>, %c: memref<8x16xf32>) kernel {
      %ta = xegpu.create_nd_tdesc %a : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
      %tc = xegpu.create_nd_tdesc %c : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
      %v = xegpu.load_nd %ta[0, 0] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
      xegpu.store_nd %v, %tc[0, 0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
      gpu.return
    }
  }
}
"""


@pytest.mark.parametrize("items, threads", [(1, 1), (16, 1), (17, 2), (32, 2)])
def test_a_subgroup_level_kernel_takes_whole_threads_for_its_work_items(items, threads):
    """One thread does a subgroup's whole work: 1 to 16 work items are one thread."""
    assert work_group_threads(parse_mlir(SUBGROUP_KERNEL, "k.mlir"), "copy", (items, 1, 1)) == (threads, 1, 1)


def test_a_lane_level_kernel_needs_whole_subgroups():
    with pytest.raises(ValueError, match="24 work items along x is not a whole number of 16-lane subgroups"):
        work_group_threads(parse_mlir(KERNEL, "k.mlir"), "ids", (24, 1, 1))
