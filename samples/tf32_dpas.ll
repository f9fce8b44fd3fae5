target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32>, <64 x i32>, i32)
declare <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float>, <128 x i32>, <64 x i32>, i32, i32, i32, i32, i32, i32)
declare <128 x float> @llvm.genx.raw.send2.v128f32.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)
declare <64 x float> @llvm.genx.raw.send2.v64f32.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <64 x float>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)

define dllexport void @tf32_dpas(i64 %a, i64 %b, i64 %c) #0 {
entry:
  %ta0.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 7, i32 63, i32 0, i32 0, i32 1799> to <4 x i64>
  %ta0.hdr.base = insertelement <4 x i64> %ta0.hdr.q, i64 %a, i32 0
  %ta0.hdr.dw = bitcast <4 x i64> %ta0.hdr.base to <8 x i32>
  %ta1.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 7, i32 63, i32 8, i32 0, i32 1799> to <4 x i64>
  %ta1.hdr.base = insertelement <4 x i64> %ta1.hdr.q, i64 %a, i32 0
  %ta1.hdr.dw = bitcast <4 x i64> %ta1.hdr.base to <8 x i32>
  %tb0.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 15, i32 63, i32 0, i32 0, i32 1807> to <4 x i64>
  %tb0.hdr.base = insertelement <4 x i64> %tb0.hdr.q, i64 %b, i32 0
  %tb0.hdr.dw = bitcast <4 x i64> %tb0.hdr.base to <8 x i32>
  %tb1.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 15, i32 63, i32 0, i32 8, i32 1807> to <4 x i64>
  %tb1.hdr.base = insertelement <4 x i64> %tb1.hdr.q, i64 %b, i32 0
  %tb1.hdr.dw = bitcast <4 x i64> %tb1.hdr.base to <8 x i32>
  %va0 = call <64 x float> @llvm.genx.raw.send2.v64f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 37749763, <8 x i32> %ta0.hdr.dw, <64 x float> undef)
  %va1 = call <64 x float> @llvm.genx.raw.send2.v64f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 37749763, <8 x i32> %ta1.hdr.dw, <64 x float> undef)
  %vb0 = call <128 x float> @llvm.genx.raw.send2.v128f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 41944067, <8 x i32> %tb0.hdr.dw, <128 x float> undef)
  %vb1 = call <128 x float> @llvm.genx.raw.send2.v128f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 41944067, <8 x i32> %tb1.hdr.dw, <128 x float> undef)
  %va0.dw = bitcast <64 x float> %va0 to <64 x i32>
  %vb0.dw = bitcast <128 x float> %vb0 to <128 x i32>
  %p = call <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32> %vb0.dw, <64 x i32> %va0.dw, i32 134745100)
  %va1.dw = bitcast <64 x float> %va1 to <64 x i32>
  %vb1.dw = bitcast <128 x float> %vb1 to <128 x i32>
  %r = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %p, <128 x i32> %vb1.dw, <64 x i32> %va1.dw, i32 12, i32 12, i32 8, i32 8, i32 0, i32 0)
  %tc.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 7, i32 63, i32 0, i32 0, i32 1807> to <4 x i64>
  %tc.hdr.base = insertelement <4 x i64> %tc.hdr.q, i64 %c, i32 0
  %tc.hdr.dw = bitcast <4 x i64> %tc.hdr.base to <8 x i32>
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc.hdr.dw, <128 x float> %r)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @tf32_dpas, !"tf32_dpas", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
