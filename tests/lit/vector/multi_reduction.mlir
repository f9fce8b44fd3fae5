// RUN: genx-emit lower %s | filecheck %s
// multi_reduction <maximumf> over the rows of 8x16: all 8 rows at once, halving the columns
// (16 -> 8 -> 4 -> 2 -> 1): each step reads the left and right halves of every row as 2-D
// regions (vertical stride 16; gathered first, as the halves do not sit at the result's GRF
// positions) and combines them with the hardware's fmax plus the NaN rule; then the
// accumulator (a number: one compare and select; unordered and strict, so a NaN row and a -0.0
// row against the +0.0 accumulator come out as maximumf says: NaN, +0.0). The tile sits at a
// run-time column, so it stays row-major (multi_reduction_colmajor.mlir: at a known column).
// CHECK: %r.d1.s0.v0.rd0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %v, i32 16, i32 8, i32 1, i16 0, i32 16)
// CHECK: %r.d1.s0.v1.rd0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %v, i32 16, i32 8, i32 1, i16 32, i32 16)
// CHECK: %r.d1.s0.0.sel = call <32 x float> @llvm.genx.fmax.v32f32.v32f32(<32 x float> %r.d1.s0.0.a0, <32 x float> %r.d1.s0.0.a1)
// CHECK: %r.d1.s0.0.nan = fcmp uno <32 x float> %r.d1.s0.0.a0, %r.d1.s0.0.a1
// CHECK: %r.cmp = fcmp ugt <8 x float> %r.d1.s3, zeroinitializer
// CHECK: %r = select  <8 x i1> %r.cmp, <8 x float> %r.d1.s3, <8 x float> zeroinitializer
// CHECK: call void @llvm.genx.lsc.store.stateless.i1.i64.v4i64({{.*}}, i64 %b,

gpu.module @m {
  gpu.func @vector_multi_reduction(%a: memref<64x64xf32>, %b: memref<64xf32>, %j: index) kernel {
    %t = xegpu.create_nd_tdesc %a[0, %j] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8xf32>
    %r = vector.multi_reduction <maximumf>, %v, %z [1] : vector<8x16xf32> to vector<8xf32>
    %o = xegpu.create_nd_tdesc %b[0] : memref<64xf32> -> !xegpu.tensor_desc<8xf32>
    xegpu.store_nd %r, %o : vector<8xf32>, !xegpu.tensor_desc<8xf32>
    gpu.return
  }
}
