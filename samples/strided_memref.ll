target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare <256 x half> @llvm.genx.lsc.load2d.stateless.v256f16.i1.i64(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <256 x half>)

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
  %tile = call <256 x half> @llvm.genx.lsc.load2d.stateless.v256f16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %left, i32 255, i32 63, i32 511, i32 %col.i32, i32 %row.i32)
  %col.i32.1 = trunc i64 %col to i32
  %row.i32.1 = trunc i64 %row to i32
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %dst, i32 255, i32 63, i32 255, i32 %col.i32.1, i32 %row.i32.1, <256 x half> %tile)
  %twice = fadd <256 x half> %tile, %tile
  %back.base = add i64 %right, 256
  %col.i32.2 = trunc i64 %col to i32
  %row.i32.2 = trunc i64 %row to i32
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v256f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 32, i16 8, i8 0, i64 %back.base, i32 255, i32 63, i32 511, i32 %col.i32.2, i32 %row.i32.2, <256 x half> %twice)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @strided_memref, !"strided_memref", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
