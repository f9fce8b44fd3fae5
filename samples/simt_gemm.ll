target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float>, <128 x i32>, <64 x i32>, i32, i32, i32, i32, i32, i32)
declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare void @llvm.genx.raw.send2.noresult.i1.v8i32(i8, i8, i1, i8, i8, i32, i32, <8 x i32>)
declare <128 x i16> @llvm.genx.raw.send2.v128i16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x i16>)
declare <256 x i16> @llvm.genx.raw.send2.v256i16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <256 x i16>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float>, i32, i32, i32, i16, i32)
declare <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float>, <32 x float>, i32, i32, i32, i16, i32, i1)

define dllexport void @simt_gemm(i64 %a, i64 %b, i64 %c) #0 {
entry:
  %group_id.x = call i32 @llvm.genx.group.id.x()
  %group_id.y = call i32 @llvm.genx.group.id.y()
  %bx = zext i32 %group_id.x to i64
  %by = zext i32 %group_id.y to i64
  %m = mul i64 %bx, 8
  %n = mul i64 %by, 16
  %m.i32 = trunc i64 %m to i32
  %a0.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 255, i32 127, i32 255, i32 0, i32 undef, i32 1807> to <4 x i64>
  %a0.hdr.base = insertelement <4 x i64> %a0.hdr.q, i64 %a, i32 0
  %a0.hdr.dw = bitcast <4 x i64> %a0.hdr.base to <8 x i32>
  %a0.hdr.y = insertelement <8 x i32> %a0.hdr.dw, i32 %m.i32, i32 6
  %n.i32 = trunc i64 %n to i32
  %b0.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 255, i32 127, i32 255, i32 undef, i32 0, i32 3855> to <4 x i64>
  %b0.hdr.base = insertelement <4 x i64> %b0.hdr.q, i64 %b, i32 0
  %b0.hdr.dw = bitcast <4 x i64> %b0.hdr.base to <8 x i32>
  %b0.hdr.x = insertelement <8 x i32> %b0.hdr.dw, i32 %n.i32, i32 5
  call void @llvm.genx.raw.send2.noresult.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 15, i32 0, i32 33554947, <8 x i32> %a0.hdr.y)
  call void @llvm.genx.raw.send2.noresult.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 15, i32 0, i32 33554947, <8 x i32> %b0.hdr.x)
  br label %k.header
k.header:
  %k.left = phi  i32 [-128, %entry], [%k.next, %k.body]
  %ta.payload = phi  <8 x i32> [%a0.hdr.y, %entry], [%ta1.hdr.x, %k.body]
  %tb.payload = phi  <8 x i32> [%b0.hdr.x, %entry], [%tb1.hdr.y, %k.body]
  %acc = phi  <128 x float> [zeroinitializer, %entry], [%d, %k.body]
  %k.cond = icmp ne i32 %k.left, 0
  br i1 %k.cond, label %k.body, label %k.exit
k.body:
  %va = call <128 x i16> @llvm.genx.raw.send2.v128i16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 37749251, <8 x i32> %ta.payload, <128 x i16> undef)
  %vb = call <256 x i16> @llvm.genx.raw.send2.v256i16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 41943683, <8 x i32> %tb.payload, <256 x i16> undef)
  %ta1.x0 = extractelement <8 x i32> %ta.payload, i32 5
  %ta1.x = add i32 %ta1.x0, 16
  %ta1.hdr.x = insertelement <8 x i32> %ta.payload, i32 %ta1.x, i32 5
  %tb1.y0 = extractelement <8 x i32> %tb.payload, i32 6
  %tb1.y = add i32 %tb1.y0, 16
  %tb1.hdr.y = insertelement <8 x i32> %tb.payload, i32 %tb1.y, i32 6
  call void @llvm.genx.raw.send2.noresult.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 15, i32 0, i32 33554947, <8 x i32> %ta1.hdr.x)
  call void @llvm.genx.raw.send2.noresult.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 15, i32 0, i32 33554947, <8 x i32> %tb1.hdr.y)
  %va.dw = bitcast <128 x i16> %va to <64 x i32>
  %vb.dw = bitcast <256 x i16> %vb to <128 x i32>
  %d = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc, <128 x i32> %vb.dw, <64 x i32> %va.dw, i32 9, i32 9, i32 8, i32 8, i32 0, i32 0)
  %k.next = add i32 %k.left, 16
  br label %k.header
k.exit:
  %relu.0.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %acc, i32 0, i32 32, i32 1, i16 0, i32 32)
  %relu.0.cmp = fcmp ugt <32 x float> %relu.0.a0, zeroinitializer
  %relu.0 = select  <32 x i1> %relu.0.cmp, <32 x float> %relu.0.a0, <32 x float> zeroinitializer
  %relu.1.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %acc, i32 0, i32 32, i32 1, i16 128, i32 32)
  %relu.1.cmp = fcmp ugt <32 x float> %relu.1.a0, zeroinitializer
  %relu.1 = select  <32 x i1> %relu.1.cmp, <32 x float> %relu.1.a0, <32 x float> zeroinitializer
  %relu.2.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %acc, i32 0, i32 32, i32 1, i16 256, i32 32)
  %relu.2.cmp = fcmp ugt <32 x float> %relu.2.a0, zeroinitializer
  %relu.2 = select  <32 x i1> %relu.2.cmp, <32 x float> %relu.2.a0, <32 x float> zeroinitializer
  %relu.3.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %acc, i32 0, i32 32, i32 1, i16 384, i32 32)
  %relu.3.cmp = fcmp ugt <32 x float> %relu.3.a0, zeroinitializer
  %relu.3 = select  <32 x i1> %relu.3.cmp, <32 x float> %relu.3.a0, <32 x float> zeroinitializer
  %relu.j0 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> undef, <32 x float> %relu.0, i32 0, i32 32, i32 1, i16 0, i32 32, i1 true)
  %relu.j1 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %relu.j0, <32 x float> %relu.1, i32 0, i32 32, i32 1, i16 128, i32 32, i1 true)
  %relu.j2 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %relu.j1, <32 x float> %relu.2, i32 0, i32 32, i32 1, i16 256, i32 32, i1 true)
  %relu = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %relu.j2, <32 x float> %relu.3, i32 0, i32 32, i32 1, i16 384, i32 32, i1 true)
  %n.i32.1 = trunc i64 %n to i32
  %m.i32.1 = trunc i64 %m to i32
  %tc.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 511, i32 127, i32 511, i32 undef, i32 undef, i32 1807> to <4 x i64>
  %tc.hdr.base = insertelement <4 x i64> %tc.hdr.q, i64 %c, i32 0
  %tc.hdr.dw = bitcast <4 x i64> %tc.hdr.base to <8 x i32>
  %tc.hdr.x = insertelement <8 x i32> %tc.hdr.dw, i32 %n.i32.1, i32 5
  %tc.hdr.y = insertelement <8 x i32> %tc.hdr.x, i32 %m.i32.1, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %tc.hdr.y, <128 x float> %relu)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @simt_gemm, !"simt_gemm", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
