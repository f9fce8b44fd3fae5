target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float>, <128 x i32>, <64 x i32>, i32, i32, i32, i32, i32, i32)
declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare <512 x half> @llvm.genx.lsc.load2d.stateless.v512f16.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <128 x float>)
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
  %n.i32 = trunc i64 %n to i32
  %n32.i32 = trunc i64 %n32 to i32
  br label %k.header
k.header:
  %k = phi  i64 [0, %entry], [%k.next, %k.body]
  %ta.x = phi  i32 [0, %entry], [%ta_next.x, %k.body]
  %tb0.y = phi  i32 [0, %entry], [%tb0_next.y, %k.body]
  %tb1.y = phi  i32 [0, %entry], [%tb1_next.y, %k.body]
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
  %k.cond = icmp slt i64 %k, 256
  br i1 %k.cond, label %k.body, label %k.exit
k.body:
  %va = call <512 x half> @llvm.genx.lsc.load2d.stateless.v512f16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 32, i8 0, i64 %a, i32 511, i32 255, i32 511, i32 %ta.x, i32 %m.i32)
  %vb0 = call <512 x half> @llvm.genx.lsc.load2d.stateless.v512f16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 2, i16 16, i16 16, i8 1, i64 %b, i32 511, i32 255, i32 511, i32 %n.i32, i32 %tb0.y)
  %vb1 = call <512 x half> @llvm.genx.lsc.load2d.stateless.v512f16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 2, i16 16, i16 16, i8 1, i64 %b, i32 511, i32 255, i32 511, i32 %n32.i32, i32 %tb1.y)
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
  %ta_next.x = add i32 %ta.x, 16
  %tb0_next.y = add i32 %tb0.y, 16
  %tb1_next.y = add i32 %tb1.y, 16
  %k.next = add i64 %k, 16
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
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n0.i32, i32 %m0.i32, <128 x float> %acc00)
  %n1.i32 = trunc i64 %n1 to i32
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n1.i32, i32 %m0.i32, <128 x float> %acc01)
  %n2.i32 = trunc i64 %n2 to i32
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n2.i32, i32 %m0.i32, <128 x float> %acc02)
  %n3.i32 = trunc i64 %n3 to i32
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n3.i32, i32 %m0.i32, <128 x float> %acc03)
  %m1.i32 = trunc i64 %m1 to i32
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n0.i32, i32 %m1.i32, <128 x float> %acc10)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n1.i32, i32 %m1.i32, <128 x float> %acc11)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n2.i32, i32 %m1.i32, <128 x float> %acc12)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n3.i32, i32 %m1.i32, <128 x float> %acc13)
  %m2.i32 = trunc i64 %m2 to i32
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n0.i32, i32 %m2.i32, <128 x float> %acc20)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n1.i32, i32 %m2.i32, <128 x float> %acc21)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n2.i32, i32 %m2.i32, <128 x float> %acc22)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n3.i32, i32 %m2.i32, <128 x float> %acc23)
  %m3.i32 = trunc i64 %m3 to i32
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n0.i32, i32 %m3.i32, <128 x float> %acc30)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n1.i32, i32 %m3.i32, <128 x float> %acc31)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n2.i32, i32 %m3.i32, <128 x float> %acc32)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %n3.i32, i32 %m3.i32, <128 x float> %acc33)
  ret void
}

attributes #0 = { "CMGenxMain" "genx-emit-grf"="256" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @gemm_32x64_f16, !"gemm_32x64_f16", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
