// RUN: genx-emit lower %s | filecheck %s
// An 8x8 f32 transpose: columns read with vertical stride 8 (4 at a time), written as rows.
// CHECK: %r.rd0 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v, i32 0, i32 4, i32 8, i16 0, i32 4)
// CHECK: %r.w0 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> undef, <4 x float> %r.rd0, i32 0, i32 4, i32 1, i16 0, i32 4, i1 true)

gpu.module @m {
  gpu.func @vector_transpose(%a: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x8xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x8xf32> -> vector<8x8xf32>
    %r = vector.transpose %v, [1, 0] : vector<8x8xf32> to vector<8x8xf32>
    xegpu.store_nd %r, %t : vector<8x8xf32>, !xegpu.tensor_desc<8x8xf32>
    gpu.return
  }
}
