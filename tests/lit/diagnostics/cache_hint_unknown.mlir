// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// An unknown cache hint value is named.

gpu.module @m {
  gpu.func @unknown_attr_value(%a: memref<64x64xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    xegpu.prefetch_nd %t <{l1_hint = #xegpu.cache_hint<cahced>}> : !xegpu.tensor_desc<8x16xf16>
    gpu.return
  }
}

// CHECK: cache_hint_unknown.mlir:7:5: error: xegpu.prefetch_nd: unknown cache hint l1_hint = 'cahced'
// CHECK-NEXT: xegpu.prefetch_nd %t
// CHECK-NEXT: {{^ {4}\^$}}
