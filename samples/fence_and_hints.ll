target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare void @llvm.genx.barrier()
declare void @llvm.genx.fence(i8)
declare void @llvm.genx.lsc.fence.i1(i1, i8, i8, i8)
declare void @llvm.genx.raw.send2.noresult.i1.v8i32(i8, i8, i1, i8, i8, i32, i32, <8 x i32>)
declare <128 x float> @llvm.genx.raw.send2.v128f32.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)

define dllexport void @fence_and_hints(i64 %src, i64 %dst) #0 {
entry:
  %in.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 7, i32 63, i32 0, i32 0, i32 1807> to <4 x i64>
  %in.hdr.base = insertelement <4 x i64> %in.hdr.q, i64 %src, i32 0
  %in.hdr.dw = bitcast <4 x i64> %in.hdr.base to <8 x i32>
  call void @llvm.genx.raw.send2.noresult.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 15, i32 0, i32 33555459, <8 x i32> %in.hdr.dw)
  call void @llvm.genx.fence(i8 -128)
  %tile = call <128 x float> @llvm.genx.raw.send2.v128f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 41944067, <8 x i32> %in.hdr.dw, <128 x float> undef)
  %out.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 7, i32 63, i32 0, i32 0, i32 1807> to <4 x i64>
  %out.hdr.base = insertelement <4 x i64> %out.hdr.q, i64 %dst, i32 0
  %out.hdr.dw = bitcast <4 x i64> %out.hdr.base to <8 x i32>
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %out.hdr.dw, <128 x float> %tile)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 1, i8 3)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 3, i8 0, i8 0)
  call void @llvm.genx.fence(i8 -128)
  call void @llvm.genx.fence(i8 -128)
  call void @llvm.genx.barrier()
  call void @llvm.genx.barrier()
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
