target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare <256 x half> @llvm.genx.raw.send2.v256f16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <256 x half>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <256 x half>)
declare <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half>, i32, i32, i32, i16, i32)
declare <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half>, <32 x half>, i32, i32, i32, i16, i32, i1)

define dllexport void @strided_memref(i64 %left, i64 %dst, i64 %right) #0 {
entry:
  %group_id.x = call i32 @llvm.genx.group.id.x()
  %group_id.y = call i32 @llvm.genx.group.id.y()
  %bx = zext i32 %group_id.x to i64
  %by = zext i32 %group_id.y to i64
  %row = mul i64 %bx, 8
  %col = mul i64 %by, 32
  %col.i32 = trunc i64 %col to i32
  %row.i32 = trunc i64 %row to i32
  %in.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 255, i32 63, i32 511, i32 undef, i32 undef, i32 1823> to <4 x i64>
  %in.hdr.base = insertelement <4 x i64> %in.hdr.q, i64 %left, i32 0
  %in.hdr.dw = bitcast <4 x i64> %in.hdr.base to <8 x i32>
  %in.hdr.x = insertelement <8 x i32> %in.hdr.dw, i32 %col.i32, i32 5
  %in.hdr.y = insertelement <8 x i32> %in.hdr.x, i32 %row.i32, i32 6
  %tile = call <256 x half> @llvm.genx.raw.send2.v256f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 41943555, <8 x i32> %in.hdr.y, <256 x half> undef)
  %out.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 255, i32 63, i32 255, i32 undef, i32 undef, i32 1823> to <4 x i64>
  %out.hdr.base = insertelement <4 x i64> %out.hdr.q, i64 %dst, i32 0
  %out.hdr.dw = bitcast <4 x i64> %out.hdr.base to <8 x i32>
  %out.hdr.x = insertelement <8 x i32> %out.hdr.dw, i32 %col.i32, i32 5
  %out.hdr.y = insertelement <8 x i32> %out.hdr.x, i32 %row.i32, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %out.hdr.y, <256 x half> %tile)
  %twice.0.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %tile, i32 0, i32 32, i32 1, i16 0, i32 32)
  %twice.0 = fadd <32 x half> %twice.0.a0, %twice.0.a0
  %twice.1.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %tile, i32 0, i32 32, i32 1, i16 64, i32 32)
  %twice.1 = fadd <32 x half> %twice.1.a0, %twice.1.a0
  %twice.2.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %tile, i32 0, i32 32, i32 1, i16 128, i32 32)
  %twice.2 = fadd <32 x half> %twice.2.a0, %twice.2.a0
  %twice.3.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %tile, i32 0, i32 32, i32 1, i16 192, i32 32)
  %twice.3 = fadd <32 x half> %twice.3.a0, %twice.3.a0
  %twice.4.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %tile, i32 0, i32 32, i32 1, i16 256, i32 32)
  %twice.4 = fadd <32 x half> %twice.4.a0, %twice.4.a0
  %twice.5.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %tile, i32 0, i32 32, i32 1, i16 320, i32 32)
  %twice.5 = fadd <32 x half> %twice.5.a0, %twice.5.a0
  %twice.6.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %tile, i32 0, i32 32, i32 1, i16 384, i32 32)
  %twice.6 = fadd <32 x half> %twice.6.a0, %twice.6.a0
  %twice.7.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %tile, i32 0, i32 32, i32 1, i16 448, i32 32)
  %twice.7 = fadd <32 x half> %twice.7.a0, %twice.7.a0
  %twice.j0 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> undef, <32 x half> %twice.0, i32 0, i32 32, i32 1, i16 0, i32 32, i1 true)
  %twice.j1 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %twice.j0, <32 x half> %twice.1, i32 0, i32 32, i32 1, i16 64, i32 32, i1 true)
  %twice.j2 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %twice.j1, <32 x half> %twice.2, i32 0, i32 32, i32 1, i16 128, i32 32, i1 true)
  %twice.j3 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %twice.j2, <32 x half> %twice.3, i32 0, i32 32, i32 1, i16 192, i32 32, i1 true)
  %twice.j4 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %twice.j3, <32 x half> %twice.4, i32 0, i32 32, i32 1, i16 256, i32 32, i1 true)
  %twice.j5 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %twice.j4, <32 x half> %twice.5, i32 0, i32 32, i32 1, i16 320, i32 32, i1 true)
  %twice.j6 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %twice.j5, <32 x half> %twice.6, i32 0, i32 32, i32 1, i16 384, i32 32, i1 true)
  %twice = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %twice.j6, <32 x half> %twice.7, i32 0, i32 32, i32 1, i16 448, i32 32, i1 true)
  %back.base = add i64 %right, 256
  %back.hdr.q = bitcast <8 x i32> %in.hdr.y to <4 x i64>
  %back.hdr.base = insertelement <4 x i64> %back.hdr.q, i64 %back.base, i32 0
  %back.hdr.dw = bitcast <4 x i64> %back.hdr.base to <8 x i32>
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v256f16(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33554951, <8 x i32> %back.hdr.dw, <256 x half> %twice)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @strided_memref, !"strided_memref", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
