// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// An unknown combining kind lists the known ones.

gpu.module @m {
  gpu.func @reduction_kind(%a: memref<64xf32>, %v: vector<16xf32>) kernel {
    %s = vector.reduction <addd>, %v : vector<16xf32> into f32
    gpu.return
  }
}

// CHECK: reduction_kind.mlir:6:10: error: vector.reduction: unknown combining kind 'addd' (one of add, and, maximumf, maxnumf, maxsi, maxui, minimumf, minnumf, minsi, minui, mul, or, xor)
// CHECK-NEXT: %s = vector.reduction
// CHECK-NEXT: {{^ {9}\^$}}
