// RUN: genx-emit opt %s --pass xegpu-propagate-layout --no-locations | filecheck %s
// Layouts only on anchor ops (loads, stores, dpas): propagation gives the accumulator constant,
// the loop and the post-op the dpas result's layout, as upstream's pass does.
#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16]>
#b = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [16, 16]>
#c = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16]>
gpu.module @m {
  gpu.func @gemm(%pa: memref<32x64xf16>, %pb: memref<64x64xf16>, %pc: memref<32x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : vector<32x64xf32>
    %ta = xegpu.create_nd_tdesc %pa : memref<32x64xf16> -> !xegpu.tensor_desc<32x32xf16, #a>
    %tb = xegpu.create_nd_tdesc %pb : memref<64x64xf16> -> !xegpu.tensor_desc<32x64xf16, #b>
    %out = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<32x64xf32>) {
      %a = xegpu.load_nd %ta[%c0, %k] <{layout = #a}> : !xegpu.tensor_desc<32x32xf16, #a> -> vector<32x32xf16>
      %b = xegpu.load_nd %tb[%k, %c0] <{layout = #b}> : !xegpu.tensor_desc<32x64xf16, #b> -> vector<32x64xf16>
      %d = xegpu.dpas %a, %b, %acc {layout_a = #a, layout_b = #b, layout_cd = #c} : vector<32x32xf16>, vector<32x64xf16>, vector<32x64xf32> -> vector<32x64xf32>
      scf.yield %d : vector<32x64xf32>
    }
    %two = arith.constant dense<2.0> : vector<32x64xf32>
    %s = arith.mulf %out, %two : vector<32x64xf32>
    %tc = xegpu.create_nd_tdesc %pc : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #c>
    xegpu.store_nd %s, %tc[%c0, %c0] <{layout = #c}> : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #c>
    gpu.return
  }
}

// CHECK-LABEL: gpu.func @gemm
// The splat accumulator takes the layout of the dpas accumulator it feeds (layout_cd = #c).
// CHECK: %zero = "arith.constant"() {value = dense<0.0> : vector<32x64xf32>, layout_result_0 = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16]>}
// The loop's result shares its iter_arg's layout.
// CHECK: scf.yield %d : vector<32x64xf32>
// CHECK-NEXT: } {layout_result_0 = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16]>}
// The elementwise post-op and its constant take the store's layout.
// CHECK: %two = "arith.constant"() {value = dense<2.0> : vector<32x64xf32>, layout_result_0 = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16]>}
// CHECK: %s = arith.mulf %out, %two {layout_result_0 = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16]>}
