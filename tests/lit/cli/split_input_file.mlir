// RUN: not genx-emit lower %s --split-input-file 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=ERR < %t.err
// --split-input-file lowers each '// -----' chunk alone, as mlir-opt does: the second chunk's
// error carries its real line (21) in this file, the third chunk is still lowered, the outputs
// of the chunks that lowered are joined by '// -----', and the exit is 1.

// CHECK: define dllexport void @first(
// CHECK-NOT: @second
// CHECK: // -----
// CHECK-NEXT: target datalayout
// CHECK: define dllexport void @third(
// ERR: split_input_file.mlir:21:10: error: xegpu.create_nd_tdesc: expected 2 offsets (the source rank), got 1
// ERR-NOT: error

gpu.module @m {
  gpu.func @first(%a: memref<64x64xf32>) kernel { gpu.return }
}
// -----
gpu.module @m {
  gpu.func @second(%a: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
// -----
gpu.module @m {
  gpu.func @third(%a: memref<64x64xf32>) kernel { gpu.return }
}
