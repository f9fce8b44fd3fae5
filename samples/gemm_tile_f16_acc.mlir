// One 8x16x16 f16 GEMM tile with accumulator, C = C + A x B: the f32 accumulator tile is
// loaded from C, fed to dpas as its third operand, and the result is stored back into C.
// Launch: grid 1x1x1, one subgroup; A: 8x16 f16, B: 16x16 f16 (packed), C: 8x16 f32 (in/out).
gpu.module @gemm_tile_f16_acc {
  gpu.func @gemm_tile_f16_acc(%a: memref<8x16xf16>, %b: memref<16x16xf16>, %c: memref<8x16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %ta = xegpu.create_nd_tdesc %a[%c0, %c0] : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb = xegpu.create_nd_tdesc %b[%c0, %c0] : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %tc = xegpu.create_nd_tdesc %c[%c0, %c0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %vb = xegpu.load_nd %tb <{packed}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
    %acc = xegpu.load_nd %tc : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %res = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
    xegpu.store_nd %res, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
