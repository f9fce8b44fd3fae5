// Copy of a 50x40 f32 matrix (160-byte pitch) in 8x16 tiles: neither size is a multiple of the
// tile, so the last tile row (rows 48..55) and column (cols 32..47) stick out; out-of-surface
// elements read as zero and are not written (hardware boundary handling, no masking code).
// Launch: grid 21x1x1 (7 tile rows x 3 tile columns, decoded with divui/remui), one subgroup each.
gpu.module @boundary_tile {
  gpu.func @boundary_tile(%src: memref<50x40xf32>, %dst: memref<50x40xf32>) kernel {
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %id = gpu.block_id x
    %tile_row = arith.divui %id, %c3 : index
    %tile_col = arith.remui %id, %c3 : index
    %row = arith.muli %tile_row, %c8 : index
    %col = arith.muli %tile_col, %c16 : index
    %in = xegpu.create_nd_tdesc %src[%row, %col] : memref<50x40xf32> -> !xegpu.tensor_desc<8x16xf32>
    %tile = xegpu.load_nd %in : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %out = xegpu.create_nd_tdesc %dst[%row, %col] : memref<50x40xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %tile, %out : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
