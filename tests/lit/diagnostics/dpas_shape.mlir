// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// The dpas result is [M, N]: M from A's rows, N from B's columns.

gpu.module @m {
  gpu.func @dpas_shape(%a: vector<8x16xf16>, %b: vector<8x16x2xf16>) kernel {
    %d = xegpu.dpas %a, %b : vector<8x16xf16>, vector<8x16x2xf16> -> vector<8x8xf32>
    gpu.return
  }
}

// CHECK: dpas_shape.mlir:6:10: error: xegpu.dpas: result shape [8, 8] must be [M, N] = [8, 16]
// CHECK-NEXT: %d = xegpu.dpas %a, %b : vector
// CHECK-NEXT: {{^ {9}\^$}}
