target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32>, <64 x i32>, i32)
declare <128 x i16> @llvm.genx.raw.send2.v128i16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x i16>)
declare <256 x i16> @llvm.genx.raw.send2.v256i16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <256 x i16>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)

define dllexport void @gemm_tile_bf16(i64 %a, i64 %b, i64 %c) #0 {
entry:
  %ta.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 31, i32 7, i32 31, i32 0, i32 0, i32 1807> to <4 x i64>
  %ta.hdr.base = insertelement <4 x i64> %ta.hdr.q, i64 %a, i32 0
  %ta.hdr.dw = bitcast <4 x i64> %ta.hdr.base to <8 x i32>
  %tb.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 31, i32 15, i32 31, i32 0, i32 0, i32 3855> to <4 x i64>
  %tb.hdr.base = insertelement <4 x i64> %tb.hdr.q, i64 %b, i32 0
  %tb.hdr.dw = bitcast <4 x i64> %tb.hdr.base to <8 x i32>
  %va = call <128 x i16> @llvm.genx.raw.send2.v128i16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 37749251, <8 x i32> %ta.hdr.dw, <128 x i16> undef)
  %vb = call <256 x i16> @llvm.genx.raw.send2.v256i16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 41943683, <8 x i32> %tb.hdr.dw, <256 x i16> undef)
  %va.dw = bitcast <128 x i16> %va to <64 x i32>
  %vb.dw = bitcast <256 x i16> %vb to <128 x i32>
  %vc = call <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32> %vb.dw, <64 x i32> %va.dw, i32 134744329)
  %tc.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 7, i32 63, i32 0, i32 0, i32 1807> to <4 x i64>
  %tc.hdr.base = insertelement <4 x i64> %tc.hdr.q, i64 %c, i32 0
  %tc.hdr.dw = bitcast <4 x i64> %tc.hdr.base to <8 x i32>
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc.hdr.dw, <128 x float> %vc)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @gemm_tile_bf16, !"gemm_tile_bf16", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
