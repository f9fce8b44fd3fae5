// Per-lane GEMM, C[M, N] = A[M, K] x B[K, N] in f16 -> f32, one 32x32 C tile per subgroup, K in
// steps of 32: each lane holds its column of an A load of two 32x16 blocks (array_length = 2,
// the K halves), of a VNNI B load of two 32x16 blocks (the N halves), and of eight 8x16 C tiles;
// the dpas operands are row slices of those shares.
gpu.module @m {
  gpu.func @k(%a: memref<64x256xf16>, %b: memref<256x64xf16>, %c: memref<64x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c24 = arith.constant 24 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m = arith.muli %bx, %c32 : index
    %n = arith.muli %by, %c32 : index
    %n16 = arith.addi %n, %c16 : index
    %ta = xegpu.create_nd_tdesc %a : memref<64x256xf16> -> !xegpu.tensor_desc<32x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
    %tb = xegpu.create_nd_tdesc %b : memref<256x64xf16> -> !xegpu.tensor_desc<32x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
    %z = arith.constant dense<0.0> : vector<8xf32>
    %r:8 = scf.for %k = %c0 to %c256 step %c32 iter_args(%c00 = %z, %c01 = %z, %c10 = %z, %c11 = %z, %c20 = %z, %c21 = %z, %c30 = %z, %c31 = %z) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
      %av = xegpu.load_nd %ta[%m, %k] : !xegpu.tensor_desc<32x16xf16, #xegpu.block_tdesc_attr<array_length = 2>> -> vector<64xf16>
      %bv = xegpu.load_nd %tb[%k, %n] <{packed}> : !xegpu.tensor_desc<32x16xf16, #xegpu.block_tdesc_attr<array_length = 2>> -> vector<64xf16>
      %a0_0 = vector.extract_strided_slice %av {offsets = [0], sizes = [8], strides = [1]} : vector<64xf16> to vector<8xf16>
      %a1_0 = vector.extract_strided_slice %av {offsets = [8], sizes = [8], strides = [1]} : vector<64xf16> to vector<8xf16>
      %a2_0 = vector.extract_strided_slice %av {offsets = [16], sizes = [8], strides = [1]} : vector<64xf16> to vector<8xf16>
      %a3_0 = vector.extract_strided_slice %av {offsets = [24], sizes = [8], strides = [1]} : vector<64xf16> to vector<8xf16>
      %b0_0 = vector.extract_strided_slice %bv {offsets = [0], sizes = [16], strides = [1]} : vector<64xf16> to vector<16xf16>
      %b1_0 = vector.extract_strided_slice %bv {offsets = [32], sizes = [16], strides = [1]} : vector<64xf16> to vector<16xf16>
      %a0_1 = vector.extract_strided_slice %av {offsets = [32], sizes = [8], strides = [1]} : vector<64xf16> to vector<8xf16>
      %a1_1 = vector.extract_strided_slice %av {offsets = [40], sizes = [8], strides = [1]} : vector<64xf16> to vector<8xf16>
      %a2_1 = vector.extract_strided_slice %av {offsets = [48], sizes = [8], strides = [1]} : vector<64xf16> to vector<8xf16>
      %a3_1 = vector.extract_strided_slice %av {offsets = [56], sizes = [8], strides = [1]} : vector<64xf16> to vector<8xf16>
      %b0_1 = vector.extract_strided_slice %bv {offsets = [16], sizes = [16], strides = [1]} : vector<64xf16> to vector<16xf16>
      %b1_1 = vector.extract_strided_slice %bv {offsets = [48], sizes = [16], strides = [1]} : vector<64xf16> to vector<16xf16>
      %e00 = xegpu.dpas %a0_0, %b0_0, %c00 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %d00 = xegpu.dpas %a0_1, %b0_1, %e00 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %e01 = xegpu.dpas %a0_0, %b1_0, %c01 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %d01 = xegpu.dpas %a0_1, %b1_1, %e01 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %e10 = xegpu.dpas %a1_0, %b0_0, %c10 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %d10 = xegpu.dpas %a1_1, %b0_1, %e10 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %e11 = xegpu.dpas %a1_0, %b1_0, %c11 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %d11 = xegpu.dpas %a1_1, %b1_1, %e11 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %e20 = xegpu.dpas %a2_0, %b0_0, %c20 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %d20 = xegpu.dpas %a2_1, %b0_1, %e20 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %e21 = xegpu.dpas %a2_0, %b1_0, %c21 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %d21 = xegpu.dpas %a2_1, %b1_1, %e21 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %e30 = xegpu.dpas %a3_0, %b0_0, %c30 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %d30 = xegpu.dpas %a3_1, %b0_1, %e30 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %e31 = xegpu.dpas %a3_0, %b1_0, %c31 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %d31 = xegpu.dpas %a3_1, %b1_1, %e31 : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      scf.yield %d00, %d01, %d10, %d11, %d20, %d21, %d30, %d31 : vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>
    }
    %tc = xegpu.create_nd_tdesc %c : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#0, %tc[%m, %n] : vector<8xf32>, !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#1, %tc[%m, %n16] : vector<8xf32>, !xegpu.tensor_desc<8x16xf32>
    %m8 = arith.addi %m, %c8 : index
    xegpu.store_nd %r#2, %tc[%m8, %n] : vector<8xf32>, !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#3, %tc[%m8, %n16] : vector<8xf32>, !xegpu.tensor_desc<8x16xf32>
    %m16 = arith.addi %m, %c16 : index
    xegpu.store_nd %r#4, %tc[%m16, %n] : vector<8xf32>, !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#5, %tc[%m16, %n16] : vector<8xf32>, !xegpu.tensor_desc<8x16xf32>
    %m24 = arith.addi %m, %c24 : index
    xegpu.store_nd %r#6, %tc[%m24, %n] : vector<8xf32>, !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#7, %tc[%m24, %n16] : vector<8xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
