// RUN: genx-emit opt %s --pass xegpu-propagate-layout --no-locations | filecheck %s
// A row reduction's result is its source's layout sliced along the reduced dimension; a
// broadcast + transpose back to the tile's shape demands another slice, so a convert_layout
// joins the two (the simulator checks the kernel: y = x / rowsum(x)).
#l = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 64]>
gpu.module @m {
  gpu.func @rowsum(%x: memref<32x64xf32>, %y: memref<32x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %tx = xegpu.create_nd_tdesc %x : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #l>
    %v = xegpu.load_nd %tx[%c0, %c0] <{layout = #l}> : !xegpu.tensor_desc<32x64xf32, #l> -> vector<32x64xf32>
    %init = arith.constant dense<0.0> : vector<32xf32>
    %r = vector.multi_reduction <add>, %v, %init [1] : vector<32x64xf32> to vector<32xf32>
    %b = vector.broadcast %r : vector<32xf32> to vector<64x32xf32>
    %t = vector.transpose %b, [1, 0] : vector<64x32xf32> to vector<32x64xf32>
    %q = arith.divf %v, %t : vector<32x64xf32>
    %ty = xegpu.create_nd_tdesc %y : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #l>
    xegpu.store_nd %q, %ty[%c0, %c0] <{layout = #l}> : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #l>
    gpu.return
  }
}

// CHECK-LABEL: gpu.func @rowsum
// CHECK: %r = "vector.multi_reduction"(%v, %{{[^ ]+}}) {kind = #vector.kind<add>, reduction_dims = array<i64: 1>, layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [4, 1], sg_data = [8, 64]>, dims = [1]>}
// CHECK: "xegpu.convert_layout"(%r) {input_layout = #xegpu.slice<#xegpu.layout<sg_layout = [4, 1], sg_data = [8, 64]>, dims = [1]>, target_layout = #xegpu.slice<#xegpu.layout<sg_layout = [1, 4], sg_data = [64, 8], order = [0, 1]>, dims = [0]>}
// The transpose's result is the tile's layout; its source's is that layout permuted.
// CHECK: vector.broadcast %{{[^ ]+}} {layout_result_0 = #xegpu.layout<sg_layout = [1, 4], sg_data = [64, 8], order = [0, 1]>}
// CHECK: "vector.transpose"(%b) {permutation = array<i64: 1, 0>, layout_result_0 = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 64]>}
// CHECK: %q = arith.divf %v, %t {layout_result_0 = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 64]>}
