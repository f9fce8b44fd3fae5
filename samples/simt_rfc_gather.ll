target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <64 x i32> @llvm.genx.lsc.load.stateless.v64i32.v16i1.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v64i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <64 x i32>, i32)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v64f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <64 x float>)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float>, <32 x float>, i32, i32, i32, i16, i32, i1)

define dllexport void @simt_rfc_gather(i64 %src, i64 %dst, i64 %dst2) #0 {
entry:
  %scatter_tdesc_chunk.addr.base.ins = insertelement <16 x i64> undef, i64 %src, i32 0
  %scatter_tdesc_chunk.addr.base = shufflevector <16 x i64> %scatter_tdesc_chunk.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %scatter_tdesc_chunk.addr = add <16 x i64> %scatter_tdesc_chunk.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  %result = call <64 x i32> @llvm.genx.lsc.load.stateless.v64i32.v16i1.v16i64(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 0, i8 2, i8 1, i16 1, i32 0, i8 3, i8 4, i8 1, i8 0, <16 x i64> %scatter_tdesc_chunk.addr, i32 0)
  %result.1 = bitcast <64 x i32> %result to <64 x float>
  %tdesc_t.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 3, i32 63, i32 0, i32 0, i32 783> to <4 x i64>
  %tdesc_t.hdr.base = insertelement <4 x i64> %tdesc_t.hdr.q, i64 %dst, i32 0
  %tdesc_t.hdr.dw = bitcast <4 x i64> %tdesc_t.hdr.base to <8 x i32>
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v64f32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 33555463, <8 x i32> %tdesc_t.hdr.dw, <64 x float> %result.1)
  %mine = mul <16 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10, i64 11, i64 12, i64 13, i64 14, i64 15>, <i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4>
  %keep = icmp ult <16 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10, i64 11, i64 12, i64 13, i64 14, i64 15>, <i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12>
  %twice.0.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %result.1, i32 0, i32 32, i32 1, i16 0, i32 32)
  %twice.0 = fadd <32 x float> %twice.0.a0, %twice.0.a0
  %twice.1.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %result.1, i32 0, i32 32, i32 1, i16 128, i32 32)
  %twice.1 = fadd <32 x float> %twice.1.a0, %twice.1.a0
  %twice.j0 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> undef, <32 x float> %twice.0, i32 0, i32 32, i32 1, i16 0, i32 32, i1 true)
  %twice = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> %twice.j0, <32 x float> %twice.1, i32 0, i32 32, i32 1, i16 128, i32 32, i1 true)
  %back.addr.base.ins = insertelement <16 x i64> undef, i64 %dst2, i32 0
  %back.addr.base = shufflevector <16 x i64> %back.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %back.addr = add <16 x i64> %back.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  %st.twice.bits = bitcast <64 x float> %twice to <64 x i32>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v64i32(<16 x i1> %keep, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 4, i8 1, i8 0, <16 x i64> %back.addr, <64 x i32> %st.twice.bits, i32 0)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @simt_rfc_gather, !"simt_rfc_gather", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
