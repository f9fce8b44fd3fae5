// A 64x128 f16 GEMM with an f16 result (K = 64, carried in f16 across the K loop) on 8 subgroups,
// written as IMEX writes it: A laid out on a [2, 1] grid of subgroups, B on [1, 4], the result on
// [2, 4], no inst_data. A and B are read on the result's grid (replicated along the other
// dimension), so every subgroup multiplies the rows and columns of its own result piece; each
// dpas chain runs in f32 and is rounded to f16 once per K step.
// Launch: --grid 1 --threads 8.
#a = #xegpu.layout<sg_layout = [2, 1], sg_data = [32, 16]>
#b = #xegpu.layout<sg_layout = [1, 4], sg_data = [16, 32]>
#c = #xegpu.layout<sg_layout = [2, 4], sg_data = [32, 32]>
gpu.module @m {
  gpu.func @k(%A: memref<64x64xf16>, %B: memref<64x128xf16>, %C: memref<64x128xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : vector<64x128xf16>
    %ta = xegpu.create_nd_tdesc %A : memref<64x64xf16> -> !xegpu.tensor_desc<64x16xf16, #a>
    %tb = xegpu.create_nd_tdesc %B : memref<64x128xf16> -> !xegpu.tensor_desc<16x128xf16, #b>
    %out = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %zero) -> (vector<64x128xf16>) {
      %va = xegpu.load_nd %ta[%c0, %k] <{layout = #a}> : !xegpu.tensor_desc<64x16xf16, #a> -> vector<64x16xf16>
      %vb = xegpu.load_nd %tb[%k, %c0] <{layout = #b}> : !xegpu.tensor_desc<16x128xf16, #b> -> vector<16x128xf16>
      %d = xegpu.dpas %va, %vb, %acc {layout_a = #a, layout_b = #b, layout_cd = #c}
        : vector<64x16xf16>, vector<16x128xf16>, vector<64x128xf16> -> vector<64x128xf16>
      scf.yield %d : vector<64x128xf16>
    }
    %tc = xegpu.create_nd_tdesc %C : memref<64x128xf16> -> !xegpu.tensor_desc<64x128xf16, #c>
    xegpu.store_nd %out, %tc[%c0, %c0] <{layout = #c}> : vector<64x128xf16>, !xegpu.tensor_desc<64x128xf16, #c>
    gpu.return
  }
}
