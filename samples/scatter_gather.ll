target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare <32 x i64> @llvm.genx.lsc.load.stateless.v32i64.i1.i64(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, i32)
declare <8 x i64> @llvm.genx.lsc.load.stateless.v8i64.i1.i64(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, i32)
declare void @llvm.genx.lsc.prefetch.stateless.i1.i64(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, i32)
declare void @llvm.genx.lsc.store.stateless.i1.i64.v32i64(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, <32 x i64>, i32)
declare void @llvm.genx.lsc.store.stateless.i1.i64.v8i64(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, <8 x i64>, i32)
declare void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x i32>, i32)

define dllexport void @scatter_gather(i64 %src, i64 %dst, i64 %hsrc, i64 %hdst) #0 {
entry:
  %mask = icmp ult <16 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10, i64 11, i64 12, i64 13, i64 14, i64 15>, <i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12>
  %off3 = mul <16 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10, i64 11, i64 12, i64 13, i64 14, i64 15>, <i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3>
  %g.addr.base.ins = insertelement <16 x i64> undef, i64 %src, i32 0
  %g.addr.base = shufflevector <16 x i64> %g.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %g.addr = add <16 x i64> %g.addr.base, <i64 0, i64 12, i64 24, i64 36, i64 48, i64 60, i64 72, i64 84, i64 96, i64 108, i64 120, i64 132, i64 144, i64 156, i64 168, i64 180>
  %v = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1> %mask, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %g.addr, i32 0)
  %v.1 = bitcast <16 x i32> %v to <16 x float>
  %s.addr.base.ins = insertelement <16 x i64> undef, i64 %dst, i32 0
  %s.addr.base = shufflevector <16 x i64> %s.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %s.addr = add <16 x i64> %s.addr.base, <i64 0, i64 4, i64 8, i64 12, i64 16, i64 20, i64 24, i64 28, i64 32, i64 36, i64 40, i64 44, i64 48, i64 52, i64 56, i64 60>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> %mask, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %s.addr, <16 x i32> %v, i32 0)
  %off4 = mul <16 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10, i64 11, i64 12, i64 13, i64 14, i64 15>, <i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4>
  %c.addr.base.ins = insertelement <16 x i64> undef, i64 %src, i32 0
  %c.addr.base = shufflevector <16 x i64> %c.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %c.addr = add <16 x i64> %c.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  %chunks = call <32 x i64> @llvm.genx.lsc.load.stateless.v32i64.i1.i64(i1 true, i8 0, i8 0, i8 0, i16 1, i32 0, i8 4, i8 7, i8 2, i8 0, i64 %src, i32 0)
  %chunks.v = bitcast <32 x i64> %chunks to <64 x float>
  %off4d = add <16 x i64> %off4, <i64 64, i64 64, i64 64, i64 64, i64 64, i64 64, i64 64, i64 64, i64 64, i64 64, i64 64, i64 64, i64 64, i64 64, i64 64, i64 64>
  %cd.base = add i64 %dst, 256
  %cd.addr.base.ins = insertelement <16 x i64> undef, i64 %cd.base, i32 0
  %cd.addr.base = shufflevector <16 x i64> %cd.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %cd.addr = add <16 x i64> %cd.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  %st.chunks.units = bitcast <64 x float> %chunks.v to <32 x i64>
  call void @llvm.genx.lsc.store.stateless.i1.i64.v32i64(i1 true, i8 4, i8 3, i8 3, i16 1, i32 0, i8 4, i8 7, i8 2, i8 0, i64 %cd.base, <32 x i64> %st.chunks.units, i32 0)
  %off2 = mul <16 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10, i64 11, i64 12, i64 13, i64 14, i64 15>, <i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2>
  %h.addr.base.ins = insertelement <16 x i64> undef, i64 %hsrc, i32 0
  %h.addr.base = shufflevector <16 x i64> %h.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %h.addr = add <16 x i64> %h.addr.base, <i64 0, i64 4, i64 8, i64 12, i64 16, i64 20, i64 24, i64 28, i64 32, i64 36, i64 40, i64 44, i64 48, i64 52, i64 56, i64 60>
  %hv = call <8 x i64> @llvm.genx.lsc.load.stateless.v8i64.i1.i64(i1 true, i8 0, i8 0, i8 0, i16 1, i32 0, i8 4, i8 5, i8 2, i8 0, i64 %hsrc, i32 0)
  %hv.v = bitcast <8 x i64> %hv to <32 x half>
  %hd.addr.base.ins = insertelement <16 x i64> undef, i64 %hdst, i32 0
  %hd.addr.base = shufflevector <16 x i64> %hd.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %hd.addr = add <16 x i64> %hd.addr.base, <i64 0, i64 4, i64 8, i64 12, i64 16, i64 20, i64 24, i64 28, i64 32, i64 36, i64 40, i64 44, i64 48, i64 52, i64 56, i64 60>
  %st.hv.units = bitcast <32 x half> %hv.v to <8 x i64>
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i64(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 4, i8 5, i8 2, i8 0, i64 %hdst, <8 x i64> %st.hv.units, i32 0)
  %next.base = add i64 %src, 256
  %next.addr.base.ins = insertelement <16 x i64> undef, i64 %next.base, i32 0
  %next.addr.base = shufflevector <16 x i64> %next.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %next.addr = add <16 x i64> %next.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  call void @llvm.genx.lsc.prefetch.stateless.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 4, i8 7, i8 2, i8 0, i64 %next.base, i32 0)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64, i64)* @scatter_gather, !"scatter_gather", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48, i32 56}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t", !"svmptr_t"}
