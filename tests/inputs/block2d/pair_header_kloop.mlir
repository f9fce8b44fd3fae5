gpu.module @m {
  gpu.func @k(%a: memref<8x80xf16>, %bt: memref<16x80xf16>, %c: memref<8x16xf32>) kernel {
    %c16 = arith.constant 16 : index
    %c80 = arith.constant 80 : index
    %ta = xegpu.create_nd_tdesc %a[0, 16] : memref<8x80xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb = xegpu.create_nd_tdesc %bt[0, 16] : memref<16x80xf16> -> !xegpu.tensor_desc<16x16xf16>
    %acc0 = arith.constant dense<0.0> : vector<8x16xf32>
    %r:3 = scf.for %k = %c16 to %c80 step %c16 iter_args(%da = %ta, %db = %tb, %acc = %acc0)
        -> (!xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>, vector<8x16xf32>) {
      xegpu.prefetch_nd %db : !xegpu.tensor_desc<16x16xf16>
      %va = xegpu.load_nd %da : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %db <{transpose = array<i64: 1, 0>, transpose_bit_width = 32 : i32}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
      %acc1 = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      %na = xegpu.update_nd_offset %da, [0, 16] : !xegpu.tensor_desc<8x16xf16>
      %nb = xegpu.update_nd_offset %db, [0, 16] : !xegpu.tensor_desc<16x16xf16>
      scf.yield %na, %nb, %acc1 : !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>, vector<8x16xf32>
    }
    %tc = xegpu.create_nd_tdesc %c[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r#2, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
