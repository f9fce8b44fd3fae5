// RUN: not genx-emit lower %s --target dg2 2>&1 | filecheck %s
// dg2 has no correctly rounded f32 vector square root: without afn it is an error.

gpu.module @m {
  gpu.func @sqrt_dg2(%a: memref<256xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0] : memref<256xf32> -> !xegpu.tensor_desc<16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
    %e = math.sqrt %v : vector<16xf32>
    xegpu.store_nd %e, %t : vector<16xf32>, !xegpu.tensor_desc<16xf32>
    gpu.return
  }
}

// CHECK: sqrt_dg2.mlir:8:10: error: math.sqrt on dg2: the toolchain has no correctly rounded vector<16xf32> square root for this target; add fastmath<afn> to accept the math unit's precision
// CHECK-NEXT: %e = math.sqrt %v : vector
// CHECK-NEXT: {{^ {9}\^$}}
