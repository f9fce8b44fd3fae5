// tf32 DPAS, one 8x16 f32 tile with K = 16 in two K-steps of 8: A tiles 8x8 and B tiles 8x16
// (no VNNI packing for 32-bit data); the first dpas has no accumulator, the second one has.
// tf32 is written as the element type (memrefs of tf32 hold plain 32-bit floats in memory).
// Launch: grid 1x1x1, one subgroup; A: 8x16 tf32, B: 16x16 tf32, C: 8x16 f32.
gpu.module @tf32_dpas {
  gpu.func @tf32_dpas(%a: memref<8x16xtf32>, %b: memref<16x16xtf32>, %c: memref<8x16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %ta0 = xegpu.create_nd_tdesc %a[%c0, %c0] : memref<8x16xtf32> -> !xegpu.tensor_desc<8x8xtf32>
    %ta1 = xegpu.create_nd_tdesc %a[%c0, %c8] : memref<8x16xtf32> -> !xegpu.tensor_desc<8x8xtf32>
    %tb0 = xegpu.create_nd_tdesc %b[%c0, %c0] : memref<16x16xtf32> -> !xegpu.tensor_desc<8x16xtf32>
    %tb1 = xegpu.create_nd_tdesc %b[%c8, %c0] : memref<16x16xtf32> -> !xegpu.tensor_desc<8x16xtf32>
    %va0 = xegpu.load_nd %ta0 : !xegpu.tensor_desc<8x8xtf32> -> vector<8x8xtf32>
    %va1 = xegpu.load_nd %ta1 : !xegpu.tensor_desc<8x8xtf32> -> vector<8x8xtf32>
    %vb0 = xegpu.load_nd %tb0 : !xegpu.tensor_desc<8x16xtf32> -> vector<8x16xtf32>
    %vb1 = xegpu.load_nd %tb1 : !xegpu.tensor_desc<8x16xtf32> -> vector<8x16xtf32>
    %p = xegpu.dpas %va0, %vb0 : vector<8x8xtf32>, vector<8x16xtf32> -> vector<8x16xf32>
    %r = xegpu.dpas %va1, %vb1, %p : vector<8x8xtf32>, vector<8x16xtf32>, vector<8x16xf32> -> vector<8x16xf32>
    %tc = xegpu.create_nd_tdesc %c[%c0, %c0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
