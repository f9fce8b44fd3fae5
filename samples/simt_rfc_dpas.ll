target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32>, <64 x i32>, i32)
declare <128 x i16> @llvm.genx.lsc.load2d.stateless.v128i16.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare <256 x i16> @llvm.genx.lsc.load2d.stateless.v256i16.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.prefetch2d.stateless.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <128 x float>)

define dllexport void @simt_rfc_dpas(i64 %a, i64 %b, i64 %c) #0 {
entry:
  %vector_a = call <128 x i16> @llvm.genx.lsc.load2d.stateless.v128i16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %a, i32 31, i32 7, i32 31, i32 0, i32 0)
  call void @llvm.genx.lsc.prefetch2d.stateless.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %a, i32 31, i32 7, i32 31, i32 0, i32 0)
  %vector_b = call <256 x i16> @llvm.genx.lsc.load2d.stateless.v256i16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 16, i8 1, i64 %b, i32 31, i32 15, i32 31, i32 0, i32 0)
  %vector_a.dw = bitcast <128 x i16> %vector_a to <64 x i32>
  %vector_b.dw = bitcast <256 x i16> %vector_b to <128 x i32>
  %vector_c = call <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32> %vector_b.dw, <64 x i32> %vector_a.dw, i32 134744329)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 63, i32 7, i32 63, i32 0, i32 0, <128 x float> %vector_c)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @simt_rfc_dpas, !"simt_rfc_dpas", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
