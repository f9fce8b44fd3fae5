// One 8x16x16 bf16 GEMM tile, C = A x B with no accumulator input: A 8x16 bf16 row-major,
// B 16x16 bf16 loaded `packed` (VNNI) as vector<8x16x2xbf16>, C 8x16 f32 stored.
// Launch: grid 1x1x1, one subgroup; A: 8x16 bf16, B: 16x16 bf16, C: 8x16 f32.
gpu.module @gemm_tile_bf16 {
  gpu.func @gemm_tile_bf16(%a: memref<8x16xbf16>, %b: memref<16x16xbf16>, %c: memref<8x16xf32>) kernel {
    %ta = xegpu.create_nd_tdesc %a[0, 0] : memref<8x16xbf16> -> !xegpu.tensor_desc<8x16xbf16>
    %tb = xegpu.create_nd_tdesc %b[0, 0] : memref<16x16xbf16> -> !xegpu.tensor_desc<16x16xbf16>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xbf16> -> vector<8x16xbf16>
    %vb = xegpu.load_nd %tb <{packed}> : !xegpu.tensor_desc<16x16xbf16> -> vector<8x16x2xbf16>
    %vc = xegpu.dpas %va, %vb : vector<8x16xbf16>, vector<8x16x2xbf16> -> vector<8x16xf32>
    %tc = xegpu.create_nd_tdesc %c[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %vc, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
