target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare void @llvm.genx.lsc.prefetch.stateless.i1.i64(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, i32)
declare void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x i32>, i32)
declare <128 x i32> @llvm.genx.wrregioni.v128i32.v16i32.i16.i1(<128 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)

define dllexport void @rfc_scatter(i64 %src, i64 %dst) #0 {
entry:
  %t.addr.base.ins = insertelement <16 x i64> undef, i64 %src, i32 0
  %t.addr.base = shufflevector <16 x i64> %t.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %t.addr = add <16 x i64> %t.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  call void @llvm.genx.lsc.prefetch.stateless.i1.i64(i1 true, i8 0, i8 0, i8 0, i16 1, i32 0, i8 4, i8 7, i8 2, i8 0, i64 %src, i32 0)
  %v.m0 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 0, i8 2, i8 2, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %t.addr, i32 0)
  %v.m0.put = call <128 x i32> @llvm.genx.wrregioni.v128i32.v16i32.i16.i1(<128 x i32> undef, <16 x i32> %v.m0, i32 0, i32 16, i32 1, i16 0, i32 16, i1 true)
  %v.m1.base = add i64 %src, 2
  %v.m1.addr.base.ins = insertelement <16 x i64> undef, i64 %v.m1.base, i32 0
  %v.m1.addr.base = shufflevector <16 x i64> %v.m1.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v.m1.addr = add <16 x i64> %v.m1.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  %v.m1 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 0, i8 2, i8 2, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %v.m1.addr, i32 0)
  %v.m1.put = call <128 x i32> @llvm.genx.wrregioni.v128i32.v16i32.i16.i1(<128 x i32> %v.m0.put, <16 x i32> %v.m1, i32 0, i32 16, i32 1, i16 64, i32 16, i1 true)
  %v.m2.base = add i64 %src, 4
  %v.m2.addr.base.ins = insertelement <16 x i64> undef, i64 %v.m2.base, i32 0
  %v.m2.addr.base = shufflevector <16 x i64> %v.m2.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v.m2.addr = add <16 x i64> %v.m2.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  %v.m2 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 0, i8 2, i8 2, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %v.m2.addr, i32 0)
  %v.m2.put = call <128 x i32> @llvm.genx.wrregioni.v128i32.v16i32.i16.i1(<128 x i32> %v.m1.put, <16 x i32> %v.m2, i32 0, i32 16, i32 1, i16 128, i32 16, i1 true)
  %v.m3.base = add i64 %src, 6
  %v.m3.addr.base.ins = insertelement <16 x i64> undef, i64 %v.m3.base, i32 0
  %v.m3.addr.base = shufflevector <16 x i64> %v.m3.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v.m3.addr = add <16 x i64> %v.m3.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  %v.m3 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 0, i8 2, i8 2, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %v.m3.addr, i32 0)
  %v.m3.put = call <128 x i32> @llvm.genx.wrregioni.v128i32.v16i32.i16.i1(<128 x i32> %v.m2.put, <16 x i32> %v.m3, i32 0, i32 16, i32 1, i16 192, i32 16, i1 true)
  %v.m4.base = add i64 %src, 8
  %v.m4.addr.base.ins = insertelement <16 x i64> undef, i64 %v.m4.base, i32 0
  %v.m4.addr.base = shufflevector <16 x i64> %v.m4.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v.m4.addr = add <16 x i64> %v.m4.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  %v.m4 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 0, i8 2, i8 2, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %v.m4.addr, i32 0)
  %v.m4.put = call <128 x i32> @llvm.genx.wrregioni.v128i32.v16i32.i16.i1(<128 x i32> %v.m3.put, <16 x i32> %v.m4, i32 0, i32 16, i32 1, i16 256, i32 16, i1 true)
  %v.m5.base = add i64 %src, 10
  %v.m5.addr.base.ins = insertelement <16 x i64> undef, i64 %v.m5.base, i32 0
  %v.m5.addr.base = shufflevector <16 x i64> %v.m5.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v.m5.addr = add <16 x i64> %v.m5.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  %v.m5 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 0, i8 2, i8 2, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %v.m5.addr, i32 0)
  %v.m5.put = call <128 x i32> @llvm.genx.wrregioni.v128i32.v16i32.i16.i1(<128 x i32> %v.m4.put, <16 x i32> %v.m5, i32 0, i32 16, i32 1, i16 320, i32 16, i1 true)
  %v.m6.base = add i64 %src, 12
  %v.m6.addr.base.ins = insertelement <16 x i64> undef, i64 %v.m6.base, i32 0
  %v.m6.addr.base = shufflevector <16 x i64> %v.m6.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v.m6.addr = add <16 x i64> %v.m6.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  %v.m6 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 0, i8 2, i8 2, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %v.m6.addr, i32 0)
  %v.m6.put = call <128 x i32> @llvm.genx.wrregioni.v128i32.v16i32.i16.i1(<128 x i32> %v.m5.put, <16 x i32> %v.m6, i32 0, i32 16, i32 1, i16 384, i32 16, i1 true)
  %v.m7.base = add i64 %src, 14
  %v.m7.addr.base.ins = insertelement <16 x i64> undef, i64 %v.m7.base, i32 0
  %v.m7.addr.base = shufflevector <16 x i64> %v.m7.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v.m7.addr = add <16 x i64> %v.m7.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  %v.m7 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 0, i8 2, i8 2, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %v.m7.addr, i32 0)
  %v.m7.put = call <128 x i32> @llvm.genx.wrregioni.v128i32.v16i32.i16.i1(<128 x i32> %v.m6.put, <16 x i32> %v.m7, i32 0, i32 16, i32 1, i16 448, i32 16, i1 true)
  %v.pack = trunc <128 x i32> %v.m7.put to <128 x i16>
  %v = bitcast <128 x i16> %v.pack to <128 x half>
  %d.addr.base.ins = insertelement <16 x i64> undef, i64 %dst, i32 0
  %d.addr.base = shufflevector <16 x i64> %d.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %d.addr = add <16 x i64> %d.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %d.addr, <16 x i32> %v.m0, i32 0)
  %st.v.m1.base = add i64 %dst, 2
  %st.v.m1.addr.base.ins = insertelement <16 x i64> undef, i64 %st.v.m1.base, i32 0
  %st.v.m1.addr.base = shufflevector <16 x i64> %st.v.m1.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m1.addr = add <16 x i64> %st.v.m1.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m1.addr, <16 x i32> %v.m1, i32 0)
  %st.v.m2.base = add i64 %dst, 4
  %st.v.m2.addr.base.ins = insertelement <16 x i64> undef, i64 %st.v.m2.base, i32 0
  %st.v.m2.addr.base = shufflevector <16 x i64> %st.v.m2.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m2.addr = add <16 x i64> %st.v.m2.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m2.addr, <16 x i32> %v.m2, i32 0)
  %st.v.m3.base = add i64 %dst, 6
  %st.v.m3.addr.base.ins = insertelement <16 x i64> undef, i64 %st.v.m3.base, i32 0
  %st.v.m3.addr.base = shufflevector <16 x i64> %st.v.m3.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m3.addr = add <16 x i64> %st.v.m3.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m3.addr, <16 x i32> %v.m3, i32 0)
  %st.v.m4.base = add i64 %dst, 8
  %st.v.m4.addr.base.ins = insertelement <16 x i64> undef, i64 %st.v.m4.base, i32 0
  %st.v.m4.addr.base = shufflevector <16 x i64> %st.v.m4.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m4.addr = add <16 x i64> %st.v.m4.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m4.addr, <16 x i32> %v.m4, i32 0)
  %st.v.m5.base = add i64 %dst, 10
  %st.v.m5.addr.base.ins = insertelement <16 x i64> undef, i64 %st.v.m5.base, i32 0
  %st.v.m5.addr.base = shufflevector <16 x i64> %st.v.m5.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m5.addr = add <16 x i64> %st.v.m5.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m5.addr, <16 x i32> %v.m5, i32 0)
  %st.v.m6.base = add i64 %dst, 12
  %st.v.m6.addr.base.ins = insertelement <16 x i64> undef, i64 %st.v.m6.base, i32 0
  %st.v.m6.addr.base = shufflevector <16 x i64> %st.v.m6.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m6.addr = add <16 x i64> %st.v.m6.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m6.addr, <16 x i32> %v.m6, i32 0)
  %st.v.m7.base = add i64 %dst, 14
  %st.v.m7.addr.base.ins = insertelement <16 x i64> undef, i64 %st.v.m7.base, i32 0
  %st.v.m7.addr.base = shufflevector <16 x i64> %st.v.m7.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m7.addr = add <16 x i64> %st.v.m7.addr.base, <i64 0, i64 16, i64 32, i64 48, i64 64, i64 80, i64 96, i64 112, i64 128, i64 144, i64 160, i64 176, i64 192, i64 208, i64 224, i64 240>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m7.addr, <16 x i32> %v.m7, i32 0)
  %d2.addr.base.ins = insertelement <16 x i64> undef, i64 %dst, i32 0
  %d2.addr.base = shufflevector <16 x i64> %d2.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %d2.addr = add <16 x i64> %d2.addr.base, <i64 256, i64 272, i64 288, i64 304, i64 320, i64 336, i64 352, i64 368, i64 384, i64 400, i64 416, i64 432, i64 448, i64 464, i64 480, i64 496>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %d2.addr, <16 x i32> %v.m0, i32 0)
  %st.v.m1.base.1 = add i64 %dst, 2
  %st.v.m1.addr.base.ins.1 = insertelement <16 x i64> undef, i64 %st.v.m1.base.1, i32 0
  %st.v.m1.addr.base.1 = shufflevector <16 x i64> %st.v.m1.addr.base.ins.1, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m1.addr.1 = add <16 x i64> %st.v.m1.addr.base.1, <i64 256, i64 272, i64 288, i64 304, i64 320, i64 336, i64 352, i64 368, i64 384, i64 400, i64 416, i64 432, i64 448, i64 464, i64 480, i64 496>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m1.addr.1, <16 x i32> %v.m1, i32 0)
  %st.v.m2.base.1 = add i64 %dst, 4
  %st.v.m2.addr.base.ins.1 = insertelement <16 x i64> undef, i64 %st.v.m2.base.1, i32 0
  %st.v.m2.addr.base.1 = shufflevector <16 x i64> %st.v.m2.addr.base.ins.1, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m2.addr.1 = add <16 x i64> %st.v.m2.addr.base.1, <i64 256, i64 272, i64 288, i64 304, i64 320, i64 336, i64 352, i64 368, i64 384, i64 400, i64 416, i64 432, i64 448, i64 464, i64 480, i64 496>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m2.addr.1, <16 x i32> %v.m2, i32 0)
  %st.v.m3.base.1 = add i64 %dst, 6
  %st.v.m3.addr.base.ins.1 = insertelement <16 x i64> undef, i64 %st.v.m3.base.1, i32 0
  %st.v.m3.addr.base.1 = shufflevector <16 x i64> %st.v.m3.addr.base.ins.1, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m3.addr.1 = add <16 x i64> %st.v.m3.addr.base.1, <i64 256, i64 272, i64 288, i64 304, i64 320, i64 336, i64 352, i64 368, i64 384, i64 400, i64 416, i64 432, i64 448, i64 464, i64 480, i64 496>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m3.addr.1, <16 x i32> %v.m3, i32 0)
  %st.v.m4.base.1 = add i64 %dst, 8
  %st.v.m4.addr.base.ins.1 = insertelement <16 x i64> undef, i64 %st.v.m4.base.1, i32 0
  %st.v.m4.addr.base.1 = shufflevector <16 x i64> %st.v.m4.addr.base.ins.1, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m4.addr.1 = add <16 x i64> %st.v.m4.addr.base.1, <i64 256, i64 272, i64 288, i64 304, i64 320, i64 336, i64 352, i64 368, i64 384, i64 400, i64 416, i64 432, i64 448, i64 464, i64 480, i64 496>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m4.addr.1, <16 x i32> %v.m4, i32 0)
  %st.v.m5.base.1 = add i64 %dst, 10
  %st.v.m5.addr.base.ins.1 = insertelement <16 x i64> undef, i64 %st.v.m5.base.1, i32 0
  %st.v.m5.addr.base.1 = shufflevector <16 x i64> %st.v.m5.addr.base.ins.1, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m5.addr.1 = add <16 x i64> %st.v.m5.addr.base.1, <i64 256, i64 272, i64 288, i64 304, i64 320, i64 336, i64 352, i64 368, i64 384, i64 400, i64 416, i64 432, i64 448, i64 464, i64 480, i64 496>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m5.addr.1, <16 x i32> %v.m5, i32 0)
  %st.v.m6.base.1 = add i64 %dst, 12
  %st.v.m6.addr.base.ins.1 = insertelement <16 x i64> undef, i64 %st.v.m6.base.1, i32 0
  %st.v.m6.addr.base.1 = shufflevector <16 x i64> %st.v.m6.addr.base.ins.1, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m6.addr.1 = add <16 x i64> %st.v.m6.addr.base.1, <i64 256, i64 272, i64 288, i64 304, i64 320, i64 336, i64 352, i64 368, i64 384, i64 400, i64 416, i64 432, i64 448, i64 464, i64 480, i64 496>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m6.addr.1, <16 x i32> %v.m6, i32 0)
  %st.v.m7.base.1 = add i64 %dst, 14
  %st.v.m7.addr.base.ins.1 = insertelement <16 x i64> undef, i64 %st.v.m7.base.1, i32 0
  %st.v.m7.addr.base.1 = shufflevector <16 x i64> %st.v.m7.addr.base.ins.1, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.v.m7.addr.1 = add <16 x i64> %st.v.m7.addr.base.1, <i64 256, i64 272, i64 288, i64 304, i64 320, i64 336, i64 352, i64 368, i64 384, i64 400, i64 416, i64 432, i64 448, i64 464, i64 480, i64 496>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 6, i8 1, i8 1, i8 0, <16 x i64> %st.v.m7.addr.1, <16 x i32> %v.m7, i32 0)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64)* @rfc_scatter, !"rfc_scatter", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 32, i32 40}
!3 = !{i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t"}
