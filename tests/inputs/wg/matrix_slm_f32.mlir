// A 32x32 f32 tile staged through SLM at workgroup level: loaded by rows (4 subgroups of 8x32),
// written to a matrix descriptor with store_matrix in that layout, a barrier, read back with
// load_matrix by columns (4 subgroups of 32x8) and stored: y = x, the pieces having moved between
// subgroups through SLM. Launch: --grid 1 --threads 4.
#rows = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 32], inst_data = [8, 16]>
#cols = #xegpu.layout<sg_layout = [1, 4], sg_data = [32, 8], inst_data = [8, 8]>
gpu.module @m {
  gpu.func @k(%x: memref<32x32xf32>, %y: memref<32x32xf32>) kernel {
    %c0 = arith.constant 0 : index
    %slm = memref.alloca() : memref<4096xi8, 3>
    %md = xegpu.create_mem_desc %slm : memref<4096xi8, 3> -> !xegpu.mem_desc<32x32xf32>
    %tx = xegpu.create_nd_tdesc %x : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32>
    %ty = xegpu.create_nd_tdesc %y : memref<32x32xf32> -> !xegpu.tensor_desc<32x32xf32>
    %v = xegpu.load_nd %tx[%c0, %c0] <{layout = #rows}> : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
    xegpu.store_matrix %v, %md[%c0, %c0] <{layout = #rows}> : vector<32x32xf32>, !xegpu.mem_desc<32x32xf32>, index, index
    gpu.barrier
    %w = xegpu.load_matrix %md[%c0, %c0] <{layout = #cols}> : !xegpu.mem_desc<32x32xf32>, index, index -> vector<32x32xf32>
    xegpu.store_nd %w, %ty[%c0, %c0] <{layout = #cols}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
    gpu.return
  }
}
