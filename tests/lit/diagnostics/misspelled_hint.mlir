// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// The same for a cache hint's name.

gpu.module @m {
  gpu.func @k(%a: memref<64x64xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %v = xegpu.load_nd %t <{transpose = array<i64: 1, 0>, l1_hnit = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
    gpu.return
  }
}

// CHECK: misspelled_hint.mlir:7:10: error: xegpu.load_nd: unknown attribute 'l1_hnit'; did you mean 'l1_hint'?
// CHECK-NEXT: %v = xegpu.load_nd %t
// CHECK-NEXT: {{^ {9}\^$}}
