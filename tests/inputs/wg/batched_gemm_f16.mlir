// A batched GEMM written at workgroup level: C[b] = A[b] @ B[b] for 2 batches of 32x64 @ 64x32,
// f16 operands and an f32 result. The batch dimension is not split among the 4 subgroups
// (sg_layout[0] = 1): each computes a 16x16 piece of both batches, along K in steps of 32.
#a = #xegpu.layout<sg_layout = [1, 2, 2], sg_data = [2, 16, 32], inst_data = [1, 8, 16]>
#b = #xegpu.layout<sg_layout = [1, 2, 2], sg_data = [2, 32, 16], inst_data = [1, 16, 16]>
#c = #xegpu.layout<sg_layout = [1, 2, 2], sg_data = [2, 16, 16], inst_data = [1, 8, 16]>
gpu.module @m {
  gpu.func @k(%A: memref<2x32x64xf16>, %B: memref<2x64x32xf16>, %C: memref<2x32x32xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : vector<2x32x32xf32>
    %ta = xegpu.create_nd_tdesc %A : memref<2x32x64xf16> -> !xegpu.tensor_desc<2x32x32xf16, #a>
    %tb = xegpu.create_nd_tdesc %B : memref<2x64x32xf16> -> !xegpu.tensor_desc<2x32x32xf16, #b>
    %tc = xegpu.create_nd_tdesc %C : memref<2x32x32xf32> -> !xegpu.tensor_desc<2x32x32xf32, #c>
    %sum = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<2x32x32xf32>) {
      %a = xegpu.load_nd %ta[%c0, %c0, %k] {layout = #a} : !xegpu.tensor_desc<2x32x32xf16, #a> -> vector<2x32x32xf16>
      %b = xegpu.load_nd %tb[%c0, %k, %c0] {layout = #b} : !xegpu.tensor_desc<2x32x32xf16, #b> -> vector<2x32x32xf16>
      %d = xegpu.dpas %a, %b, %acc {layout_a = #a, layout_b = #b, layout_cd = #c}
        : vector<2x32x32xf16>, vector<2x32x32xf16>, vector<2x32x32xf32> -> vector<2x32x32xf32>
      scf.yield %d : vector<2x32x32xf32>
    }
    xegpu.store_nd %sum, %tc[%c0, %c0, %c0] {layout = #c} : vector<2x32x32xf32>, !xegpu.tensor_desc<2x32x32xf32, #c>
    gpu.return
  }
}
