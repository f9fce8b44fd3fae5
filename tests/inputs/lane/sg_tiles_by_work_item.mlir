// Subgroup level, counting work items: 128 work items = 8 subgroups in a 2x4 grid of 8x16
// tiles, placed by tid / 64 and (tid % 64) / 16; each tile of a is copied to c, plus 1.
gpu.module @m {
  gpu.func @k(%a: memref<16x64xf32>, %c: memref<16x64xf32>) kernel {
    %tid = gpu.thread_id x
    %c64 = arith.constant 64 : index
    %c16 = arith.constant 16 : index
    %c8 = arith.constant 8 : index
    %row_id = arith.divui %tid, %c64 : index
    %rest = arith.remui %tid, %c64 : index
    %col_id = arith.divui %rest, %c16 : index
    %r = arith.muli %row_id, %c8 : index
    %col = arith.muli %col_id, %c16 : index
    %ta = xegpu.create_nd_tdesc %a : memref<16x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %tc = xegpu.create_nd_tdesc %c : memref<16x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %ta[%r, %col] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %one = arith.constant dense<1.0> : vector<8x16xf32>
    %w = arith.addf %v, %one : vector<8x16xf32>
    xegpu.store_nd %w, %tc[%r, %col] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
