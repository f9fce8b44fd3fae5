// C = A x B with A stored K-major (At[k, m]): each subgroup loads its At blocks, transposes them
// and multiplies; the column (m) of the At loads is the work-group's, known only at run time but
// even, so they are sent as transposed word pairs. 4 subgroups, C 64x128 per work-group, K = 64.
// Launch: --grid 2 --threads 4 (At 64x128, B 64x128, C 128x128).
#at = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [16, 16], order = [0, 1]>
#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [8, 16]>
#b = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 64], inst_data = [16, 16]>
#c = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 64], inst_data = [8, 16]>
gpu.module @m {
  gpu.func @k(%At: memref<64x128xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant dense<0.0> : vector<64x128xf32>
    %bid = gpu.block_id x
    %m0 = arith.muli %bid, %c64 : index
    %ta = xegpu.create_nd_tdesc %At : memref<64x128xf16> -> !xegpu.tensor_desc<32x64xf16>
    %tb = xegpu.create_nd_tdesc %B : memref<64x128xf16> -> !xegpu.tensor_desc<32x128xf16>
    %out = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<64x128xf32>) {
      %vat = xegpu.load_nd %ta[%k, %m0] <{layout = #at}> : !xegpu.tensor_desc<32x64xf16> -> vector<32x64xf16>
      %va = vector.transpose %vat, [1, 0] : vector<32x64xf16> to vector<64x32xf16>
      %vb = xegpu.load_nd %tb[%k, %c0] <{layout = #b}> : !xegpu.tensor_desc<32x128xf16> -> vector<32x128xf16>
      %d = xegpu.dpas %va, %vb, %acc {layout_a = #a, layout_b = #b, layout_cd = #c}
        : vector<64x32xf16>, vector<32x128xf16>, vector<64x128xf32> -> vector<64x128xf32>
      scf.yield %d : vector<64x128xf32>
    }
    %tc = xegpu.create_nd_tdesc %C : memref<128x128xf32> -> !xegpu.tensor_desc<64x128xf32>
    xegpu.store_nd %out, %tc[%m0, %c0] <{layout = #c}> : vector<64x128xf32>, !xegpu.tensor_desc<64x128xf32>
    gpu.return
  }
}
