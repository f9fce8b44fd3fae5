// An online row softmax in upstream's form: layouts only on the loads and the store. The row
// maximum and sum are carried by the first loop as 1-D vectors (their layouts, slices of the
// tile's, come from propagation), rescaled when the maximum grows; the second loop normalises.
// Row values are spread back over a tile two ways: broadcast to the transposed shape and
// transposed, and shape_cast to a column then broadcast. 32 rows x 128 columns per work-group,
// in 32x32 tiles. Launch: --grid ROWS/32 --threads 4.
#t = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 32]>
gpu.module @m {
  gpu.func @k(%x: memref<64x128xf32>, %y: memref<64x128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %lowest = arith.constant dense<-3.0e38> : vector<32xf32>
    %zeros = arith.constant dense<0.0> : vector<32xf32>
    %bx = gpu.block_id x
    %row = arith.muli %bx, %c32 : index
    %tx = xegpu.create_nd_tdesc %x : memref<64x128xf32> -> !xegpu.tensor_desc<32x32xf32>
    %ty = xegpu.create_nd_tdesc %y : memref<64x128xf32> -> !xegpu.tensor_desc<32x32xf32>
    %stats:2 = scf.for %k = %c0 to %c128 step %c32 iter_args(%mx = %lowest, %sm = %zeros)
        -> (vector<32xf32>, vector<32xf32>) {
      %v = xegpu.load_nd %tx[%row, %k] <{layout = #t}> : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
      %tmax = vector.multi_reduction <maximumf>, %v, %lowest [1] : vector<32x32xf32> to vector<32xf32>
      %nmax = arith.maximumf %mx, %tmax : vector<32xf32>
      %diff = arith.subf %mx, %nmax : vector<32xf32>
      %alpha = math.exp %diff : vector<32xf32>
      %scaled = arith.mulf %sm, %alpha : vector<32xf32>
      %bt = vector.broadcast %nmax : vector<32xf32> to vector<32x32xf32>
      %b = vector.transpose %bt, [1, 0] : vector<32x32xf32> to vector<32x32xf32>
      %d = arith.subf %v, %b : vector<32x32xf32>
      %e = math.exp %d : vector<32x32xf32>
      %tsum = vector.multi_reduction <add>, %e, %zeros [1] : vector<32x32xf32> to vector<32xf32>
      %nsum = arith.addf %scaled, %tsum : vector<32xf32>
      scf.yield %nmax, %nsum : vector<32xf32>, vector<32xf32>
    }
    scf.for %k = %c0 to %c128 step %c32 {
      %v = xegpu.load_nd %tx[%row, %k] <{layout = #t}> : !xegpu.tensor_desc<32x32xf32> -> vector<32x32xf32>
      %mt = vector.broadcast %stats#0 : vector<32xf32> to vector<32x32xf32>
      %m = vector.transpose %mt, [1, 0] : vector<32x32xf32> to vector<32x32xf32>
      %d = arith.subf %v, %m : vector<32x32xf32>
      %e = math.exp %d : vector<32x32xf32>
      %col = vector.shape_cast %stats#1 : vector<32xf32> to vector<32x1xf32>
      %s = vector.broadcast %col : vector<32x1xf32> to vector<32x32xf32>
      %o = arith.divf %e, %s : vector<32x32xf32>
      xegpu.store_nd %o, %ty[%row, %k] <{layout = #t}> : vector<32x32xf32>, !xegpu.tensor_desc<32x32xf32>
    }
    gpu.return
  }
}
