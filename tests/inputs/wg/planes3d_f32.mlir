// A 3-D tile through 3-D descriptors: 4 planes of 16x32 f32 taken by a subview of a 4x64x64 buffer
// (planes 4096 elements apart, rows 64), loaded, doubled and stored by 2 subgroups of 2 planes
// each, in blocks of 8 rows of one plane: each a 2-D message at the block's 3-D offsets.
// Launch: --grid 1 --threads 2.
#planes = #xegpu.layout<sg_layout = [2, 1, 1], sg_data = [2, 16, 32], inst_data = [1, 8, 32]>
gpu.module @m {
  gpu.func @k(%x: memref<4x64x64xf32>, %y: memref<4x64x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %two = arith.constant dense<2.0> : vector<4x16x32xf32>
    %sx = memref.subview %x[0, 8, 16] [4, 16, 32] [1, 1, 1]
        : memref<4x64x64xf32> to memref<4x16x32xf32, strided<[4096, 64, 1], offset: 528>>
    %sy = memref.subview %y[0, 8, 16] [4, 16, 32] [1, 1, 1]
        : memref<4x64x64xf32> to memref<4x16x32xf32, strided<[4096, 64, 1], offset: 528>>
    %tx = xegpu.create_nd_tdesc %sx : memref<4x16x32xf32, strided<[4096, 64, 1], offset: 528>>
        -> !xegpu.tensor_desc<4x16x32xf32>
    %ty = xegpu.create_nd_tdesc %sy : memref<4x16x32xf32, strided<[4096, 64, 1], offset: 528>>
        -> !xegpu.tensor_desc<4x16x32xf32>
    %v = xegpu.load_nd %tx[%c0, %c0, %c0] <{layout = #planes}> : !xegpu.tensor_desc<4x16x32xf32> -> vector<4x16x32xf32>
    %w = arith.mulf %v, %two : vector<4x16x32xf32>
    xegpu.store_nd %w, %ty[%c0, %c0, %c0] <{layout = #planes}> : vector<4x16x32xf32>, !xegpu.tensor_desc<4x16x32xf32>
    gpu.return
  }
}
