// RUN: genx-emit lower %s | filecheck %s
// multi_reduction <maximumf> over the rows of 8x16 f32 at a known column: the tile is held
// column-major (lower/analysis/colmajor.py), gathered by 16 lanes of 8 dwords (lane h*8 + r: dwords
// 8h..8h+7 of row r; the 8 rows are inside, so no mask). Each step combines whole registers
// and aligned 8-row groups (vertical stride 0, no lane moves) down to one 8-lane vector.
// CHECK: %v.addr = add <16 x i64> %v.bv, <i64 0, i64 256, i64 512, i64 768, i64 1024, i64 1280, i64 1536, i64 1792, i64 32, i64 288,
// CHECK: %v.g0 = call <128 x i32> @llvm.genx.lsc.load.stateless.v128i32.v16i1.v16i64(<16 x i1> <i1 1, {{.*}}>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 1, i8 0, <16 x i64> %v.addr, i32 0)
// CHECK: %r.d1.s0.0.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %v, i32 0, i32 32, i32 1, i16 0, i32 32)
// CHECK: %r.d1.s0.0.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %v, i32 0, i32 32, i32 1, i16 256, i32 32)
// CHECK: %r.d1.s1.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %r.d1.s0, i32 0, i32 32, i32 1, i16 128, i32 32)
// CHECK: %r.d1.s2.a1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %r.d1.s1, i32 0, i32 16, i32 1, i16 64, i32 16)
// CHECK: %r.d1.s3.sel = call <8 x float> @llvm.genx.fmax.v8f32.v8f32(
// CHECK: %r = select  <8 x i1> %r.cmp, <8 x float> %r.d1.s3, <8 x float> zeroinitializer

gpu.module @m {
  gpu.func @vector_multi_reduction(%a: memref<64x64xf32>, %b: memref<64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8xf32>
    %r = vector.multi_reduction <maximumf>, %v, %z [1] : vector<8x16xf32> to vector<8xf32>
    %o = xegpu.create_nd_tdesc %b[0] : memref<64xf32> -> !xegpu.tensor_desc<8xf32>
    xegpu.store_nd %r, %o : vector<8xf32>, !xegpu.tensor_desc<8xf32>
    gpu.return
  }
}
