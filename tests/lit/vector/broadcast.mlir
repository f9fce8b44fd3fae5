// RUN: genx-emit lower %s | filecheck %s
// vector.broadcast of a scalar is an insertelement + zero-mask shufflevector splat.
// CHECK: %v.ins = insertelement <128 x float> undef, float %x, i32 0
// CHECK-NEXT: %v = shufflevector <128 x float> %v.ins, <128 x float> undef, <128 x i32> <i32 0, i32 0, i32 0,

gpu.module @m {
  gpu.func @vector_broadcast(%a: memref<64x64xf32>, %x: f32) kernel {
    %v = vector.broadcast %x : f32 to vector<8x16xf32>
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %t : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
