// The XeGPU RFC v2 "sg_map use case - regular load" in SIMT (work-item) form: a chunked gather
// that transposes. Work item l reads the 4 consecutive f32 at src[4l .. 4l+3]
// (create_tdesc with chunk_size_per_lane = 4, wi_layout = [16, 1]); load_gather with
// transpose = [1, 0] gives it vector<4x1xf32>, its column of the subgroup's 4x16 tile
// t[k][l] = src[4l + k]. Each work item then stores its column of t as a 4x16 block (sg_map
// [1, 16]) at dst, and scatters 2t back in chunks at dst2[4l + k] = 2 src[4l + k] for
// l < 12 only: the offsets (4 x lane) and the mask (lane < 12) come from gpu.lane_id.
// RFC spellings (`XeGPU.`, `into`, `L1_hint`, vector<16xindex> offsets and a vector<16xi1>
// mask for the first access); raw ui64 addresses in global memory (the RFC's example uses SLM).
// genx-emit re-assembles the subgroup's vectors: the code equals that of the subgroup-level twin
// tests/inputs/simt/simt_rfc_gather_vc.mlir.
// Launch: grid 1x1x1, one subgroup of 16 work items (one EU thread);
// src: 64 f32, dst: 4x16 f32 row-major, dst2: 64 f32.
#sg_map_t = xegpu.sg_map<wi_layout = [16, 1], wi_data = [1, 1]>
#sg_map_c = xegpu.sg_map<wi_layout = [1, 16], wi_data = [1, 1]>
gpu.module @simt_rfc_gather {
  gpu.func @simt_rfc_gather(%src: ui64, %dst: ui64, %dst2: ui64) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %offsets = arith.constant dense<[0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60]> : vector<16xindex>
    %mask = arith.constant dense<true> : vector<16xi1>
    %scatter_tdesc_chunk = XeGPU.create_tdesc %src, %offsets {chunk_size_per_lane = 4}
        : ui64, vector<16xindex> into !xegpu.tensor_desc<16x4xf32, #xegpu.tdesc_attr<scattered = true>, #sg_map_t>
    %result = XeGPU.load_gather %scatter_tdesc_chunk, %mask {L1_hint = cached, L3_hint = uncached, transpose = [1, 0]}
        : !xegpu.tensor_desc<16x4xf32, #xegpu.tdesc_attr<scattered = true>, #sg_map_t>, vector<16xi1>
          into vector<4x1xf32>
    %tdesc_t = XeGPU.create_nd_tdesc %dst, %c0, %c0, %c4, %c16, %c16, %c1
        : ui64, index, index, index, index, index, index into !xegpu.tensor_desc<4x16xf32, #sg_map_c>
    XeGPU.store_nd %result, %tdesc_t : vector<4x1xf32>, !xegpu.tensor_desc<4x16xf32, #sg_map_c>
    %lane = gpu.lane_id
    %mine = arith.muli %lane, %c4 : index
    %keep = arith.cmpi ult, %lane, %c12 : index
    %twice = arith.addf %result, %result : vector<4x1xf32>
    %back = XeGPU.create_tdesc %dst2, %mine {chunk_size_per_lane = 4}
        : ui64, index into !xegpu.tensor_desc<16x4xf32, #xegpu.tdesc_attr<scattered = true>, #sg_map_t>
    XeGPU.store_scatter %twice, %back, %keep {transpose = [1, 0]}
        : vector<4x1xf32>, !xegpu.tensor_desc<16x4xf32, #xegpu.tdesc_attr<scattered = true>, #sg_map_t>, i1
    gpu.return
  }
}
