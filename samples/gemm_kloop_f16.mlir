// 256x256x256 f16 GEMM, f32 result: each subgroup owns one 8x16 C tile and walks K in steps of 16,
// carrying both tensor descriptors and the accumulator in scf.for iter_args; the first A/B tiles
// are prefetched before the loop, the next ones after each update_nd_offset. Launch: grid 8x4x1
// work-groups of 4x4 subgroups (a launch thread is a subgroup); A, B: 256x256 f16, C: 256x256 f32.
gpu.module @gemm_kloop_f16 {
  gpu.func @gemm_kloop_f16(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %c: memref<256x256xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant dense<0.000000e+00> : vector<8x16xf32>
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    // tile row = bx * 4 + tx, tile column = by * 4 + ty
    %bx4 = arith.muli %bx, %c4 : index
    %tile_row = arith.addi %bx4, %tx : index
    %by4 = arith.muli %by, %c4 : index
    %tile_col = arith.addi %by4, %ty : index
    %m = arith.muli %tile_row, %c8 : index
    %n = arith.muli %tile_col, %c16 : index
    %a0 = xegpu.create_nd_tdesc %a[%m, %c0] : memref<256x256xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b0 = xegpu.create_nd_tdesc %b[%c0, %n] : memref<256x256xf16> -> !xegpu.tensor_desc<16x16xf16>
    xegpu.prefetch_nd %a0 <{l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
        : !xegpu.tensor_desc<8x16xf16>
    xegpu.prefetch_nd %b0 <{l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
        : !xegpu.tensor_desc<16x16xf16>
    %res:3 = scf.for %k = %c0 to %c256 step %c16
        iter_args(%ta = %a0, %tb = %b0, %acc = %zero)
        -> (!xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>, vector<8x16xf32>) {
      %va = xegpu.load_nd %ta <{l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
          : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %tb <{packed, l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
          : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
      %ta_next = xegpu.update_nd_offset %ta, [%c0, %c16] : !xegpu.tensor_desc<8x16xf16>
      %tb_next = xegpu.update_nd_offset %tb, [%c16, %c0] : !xegpu.tensor_desc<16x16xf16>
      // On the last iteration these point past K: the hardware drops out-of-surface prefetches.
      xegpu.prefetch_nd %ta_next <{l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
          : !xegpu.tensor_desc<8x16xf16>
      xegpu.prefetch_nd %tb_next <{l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
          : !xegpu.tensor_desc<16x16xf16>
      %acc_next = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %ta_next, %tb_next, %acc_next : !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>, vector<8x16xf32>
    }
    %tc = xegpu.create_nd_tdesc %c[%m, %n] : memref<256x256xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %res#2, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
