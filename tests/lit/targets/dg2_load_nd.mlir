// RUN: genx-emit lower %s --target dg2 | filecheck %s
// dg2 has no 2D block messages: the 8x16 f32 tile at [8, 16] is read with per-lane gathers
// from row 8 (8 * 256 bytes) and column 16 (64 bytes), each predicated on the surface bounds.
// CHECK-NOT: load2d
// CHECK: %v.row0 = add i64 %a, 2048
// CHECK-NEXT: %v.start = add i64 %v.row0, 64
// CHECK: %v.m0.inb = and <16 x i1> %v.m0.inr, %v.m0.inc
// CHECK-NEXT: %v.m0 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1> %v.m0.inb,

gpu.module @m {
  gpu.func @dg2_load_nd(%a: memref<64x64xf32>, %b: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %u = xegpu.create_nd_tdesc %b[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %u : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
