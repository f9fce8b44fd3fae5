// RUN: genx-emit lower %s --block2d-form scalar | filecheck %s
// <{packed}> (VNNI): the load2d's transform operand (before the base) is 1; a 16x16 f16 tile
// is one message of 16 rows.
// CHECK: %v = call <256 x half> @llvm.genx.lsc.load2d.stateless.v256f16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 16, i8 1, i64 %a,

gpu.module @m {
  gpu.func @load_nd_packed(%a: memref<64x64xf16>, %b: memref<256xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %v = xegpu.load_nd %t <{packed}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
    %c = vector.shape_cast %v : vector<8x16x2xf16> to vector<256xf16>
    %u = xegpu.create_nd_tdesc %b[0] : memref<256xf16> -> !xegpu.tensor_desc<256xf16>
    xegpu.store_nd %c, %u : vector<256xf16>, !xegpu.tensor_desc<256xf16>
    gpu.return
  }
}
