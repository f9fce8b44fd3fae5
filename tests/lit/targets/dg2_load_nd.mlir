// RUN: genx-emit lower %s --target dg2 | filecheck %s
// dg2 has no 2D block messages: the 8x16 f32 tile at [8, 16] lies inside its 64x64 surface
// (known at compile time), so it is read row by row with SIMD1 transposed D32 block loads
// (data size 3 = u32, vector size 6 = v16, order 2 = transposed): one scalar address per row.
// The start is row 8 (8 * 256 bytes) and column 16 (64 bytes) from the base, an offset known
// at compile time; the other rows' addresses are the lanes of one vector built from 32-bit
// halves (DG2 has no 64-bit adds): low dwords plus the row offsets (one pitch, 256 bytes, per
// row), high dwords plus carries. No guard, no per-element gather.
// CHECK-NOT: load2d
// CHECK: %v.start = add i64 %a, 2112
// CHECK-NEXT: %v.f.r0 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.i1.i64(i1 true, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 6, i8 2, i8 0, i64 %v.start, i32 0)
// CHECK: %v.f.r1.a0.rows.alo = add <8 x i32> %{{.*}}, <i32 0, i32 256, i32 512, i32 768, i32 1024, i32 1280, i32 1536, i32 1792>
// CHECK: %v.f.r1.a0 = extractelement <8 x i64> %v.f.r1.a0.rows, i32 1
// CHECK-NEXT: %v.f.r1 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.i1.i64(i1 true, {{.*}}, i64 %v.f.r1.a0, i32 0)
// CHECK-NOT: br i1
// CHECK-NOT: v16i64

gpu.module @m {
  gpu.func @dg2_load_nd(%a: memref<64x64xf32>, %b: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %u = xegpu.create_nd_tdesc %b[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %u : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
