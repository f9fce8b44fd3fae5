// RUN: genx-emit lower %s --kernel-md legacy | filecheck %s
// --kernel-md legacy: the GenX LangRef's older genx.kernels layout: function, name, asm name,
// argument kinds, SLM size, argument offsets (no I/O kinds, descriptors or barrier count).
// CHECK: !genx.kernels = !{!0}
// CHECK-NEXT: !0 = !{void (i64, i64)* @legacy, !"legacy", !"legacy", !1, i32 0, !2}

gpu.module @m {
  gpu.func @legacy(%a: memref<64x64xf32>, %b: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %u = xegpu.create_nd_tdesc %b[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %u : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
