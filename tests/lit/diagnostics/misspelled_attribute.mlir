// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// A misspelled attribute of a known op is an error with the closest known name (it was ignored,
// and an unrelated shape error followed).

gpu.module @m {
  gpu.func @misspelled_attr(%a: memref<64x64xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %v = xegpu.load_nd %t <{pakced}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
    gpu.return
  }
}

// CHECK: misspelled_attribute.mlir:8:10: error: xegpu.load_nd: unknown attribute 'pakced'; did you mean 'packed'?
// CHECK-NEXT: %v = xegpu.load_nd %t
// CHECK-NEXT: {{^ {9}\^$}}
