// A workgroup-level row softmax: each work-group normalises a 64x128 f32 tile held by 16
// subgroups (sg_layout 4x4, 16x32 pieces in 8x16 instruction blocks). Row maxima and sums are
// reduced within each subgroup, then across the 4 subgroups of a row through SLM.
// Launch: --grid ROWS/64 --threads 16 (one thread per subgroup).
#l = #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 32], inst_data = [8, 16]>
#rows = #xegpu.slice<#l, dims = [1]>
#col = #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 1], inst_data = [8, 1]>
gpu.module @wg_softmax {
  gpu.func @wg_softmax_f32(%x: memref<256x128xf32>, %y: memref<256x128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %bx = gpu.block_id x
    %row = arith.muli %bx, %c64 : index
    %tx = xegpu.create_nd_tdesc %x : memref<256x128xf32> -> !xegpu.tensor_desc<64x128xf32, #l>
    %ty = xegpu.create_nd_tdesc %y : memref<256x128xf32> -> !xegpu.tensor_desc<64x128xf32, #l>
    %v = xegpu.load_nd %tx[%row, %c0] : !xegpu.tensor_desc<64x128xf32, #l> -> vector<64x128xf32>
    %lowest = arith.constant {layout_result_0 = #rows} dense<-3.0e38> : vector<64xf32>
    %zero = arith.constant {layout_result_0 = #rows} dense<0.0> : vector<64xf32>
    %max = vector.multi_reduction <maxnumf>, %v, %lowest {layout_result_0 = #rows} [1]
      : vector<64x128xf32> to vector<64xf32>
    %max2 = vector.shape_cast %max {layout_result_0 = #col} : vector<64xf32> to vector<64x1xf32>
    %maxb = vector.broadcast %max2 {layout_result_0 = #l} : vector<64x1xf32> to vector<64x128xf32>
    %d = arith.subf %v, %maxb {layout_result_0 = #l} : vector<64x128xf32>
    %e = math.exp %d {layout_result_0 = #l} : vector<64x128xf32>
    %sum = vector.multi_reduction <add>, %e, %zero {layout_result_0 = #rows} [1]
      : vector<64x128xf32> to vector<64xf32>
    %sum2 = vector.shape_cast %sum {layout_result_0 = #col} : vector<64xf32> to vector<64x1xf32>
    %sumb = vector.broadcast %sum2 {layout_result_0 = #l} : vector<64x1xf32> to vector<64x128xf32>
    %out = arith.divf %e, %sumb {layout_result_0 = #l} : vector<64x128xf32>
    xegpu.store_nd %out, %ty[%row, %c0] : vector<64x128xf32>, !xegpu.tensor_desc<64x128xf32, #l>
    gpu.return
  }
}
