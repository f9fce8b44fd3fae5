// Subgroup-level (VC) twin of samples/simt_upstream_gemm.mlir, written by hand: 128x128x128 f16
// GEMM updating C, C = 0.5 * (C + A x B) + bias, one 8x16 C tile per subgroup, with whole-tile
// values (A vector<8x16xf16>, B packed vector<8x16x2xf16>, the accumulator vector<8x16xf32>, the
// bias row vector<16xf32> broadcast to the 8 rows).
gpu.module @simt_upstream_gemm {
  gpu.func @simt_upstream_gemm(%a: memref<128x128xf16>, %b: memref<128x128xf16>, %c: memref<128x128xf32>,
                               %bias: memref<128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %half = arith.constant dense<0.5> : vector<8x16xf32>
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m = arith.muli %bx, %c8 : index
    %n = arith.muli %by, %c16 : index
    %tc = xegpu.create_nd_tdesc %c : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    %c_init = xegpu.load_nd %tc[%m, %n] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %ta0 = xegpu.create_nd_tdesc %a[%m, %c0] : memref<128x128xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb0 = xegpu.create_nd_tdesc %b[%c0, %n] : memref<128x128xf16> -> !xegpu.tensor_desc<16x16xf16>
    xegpu.prefetch_nd %ta0 : !xegpu.tensor_desc<8x16xf16>
    xegpu.prefetch_nd %tb0 : !xegpu.tensor_desc<16x16xf16>
    %r:3 = scf.for %k = %c0 to %c128 step %c16 iter_args(%ta = %ta0, %tb = %tb0, %acc = %c_init)
        -> (!xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>, vector<8x16xf32>) {
      %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %tb <{packed}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
      %dot = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %ta1 = xegpu.update_nd_offset %ta, [%c0, %c16] : !xegpu.tensor_desc<8x16xf16>
      %tb1 = xegpu.update_nd_offset %tb, [%c16, %c0] : !xegpu.tensor_desc<16x16xf16>
      scf.yield %ta1, %tb1, %dot : !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>, vector<8x16xf32>
    }
    %scaled = arith.mulf %r#2, %half : vector<8x16xf32>
    %tbias = xegpu.create_nd_tdesc %bias[%n] : memref<128xf32> -> !xegpu.tensor_desc<16xf32>
    %row = xegpu.load_nd %tbias : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
    %rows = vector.broadcast %row : vector<16xf32> to vector<8x16xf32>
    %out = arith.addf %scaled, %rows : vector<8x16xf32>
    xegpu.store_nd %out, %tc[%m, %n] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
