// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// packed (VNNI) and transpose exclude each other on load_nd.

gpu.module @m {
  gpu.func @packed_transpose(%a: memref<64x64xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %v = xegpu.load_nd %t <{packed, transpose = array<i64: 1, 0>}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
    gpu.return
  }
}

// CHECK: load_nd_packed_transpose.mlir:7:10: error: xegpu.load_nd: 'packed' and 'transpose' cannot be combined
// CHECK-NEXT: %v = xegpu.load_nd %t
// CHECK-NEXT: {{^ {9}\^$}}
