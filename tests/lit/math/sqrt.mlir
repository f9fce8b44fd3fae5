// RUN: genx-emit lower %s | filecheck %s
// math.sqrt without fastmath is the IEEE square root on pvc; rsqrt is genx.rsqrt.
// CHECK: %e = call <16 x float> @llvm.genx.ieee.sqrt.v16f32(<16 x float> %v.v)
// CHECK-NEXT: %r = call <16 x float> @llvm.genx.rsqrt.v16f32(<16 x float> %e)

gpu.module @m {
  gpu.func @math_sqrt(%a: memref<256xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0] : memref<256xf32> -> !xegpu.tensor_desc<16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
    %e = math.sqrt %v : vector<16xf32>
    %r = math.rsqrt %e : vector<16xf32>
    xegpu.store_nd %r, %t : vector<16xf32>, !xegpu.tensor_desc<16xf32>
    gpu.return
  }
}
