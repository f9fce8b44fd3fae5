// A 1-D matrix descriptor (!xegpu.mem_desc<1024xf32>) at workgroup level: 1024 f32 loaded in 4
// pieces of 256 (one per subgroup, blocks of 16), written to SLM with store_matrix, a barrier,
// read back with load_matrix in round-robin pieces of 128 (subgroup i reads elements 128 i and
// 512 + 128 i on, which subgroups i / 2 and 2 + i / 2 wrote), and stored: y = x.
// Launch: --grid 1 --threads 4.
#by4 = #xegpu.layout<sg_layout = [4], sg_data = [256], inst_data = [16]>
#rr = #xegpu.layout<sg_layout = [4], sg_data = [128], inst_data = [32]>
gpu.module @m {
  gpu.func @k(%x: memref<1024xf32>, %y: memref<1024xf32>) kernel {
    %c0 = arith.constant 0 : index
    %slm = memref.alloca() : memref<4096xi8, 3>
    %md = xegpu.create_mem_desc %slm : memref<4096xi8, 3> -> !xegpu.mem_desc<1024xf32>
    %tx = xegpu.create_nd_tdesc %x : memref<1024xf32> -> !xegpu.tensor_desc<1024xf32>
    %ty = xegpu.create_nd_tdesc %y : memref<1024xf32> -> !xegpu.tensor_desc<1024xf32>
    %v = xegpu.load_nd %tx[%c0] <{layout = #by4}> : !xegpu.tensor_desc<1024xf32> -> vector<1024xf32>
    xegpu.store_matrix %v, %md[%c0] <{layout = #by4}> : vector<1024xf32>, !xegpu.mem_desc<1024xf32>, index
    gpu.barrier
    %w = xegpu.load_matrix %md[%c0] <{layout = #rr}> : !xegpu.mem_desc<1024xf32>, index -> vector<1024xf32>
    xegpu.store_nd %w, %ty[%c0] <{layout = #rr}> : vector<1024xf32>, !xegpu.tensor_desc<1024xf32>
    gpu.return
  }
}
