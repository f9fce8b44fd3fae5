target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float>, <128 x i32>, <64 x i32>, i32, i32, i32, i32, i32, i32)
declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare <512 x half> @llvm.genx.raw.send2.v512f16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <512 x half>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)
declare <128 x half> @llvm.genx.rdregionf.v128f16.v512f16.i16(<512 x half>, i32, i32, i32, i16, i32)
declare <256 x half> @llvm.genx.rdregionf.v256f16.v512f16.i16(<512 x half>, i32, i32, i32, i16, i32)

define dllexport void @gemm_32x64_f16(i64 %a, i64 %b, i64 %c) #0 {
entry:
  %group_id.x = call i32 @llvm.genx.group.id.x()
  %group_id.y = call i32 @llvm.genx.group.id.y()
  %bx = zext i32 %group_id.x to i64
  %by = zext i32 %group_id.y to i64
  %m = mul i64 %bx, 32
  %n = mul i64 %by, 64
  %n32 = add i64 %n, 32
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
  %n32.i32 = trunc i64 %n32 to i32
  %b1.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 511, i32 255, i32 511, i32 undef, i32 0, i32 69391> to <4 x i64>
  %b1.hdr.base = insertelement <4 x i64> %b1.hdr.q, i64 %b, i32 0
  %b1.hdr.dw = bitcast <4 x i64> %b1.hdr.base to <8 x i32>
  %b1.hdr.x = insertelement <8 x i32> %b1.hdr.dw, i32 %n32.i32, i32 5
  br label %k.header
k.header:
  %k.left = phi  i32 [-256, %entry], [%k.next, %k.body]
  %ta.payload = phi  <8 x i32> [%a0.hdr.y, %entry], [%ta_next.hdr.x, %k.body]
  %tb0.payload = phi  <8 x i32> [%b0.hdr.x, %entry], [%tb0_next.hdr.y, %k.body]
  %tb1.payload = phi  <8 x i32> [%b1.hdr.x, %entry], [%tb1_next.hdr.y, %k.body]
  %acc00 = phi  <128 x float> [zeroinitializer, %entry], [%d00, %k.body]
  %acc01 = phi  <128 x float> [zeroinitializer, %entry], [%d01, %k.body]
  %acc02 = phi  <128 x float> [zeroinitializer, %entry], [%d02, %k.body]
  %acc03 = phi  <128 x float> [zeroinitializer, %entry], [%d03, %k.body]
  %acc10 = phi  <128 x float> [zeroinitializer, %entry], [%d10, %k.body]
  %acc11 = phi  <128 x float> [zeroinitializer, %entry], [%d11, %k.body]
  %acc12 = phi  <128 x float> [zeroinitializer, %entry], [%d12, %k.body]
  %acc13 = phi  <128 x float> [zeroinitializer, %entry], [%d13, %k.body]
  %acc20 = phi  <128 x float> [zeroinitializer, %entry], [%d20, %k.body]
  %acc21 = phi  <128 x float> [zeroinitializer, %entry], [%d21, %k.body]
  %acc22 = phi  <128 x float> [zeroinitializer, %entry], [%d22, %k.body]
  %acc23 = phi  <128 x float> [zeroinitializer, %entry], [%d23, %k.body]
  %acc30 = phi  <128 x float> [zeroinitializer, %entry], [%d30, %k.body]
  %acc31 = phi  <128 x float> [zeroinitializer, %entry], [%d31, %k.body]
  %acc32 = phi  <128 x float> [zeroinitializer, %entry], [%d32, %k.body]
  %acc33 = phi  <128 x float> [zeroinitializer, %entry], [%d33, %k.body]
  %k.cond = icmp ne i32 %k.left, 0
  br i1 %k.cond, label %k.body, label %k.exit
