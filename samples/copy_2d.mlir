// 2D f32 copy of a 64x64 matrix in 8x16 tiles: each subgroup copies the tile chosen by
// gpu.block_id x (row tile, 8 rows) and gpu.block_id y (column tile, 16 columns).
// Launch: grid 8x4x1 work-groups of one subgroup; src, dst: 64x64 f32 (256-byte pitch).
gpu.module @copy_2d {
  gpu.func @copy_2d(%src: memref<64x64xf32>, %dst: memref<64x64xf32>) kernel {
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %tile_row = gpu.block_id x
    %tile_col = gpu.block_id y
    %row = arith.muli %tile_row, %c8 : index
    %col = arith.muli %tile_col, %c16 : index
    %in = xegpu.create_nd_tdesc %src[%row, %col] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %tile = xegpu.load_nd %in <{l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
        : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %out = xegpu.create_nd_tdesc %dst[%row, %col] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %tile, %out <{l1_hint = #xegpu.cache_hint<write_back>, l3_hint = #xegpu.cache_hint<write_back>}>
        : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
