// SIMT (work-item) GEMM as upstream MLIR prints a kernel it has distributed to work items: no
// layouts anywhere, plain descriptors and per-lane 1-D vectors. genx-emit infers each
// descriptor's distribution from the per-lane type (16 lanes: an 8x16 tile read as vector<8x..>
// is one column per lane; the `packed` 16x16 B as vector<16xf16> is a column of row pairs; the
// 16-element bias row as vector<1xf32> is one element per lane) and re-assembles the subgroup's
// whole tiles: the code equals that of the subgroup-level twin
// tests/inputs/simt/simt_upstream_gemm_vc.mlir.
// 128x128x128 f16 GEMM updating C: C = 0.5 * (C + A x B) + bias (bias added to every row), in
// f32, one 8x16 C tile per subgroup: C is read and written through a descriptor made without
// offsets (offsets on load_nd / store_nd), scf.for over K (8 steps of 16) carries the A and B
// descriptors and the accumulator, update_nd_offset moves them, and the epilogue scales by a
// per-lane splat constant and adds the bias broadcast down the lane's column.
// Launch: grid 16x8x1 work-groups of one subgroup of 16 work items (one EU thread each);
// a, b: 128x128 f16, c: 128x128 f32, all row-major; bias: 128 f32.
gpu.module @simt_upstream_gemm {
  gpu.func @simt_upstream_gemm(%a: memref<128x128xf16>, %b: memref<128x128xf16>, %c: memref<128x128xf32>,
                               %bias: memref<128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %half = arith.constant dense<5.000000e-01> : vector<8xf32>
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m = arith.muli %bx, %c8 : index
    %n = arith.muli %by, %c16 : index
    %tc = xegpu.create_nd_tdesc %c : memref<128x128xf32> -> !xegpu.tensor_desc<8x16xf32>
    %c_init = xegpu.load_nd %tc[%m, %n] : !xegpu.tensor_desc<8x16xf32> -> vector<8xf32>
    %ta0 = xegpu.create_nd_tdesc %a[%m, %c0] : memref<128x128xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb0 = xegpu.create_nd_tdesc %b[%c0, %n] : memref<128x128xf16> -> !xegpu.tensor_desc<16x16xf16>
    xegpu.prefetch_nd %ta0 : !xegpu.tensor_desc<8x16xf16>
    xegpu.prefetch_nd %tb0 : !xegpu.tensor_desc<16x16xf16>
    %r:3 = scf.for %k = %c0 to %c128 step %c16 iter_args(%ta = %ta0, %tb = %tb0, %acc = %c_init)
        -> (!xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>, vector<8xf32>) {
      %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8xf16>
      %vb = xegpu.load_nd %tb <{packed}> : !xegpu.tensor_desc<16x16xf16> -> vector<16xf16>
      %dot = xegpu.dpas %va, %vb, %acc : vector<8xf16>, vector<16xf16>, vector<8xf32> -> vector<8xf32>
      %ta1 = xegpu.update_nd_offset %ta, [%c0, %c16] : !xegpu.tensor_desc<8x16xf16>
      %tb1 = xegpu.update_nd_offset %tb, [%c16, %c0] : !xegpu.tensor_desc<16x16xf16>
      scf.yield %ta1, %tb1, %dot : !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>, vector<8xf32>
    }
    %scaled = arith.mulf %r#2, %half : vector<8xf32>
    %tbias = xegpu.create_nd_tdesc %bias[%n] : memref<128xf32> -> !xegpu.tensor_desc<16xf32>
    %bias1 = xegpu.load_nd %tbias : !xegpu.tensor_desc<16xf32> -> vector<1xf32>
    %bias8 = vector.broadcast %bias1 : vector<1xf32> to vector<8xf32>
    %out = arith.addf %scaled, %bias8 : vector<8xf32>
    xegpu.store_nd %out, %tc[%m, %n] : vector<8xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
