// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// A type error carries a note at the value's definition, as MLIR's do (here a kernel
// argument).

gpu.module @m {
  gpu.func @nbarrier_type(%a: memref<64xf32>, %x: i32) kernel {
    %n = arith.constant 4 : i8
    %b = xegpu.init_nbarrier %x, %n : i32, i8 -> !xegpu.nbarrier
    gpu.return
  }
}

// CHECK: type_mismatch_note.mlir:8:10: error: xegpu.init_nbarrier: the barrier id '%x' must be i8, got 'i32'
// CHECK-NEXT: %b = xegpu.init_nbarrier %x, %n : i32, i8 -> !xegpu.nbarrier
// CHECK-NEXT: {{^ {9}\^$}}
// CHECK-NEXT: type_mismatch_note.mlir:6:47: note: '%x' is defined here as 'i32'
