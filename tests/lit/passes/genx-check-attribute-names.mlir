// RUN: not genx-emit opt %s --pass genx-check-attribute-names 2>&1 | filecheck %s
// A misspelled attribute of a known op is an error at the op, with the name it was meant to be.
gpu.module @m {
  gpu.func @k(%a: memref<16x16xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    // CHECK: genx-check-attribute-names.mlir:[[# @LINE + 1]]:10: error: {{.*}}'pakced'{{.*}}did you mean 'packed'?
    %v = xegpu.load_nd %t <{pakced}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
    gpu.return
  }
}
