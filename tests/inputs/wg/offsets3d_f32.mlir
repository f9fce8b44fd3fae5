// y = s * x + 1 over a 4x2x64 f32 tile in upstream's form, with scattered accesses whose offsets
// i * 128 + j * 64 + k are built from three vector.steps, each scaled, shape_cast to its own axis
// of the 3-D tile and broadcast (1-D slices of the 3-D layout); s is a scalar broadcast. 4
// subgroups, each owning two 2x1x32 pieces (round robin along the last dimension). Only the
// store has a layout. Launch: --grid 1 --threads 4.
#l = #xegpu.layout<sg_layout = [2, 2, 1], sg_data = [2, 1, 32]>
gpu.module @m {
  gpu.func @k(%x: memref<512xf32>, %y: memref<512xf32>, %s: memref<1xf32>) kernel {
    %c0 = arith.constant 0 : index
    %si = vector.step : vector<4xindex>
    %sj = vector.step : vector<2xindex>
    %sk = vector.step : vector<64xindex>
    %c128 = arith.constant dense<128> : vector<4xindex>
    %c64 = arith.constant dense<64> : vector<2xindex>
    %oi = arith.muli %si, %c128 : vector<4xindex>
    %oj = arith.muli %sj, %c64 : vector<2xindex>
    %ci = vector.shape_cast %oi : vector<4xindex> to vector<4x1x1xindex>
    %cj = vector.shape_cast %oj : vector<2xindex> to vector<1x2x1xindex>
    %bi = vector.broadcast %ci : vector<4x1x1xindex> to vector<4x2x64xindex>
    %bj = vector.broadcast %cj : vector<1x2x1xindex> to vector<4x2x64xindex>
    %bk = vector.broadcast %sk : vector<64xindex> to vector<4x2x64xindex>
    %ij = arith.addi %bi, %bj : vector<4x2x64xindex>
    %off = arith.addi %ij, %bk : vector<4x2x64xindex>
    %all = arith.constant dense<true> : vector<4x2x64xi1>
    %v = xegpu.load %x[%off], %all : memref<512xf32>, vector<4x2x64xindex>, vector<4x2x64xi1> -> vector<4x2x64xf32>
    %sc = memref.load %s[%c0] : memref<1xf32>
    %sv = vector.broadcast %sc : f32 to vector<4x2x64xf32>
    %one = arith.constant dense<1.0> : vector<4x2x64xf32>
    %m = arith.mulf %v, %sv : vector<4x2x64xf32>
    %r = arith.addf %m, %one : vector<4x2x64xf32>
    xegpu.store %r, %y[%off], %all <{layout = #l}> : vector<4x2x64xf32>, memref<512xf32>, vector<4x2x64xindex>, vector<4x2x64xi1>
    gpu.return
  }
}
