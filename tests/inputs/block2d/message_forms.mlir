// Every kind of 2D block message genx-emit sends, for the proof that the payload form's raw sends
// carry the descriptors IGC gives the scalar intrinsics: d8/d16/d32/d64 data, VNNI, transposed
// (u32, u64, transpose_bit_width), arrays of 2 and 4 blocks, a split tile, prefetch, store, and
// every legal L1/L3 cache-hint pair of loads and stores. Each load is stored, so none is dead.
gpu.module @message_forms {
  gpu.func @message_forms(%h: memref<64x64xf16>, %f: memref<64x64xf32>, %b: memref<64x64xi8>,
                          %d: memref<64x64xf64>, %o16: memref<64x64xf16>, %o32: memref<64x64xf32>,
                          %o8: memref<64x64xi8>, %o64: memref<64x64xf64>) kernel {
    %h0 = xegpu.create_nd_tdesc %h[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    xegpu.prefetch_nd %h0 : !xegpu.tensor_desc<8x16xf16>
    xegpu.prefetch_nd %h0 <{l1_hint = #xegpu.cache_hint<streaming>, l3_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<8x16xf16>
    %v0 = xegpu.load_nd %h0 : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %s0 = xegpu.create_nd_tdesc %o16[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    xegpu.store_nd %v0, %s0 : vector<8x16xf16>, !xegpu.tensor_desc<8x16xf16>

    // VNNI, array of 2
    %h1 = xegpu.create_nd_tdesc %h[8, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>>
    %v1 = xegpu.load_nd %h1 <{packed}> : !xegpu.tensor_desc<16x16xf16, #xegpu.block_tdesc_attr<array_length = 2>> -> vector<2x8x16x2xf16>
    %v1f = vector.shape_cast %v1 : vector<2x8x16x2xf16> to vector<16x32xf16>
    %s1 = xegpu.create_nd_tdesc %o16[8, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x32xf16>
    xegpu.store_nd %v1f, %s1 : vector<16x32xf16>, !xegpu.tensor_desc<16x32xf16>

    // plain array of 4, f16
    %h2 = xegpu.create_nd_tdesc %h[24, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x8xf16, #xegpu.block_tdesc_attr<array_length = 4>>
    %v2 = xegpu.load_nd %h2 : !xegpu.tensor_desc<8x8xf16, #xegpu.block_tdesc_attr<array_length = 4>> -> vector<4x8x8xf16>
    %v2f = vector.shape_cast %v2 : vector<4x8x8xf16> to vector<8x32xf16>
    %s2 = xegpu.create_nd_tdesc %o16[24, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x32xf16>
    xegpu.store_nd %v2f, %s2 : vector<8x32xf16>, !xegpu.tensor_desc<8x32xf16>

    // a 32x32 f16 tile: one 2 KiB message (the response length field saturates)
    %h3 = xegpu.create_nd_tdesc %h[32, 32] : memref<64x64xf16> -> !xegpu.tensor_desc<32x32xf16>
    %v3 = xegpu.load_nd %h3 <{l1_hint = #xegpu.cache_hint<uncached>, l3_hint = #xegpu.cache_hint<uncached>}> : !xegpu.tensor_desc<32x32xf16> -> vector<32x32xf16>
    %s3 = xegpu.create_nd_tdesc %o16[32, 32] : memref<64x64xf16> -> !xegpu.tensor_desc<32x32xf16>
    xegpu.store_nd %v3, %s3 <{l1_hint = #xegpu.cache_hint<uncached>, l3_hint = #xegpu.cache_hint<uncached>}> : vector<32x32xf16>, !xegpu.tensor_desc<32x32xf16>

    // transpose_bit_width = 32 of f16
    %h4 = xegpu.create_nd_tdesc %h[32, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %v4 = xegpu.load_nd %h4 <{transpose = array<i64: 1, 0>, transpose_bit_width = 32 : i32, l1_hint = #xegpu.cache_hint<streaming>, l3_hint = #xegpu.cache_hint<uncached>}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x32xf16>
    %s4 = xegpu.create_nd_tdesc %o16[48, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x32xf16>
    xegpu.store_nd %v4, %s4 <{l1_hint = #xegpu.cache_hint<streaming>, l3_hint = #xegpu.cache_hint<uncached>}> : vector<8x32xf16>, !xegpu.tensor_desc<8x32xf16>

    // f32: plain, transposed, array of 2
    %f0 = xegpu.create_nd_tdesc %f[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %w0 = xegpu.load_nd %f0 <{l1_hint = #xegpu.cache_hint<uncached>, l3_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %t0 = xegpu.create_nd_tdesc %o32[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %w0, %t0 <{l1_hint = #xegpu.cache_hint<uncached>, l3_hint = #xegpu.cache_hint<write_back>}> : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %f1 = xegpu.create_nd_tdesc %f[8, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<16x8xf32>
    %w1 = xegpu.load_nd %f1 <{transpose = array<i64: 1, 0>, l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<uncached>}> : !xegpu.tensor_desc<16x8xf32> -> vector<8x16xf32>
    %t1 = xegpu.create_nd_tdesc %o32[8, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %w1, %t1 <{l1_hint = #xegpu.cache_hint<write_through>, l3_hint = #xegpu.cache_hint<uncached>}> : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %f2 = xegpu.create_nd_tdesc %f[16, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x8xf32, #xegpu.block_tdesc_attr<array_length = 2>>
    %w2 = xegpu.load_nd %f2 <{l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<8x8xf32, #xegpu.block_tdesc_attr<array_length = 2>> -> vector<2x8x8xf32>
    %w2f = vector.shape_cast %w2 : vector<2x8x8xf32> to vector<8x16xf32>
    %t2 = xegpu.create_nd_tdesc %o32[16, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %w2f, %t2 <{l1_hint = #xegpu.cache_hint<write_through>, l3_hint = #xegpu.cache_hint<write_back>}> : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %f3 = xegpu.create_nd_tdesc %f[24, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %w3 = xegpu.load_nd %f3 <{l1_hint = #xegpu.cache_hint<read_invalidate>, l3_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %t3 = xegpu.create_nd_tdesc %o32[24, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %w3, %t3 <{l1_hint = #xegpu.cache_hint<streaming>, l3_hint = #xegpu.cache_hint<write_back>}> : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    %f4 = xegpu.create_nd_tdesc %f[32, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %w4 = xegpu.load_nd %f4 <{l1_hint = #xegpu.cache_hint<streaming>, l3_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %t4 = xegpu.create_nd_tdesc %o32[32, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %w4, %t4 <{l1_hint = #xegpu.cache_hint<write_back>, l3_hint = #xegpu.cache_hint<write_back>}> : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>

    // i8: plain and VNNI
    %b0 = xegpu.create_nd_tdesc %b[0, 0] : memref<64x64xi8> -> !xegpu.tensor_desc<8x32xi8>
    %u0 = xegpu.load_nd %b0 : !xegpu.tensor_desc<8x32xi8> -> vector<8x32xi8>
    %r0 = xegpu.create_nd_tdesc %o8[0, 0] : memref<64x64xi8> -> !xegpu.tensor_desc<8x32xi8>
    xegpu.store_nd %u0, %r0 : vector<8x32xi8>, !xegpu.tensor_desc<8x32xi8>
    %b1 = xegpu.create_nd_tdesc %b[8, 0] : memref<64x64xi8> -> !xegpu.tensor_desc<32x16xi8>
    %u1 = xegpu.load_nd %b1 <{packed}> : !xegpu.tensor_desc<32x16xi8> -> vector<8x16x4xi8>
    %u1f = vector.shape_cast %u1 : vector<8x16x4xi8> to vector<8x64xi8>
    %r1 = xegpu.create_nd_tdesc %o8[8, 0] : memref<64x64xi8> -> !xegpu.tensor_desc<8x64xi8>
    xegpu.store_nd %u1f, %r1 : vector<8x64xi8>, !xegpu.tensor_desc<8x64xi8>

    // f64: plain and transposed
    %d0 = xegpu.create_nd_tdesc %d[0, 0] : memref<64x64xf64> -> !xegpu.tensor_desc<8x8xf64>
    %e0 = xegpu.load_nd %d0 : !xegpu.tensor_desc<8x8xf64> -> vector<8x8xf64>
    %q0 = xegpu.create_nd_tdesc %o64[0, 0] : memref<64x64xf64> -> !xegpu.tensor_desc<8x8xf64>
    xegpu.store_nd %e0, %q0 : vector<8x8xf64>, !xegpu.tensor_desc<8x8xf64>
    %d1 = xegpu.create_nd_tdesc %d[8, 0] : memref<64x64xf64> -> !xegpu.tensor_desc<8x4xf64>
    %e1 = xegpu.load_nd %d1 <{transpose = array<i64: 1, 0>}> : !xegpu.tensor_desc<8x4xf64> -> vector<4x8xf64>
    %q1 = xegpu.create_nd_tdesc %o64[8, 0] : memref<64x64xf64> -> !xegpu.tensor_desc<4x8xf64>
    xegpu.store_nd %e1, %q1 : vector<4x8xf64>, !xegpu.tensor_desc<4x8xf64>
    gpu.return
  }
}
