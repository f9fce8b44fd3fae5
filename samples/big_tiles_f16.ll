target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <1024 x half> @llvm.genx.lsc.load2d.stateless.v1024f16.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare <256 x float> @llvm.genx.lsc.load2d.stateless.v256f32.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare <512 x half> @llvm.genx.lsc.load2d.stateless.v512f16.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <128 x float>)
declare void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <256 x half>)
declare <128 x float> @llvm.genx.rdregionf.v128f32.v256f32.i16(<256 x float>, i32, i32, i32, i16, i32)
declare <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half>, i32, i32, i32, i16, i32)
declare <256 x half> @llvm.genx.rdregionf.v256f16.v2048f16.i16(<2048 x half>, i32, i32, i32, i16, i32)
declare <2048 x half> @llvm.genx.wrregionf.v2048f16.v1024f16.i16.i1(<2048 x half>, <1024 x half>, i32, i32, i32, i16, i32, i1)

define dllexport void @big_tiles_f16(i64 %src, i64 %dst, i64 %srcf, i64 %dstf) #0 {
entry:
  %v32 = call <1024 x half> @llvm.genx.lsc.load2d.stateless.v1024f16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 32, i8 0, i64 %src, i32 127, i32 63, i32 127, i32 0, i32 0)
  %v64.m0 = call <1024 x half> @llvm.genx.lsc.load2d.stateless.v1024f16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 32, i8 0, i64 %src, i32 127, i32 63, i32 127, i32 0, i32 32)
  %v64.m0.b0 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v1024f16.i16.i1(<2048 x half> undef, <1024 x half> %v64.m0, i32 64, i32 32, i32 1, i16 0, i32 64, i1 true)
  %v64.m1 = call <1024 x half> @llvm.genx.lsc.load2d.stateless.v1024f16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 32, i8 0, i64 %src, i32 127, i32 63, i32 127, i32 32, i32 32)
  %v64.m1.b0 = call <2048 x half> @llvm.genx.wrregionf.v2048f16.v1024f16.i16.i1(<2048 x half> %v64.m0.b0, <1024 x half> %v64.m1, i32 64, i32 32, i32 1, i16 64, i32 64, i1 true)
  %st.v32.m0.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v32, i32 0, i32 256, i32 1, i16 0, i32 256)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %dst, i32 127, i32 63, i32 127, i32 0, i32 0, <256 x half> %st.v32.m0.data)
  %st.v32.m1.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v32, i32 0, i32 256, i32 1, i16 512, i32 256)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %dst, i32 127, i32 63, i32 127, i32 0, i32 8, <256 x half> %st.v32.m1.data)
  %st.v32.m2.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v32, i32 0, i32 256, i32 1, i16 1024, i32 256)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %dst, i32 127, i32 63, i32 127, i32 0, i32 16, <256 x half> %st.v32.m2.data)
  %st.v32.m3.data = call <256 x half> @llvm.genx.rdregionf.v256f16.v1024f16.i16(<1024 x half> %v32, i32 0, i32 256, i32 1, i16 1536, i32 256)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %dst, i32 127, i32 63, i32 127, i32 0, i32 24, <256 x half> %st.v32.m3.data)
  %st.v64.m0.data.rd = call <256 x half> @llvm.genx.rdregionf.v256f16.v2048f16.i16(<2048 x half> %v64.m1.b0, i32 64, i32 32, i32 1, i16 0, i32 64)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %dst, i32 127, i32 63, i32 127, i32 0, i32 32, <256 x half> %st.v64.m0.data.rd)
  %st.v64.m1.data.rd = call <256 x half> @llvm.genx.rdregionf.v256f16.v2048f16.i16(<2048 x half> %v64.m1.b0, i32 64, i32 32, i32 1, i16 64, i32 64)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %dst, i32 127, i32 63, i32 127, i32 32, i32 32, <256 x half> %st.v64.m1.data.rd)
  %st.v64.m2.data.rd = call <256 x half> @llvm.genx.rdregionf.v256f16.v2048f16.i16(<2048 x half> %v64.m1.b0, i32 64, i32 32, i32 1, i16 1024, i32 64)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %dst, i32 127, i32 63, i32 127, i32 0, i32 40, <256 x half> %st.v64.m2.data.rd)
  %st.v64.m3.data.rd = call <256 x half> @llvm.genx.rdregionf.v256f16.v2048f16.i16(<2048 x half> %v64.m1.b0, i32 64, i32 32, i32 1, i16 1088, i32 64)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %dst, i32 127, i32 63, i32 127, i32 32, i32 40, <256 x half> %st.v64.m3.data.rd)
  %st.v64.m4.data.rd = call <256 x half> @llvm.genx.rdregionf.v256f16.v2048f16.i16(<2048 x half> %v64.m1.b0, i32 64, i32 32, i32 1, i16 2048, i32 64)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %dst, i32 127, i32 63, i32 127, i32 0, i32 48, <256 x half> %st.v64.m4.data.rd)
  %st.v64.m5.data.rd = call <256 x half> @llvm.genx.rdregionf.v256f16.v2048f16.i16(<2048 x half> %v64.m1.b0, i32 64, i32 32, i32 1, i16 2112, i32 64)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %dst, i32 127, i32 63, i32 127, i32 32, i32 48, <256 x half> %st.v64.m5.data.rd)
  %st.v64.m6.data.rd = call <256 x half> @llvm.genx.rdregionf.v256f16.v2048f16.i16(<2048 x half> %v64.m1.b0, i32 64, i32 32, i32 1, i16 3072, i32 64)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %dst, i32 127, i32 63, i32 127, i32 0, i32 56, <256 x half> %st.v64.m6.data.rd)
  %st.v64.m7.data.rd = call <256 x half> @llvm.genx.rdregionf.v256f16.v2048f16.i16(<2048 x half> %v64.m1.b0, i32 64, i32 32, i32 1, i16 3136, i32 64)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %dst, i32 127, i32 63, i32 127, i32 32, i32 56, <256 x half> %st.v64.m7.data.rd)
  %vf = call <256 x float> @llvm.genx.lsc.load2d.stateless.v256f32.i1.i64(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 16, i8 0, i64 %srcf, i32 63, i32 15, i32 63, i32 0, i32 0)
  %st.vf.m0.data = call <128 x float> @llvm.genx.rdregionf.v128f32.v256f32.i16(<256 x float> %vf, i32 0, i32 128, i32 1, i16 0, i32 128)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %dstf, i32 63, i32 15, i32 63, i32 0, i32 0, <128 x float> %st.vf.m0.data)
  %st.vf.m1.data = call <128 x float> @llvm.genx.rdregionf.v128f32.v256f32.i16(<256 x float> %vf, i32 0, i32 128, i32 1, i16 512, i32 128)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %dstf, i32 63, i32 15, i32 63, i32 0, i32 8, <128 x float> %st.vf.m1.data)
  %varr = call <512 x half> @llvm.genx.lsc.load2d.stateless.v512f16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 2, i16 16, i16 16, i8 0, i64 %src, i32 127, i32 63, i32 127, i32 32, i32 0)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64, i64)* @big_tiles_f16, !"big_tiles_f16", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48, i32 56}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t", !"svmptr_t"}
