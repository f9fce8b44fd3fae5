// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// A use of a value never defined points at the use.

gpu.module @m {
  gpu.func @undefined_value(%a: memref<64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %b[0] : memref<64xf32> -> !xegpu.tensor_desc<16xf32>
    gpu.return
  }
}

// CHECK: undefined_value.mlir:6:32: error: use of undefined value '%b'
// CHECK-NEXT: %t = xegpu.create_nd_tdesc %b
// CHECK-NEXT: {{^ {31}\^$}}
