// Tiles at and past the size of one 2D message (the emitter splits the bigger ones): a 32x32 f16
// load (exactly one message: 64 B x 32 rows), a 32x64 f16 load (2), f16 stores of 32x32 (4) and
// 32x64 (8), a 16x16 f32 load (1) and store (2), an array_length = 2 load of two 16x16 f16 blocks (1).
// Launch: grid 1x1x1, one subgroup; src, dst: 64x64 f16; srcf, dstf: 16x16 f32.
gpu.module @big_tiles_f16 {
  gpu.func @big_tiles_f16(%src: memref<64x64xf16>, %dst: memref<64x64xf16>,
                          %srcf: memref<16x16xf32>, %dstf: memref<16x16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    // rows 0..31, cols 0..31
    %t32 = xegpu.create_nd_tdesc %src[%c0, %c0] : memref<64x64xf16> -> !xegpu.tensor_desc<32x32xf16>
    %v32 = xegpu.load_nd %t32 : !xegpu.tensor_desc<32x32xf16> -> vector<32x32xf16>
    // rows 32..63, all 64 cols
    %t64 = xegpu.create_nd_tdesc %src[%c32, %c0] : memref<64x64xf16> -> !xegpu.tensor_desc<32x64xf16>
    %v64 = xegpu.load_nd %t64 : !xegpu.tensor_desc<32x64xf16> -> vector<32x64xf16>
    %o32 = xegpu.create_nd_tdesc %dst[%c0, %c0] : memref<64x64xf16> -> !xegpu.tensor_desc<32x32xf16>
    xegpu.store_nd %v32, %o32 : vector<32x32xf16>, !xegpu.tensor_desc<32x32xf16>
    %o64 = xegpu.create_nd_tdesc %dst[%c32, %c0] : memref<64x64xf16> -> !xegpu.tensor_desc<32x64xf16>
    xegpu.store_nd %v64, %o64 : vector<32x64xf16>, !xegpu.tensor_desc<32x64xf16>
    // 16x16 f32: one load (64 B x 16 rows), two stores (8 rows each)
    %tf = xegpu.create_nd_tdesc %srcf[%c0, %c0] : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
    %vf = xegpu.load_nd %tf : !xegpu.tensor_desc<16x16xf32> -> vector<16x16xf32>
    %of = xegpu.create_nd_tdesc %dstf[%c0, %c0] : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
    xegpu.store_nd %vf, %of : vector<16x16xf32>, !xegpu.tensor_desc<16x16xf32>
    // Two side-by-side 16x16 f16 blocks (cols 32..63) in one message. The value stays unused:
    // no op of the accepted subset can take a vector<2x16x16xf16> apart.
    %tarr = xegpu.create_nd_tdesc %src[%c0, %c32]
        : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
    %varr = xegpu.load_nd %tarr
        : !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>> -> vector<2x16x16xf16>
    gpu.return
  }
}
