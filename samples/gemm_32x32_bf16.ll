target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float>, <128 x i32>, <64 x i32>, i32, i32, i32, i32, i32, i32)
declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare <512 x i16> @llvm.genx.raw.send2.v512i16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <512 x i16>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float>, i32, i32, i32, i16, i32)
declare <128 x i16> @llvm.genx.rdregioni.v128i16.v512i16.i16(<512 x i16>, i32, i32, i32, i16, i32)
declare <256 x i16> @llvm.genx.rdregioni.v256i16.v512i16.i16(<512 x i16>, i32, i32, i32, i16, i32)
declare <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)

define dllexport void @gemm_32x32_bf16(i64 %a, i64 %b, i64 %c) #0 {
entry:
  %group_id.x = call i32 @llvm.genx.group.id.x()
  %group_id.y = call i32 @llvm.genx.group.id.y()
  %bx = zext i32 %group_id.x to i64
  %by = zext i32 %group_id.y to i64
  %m = mul i64 %bx, 32
  %n = mul i64 %by, 32
  %m.i32 = trunc i64 %m to i32
  %a0.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 511, i32 255, i32 511, i32 0, i32 undef, i32 7951> to <4 x i64>
  %a0.hdr.base = insertelement <4 x i64> %a0.hdr.q, i64 %a, i32 0
  %a0.hdr.dw = bitcast <4 x i64> %a0.hdr.base to <8 x i32>
  %a0.hdr.y = insertelement <8 x i32> %a0.hdr.dw, i32 %m.i32, i32 6
  %n.i32 = trunc i64 %n to i32
  %b0.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 511, i32 255, i32 511, i32 undef, i32 0, i32 69391> to <4 x i64>
  %b0.hdr.base = insertelement <4 x i64> %b0.hdr.q, i64 %b, i32 0
  %b0.hdr.dw = bitcast <4 x i64> %b0.hdr.base to <8 x i32>
  %b0.hdr.x = insertelement <8 x i32> %b0.hdr.dw, i32 %n.i32, i32 5
  br label %k.header
k.header:
  %k.left = phi  i32 [-256, %entry], [%k.next, %k.body]
  %ta.payload = phi  <8 x i32> [%a0.hdr.y, %entry], [%ta_next.hdr.x, %k.body]
  %tb.payload = phi  <8 x i32> [%b0.hdr.x, %entry], [%tb_next.hdr.y, %k.body]
  %acc00 = phi  <128 x float> [zeroinitializer, %entry], [%d00, %k.body]
  %acc01 = phi  <128 x float> [zeroinitializer, %entry], [%d01, %k.body]
  %acc10 = phi  <128 x float> [zeroinitializer, %entry], [%d10, %k.body]
  %acc11 = phi  <128 x float> [zeroinitializer, %entry], [%d11, %k.body]
  %acc20 = phi  <128 x float> [zeroinitializer, %entry], [%d20, %k.body]
  %acc21 = phi  <128 x float> [zeroinitializer, %entry], [%d21, %k.body]
  %acc30 = phi  <128 x float> [zeroinitializer, %entry], [%d30, %k.body]
  %acc31 = phi  <128 x float> [zeroinitializer, %entry], [%d31, %k.body]
  %k.cond = icmp ne i32 %k.left, 0
  br i1 %k.cond, label %k.body, label %k.exit
