// Subgroup-level (VC) twin of samples/simt_gemm.mlir, written by hand: 128x128x128 bf16 GEMM,
// C = max(A x B, 0), one 8x16 C tile per subgroup, with whole-tile values (A vector<8x16xbf16>,
// B packed vector<8x16x2xbf16>, the accumulator vector<8x16xf32>) and no layouts.
gpu.module @simt_gemm {
  gpu.func @simt_gemm(%a: memref<128x128xbf16>, %b: memref<128x128xbf16>, %c: memref<128x128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant dense<0.0> : vector<8x16xf32>
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m = arith.muli %bx, %c8 : index
    %n = arith.muli %by, %c16 : index
    %a0 = xegpu.create_nd_tdesc %a[%m, %c0] : memref<128x128xbf16> -> !xegpu.tensor_desc<8x16xbf16>
    %b0 = xegpu.create_nd_tdesc %b[%c0, %n] : memref<128x128xbf16> -> !xegpu.tensor_desc<16x16xbf16>
    xegpu.prefetch_nd %a0 : !xegpu.tensor_desc<8x16xbf16>
    xegpu.prefetch_nd %b0 : !xegpu.tensor_desc<16x16xbf16>
    %r:3 = scf.for %k = %c0 to %c128 step %c16 iter_args(%ta = %a0, %tb = %b0, %acc = %zero)
        -> (!xegpu.tensor_desc<8x16xbf16>, !xegpu.tensor_desc<16x16xbf16>, vector<8x16xf32>) {
      %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xbf16> -> vector<8x16xbf16>
      %vb = xegpu.load_nd %tb <{packed}> : !xegpu.tensor_desc<16x16xbf16> -> vector<8x16x2xbf16>
      %ta1 = xegpu.update_nd_offset %ta, [%c0, %c16] : !xegpu.tensor_desc<8x16xbf16>
      %tb1 = xegpu.update_nd_offset %tb, [%c16, %c0] : !xegpu.tensor_desc<16x16xbf16>
      xegpu.prefetch_nd %ta1 : !xegpu.tensor_desc<8x16xbf16>
      xegpu.prefetch_nd %tb1 : !xegpu.tensor_desc<16x16xbf16>
      %sum = xegpu.dpas %va, %vb, %acc : vector<8x16xbf16>, vector<8x16x2xbf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %ta1, %tb1, %sum : !xegpu.tensor_desc<8x16xbf16>, !xegpu.tensor_desc<16x16xbf16>, vector<8x16xf32>
    }
    %relu = arith.maximumf %r#2, %zero : vector<8x16xf32>
    %tc = xegpu.create_nd_tdesc %c[%m, %n] : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %relu, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
