// RUN: genx-emit lower %s --block2d-form scalar | filecheck %s
// array_length = 2: two 8x16 f16 blocks side by side in one message (num_blocks = 2).
// CHECK: call <256 x half> @llvm.genx.lsc.load2d.stateless.v256f16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 2, i16 16, i16 8, i8 0, i64 %a,

gpu.module @m {
  gpu.func @load_nd_array_length(%a: memref<64x64xf16>, %b: memref<256xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<array_length = 2>> -> vector<2x8x16xf16>
    %c = vector.shape_cast %v : vector<2x8x16xf16> to vector<256xf16>
    %u = xegpu.create_nd_tdesc %b[0] : memref<256xf16> -> !xegpu.tensor_desc<256xf16>
    xegpu.store_nd %c, %u : vector<256xf16>, !xegpu.tensor_desc<256xf16>
    gpu.return
  }
}
