// RUN: genx-emit opt %s --pass xegpu-propagate-layout --no-locations | filecheck %s
// A broadcast that adds leading dimensions and stretches a unit one in the same op: its source
// gets the result's layout one element deep along the stretched dimension (sg_data 1 there, not
// the 64 a 1-element vector cannot hold), with the added dimensions sliced away.
#l = #xegpu.layout<sg_layout = [1, 1, 2, 1], sg_data = [1, 1, 8, 64]>
gpu.module @m {
  gpu.func @k(%src: memref<2048xf32>, %dst: memref<2048xf32>) kernel {
    %one = vector.step : vector<1xindex>
    %scale = arith.constant dense<1024> : vector<1xindex>
    %base = arith.muli %one, %scale : vector<1xindex>
    %b = vector.broadcast %base : vector<1xindex> to vector<1x1x16x64xindex>
    %all = arith.constant dense<true> : vector<1x1x16x64xi1>
    %v = xegpu.load %src[%b], %all <{layout = #l}>
      : memref<2048xf32>, vector<1x1x16x64xindex>, vector<1x1x16x64xi1> -> vector<1x1x16x64xf32>
    xegpu.store %v, %dst[%b], %all <{layout = #l}>
      : vector<1x1x16x64xf32>, memref<2048xf32>, vector<1x1x16x64xindex>, vector<1x1x16x64xi1>
    gpu.return
  }
}

// CHECK-LABEL: gpu.func @k
// CHECK: %one = "vector.step"() {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [1, 1, 2, 1], sg_data = [1, 1, 8, 1]>, dims = [0, 1, 2]>}
// CHECK: %scale = "arith.constant"() {{.*}}layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [1, 1, 2, 1], sg_data = [1, 1, 8, 1]>, dims = [0, 1, 2]>
// CHECK: %base = arith.muli %one, %scale {layout_result_0 = #xegpu.slice<#xegpu.layout<sg_layout = [1, 1, 2, 1], sg_data = [1, 1, 8, 1]>, dims = [0, 1, 2]>}
// CHECK: %b = vector.broadcast %base {layout_result_0 = #xegpu.layout<sg_layout = [1, 1, 2, 1], sg_data = [1, 1, 8, 64]>}
