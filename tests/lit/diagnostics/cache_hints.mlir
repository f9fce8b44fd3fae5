// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// Cache hints must be words the load messages have at their level (intrinsics/lsc.yaml): a
// store word is refused; a level left out is completed (README, Cache hints).

gpu.module @m {
  gpu.func @cache_hints(%a: memref<64x64xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    xegpu.prefetch_nd %t <{l1_hint = #xegpu.cache_hint<write_back>}> : !xegpu.tensor_desc<8x16xf16>
    gpu.return
  }
}

// CHECK: cache_hints.mlir:8:5: error: xegpu.prefetch_nd: cache hints L1 = write_back, L3 = default are not a valid load pair (valid L1/L3 pairs: default/default, uncached/uncached, streaming/uncached, uncached/cached, cached/uncached, cached/cached, streaming/cached, read_invalidate/cached)
// CHECK-NEXT: xegpu.prefetch_nd %t
// CHECK-NEXT: {{^ {4}\^$}}
