// RUN: genx-emit lower %s | filecheck %s
// Named barriers: alloc_nbarrier 2 is the count in genx.kernels (last field); arrive signals
// (mode 1) barrier 1 with 4 producers, wait (mode 0) waits on it.
// CHECK: call void @llvm.genx.nbarrier(i8 1, i8 1, i8 4)
// CHECK-NEXT: call void @llvm.genx.nbarrier(i8 0, i8 1, i8 0)
// CHECK: !{void (i64)* @nbarrier, !"nbarrier", {{.*}}, i32 2}

gpu.module @m {
  gpu.func @nbarrier(%a: memref<256xf32>) kernel {
    xegpu.alloc_nbarrier 2
    %id = arith.constant 1 : i8
    %n = arith.constant 4 : i8
    %b = xegpu.init_nbarrier %id, %n : i8, i8 -> !xegpu.nbarrier
    xegpu.nbarrier_arrive %b : !xegpu.nbarrier
    xegpu.nbarrier_wait %b : !xegpu.nbarrier
    gpu.return
  }
}
