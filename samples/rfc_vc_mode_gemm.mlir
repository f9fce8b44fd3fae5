// Old RFC / IMEX "vc mode" spelling (2023 to early 2024): every XeGPU op carries {mode = vc},
// cache hints are bare words, A is loaded with vnni_axis = 1 (vector<8x8x2xf16>) and B with
// vnni_axis = 0 (vector<8x16x2xf16>). 128x128x128 f16 GEMM, f32 result, one 8x16 C tile per subgroup.
// Launch: grid 16x8x1 work-groups of one subgroup; A, B: 128x128 f16, C: 128x128 f32.
gpu.module @rfc_vc_mode_gemm {
  gpu.func @rfc_vc_mode_gemm(%a: memref<128x128xf16>, %b: memref<128x128xf16>, %c: memref<128x128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant dense<0.0> : vector<8x16xf32>
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m = arith.muli %bx, %c8 : index
    %n = arith.muli %by, %c16 : index
    %a0 = xegpu.create_nd_tdesc %a[%m, %c0] {mode = vc} : memref<128x128xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b0 = xegpu.create_nd_tdesc %b[%c0, %n] {mode = vc} : memref<128x128xf16> -> !xegpu.tensor_desc<16x16xf16>
    xegpu.prefetch_nd %a0 {mode = vc, l1_hint = cached, l2_hint = cached, l3_hint = cached} : !xegpu.tensor_desc<8x16xf16>
    xegpu.prefetch_nd %b0 {mode = vc, l1_hint = cached, l2_hint = cached, l3_hint = cached} : !xegpu.tensor_desc<16x16xf16>
    %r:3 = scf.for %k = %c0 to %c128 step %c16 iter_args(%ta = %a0, %tb = %b0, %acc = %zero)
        -> (!xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>, vector<8x16xf32>) {
      %va = xegpu.load_nd %ta {mode = vc, vnni_axis = 1, l1_hint = cached, l2_hint = cached, l3_hint = cached}
          : !xegpu.tensor_desc<8x16xf16> -> vector<8x8x2xf16>
      %vb = xegpu.load_nd %tb {mode = vc, vnni_axis = 0, l1_hint = cached, l2_hint = cached, l3_hint = cached}
          : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
      %ta1 = xegpu.update_nd_offset %ta, [%c0, %c16] {mode = vc} : !xegpu.tensor_desc<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
      %tb1 = xegpu.update_nd_offset %tb, [%c16, %c0] {mode = vc} : !xegpu.tensor_desc<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
      xegpu.prefetch_nd %ta1 {mode = vc, l1_hint = cached, l2_hint = cached, l3_hint = cached} : !xegpu.tensor_desc<8x16xf16>
      xegpu.prefetch_nd %tb1 {mode = vc, l1_hint = cached, l2_hint = cached, l3_hint = cached} : !xegpu.tensor_desc<16x16xf16>
      %acc1 = xegpu.dpas %va, %vb, %acc {mode = vc} : vector<8x8x2xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %ta1, %tb1, %acc1 : !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>, vector<8x16xf32>
    }
    %tc = xegpu.create_nd_tdesc %c[%m, %n] {mode = vc} : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#2, %tc {mode = vc, l1_hint = write_back, l3_hint = write_back} : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
