// Scattered accesses in the XeGPU RFC's (IMEX vc-mode) spelling: `XeGPU.` prefix, `into`,
// `chunk_size_per_lane` on create_tdesc, `load_gather` with `transpose = [1, 0]` returning the
// chunk-major [chunk, lanes] vector, `store_scatter` with its types written value, mask, tdesc,
// `update_offsets` and `prefetch`, on raw ui64 addresses.
// Launch: grid 1x1x1, one subgroup. src, dst: 256 f16 each.
//   t[k][i] = src[8i + k] (k < 8, i < 16): each lane reads 8 consecutive f16, the result is the
//   8x16 transpose of the 16x8 block; dst[8i + k] = t[k][i] writes the block back unchanged at
//   dst, then 128 elements further on at dst + 256 bytes.
gpu.module @rfc_scatter {
  gpu.func @rfc_scatter(%src: ui64, %dst: ui64) kernel {
    %offsets = arith.constant dense<[0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120]> : vector<16xindex>
    %mask = arith.constant dense<true> : vector<16xi1>
    %t = XeGPU.create_tdesc %src, %offsets {chunk_size_per_lane = 8, mode = vc}
        : ui64, vector<16xindex> into !xegpu.tensor_desc<16x8xf16, #xegpu.tdesc_attr<scattered = true>>
    XeGPU.prefetch %t {mode = vc} : !xegpu.tensor_desc<16x8xf16, #xegpu.tdesc_attr<scattered = true>>
    %v = XeGPU.load_gather %t, %mask {L1_hint = cached, L3_hint = cached, transpose = [1, 0], mode = vc}
        : !xegpu.tensor_desc<16x8xf16, #xegpu.tdesc_attr<scattered = true>>, vector<16xi1> into vector<8x16xf16>
    %d = XeGPU.create_tdesc %dst, %offsets {chunk_size_per_lane = 8, mode = vc}
        : ui64, vector<16xindex> into !xegpu.tensor_desc<16x8xf16, #xegpu.tdesc_attr<scattered = true>>
    XeGPU.store_scatter %v, %d, %mask {transpose = [1, 0], mode = vc}
        : vector<8x16xf16>, vector<16xi1>, !xegpu.tensor_desc<16x8xf16, #xegpu.tdesc_attr<scattered = true>>
    %delta = arith.constant dense<128> : vector<16xindex>
    %d2 = XeGPU.update_offsets %d, %delta {mode = vc}
        : !xegpu.tensor_desc<16x8xf16, #xegpu.tdesc_attr<scattered = true>>, vector<16xindex>,
          into !xegpu.tensor_desc<16x8xf16, #xegpu.tdesc_attr<scattered = true>>
    XeGPU.store_scatter %v, %d2, %mask {transpose = [1, 0], mode = vc}
        : vector<8x16xf16>, vector<16xi1>, !xegpu.tensor_desc<16x8xf16, #xegpu.tdesc_attr<scattered = true>>
    gpu.return
  }
}
