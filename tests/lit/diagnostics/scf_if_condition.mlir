// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// scf.if branches the whole thread: its condition is a scalar i1.

gpu.module @m {
  gpu.func @scf_if_vector_cond(%a: memref<64xf32>, %x: vector<16xi1>) kernel {
    scf.if %x {
    }
    gpu.return
  }
}

// CHECK: scf_if_condition.mlir:6:5: error: scf.if needs a scalar i1 condition, got '%x' of type 'vector<16xi1>'; for a per-lane choice use arith.select
// CHECK-NEXT: scf.if %x
// CHECK-NEXT: {{^ {4}\^$}}
