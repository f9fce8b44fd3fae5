// RUN: not genx-emit lower %s --kernel secnod 2>&1 | filecheck %s
// RUN: not genx-emit lower %s --kernel zzz 2>&1 | filecheck %s --check-prefix=FAR
// A mistyped --kernel points at the closest kernel and suggests it; with no close name, at the
// first kernel, listing them all.

gpu.module @m {
  gpu.func @first(%a: memref<64xf32>) kernel { gpu.return }
  gpu.func @second(%a: memref<64xf32>) kernel { gpu.return }
}

// CHECK: kernel_typo.mlir:8:3: error: no kernel named 'secnod' (--kernel); did you mean 'second'? (kernels in the input: first, second)
// FAR: kernel_typo.mlir:7:3: error: no kernel named 'zzz' (--kernel) (kernels in the input: first, second)
