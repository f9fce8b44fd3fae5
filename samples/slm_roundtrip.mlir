// Shared local memory round trip: a subgroup stages 64 f32 in SLM with a 1-D block store
// (one transposed SIMD1 message), fences SLM, waits at the work-group barrier, reads the data
// back reversed in groups of four with a chunked SLM gather (lane l reads elements 60 - 4l ..
// 63 - 4l) and writes it out with a 1-D block store; it also counts itself in an SLM counter
// with an SLM atomic and publishes the count through a 1-D block of one dword.
// Launch: grid 1x1x1, one subgroup. src, dst: 64 f32; count: 16 i32 (dst of the counter).
//   dst[4l + k] = src[60 - 4l + k] for l < 16, k < 4;  count[0] = 16 (one increment per lane).
gpu.module @slm_roundtrip {
  gpu.func @slm_roundtrip(%src: memref<64xf32>, %dst: memref<64xf32>, %count: memref<16xi32>) kernel {
    %stage = memref.alloc() : memref<64xf32, 3>
    %counter = memref.alloc() : memref<16xi32, 3>
    %in = xegpu.create_nd_tdesc %src[0] : memref<64xf32> -> !xegpu.tensor_desc<64xf32>
    %v = xegpu.load_nd %in : !xegpu.tensor_desc<64xf32> -> vector<64xf32>
    %s = xegpu.create_nd_tdesc %stage[0] : memref<64xf32, 3>
        -> !xegpu.tensor_desc<64xf32, #xegpu.block_tdesc_attr<memory_space = slm>>
    xegpu.store_nd %v, %s : vector<64xf32>, !xegpu.tensor_desc<64xf32, #xegpu.block_tdesc_attr<memory_space = slm>>
    %zero = arith.constant dense<0> : vector<16xi32>
    %c = xegpu.create_nd_tdesc %counter[0] : memref<16xi32, 3>
        -> !xegpu.tensor_desc<16xi32, #xegpu.block_tdesc_attr<memory_space = slm>>
    xegpu.store_nd %zero, %c : vector<16xi32>, !xegpu.tensor_desc<16xi32, #xegpu.block_tdesc_attr<memory_space = slm>>
    xegpu.fence memory_kind = slm, fence_scope = workgroup
    gpu.barrier

    %rev = arith.constant dense<[60, 56, 52, 48, 44, 40, 36, 32, 28, 24, 20, 16, 12, 8, 4, 0]> : vector<16xindex>
    %all = arith.constant dense<true> : vector<16xi1>
    %g = xegpu.create_tdesc %stage, %rev : memref<64xf32, 3>, vector<16xindex>
        -> !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<memory_space = slm, chunk_size = 4>>
    %r = xegpu.load %g, %all : !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<memory_space = slm, chunk_size = 4>>,
        vector<16xi1> -> vector<16x4xf32>
    %flat = vector.shape_cast %r : vector<16x4xf32> to vector<64xf32>
    %out = xegpu.create_nd_tdesc %dst[0] : memref<64xf32> -> !xegpu.tensor_desc<64xf32>
    xegpu.store_nd %flat, %out : vector<64xf32>, !xegpu.tensor_desc<64xf32>

    %zeros = arith.constant dense<0> : vector<16xindex>
    %one = arith.constant dense<1> : vector<16xi32>
    %ct = xegpu.create_tdesc %counter, %zeros : memref<16xi32, 3>, vector<16xindex>
        -> !xegpu.tensor_desc<16xi32, #xegpu.scatter_tdesc_attr<memory_space = slm>>
    %old = xegpu.atomic_rmw addi %ct, %all, %one : !xegpu.tensor_desc<16xi32, #xegpu.scatter_tdesc_attr<memory_space = slm>>,
        vector<16xi1>, vector<16xi32> -> vector<16xi32>
    xegpu.fence memory_kind = slm, fence_scope = workgroup
    gpu.barrier
    %total = xegpu.load_nd %c : !xegpu.tensor_desc<16xi32, #xegpu.block_tdesc_attr<memory_space = slm>> -> vector<16xi32>
    %co = xegpu.create_nd_tdesc %count[0] : memref<16xi32> -> !xegpu.tensor_desc<16xi32>
    xegpu.store_nd %total, %co : vector<16xi32>, !xegpu.tensor_desc<16xi32>
    gpu.return
  }
}
