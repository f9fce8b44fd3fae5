gpu.module @m {
  gpu.func @k(%a: memref<8x16xf16>, %bt: memref<16x16xf16>, %c: memref<8x16xf32>) kernel {
    %ta = xegpu.create_nd_tdesc %a[0, 0] : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %tb = xegpu.create_nd_tdesc %bt[0, 0] : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %vb = xegpu.load_nd %tb <{transpose = array<i64: 1, 0>, transpose_bit_width = 32 : i32}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
    %acc = arith.constant dense<0.0> : vector<8x16xf32>
    %r = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
    %tc = xegpu.create_nd_tdesc %c[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
