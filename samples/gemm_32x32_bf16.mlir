// 256x256x256 bf16 GEMM, f32 result, one 32x32 C tile per subgroup held as 4x2 accumulators of
// 8x16. Each K step of 16 loads one 32x16 A tile and one array_length = 2 packed B load (two 16x16
// tiles side by side), slices the A tile into four 8x16 row bands and the B load into its two
// tiles, and issues 4x2 dpas. The accumulators are assembled into one 32x32 vector for the store.
// Launch: grid 8x8x1 work-groups of one subgroup; A, B: 256x256 bf16, C: 256x256 f32.
gpu.module @gemm_32x32_bf16 {
  gpu.func @gemm_32x32_bf16(%a: memref<256x256xbf16>, %b: memref<256x256xbf16>, %c: memref<256x256xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant dense<0.000000e+00> : vector<8x16xf32>
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m = arith.muli %bx, %c32 : index
    %n = arith.muli %by, %c32 : index
    %a0 = xegpu.create_nd_tdesc %a[%m, %c0] : memref<256x256xbf16> -> !xegpu.tensor_desc<32x16xbf16>
    %b0 = xegpu.create_nd_tdesc %b[%c0, %n] : memref<256x256xbf16> -> !xegpu.tensor_desc<16x16xbf16, #xegpu.block_tdesc_attr<array_length = 2>>
    %res:10 = scf.for %k = %c0 to %c256 step %c16 iter_args(%ta = %a0, %tb = %b0, %acc00 = %zero, %acc01 = %zero, %acc10 = %zero, %acc11 = %zero, %acc20 = %zero, %acc21 = %zero, %acc30 = %zero, %acc31 = %zero)
        -> (!xegpu.tensor_desc<32x16xbf16>, !xegpu.tensor_desc<16x16xbf16, #xegpu.block_tdesc_attr<array_length = 2>>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>) {
      %va = xegpu.load_nd %ta : !xegpu.tensor_desc<32x16xbf16> -> vector<32x16xbf16>
      %vb = xegpu.load_nd %tb <{packed}> : !xegpu.tensor_desc<16x16xbf16, #xegpu.block_tdesc_attr<array_length = 2>> -> vector<2x8x16x2xbf16>
      %b_0 = vector.extract %vb[0] : vector<8x16x2xbf16> from vector<2x8x16x2xbf16>
      %b_1 = vector.extract %vb[1] : vector<8x16x2xbf16> from vector<2x8x16x2xbf16>
      %a_0 = vector.extract_strided_slice %va {offsets = [0, 0], sizes = [8, 16], strides = [1, 1]}
          : vector<32x16xbf16> to vector<8x16xbf16>
      %a_1 = vector.extract_strided_slice %va {offsets = [8, 0], sizes = [8, 16], strides = [1, 1]}
          : vector<32x16xbf16> to vector<8x16xbf16>
      %a_2 = vector.extract_strided_slice %va {offsets = [16, 0], sizes = [8, 16], strides = [1, 1]}
          : vector<32x16xbf16> to vector<8x16xbf16>
      %a_3 = vector.extract_strided_slice %va {offsets = [24, 0], sizes = [8, 16], strides = [1, 1]}
          : vector<32x16xbf16> to vector<8x16xbf16>
      %d00 = xegpu.dpas %a_0, %b_0, %acc00
          : vector<8x16xbf16>, vector<8x16x2xbf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d01 = xegpu.dpas %a_0, %b_1, %acc01
          : vector<8x16xbf16>, vector<8x16x2xbf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d10 = xegpu.dpas %a_1, %b_0, %acc10
          : vector<8x16xbf16>, vector<8x16x2xbf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d11 = xegpu.dpas %a_1, %b_1, %acc11
          : vector<8x16xbf16>, vector<8x16x2xbf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d20 = xegpu.dpas %a_2, %b_0, %acc20
          : vector<8x16xbf16>, vector<8x16x2xbf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d21 = xegpu.dpas %a_2, %b_1, %acc21
          : vector<8x16xbf16>, vector<8x16x2xbf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d30 = xegpu.dpas %a_3, %b_0, %acc30
          : vector<8x16xbf16>, vector<8x16x2xbf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d31 = xegpu.dpas %a_3, %b_1, %acc31
          : vector<8x16xbf16>, vector<8x16x2xbf16>, vector<8x16xf32> -> vector<8x16xf32>
      %ta_next = xegpu.update_nd_offset %ta, [%c0, %c16] : !xegpu.tensor_desc<32x16xbf16>
      %tb_next = xegpu.update_nd_offset %tb, [%c16, %c0] : !xegpu.tensor_desc<16x16xbf16, #xegpu.block_tdesc_attr<array_length = 2>>
      scf.yield %ta_next, %tb_next, %d00, %d01, %d10, %d11, %d20, %d21, %d30, %d31
          : !xegpu.tensor_desc<32x16xbf16>, !xegpu.tensor_desc<16x16xbf16, #xegpu.block_tdesc_attr<array_length = 2>>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>
    }
    %empty = arith.constant dense<0.000000e+00> : vector<32x32xf32>
    %r0 = vector.insert_strided_slice %res#2, %empty {offsets = [0, 0], strides = [1, 1]}
        : vector<8x16xf32> into vector<32x32xf32>
    %r1 = vector.insert_strided_slice %res#3, %r0 {offsets = [0, 16], strides = [1, 1]}
        : vector<8x16xf32> into vector<32x32xf32>
    %r2 = vector.insert_strided_slice %res#4, %r1 {offsets = [8, 0], strides = [1, 1]}
        : vector<8x16xf32> into vector<32x32xf32>
    %r3 = vector.insert_strided_slice %res#5, %r2 {offsets = [8, 16], strides = [1, 1]}
        : vector<8x16xf32> into vector<32x32xf32>
    %r4 = vector.insert_strided_slice %res#6, %r3 {offsets = [16, 0], strides = [1, 1]}
        : vector<8x16xf32> into vector<32x32xf32>
    %r5 = vector.insert_strided_slice %res#7, %r4 {offsets = [16, 16], strides = [1, 1]}
        : vector<8x16xf32> into vector<32x32xf32>
    %r6 = vector.insert_strided_slice %res#8, %r5 {offsets = [24, 0], strides = [1, 1]}
        : vector<8x16xf32> into vector<32x32xf32>
    %r7 = vector.insert_strided_slice %res#9, %r6 {offsets = [24, 16], strides = [1, 1]}
        : vector<8x16xf32> into vector<32x32xf32>
    %tc = xegpu.create_nd_tdesc %c[%m, %n] : memref<256x256xf32> -> !xegpu.tensor_desc<32x32xf32>
    xegpu.store_nd %r7, %tc : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
    gpu.return
  }
}
