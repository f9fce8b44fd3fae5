// Lane l copies src[3 + l] to dst[7 + l] through subviews whose types say no offset
// (strided<[1]>, as upstream writes them): the starts are 12 and 28 bytes into the buffers,
// so the 16 consecutive elements may not be moved as 8-byte units.
gpu.module @m {
  gpu.func @k(%src: memref<64xf32>, %dst: memref<64xf32>) kernel {
    %s = memref.subview %src[3] [61] [1] : memref<64xf32> to memref<61xf32, strided<[1]>>
    %d = memref.subview %dst[7] [57] [1] : memref<64xf32> to memref<57xf32, strided<[1]>>
    %l = gpu.lane_id
    %on = arith.constant 1 : i1
    %v = xegpu.load %s[%l], %on : memref<61xf32, strided<[1]>>, index, i1 -> f32
    xegpu.store %v, %d[%l], %on : f32, memref<57xf32, strided<[1]>>, index, i1
    gpu.return
  }
}
