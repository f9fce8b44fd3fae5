target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare void @llvm.genx.barrier()
declare void @llvm.genx.fence(i8)
declare void @llvm.genx.lsc.fence.i1(i1, i8, i8, i8)
declare <128 x float> @llvm.genx.lsc.load2d.stateless.v128f32.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.prefetch2d.stateless.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <128 x float>)

define dllexport void @fence_and_hints(i64 %src, i64 %dst) #0 {
entry:
  call void @llvm.genx.lsc.prefetch2d.stateless.i1.i64(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %src, i32 63, i32 7, i32 63, i32 0, i32 0)
  call void @llvm.genx.fence(i8 -128)
  %tile = call <128 x float> @llvm.genx.lsc.load2d.stateless.v128f32.i1.i64(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %src, i32 63, i32 7, i32 63, i32 0, i32 0)
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %dst, i32 63, i32 7, i32 63, i32 0, i32 0, <128 x float> %tile)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 0)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 3)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 3, i8 0, i8 0)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 3)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 3)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 1)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 1, i8 2)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 3, i8 0, i8 0)
  call void @llvm.genx.fence(i8 -128)
  call void @llvm.genx.fence(i8 -128)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 0)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 3, i8 0, i8 0)
  call void @llvm.genx.barrier()
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 0)
  call void @llvm.genx.barrier()
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 3, i8 0, i8 0)
  call void @llvm.genx.barrier()
  call void @llvm.genx.barrier()
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64)* @fence_and_hints, !"fence_and_hints", !1, i32 3104, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 32, i32 40}
!3 = !{i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t"}
