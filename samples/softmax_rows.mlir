// Row softmax of a 64x32 f16 matrix, one 8x32 row band per subgroup: extend to f32, subtract each
// row's maximum (vector.multi_reduction <maximumf> over dim 1, broadcast back through an 8x1
// shape_cast), exponentiate, divide by the row sum (multi_reduction <add>), truncate to f16 and
// store. Launch: grid 8x1x1; in, out: 64x32 f16.
gpu.module @softmax_rows {
  gpu.func @softmax_rows(%in: memref<64x32xf16>, %out: memref<64x32xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %bx = gpu.block_id x
    %row = arith.muli %bx, %c8 : index
    %t = xegpu.create_nd_tdesc %in[%row, %c0] : memref<64x32xf16> -> !xegpu.tensor_desc<8x32xf16>
    %h = xegpu.load_nd %t : !xegpu.tensor_desc<8x32xf16> -> vector<8x32xf16>
    %x = arith.extf %h : vector<8x32xf16> to vector<8x32xf32>
    %ninf = arith.constant dense<0xFF800000> : vector<8xf32>
    %max = vector.multi_reduction <maximumf>, %x, %ninf [1] : vector<8x32xf32> to vector<8xf32>
    %max1 = vector.shape_cast %max : vector<8xf32> to vector<8x1xf32>
    %maxb = vector.broadcast %max1 : vector<8x1xf32> to vector<8x32xf32>
    %xs = arith.subf %x, %maxb : vector<8x32xf32>
    %e = math.exp %xs : vector<8x32xf32>
    %zero = arith.constant dense<0.000000e+00> : vector<8xf32>
    %sum = vector.multi_reduction <add>, %e, %zero [1] : vector<8x32xf32> to vector<8xf32>
    %sum1 = vector.shape_cast %sum : vector<8xf32> to vector<8x1xf32>
    %sumb = vector.broadcast %sum1 : vector<8x1xf32> to vector<8x32xf32>
    %p = arith.divf %e, %sumb : vector<8x32xf32>
    %ph = arith.truncf %p : vector<8x32xf32> to vector<8x32xf16>
    %o = xegpu.create_nd_tdesc %out[%row, %c0] : memref<64x32xf16> -> !xegpu.tensor_desc<8x32xf16>
    xegpu.store_nd %ph, %o : vector<8x32xf16>, !xegpu.tensor_desc<8x32xf16>
    gpu.return
  }
}
