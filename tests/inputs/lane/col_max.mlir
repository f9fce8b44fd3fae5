// Column maxima of a 16x16 tile: each lane reduces its own column (vector.reduction with an
// accumulator), the 16 results stored as one 1x16 row.
gpu.module @m {
  gpu.func @k(%in: memref<16x16xf32>, %out: memref<1x16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %t = xegpu.create_nd_tdesc %in : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
    %o = xegpu.create_nd_tdesc %out : memref<1x16xf32> -> !xegpu.tensor_desc<1x16xf32>
    %v = xegpu.load_nd %t[%c0, %c0] : !xegpu.tensor_desc<16x16xf32> -> vector<16xf32>
    %floor = arith.constant -4.0 : f32
    %m = vector.reduction <maximumf>, %v, %floor : vector<16xf32> into f32
    %z = arith.constant dense<0.0> : vector<1xf32>
    %r = vector.insert %m, %z[0] : f32 into vector<1xf32>
    xegpu.store_nd %r, %o[%c0, %c0] : vector<1xf32>, !xegpu.tensor_desc<1x16xf32>
    gpu.return
  }
}
