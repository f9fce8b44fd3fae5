// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// An op genx-emit does not know: the closest op it knows is suggested.

gpu.module @m {
  gpu.func @unknown_op(%a: memref<64xf32>) kernel {
    %t = xegpu.create_nd_tdsec %a[0] : memref<64xf32> -> !xegpu.tensor_desc<16xf32>
    gpu.return
  }
}

// CHECK: unknown_op.mlir:6:10: error: unsupported op 'xegpu.create_nd_tdsec'; did you mean 'xegpu.create_nd_tdesc'?
// CHECK-NEXT: %t = xegpu.create_nd_tdsec %a
// CHECK-NEXT: {{^ {9}\^$}}
