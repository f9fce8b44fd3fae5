// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// Cache hints must form an L1/L3 pair the load messages accept (intrinsics/lsc.yaml).

gpu.module @m {
  gpu.func @cache_hints(%a: memref<64x64xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    xegpu.prefetch_nd %t <{l1_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<8x16xf16>
    gpu.return
  }
}

// CHECK: cache_hints.mlir:7:5: error: xegpu.prefetch_nd: cache hints L1 = cached, L3 = default are not a valid load pair (valid L1/L3 pairs: default/default, uncached/uncached, streaming/uncached, uncached/cached, cached/uncached, cached/cached, streaming/cached, read_invalidate/cached)
// CHECK-NEXT: xegpu.prefetch_nd %t
// CHECK-NEXT: {{^ {4}\^$}}
