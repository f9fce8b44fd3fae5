// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// The descriptor's element type is the source's.

gpu.module @m {
  gpu.func @element_types(%a: memref<64x64xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}

// CHECK: create_nd_element_types.mlir:6:10: error: xegpu.create_nd_tdesc: element types differ: source 'memref<64x64xf16>' has f16, tensor_desc '!xegpu.tensor_desc<8x16xf32>' has f32
// CHECK-NEXT: %t = xegpu.create_nd_tdesc %a
// CHECK-NEXT: {{^ {9}\^$}}
