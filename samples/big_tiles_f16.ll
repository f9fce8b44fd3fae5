target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <1024 x half> @llvm.genx.raw.send2.v1024f16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <1024 x half>)
declare <256 x float> @llvm.genx.raw.send2.v256f32.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <256 x float>)
declare <512 x half> @llvm.genx.raw.send2.v512f16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <512 x half>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <256 x half>)
declare <128 x float> @llvm.genx.rdregionf.v128f32.v256f32.i16(<256 x float>, i32, i32, i32, i16, i32)
declare <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half>, i32, i32, i32, i16, i32)
declare <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half>, i32, i32, i32, i16, i32)
declare <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half>, <32 x half>, i32, i32, i32, i16, i32, i1)

define dllexport void @big_tiles_f16(i64 %src, i64 %dst, i64 %srcf, i64 %dstf) #0 {
entry:
  %t32.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 127, i32 63, i32 127, i32 0, i32 0, i32 7967> to <4 x i64>
  %t32.hdr.base = insertelement <4 x i64> %t32.hdr.q, i64 %src, i32 0
  %t32.hdr.dw = bitcast <4 x i64> %t32.hdr.base to <8 x i32>
  %v32 = call <1024 x half> @llvm.genx.raw.send2.v1024f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 32, i8 15, i32 0, i32 66060803, <8 x i32> %t32.hdr.dw, <1024 x half> undef)
  %t64.hdr.y = insertelement <8 x i32> %t32.hdr.dw, i32 32, i32 6
  %t64.hdr.block_shape = insertelement <8 x i32> %t64.hdr.y, i32 7999, i32 7
  %v64.m0.hdr.shape = insertelement <8 x i32> %t64.hdr.block_shape, i32 7967, i32 7
  %v64.m0 = call <1024 x half> @llvm.genx.raw.send2.v1024f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 32, i8 15, i32 0, i32 66060803, <8 x i32> %v64.m0.hdr.shape, <1024 x half> undef)
  %v64.m0.b0.rd0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 0, i32 32)
  %v64.m0.b0.w0 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> undef, <32 x half> %v64.m0.b0.rd0, i32 0, i32 32, i32 1, i16 0, i32 32, i1 true)
  %v64.m0.b0.rd1 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 64, i32 32)
  %v64.m0.b0.w1 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w0, <32 x half> %v64.m0.b0.rd1, i32 0, i32 32, i32 1, i16 128, i32 32, i1 true)
  %v64.m0.b0.rd2 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 128, i32 32)
  %v64.m0.b0.w2 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w1, <32 x half> %v64.m0.b0.rd2, i32 0, i32 32, i32 1, i16 256, i32 32, i1 true)
  %v64.m0.b0.rd3 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 192, i32 32)
  %v64.m0.b0.w3 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w2, <32 x half> %v64.m0.b0.rd3, i32 0, i32 32, i32 1, i16 384, i32 32, i1 true)
  %v64.m0.b0.rd4 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 256, i32 32)
  %v64.m0.b0.w4 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w3, <32 x half> %v64.m0.b0.rd4, i32 0, i32 32, i32 1, i16 512, i32 32, i1 true)
  %v64.m0.b0.rd5 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 320, i32 32)
  %v64.m0.b0.w5 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w4, <32 x half> %v64.m0.b0.rd5, i32 0, i32 32, i32 1, i16 640, i32 32, i1 true)
  %v64.m0.b0.rd6 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 384, i32 32)
  %v64.m0.b0.w6 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w5, <32 x half> %v64.m0.b0.rd6, i32 0, i32 32, i32 1, i16 768, i32 32, i1 true)
  %v64.m0.b0.rd7 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 448, i32 32)
  %v64.m0.b0.w7 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w6, <32 x half> %v64.m0.b0.rd7, i32 0, i32 32, i32 1, i16 896, i32 32, i1 true)
  %v64.m0.b0.rd8 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 512, i32 32)
  %v64.m0.b0.w8 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w7, <32 x half> %v64.m0.b0.rd8, i32 0, i32 32, i32 1, i16 1024, i32 32, i1 true)
  %v64.m0.b0.rd9 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 576, i32 32)
  %v64.m0.b0.w9 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w8, <32 x half> %v64.m0.b0.rd9, i32 0, i32 32, i32 1, i16 1152, i32 32, i1 true)
  %v64.m0.b0.rd10 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 640, i32 32)
  %v64.m0.b0.w10 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w9, <32 x half> %v64.m0.b0.rd10, i32 0, i32 32, i32 1, i16 1280, i32 32, i1 true)
  %v64.m0.b0.rd11 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 704, i32 32)
  %v64.m0.b0.w11 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w10, <32 x half> %v64.m0.b0.rd11, i32 0, i32 32, i32 1, i16 1408, i32 32, i1 true)
  %v64.m0.b0.rd12 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 768, i32 32)
  %v64.m0.b0.w12 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w11, <32 x half> %v64.m0.b0.rd12, i32 0, i32 32, i32 1, i16 1536, i32 32, i1 true)
  %v64.m0.b0.rd13 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 832, i32 32)
  %v64.m0.b0.w13 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w12, <32 x half> %v64.m0.b0.rd13, i32 0, i32 32, i32 1, i16 1664, i32 32, i1 true)
  %v64.m0.b0.rd14 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 896, i32 32)
  %v64.m0.b0.w14 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w13, <32 x half> %v64.m0.b0.rd14, i32 0, i32 32, i32 1, i16 1792, i32 32, i1 true)
  %v64.m0.b0.rd15 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 960, i32 32)
  %v64.m0.b0.w15 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w14, <32 x half> %v64.m0.b0.rd15, i32 0, i32 32, i32 1, i16 1920, i32 32, i1 true)
  %v64.m0.b0.rd16 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1024, i32 32)
  %v64.m0.b0.w16 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w15, <32 x half> %v64.m0.b0.rd16, i32 0, i32 32, i32 1, i16 2048, i32 32, i1 true)
  %v64.m0.b0.rd17 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1088, i32 32)
  %v64.m0.b0.w17 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w16, <32 x half> %v64.m0.b0.rd17, i32 0, i32 32, i32 1, i16 2176, i32 32, i1 true)
  %v64.m0.b0.rd18 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1152, i32 32)
  %v64.m0.b0.w18 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w17, <32 x half> %v64.m0.b0.rd18, i32 0, i32 32, i32 1, i16 2304, i32 32, i1 true)
  %v64.m0.b0.rd19 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1216, i32 32)
  %v64.m0.b0.w19 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w18, <32 x half> %v64.m0.b0.rd19, i32 0, i32 32, i32 1, i16 2432, i32 32, i1 true)
  %v64.m0.b0.rd20 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1280, i32 32)
  %v64.m0.b0.w20 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w19, <32 x half> %v64.m0.b0.rd20, i32 0, i32 32, i32 1, i16 2560, i32 32, i1 true)
  %v64.m0.b0.rd21 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1344, i32 32)
  %v64.m0.b0.w21 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w20, <32 x half> %v64.m0.b0.rd21, i32 0, i32 32, i32 1, i16 2688, i32 32, i1 true)
  %v64.m0.b0.rd22 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1408, i32 32)
  %v64.m0.b0.w22 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w21, <32 x half> %v64.m0.b0.rd22, i32 0, i32 32, i32 1, i16 2816, i32 32, i1 true)
  %v64.m0.b0.rd23 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1472, i32 32)
  %v64.m0.b0.w23 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w22, <32 x half> %v64.m0.b0.rd23, i32 0, i32 32, i32 1, i16 2944, i32 32, i1 true)
  %v64.m0.b0.rd24 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1536, i32 32)
  %v64.m0.b0.w24 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w23, <32 x half> %v64.m0.b0.rd24, i32 0, i32 32, i32 1, i16 3072, i32 32, i1 true)
  %v64.m0.b0.rd25 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1600, i32 32)
  %v64.m0.b0.w25 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w24, <32 x half> %v64.m0.b0.rd25, i32 0, i32 32, i32 1, i16 3200, i32 32, i1 true)
  %v64.m0.b0.rd26 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1664, i32 32)
  %v64.m0.b0.w26 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w25, <32 x half> %v64.m0.b0.rd26, i32 0, i32 32, i32 1, i16 3328, i32 32, i1 true)
  %v64.m0.b0.rd27 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1728, i32 32)
  %v64.m0.b0.w27 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w26, <32 x half> %v64.m0.b0.rd27, i32 0, i32 32, i32 1, i16 3456, i32 32, i1 true)
  %v64.m0.b0.rd28 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1792, i32 32)
  %v64.m0.b0.w28 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w27, <32 x half> %v64.m0.b0.rd28, i32 0, i32 32, i32 1, i16 3584, i32 32, i1 true)
  %v64.m0.b0.rd29 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1856, i32 32)
  %v64.m0.b0.w29 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w28, <32 x half> %v64.m0.b0.rd29, i32 0, i32 32, i32 1, i16 3712, i32 32, i1 true)
  %v64.m0.b0.rd30 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1920, i32 32)
  %v64.m0.b0.w30 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w29, <32 x half> %v64.m0.b0.rd30, i32 0, i32 32, i32 1, i16 3840, i32 32, i1 true)
  %v64.m0.b0.rd31 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 32, i32 1, i16 1984, i32 32)
  %v64.m0.b0 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0.w30, <32 x half> %v64.m0.b0.rd31, i32 0, i32 32, i32 1, i16 3968, i32 32, i1 true)
  %v64.m1.hdr.x = insertelement <8 x i32> %v64.m0.hdr.shape, i32 32, i32 5
  %v64.m1 = call <1024 x half> @llvm.genx.raw.send2.v1024f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 32, i8 15, i32 0, i32 66060803, <8 x i32> %v64.m1.hdr.x, <1024 x half> undef)
  %v64.m1.b0.rd0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 0, i32 32)
  %v64.m1.b0.w0 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m0.b0, <32 x half> %v64.m1.b0.rd0, i32 0, i32 32, i32 1, i16 64, i32 32, i1 true)
  %v64.m1.b0.rd1 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 64, i32 32)
  %v64.m1.b0.w1 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w0, <32 x half> %v64.m1.b0.rd1, i32 0, i32 32, i32 1, i16 192, i32 32, i1 true)
  %v64.m1.b0.rd2 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 128, i32 32)
  %v64.m1.b0.w2 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w1, <32 x half> %v64.m1.b0.rd2, i32 0, i32 32, i32 1, i16 320, i32 32, i1 true)
  %v64.m1.b0.rd3 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 192, i32 32)
  %v64.m1.b0.w3 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w2, <32 x half> %v64.m1.b0.rd3, i32 0, i32 32, i32 1, i16 448, i32 32, i1 true)
  %v64.m1.b0.rd4 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 256, i32 32)
  %v64.m1.b0.w4 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w3, <32 x half> %v64.m1.b0.rd4, i32 0, i32 32, i32 1, i16 576, i32 32, i1 true)
  %v64.m1.b0.rd5 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 320, i32 32)
  %v64.m1.b0.w5 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w4, <32 x half> %v64.m1.b0.rd5, i32 0, i32 32, i32 1, i16 704, i32 32, i1 true)
  %v64.m1.b0.rd6 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 384, i32 32)
  %v64.m1.b0.w6 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w5, <32 x half> %v64.m1.b0.rd6, i32 0, i32 32, i32 1, i16 832, i32 32, i1 true)
  %v64.m1.b0.rd7 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 448, i32 32)
  %v64.m1.b0.w7 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w6, <32 x half> %v64.m1.b0.rd7, i32 0, i32 32, i32 1, i16 960, i32 32, i1 true)
  %v64.m1.b0.rd8 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 512, i32 32)
  %v64.m1.b0.w8 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w7, <32 x half> %v64.m1.b0.rd8, i32 0, i32 32, i32 1, i16 1088, i32 32, i1 true)
  %v64.m1.b0.rd9 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 576, i32 32)
  %v64.m1.b0.w9 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w8, <32 x half> %v64.m1.b0.rd9, i32 0, i32 32, i32 1, i16 1216, i32 32, i1 true)
  %v64.m1.b0.rd10 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 640, i32 32)
  %v64.m1.b0.w10 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w9, <32 x half> %v64.m1.b0.rd10, i32 0, i32 32, i32 1, i16 1344, i32 32, i1 true)
  %v64.m1.b0.rd11 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 704, i32 32)
  %v64.m1.b0.w11 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w10, <32 x half> %v64.m1.b0.rd11, i32 0, i32 32, i32 1, i16 1472, i32 32, i1 true)
  %v64.m1.b0.rd12 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 768, i32 32)
  %v64.m1.b0.w12 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w11, <32 x half> %v64.m1.b0.rd12, i32 0, i32 32, i32 1, i16 1600, i32 32, i1 true)
  %v64.m1.b0.rd13 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 832, i32 32)
  %v64.m1.b0.w13 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w12, <32 x half> %v64.m1.b0.rd13, i32 0, i32 32, i32 1, i16 1728, i32 32, i1 true)
  %v64.m1.b0.rd14 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 896, i32 32)
  %v64.m1.b0.w14 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w13, <32 x half> %v64.m1.b0.rd14, i32 0, i32 32, i32 1, i16 1856, i32 32, i1 true)
  %v64.m1.b0.rd15 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 960, i32 32)
  %v64.m1.b0.w15 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w14, <32 x half> %v64.m1.b0.rd15, i32 0, i32 32, i32 1, i16 1984, i32 32, i1 true)
  %v64.m1.b0.rd16 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1024, i32 32)
  %v64.m1.b0.w16 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w15, <32 x half> %v64.m1.b0.rd16, i32 0, i32 32, i32 1, i16 2112, i32 32, i1 true)
  %v64.m1.b0.rd17 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1088, i32 32)
  %v64.m1.b0.w17 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w16, <32 x half> %v64.m1.b0.rd17, i32 0, i32 32, i32 1, i16 2240, i32 32, i1 true)
  %v64.m1.b0.rd18 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1152, i32 32)
  %v64.m1.b0.w18 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w17, <32 x half> %v64.m1.b0.rd18, i32 0, i32 32, i32 1, i16 2368, i32 32, i1 true)
  %v64.m1.b0.rd19 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1216, i32 32)
  %v64.m1.b0.w19 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w18, <32 x half> %v64.m1.b0.rd19, i32 0, i32 32, i32 1, i16 2496, i32 32, i1 true)
  %v64.m1.b0.rd20 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1280, i32 32)
  %v64.m1.b0.w20 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w19, <32 x half> %v64.m1.b0.rd20, i32 0, i32 32, i32 1, i16 2624, i32 32, i1 true)
  %v64.m1.b0.rd21 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1344, i32 32)
  %v64.m1.b0.w21 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w20, <32 x half> %v64.m1.b0.rd21, i32 0, i32 32, i32 1, i16 2752, i32 32, i1 true)
  %v64.m1.b0.rd22 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1408, i32 32)
  %v64.m1.b0.w22 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w21, <32 x half> %v64.m1.b0.rd22, i32 0, i32 32, i32 1, i16 2880, i32 32, i1 true)
  %v64.m1.b0.rd23 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1472, i32 32)
  %v64.m1.b0.w23 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w22, <32 x half> %v64.m1.b0.rd23, i32 0, i32 32, i32 1, i16 3008, i32 32, i1 true)
  %v64.m1.b0.rd24 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1536, i32 32)
  %v64.m1.b0.w24 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w23, <32 x half> %v64.m1.b0.rd24, i32 0, i32 32, i32 1, i16 3136, i32 32, i1 true)
  %v64.m1.b0.rd25 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1600, i32 32)
  %v64.m1.b0.w25 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w24, <32 x half> %v64.m1.b0.rd25, i32 0, i32 32, i32 1, i16 3264, i32 32, i1 true)
  %v64.m1.b0.rd26 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1664, i32 32)
  %v64.m1.b0.w26 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w25, <32 x half> %v64.m1.b0.rd26, i32 0, i32 32, i32 1, i16 3392, i32 32, i1 true)
  %v64.m1.b0.rd27 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1728, i32 32)
  %v64.m1.b0.w27 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w26, <32 x half> %v64.m1.b0.rd27, i32 0, i32 32, i32 1, i16 3520, i32 32, i1 true)
  %v64.m1.b0.rd28 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1792, i32 32)
  %v64.m1.b0.w28 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w27, <32 x half> %v64.m1.b0.rd28, i32 0, i32 32, i32 1, i16 3648, i32 32, i1 true)
  %v64.m1.b0.rd29 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1856, i32 32)
  %v64.m1.b0.w29 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w28, <32 x half> %v64.m1.b0.rd29, i32 0, i32 32, i32 1, i16 3776, i32 32, i1 true)
  %v64.m1.b0.rd30 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1920, i32 32)
  %v64.m1.b0.w30 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w29, <32 x half> %v64.m1.b0.rd30, i32 0, i32 32, i32 1, i16 3904, i32 32, i1 true)
  %v64.m1.b0.rd31 = call <32 x half> @llvm.genx.rdregionf.v32f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 32, i32 1, i16 1984, i32 32)
  %v64.m1.b0 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v32f16.i16.i1(<2048 x half> %v64.m1.b0.w30, <32 x half> %v64.m1.b0.rd31, i32 0, i32 32, i32 1, i16 4032, i32 32, i1 true)
  %o32.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 127, i32 63, i32 127, i32 0, i32 0, i32 7967> to <4 x i64>
  %o32.hdr.base = insertelement <4 x i64> %o32.hdr.q, i64 %dst, i32 0
  %o32.hdr.dw = bitcast <4 x i64> %o32.hdr.base to <8 x i32>
  %st.v32.m0.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v32, i32 0, i32 256, i32 1, i16 0, i32 256)
  %st.v32.m0.hdr.shape = insertelement <8 x i32> %o32.hdr.dw, i32 1823, i32 7
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %st.v32.m0.hdr.shape, <256 x half> %st.v32.m0.data)
  %st.v32.m1.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v32, i32 0, i32 256, i32 1, i16 512, i32 256)
  %st.v32.m1.hdr.y = insertelement <8 x i32> %st.v32.m0.hdr.shape, i32 8, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %st.v32.m1.hdr.y, <256 x half> %st.v32.m1.data)
  %st.v32.m2.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v32, i32 0, i32 256, i32 1, i16 1024, i32 256)
  %st.v32.m2.hdr.y = insertelement <8 x i32> %st.v32.m1.hdr.y, i32 16, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %st.v32.m2.hdr.y, <256 x half> %st.v32.m2.data)
  %st.v32.m3.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v32, i32 0, i32 256, i32 1, i16 1536, i32 256)
  %st.v32.m3.hdr.y = insertelement <8 x i32> %st.v32.m2.hdr.y, i32 24, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %st.v32.m3.hdr.y, <256 x half> %st.v32.m3.data)
  %o64.hdr.y = insertelement <8 x i32> %st.v32.m3.hdr.y, i32 32, i32 6
  %o64.hdr.block_shape = insertelement <8 x i32> %o64.hdr.y, i32 7999, i32 7
  %st.v64.m0.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 256, i32 1, i16 0, i32 256)
  %st.v64.m0.hdr.shape = insertelement <8 x i32> %o64.hdr.block_shape, i32 1823, i32 7
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %st.v64.m0.hdr.shape, <256 x half> %st.v64.m0.data)
  %st.v64.m1.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 256, i32 1, i16 0, i32 256)
  %st.v64.m1.hdr.x = insertelement <8 x i32> %st.v64.m0.hdr.shape, i32 32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %st.v64.m1.hdr.x, <256 x half> %st.v64.m1.data)
  %st.v64.m2.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 256, i32 1, i16 512, i32 256)
  %st.v64.m2.hdr.y = insertelement <8 x i32> %st.v64.m1.hdr.x, i32 40, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %st.v64.m2.hdr.y, <256 x half> %st.v64.m2.data)
  %st.v64.m3.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 256, i32 1, i16 512, i32 256)
  %st.v64.m3.hdr.x = insertelement <8 x i32> %st.v64.m2.hdr.y, i32 0, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %st.v64.m3.hdr.x, <256 x half> %st.v64.m3.data)
  %st.v64.m4.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 256, i32 1, i16 1024, i32 256)
  %st.v64.m4.hdr.y = insertelement <8 x i32> %st.v64.m3.hdr.x, i32 48, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %st.v64.m4.hdr.y, <256 x half> %st.v64.m4.data)
  %st.v64.m5.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 256, i32 1, i16 1024, i32 256)
  %st.v64.m5.hdr.x = insertelement <8 x i32> %st.v64.m4.hdr.y, i32 32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %st.v64.m5.hdr.x, <256 x half> %st.v64.m5.data)
  %st.v64.m6.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v64.m1, i32 0, i32 256, i32 1, i16 1536, i32 256)
  %st.v64.m6.hdr.y = insertelement <8 x i32> %st.v64.m5.hdr.x, i32 56, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %st.v64.m6.hdr.y, <256 x half> %st.v64.m6.data)
  %st.v64.m7.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v64.m0, i32 0, i32 256, i32 1, i16 1536, i32 256)
  %st.v64.m7.hdr.x = insertelement <8 x i32> %st.v64.m6.hdr.y, i32 0, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %st.v64.m7.hdr.x, <256 x half> %st.v64.m7.data)
  %tf.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 15, i32 63, i32 0, i32 0, i32 3855> to <4 x i64>
  %tf.hdr.base = insertelement <4 x i64> %tf.hdr.q, i64 %srcf, i32 0
  %tf.hdr.dw = bitcast <4 x i64> %tf.hdr.base to <8 x i32>
  %vf = call <256 x float> @llvm.genx.raw.send2.v256f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 16, i8 15, i32 0, i32 50332675, <8 x i32> %tf.hdr.dw, <256 x float> undef)
  %of.hdr.q = bitcast <8 x i32> %tf.hdr.dw to <4 x i64>
  %of.hdr.base = insertelement <4 x i64> %of.hdr.q, i64 %dstf, i32 0
  %of.hdr.dw = bitcast <4 x i64> %of.hdr.base to <8 x i32>
  %st.vf.m0.data = call <128 x float> @llvm.genx.rdregionf.v128f32.v256f32.i16(<256 x float> %vf, i32 0, i32 128, i32 1, i16 0, i32 128)
  %st.vf.m0.hdr.shape = insertelement <8 x i32> %of.hdr.dw, i32 1807, i32 7
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %st.vf.m0.hdr.shape, <128 x float> %st.vf.m0.data)
  %st.vf.m1.data = call <128 x float> @llvm.genx.rdregionf.v128f32.v256f32.i16(<256 x float> %vf, i32 0, i32 128, i32 1, i16 512, i32 128)
  %st.vf.m1.hdr.y = insertelement <8 x i32> %st.vf.m0.hdr.shape, i32 8, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %st.vf.m1.hdr.y, <128 x float> %st.vf.m1.data)
  %tarr.hdr.y = insertelement <8 x i32> %v64.m1.hdr.x, i32 0, i32 6
  %tarr.hdr.block_shape = insertelement <8 x i32> %tarr.hdr.y, i32 69391, i32 7
  %varr = call <512 x half> @llvm.genx.raw.send2.v512f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 16, i8 15, i32 0, i32 50332163, <8 x i32> %tarr.hdr.block_shape, <512 x half> undef)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64, i64)* @big_tiles_f16, !"big_tiles_f16", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48, i32 56}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t", !"svmptr_t"}
