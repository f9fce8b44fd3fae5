// RUN: genx-emit lower %s | filecheck %s
// math.exp is genx.exp (base 2) of x * log2(e).
// CHECK: %e.x2 = fmul <16 x float> %v.v, <float 0x3ff7154760000000,
// CHECK-NEXT: %e = call <16 x float> @llvm.genx.exp.v16f32(<16 x float> %e.x2)

gpu.module @m {
  gpu.func @math_exp(%a: memref<256xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0] : memref<256xf32> -> !xegpu.tensor_desc<16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
    %e = math.exp %v : vector<16xf32>
    xegpu.store_nd %e, %t : vector<16xf32>, !xegpu.tensor_desc<16xf32>
    gpu.return
  }
}
