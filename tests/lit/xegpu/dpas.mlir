// RUN: genx-emit lower %s --block2d-form scalar | filecheck %s
// f16 dpas with an accumulator: dpas2 with precision 10 (f16) for both sources, systolic depth 8,
// repeat count 8; operands are C, B (VNNI dwords), A (dwords).
// CHECK: %vb = call <256 x half> @llvm.genx.lsc.load2d{{.*}}, i16 16, i16 16, i8 1, i64 %b,
// CHECK: %d = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %vc, <128 x i32> %vb.dw, <64 x i32> %va.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)

gpu.module @m {
  gpu.func @dpas(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %c: memref<64x64xf32>) kernel {
    %ta = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb = xegpu.create_nd_tdesc %b[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %tc = xegpu.create_nd_tdesc %c[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %vb = xegpu.load_nd %tb <{packed}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
    %vc = xegpu.load_nd %tc : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %d = xegpu.dpas %va, %vb, %vc : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
    xegpu.store_nd %d, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
