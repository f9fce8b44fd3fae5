// RUN: genx-emit lower %s | filecheck %s
// xegpu.fence on global memory at GPU scope: lsc.fence on the UGM (sfid 0) with scope 3.
// CHECK: call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 3)

gpu.module @m {
  gpu.func @fence(%a: memref<256xf32>) kernel {
    xegpu.fence memory_kind = global, fence_scope = gpu
    gpu.return
  }
}
