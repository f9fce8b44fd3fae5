// Atomic histogram: each subgroup reads 16 i32 values with a 1-D block descriptor (the last
// subgroup's block overhangs the 1000-element input, so the load is a predicated gather that
// reads zeros past the end), buckets them into 64 bins (value & 63), counts them with
// `atomic_rmw addi` and sums them per bin with `atomic_rmw addf`; lanes past the end are masked
// off with a compare of their element index against the input size.
// Launch: grid 63x1x1 (63 * 16 = 1008 >= 1000), one subgroup per work-group.
// data: 1000 i32; counts: 64 i32 (zeroed); sums: 64 f32 (zeroed).
//   counts[b] = #{i < 1000 : data[i] & 63 == b};  sums[b] = sum of float(data[i]) over those i.
gpu.module @atomic_histogram {
  gpu.func @atomic_histogram(%data: memref<1000xi32>, %counts: memref<64xi32>, %sums: memref<64xf32>) kernel {
    %c16 = arith.constant 16 : index
    %bid = gpu.block_id x
    %x = arith.muli %bid, %c16 : index
    %t = xegpu.create_nd_tdesc %data[%x] : memref<1000xi32> -> !xegpu.tensor_desc<16xi32>
    // 1-D prefetch: predicated like the load (no prefetch past the end of the input).
    xegpu.prefetch_nd %t <{l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
        : !xegpu.tensor_desc<16xi32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<16xi32> -> vector<16xi32>
    %m63 = arith.constant dense<63> : vector<16xi32>
    %bin32 = arith.andi %v, %m63 : vector<16xi32>
    %bin = arith.index_cast %bin32 : vector<16xi32> to vector<16xindex>
    // lane i holds element x + i: it takes part only if that element exists.
    %xv = vector.broadcast %x : index to vector<16xindex>
    %lanes = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xindex>
    %elem = arith.addi %xv, %lanes : vector<16xindex>
    %size = arith.constant dense<1000> : vector<16xindex>
    %mask = arith.cmpi ult, %elem, %size : vector<16xindex>
    %ones = arith.constant dense<1> : vector<16xi32>
    %ct = xegpu.create_tdesc %counts, %bin : memref<64xi32>, vector<16xindex>
        -> !xegpu.tensor_desc<16xi32, #xegpu.scatter_tdesc_attr<>>
    %old = xegpu.atomic_rmw addi %ct, %mask, %ones : !xegpu.tensor_desc<16xi32, #xegpu.scatter_tdesc_attr<>>,
        vector<16xi1>, vector<16xi32> -> vector<16xi32>
    %vf = arith.sitofp %v : vector<16xi32> to vector<16xf32>
    %st = xegpu.create_tdesc %sums, %bin : memref<64xf32>, vector<16xindex>
        -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
    %olds = xegpu.atomic_rmw addf %st, %mask, %vf : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>,
        vector<16xi1>, vector<16xf32> -> vector<16xf32>
    gpu.return
  }
}
