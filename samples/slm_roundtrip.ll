target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare void @llvm.genx.barrier()
declare void @llvm.genx.lsc.fence.i1(i1, i8, i8, i8)
declare <32 x i64> @llvm.genx.lsc.load.slm.v32i64.v32i1.v32i32(<32 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <32 x i32>, i32)
declare <8 x i64> @llvm.genx.lsc.load.slm.v8i64.i1.i32(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i32, i32)
declare <32 x i64> @llvm.genx.lsc.load.stateless.v32i64.i1.i64(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, i32)
declare void @llvm.genx.lsc.store.slm.i1.i32.v32i64(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i32, <32 x i64>, i32)
declare void @llvm.genx.lsc.store.slm.i1.i32.v8i64(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i32, <8 x i64>, i32)
declare void @llvm.genx.lsc.store.stateless.i1.i64.v32i64(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, <32 x i64>, i32)
declare void @llvm.genx.lsc.store.stateless.i1.i64.v8i64(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, <8 x i64>, i32)
declare <16 x i32> @llvm.genx.lsc.xatomic.slm.v16i32.v16i1.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, <16 x i32>, <16 x i32>, i32, <16 x i32>)

define dllexport void @slm_roundtrip(i64 %src, i64 %dst, i64 %count) #0 {
entry:
  %v = call <32 x i64> @llvm.genx.lsc.load.stateless.v32i64.i1.i64(i1 true, i8 0, i8 0, i8 0, i16 1, i32 0, i8 4, i8 7, i8 2, i8 0, i64 %src, i32 0)
  %v.v = bitcast <32 x i64> %v to <64 x float>
  %st.v.units = bitcast <64 x float> %v.v to <32 x i64>
  call void @llvm.genx.lsc.store.slm.i1.i32.v32i64(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 4, i8 7, i8 2, i8 0, i32 0, <32 x i64> %st.v.units, i32 0)
  %st.zero.units = bitcast <16 x i32> zeroinitializer to <8 x i64>
  call void @llvm.genx.lsc.store.slm.i1.i32.v8i64(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 4, i8 5, i8 2, i8 0, i32 256, <8 x i64> %st.zero.units, i32 0)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 3, i8 0, i8 0)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 0)
  call void @llvm.genx.barrier()
  %r = call <32 x i64> @llvm.genx.lsc.load.slm.v32i64.v32i1.v32i32(<32 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 4, i8 1, i8 1, i8 0, <32 x i32> <i32 240, i32 248, i32 224, i32 232, i32 208, i32 216, i32 192, i32 200, i32 176, i32 184, i32 160, i32 168, i32 144, i32 152, i32 128, i32 136, i32 112, i32 120, i32 96, i32 104, i32 80, i32 88, i32 64, i32 72, i32 48, i32 56, i32 32, i32 40, i32 16, i32 24, i32 0, i32 8>, i32 0)
  %r.v = bitcast <32 x i64> %r to <64 x float>
  %st.flat.units = bitcast <64 x float> %r.v to <32 x i64>
  call void @llvm.genx.lsc.store.stateless.i1.i64.v32i64(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 4, i8 7, i8 2, i8 0, i64 %dst, <32 x i64> %st.flat.units, i32 0)
  %old = call <16 x i32> @llvm.genx.lsc.xatomic.slm.v16i32.v16i1.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 12, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i32> <i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256>, <16 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>, <16 x i32> undef, i32 0, <16 x i32> undef)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 3, i8 0, i8 0)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 0)
  call void @llvm.genx.barrier()
  %total = call <8 x i64> @llvm.genx.lsc.load.slm.v8i64.i1.i32(i1 true, i8 0, i8 0, i8 0, i16 1, i32 0, i8 4, i8 5, i8 2, i8 0, i32 256, i32 0)
  %total.v = bitcast <8 x i64> %total to <16 x i32>
  %st.total.units = bitcast <16 x i32> %total.v to <8 x i64>
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i64(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 4, i8 5, i8 2, i8 0, i64 %count, <8 x i64> %st.total.units, i32 0)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @slm_roundtrip, !"slm_roundtrip", !1, i32 320, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
