// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// A value used with a type other than its definition's: the use's type is located.

gpu.module @m {
  gpu.func @type_mismatch(%a: memref<64xf32>, %x: i32) kernel {
    %t = xegpu.create_nd_tdesc %a[0] : memref<64xf32> -> !xegpu.tensor_desc<16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
    %s = arith.addf %v, %x : vector<16xf32>
    gpu.return
  }
}

// CHECK: type_mismatch.mlir:8:30: error: use of value '%x' expects different type than prior uses: 'vector<16xf32>' vs 'i32'
// CHECK-NEXT: %s = arith.addf %v, %x : vector
// CHECK-NEXT: {{^ {29}\^$}}
// CHECK-NEXT: type_mismatch.mlir:5:47: note: '%x' is defined here as 'i32'
