// RUN: genx-emit opt %s --pass xegpu-wg-to-sg-distribute --no-locations | filecheck %s
// A 32x64 workgroup tile over a 2x2 subgroup layout: each subgroup gets a 16x32 tile at
// (row 16 * sg_y, column 32 * sg_x), with sg_y, sg_x from gpu.subgroup_id (row-major order).
#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32]>
gpu.module @m {
  gpu.func @copy(%x: memref<32x64xf32>, %y: memref<32x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %tx = xegpu.create_nd_tdesc %x : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #l>
    %ty = xegpu.create_nd_tdesc %y : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #l>
    %v = xegpu.load_nd %tx[%c0, %c0] : !xegpu.tensor_desc<32x64xf32, #l> -> vector<32x64xf32>
    %two = arith.constant dense<2.0> : vector<32x64xf32>
    %s = arith.mulf %v, %two : vector<32x64xf32>
    xegpu.store_nd %s, %ty[%c0, %c0] : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #l>
    gpu.return
  }
}

// CHECK-LABEL: gpu.func @copy(%x: memref<32x64xf32>, %y: memref<32x64xf32>) kernel
// CHECK-NOT: sg_layout
// The subgroup's coordinates in the 2x2 layout: row (sg / 2) % 2, column sg % 2.
// CHECK: %[[SG:[^ ]+]] = gpu.subgroup_id : index
// CHECK: %[[C2:[^ ]+]] = arith.constant 2 : index
// CHECK: %[[ROWQ:[^ ]+]] = arith.divui %[[SG]], %[[C2]] : index
// CHECK: %[[ROW:[^ ]+]] = arith.remui %[[ROWQ]], %{{[^ ]+}} : index
// CHECK: %[[COL:[^ ]+]] = arith.remui %[[SG]], %{{[^ ]+}} : index
// The splat constant is made at the subgroup's shape.
// CHECK: arith.constant dense<2.0> : vector<16x32xf32>
// Its tile's origin: 16 rows per layout row, 32 columns per layout column.
// CHECK: %[[C16:[^ ]+]] = arith.constant 16 : index
// CHECK: "arith.muli"(%[[ROW]], %[[C16]])
// CHECK: %[[C32:[^ ]+]] = arith.constant 32 : index
// CHECK: "arith.muli"(%[[COL]], %[[C32]])
// CHECK: %[[TX:[^ ]+]] = xegpu.create_nd_tdesc %x : memref<32x64xf32> -> !xegpu.tensor_desc<16x32xf32>
// CHECK: %[[V:[^ ]+]] = xegpu.load_nd %[[TX]][%{{[^ ]+}}, %{{[^ ]+}}] : !xegpu.tensor_desc<16x32xf32> -> vector<16x32xf32>
// CHECK: %[[S:[^ ]+]] = arith.mulf %[[V]], %{{[^ ]+}} : vector<16x32xf32>
// CHECK: %[[TY:[^ ]+]] = xegpu.create_nd_tdesc %y : memref<32x64xf32> -> !xegpu.tensor_desc<16x32xf32>
// CHECK: xegpu.store_nd %[[S]], %[[TY]][%{{[^ ]+}}, %{{[^ ]+}}] : vector<16x32xf32>, !xegpu.tensor_desc<16x32xf32>
// CHECK-NEXT: gpu.return
