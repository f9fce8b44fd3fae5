// A workgroup-level GEMM in upstream's current form: each work-group computes a 256x256 tile of
// C = A x B with 32 subgroups (sg_layout 8x4, each owning a 32x64 piece of C), reads A and B in
// 256x32 / 32x256 K slices whose pieces are shared among subgroups (replication), prefetches
// three K slices ahead with layouts of their own, and carries the workgroup's accumulator
// through the K loop. inst_data cuts every piece into DPAS-shaped instruction blocks.
// A subgroup's accumulator is 16 blocks of 8x16 f32 (128 GRFs): --grf auto asks for 256 GRFs.
// Launch: --grid M/256,N/256 --threads 32 (one thread per subgroup).
#la = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16]>
#lb = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], inst_data = [16, 16]>
#lc = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], inst_data = [8, 16]>
#pa = #xegpu.layout<sg_layout = [32, 1], sg_data = [8, 32], inst_data = [8, 16]>
#pb = #xegpu.layout<sg_layout = [4, 8], sg_data = [8, 32], inst_data = [8, 16]>
gpu.module @wg_gemm {
  gpu.func @wg_gemm_f16(%a: memref<1024x1024xf16> {llvm.noalias}, %b: memref<1024x1024xf16> {llvm.noalias}, %c: memref<1024x1024xf32> {llvm.noalias}) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m = arith.muli %bx, %c256 : index
    %n = arith.muli %by, %c256 : index
    %tc = xegpu.create_nd_tdesc %c : memref<1024x1024xf32> -> !xegpu.tensor_desc<256x256xf32, #lc>
    %acc0 = xegpu.load_nd %tc[%m, %n] : !xegpu.tensor_desc<256x256xf32, #lc> -> vector<256x256xf32>
    %ta = xegpu.create_nd_tdesc %a : memref<1024x1024xf16> -> !xegpu.tensor_desc<256x32xf16, #la>
    %tb = xegpu.create_nd_tdesc %b : memref<1024x1024xf16> -> !xegpu.tensor_desc<32x256xf16, #lb>
    %qa = xegpu.create_nd_tdesc %a : memref<1024x1024xf16> -> !xegpu.tensor_desc<256x32xf16, #pa>
    %qb = xegpu.create_nd_tdesc %b : memref<1024x1024xf16> -> !xegpu.tensor_desc<32x256xf16, #pb>
    xegpu.prefetch_nd %qa[%m, %c0] : !xegpu.tensor_desc<256x32xf16, #pa>
    xegpu.prefetch_nd %qa[%m, %c32] : !xegpu.tensor_desc<256x32xf16, #pa>
    xegpu.prefetch_nd %qa[%m, %c64] : !xegpu.tensor_desc<256x32xf16, #pa>
    xegpu.prefetch_nd %qb[%c0, %n] : !xegpu.tensor_desc<32x256xf16, #pb>
    xegpu.prefetch_nd %qb[%c32, %n] : !xegpu.tensor_desc<32x256xf16, #pb>
    xegpu.prefetch_nd %qb[%c64, %n] : !xegpu.tensor_desc<32x256xf16, #pb>
    %res = scf.for %k = %c0 to %c1024 step %c32 iter_args(%acc = %acc0) -> (vector<256x256xf32>) {
      %va = xegpu.load_nd %ta[%m, %k] : !xegpu.tensor_desc<256x32xf16, #la> -> vector<256x32xf16>
      %vb = xegpu.load_nd %tb[%k, %n] : !xegpu.tensor_desc<32x256xf16, #lb> -> vector<32x256xf16>
      %ahead = arith.addi %k, %c96 : index
      xegpu.prefetch_nd %qa[%m, %ahead] : !xegpu.tensor_desc<256x32xf16, #pa>
      xegpu.prefetch_nd %qb[%ahead, %n] : !xegpu.tensor_desc<32x256xf16, #pb>
      %next = xegpu.dpas %va, %vb, %acc {layout_result_0 = #lc}
        : vector<256x32xf16>, vector<32x256xf16>, vector<256x256xf32> -> vector<256x256xf32>
      scf.yield %next : vector<256x256xf32>
    }
    xegpu.store_nd %res, %tc[%m, %n] : vector<256x256xf32>, !xegpu.tensor_desc<256x256xf32, #lc>
    gpu.return
  }
}
