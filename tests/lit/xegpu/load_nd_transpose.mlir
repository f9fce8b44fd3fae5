// RUN: genx-emit lower %s --block2d-form scalar | filecheck %s
// transpose = [1, 0] of a 16x8 f32 tile: the message reads the 8-wide, 16-high block from
// memory with the transposed order (2) and delivers the 8x16 result.
// CHECK: %v = call <128 x float> @llvm.genx.lsc.load2d.stateless.v128f32.i1.i64(i1 true, i8 0, i8 0, i8 3, i8 2, i8 1, i16 8, i16 16, i8 0, i64 %a,

gpu.module @m {
  gpu.func @load_nd_transpose(%a: memref<64x64xf32>, %b: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<16x8xf32>
    %v = xegpu.load_nd %t <{transpose = array<i64: 1, 0>}> : !xegpu.tensor_desc<16x8xf32> -> vector<8x16xf32>
    %u = xegpu.create_nd_tdesc %b[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %u : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
