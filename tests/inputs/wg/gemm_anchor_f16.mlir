// A workgroup GEMM in upstream's form: layouts only on the anchor ops (loads, prefetches, dpas,
// the store); the zero accumulator, the loop-carried value, the ReLU and its zero constant get
// theirs from propagation, and the descriptor A is prefetched and loaded with two layouts (two
// descriptors). C = max(A @ B, 0) for one 64x64 tile, K = 128 in steps of 32.
// Launch: --grid 1 --threads 4 (one thread per subgroup).
#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [8, 16]>
#b = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [16, 16]>
#c = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [8, 16]>
#apf = #xegpu.layout<sg_layout = [4, 1], sg_data = [16, 32]>
gpu.module @m {
  gpu.func @k(%A: memref<64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant dense<0.0> : vector<64x64xf32>
    %ta = xegpu.create_nd_tdesc %A : memref<64x128xf16> -> !xegpu.tensor_desc<64x32xf16>
    %tb = xegpu.create_nd_tdesc %B : memref<128x64xf16> -> !xegpu.tensor_desc<32x64xf16>
    %tc = xegpu.create_nd_tdesc %C : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32>
    xegpu.prefetch_nd %ta[%c0, %c0] <{layout = #apf}> : !xegpu.tensor_desc<64x32xf16>
    %out = scf.for %k = %c0 to %c128 step %c32 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
      %a = xegpu.load_nd %ta[%c0, %k] <{layout = #a}> : !xegpu.tensor_desc<64x32xf16> -> vector<64x32xf16>
      %b = xegpu.load_nd %tb[%k, %c0] <{layout = #b}> : !xegpu.tensor_desc<32x64xf16> -> vector<32x64xf16>
      %d = xegpu.dpas %a, %b, %acc {layout_a = #a, layout_b = #b, layout_cd = #c}
        : vector<64x32xf16>, vector<32x64xf16>, vector<64x64xf32> -> vector<64x64xf32>
      scf.yield %d : vector<64x64xf32>
    }
    %relu = arith.maximumf %out, %zero : vector<64x64xf32>
    xegpu.store_nd %relu, %tc[%c0, %c0] <{layout = #c}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32>
    gpu.return
  }
}
