// RUN: rm -rf %t && mkdir -p %t
// RUN: not genx-emit lower %s %S/Inputs/bad_kernel.mlir %S/Inputs/other_kernel.mlir --output-dir %t 2>%t/err
// RUN: filecheck %s --check-prefix=GOOD < %t/batch.ll
// RUN: filecheck %s --check-prefix=OTHER < %t/other_kernel.ll
// RUN: filecheck %s --check-prefix=ERR < %t/err
// RUN: not test -e %t/bad_kernel.ll
// Several inputs in one run, each to DIR/STEM.ll: a bad input is reported with its own file
// name and gets no output file; the inputs after it are still lowered; the exit is 1.

// GOOD: define dllexport void @batch(
// OTHER: define dllexport void @other(
// ERR: bad_kernel.mlir:4:10: error: xegpu.dpas: result shape [8, 8] must be [M, N] = [8, 16]

gpu.module @m {
  gpu.func @batch(%a: memref<64x64xf32>) kernel { gpu.return }
}
