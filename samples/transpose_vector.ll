target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare <128 x i32> @llvm.genx.raw.send2.v128i32.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x i32>)
declare <64 x float> @llvm.genx.raw.send2.v64f32.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <64 x float>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f16(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x half>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v64f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <64 x float>)
declare <128 x half> @llvm.genx.rdregionf.v128f16.v512f16.i16(<512 x half>, i32, i32, i32, i16, i32)
declare <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare <64 x float> @llvm.genx.rdregionf.v64f32.v128f32.i16(<128 x float>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.rdregioni.v32i32.v128i32.i16(<128 x i32>, i32, i32, i32, i16, i32)
declare <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float>, <32 x float>, i32, i32, i32, i16, i32, i1)
declare <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half>, <16 x half>, i32, i32, i32, i16, i32, i1)
declare <256 x i32> @llvm.genx.wrregioni.v256i32.v32i32.i16.i1(<256 x i32>, <32 x i32>, i32, i32, i32, i16, i32, i1)

define dllexport void @transpose_vector(i64 %src, i64 %dst, i64 %hsrc, i64 %hdst) #0 {
entry:
  %group_id.x = call i32 @llvm.genx.group.id.x()
  %group_id.y = call i32 @llvm.genx.group.id.y()
  %bx = zext i32 %group_id.x to i64
  %by = zext i32 %group_id.y to i64
  %row = mul i64 %bx, 8
  %col = mul i64 %by, 16
  %col.i32 = trunc i64 %col to i32
  %row.i32 = trunc i64 %row to i32
  %t.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 127, i32 31, i32 127, i32 undef, i32 undef, i32 1807> to <4 x i64>
  %t.hdr.base = insertelement <4 x i64> %t.hdr.q, i64 %src, i32 0
  %t.hdr.dw = bitcast <4 x i64> %t.hdr.base to <8 x i32>
  %t.hdr.x = insertelement <8 x i32> %t.hdr.dw, i32 %col.i32, i32 5
  %t.hdr.y = insertelement <8 x i32> %t.hdr.x, i32 %row.i32, i32 6
  %v.m0.hdr.shape = insertelement <8 x i32> %t.hdr.y, i32 1799, i32 7
  %v.m0 = call <64 x float> @llvm.genx.raw.send2.v64f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 37782531, <8 x i32> %v.m0.hdr.shape, <64 x float> undef)
  %v.m0.b0.rd0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v.m0, i32 0, i32 32, i32 1, i16 0, i32 32)
  %v.m0.b0.w0 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> undef, <32 x float> %v.m0.b0.rd0, i32 0, i32 32, i32 1, i16 0, i32 32, i1 true)
  %v.m0.b0.rd1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v.m0, i32 0, i32 32, i32 1, i16 128, i32 32)
  %v.m0.b0 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %v.m0.b0.w0, <32 x float> %v.m0.b0.rd1, i32 0, i32 32, i32 1, i16 128, i32 32, i1 true)
  %v.m1.x = add i32 %col.i32, 8
  %v.m1.hdr.x = insertelement <8 x i32> %v.m0.hdr.shape, i32 %v.m1.x, i32 5
  %v.m1 = call <64 x float> @llvm.genx.raw.send2.v64f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 37782531, <8 x i32> %v.m1.hdr.x, <64 x float> undef)
  %v.m1.b0.rd0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v.m1, i32 0, i32 32, i32 1, i16 0, i32 32)
  %v.m1.b0.w0 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %v.m0.b0, <32 x float> %v.m1.b0.rd0, i32 0, i32 32, i32 1, i16 256, i32 32, i1 true)
  %v.m1.b0.rd1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v.m1, i32 0, i32 32, i32 1, i16 128, i32 32)
  %v.m1.b0 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %v.m1.b0.w0, <32 x float> %v.m1.b0.rd1, i32 0, i32 32, i32 1, i16 384, i32 32, i1 true)
  %o.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 127, i32 31, i32 127, i32 undef, i32 undef, i32 3847> to <4 x i64>
  %o.hdr.base = insertelement <4 x i64> %o.hdr.q, i64 %dst, i32 0
  %o.hdr.dw = bitcast <4 x i64> %o.hdr.base to <8 x i32>
  %o.hdr.x = insertelement <8 x i32> %o.hdr.dw, i32 %row.i32, i32 5
  %o.hdr.y = insertelement <8 x i32> %o.hdr.x, i32 %col.i32, i32 6
  %st.vt.m0.data = call <64 x float> @llvm.genx.rdregionf.v64f32.v128f32.i16(<128 x float> %v.m1.b0, i32 0, i32 64, i32 1, i16 0, i32 64)
  %st.vt.m0.hdr.shape = insertelement <8 x i32> %o.hdr.y, i32 1799, i32 7
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v64f32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 33555463, <8 x i32> %st.vt.m0.hdr.shape, <64 x float> %st.vt.m0.data)
  %st.vt.m1.data = call <64 x float> @llvm.genx.rdregionf.v64f32.v128f32.i16(<128 x float> %v.m1.b0, i32 0, i32 64, i32 1, i16 256, i32 64)
  %st.vt.m1.y = add i32 %col.i32, 8
  %st.vt.m1.hdr.y = insertelement <8 x i32> %st.vt.m0.hdr.shape, i32 %st.vt.m1.y, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v64f32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 33555463, <8 x i32> %st.vt.m1.hdr.y, <64 x float> %st.vt.m1.data)
  %th.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 15, i32 63, i32 0, i32 0, i32 3871> to <4 x i64>
  %th.hdr.base = insertelement <4 x i64> %th.hdr.q, i64 %hsrc, i32 0
  %th.hdr.dw = bitcast <4 x i64> %th.hdr.base to <8 x i32>
  %h.m0.hdr.shape = insertelement <8 x i32> %th.hdr.dw, i32 3847, i32 7
  %h.m0 = call <128 x i32> @llvm.genx.raw.send2.v128i32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 41976835, <8 x i32> %h.m0.hdr.shape, <128 x i32> undef)
  %h.m0.b0.rd0 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v128i32.i16(<128 x i32> %h.m0, i32 0, i32 32, i32 1, i16 0, i32 32)
  %h.m0.b0.w0 = call <256 x i32> @llvm.genx.wrregioni.v256i32.v32i32.i16.i1(<256 x i32> undef, <32 x i32> %h.m0.b0.rd0, i32 0, i32 32, i32 1, i16 0, i32 32, i1 true)
  %h.m0.b0.rd1 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v128i32.i16(<128 x i32> %h.m0, i32 0, i32 32, i32 1, i16 128, i32 32)
  %h.m0.b0.w1 = call <256 x i32> @llvm.genx.wrregioni.v256i32.v32i32.i16.i1(<256 x i32> %h.m0.b0.w0, <32 x i32> %h.m0.b0.rd1, i32 0, i32 32, i32 1, i16 128, i32 32, i1 true)
  %h.m0.b0.rd2 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v128i32.i16(<128 x i32> %h.m0, i32 0, i32 32, i32 1, i16 256, i32 32)
  %h.m0.b0.w2 = call <256 x i32> @llvm.genx.wrregioni.v256i32.v32i32.i16.i1(<256 x i32> %h.m0.b0.w1, <32 x i32> %h.m0.b0.rd2, i32 0, i32 32, i32 1, i16 256, i32 32, i1 true)
  %h.m0.b0.rd3 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v128i32.i16(<128 x i32> %h.m0, i32 0, i32 32, i32 1, i16 384, i32 32)
  %h.m0.b0 = call <256 x i32> @llvm.genx.wrregioni.v256i32.v32i32.i16.i1(<256 x i32> %h.m0.b0.w2, <32 x i32> %h.m0.b0.rd3, i32 0, i32 32, i32 1, i16 384, i32 32, i1 true)
  %h.m1.hdr.x = insertelement <8 x i32> %h.m0.hdr.shape, i32 8, i32 5
  %h.m1 = call <128 x i32> @llvm.genx.raw.send2.v128i32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 41976835, <8 x i32> %h.m1.hdr.x, <128 x i32> undef)
  %h.m1.b0.rd0 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v128i32.i16(<128 x i32> %h.m1, i32 0, i32 32, i32 1, i16 0, i32 32)
  %h.m1.b0.w0 = call <256 x i32> @llvm.genx.wrregioni.v256i32.v32i32.i16.i1(<256 x i32> %h.m0.b0, <32 x i32> %h.m1.b0.rd0, i32 0, i32 32, i32 1, i16 512, i32 32, i1 true)
  %h.m1.b0.rd1 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v128i32.i16(<128 x i32> %h.m1, i32 0, i32 32, i32 1, i16 128, i32 32)
  %h.m1.b0.w1 = call <256 x i32> @llvm.genx.wrregioni.v256i32.v32i32.i16.i1(<256 x i32> %h.m1.b0.w0, <32 x i32> %h.m1.b0.rd1, i32 0, i32 32, i32 1, i16 640, i32 32, i1 true)
  %h.m1.b0.rd2 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v128i32.i16(<128 x i32> %h.m1, i32 0, i32 32, i32 1, i16 256, i32 32)
  %h.m1.b0.w2 = call <256 x i32> @llvm.genx.wrregioni.v256i32.v32i32.i16.i1(<256 x i32> %h.m1.b0.w1, <32 x i32> %h.m1.b0.rd2, i32 0, i32 32, i32 1, i16 768, i32 32, i1 true)
  %h.m1.b0.rd3 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v128i32.i16(<128 x i32> %h.m1, i32 0, i32 32, i32 1, i16 384, i32 32)
  %h.m1.b0 = call <256 x i32> @llvm.genx.wrregioni.v256i32.v32i32.i16.i1(<256 x i32> %h.m1.b0.w2, <32 x i32> %h.m1.b0.rd3, i32 0, i32 32, i32 1, i16 896, i32 32, i1 true)
  %h = bitcast <256 x i32> %h.m1.b0 to <512 x half>
  %ht.even.rd0.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.even.rd0 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd0.src, i32 0, i32 16, i32 2, i16 0, i32 16)
  %ht.even.w0 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> undef, <16 x half> %ht.even.rd0, i32 0, i32 16, i32 1, i16 0, i32 16, i1 true)
  %ht.even.rd1.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.even.rd1 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd1.src, i32 0, i32 16, i32 2, i16 64, i32 16)
  %ht.even.w1 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w0, <16 x half> %ht.even.rd1, i32 0, i32 16, i32 1, i16 64, i32 16, i1 true)
  %ht.even.rd2.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.even.rd2 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd2.src, i32 0, i32 16, i32 2, i16 128, i32 16)
  %ht.even.w2 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w1, <16 x half> %ht.even.rd2, i32 0, i32 16, i32 1, i16 128, i32 16, i1 true)
  %ht.even.rd3.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.even.rd3 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd3.src, i32 0, i32 16, i32 2, i16 192, i32 16)
  %ht.even.w3 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w2, <16 x half> %ht.even.rd3, i32 0, i32 16, i32 1, i16 192, i32 16, i1 true)
  %ht.even.rd4.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.even.rd4 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd4.src, i32 0, i32 16, i32 2, i16 256, i32 16)
  %ht.even.w4 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w3, <16 x half> %ht.even.rd4, i32 0, i32 16, i32 1, i16 256, i32 16, i1 true)
  %ht.even.rd5.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.even.rd5 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd5.src, i32 0, i32 16, i32 2, i16 320, i32 16)
  %ht.even.w5 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w4, <16 x half> %ht.even.rd5, i32 0, i32 16, i32 1, i16 320, i32 16, i1 true)
  %ht.even.rd6.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.even.rd6 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd6.src, i32 0, i32 16, i32 2, i16 384, i32 16)
  %ht.even.w6 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w5, <16 x half> %ht.even.rd6, i32 0, i32 16, i32 1, i16 384, i32 16, i1 true)
  %ht.even.rd7.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.even.rd7 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd7.src, i32 0, i32 16, i32 2, i16 448, i32 16)
  %ht.even.w7 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w6, <16 x half> %ht.even.rd7, i32 0, i32 16, i32 1, i16 448, i32 16, i1 true)
  %ht.even.rd8.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.even.rd8 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd8.src, i32 0, i32 16, i32 2, i16 0, i32 16)
  %ht.even.w8 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w7, <16 x half> %ht.even.rd8, i32 0, i32 16, i32 1, i16 512, i32 16, i1 true)
  %ht.even.rd9.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.even.rd9 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd9.src, i32 0, i32 16, i32 2, i16 64, i32 16)
  %ht.even.w9 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w8, <16 x half> %ht.even.rd9, i32 0, i32 16, i32 1, i16 576, i32 16, i1 true)
  %ht.even.rd10.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.even.rd10 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd10.src, i32 0, i32 16, i32 2, i16 128, i32 16)
  %ht.even.w10 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w9, <16 x half> %ht.even.rd10, i32 0, i32 16, i32 1, i16 640, i32 16, i1 true)
  %ht.even.rd11.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.even.rd11 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd11.src, i32 0, i32 16, i32 2, i16 192, i32 16)
  %ht.even.w11 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w10, <16 x half> %ht.even.rd11, i32 0, i32 16, i32 1, i16 704, i32 16, i1 true)
  %ht.even.rd12.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.even.rd12 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd12.src, i32 0, i32 16, i32 2, i16 256, i32 16)
  %ht.even.w12 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w11, <16 x half> %ht.even.rd12, i32 0, i32 16, i32 1, i16 768, i32 16, i1 true)
  %ht.even.rd13.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.even.rd13 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd13.src, i32 0, i32 16, i32 2, i16 320, i32 16)
  %ht.even.w13 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w12, <16 x half> %ht.even.rd13, i32 0, i32 16, i32 1, i16 832, i32 16, i1 true)
  %ht.even.rd14.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.even.rd14 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd14.src, i32 0, i32 16, i32 2, i16 384, i32 16)
  %ht.even.w14 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w13, <16 x half> %ht.even.rd14, i32 0, i32 16, i32 1, i16 896, i32 16, i1 true)
  %ht.even.rd15.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.even.rd15 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.even.rd15.src, i32 0, i32 16, i32 2, i16 448, i32 16)
  %ht.even = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even.w14, <16 x half> %ht.even.rd15, i32 0, i32 16, i32 1, i16 960, i32 16, i1 true)
  %ht.rd0.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.rd0 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd0.src, i32 0, i32 16, i32 2, i16 2, i32 16)
  %ht.w0 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.even, <16 x half> %ht.rd0, i32 0, i32 16, i32 1, i16 32, i32 16, i1 true)
  %ht.rd1.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.rd1 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd1.src, i32 0, i32 16, i32 2, i16 66, i32 16)
  %ht.w1 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w0, <16 x half> %ht.rd1, i32 0, i32 16, i32 1, i16 96, i32 16, i1 true)
  %ht.rd2.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.rd2 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd2.src, i32 0, i32 16, i32 2, i16 130, i32 16)
  %ht.w2 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w1, <16 x half> %ht.rd2, i32 0, i32 16, i32 1, i16 160, i32 16, i1 true)
  %ht.rd3.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.rd3 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd3.src, i32 0, i32 16, i32 2, i16 194, i32 16)
  %ht.w3 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w2, <16 x half> %ht.rd3, i32 0, i32 16, i32 1, i16 224, i32 16, i1 true)
  %ht.rd4.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.rd4 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd4.src, i32 0, i32 16, i32 2, i16 258, i32 16)
  %ht.w4 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w3, <16 x half> %ht.rd4, i32 0, i32 16, i32 1, i16 288, i32 16, i1 true)
  %ht.rd5.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.rd5 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd5.src, i32 0, i32 16, i32 2, i16 322, i32 16)
  %ht.w5 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w4, <16 x half> %ht.rd5, i32 0, i32 16, i32 1, i16 352, i32 16, i1 true)
  %ht.rd6.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.rd6 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd6.src, i32 0, i32 16, i32 2, i16 386, i32 16)
  %ht.w6 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w5, <16 x half> %ht.rd6, i32 0, i32 16, i32 1, i16 416, i32 16, i1 true)
  %ht.rd7.src = bitcast <128 x i32> %h.m0 to <256 x half>
  %ht.rd7 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd7.src, i32 0, i32 16, i32 2, i16 450, i32 16)
  %ht.w7 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w6, <16 x half> %ht.rd7, i32 0, i32 16, i32 1, i16 480, i32 16, i1 true)
  %ht.rd8.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.rd8 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd8.src, i32 0, i32 16, i32 2, i16 2, i32 16)
  %ht.w8 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w7, <16 x half> %ht.rd8, i32 0, i32 16, i32 1, i16 544, i32 16, i1 true)
  %ht.rd9.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.rd9 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd9.src, i32 0, i32 16, i32 2, i16 66, i32 16)
  %ht.w9 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w8, <16 x half> %ht.rd9, i32 0, i32 16, i32 1, i16 608, i32 16, i1 true)
  %ht.rd10.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.rd10 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd10.src, i32 0, i32 16, i32 2, i16 130, i32 16)
  %ht.w10 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w9, <16 x half> %ht.rd10, i32 0, i32 16, i32 1, i16 672, i32 16, i1 true)
  %ht.rd11.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.rd11 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd11.src, i32 0, i32 16, i32 2, i16 194, i32 16)
  %ht.w11 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w10, <16 x half> %ht.rd11, i32 0, i32 16, i32 1, i16 736, i32 16, i1 true)
  %ht.rd12.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.rd12 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd12.src, i32 0, i32 16, i32 2, i16 258, i32 16)
  %ht.w12 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w11, <16 x half> %ht.rd12, i32 0, i32 16, i32 1, i16 800, i32 16, i1 true)
  %ht.rd13.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.rd13 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd13.src, i32 0, i32 16, i32 2, i16 322, i32 16)
  %ht.w13 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w12, <16 x half> %ht.rd13, i32 0, i32 16, i32 1, i16 864, i32 16, i1 true)
  %ht.rd14.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.rd14 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd14.src, i32 0, i32 16, i32 2, i16 386, i32 16)
  %ht.w14 = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w13, <16 x half> %ht.rd14, i32 0, i32 16, i32 1, i16 928, i32 16, i1 true)
  %ht.rd15.src = bitcast <128 x i32> %h.m1 to <256 x half>
  %ht.rd15 = call <16 x half> @llvm.genx.rdregionf.v16f16.v256f16.i16(<256 x half> %ht.rd15.src, i32 0, i32 16, i32 2, i16 450, i32 16)
  %ht = call <512 x half> @llvm.genx.wrregionf.v512f16.v16f16.i16.i1(<512 x half> %ht.w14, <16 x half> %ht.rd15, i32 0, i32 16, i32 1, i16 992, i32 16, i1 true)
  %oh.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 31, i32 31, i32 31, i32 0, i32 0, i32 7951> to <4 x i64>
  %oh.hdr.base = insertelement <4 x i64> %oh.hdr.q, i64 %hdst, i32 0
  %oh.hdr.dw = bitcast <4 x i64> %oh.hdr.base to <8 x i32>
  %st.ht.m0.data = call <128 x half> @llvm.genx.rdregionf.v128f16.v512f16.i16(<512 x half> %ht, i32 0, i32 128, i32 1, i16 0, i32 128)
  %st.ht.m0.hdr.shape = insertelement <8 x i32> %oh.hdr.dw, i32 1807, i32 7
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f16(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 33554951, <8 x i32> %st.ht.m0.hdr.shape, <128 x half> %st.ht.m0.data)
  %st.ht.m1.data = call <128 x half> @llvm.genx.rdregionf.v128f16.v512f16.i16(<512 x half> %ht, i32 0, i32 128, i32 1, i16 256, i32 128)
  %st.ht.m1.hdr.y = insertelement <8 x i32> %st.ht.m0.hdr.shape, i32 8, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f16(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 33554951, <8 x i32> %st.ht.m1.hdr.y, <128 x half> %st.ht.m1.data)
  %st.ht.m2.data = call <128 x half> @llvm.genx.rdregionf.v128f16.v512f16.i16(<512 x half> %ht, i32 0, i32 128, i32 1, i16 512, i32 128)
  %st.ht.m2.hdr.y = insertelement <8 x i32> %st.ht.m1.hdr.y, i32 16, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f16(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 33554951, <8 x i32> %st.ht.m2.hdr.y, <128 x half> %st.ht.m2.data)
  %st.ht.m3.data = call <128 x half> @llvm.genx.rdregionf.v128f16.v512f16.i16(<512 x half> %ht, i32 0, i32 128, i32 1, i16 768, i32 128)
  %st.ht.m3.hdr.y = insertelement <8 x i32> %st.ht.m2.hdr.y, i32 24, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f16(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 33554951, <8 x i32> %st.ht.m3.hdr.y, <128 x half> %st.ht.m3.data)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64, i64)* @transpose_vector, !"transpose_vector", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48, i32 56}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t", !"svmptr_t"}
