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
// CHECK: %[[SG:[^ ]+]] = "gpu.subgroup_id"() : () -> index
// CHECK: %[[C2:[^ ]+]] = "arith.constant"() {value = 2 : index}
// CHECK: %[[ROWQ:[^ ]+]] = "arith.divui"(%[[SG]], %[[C2]])
// CHECK: %[[ROW:[^ ]+]] = "arith.remui"(%[[ROWQ]], %{{[^ ]+}})
// CHECK: %[[COL:[^ ]+]] = "arith.remui"(%[[SG]], %{{[^ ]+}})
// The splat constant is made at the subgroup's shape.
// CHECK: "arith.constant"() {value = dense<2.0> : vector<16x32xf32>} : () -> vector<16x32xf32>
// CHECK: %[[C16:[^ ]+]] = "arith.constant"() {value = 16 : index}
// CHECK: %[[R16:[^ ]+]] = "arith.muli"(%[[ROW]], %[[C16]])
// CHECK: %[[C32:[^ ]+]] = "arith.constant"() {value = 32 : index}
// CHECK: %[[C32X:[^ ]+]] = "arith.muli"(%[[COL]], %[[C32]])
// CHECK: %[[TX:[^ ]+]] = "xegpu.create_nd_tdesc"(%x) {{.*}} -> !xegpu.tensor_desc<16x32xf32>
// CHECK: %[[V:[^ ]+]] = "xegpu.load_nd"(%[[TX]], %{{[^ ]+}}, %{{[^ ]+}}) {{.*}} -> vector<16x32xf32>
// CHECK: %[[S:[^ ]+]] = "arith.mulf"(%[[V]], %{{[^ ]+}}) {{.*}} -> vector<16x32xf32>
// CHECK: %[[TY:[^ ]+]] = "xegpu.create_nd_tdesc"(%y) {{.*}} -> !xegpu.tensor_desc<16x32xf32>
// CHECK: "xegpu.store_nd"(%[[S]], %[[TY]], %{{[^ ]+}}, %{{[^ ]+}})
// CHECK-NEXT: "gpu.return"()
