target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32>, <64 x i32>, i32)
declare <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float>, <128 x i32>, <64 x i32>, i32, i32, i32, i32, i32, i32)
declare <128 x float> @llvm.genx.lsc.load2d.stateless.v128f32.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare <64 x float> @llvm.genx.lsc.load2d.stateless.v64f32.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <128 x float>)

define dllexport void @tf32_dpas(i64 %a, i64 %b, i64 %c) #0 {
entry:
  %va0 = call <64 x float> @llvm.genx.lsc.load2d.stateless.v64f32.i1.i64(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 8, i16 8, i8 0, i64 %a, i32 63, i32 7, i32 63, i32 0, i32 0)
  %va1 = call <64 x float> @llvm.genx.lsc.load2d.stateless.v64f32.i1.i64(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 8, i16 8, i8 0, i64 %a, i32 63, i32 7, i32 63, i32 8, i32 0)
  %vb0 = call <128 x float> @llvm.genx.lsc.load2d.stateless.v128f32.i1.i64(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %b, i32 63, i32 15, i32 63, i32 0, i32 0)
  %vb1 = call <128 x float> @llvm.genx.lsc.load2d.stateless.v128f32.i1.i64(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %b, i32 63, i32 15, i32 63, i32 0, i32 8)
  %va0.dw = bitcast <64 x float> %va0 to <64 x i32>
  %vb0.dw = bitcast <128 x float> %vb0 to <128 x i32>
  %p = call <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32> %vb0.dw, <64 x i32> %va0.dw, i32 134745100)
  %va1.dw = bitcast <64 x float> %va1 to <64 x i32>
  %vb1.dw = bitcast <128 x float> %vb1 to <128 x i32>
  %r = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %p, <128 x i32> %vb1.dw, <64 x i32> %va1.dw, i32 12, i32 12, i32 8, i32 8, i32 0, i32 0)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 63, i32 7, i32 63, i32 0, i32 0, <128 x float> %r)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @tf32_dpas, !"tf32_dpas", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
