// A subgroup GEMM in upstream MLIR's current XeGPU form: descriptors without offsets, offsets on
// load_nd / store_nd / prefetch_nd, l1 + l2 cache hints, global (space 1) arguments cast to the
// default space, and B loaded unpacked as a 16x16 operand of dpas.
gpu.module @kernel {
  gpu.func @gemm(%ga: memref<64x64xf16, 1>, %gb: memref<64x64xf16, 1>, %gc: memref<64x64xf32, 1>) kernel {
    %a = memref.memory_space_cast %ga : memref<64x64xf16, 1> to memref<64x64xf16>
    %b = memref.memory_space_cast %gb : memref<64x64xf16, 1> to memref<64x64xf16>
    %c = memref.memory_space_cast %gc : memref<64x64xf32, 1> to memref<64x64xf32>
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m = arith.muli %bx, %c8 : index
    %n = arith.muli %by, %c16 : index
    %c_tdesc = xegpu.create_nd_tdesc %c : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %c_init = xegpu.load_nd %c_tdesc[%m, %n] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<uncached>}> : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %a_tdesc = xegpu.create_nd_tdesc %a : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %b_tdesc = xegpu.create_nd_tdesc %b : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    xegpu.prefetch_nd %a_tdesc[%m, %c0] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<8x16xf16>
    xegpu.prefetch_nd %b_tdesc[%c0, %n] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<16x16xf16>
    %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %c_init) -> (vector<8x16xf32>) {
      %a_val = xegpu.load_nd %a_tdesc[%m, %k] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<uncached>}> : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %b_val = xegpu.load_nd %b_tdesc[%k, %n] <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<uncached>}> : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
      %d = xegpu.dpas %a_val, %b_val, %acc : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %d : vector<8x16xf32>
    }
    xegpu.store_nd %r, %c_tdesc[%m, %n] <{l1_hint = #xegpu.cache_hint<write_back>, l2_hint = #xegpu.cache_hint<uncached>}> : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