k.body:
  %va = call <512 x half> @llvm.genx.raw.send2.v512f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 16, i8 15, i32 0, i32 50332163, <8 x i32> %ta.payload, <512 x half> undef)
  %vb0 = call <512 x half> @llvm.genx.raw.send2.v512f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 16, i8 15, i32 0, i32 50332291, <8 x i32> %tb0.payload, <512 x half> undef)
  %vb1 = call <512 x half> @llvm.genx.raw.send2.v512f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 16, i8 15, i32 0, i32 50332291, <8 x i32> %tb1.payload, <512 x half> undef)
  %b_0 = call <256 x half> @llvm.genx.rdregionf.v256f16.v512f16.i16(<512 x half> %vb0, i32 0, i32 256, i32 1, i16 0, i32 256)
  %b_1 = call <256 x half> @llvm.genx.rdregionf.v256f16.v512f16.i16(<512 x half> %vb0, i32 0, i32 256, i32 1, i16 512, i32 256)
  %b_2 = call <256 x half> @llvm.genx.rdregionf.v256f16.v512f16.i16(<512 x half> %vb1, i32 0, i32 256, i32 1, i16 0, i32 256)
  %b_3 = call <256 x half> @llvm.genx.rdregionf.v256f16.v512f16.i16(<512 x half> %vb1, i32 0, i32 256, i32 1, i16 512, i32 256)
  %a_0 = call <128 x half> @llvm.genx.rdregionf.v128f16.v512f16.i16(<512 x half> %va, i32 0, i32 128, i32 1, i16 0, i32 128)
  %a_1 = call <128 x half> @llvm.genx.rdregionf.v128f16.v512f16.i16(<512 x half> %va, i32 0, i32 128, i32 1, i16 256, i32 128)
  %a_2 = call <128 x half> @llvm.genx.rdregionf.v128f16.v512f16.i16(<512 x half> %va, i32 0, i32 128, i32 1, i16 512, i32 128)
  %a_3 = call <128 x half> @llvm.genx.rdregionf.v128f16.v512f16.i16(<512 x half> %va, i32 0, i32 128, i32 1, i16 768, i32 128)
  %a_0.dw = bitcast <128 x half> %a_0 to <64 x i32>
  %b_0.dw = bitcast <256 x half> %b_0 to <128 x i32>
  %d00 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc00, <128 x i32> %b_0.dw, <64 x i32> %a_0.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %b_1.dw = bitcast <256 x half> %b_1 to <128 x i32>
  %d01 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc01, <128 x i32> %b_1.dw, <64 x i32> %a_0.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %b_2.dw = bitcast <256 x half> %b_2 to <128 x i32>
  %d02 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc02, <128 x i32> %b_2.dw, <64 x i32> %a_0.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %b_3.dw = bitcast <256 x half> %b_3 to <128 x i32>
  %d03 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc03, <128 x i32> %b_3.dw, <64 x i32> %a_0.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %a_1.dw = bitcast <128 x half> %a_1 to <64 x i32>
  %d10 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc10, <128 x i32> %b_0.dw, <64 x i32> %a_1.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d11 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc11, <128 x i32> %b_1.dw, <64 x i32> %a_1.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d12 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc12, <128 x i32> %b_2.dw, <64 x i32> %a_1.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d13 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc13, <128 x i32> %b_3.dw, <64 x i32> %a_1.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %a_2.dw = bitcast <128 x half> %a_2 to <64 x i32>
  %d20 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc20, <128 x i32> %b_0.dw, <64 x i32> %a_2.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d21 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc21, <128 x i32> %b_1.dw, <64 x i32> %a_2.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d22 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc22, <128 x i32> %b_2.dw, <64 x i32> %a_2.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d23 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc23, <128 x i32> %b_3.dw, <64 x i32> %a_2.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %a_3.dw = bitcast <128 x half> %a_3 to <64 x i32>
  %d30 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc30, <128 x i32> %b_0.dw, <64 x i32> %a_3.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d31 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc31, <128 x i32> %b_1.dw, <64 x i32> %a_3.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d32 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc32, <128 x i32> %b_2.dw, <64 x i32> %a_3.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d33 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc33, <128 x i32> %b_3.dw, <64 x i32> %a_3.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %ta_next.x0 = extractelement <8 x i32> %ta.payload, i32 5
  %ta_next.x = add i32 %ta_next.x0, 16
  %ta_next.hdr.x = insertelement <8 x i32> %ta.payload, i32 %ta_next.x, i32 5
  %tb0_next.y0 = extractelement <8 x i32> %tb0.payload, i32 6
  %tb0_next.y = add i32 %tb0_next.y0, 16
  %tb0_next.hdr.y = insertelement <8 x i32> %tb0.payload, i32 %tb0_next.y, i32 6
  %tb1_next.y0 = extractelement <8 x i32> %tb1.payload, i32 6
  %tb1_next.y = add i32 %tb1_next.y0, 16
  %tb1_next.hdr.y = insertelement <8 x i32> %tb1.payload, i32 %tb1_next.y, i32 6
  %k.next = add i32 %k.left, 16
  br label %k.header
