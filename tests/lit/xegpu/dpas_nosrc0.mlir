// RUN: genx-emit lower %s | filecheck %s
// bf16 dpas without an accumulator: dpas.nosrc0, whose one info word packs the precisions
// (bf16 = 9, 9), depth 8 and repeat 8: 0x08080909 = 134744329.
// CHECK: %d = call <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32> %vb.dw, <64 x i32> %va.dw, i32 134744329)

gpu.module @m {
  gpu.func @dpas_nosrc0(%a: memref<64x64xbf16>, %b: memref<64x64xbf16>, %c: memref<64x64xf32>) kernel {
    %ta = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xbf16> -> !xegpu.tensor_desc<8x16xbf16>
    %tb = xegpu.create_nd_tdesc %b[0, 0] : memref<64x64xbf16> -> !xegpu.tensor_desc<16x16xbf16>
    %tc = xegpu.create_nd_tdesc %c[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xbf16> -> vector<8x16xbf16>
    %vb = xegpu.load_nd %tb <{packed}> : !xegpu.tensor_desc<16x16xbf16> -> vector<8x16x2xbf16>
    %d = xegpu.dpas %va, %vb : vector<8x16xbf16>, vector<8x16x2xbf16> -> vector<8x16xf32>
    xegpu.store_nd %d, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
