// RUN: genx-emit opt %s --target dg2 --pass genx-loop-fission --no-locations | filecheck %s
// RUN: genx-emit opt %s --target dg2 | genx-emit lower - --target dg2 > %t.opt.ll
// RUN: genx-emit lower %s --target dg2 | diff - %t.opt.ll
// The loop of genx-loop-fission.mlir with memrefs that may overlap: storing the first group's
// results before the second loop's loads is exact only when C lies apart from A and B. An scf.if
// on that run-time check (each pair's address ranges compared) runs the split loops, else the
// loop as written followed by its stores.
gpu.module @m {
  gpu.func @k(%a: memref<128x128xf16>, %b: memref<128x128xf16>, %c: memref<128x128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant dense<0.0> : vector<8x16xf32>
    %a0 = xegpu.create_nd_tdesc %a[0, 0] : memref<128x128xf16> -> !xegpu.tensor_desc<32x16xf16>
    %b0 = xegpu.create_nd_tdesc %b[0, 0] : memref<128x128xf16> -> !xegpu.tensor_desc<16x64xf16>
    %r:18 = scf.for %k = %c0 to %c128 step %c16 iter_args(%ta = %a0, %tb = %b0, %acc00 = %zero, %acc01 = %zero, %acc02 = %zero, %acc03 = %zero, %acc10 = %zero, %acc11 = %zero, %acc12 = %zero, %acc13 = %zero, %acc20 = %zero, %acc21 = %zero, %acc22 = %zero, %acc23 = %zero, %acc30 = %zero, %acc31 = %zero, %acc32 = %zero, %acc33 = %zero)
        -> (!xegpu.tensor_desc<32x16xf16>, !xegpu.tensor_desc<16x64xf16>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>) {
      %va = xegpu.load_nd %ta : !xegpu.tensor_desc<32x16xf16> -> vector<32x16xf16>
      %vb = xegpu.load_nd %tb : !xegpu.tensor_desc<16x64xf16> -> vector<16x64xf16>
      %a_0 = vector.extract_strided_slice %va {offsets = [0, 0], sizes = [8, 16], strides = [1, 1]} : vector<32x16xf16> to vector<8x16xf16>
      %a_1 = vector.extract_strided_slice %va {offsets = [8, 0], sizes = [8, 16], strides = [1, 1]} : vector<32x16xf16> to vector<8x16xf16>
      %a_2 = vector.extract_strided_slice %va {offsets = [16, 0], sizes = [8, 16], strides = [1, 1]} : vector<32x16xf16> to vector<8x16xf16>
      %a_3 = vector.extract_strided_slice %va {offsets = [24, 0], sizes = [8, 16], strides = [1, 1]} : vector<32x16xf16> to vector<8x16xf16>
      %b_0 = vector.extract_strided_slice %vb {offsets = [0, 0], sizes = [16, 16], strides = [1, 1]} : vector<16x64xf16> to vector<16x16xf16>
      %b_1 = vector.extract_strided_slice %vb {offsets = [0, 16], sizes = [16, 16], strides = [1, 1]} : vector<16x64xf16> to vector<16x16xf16>
      %b_2 = vector.extract_strided_slice %vb {offsets = [0, 32], sizes = [16, 16], strides = [1, 1]} : vector<16x64xf16> to vector<16x16xf16>
      %b_3 = vector.extract_strided_slice %vb {offsets = [0, 48], sizes = [16, 16], strides = [1, 1]} : vector<16x64xf16> to vector<16x16xf16>
      %d00 = xegpu.dpas %a_0, %b_0, %acc00 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d01 = xegpu.dpas %a_0, %b_1, %acc01 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d02 = xegpu.dpas %a_0, %b_2, %acc02 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d03 = xegpu.dpas %a_0, %b_3, %acc03 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d10 = xegpu.dpas %a_1, %b_0, %acc10 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d11 = xegpu.dpas %a_1, %b_1, %acc11 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d12 = xegpu.dpas %a_1, %b_2, %acc12 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d13 = xegpu.dpas %a_1, %b_3, %acc13 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d20 = xegpu.dpas %a_2, %b_0, %acc20 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d21 = xegpu.dpas %a_2, %b_1, %acc21 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d22 = xegpu.dpas %a_2, %b_2, %acc22 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d23 = xegpu.dpas %a_2, %b_3, %acc23 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d30 = xegpu.dpas %a_3, %b_0, %acc30 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d31 = xegpu.dpas %a_3, %b_1, %acc31 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d32 = xegpu.dpas %a_3, %b_2, %acc32 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %d33 = xegpu.dpas %a_3, %b_3, %acc33 : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %ta1 = xegpu.update_nd_offset %ta, [0, 16] : !xegpu.tensor_desc<32x16xf16>
      %tb1 = xegpu.update_nd_offset %tb, [16, 0] : !xegpu.tensor_desc<16x64xf16>
      scf.yield %ta1, %tb1, %d00, %d01, %d02, %d03, %d10, %d11, %d12, %d13, %d20, %d21, %d22, %d23, %d30, %d31, %d32, %d33 : !xegpu.tensor_desc<32x16xf16>, !xegpu.tensor_desc<16x64xf16>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>, vector<8x16xf32>
    }
    %tc00 = xegpu.create_nd_tdesc %c[0, 0] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#2, %tc00 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc01 = xegpu.create_nd_tdesc %c[0, 16] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#3, %tc01 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc02 = xegpu.create_nd_tdesc %c[0, 32] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#4, %tc02 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc03 = xegpu.create_nd_tdesc %c[0, 48] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#5, %tc03 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc10 = xegpu.create_nd_tdesc %c[8, 0] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#6, %tc10 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc11 = xegpu.create_nd_tdesc %c[8, 16] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#7, %tc11 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc12 = xegpu.create_nd_tdesc %c[8, 32] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#8, %tc12 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc13 = xegpu.create_nd_tdesc %c[8, 48] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#9, %tc13 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc20 = xegpu.create_nd_tdesc %c[16, 0] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#10, %tc20 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc21 = xegpu.create_nd_tdesc %c[16, 16] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#11, %tc21 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc22 = xegpu.create_nd_tdesc %c[16, 32] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#12, %tc22 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc23 = xegpu.create_nd_tdesc %c[16, 48] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#13, %tc23 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc30 = xegpu.create_nd_tdesc %c[24, 0] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#14, %tc30 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc31 = xegpu.create_nd_tdesc %c[24, 16] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#15, %tc31 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc32 = xegpu.create_nd_tdesc %c[24, 32] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#16, %tc32 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %tc33 = xegpu.create_nd_tdesc %c[24, 48] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#17, %tc33 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
// CHECK: %fission_c_lo = "memref.extract_aligned_pointer_as_index"(%c)
// CHECK: %fission_c_bytes = arith.constant 65536 : index
// CHECK: %fission_c_hi = "arith.addi"(%fission_c_lo, %fission_c_bytes)
// CHECK: %fission_a_lo = "memref.extract_aligned_pointer_as_index"(%a)
// CHECK: %fission_b_lo = "memref.extract_aligned_pointer_as_index"(%b)
// CHECK: %fission_below = arith.cmpi ule, %fission_c_hi, %fission_a_lo : index
// CHECK: %fission_above = arith.cmpi ule, %fission_a_hi, %fission_c_lo : index
// CHECK: %fission_apart = arith.ori %fission_below, %fission_above : i1
// CHECK: %[[BOTH:.*]] = arith.andi %fission_apart, %fission_apart.1 : i1
// CHECK: scf.if %[[BOTH]] {
// CHECK: scf.for %k_g0 = %c0 to %c128 step %c16 iter_args(%ta_g0 = %a0, %tb_g0 = %b0, %acc00_g0 = %zero,
// CHECK: xegpu.store_nd %r.9_g0, %tc13_f
// CHECK: scf.for %k_g1 = %c0 to %c128 step %c16 iter_args(%ta_g1 = %a0, %tb_g1 = %b0, %acc20_g1 = %zero,
// CHECK: xegpu.store_nd %r.17_g1, %tc33_f
// CHECK: } else {
// CHECK: %r:18 = scf.for %k = %c0 to %c128 step %c16
// CHECK: xegpu.store_nd %r#17, %tc33
// CHECK: }
// CHECK-NEXT: gpu.return
