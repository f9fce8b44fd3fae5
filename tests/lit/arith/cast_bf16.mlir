// RUN: genx-emit lower %s | filecheck %s
// truncf f32 -> bf16 by bit operations, rounding to nearest even (add 0x7FFF plus the kept
// low bit, keep the high half) and a quiet NaN (0x7FC0) for NaN inputs.
// CHECK: %h.lsb = and <16 x i32>
// CHECK: add <16 x i32> %h.bits, <i32 32767,
// CHECK: %h.isnan = fcmp uno <16 x float>
// CHECK: %h = select <16 x i1> %h.isnan, <16 x i16> <i16 32704,

gpu.module @m {
  gpu.func @cast_bf16(%a: memref<256xf32>, %b: memref<256xbf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0] : memref<256xf32> -> !xegpu.tensor_desc<16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
    %h = arith.truncf %v : vector<16xf32> to vector<16xbf16>
    %u = xegpu.create_nd_tdesc %b[0] : memref<256xbf16> -> !xegpu.tensor_desc<16xbf16>
    xegpu.store_nd %h, %u : vector<16xbf16>, !xegpu.tensor_desc<16xbf16>
    gpu.return
  }
}
