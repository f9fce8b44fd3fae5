// RUN: genx-emit lower %s --block2d-form scalar | filecheck %s
// prefetch_nd with L1 and L3 cached: lsc.prefetch2d carries the cache hints (cached = 2) and
// no data.
// CHECK: call void @llvm.genx.lsc.prefetch2d.stateless.i1.i64(i1 true, i8 2, i8 2, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %a, i32 127, i32 63, i32 127, i32 0, i32 0)

gpu.module @m {
  gpu.func @prefetch_nd(%a: memref<64x64xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    xegpu.prefetch_nd %t <{l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<8x16xf16>
    gpu.return
  }
}
