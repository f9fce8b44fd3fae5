// RUN: not genx-emit lower %t.does-not-exist.mlir 2>&1 | filecheck %s
// RUN: not genx-emit lower %s -o %t.bc 2>&1 | filecheck %s --check-prefix=BC
// A missing input is a one-line usage error in the same form as an unwritable output (exit 2).
// `lower -o x.bc` is refused: llvmlite's bitcode is not LLVM 14's; compile --emit bc writes that.

// CHECK: genx-emit: error: cannot read '{{.*}}does-not-exist.mlir': No such file or directory
// BC: Error: lower writes LLVM IR text; for bitcode that LLVM 14 reads use 'genx-emit compile --emit bc'

gpu.module @m {
  gpu.func @k(%a: memref<64x64xf32>) kernel { gpu.return }
}
