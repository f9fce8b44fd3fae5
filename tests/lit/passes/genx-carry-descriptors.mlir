// RUN: genx-emit opt %s --pass genx-carry-descriptors --no-locations | filecheck %s
// A K loop whose loads give their offsets per access (%t[%m, %k]): the pass gives the access a
// descriptor of its own, created before the loop at the first iteration's position, carried by
// scf.for and moved by update_nd_offset at the end of each iteration. An access whose offsets do
// not move with the loop gets its descriptor hoisted out of the loop instead.
gpu.module @m {
  gpu.func @kloop(%a: memref<64x64xf32>, %out: memref<64x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : vector<8x16xf32>
    %t = xegpu.create_nd_tdesc %a : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %zero) -> (vector<8x16xf32>) {
      %moving = xegpu.load_nd %t[%c8, %k] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
      %fixed = xegpu.load_nd %t[%c16, %c0] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
      %s = arith.addf %moving, %fixed : vector<8x16xf32>
      %next = arith.addf %acc, %s : vector<8x16xf32>
      scf.yield %next : vector<8x16xf32>
    }
    %to = xegpu.create_nd_tdesc %out[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %r, %to : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}

// CHECK-LABEL: gpu.func @kloop
// The moving access's descriptor starts at row 8, column 0 (the first %k) ...
// CHECK: %[[AT0:[^ ]+]] = xegpu.create_nd_tdesc %a[%c8, %c0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
// ... the fixed one is hoisted, at row 16, column 0.
// CHECK: %[[AT1:[^ ]+]] = xegpu.create_nd_tdesc %a[%c16, %c0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
// CHECK: %r, %{{[^ ]+}} = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %zero, %[[IT:[^ ]+]] = %[[AT0]]) -> (vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>) {
// CHECK-NEXT: %moving = xegpu.load_nd %[[IT]] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
// CHECK-NEXT: %fixed = xegpu.load_nd %[[AT1]] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
// The carried descriptor moves by the step along the column at the end of the iteration.
// CHECK: %[[NEXT:[^ ]+]] = xegpu.update_nd_offset %[[IT]], [0, 16] : !xegpu.tensor_desc<8x16xf32>
// CHECK-NEXT: scf.yield %next, %[[NEXT]] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
// CHECK-NEXT: }
