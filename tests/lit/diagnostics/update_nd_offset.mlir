// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// update_nd_offset takes one offset per descriptor dimension.

gpu.module @m {
  gpu.func @update_nd(%a: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %u = xegpu.update_nd_offset %t, [16] : !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}

// CHECK: update_nd_offset.mlir:7:10: error: xegpu.update_nd_offset: expected 2 offsets (one per dimension of '!xegpu.tensor_desc<8x16xf32>'), got 1
// CHECK-NEXT: %u = xegpu.update_nd_offset %t,
// CHECK-NEXT: {{^ {9}\^$}}
