// An 8x32 f16 result tile assembled from two 8x16 dpas results: C[0:8, 0:32] = A x B for one 8x16
// A tile and two 16x16 B tiles (one array_length = 2 packed load), each f32 result truncated to
// f16 and inserted into its half of the 8x32 tile, which is stored with one 2D message (64-byte
// rows). Launch: grid 1x1x1; A: 8x16 f16, B: 16x32 f16, C: 8x32 f16.
gpu.module @dpas_pair_store_f16 {
  gpu.func @dpas_pair_store_f16(%a: memref<8x16xf16>, %b: memref<16x32xf16>, %c: memref<8x32xf16>) kernel {
    %ta = xegpu.create_nd_tdesc %a[0, 0] : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb = xegpu.create_nd_tdesc %b[0, 0] : memref<16x32xf16>
        -> !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %vb = xegpu.load_nd %tb <{packed}>
        : !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>> -> vector<2x8x16x2xf16>
    %b0 = vector.extract %vb[0] : vector<8x16x2xf16> from vector<2x8x16x2xf16>
    %b1 = vector.extract %vb[1] : vector<8x16x2xf16> from vector<2x8x16x2xf16>
    %d0 = xegpu.dpas %va, %b0 : vector<8x16xf16>, vector<8x16x2xf16> -> vector<8x16xf32>
    %d1 = xegpu.dpas %va, %b1 : vector<8x16xf16>, vector<8x16x2xf16> -> vector<8x16xf32>
    %h0 = arith.truncf %d0 : vector<8x16xf32> to vector<8x16xf16>
    %h1 = arith.truncf %d1 : vector<8x16xf32> to vector<8x16xf16>
    %empty = arith.constant dense<0.000000e+00> : vector<8x32xf16>
    %left = vector.insert_strided_slice %h0, %empty {offsets = [0, 0], strides = [1, 1]} : vector<8x16xf16> into vector<8x32xf16>
    %tile = vector.insert_strided_slice %h1, %left {offsets = [0, 16], strides = [1, 1]} : vector<8x16xf16> into vector<8x32xf16>
    %tc = xegpu.create_nd_tdesc %c[0, 0] : memref<8x32xf16> -> !xegpu.tensor_desc<8x32xf16>
    xegpu.store_nd %tile, %tc : vector<8x32xf16>, !xegpu.tensor_desc<8x32xf16>
    gpu.return
  }
}
