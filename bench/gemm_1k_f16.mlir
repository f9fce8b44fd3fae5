// C += A x B for 1024x1024 f16 A, B and f32 C, one subgroup per work-group: work-group (i, j)
// owns the 8x16 C tile at rows 8i, columns 16j, loads it, walks K in steps of 16 (a fresh
// A and B descriptor each step, B VNNI-packed for DPAS) and stores the tile back.
// Launch: grid 128x64 work-groups of one thread (8,192 threads).
gpu.module @gemm_1k {
  gpu.func @gemm_1k_f16(%a: memref<1024x1024xf16>, %b: memref<1024x1024xf16>, %c: memref<1024x1024xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %k_end = arith.constant 1024 : index
    %i = gpu.block_id x
    %j = gpu.block_id y
    %row = arith.muli %i, %c8 : index
    %col = arith.muli %j, %c16 : index
    %tc = xegpu.create_nd_tdesc %c[%row, %col] : memref<1024x1024xf32> -> !xegpu.tensor_desc<8x16xf32>
    %c_in = xegpu.load_nd %tc : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %c_out = scf.for %k = %c0 to %k_end step %c16 iter_args(%acc = %c_in) -> (vector<8x16xf32>) {
      %ta = xegpu.create_nd_tdesc %a[%row, %k] : memref<1024x1024xf16> -> !xegpu.tensor_desc<8x16xf16>
      %tb = xegpu.create_nd_tdesc %b[%k, %col] : memref<1024x1024xf16> -> !xegpu.tensor_desc<16x16xf16>
      %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
      %vb = xegpu.load_nd %tb <{packed}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
      %next = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
      scf.yield %next : vector<8x16xf32>
    }
    xegpu.store_nd %c_out, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
