// RUN: genx-emit lower %s | filecheck %s
// gpu.barrier: fence global and SLM memory at work-group scope, then the barrier itself.
// CHECK: call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 0)
// CHECK-NEXT: call void @llvm.genx.lsc.fence.i1(i1 true, i8 3, i8 0, i8 0)
// CHECK-NEXT: call void @llvm.genx.barrier()

gpu.module @m {
  gpu.func @barrier(%a: memref<256xf32>) kernel {
    gpu.barrier
    gpu.return
  }
}
