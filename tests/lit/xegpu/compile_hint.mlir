// RUN: genx-emit lower %s | filecheck %s
// compile_hint is a scheduling barrier: genx.fence with the -128 (0x80) flag.
// CHECK: call void @llvm.genx.fence(i8 -128)

gpu.module @m {
  gpu.func @compile_hint(%a: memref<256xf32>) kernel {
    xegpu.compile_hint
    gpu.return
  }
}
