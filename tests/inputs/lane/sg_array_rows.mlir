// Subgroup level, upstream's folded array load: two 8x16 blocks side by side in `a` come back
// stacked along the rows (vector<16x16xf32>), stored as one 16x16 tile.
gpu.module @m {
  gpu.func @k(%a: memref<8x32xf32>, %out: memref<16x16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %ta = xegpu.create_nd_tdesc %a : memref<8x32xf32> -> !xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<array_length = 2>>
    %to = xegpu.create_nd_tdesc %out : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
    %v = xegpu.load_nd %ta[%c0, %c0] : !xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<array_length = 2>> -> vector<16x16xf32>
    xegpu.store_nd %v, %to[%c0, %c0] : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
    gpu.return
  }
}
