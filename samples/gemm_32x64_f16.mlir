// 256x256x256 f16 GEMM, f32 result, one 32x64 C tile per subgroup held as 4x4 accumulators of
// 8x16 (16 x 8 GRFs = 128 GRFs: the tile shape of Intel's fastest published XeGPU GEMMs). Each K
// step of 16 loads one 32x16 A tile and two array_length = 2 packed B loads (16x32 each), slices
// A into four 8x16 row bands and each B load into its two 16x16 tiles, and issues 4x4 dpas. Each
// accumulator is stored as its own 8x16 tile.
// Launch: grid 8x4x1 work-groups of one subgroup; A, B: 256x256 f16, C: 256x256 f32.
gpu.module @gemm_32x64_f16 {
  gpu.func @gemm_32x64_f16(%a: memref<256x256xf16> {llvm.noalias}, %b: memref<256x256xf16> {llvm.noalias}, %c: memref<256x256xf32> {llvm.noalias}) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c256 = arith.constant 256 : index
    %c8 = arith.constant 8 : index
    %c24 = arith.constant 24 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant dense<0.000000e+00> : vector<8x16xf32>
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m = arith.muli %bx, %c32 : index
    %n = arith.muli %by, %c64 : index
    %n32 = arith.addi %n, %c32 : index
    %a0 = xegpu.create_nd_tdesc %a[%m, %c0] : memref<256x256xf16> -> !xegpu.tensor_desc<32x16xf16>
    %b0 = xegpu.create_nd_tdesc %b[%c0, %n] : memref<256x256xf16> -> !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
    %b1 = xegpu.create_nd_tdesc %b[%c0, %n32] : memref<256x256xf16> -> !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
    %res:19 = scf.for %k = %c0 to %c256 step %c16 iter_args(%ta = %a0, %tb0 = %b0, %tb1 = %b1, %acc00 = %zero, %acc01 = %zero, %acc02 = %zero, %acc03 = %zero, %acc10 = %zero, %acc11 = %zero, %acc12 = %zero, %acc13 = %zero, %acc20 = %zero, %acc21 = %zero, %acc22 = %zero, %acc23 = %zero, %acc30 = %zero, %acc31 = %zero, %acc32 = %zero, %acc33 = %zero)
        -> (!xegpu.tensor_desc<32x16xf16>, !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>, !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>) {
      %va = xegpu.load_nd %ta : !xegpu.tensor_desc<32x16xf16> -> vector<32x16xf16>
      %vb0 = xegpu.load_nd %tb0 <{packed}> : !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>> -> vector<2x8x16x2xf16>
      %vb1 = xegpu.load_nd %tb1 <{packed}> : !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>> -> vector<2x8x16x2xf16>
      %b_0 = vector.extract %vb0[0] : vector<8x16x2xf16> from vector<2x8x16x2xf16>
      %b_1 = vector.extract %vb0[1] : vector<8x16x2xf16> from vector<2x8x16x2xf16>
      %b_2 = vector.extract %vb1[0] : vector<8x16x2xf16> from vector<2x8x16x2xf16>
      %b_3 = vector.extract %vb1[1] : vector<8x16x2xf16> from vector<2x8x16x2xf16>
      %a_0 = vector.extract_strided_slice %va {offsets = [0, 0], sizes = [8, 16], strides = [1, 1]}
          : vector<32x16xf16> to vector<8x16xf16>
      %a_1 = vector.extract_strided_slice %va {offsets = [8, 0], sizes = [8, 16], strides = [1, 1]}
          : vector<32x16xf16> to vector<8x16xf16>
      %a_2 = vector.extract_strided_slice %va {offsets = [16, 0], sizes = [8, 16], strides = [1, 1]}
          : vector<32x16xf16> to vector<8x16xf16>
      %a_3 = vector.extract_strided_slice %va {offsets = [24, 0], sizes = [8, 16], strides = [1, 1]}
          : vector<32x16xf16> to vector<8x16xf16>
      %d00 = xegpu.dpas %a_0, %b_0, %acc00
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d01 = xegpu.dpas %a_0, %b_1, %acc01
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d02 = xegpu.dpas %a_0, %b_2, %acc02
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d03 = xegpu.dpas %a_0, %b_3, %acc03
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d10 = xegpu.dpas %a_1, %b_0, %acc10
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d11 = xegpu.dpas %a_1, %b_1, %acc11
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d12 = xegpu.dpas %a_1, %b_2, %acc12
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d13 = xegpu.dpas %a_1, %b_3, %acc13
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d20 = xegpu.dpas %a_2, %b_0, %acc20
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d21 = xegpu.dpas %a_2, %b_1, %acc21
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d22 = xegpu.dpas %a_2, %b_2, %acc22
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d23 = xegpu.dpas %a_2, %b_3, %acc23
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d30 = xegpu.dpas %a_3, %b_0, %acc30
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d31 = xegpu.dpas %a_3, %b_1, %acc31
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d32 = xegpu.dpas %a_3, %b_2, %acc32
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d33 = xegpu.dpas %a_3, %b_3, %acc33
          : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %ta_next = xegpu.update_nd_offset %ta, [%c0, %c16] : !xegpu.tensor_desc<32x16xf16>
      %tb0_next = xegpu.update_nd_offset %tb0, [%c16, %c0] : !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
      %tb1_next = xegpu.update_nd_offset %tb1, [%c16, %c0] : !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
      scf.yield %ta_next, %tb0_next, %tb1_next, %d00, %d01, %d02, %d03, %d10, %d11, %d12, %d13, %d20, %d21, %d22, %d23, %d30, %d31, %d32, %d33
          : !xegpu.tensor_desc<32x16xf16>, !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>, !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>
    }
    %m0 = arith.addi %m, %c0 : index
    %m1 = arith.addi %m, %c8 : index
    %m2 = arith.addi %m, %c16 : index
    %m3 = arith.addi %m, %c24 : index
    %n0 = arith.addi %n, %c0 : index
    %n1 = arith.addi %n, %c16 : index
    %n2 = arith.addi %n, %c32 : index
    %n3 = arith.addi %n, %c48 : index
    %tc00 = xegpu.create_nd_tdesc %c[%m0, %n0] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#3, %tc00 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc01 = xegpu.create_nd_tdesc %c[%m0, %n1] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#4, %tc01 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc02 = xegpu.create_nd_tdesc %c[%m0, %n2] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#5, %tc02 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc03 = xegpu.create_nd_tdesc %c[%m0, %n3] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#6, %tc03 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc10 = xegpu.create_nd_tdesc %c[%m1, %n0] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#7, %tc10 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc11 = xegpu.create_nd_tdesc %c[%m1, %n1] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#8, %tc11 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc12 = xegpu.create_nd_tdesc %c[%m1, %n2] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#9, %tc12 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc13 = xegpu.create_nd_tdesc %c[%m1, %n3] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#10, %tc13 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc20 = xegpu.create_nd_tdesc %c[%m2, %n0] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#11, %tc20 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc21 = xegpu.create_nd_tdesc %c[%m2, %n1] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#12, %tc21 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc22 = xegpu.create_nd_tdesc %c[%m2, %n2] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#13, %tc22 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc23 = xegpu.create_nd_tdesc %c[%m2, %n3] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#14, %tc23 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc30 = xegpu.create_nd_tdesc %c[%m3, %n0] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#15, %tc30 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc31 = xegpu.create_nd_tdesc %c[%m3, %n1] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#16, %tc31 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc32 = xegpu.create_nd_tdesc %c[%m3, %n2] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#17, %tc32 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc33 = xegpu.create_nd_tdesc %c[%m3, %n3] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#18, %tc33 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