k.body:
  %va = call <512 x i16> @llvm.genx.raw.send2.v512i16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 16, i8 15, i32 0, i32 50332163, <8 x i32> %ta.payload, <512 x i16> undef)
  %vb = call <512 x i16> @llvm.genx.raw.send2.v512i16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 16, i8 15, i32 0, i32 50332291, <8 x i32> %tb.payload, <512 x i16> undef)
  %b_0 = call <256 x i16> @llvm.genx.rdregioni.v256i16.v512i16.i16(<512 x i16> %vb, i32 0, i32 256, i32 1, i16 0, i32 256)
  %b_1 = call <256 x i16> @llvm.genx.rdregioni.v256i16.v512i16.i16(<512 x i16> %vb, i32 0, i32 256, i32 1, i16 512, i32 256)
  %a_0 = call <128 x i16> @llvm.genx.rdregioni.v128i16.v512i16.i16(<512 x i16> %va, i32 0, i32 128, i32 1, i16 0, i32 128)
  %a_1 = call <128 x i16> @llvm.genx.rdregioni.v128i16.v512i16.i16(<512 x i16> %va, i32 0, i32 128, i32 1, i16 256, i32 128)
  %a_2 = call <128 x i16> @llvm.genx.rdregioni.v128i16.v512i16.i16(<512 x i16> %va, i32 0, i32 128, i32 1, i16 512, i32 128)
  %a_3 = call <128 x i16> @llvm.genx.rdregioni.v128i16.v512i16.i16(<512 x i16> %va, i32 0, i32 128, i32 1, i16 768, i32 128)
  %a_0.dw = bitcast <128 x i16> %a_0 to <64 x i32>
  %b_0.dw = bitcast <256 x i16> %b_0 to <128 x i32>
  %d00 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc00, <128 x i32> %b_0.dw, <64 x i32> %a_0.dw, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %b_1.dw = bitcast <256 x i16> %b_1 to <128 x i32>
  %d01 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc01, <128 x i32> %b_1.dw, <64 x i32> %a_0.dw, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %a_1.dw = bitcast <128 x i16> %a_1 to <64 x i32>
  %d10 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc10, <128 x i32> %b_0.dw, <64 x i32> %a_1.dw, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %d11 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc11, <128 x i32> %b_1.dw, <64 x i32> %a_1.dw, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %a_2.dw = bitcast <128 x i16> %a_2 to <64 x i32>
  %d20 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc20, <128 x i32> %b_0.dw, <64 x i32> %a_2.dw, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %d21 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc21, <128 x i32> %b_1.dw, <64 x i32> %a_2.dw, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %a_3.dw = bitcast <128 x i16> %a_3 to <64 x i32>
  %d30 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc30, <128 x i32> %b_0.dw, <64 x i32> %a_3.dw, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %d31 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc31, <128 x i32> %b_1.dw, <64 x i32> %a_3.dw, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %ta_next.x0 = extractelement <8 x i32> %ta.payload, i32 5
  %ta_next.x = add i32 %ta_next.x0, 16
  %ta_next.hdr.x = insertelement <8 x i32> %ta.payload, i32 %ta_next.x, i32 5
  %tb_next.y0 = extractelement <8 x i32> %tb.payload, i32 6
  %tb_next.y = add i32 %tb_next.y0, 16
  %tb_next.hdr.y = insertelement <8 x i32> %tb.payload, i32 %tb_next.y, i32 6
  %k.next = add i32 %k.left, 16
  br label %k.header
