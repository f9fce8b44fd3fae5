// RUN: genx-emit lower %s | filecheck %s
// A 1-D descriptor known in bounds and aligned: one transposed (SIMD1 block) LSC message of
// D64 x 32 (vector-size code 7) for 64 f32; the store at element 64 is 256 bytes further.
// CHECK: %v = call <32 x i64> @llvm.genx.lsc.load.stateless.v32i64.i1.i64(i1 true, i8 0, i8 0, i8 0, i16 1, i32 0, i8 4, i8 7, i8 2, i8 0, i64 %a, i32 0)
// CHECK: [[ADDR:%.*]] = add i64 %b, 256
// CHECK: call void @llvm.genx.lsc.store.stateless.i1.i64.v32i64({{.*}}, i64 [[ADDR]], <32 x i64>

gpu.module @m {
  gpu.func @load_nd_1d(%a: memref<256xf32>, %b: memref<256xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0] : memref<256xf32> -> !xegpu.tensor_desc<64xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<64xf32> -> vector<64xf32>
    %u = xegpu.create_nd_tdesc %b[64] : memref<256xf32> -> !xegpu.tensor_desc<64xf32>
    xegpu.store_nd %v, %u : vector<64xf32>, !xegpu.tensor_desc<64xf32>
    gpu.return
  }
}
