// Subgroup-level (VC) twin of samples/simt_rfc_dpas.mlir, written by hand: the same 8x16x16
// bf16 tile, C = A x B, with whole-tile values (A vector<8x16xbf16>, B loaded packed as
// vector<8x16x2xbf16>, C vector<8x16xf32>) and no sg_map.
gpu.module @simt_rfc_dpas {
  gpu.func @simt_rfc_dpas(%a: ui64, %b: ui64, %c: ui64) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %ta = xegpu.create_nd_tdesc %a[%c0, %c0], [%c8, %c16], [%c16, %c1] : ui64 -> !xegpu.tensor_desc<8x16xbf16>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xbf16> -> vector<8x16xbf16>
    xegpu.prefetch_nd %ta : !xegpu.tensor_desc<8x16xbf16>
    %tb = xegpu.create_nd_tdesc %b[%c0, %c0], [%c16, %c16], [%c16, %c1] : ui64 -> !xegpu.tensor_desc<16x16xbf16>
    %vb = xegpu.load_nd %tb <{packed}> : !xegpu.tensor_desc<16x16xbf16> -> vector<8x16x2xbf16>
    %vc = xegpu.dpas %va, %vb : vector<8x16xbf16>, vector<8x16x2xbf16> -> vector<8x16xf32>
    %tc = xegpu.create_nd_tdesc %c[%c0, %c0], [%c8, %c16], [%c16, %c1] : ui64 -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %vc, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %moved = xegpu.update_nd_offset %ta, [%c0, %c16] : !xegpu.tensor_desc<8x16xbf16>
    gpu.return
  }
}
