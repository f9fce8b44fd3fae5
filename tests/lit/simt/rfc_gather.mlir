// RUN: genx-emit lower %s --block2d-form scalar | filecheck %s
// A SIMT (work-item) kernel in the RFC's sg_map form is re-assembled into subgroup-level code:
// the 16 work items' 4-element gathers are one chunked LSC gather (vector size 4, L1 cached = 2,
// L3 uncached = 1), their 4x1 columns one 4x16 2D store, and the masked scatter is predicated on
// lane < 12 (gpu.lane_id compared as a vector).

// CHECK: %result = call <64 x i32> @llvm.genx.lsc.load.stateless.v64i32.v16i1.v16i64(<16 x i1> <i1 1, {{.*}}>, i8 0, i8 2, i8 1, i16 1, i32 0, i8 3, i8 4, i8 1, i8 0,
// CHECK: call void @llvm.genx.lsc.store2d.stateless.i1.i64.v64f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 4, i8 0, i64 %dst,
// CHECK: call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v64i32(<16 x i1> %keep, i8 4,

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
