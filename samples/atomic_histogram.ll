target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare i32 @llvm.genx.group.id.x()
declare <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare void @llvm.genx.lsc.prefetch.stateless.v16i1.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare <16 x float> @llvm.genx.lsc.xatomic.stateless.v16f32.v16i1.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x float>, <16 x float>, i32, <16 x float>)
declare <16 x i32> @llvm.genx.lsc.xatomic.stateless.v16i32.v16i1.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x i32>, <16 x i32>, i32, <16 x i32>)

define dllexport void @atomic_histogram(i64 %data, i64 %counts, i64 %sums) #0 {
entry:
  %group_id.x = call i32 @llvm.genx.group.id.x()
  %bid = zext i32 %group_id.x to i64
  %x = mul i64 %bid, 16
  %pf.x.ins = insertelement <16 x i64> undef, i64 %x, i32 0
  %pf.x = shufflevector <16 x i64> %pf.x.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %pf.idx = add <16 x i64> %pf.x, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10, i64 11, i64 12, i64 13, i64 14, i64 15>
  %pf.bytes = mul <16 x i64> %pf.idx, <i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4>
  %pf.addr.base.ins = insertelement <16 x i64> undef, i64 %data, i32 0
  %pf.addr.base = shufflevector <16 x i64> %pf.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %pf.addr = add <16 x i64> %pf.addr.base, %pf.bytes
  %pf.inb = icmp ult <16 x i64> %pf.idx, <i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000>
  call void @llvm.genx.lsc.prefetch.stateless.v16i1.v16i64(<16 x i1> %pf.inb, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %pf.addr, i32 0)
  %v.x.ins = insertelement <16 x i64> undef, i64 %x, i32 0
  %v.x = shufflevector <16 x i64> %v.x.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v.idx = add <16 x i64> %v.x, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10, i64 11, i64 12, i64 13, i64 14, i64 15>
  %v.bytes = mul <16 x i64> %v.idx, <i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4>
  %v.addr.base.ins = insertelement <16 x i64> undef, i64 %data, i32 0
  %v.addr.base = shufflevector <16 x i64> %v.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v.addr = add <16 x i64> %v.addr.base, %v.bytes
  %v.inb = icmp ult <16 x i64> %v.idx, <i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000>
  %v = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1> %v.inb, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v.addr, i32 0)
  %v.zf = select  <16 x i1> %v.inb, <16 x i32> %v, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %bin32 = and <16 x i32> %v.zf, <i32 63, i32 63, i32 63, i32 63, i32 63, i32 63, i32 63, i32 63, i32 63, i32 63, i32 63, i32 63, i32 63, i32 63, i32 63, i32 63>
  %bin = sext <16 x i32> %bin32 to <16 x i64>
  %xv.ins = insertelement <16 x i64> undef, i64 %x, i32 0
  %xv = shufflevector <16 x i64> %xv.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %elem = add <16 x i64> %xv, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10, i64 11, i64 12, i64 13, i64 14, i64 15>
  %mask = icmp ult <16 x i64> %elem, <i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000, i64 1000>
  %ct.bytes = mul <16 x i64> %bin, <i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4>
  %ct.addr.base.ins = insertelement <16 x i64> undef, i64 %counts, i32 0
  %ct.addr.base = shufflevector <16 x i64> %ct.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %ct.addr = add <16 x i64> %ct.addr.base, %ct.bytes
  %old = call <16 x i32> @llvm.genx.lsc.xatomic.stateless.v16i32.v16i1.v16i64(<16 x i1> %mask, i8 12, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %ct.addr, <16 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>, <16 x i32> undef, i32 0, <16 x i32> undef)
  %vf = sitofp <16 x i32> %v.zf to <16 x float>
  %st.bytes = mul <16 x i64> %bin, <i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4>
  %st.addr.base.ins = insertelement <16 x i64> undef, i64 %sums, i32 0
  %st.addr.base = shufflevector <16 x i64> %st.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.addr = add <16 x i64> %st.addr.base, %st.bytes
  %olds = call <16 x float> @llvm.genx.lsc.xatomic.stateless.v16f32.v16i1.v16i64(<16 x i1> %mask, i8 19, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %st.addr, <16 x float> %vf, <16 x float> undef, i32 0, <16 x float> undef)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @atomic_histogram, !"atomic_histogram", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
