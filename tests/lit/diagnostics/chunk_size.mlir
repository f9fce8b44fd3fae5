// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// A scattered chunk size must be an LSC vector size.

gpu.module @m {
  gpu.func @chunk_size(%a: memref<256xf32>) kernel {
    %off = arith.constant dense<0> : vector<16xindex>
    %g = xegpu.create_tdesc %a, %off : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16x5xf32, #xegpu.scatter_tdesc_attr<chunk_size = 5>>
    gpu.return
  }
}

// CHECK: chunk_size.mlir:7:10: error: xegpu.create_tdesc: chunk size 5 is not supported; the LSC vector sizes are 1, 2, 3, 4, 8, 16, 32, 64
// CHECK-NEXT: %g = xegpu.create_tdesc %a, %off : memref
// CHECK-NEXT: {{^ {9}\^$}}
