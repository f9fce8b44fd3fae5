// Descriptors of one surface created with offsets one after the other, each accessed once: the
// payload form starts each header from the previous one's (dead after its send), rewriting
// only the dwords that differ (x, y, block shape). o0 is stored twice, so nothing starts from
// its header; o2's 16x16 tile is stored in two 8-row messages, and o3 starts from the last.
gpu.module @m {
  gpu.func @k(%src: memref<64x64xf32>, %dst: memref<64x64xf32>) kernel {
    %t0 = xegpu.create_nd_tdesc %src[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v0 = xegpu.load_nd %t0 : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %t1 = xegpu.create_nd_tdesc %src[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v1 = xegpu.load_nd %t1 : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %t2 = xegpu.create_nd_tdesc %src[16, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<16x16xf32>
    %v2 = xegpu.load_nd %t2 : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
    %o0 = xegpu.create_nd_tdesc %dst[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v0, %o0 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %o1 = xegpu.create_nd_tdesc %dst[32, 32] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v1, %o1 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v1, %o0 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %o2 = xegpu.create_nd_tdesc %dst[40, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<16x16xf32>
    xegpu.store_nd %v2, %o2 : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
    %o3 = xegpu.create_nd_tdesc %dst[8, 48] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v0, %o3 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
