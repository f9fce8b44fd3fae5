// Strided memref views: %left and %right are the two 64x128 halves of one 64x256 f16 matrix
// (row stride 256 elements = 512-byte pitch; %right starts 128 elements = 256 bytes in). Each
// subgroup copies an 8x32 f16 tile of %left into the plain %dst and stores 2 * tile into %right.
// Launch: grid 8x4x1 work-groups of one subgroup; left/right: 64x128 f16 views, dst: 64x128 f16.
gpu.module @strided_memref {
  gpu.func @strided_memref(%left: memref<64x128xf16, strided<[256, 1], offset: 0>>,
                           %dst: memref<64x128xf16>,
                           %right: memref<64x128xf16, strided<[256, 1], offset: 128>>) kernel {
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = arith.muli %bx, %c8 : index
    %col = arith.muli %by, %c32 : index
    %in = xegpu.create_nd_tdesc %left[%row, %col]
        : memref<64x128xf16, strided<[256, 1], offset: 0>> -> !xegpu.tensor_desc<8x32xf16>
    %tile = xegpu.load_nd %in : !xegpu.tensor_desc<8x32xf16> -> vector<8x32xf16>
    %out = xegpu.create_nd_tdesc %dst[%row, %col] : memref<64x128xf16> -> !xegpu.tensor_desc<8x32xf16>
    xegpu.store_nd %tile, %out : vector<8x32xf16>, !xegpu.tensor_desc<8x32xf16>
    %twice = arith.addf %tile, %tile : vector<8x32xf16>
    %back = xegpu.create_nd_tdesc %right[%row, %col]
        : memref<64x128xf16, strided<[256, 1], offset: 128>> -> !xegpu.tensor_desc<8x32xf16>
    xegpu.store_nd %twice, %back : vector<8x32xf16>, !xegpu.tensor_desc<8x32xf16>
    gpu.return
  }
}
