// SIMT (work-item) GEMM in upstream MLIR's spelling: #xegpu.layout<lane_layout, lane_data> on
// the tensor descriptors and per-lane 1-D vectors as upstream prints distributed kernels
// (A vector<8xbf16>: a column of the 8x16 tile; B `packed` vector<16xbf16>: a column of the 16x16
// tile as row pairs; C vector<8xf32>). 128x128x128 bf16 GEMM with a ReLU epilogue,
// C = max(A x B, 0) in f32, one 8x16 C tile per subgroup: scf.for over K (8 steps of 16) carrying
// both descriptors and the accumulator (as vector<8x1xf32>, reshaped per lane with
// vector.shape_cast), update_nd_offset, prefetch_nd of the next tiles, dpas with layout_result_0.
// genx-emit re-assembles the subgroup's whole tiles: the code equals that of the subgroup-level
// twin tests/inputs/simt/simt_gemm_vc.mlir.
// Launch: grid 16x8x1 work-groups of one subgroup of 16 work items (one EU thread each);
// a, b: 128x128 bf16, c: 128x128 f32, all row-major.
gpu.module @simt_gemm {
  gpu.func @simt_gemm(%a: memref<128x128xbf16>, %b: memref<128x128xbf16>, %c: memref<128x128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant dense<0.000000e+00> : vector<8x1xf32>
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m = arith.muli %bx, %c8 : index
    %n = arith.muli %by, %c16 : index
    %a0 = xegpu.create_nd_tdesc %a[%m, %c0] : memref<128x128xbf16>
        -> !xegpu.tensor_desc<8x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
    %b0 = xegpu.create_nd_tdesc %b[%c0, %n] : memref<128x128xbf16>
        -> !xegpu.tensor_desc<16x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>>
    xegpu.prefetch_nd %a0 : !xegpu.tensor_desc<8x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
    xegpu.prefetch_nd %b0 : !xegpu.tensor_desc<16x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>>
    %r:3 = scf.for %k = %c0 to %c128 step %c16 iter_args(%ta = %a0, %tb = %b0, %acc = %zero)
        -> (!xegpu.tensor_desc<8x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>,
            !xegpu.tensor_desc<16x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>>, vector<8x1xf32>) {
      %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
          -> vector<8xbf16>
      %vb = xegpu.load_nd %tb <{packed}>
          : !xegpu.tensor_desc<16x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>> -> vector<16xbf16>
      %ta1 = xegpu.update_nd_offset %ta, [%c0, %c16]
          : !xegpu.tensor_desc<8x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
      %tb1 = xegpu.update_nd_offset %tb, [%c16, %c0]
          : !xegpu.tensor_desc<16x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>>
      xegpu.prefetch_nd %ta1 : !xegpu.tensor_desc<8x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
      xegpu.prefetch_nd %tb1 : !xegpu.tensor_desc<16x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>>
      %acc8 = vector.shape_cast %acc : vector<8x1xf32> to vector<8xf32>
      %d = xegpu.dpas %va, %vb, %acc8 {layout_result_0 = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>}
          : vector<8xbf16>, vector<16xbf16>, vector<8xf32> -> vector<8xf32>
      %d81 = vector.shape_cast %d : vector<8xf32> to vector<8x1xf32>
      scf.yield %ta1, %tb1, %d81
          : !xegpu.tensor_desc<8x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>,
            !xegpu.tensor_desc<16x16xbf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>>, vector<8x1xf32>
    }
    %relu = arith.maximumf %r#2, %zero : vector<8x1xf32>
    %out = vector.shape_cast %relu : vector<8x1xf32> to vector<8xf32>
    %tc = xegpu.create_nd_tdesc %c[%m, %n] : memref<128x128xf32>
        -> !xegpu.tensor_desc<8x16xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
    xegpu.store_nd %out, %tc : vector<8xf32>, !xegpu.tensor_desc<8x16xf32, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>
    gpu.return
  }
}
