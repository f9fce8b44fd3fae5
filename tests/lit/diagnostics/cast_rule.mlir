// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// MLIR's cast rules: extf widens.

gpu.module @m {
  gpu.func @cast_rule(%a: memref<256xf32>, %x: f32) kernel {
    %y = arith.extf %x : f32 to f16
    gpu.return
  }
}

// CHECK: cast_rule.mlir:6:10: error: arith.extf: the result element 'f16' (16 bits) must be wider than the source 'f32' (32 bits)
// CHECK-NEXT: %y = arith.extf %x : f32 to f16
// CHECK-NEXT: {{^ {9}\^$}}
