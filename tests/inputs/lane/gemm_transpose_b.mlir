// C = A x B with B given transposed (bt[n, k], f16) and read as 32-bit pairs of k: a
// transposed 16x8 f32 load gives each lane (an n) its 8 pairs, a bitcast makes them the 16
// f16 of its B column, which dpas takes as they are.
gpu.module @m {
  gpu.func @k(%a: memref<8x16xf16>, %bt: memref<16x8xf32>, %c: memref<8x16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %ta = xegpu.create_nd_tdesc %a : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb = xegpu.create_nd_tdesc %bt : memref<16x8xf32> -> !xegpu.tensor_desc<16x8xf32>
    %tc = xegpu.create_nd_tdesc %c : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %av = xegpu.load_nd %ta[%c0, %c0] : !xegpu.tensor_desc<8x16xf16> -> vector<8xf16>
    %pairs = xegpu.load_nd %tb[%c0, %c0] <{transpose = array<i64: 1, 0>}> : !xegpu.tensor_desc<16x8xf32> -> vector<8xf32>
    %bv = vector.bitcast %pairs : vector<8xf32> to vector<16xf16>
    %z = arith.constant dense<0.0> : vector<8xf32>
    %d = xegpu.dpas %av, %bv, %z : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
    xegpu.store_nd %d, %tc[%c0, %c0] : vector<8xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
