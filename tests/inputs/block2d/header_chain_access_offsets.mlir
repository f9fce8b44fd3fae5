// Descriptors created without offsets, each read once by an access giving its own (upstream's
// newest form, and what the workgroup distribution writes per block): each header starts from
// the previous one's (dead after its send), and a dword the header already holds is not
// written again, even when the access computes it anew (%y0 and %y1 are equal computations).
// %s2's access gives no offsets (position 0, 0): its header is built from the template.
gpu.module @m {
  gpu.func @k(%src: memref<64x64xf32>, %dst: memref<64x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %bx = gpu.block_id x
    %row = arith.muli %bx, %c8 : index
    %y0 = arith.addi %row, %c8 : index
    %y1 = arith.addi %row, %c8 : index
    %s0 = xegpu.create_nd_tdesc %src : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v0 = xegpu.load_nd %s0[%y0, %c0] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %s1 = xegpu.create_nd_tdesc %src : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v1 = xegpu.load_nd %s1[%y1, %c16] : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %s2 = xegpu.create_nd_tdesc %src : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v2 = xegpu.load_nd %s2 : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %d0 = xegpu.create_nd_tdesc %dst : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v0, %d0[%row, %c32] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %d1 = xegpu.create_nd_tdesc %dst : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v1, %d1[%y0, %c32] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %d2 = xegpu.create_nd_tdesc %dst : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v2, %d2[%y0, %c0] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
