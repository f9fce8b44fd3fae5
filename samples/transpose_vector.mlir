// Transposes through registers with vector.transpose: an 8x16 f32 tile and a 16x32 f16 tile are
// loaded row-major, transposed, and stored at the mirrored place of the outputs. Launch: grid
// 4x2x1 for the f32 part (32x32 f32 in, 32x32 f32 out), the f16 tile is at (0, 0) only.
gpu.module @transpose_vector {
  gpu.func @transpose_vector(%src: memref<32x32xf32>, %dst: memref<32x32xf32>, %hsrc: memref<16x32xf16>,
                             %hdst: memref<32x16xf16>) kernel {
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = arith.muli %bx, %c8 : index
    %col = arith.muli %by, %c16 : index
    %t = xegpu.create_nd_tdesc %src[%row, %col] : memref<32x32xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %vt = vector.transpose %v, [1, 0] : vector<8x16xf32> to vector<16x8xf32>
    %o = xegpu.create_nd_tdesc %dst[%col, %row] : memref<32x32xf32> -> !xegpu.tensor_desc<16x8xf32>
    xegpu.store_nd %vt, %o : vector<16x8xf32>, !xegpu.tensor_desc<16x8xf32>
    %th = xegpu.create_nd_tdesc %hsrc[0, 0] : memref<16x32xf16> -> !xegpu.tensor_desc<16x32xf16>
    %h = xegpu.load_nd %th : !xegpu.tensor_desc<16x32xf16> -> vector<16x32xf16>
    %ht = vector.transpose %h, [1, 0] : vector<16x32xf16> to vector<32x16xf16>
    %oh = xegpu.create_nd_tdesc %hdst[0, 0] : memref<32x16xf16> -> !xegpu.tensor_desc<32x16xf16>
    xegpu.store_nd %ht, %oh : vector<32x16xf16>, !xegpu.tensor_desc<32x16xf16>
    gpu.return
  }
}
