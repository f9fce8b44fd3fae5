// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// A device function without the `kernel` attribute, and no kernel: the error points at it.

gpu.module @m {
  gpu.func @f(%a: memref<64xf32>) {
    gpu.return
  }
}

// CHECK: no_kernel.mlir:5:3: error: the input has no kernel: '@f' is a device function without the 'kernel' attribute (gpu.func @name(...) kernel); a device function is compiled where a kernel calls it (inlined)
// CHECK-NEXT: gpu.func @f(
