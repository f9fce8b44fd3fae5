// Subgroup-level (VC) twin of samples/simt_rfc_gather.mlir, written by hand: the chunked
// transposing gather t[k][l] = src[4l + k] as one vector<4x16xf32>, stored as a 4x16 block at
// dst, and 2t scattered to dst2 in chunks for lanes l < 12, with the lane offsets and the mask
// computed from a constant lane-index vector.
gpu.module @simt_rfc_gather {
  gpu.func @simt_rfc_gather(%src: ui64, %dst: ui64, %dst2: ui64) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %offsets = arith.constant dense<[0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60]> : vector<16xindex>
    %mask = arith.constant dense<true> : vector<16xi1>
    %t = xegpu.create_tdesc %src, %offsets : ui64, vector<16xindex>
        -> !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>
    %v = xegpu.load %t, %mask <{l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<uncached>, transpose}>
        : !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>, vector<16xi1> -> vector<4x16xf32>
    %td = xegpu.create_nd_tdesc %dst[%c0, %c0], [%c4, %c16], [%c16, %c1] : ui64 -> !xegpu.tensor_desc<4x16xf32>
    xegpu.store_nd %v, %td : vector<4x16xf32>, !xegpu.tensor_desc<4x16xf32>
    %lanes = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xindex>
    %four = vector.broadcast %c4 : index to vector<16xindex>
    %starts = arith.muli %lanes, %four : vector<16xindex>
    %twelve = vector.broadcast %c12 : index to vector<16xindex>
    %keep = arith.cmpi ult, %lanes, %twelve : vector<16xindex>
    %twice = arith.addf %v, %v : vector<4x16xf32>
    %d2 = xegpu.create_tdesc %dst2, %starts : ui64, vector<16xindex>
        -> !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>
    xegpu.store %twice, %d2, %keep <{transpose}>
        : vector<4x16xf32>, !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>, vector<16xi1>
    gpu.return
  }
}
