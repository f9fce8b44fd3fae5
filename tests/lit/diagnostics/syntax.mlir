// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// A syntax error points at the unexpected token.

gpu.module @m {
  gpu.func @syntax_error(%a: memref<64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0 : memref<64xf32> -> !xegpu.tensor_desc<16xf32>
    gpu.return
  }
}

// CHECK: syntax.mlir:6:37: error: expected ',' or ']' in index list, got ':'
// CHECK-NEXT: %t = xegpu.create_nd_tdesc %a
// CHECK-NEXT: {{^ {36}\^$}}
