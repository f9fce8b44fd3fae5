// Round-robin dpas: a 64x64 C = A x B (K = 32) on 4 subgroups (sg_layout 2x2) with 16x16 pieces,
// so each subgroup owns 2 pieces of A (rows r and r + 32), 2 of B and the 4 of C they make.
// Launch: --threads 4.
#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16]>
#b = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 16], inst_data = [16, 16]>
#c = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 16], inst_data = [8, 16]>
gpu.module @m {
  gpu.func @k(%a: memref<64x32xf16>, %b: memref<32x64xf16>, %c: memref<64x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %ta = xegpu.create_nd_tdesc %a : memref<64x32xf16> -> !xegpu.tensor_desc<64x32xf16, #a>
    %tb = xegpu.create_nd_tdesc %b : memref<32x64xf16> -> !xegpu.tensor_desc<32x64xf16, #b>
    %tc = xegpu.create_nd_tdesc %c : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #c>
    %va = xegpu.load_nd %ta[%c0, %c0] : !xegpu.tensor_desc<64x32xf16, #a> -> vector<64x32xf16>
    %vb = xegpu.load_nd %tb[%c0, %c0] : !xegpu.tensor_desc<32x64xf16, #b> -> vector<32x64xf16>
    %vc = xegpu.dpas %va, %vb {layout_result_0 = #c} : vector<64x32xf16>, vector<32x64xf16> -> vector<64x64xf32>
    xegpu.store_nd %vc, %tc[%c0, %c0] : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #c>
    gpu.return
  }
}
