// RUN: genx-emit lower %s | filecheck %s
// An 8x8 f32 transpose of a computed value: columns read with vertical stride 8 (4 at a time,
// straight from the add's 32-element piece that holds them), written as rows.
// CHECK-LABEL: define dllexport void @vector_transpose(
// CHECK: %r.rd0 = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %w.0, i32 0, i32 4, i32 8, i16 0, i32 4)
// CHECK: %r.w0 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> undef, <4 x float> %r.rd0, i32 0, i32 4, i32 1, i16 0, i32 4, i1 true)
// A tile loaded only to be transposed is loaded transposed by the 2D message (descriptor
// 0x02408403: the transpose bit) and the transpose moves nothing.
// CHECK-LABEL: define dllexport void @loaded_transposed(
// CHECK: %v = call <64 x float> @llvm.genx.raw.send2.v64f32.i1.v8i32({{.*}}, i32 37782531, <8 x i32> %t.hdr.dw, <64 x float> undef)
// CHECK-NOT: rdregion
// CHECK: call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v64f32({{.*}}, <64 x float> %v)
gpu.module @m {
  gpu.func @vector_transpose(%a: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x8xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x8xf32> -> vector<8x8xf32>
    %w = arith.addf %v, %v : vector<8x8xf32>
    %r = vector.transpose %w, [1, 0] : vector<8x8xf32> to vector<8x8xf32>
    xegpu.store_nd %r, %t : vector<8x8xf32>, !xegpu.tensor_desc<8x8xf32>
    gpu.return
  }
  gpu.func @loaded_transposed(%a: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x8xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x8xf32> -> vector<8x8xf32>
    %r = vector.transpose %v, [1, 0] : vector<8x8xf32> to vector<8x8xf32>
    xegpu.store_nd %r, %t : vector<8x8xf32>, !xegpu.tensor_desc<8x8xf32>
    gpu.return
  }
}
