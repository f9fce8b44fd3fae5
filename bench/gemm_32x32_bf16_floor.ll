; Hand-written GenX IR for samples/gemm_32x32_bf16.mlir: the floor the emitter is compared with
; (bench/isa_quality.py). Per K step one 32x16 A load and one array_length = 2 packed B load; each
; dpas operand is ONE rdregion of the load's dwords (A: 8 rows of 8 dwords, B: one 16x16 block),
; so IGC reads them in place; every dpas writes its loop-carried accumulator; each accumulator is
; stored as its own 8x16 tile. Same launch as the sample: grid 8x8x1, A, B 256x256 bf16, C f32.
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float>, <128 x i32>, <64 x i32>, i32, i32, i32, i32, i32, i32)
declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare <512 x i16> @llvm.genx.lsc.load2d.stateless.v512i16.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <128 x float>)
declare <64 x i32> @llvm.genx.rdregioni.v64i32.v256i32.i16(<256 x i32>, i32, i32, i32, i16, i32)
declare <128 x i32> @llvm.genx.rdregioni.v128i32.v256i32.i16(<256 x i32>, i32, i32, i32, i16, i32)

define dllexport void @gemm_32x32_bf16(i64 %a, i64 %b, i64 %c) #0 {
entry:
  %gx = call i32 @llvm.genx.group.id.x()
  %gy = call i32 @llvm.genx.group.id.y()
  %m = mul i32 %gx, 32
  %n = mul i32 %gy, 32
  br label %loop
loop:
  %k = phi i32 [0, %entry], [%k.next, %loop]
  %acc00 = phi <128 x float> [zeroinitializer, %entry], [%d00, %loop]
  %acc01 = phi <128 x float> [zeroinitializer, %entry], [%d01, %loop]
  %acc10 = phi <128 x float> [zeroinitializer, %entry], [%d10, %loop]
  %acc11 = phi <128 x float> [zeroinitializer, %entry], [%d11, %loop]
  %acc20 = phi <128 x float> [zeroinitializer, %entry], [%d20, %loop]
  %acc21 = phi <128 x float> [zeroinitializer, %entry], [%d21, %loop]
  %acc30 = phi <128 x float> [zeroinitializer, %entry], [%d30, %loop]
  %acc31 = phi <128 x float> [zeroinitializer, %entry], [%d31, %loop]
  %va = call <512 x i16> @llvm.genx.lsc.load2d.stateless.v512i16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 32, i8 0, i64 %a, i32 511, i32 255, i32 511, i32 %k, i32 %m)
  %vb = call <512 x i16> @llvm.genx.lsc.load2d.stateless.v512i16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 2, i16 16, i16 16, i8 1, i64 %b, i32 511, i32 255, i32 511, i32 %n, i32 %k)
  %va.dw = bitcast <512 x i16> %va to <256 x i32>
  %vb.dw = bitcast <512 x i16> %vb to <256 x i32>
  %a0 = call <64 x i32> @llvm.genx.rdregioni.v64i32.v256i32.i16(<256 x i32> %va.dw, i32 0, i32 64, i32 1, i16 0, i32 64)
  %a1 = call <64 x i32> @llvm.genx.rdregioni.v64i32.v256i32.i16(<256 x i32> %va.dw, i32 0, i32 64, i32 1, i16 256, i32 64)
  %a2 = call <64 x i32> @llvm.genx.rdregioni.v64i32.v256i32.i16(<256 x i32> %va.dw, i32 0, i32 64, i32 1, i16 512, i32 64)
  %a3 = call <64 x i32> @llvm.genx.rdregioni.v64i32.v256i32.i16(<256 x i32> %va.dw, i32 0, i32 64, i32 1, i16 768, i32 64)
  %b0 = call <128 x i32> @llvm.genx.rdregioni.v128i32.v256i32.i16(<256 x i32> %vb.dw, i32 0, i32 128, i32 1, i16 0, i32 128)
  %b1 = call <128 x i32> @llvm.genx.rdregioni.v128i32.v256i32.i16(<256 x i32> %vb.dw, i32 0, i32 128, i32 1, i16 512, i32 128)
  %d00 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc00, <128 x i32> %b0, <64 x i32> %a0, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %d01 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc01, <128 x i32> %b1, <64 x i32> %a0, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %d10 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc10, <128 x i32> %b0, <64 x i32> %a1, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %d11 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc11, <128 x i32> %b1, <64 x i32> %a1, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %d20 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc20, <128 x i32> %b0, <64 x i32> %a2, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %d21 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc21, <128 x i32> %b1, <64 x i32> %a2, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %d30 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc30, <128 x i32> %b0, <64 x i32> %a3, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %d31 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc31, <128 x i32> %b1, <64 x i32> %a3, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %k.next = add i32 %k, 16
  %more = icmp slt i32 %k.next, 256
  br i1 %more, label %loop, label %done
done:
  %x00 = add i32 %n, 0
  %y00 = add i32 %m, 0
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %x00, i32 %y00, <128 x float> %d00)
  %x01 = add i32 %n, 16
  %y01 = add i32 %m, 0
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %x01, i32 %y01, <128 x float> %d01)
  %x10 = add i32 %n, 0
  %y10 = add i32 %m, 8
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %x10, i32 %y10, <128 x float> %d10)
  %x11 = add i32 %n, 16
  %y11 = add i32 %m, 8
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %x11, i32 %y11, <128 x float> %d11)
  %x20 = add i32 %n, 0
  %y20 = add i32 %m, 16
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %x20, i32 %y20, <128 x float> %d20)
  %x21 = add i32 %n, 16
  %y21 = add i32 %m, 16
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %x21, i32 %y21, <128 x float> %d21)
  %x30 = add i32 %n, 0
  %y30 = add i32 %m, 24
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %x30, i32 %y30, <128 x float> %d30)
  %x31 = add i32 %n, 16
  %y31 = add i32 %m, 24
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 1023, i32 255, i32 1023, i32 %x31, i32 %y31, <128 x float> %d31)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @gemm_32x32_bf16, !"gemm_32x32_bf16", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
