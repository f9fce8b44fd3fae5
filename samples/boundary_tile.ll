target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare i32 @llvm.genx.group.id.x()
declare <128 x float> @llvm.genx.raw.send2.v128f32.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)

define dllexport void @boundary_tile(i64 %src, i64 %dst) #0 {
entry:
  %group_id.x = call i32 @llvm.genx.group.id.x()
  %id = zext i32 %group_id.x to i64
  %tile_row = udiv i64 %id, 3
  %tile_col = urem i64 %id, 3
  %row = mul i64 %tile_row, 8
  %col = mul i64 %tile_col, 16
  %col.i32 = trunc i64 %col to i32
  %row.i32 = trunc i64 %row to i32
  %in.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 159, i32 49, i32 159, i32 undef, i32 undef, i32 1807> to <4 x i64>
  %in.hdr.base = insertelement <4 x i64> %in.hdr.q, i64 %src, i32 0
  %in.hdr.dw = bitcast <4 x i64> %in.hdr.base to <8 x i32>
  %in.hdr.x = insertelement <8 x i32> %in.hdr.dw, i32 %col.i32, i32 5
  %in.hdr.y = insertelement <8 x i32> %in.hdr.x, i32 %row.i32, i32 6
  %tile = call <128 x float> @llvm.genx.raw.send2.v128f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 41944067, <8 x i32> %in.hdr.y, <128 x float> undef)
  %out.hdr.q = bitcast <8 x i32> %in.hdr.y to <4 x i64>
  %out.hdr.base = insertelement <4 x i64> %out.hdr.q, i64 %dst, i32 0
  %out.hdr.dw = bitcast <4 x i64> %out.hdr.base to <8 x i32>
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %out.hdr.dw, <128 x float> %tile)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64)* @boundary_tile, !"boundary_tile", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 32, i32 40}
!3 = !{i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t"}
