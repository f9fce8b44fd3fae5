// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// create_nd_tdesc takes one offset per source dimension.

gpu.module @m {
  gpu.func @create_nd_offsets(%a: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}

// CHECK: create_nd_offsets.mlir:6:10: error: xegpu.create_nd_tdesc: expected 2 offsets (the source rank), got 1
// CHECK-NEXT: %t = xegpu.create_nd_tdesc %a
// CHECK-NEXT: {{^ {9}\^$}}
