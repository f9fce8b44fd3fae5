// RUN: genx-emit opt %s --pass genx-lane-to-subgroup --no-locations | filecheck %s
// A SIMT kernel as upstream prints distributed code: each of the 16 lanes holds one column of
// the 8x16 tile (lane_layout = [1, 16]) as vector<8xf32>. The pass reassembles the subgroup's
// whole tile: the load and store move vector<8x16xf32> and the add works on the whole tile (the
// lane layouts stay on the descriptor types: the lowering does not read them).
#lane = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>
gpu.module @m {
  gpu.func @add_one(%x: memref<64x64xf32>, %y: memref<64x64xf32>) kernel {
    %tx = xegpu.create_nd_tdesc %x[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32, #lane>
    %ty = xegpu.create_nd_tdesc %y[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32, #lane>
    %v = xegpu.load_nd %tx : !xegpu.tensor_desc<8x16xf32, #lane> -> vector<8xf32>
    %one = arith.constant dense<1.0> : vector<8xf32>
    %s = arith.addf %v, %one : vector<8xf32>
    xegpu.store_nd %s, %ty : vector<8xf32>, !xegpu.tensor_desc<8x16xf32, #lane>
    gpu.return
  }

  // dpas: A's lanes hold a column (vector<8xbf16>), B's a column of row pairs (`packed`,
  // vector<16xbf16>), C's a column (vector<8xf32>); whole, they are the 8x16 A tile, the 16x16 B
  // tile in VNNI form (8x16x2) and the 8x16 accumulator.
  gpu.func @dpas(%a: memref<64x64xbf16>, %b: memref<64x64xbf16>, %c: memref<64x64xf32>) kernel {
    %ta = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xbf16> -> !xegpu.tensor_desc<8x16xbf16, #lane>
    %tb = xegpu.create_nd_tdesc %b[0, 0] : memref<64x64xbf16>
        -> !xegpu.tensor_desc<16x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>>
    %tc = xegpu.create_nd_tdesc %c[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32, #lane>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xbf16, #lane> -> vector<8xbf16>
    %vb = xegpu.load_nd %tb <{packed}>
        : !xegpu.tensor_desc<16x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>> -> vector<16xbf16>
    %vc = xegpu.dpas %va, %vb : vector<8xbf16>, vector<16xbf16> -> vector<8xf32>
    xegpu.store_nd %vc, %tc : vector<8xf32>, !xegpu.tensor_desc<8x16xf32, #lane>
    gpu.return
  }
}

// CHECK-LABEL: gpu.func @add_one
// What the target check needs (the lanes, and where they were read) stays on the function.
// CHECK-SAME: attributes {genx.simt = {lanes = 16 : i64, {{.*}}, dpas = []}}
// CHECK: %[[V:[^ ]+]] = xegpu.load_nd %tx : !xegpu.tensor_desc<8x16xf32, {{.*}}> -> vector<8x16xf32>
// CHECK: %[[ONE:[^ ]+]] = arith.constant dense<1.0> : vector<8x16xf32>
// CHECK: %[[S:[^ ]+]] = arith.addf %[[V]], %[[ONE]] : vector<8x16xf32>
// CHECK: xegpu.store_nd %[[S]], %ty : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32, {{.*}}>

// CHECK-LABEL: gpu.func @dpas
// CHECK-SAME: dpas = [{element = bf16, {{.*}} a = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, b = #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>, c = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}]
// CHECK: %[[A:[^ ]+]] = xegpu.load_nd %ta : {{.*}} -> vector<8x16xbf16>
// CHECK: %[[B:[^ ]+]] = xegpu.load_nd %tb <{packed}> : {{.*}} -> vector<8x16x2xbf16>
// CHECK: %[[C:[^ ]+]] = xegpu.dpas %[[A]], %[[B]] : vector<8x16xbf16>, vector<8x16x2xbf16> -> vector<8x16xf32>
// CHECK: xegpu.store_nd %[[C]], %tc : vector<8x16xf32>,