k.exit:
  %r0.rd0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc00, i32 0, i32 16, i32 1, i16 0, i32 16)
  %r0.w0 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> zeroinitializer, <16 x float> %r0.rd0, i32 0, i32 16, i32 1, i16 0, i32 16, i1 true)
  %r0.rd1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc00, i32 0, i32 16, i32 1, i16 64, i32 16)
  %r0.w1 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r0.w0, <16 x float> %r0.rd1, i32 0, i32 16, i32 1, i16 128, i32 16, i1 true)
  %r0.rd2 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc00, i32 0, i32 16, i32 1, i16 128, i32 16)
  %r0.w2 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r0.w1, <16 x float> %r0.rd2, i32 0, i32 16, i32 1, i16 256, i32 16, i1 true)
  %r0.rd3 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc00, i32 0, i32 16, i32 1, i16 192, i32 16)
  %r0.w3 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r0.w2, <16 x float> %r0.rd3, i32 0, i32 16, i32 1, i16 384, i32 16, i1 true)
  %r0.rd4 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc00, i32 0, i32 16, i32 1, i16 256, i32 16)
  %r0.w4 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r0.w3, <16 x float> %r0.rd4, i32 0, i32 16, i32 1, i16 512, i32 16, i1 true)
  %r0.rd5 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc00, i32 0, i32 16, i32 1, i16 320, i32 16)
  %r0.w5 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r0.w4, <16 x float> %r0.rd5, i32 0, i32 16, i32 1, i16 640, i32 16, i1 true)
  %r0.rd6 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc00, i32 0, i32 16, i32 1, i16 384, i32 16)
  %r0.w6 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r0.w5, <16 x float> %r0.rd6, i32 0, i32 16, i32 1, i16 768, i32 16, i1 true)
  %r0.rd7 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc00, i32 0, i32 16, i32 1, i16 448, i32 16)
  %r0 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r0.w6, <16 x float> %r0.rd7, i32 0, i32 16, i32 1, i16 896, i32 16, i1 true)
  %r1.rd0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc01, i32 0, i32 16, i32 1, i16 0, i32 16)
  %r1.w0 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r0, <16 x float> %r1.rd0, i32 0, i32 16, i32 1, i16 64, i32 16, i1 true)
  %r1.rd1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc01, i32 0, i32 16, i32 1, i16 64, i32 16)
  %r1.w1 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r1.w0, <16 x float> %r1.rd1, i32 0, i32 16, i32 1, i16 192, i32 16, i1 true)
  %r1.rd2 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc01, i32 0, i32 16, i32 1, i16 128, i32 16)
  %r1.w2 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r1.w1, <16 x float> %r1.rd2, i32 0, i32 16, i32 1, i16 320, i32 16, i1 true)
  %r1.rd3 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc01, i32 0, i32 16, i32 1, i16 192, i32 16)
  %r1.w3 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r1.w2, <16 x float> %r1.rd3, i32 0, i32 16, i32 1, i16 448, i32 16, i1 true)
  %r1.rd4 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc01, i32 0, i32 16, i32 1, i16 256, i32 16)
  %r1.w4 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r1.w3, <16 x float> %r1.rd4, i32 0, i32 16, i32 1, i16 576, i32 16, i1 true)
  %r1.rd5 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc01, i32 0, i32 16, i32 1, i16 320, i32 16)
  %r1.w5 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r1.w4, <16 x float> %r1.rd5, i32 0, i32 16, i32 1, i16 704, i32 16, i1 true)
  %r1.rd6 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc01, i32 0, i32 16, i32 1, i16 384, i32 16)
  %r1.w6 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r1.w5, <16 x float> %r1.rd6, i32 0, i32 16, i32 1, i16 832, i32 16, i1 true)
  %r1.rd7 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc01, i32 0, i32 16, i32 1, i16 448, i32 16)
  %r1 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r1.w6, <16 x float> %r1.rd7, i32 0, i32 16, i32 1, i16 960, i32 16, i1 true)
  %r2.rd0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc10, i32 0, i32 16, i32 1, i16 0, i32 16)
  %r2.w0 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r1, <16 x float> %r2.rd0, i32 0, i32 16, i32 1, i16 1024, i32 16, i1 true)
  %r2.rd1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc10, i32 0, i32 16, i32 1, i16 64, i32 16)
  %r2.w1 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r2.w0, <16 x float> %r2.rd1, i32 0, i32 16, i32 1, i16 1152, i32 16, i1 true)
  %r2.rd2 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc10, i32 0, i32 16, i32 1, i16 128, i32 16)
  %r2.w2 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r2.w1, <16 x float> %r2.rd2, i32 0, i32 16, i32 1, i16 1280, i32 16, i1 true)
  %r2.rd3 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc10, i32 0, i32 16, i32 1, i16 192, i32 16)
  %r2.w3 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r2.w2, <16 x float> %r2.rd3, i32 0, i32 16, i32 1, i16 1408, i32 16, i1 true)
  %r2.rd4 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc10, i32 0, i32 16, i32 1, i16 256, i32 16)
  %r2.w4 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r2.w3, <16 x float> %r2.rd4, i32 0, i32 16, i32 1, i16 1536, i32 16, i1 true)
  %r2.rd5 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc10, i32 0, i32 16, i32 1, i16 320, i32 16)
  %r2.w5 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r2.w4, <16 x float> %r2.rd5, i32 0, i32 16, i32 1, i16 1664, i32 16, i1 true)
  %r2.rd6 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc10, i32 0, i32 16, i32 1, i16 384, i32 16)
  %r2.w6 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r2.w5, <16 x float> %r2.rd6, i32 0, i32 16, i32 1, i16 1792, i32 16, i1 true)
  %r2.rd7 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc10, i32 0, i32 16, i32 1, i16 448, i32 16)
  %r2 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r2.w6, <16 x float> %r2.rd7, i32 0, i32 16, i32 1, i16 1920, i32 16, i1 true)
  %r3.rd0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc11, i32 0, i32 16, i32 1, i16 0, i32 16)
  %r3.w0 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r2, <16 x float> %r3.rd0, i32 0, i32 16, i32 1, i16 1088, i32 16, i1 true)
  %r3.rd1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc11, i32 0, i32 16, i32 1, i16 64, i32 16)
  %r3.w1 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r3.w0, <16 x float> %r3.rd1, i32 0, i32 16, i32 1, i16 1216, i32 16, i1 true)
  %r3.rd2 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc11, i32 0, i32 16, i32 1, i16 128, i32 16)
  %r3.w2 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r3.w1, <16 x float> %r3.rd2, i32 0, i32 16, i32 1, i16 1344, i32 16, i1 true)
  %r3.rd3 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc11, i32 0, i32 16, i32 1, i16 192, i32 16)
  %r3.w3 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r3.w2, <16 x float> %r3.rd3, i32 0, i32 16, i32 1, i16 1472, i32 16, i1 true)
  %r3.rd4 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc11, i32 0, i32 16, i32 1, i16 256, i32 16)
  %r3.w4 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r3.w3, <16 x float> %r3.rd4, i32 0, i32 16, i32 1, i16 1600, i32 16, i1 true)
  %r3.rd5 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc11, i32 0, i32 16, i32 1, i16 320, i32 16)
  %r3.w5 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r3.w4, <16 x float> %r3.rd5, i32 0, i32 16, i32 1, i16 1728, i32 16, i1 true)
  %r3.rd6 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc11, i32 0, i32 16, i32 1, i16 384, i32 16)
  %r3.w6 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r3.w5, <16 x float> %r3.rd6, i32 0, i32 16, i32 1, i16 1856, i32 16, i1 true)
  %r3.rd7 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc11, i32 0, i32 16, i32 1, i16 448, i32 16)
  %r3 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r3.w6, <16 x float> %r3.rd7, i32 0, i32 16, i32 1, i16 1984, i32 16, i1 true)
  %r4.rd0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc20, i32 0, i32 16, i32 1, i16 0, i32 16)
  %r4.w0 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r3, <16 x float> %r4.rd0, i32 0, i32 16, i32 1, i16 2048, i32 16, i1 true)
  %r4.rd1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc20, i32 0, i32 16, i32 1, i16 64, i32 16)
  %r4.w1 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r4.w0, <16 x float> %r4.rd1, i32 0, i32 16, i32 1, i16 2176, i32 16, i1 true)
  %r4.rd2 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc20, i32 0, i32 16, i32 1, i16 128, i32 16)
  %r4.w2 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r4.w1, <16 x float> %r4.rd2, i32 0, i32 16, i32 1, i16 2304, i32 16, i1 true)
  %r4.rd3 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc20, i32 0, i32 16, i32 1, i16 192, i32 16)
  %r4.w3 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r4.w2, <16 x float> %r4.rd3, i32 0, i32 16, i32 1, i16 2432, i32 16, i1 true)
  %r4.rd4 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc20, i32 0, i32 16, i32 1, i16 256, i32 16)
  %r4.w4 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r4.w3, <16 x float> %r4.rd4, i32 0, i32 16, i32 1, i16 2560, i32 16, i1 true)
  %r4.rd5 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc20, i32 0, i32 16, i32 1, i16 320, i32 16)
  %r4.w5 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r4.w4, <16 x float> %r4.rd5, i32 0, i32 16, i32 1, i16 2688, i32 16, i1 true)
  %r4.rd6 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc20, i32 0, i32 16, i32 1, i16 384, i32 16)
  %r4.w6 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r4.w5, <16 x float> %r4.rd6, i32 0, i32 16, i32 1, i16 2816, i32 16, i1 true)
  %r4.rd7 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc20, i32 0, i32 16, i32 1, i16 448, i32 16)
  %r4 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r4.w6, <16 x float> %r4.rd7, i32 0, i32 16, i32 1, i16 2944, i32 16, i1 true)
  %r5.rd0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc21, i32 0, i32 16, i32 1, i16 0, i32 16)
  %r5.w0 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r4, <16 x float> %r5.rd0, i32 0, i32 16, i32 1, i16 2112, i32 16, i1 true)
  %r5.rd1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc21, i32 0, i32 16, i32 1, i16 64, i32 16)
  %r5.w1 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r5.w0, <16 x float> %r5.rd1, i32 0, i32 16, i32 1, i16 2240, i32 16, i1 true)
  %r5.rd2 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc21, i32 0, i32 16, i32 1, i16 128, i32 16)
  %r5.w2 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r5.w1, <16 x float> %r5.rd2, i32 0, i32 16, i32 1, i16 2368, i32 16, i1 true)
  %r5.rd3 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc21, i32 0, i32 16, i32 1, i16 192, i32 16)
  %r5.w3 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r5.w2, <16 x float> %r5.rd3, i32 0, i32 16, i32 1, i16 2496, i32 16, i1 true)
  %r5.rd4 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc21, i32 0, i32 16, i32 1, i16 256, i32 16)
  %r5.w4 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r5.w3, <16 x float> %r5.rd4, i32 0, i32 16, i32 1, i16 2624, i32 16, i1 true)
  %r5.rd5 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc21, i32 0, i32 16, i32 1, i16 320, i32 16)
  %r5.w5 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r5.w4, <16 x float> %r5.rd5, i32 0, i32 16, i32 1, i16 2752, i32 16, i1 true)
  %r5.rd6 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc21, i32 0, i32 16, i32 1, i16 384, i32 16)
  %r5.w6 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r5.w5, <16 x float> %r5.rd6, i32 0, i32 16, i32 1, i16 2880, i32 16, i1 true)
  %r5.rd7 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc21, i32 0, i32 16, i32 1, i16 448, i32 16)
  %r5 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r5.w6, <16 x float> %r5.rd7, i32 0, i32 16, i32 1, i16 3008, i32 16, i1 true)
  %r6.rd0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc30, i32 0, i32 16, i32 1, i16 0, i32 16)
  %r6.w0 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r5, <16 x float> %r6.rd0, i32 0, i32 16, i32 1, i16 3072, i32 16, i1 true)
  %r6.rd1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc30, i32 0, i32 16, i32 1, i16 64, i32 16)
  %r6.w1 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r6.w0, <16 x float> %r6.rd1, i32 0, i32 16, i32 1, i16 3200, i32 16, i1 true)
  %r6.rd2 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc30, i32 0, i32 16, i32 1, i16 128, i32 16)
  %r6.w2 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r6.w1, <16 x float> %r6.rd2, i32 0, i32 16, i32 1, i16 3328, i32 16, i1 true)
  %r6.rd3 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc30, i32 0, i32 16, i32 1, i16 192, i32 16)
  %r6.w3 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r6.w2, <16 x float> %r6.rd3, i32 0, i32 16, i32 1, i16 3456, i32 16, i1 true)
  %r6.rd4 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc30, i32 0, i32 16, i32 1, i16 256, i32 16)
  %r6.w4 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r6.w3, <16 x float> %r6.rd4, i32 0, i32 16, i32 1, i16 3584, i32 16, i1 true)
  %r6.rd5 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc30, i32 0, i32 16, i32 1, i16 320, i32 16)
  %r6.w5 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r6.w4, <16 x float> %r6.rd5, i32 0, i32 16, i32 1, i16 3712, i32 16, i1 true)
  %r6.rd6 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc30, i32 0, i32 16, i32 1, i16 384, i32 16)
  %r6.w6 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r6.w5, <16 x float> %r6.rd6, i32 0, i32 16, i32 1, i16 3840, i32 16, i1 true)
  %r6.rd7 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc30, i32 0, i32 16, i32 1, i16 448, i32 16)
  %r6 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r6.w6, <16 x float> %r6.rd7, i32 0, i32 16, i32 1, i16 3968, i32 16, i1 true)
  %r7.rd0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc31, i32 0, i32 16, i32 1, i16 0, i32 16)
  %r7.w0 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r6, <16 x float> %r7.rd0, i32 0, i32 16, i32 1, i16 3136, i32 16, i1 true)
  %r7.rd1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc31, i32 0, i32 16, i32 1, i16 64, i32 16)
  %r7.w1 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r7.w0, <16 x float> %r7.rd1, i32 0, i32 16, i32 1, i16 3264, i32 16, i1 true)
  %r7.rd2 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc31, i32 0, i32 16, i32 1, i16 128, i32 16)
  %r7.w2 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r7.w1, <16 x float> %r7.rd2, i32 0, i32 16, i32 1, i16 3392, i32 16, i1 true)
  %r7.rd3 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc31, i32 0, i32 16, i32 1, i16 192, i32 16)
  %r7.w3 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r7.w2, <16 x float> %r7.rd3, i32 0, i32 16, i32 1, i16 3520, i32 16, i1 true)
  %r7.rd4 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc31, i32 0, i32 16, i32 1, i16 256, i32 16)
  %r7.w4 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r7.w3, <16 x float> %r7.rd4, i32 0, i32 16, i32 1, i16 3648, i32 16, i1 true)
  %r7.rd5 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc31, i32 0, i32 16, i32 1, i16 320, i32 16)
  %r7.w5 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r7.w4, <16 x float> %r7.rd5, i32 0, i32 16, i32 1, i16 3776, i32 16, i1 true)
  %r7.rd6 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc31, i32 0, i32 16, i32 1, i16 384, i32 16)
  %r7.w6 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r7.w5, <16 x float> %r7.rd6, i32 0, i32 16, i32 1, i16 3904, i32 16, i1 true)
  %r7.rd7 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %acc31, i32 0, i32 16, i32 1, i16 448, i32 16)
  %r7 = call <1024 x float> @llvm.genx.wrregionf.v1024f32.v16f32.i16.i1(<1024 x float> %r7.w6, <16 x float> %r7.rd7, i32 0, i32 16, i32 1, i16 4032, i32 16, i1 true)
  %n.i32.1 = trunc i64 %n to i32
  %m.i32.1 = trunc i64 %m to i32
  %tc.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 1023, i32 255, i32 1023, i32 undef, i32 undef, i32 7967> to <4 x i64>
  %tc.hdr.base = insertelement <4 x i64> %tc.hdr.q, i64 %c, i32 0
  %tc.hdr.dw = bitcast <4 x i64> %tc.hdr.base to <8 x i32>
  %tc.hdr.x = insertelement <8 x i32> %tc.hdr.dw, i32 %n.i32.1, i32 5
  %tc.hdr.y = insertelement <8 x i32> %tc.hdr.x, i32 %m.i32.1, i32 6
  %st.r7.m0.hdr.shape = insertelement <8 x i32> %tc.hdr.y, i32 1807, i32 7
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %st.r7.m0.hdr.shape, <128 x float> %acc00)
  %st.r7.m1.x = add i32 %n.i32.1, 16
  %st.r7.m1.hdr.x = insertelement <8 x i32> %st.r7.m0.hdr.shape, i32 %st.r7.m1.x, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %st.r7.m1.hdr.x, <128 x float> %acc01)
  %st.r7.m2.y = add i32 %m.i32.1, 8
  %st.r7.m2.hdr.y = insertelement <8 x i32> %st.r7.m1.hdr.x, i32 %st.r7.m2.y, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %st.r7.m2.hdr.y, <128 x float> %acc11)
  %st.r7.m3.hdr.x = insertelement <8 x i32> %st.r7.m2.hdr.y, i32 %n.i32.1, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %st.r7.m3.hdr.x, <128 x float> %acc10)
  %st.r7.m4.y = add i32 %m.i32.1, 16
  %st.r7.m4.hdr.y = insertelement <8 x i32> %st.r7.m3.hdr.x, i32 %st.r7.m4.y, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %st.r7.m4.hdr.y, <128 x float> %acc20)
  %st.r7.m5.x = add i32 %n.i32.1, 16
  %st.r7.m5.hdr.x = insertelement <8 x i32> %st.r7.m4.hdr.y, i32 %st.r7.m5.x, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %st.r7.m5.hdr.x, <128 x float> %acc21)
  %st.r7.m6.y = add i32 %m.i32.1, 24
  %st.r7.m6.hdr.y = insertelement <8 x i32> %st.r7.m5.hdr.x, i32 %st.r7.m6.y, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %st.r7.m6.hdr.y, <128 x float> %acc31)
  %st.r7.m7.hdr.x = insertelement <8 x i32> %st.r7.m6.hdr.y, i32 %n.i32.1, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %st.r7.m7.hdr.x, <128 x float> %acc30)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @gemm_32x32_bf16, !"gemm_32x32_bf16", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
