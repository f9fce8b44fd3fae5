target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32>, <64 x i32>, i32)
declare <128 x half> @llvm.genx.raw.send2.v128f16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x half>)
declare <512 x half> @llvm.genx.raw.send2.v512f16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <512 x half>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <256 x half>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float>, i32, i32, i32, i16, i32)
declare <256 x half> @llvm.genx.rdregionf.v256f16.v512f16.i16(<512 x half>, i32, i32, i32, i16, i32)
declare <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half>, <16 x half>, i32, i32, i32, i16, i32, i1)
declare <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half>, <16 x half>, i32, i32, i32, i16, i32, i1)

define dllexport void @dpas_pair_store_f16(i64 %a, i64 %b, i64 %c) #0 {
entry:
  %ta.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 31, i32 7, i32 31, i32 0, i32 0, i32 1807> to <4 x i64>
  %ta.hdr.base = insertelement <4 x i64> %ta.hdr.q, i64 %a, i32 0
  %ta.hdr.dw = bitcast <4 x i64> %ta.hdr.base to <8 x i32>
  %tb.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 15, i32 63, i32 0, i32 0, i32 69391> to <4 x i64>
  %tb.hdr.base = insertelement <4 x i64> %tb.hdr.q, i64 %b, i32 0
  %tb.hdr.dw = bitcast <4 x i64> %tb.hdr.base to <8 x i32>
  %va = call <128 x half> @llvm.genx.raw.send2.v128f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 37749251, <8 x i32> %ta.hdr.dw, <128 x half> undef)
  %vb = call <512 x half> @llvm.genx.raw.send2.v512f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 16, i8 15, i32 0, i32 50332291, <8 x i32> %tb.hdr.dw, <512 x half> undef)
  %b0 = call <256 x half> @llvm.genx.rdregionf.v256f16.v512f16.i16(<512 x half> %vb, i32 0, i32 256, i32 1, i16 0, i32 256)
  %b1 = call <256 x half> @llvm.genx.rdregionf.v256f16.v512f16.i16(<512 x half> %vb, i32 0, i32 256, i32 1, i16 512, i32 256)
  %va.dw = bitcast <128 x half> %va to <64 x i32>
  %b0.dw = bitcast <256 x half> %b0 to <128 x i32>
  %d0 = call <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32> %b0.dw, <64 x i32> %va.dw, i32 134744586)
  %b1.dw = bitcast <256 x half> %b1 to <128 x i32>
  %d1 = call <128 x float> @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32> %b1.dw, <64 x i32> %va.dw, i32 134744586)
  %h0.0.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d0, i32 0, i32 16, i32 1, i16 0, i32 16)
  %h0.0 = fptrunc <16 x float> %h0.0.a0 to <16 x half>
  %h0.1.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d0, i32 0, i32 16, i32 1, i16 64, i32 16)
  %h0.1 = fptrunc <16 x float> %h0.1.a0 to <16 x half>
  %h0.2.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d0, i32 0, i32 16, i32 1, i16 128, i32 16)
  %h0.2 = fptrunc <16 x float> %h0.2.a0 to <16 x half>
  %h0.3.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d0, i32 0, i32 16, i32 1, i16 192, i32 16)
  %h0.3 = fptrunc <16 x float> %h0.3.a0 to <16 x half>
  %h0.4.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d0, i32 0, i32 16, i32 1, i16 256, i32 16)
  %h0.4 = fptrunc <16 x float> %h0.4.a0 to <16 x half>
  %h0.5.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d0, i32 0, i32 16, i32 1, i16 320, i32 16)
  %h0.5 = fptrunc <16 x float> %h0.5.a0 to <16 x half>
  %h0.6.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d0, i32 0, i32 16, i32 1, i16 384, i32 16)
  %h0.6 = fptrunc <16 x float> %h0.6.a0 to <16 x half>
  %h0.7.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d0, i32 0, i32 16, i32 1, i16 448, i32 16)
  %h0.7 = fptrunc <16 x float> %h0.7.a0 to <16 x half>
  %h0.j0 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> undef, <16 x half> %h0.0, i32 0, i32 16, i32 1, i16 0, i32 16, i1 true)
  %h0.j1 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h0.j0, <16 x half> %h0.1, i32 0, i32 16, i32 1, i16 32, i32 16, i1 true)
  %h0.j2 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h0.j1, <16 x half> %h0.2, i32 0, i32 16, i32 1, i16 64, i32 16, i1 true)
  %h0.j3 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h0.j2, <16 x half> %h0.3, i32 0, i32 16, i32 1, i16 96, i32 16, i1 true)
  %h0.j4 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h0.j3, <16 x half> %h0.4, i32 0, i32 16, i32 1, i16 128, i32 16, i1 true)
  %h0.j5 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h0.j4, <16 x half> %h0.5, i32 0, i32 16, i32 1, i16 160, i32 16, i1 true)
  %h0.j6 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h0.j5, <16 x half> %h0.6, i32 0, i32 16, i32 1, i16 192, i32 16, i1 true)
  %h0 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h0.j6, <16 x half> %h0.7, i32 0, i32 16, i32 1, i16 224, i32 16, i1 true)
  %h1.0.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d1, i32 0, i32 16, i32 1, i16 0, i32 16)
  %h1.0 = fptrunc <16 x float> %h1.0.a0 to <16 x half>
  %h1.1.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d1, i32 0, i32 16, i32 1, i16 64, i32 16)
  %h1.1 = fptrunc <16 x float> %h1.1.a0 to <16 x half>
  %h1.2.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d1, i32 0, i32 16, i32 1, i16 128, i32 16)
  %h1.2 = fptrunc <16 x float> %h1.2.a0 to <16 x half>
  %h1.3.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d1, i32 0, i32 16, i32 1, i16 192, i32 16)
  %h1.3 = fptrunc <16 x float> %h1.3.a0 to <16 x half>
  %h1.4.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d1, i32 0, i32 16, i32 1, i16 256, i32 16)
  %h1.4 = fptrunc <16 x float> %h1.4.a0 to <16 x half>
  %h1.5.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d1, i32 0, i32 16, i32 1, i16 320, i32 16)
  %h1.5 = fptrunc <16 x float> %h1.5.a0 to <16 x half>
  %h1.6.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d1, i32 0, i32 16, i32 1, i16 384, i32 16)
  %h1.6 = fptrunc <16 x float> %h1.6.a0 to <16 x half>
  %h1.7.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %d1, i32 0, i32 16, i32 1, i16 448, i32 16)
  %h1.7 = fptrunc <16 x float> %h1.7.a0 to <16 x half>
  %h1.j0 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> undef, <16 x half> %h1.0, i32 0, i32 16, i32 1, i16 0, i32 16, i1 true)
  %h1.j1 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h1.j0, <16 x half> %h1.1, i32 0, i32 16, i32 1, i16 32, i32 16, i1 true)
  %h1.j2 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h1.j1, <16 x half> %h1.2, i32 0, i32 16, i32 1, i16 64, i32 16, i1 true)
  %h1.j3 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h1.j2, <16 x half> %h1.3, i32 0, i32 16, i32 1, i16 96, i32 16, i1 true)
  %h1.j4 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h1.j3, <16 x half> %h1.4, i32 0, i32 16, i32 1, i16 128, i32 16, i1 true)
  %h1.j5 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h1.j4, <16 x half> %h1.5, i32 0, i32 16, i32 1, i16 160, i32 16, i1 true)
  %h1.j6 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h1.j5, <16 x half> %h1.6, i32 0, i32 16, i32 1, i16 192, i32 16, i1 true)
  %h1 = call <128 x half> @llvm.genx.wrregionf.v128f16.v16f16.i16.i1(<128 x half> %h1.j6, <16 x half> %h1.7, i32 0, i32 16, i32 1, i16 224, i32 16, i1 true)
  %left.w0 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> zeroinitializer, <16 x half> %h0.0, i32 0, i32 16, i32 1, i16 0, i32 16, i1 true)
  %left.w1 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %left.w0, <16 x half> %h0.1, i32 0, i32 16, i32 1, i16 64, i32 16, i1 true)
  %left.w2 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %left.w1, <16 x half> %h0.2, i32 0, i32 16, i32 1, i16 128, i32 16, i1 true)
  %left.w3 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %left.w2, <16 x half> %h0.3, i32 0, i32 16, i32 1, i16 192, i32 16, i1 true)
  %left.w4 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %left.w3, <16 x half> %h0.4, i32 0, i32 16, i32 1, i16 256, i32 16, i1 true)
  %left.w5 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %left.w4, <16 x half> %h0.5, i32 0, i32 16, i32 1, i16 320, i32 16, i1 true)
  %left.w6 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %left.w5, <16 x half> %h0.6, i32 0, i32 16, i32 1, i16 384, i32 16, i1 true)
  %left = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %left.w6, <16 x half> %h0.7, i32 0, i32 16, i32 1, i16 448, i32 16, i1 true)
  %tile.w0 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %left, <16 x half> %h1.0, i32 0, i32 16, i32 1, i16 32, i32 16, i1 true)
  %tile.w1 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %tile.w0, <16 x half> %h1.1, i32 0, i32 16, i32 1, i16 96, i32 16, i1 true)
  %tile.w2 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %tile.w1, <16 x half> %h1.2, i32 0, i32 16, i32 1, i16 160, i32 16, i1 true)
  %tile.w3 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %tile.w2, <16 x half> %h1.3, i32 0, i32 16, i32 1, i16 224, i32 16, i1 true)
  %tile.w4 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %tile.w3, <16 x half> %h1.4, i32 0, i32 16, i32 1, i16 288, i32 16, i1 true)
  %tile.w5 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %tile.w4, <16 x half> %h1.5, i32 0, i32 16, i32 1, i16 352, i32 16, i1 true)
  %tile.w6 = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %tile.w5, <16 x half> %h1.6, i32 0, i32 16, i32 1, i16 416, i32 16, i1 true)
  %tile = call <256 x half> @llvm.genx.wrregionf.v256f16.v16f16.i16.i1(<256 x half> %tile.w6, <16 x half> %h1.7, i32 0, i32 16, i32 1, i16 480, i32 16, i1 true)
  %tc.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 7, i32 63, i32 0, i32 0, i32 1823> to <4 x i64>
  %tc.hdr.base = insertelement <4 x i64> %tc.hdr.q, i64 %c, i32 0
  %tc.hdr.dw = bitcast <4 x i64> %tc.hdr.base to <8 x i32>
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %tc.hdr.dw, <256 x half> %tile)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @dpas_pair_store_f16, !"dpas_pair_store_f16", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
