// Each of 4x2 threads moves an 8x16 tile of A into SLM through a column-major, 16x16-blocked
// matrix view and reads the same place back through a row-major one: B = transpose(A).
gpu.module @m {
  gpu.func @k(%A: memref<32x32xf16>, %B: memref<32x32xf16>) kernel {
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %row = arith.muli %tx, %c8 : index
    %col = arith.muli %ty, %c16 : index
    %ta = xegpu.create_nd_tdesc %A[%row, %col] : memref<32x32xf16> -> !xegpu.tensor_desc<8x16xf16>
    %a = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %slm = memref.alloc() : memref<2048xi8, 3>
    %st = xegpu.create_mem_desc %slm : memref<2048xi8, 3> -> !xegpu.mem_desc<32x32xf16, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>>
    xegpu.store_matrix %a, %st[%row, %col] : vector<8x16xf16>, !xegpu.mem_desc<32x32xf16, #xegpu.mem_layout<stride = [1, 32], block = [16, 16]>>, index, index
    gpu.barrier
    %ld = xegpu.create_mem_desc %slm : memref<2048xi8, 3> -> !xegpu.mem_desc<32x32xf16, #xegpu.mem_layout<block = [16, 16]>>
    %d = xegpu.load_matrix %ld[%row, %col] : !xegpu.mem_desc<32x32xf16, #xegpu.mem_layout<block = [16, 16]>>, index, index -> vector<8x16xf16>
    %tb = xegpu.create_nd_tdesc %B[%row, %col] : memref<32x32xf16> -> !xegpu.tensor_desc<8x16xf16>
    xegpu.store_nd %d, %tb : vector<8x16xf16>, !xegpu.tensor_desc<8x16xf16>
    gpu.return
  }
}
