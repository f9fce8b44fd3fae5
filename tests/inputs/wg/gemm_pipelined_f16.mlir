// Software-pipelined workgroup GEMM: the next K slice of A and B is loaded while the current one
// is multiplied, so A, B and the accumulator are all loop-carried workgroup values (B stays
// VNNI-packed through the carry). 64x64 C, K = 128 in slices of 32, 4 subgroups (2x2).
// Launch: --threads 4.
#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>
#b = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>
#c = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32]>
gpu.module @m {
  gpu.func @k(%a: memref<64x128xf16>, %b: memref<128x64xf16>, %c: memref<64x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %ta = xegpu.create_nd_tdesc %a : memref<64x128xf16> -> !xegpu.tensor_desc<64x32xf16, #a>
    %tb = xegpu.create_nd_tdesc %b : memref<128x64xf16> -> !xegpu.tensor_desc<32x64xf16, #b>
    %tc = xegpu.create_nd_tdesc %c : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #c>
    %acc0 = arith.constant {layout_result_0 = #c} dense<0.0> : vector<64x64xf32>
    %a0 = xegpu.load_nd %ta[%c0, %c0] : !xegpu.tensor_desc<64x32xf16, #a> -> vector<64x32xf16>
    %b0 = xegpu.load_nd %tb[%c0, %c0] : !xegpu.tensor_desc<32x64xf16, #b> -> vector<32x64xf16>
    %r:3 = scf.for %k = %c32 to %c128 step %c32 iter_args(%va = %a0, %vb = %b0, %acc = %acc0)
        -> (vector<64x32xf16>, vector<32x64xf16>, vector<64x64xf32>) {
      %na = xegpu.load_nd %ta[%c0, %k] : !xegpu.tensor_desc<64x32xf16, #a> -> vector<64x32xf16>
      %nb = xegpu.load_nd %tb[%k, %c0] : !xegpu.tensor_desc<32x64xf16, #b> -> vector<32x64xf16>
      %next = xegpu.dpas %va, %vb, %acc {layout_result_0 = #c}
        : vector<64x32xf16>, vector<32x64xf16>, vector<64x64xf32> -> vector<64x64xf32>
      scf.yield %na, %nb, %next : vector<64x32xf16>, vector<32x64xf16>, vector<64x64xf32>
    }
    %last = xegpu.dpas %r#0, %r#1, %r#2 {layout_result_0 = #c}
      : vector<64x32xf16>, vector<32x64xf16>, vector<64x64xf32> -> vector<64x64xf32>
    xegpu.store_nd %last, %tc[%c0, %c0] : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #c>
    gpu.return
  }
}
