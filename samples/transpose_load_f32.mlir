// Transpose of a 64x32 f32 matrix through transposed 2D loads: each subgroup loads a 16x8 f32
// tile with transpose = [1, 0] into vector<8x16xf32> and stores it at the mirrored position.
// Launch: grid 4x4x1 work-groups of one subgroup; src: 64x32 f32, dst: 32x64 f32.
gpu.module @transpose_load_f32 {
  gpu.func @transpose_load_f32(%src: memref<64x32xf32>, %dst: memref<32x64xf32>) kernel {
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %i = gpu.block_id x
    %j = gpu.block_id y
    %src_row = arith.muli %i, %c16 : index
    %src_col = arith.muli %j, %c8 : index
    %in = xegpu.create_nd_tdesc %src[%src_row, %src_col] : memref<64x32xf32> -> !xegpu.tensor_desc<16x8xf32>
    %t = xegpu.load_nd %in <{transpose = array<i64: 1, 0>}> : !xegpu.tensor_desc<16x8xf32> -> vector<8x16xf32>
    // dst[src_col + r][src_row + c] = src[src_row + c][src_col + r]
    %out = xegpu.create_nd_tdesc %dst[%src_col, %src_row] : memref<32x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %t, %out : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