k.exit:
  %m0 = add i64 %m, 0
  %m1 = add i64 %m, 8
  %m2 = add i64 %m, 16
  %m3 = add i64 %m, 24
  %n0 = add i64 %n, 0
  %n1 = add i64 %n, 16
  %n2 = add i64 %n, 32
  %n3 = add i64 %n, 48
  %n0.i32 = trunc i64 %n0 to i32
  %m0.i32 = trunc i64 %m0 to i32
  %tc00.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 1023, i32 255, i32 1023, i32 undef, i32 undef, i32 1807> to <4 x i64>
  %tc00.hdr.base = insertelement <4 x i64> %tc00.hdr.q, i64 %c, i32 0
  %tc00.hdr.dw = bitcast <4 x i64> %tc00.hdr.base to <8 x i32>
  %tc00.hdr.x = insertelement <8 x i32> %tc00.hdr.dw, i32 %n0.i32, i32 5
  %tc00.hdr.y = insertelement <8 x i32> %tc00.hdr.x, i32 %m0.i32, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc00.hdr.y, <128 x float> %acc00)
  %n1.i32 = trunc i64 %n1 to i32
  %tc01.hdr.x = insertelement <8 x i32> %tc00.hdr.y, i32 %n1.i32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc01.hdr.x, <128 x float> %acc01)
  %n2.i32 = trunc i64 %n2 to i32
  %tc02.hdr.x = insertelement <8 x i32> %tc01.hdr.x, i32 %n2.i32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc02.hdr.x, <128 x float> %acc02)
  %n3.i32 = trunc i64 %n3 to i32
  %tc03.hdr.x = insertelement <8 x i32> %tc02.hdr.x, i32 %n3.i32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc03.hdr.x, <128 x float> %acc03)
  %m1.i32 = trunc i64 %m1 to i32
  %tc10.hdr.x = insertelement <8 x i32> %tc03.hdr.x, i32 %n0.i32, i32 5
  %tc10.hdr.y = insertelement <8 x i32> %tc10.hdr.x, i32 %m1.i32, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc10.hdr.y, <128 x float> %acc10)
  %tc11.hdr.x = insertelement <8 x i32> %tc10.hdr.y, i32 %n1.i32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc11.hdr.x, <128 x float> %acc11)
  %tc12.hdr.x = insertelement <8 x i32> %tc11.hdr.x, i32 %n2.i32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc12.hdr.x, <128 x float> %acc12)
  %tc13.hdr.x = insertelement <8 x i32> %tc12.hdr.x, i32 %n3.i32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc13.hdr.x, <128 x float> %acc13)
  %m2.i32 = trunc i64 %m2 to i32
  %tc20.hdr.x = insertelement <8 x i32> %tc13.hdr.x, i32 %n0.i32, i32 5
  %tc20.hdr.y = insertelement <8 x i32> %tc20.hdr.x, i32 %m2.i32, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc20.hdr.y, <128 x float> %acc20)
  %tc21.hdr.x = insertelement <8 x i32> %tc20.hdr.y, i32 %n1.i32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc21.hdr.x, <128 x float> %acc21)
  %tc22.hdr.x = insertelement <8 x i32> %tc21.hdr.x, i32 %n2.i32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc22.hdr.x, <128 x float> %acc22)
  %tc23.hdr.x = insertelement <8 x i32> %tc22.hdr.x, i32 %n3.i32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc23.hdr.x, <128 x float> %acc23)
  %m3.i32 = trunc i64 %m3 to i32
  %tc30.hdr.x = insertelement <8 x i32> %tc23.hdr.x, i32 %n0.i32, i32 5
  %tc30.hdr.y = insertelement <8 x i32> %tc30.hdr.x, i32 %m3.i32, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc30.hdr.y, <128 x float> %acc30)
  %tc31.hdr.x = insertelement <8 x i32> %tc30.hdr.y, i32 %n1.i32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc31.hdr.x, <128 x float> %acc31)
  %tc32.hdr.x = insertelement <8 x i32> %tc31.hdr.x, i32 %n2.i32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc32.hdr.x, <128 x float> %acc32)
  %tc33.hdr.x = insertelement <8 x i32> %tc32.hdr.x, i32 %n3.i32, i32 5
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc33.hdr.x, <128 x float> %acc33)
  ret void
}

attributes #0 = { "CMGenxMain" "genx-emit-grf"="256" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @gemm_32x64_f16, !"gemm_32x64_f16", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
