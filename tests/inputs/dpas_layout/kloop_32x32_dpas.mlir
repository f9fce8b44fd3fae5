// A K loop of one 32x32 dpas per step (the whole 32x32 f32 accumulator in one vector), the same
// GEMM as samples/gemm_32x32_bf16.mlir. The dpas is 4x2 native dpas on pvc, 4x4 on dg2: its
// accumulator stays in the DPAS column-block layout around the loop (lower/ops/dpas.py).
// Launch: grid 8x8x1 work-groups of one subgroup; A, B: 256x256 bf16, C: 256x256 f32.
gpu.module @kloop_32x32_dpas {
  gpu.func @kloop_32x32_dpas(%a: memref<256x256xbf16>, %b: memref<256x256xbf16>, %c: memref<256x256xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant dense<0.000000e+00> : vector<32x32xf32>
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m = arith.muli %bx, %c32 : index
    %n = arith.muli %by, %c32 : index
    %a0 = xegpu.create_nd_tdesc %a[%m, %c0] : memref<256x256xbf16> -> !xegpu.tensor_desc<32x16xbf16>
    %b0 = xegpu.create_nd_tdesc %b[%c0, %n] : memref<256x256xbf16> -> !xegpu.tensor_desc<16x32xbf16>
    %res:3 = scf.for %k = %c0 to %c256 step %c16 iter_args(%ta = %a0, %tb = %b0, %acc = %zero)
        -> (!xegpu.tensor_desc<32x16xbf16>, !xegpu.tensor_desc<16x32xbf16>, vector<32x32xf32>) {
      %va = xegpu.load_nd %ta : !xegpu.tensor_desc<32x16xbf16> -> vector<32x16xbf16>
      %vb = xegpu.load_nd %tb : !xegpu.tensor_desc<16x32xbf16> -> vector<16x32xbf16>
      %d = xegpu.dpas %va, %vb, %acc : vector<32x16xbf16>, vector<16x32xbf16>, vector<32x32xf32> -> vector<32x32xf32>
      %ta_next = xegpu.update_nd_offset %ta, [%c0, %c16] : !xegpu.tensor_desc<32x16xbf16>
      %tb_next = xegpu.update_nd_offset %tb, [%c16, %c0] : !xegpu.tensor_desc<16x32xbf16>
      scf.yield %ta_next, %tb_next, %d : !xegpu.tensor_desc<32x16xbf16>, !xegpu.tensor_desc<16x32xbf16>, vector<32x32xf32>
    }
    %tc = xegpu.create_nd_tdesc %c[%m, %n] : memref<256x256xf32> -> !xegpu.tensor_desc<32x32xf32>
    xegpu.store_nd %res#2, %tc : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
    gpu.return
  }
}
