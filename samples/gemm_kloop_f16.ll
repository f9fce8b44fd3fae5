target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float>, <128 x i32>, <64 x i32>, i32, i32, i32, i32, i32, i32)
declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare <3 x i32> @llvm.genx.local.id.v3i32()
declare void @llvm.genx.raw.send2.noresult.i1.v8i32(i8, i8, i1, i8, i8, i32, i32, <8 x i32>)
declare <128 x half> @llvm.genx.raw.send2.v128f16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x half>)
declare <256 x half> @llvm.genx.raw.send2.v256f16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <256 x half>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)

define dllexport void @gemm_kloop_f16(i64 %a, i64 %b, i64 %c) #0 {
entry:
  %group_id.x = call i32 @llvm.genx.group.id.x()
  %group_id.y = call i32 @llvm.genx.group.id.y()
  %local_id = call <3 x i32> @llvm.genx.local.id.v3i32()
  %bx = zext i32 %group_id.x to i64
  %by = zext i32 %group_id.y to i64
  %tx.x = extractelement <3 x i32> %local_id, i32 0
  %tx = zext i32 %tx.x to i64
  %ty.y = extractelement <3 x i32> %local_id, i32 1
  %ty = zext i32 %ty.y to i64
  %bx4 = mul i64 %bx, 4
  %tile_row = add i64 %bx4, %tx
  %by4 = mul i64 %by, 4
  %tile_col = add i64 %by4, %ty
  %m = mul i64 %tile_row, 8
  %n = mul i64 %tile_col, 16
  %m.i32 = trunc i64 %m to i32
  %a0.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 511, i32 255, i32 511, i32 0, i32 undef, i32 1807> to <4 x i64>
  %a0.hdr.base = insertelement <4 x i64> %a0.hdr.q, i64 %a, i32 0
  %a0.hdr.dw = bitcast <4 x i64> %a0.hdr.base to <8 x i32>
  %a0.hdr.y = insertelement <8 x i32> %a0.hdr.dw, i32 %m.i32, i32 6
  %n.i32 = trunc i64 %n to i32
  %b0.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 511, i32 255, i32 511, i32 undef, i32 0, i32 3855> to <4 x i64>
  %b0.hdr.base = insertelement <4 x i64> %b0.hdr.q, i64 %b, i32 0
  %b0.hdr.dw = bitcast <4 x i64> %b0.hdr.base to <8 x i32>
  %b0.hdr.x = insertelement <8 x i32> %b0.hdr.dw, i32 %n.i32, i32 5
  call void @llvm.genx.raw.send2.noresult.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 15, i32 0, i32 34079235, <8 x i32> %a0.hdr.y)
  call void @llvm.genx.raw.send2.noresult.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 15, i32 0, i32 34079235, <8 x i32> %b0.hdr.x)
  br label %k.header
k.header:
  %k.left = phi  i32 [-256, %entry], [%k.next, %k.body]
  %ta.payload = phi  <8 x i32> [%a0.hdr.y, %entry], [%ta_next.hdr.x, %k.body]
  %tb.payload = phi  <8 x i32> [%b0.hdr.x, %entry], [%tb_next.hdr.y, %k.body]
  %acc = phi  <128 x float> [zeroinitializer, %entry], [%acc_next, %k.body]
  %k.cond = icmp ne i32 %k.left, 0
  br i1 %k.cond, label %k.body, label %k.exit
k.body:
  %va = call <128 x half> @llvm.genx.raw.send2.v128f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 38273539, <8 x i32> %ta.payload, <128 x half> undef)
  %vb = call <256 x half> @llvm.genx.raw.send2.v256f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 42467971, <8 x i32> %tb.payload, <256 x half> undef)
  %ta_next.x0 = extractelement <8 x i32> %ta.payload, i32 5
  %ta_next.x = add i32 %ta_next.x0, 16
  %ta_next.hdr.x = insertelement <8 x i32> %ta.payload, i32 %ta_next.x, i32 5
  %tb_next.y0 = extractelement <8 x i32> %tb.payload, i32 6
  %tb_next.y = add i32 %tb_next.y0, 16
  %tb_next.hdr.y = insertelement <8 x i32> %tb.payload, i32 %tb_next.y, i32 6
  call void @llvm.genx.raw.send2.noresult.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 15, i32 0, i32 34079235, <8 x i32> %ta_next.hdr.x)
  call void @llvm.genx.raw.send2.noresult.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 15, i32 0, i32 34079235, <8 x i32> %tb_next.hdr.y)
  %va.dw = bitcast <128 x half> %va to <64 x i32>
  %vb.dw = bitcast <256 x half> %vb to <128 x i32>
  %acc_next = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc, <128 x i32> %vb.dw, <64 x i32> %va.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %k.next = add i32 %k.left, 16
  br label %k.header
k.exit:
  %n.i32.1 = trunc i64 %n to i32
  %m.i32.1 = trunc i64 %m to i32
  %tc.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 1023, i32 255, i32 1023, i32 undef, i32 undef, i32 1807> to <4 x i64>
  %tc.hdr.base = insertelement <4 x i64> %tc.hdr.q, i64 %c, i32 0
  %tc.hdr.dw = bitcast <4 x i64> %tc.hdr.base to <8 x i32>
  %tc.hdr.x = insertelement <8 x i32> %tc.hdr.dw, i32 %n.i32.1, i32 5
  %tc.hdr.y = insertelement <8 x i32> %tc.hdr.x, i32 %m.i32.1, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc.hdr.y, <128 x float> %acc)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @gemm_kloop_f16, !"gemm_kloop_f16", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
