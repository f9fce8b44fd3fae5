gpu.module @m {
  gpu.func @k(%a: memref<?x?xf32, strided<[?, ?], offset: ?>>, %b: memref<?x?xf32, strided<[?, ?], offset: ?>>, %h: index, %w: index, %pitch: index) kernel {
    %c1 = arith.constant 1 : index
    %x = gpu.block_id x
    %c16 = arith.constant 16 : index
    %col = arith.muli %x, %c16 : index
    %t = xegpu.create_nd_tdesc %a[0, %col], shape : [%h, %w], strides : [%pitch, %c1] : memref<?x?xf32, strided<[?, ?], offset: ?>> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %v2 = arith.addf %v, %v : vector<8x16xf32>
    %s = xegpu.create_nd_tdesc %b[0, %col], shape : [%h, %w], strides : [%pitch, %c1] : memref<?x?xf32, strided<[?, ?], offset: ?>> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v2, %s : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
