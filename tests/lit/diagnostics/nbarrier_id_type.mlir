// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// init_nbarrier's operands are i8.

gpu.module @m {
  gpu.func @nbarrier_type(%a: memref<64xf32>, %x: i32) kernel {
    %n = arith.constant 4 : i8
    %b = xegpu.init_nbarrier %x, %n : i32, i8 -> !xegpu.nbarrier
    gpu.return
  }
}

// CHECK: nbarrier_id_type.mlir:7:10: error: xegpu.init_nbarrier: the barrier id '%x' must be i8, got 'i32'
// CHECK-NEXT: %b = xegpu.init_nbarrier %x, %n : i32, i8 -> !xegpu.nbarrier
// CHECK-NEXT: {{^ {9}\^$}}
