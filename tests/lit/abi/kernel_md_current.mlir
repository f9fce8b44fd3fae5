// RUN: genx-emit lower %s | filecheck %s
// The default genx.kernels entry: function, name, argument kinds, SLM size, argument offsets,
// I/O kinds, argument descriptors (svmptr_t for memrefs), named-barrier count.
// CHECK: attributes #0 = { "CMGenxMain" "oclrt"="1" }
// CHECK: !0 = !{void (i64, i64)* @current, !"current", !1, i32 0, !2, !3, !4, i32 0}
// CHECK: !4 = !{!"svmptr_t", !"svmptr_t"}

gpu.module @m {
  gpu.func @current(%a: memref<64x64xf32>, %b: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %u = xegpu.create_nd_tdesc %b[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %u : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
