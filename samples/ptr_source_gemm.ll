target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32>, <64 x i32>, i32)
declare <128 x i16> @llvm.genx.lsc.load2d.stateless.v128i16.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare <256 x i16> @llvm.genx.lsc.load2d.stateless.v256i16.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <128 x float>)

define dllexport void @ptr_source_gemm(i64 %a, i64 %b, i64 %c) #0 {
entry:
  %va = call <128 x i16> @llvm.genx.lsc.load2d.stateless.v128i16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %a, i32 31, i32 7, i32 31, i32 0, i32 0)
  %vb = call <256 x i16> @llvm.genx.lsc.load2d.stateless.v256i16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 16, i8 1, i64 %b, i32 31, i32 15, i32 31, i32 0, i32 0)
  %va.dw = bitcast <128 x i16> %va to <64 x i32>
  %vb.dw = bitcast <256 x i16> %vb to <128 x i32>
  %vc = call <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32> %vb.dw, <64 x i32> %va.dw, i32 134744329)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 63, i32 7, i32 63, i32 0, i32 0, <128 x float> %vc)
  ret void
}

define dllexport void @ptr_source_gemm_kw(i64 %a, i64 %b, i64 %c) #0 {
entry:
  %va = call <128 x i16> @llvm.genx.lsc.load2d.stateless.v128i16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %a, i32 31, i32 7, i32 31, i32 0, i32 0)
  %vb = call <256 x i16> @llvm.genx.lsc.load2d.stateless.v256i16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 16, i8 1, i64 %b, i32 31, i32 15, i32 31, i32 0, i32 0)
  %va.dw = bitcast <128 x i16> %va to <64 x i32>
  %vb.dw = bitcast <256 x i16> %vb to <128 x i32>
  %vc = call <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32> %vb.dw, <64 x i32> %va.dw, i32 134744329)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 63, i32 7, i32 63, i32 0, i32 0, <128 x float> %vc)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0, !5}
!0 = !{void (i64, i64, i64)* @ptr_source_gemm, !"ptr_source_gemm", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
!5 = !{void (i64, i64, i64)* @ptr_source_gemm_kw, !"ptr_source_gemm_kw", !6, i32 0, !7, !8, !9, i32 0}
!6 = !{i32 0, i32 0, i32 0}
!7 = !{i32 32, i32 40, i32 48}
!8 = !{i32 0, i32 0, i32 0}
!9 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
