// Scattered accesses in the upstream spelling: a strided gather with a partial mask made by
// arith.cmpi, chunked loads/stores in the lane-major [lanes, chunk] layout (f32 chunk 4, f16
// chunk 2 through the u16->u32 data size), update_offset and prefetch.
// Launch: grid 1x1x1, one subgroup. src: 256 f32, dst: 256 f32, hsrc/hdst: 64 f16.
//   dst[i]        = src[3 * i]                  for lanes i < 12 (lanes 12..15 masked off)
//   dst[64 + 4i + k] = src[4i + k]              for i < 16, k < 4 (a 64-element copy, chunked)
//   hdst[2i + k]  = hsrc[2i + k]                for i < 16, k < 2
//   then the chunked descriptor moves on by 64 elements and is prefetched there.
gpu.module @scatter_gather {
  gpu.func @scatter_gather(%src: memref<256xf32>, %dst: memref<256xf32>, %hsrc: memref<64xf16>,
                           %hdst: memref<64xf16>) kernel {
    %lane = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xindex>
    %limit = arith.constant dense<12> : vector<16xindex>
    %mask = arith.cmpi ult, %lane, %limit : vector<16xindex>
    %stride3 = arith.constant dense<3> : vector<16xindex>
    %off3 = arith.muli %lane, %stride3 : vector<16xindex>
    %g = xegpu.create_tdesc %src, %off3 : memref<256xf32>, vector<16xindex>
        -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
    %v = xegpu.load %g, %mask <{l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
        : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1> -> vector<16xf32>
    %s = xegpu.create_tdesc %dst, %lane : memref<256xf32>, vector<16xindex>
        -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
    xegpu.store %v, %s, %mask : vector<16xf32>, !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>

    %all = arith.constant dense<true> : vector<16xi1>
    %four = arith.constant dense<4> : vector<16xindex>
    %off4 = arith.muli %lane, %four : vector<16xindex>
    %c = xegpu.create_tdesc %src, %off4 : memref<256xf32>, vector<16xindex>
        -> !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>
    %chunks = xegpu.load %c, %all : !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>,
        vector<16xi1> -> vector<16x4xf32>
    %c64 = arith.constant dense<64> : vector<16xindex>
    %off4d = arith.addi %off4, %c64 : vector<16xindex>
    %cd = xegpu.create_tdesc %dst, %off4d : memref<256xf32>, vector<16xindex>
        -> !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>
    xegpu.store %chunks, %cd, %all <{l1_hint = #xegpu.cache_hint<write_back>, l3_hint = #xegpu.cache_hint<write_back>}>
        : vector<16x4xf32>, !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>, vector<16xi1>

    %two = arith.constant dense<2> : vector<16xindex>
    %off2 = arith.muli %lane, %two : vector<16xindex>
    %h = xegpu.create_tdesc %hsrc, %off2 : memref<64xf16>, vector<16xindex>
        -> !xegpu.tensor_desc<16x2xf16, #xegpu.scatter_tdesc_attr<chunk_size = 2>>
    %hv = xegpu.load %h, %all : !xegpu.tensor_desc<16x2xf16, #xegpu.scatter_tdesc_attr<chunk_size = 2>>,
        vector<16xi1> -> vector<16x2xf16>
    %hd = xegpu.create_tdesc %hdst, %off2 : memref<64xf16>, vector<16xindex>
        -> !xegpu.tensor_desc<16x2xf16, #xegpu.scatter_tdesc_attr<chunk_size = 2>>
    xegpu.store %hv, %hd, %all : vector<16x2xf16>, !xegpu.tensor_desc<16x2xf16, #xegpu.scatter_tdesc_attr<chunk_size = 2>>,
        vector<16xi1>

    %next = xegpu.update_offset %c, %c64 : !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>,
        vector<16xindex>
    xegpu.prefetch %next <{l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
        : !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>
    gpu.return
  }
}
