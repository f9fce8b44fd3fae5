// The XeGPU RFC v2 "sg_map use case - 2d load" in SIMT (work-item) form: each of the 16 work
// items of a subgroup loads its fragment of A (vector<8x1xbf16>: one column of the 8x16 tile) and
// of B (vector<8x2xbf16>: one column of the 16x16 tile as row pairs, VNNI, from wi_data = [2, 1]),
// the subgroup computes C = A x B with one dpas, and each work item stores its column of C
// (vector<8x1xf32>). RFC spellings: sg_map aliases, `XeGPU.` ops, raw addresses with offsets,
// shapes and strides as operands, `into`, the dpas sg_map list `{#sg_map_a #sg_map_b #sg_map_c}`;
// `prefetch_nd` and `update_nd_offset` as in the RFC (the moved descriptor is unused there too).
// genx-emit re-assembles the subgroup's whole tiles: the code equals that of the subgroup-level
// twin tests/inputs/simt/simt_rfc_dpas_vc.mlir.
// Launch: grid 1x1x1, one subgroup of 16 work items (one EU thread);
// a: 8x16 bf16, b: 16x16 bf16, c: 8x16 f32, all row-major.
#sg_map_a = xegpu.sg_map<wi_layout = [1, 16], wi_data = [1, 1]>
#sg_map_b = xegpu.sg_map<wi_layout = [1, 16], wi_data = [2, 1]>
#sg_map_c = xegpu.sg_map<wi_layout = [1, 16], wi_data = [1, 1]>
gpu.module @simt_rfc_dpas {
  gpu.func @simt_rfc_dpas(%a: ui64, %b: ui64, %c: ui64) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %tdesc1 = XeGPU.create_nd_tdesc %a, %c0, %c0, %c8, %c16, %c16, %c1
        : ui64, index, index, index, index, index, index
        into !xegpu.tensor_desc<8x16xbf16, #sg_map_a>
    %vector_a = XeGPU.load_nd %tdesc1 : !xegpu.tensor_desc<8x16xbf16, #sg_map_a> into vector<8x1xbf16>
    XeGPU.prefetch_nd %tdesc1 : !xegpu.tensor_desc<8x16xbf16, #sg_map_a>
    %tdesc_b = XeGPU.create_nd_tdesc %b, %c0, %c0, %c16, %c16, %c16, %c1
        : ui64, index, index, index, index, index, index
        into !xegpu.tensor_desc<16x16xbf16, #sg_map_b>
    %vector_b = XeGPU.load_nd %tdesc_b : !xegpu.tensor_desc<16x16xbf16, #sg_map_b> into vector<8x2xbf16>
    %vector_c = XeGPU.dpas %vector_a, %vector_b {#sg_map_a #sg_map_b #sg_map_c}
        : vector<8x1xbf16>, vector<8x2xbf16> into vector<8x1xf32>
    %tdesc2 = XeGPU.create_nd_tdesc %c, %c0, %c0, %c8, %c16, %c16, %c1
        : ui64, index, index, index, index, index, index
        into !xegpu.tensor_desc<8x16xf32, #sg_map_c>
    XeGPU.store_nd %vector_c, %tdesc2 : vector<8x1xf32>, !xegpu.tensor_desc<8x16xf32, #sg_map_c>
    %tdesc_updated = XeGPU.update_nd_offset %tdesc1, %c0, %c16
        : !xegpu.tensor_desc<8x16xbf16, #sg_map_a>, index, index into !xegpu.tensor_desc<8x16xbf16, #sg_map_a>
    gpu.return
  }
}
