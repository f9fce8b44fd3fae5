target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float>, <128 x i32>, <64 x i32>, i32, i32, i32, i32, i32, i32)
declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare void @llvm.genx.raw.send2.noresult.i1.v8i32(i8, i8, i1, i8, i8, i32, i32, <8 x i32>)
declare <128 x half> @llvm.genx.raw.send2.v128f16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x half>)
declare <128 x float> @llvm.genx.raw.send2.v128f32.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)
declare <256 x half> @llvm.genx.raw.send2.v256f16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <256 x half>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float>, <32 x float>, i32, i32, i32, i16, i32, i1)

define dllexport void @simt_upstream_gemm(i64 %a, i64 %b, i64 %c, i64 %bias) #0 {
entry:
  %group_id.x = call i32 @llvm.genx.group.id.x()
  %group_id.y = call i32 @llvm.genx.group.id.y()
  %bx = zext i32 %group_id.x to i64
  %by = zext i32 %group_id.y to i64
  %m = mul i64 %bx, 8
  %n = mul i64 %by, 16
  %tc.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 511, i32 127, i32 511, i32 0, i32 0, i32 1807> to <4 x i64>
  %tc.hdr.base = insertelement <4 x i64> %tc.hdr.q, i64 %c, i32 0
  %tc.hdr.dw = bitcast <4 x i64> %tc.hdr.base to <8 x i32>
  %n.i32 = trunc i64 %n to i32
  %m.i32 = trunc i64 %m to i32
  %c_init.hdr.x = insertelement <8 x i32> %tc.hdr.dw, i32 %n.i32, i32 5
  %c_init.hdr.y = insertelement <8 x i32> %c_init.hdr.x, i32 %m.i32, i32 6
  %c_init = call <128 x float> @llvm.genx.raw.send2.v128f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 41944067, <8 x i32> %c_init.hdr.y, <128 x float> undef)
  %ta0.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 255, i32 127, i32 255, i32 0, i32 undef, i32 1807> to <4 x i64>
  %ta0.hdr.base = insertelement <4 x i64> %ta0.hdr.q, i64 %a, i32 0
  %ta0.hdr.dw = bitcast <4 x i64> %ta0.hdr.base to <8 x i32>
  %ta0.hdr.y = insertelement <8 x i32> %ta0.hdr.dw, i32 %m.i32, i32 6
  %tb0.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 255, i32 127, i32 255, i32 undef, i32 0, i32 3855> to <4 x i64>
  %tb0.hdr.base = insertelement <4 x i64> %tb0.hdr.q, i64 %b, i32 0
  %tb0.hdr.dw = bitcast <4 x i64> %tb0.hdr.base to <8 x i32>
  %tb0.hdr.x = insertelement <8 x i32> %tb0.hdr.dw, i32 %n.i32, i32 5
  call void @llvm.genx.raw.send2.noresult.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 15, i32 0, i32 33554947, <8 x i32> %ta0.hdr.y)
  call void @llvm.genx.raw.send2.noresult.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 15, i32 0, i32 33554947, <8 x i32> %tb0.hdr.x)
  br label %k.header
k.header:
  %k.left = phi  i32 [-128, %entry], [%k.next, %k.body]
  %ta.payload = phi  <8 x i32> [%ta0.hdr.y, %entry], [%ta1.hdr.x, %k.body]
  %tb.payload = phi  <8 x i32> [%tb0.hdr.x, %entry], [%tb1.hdr.y, %k.body]
  %acc = phi  <128 x float> [%c_init, %entry], [%dot, %k.body]
  %k.cond = icmp ne i32 %k.left, 0
  br i1 %k.cond, label %k.body, label %k.exit
k.body:
  %va = call <128 x half> @llvm.genx.raw.send2.v128f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 37749251, <8 x i32> %ta.payload, <128 x half> undef)
  %vb = call <256 x half> @llvm.genx.raw.send2.v256f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 41943683, <8 x i32> %tb.payload, <256 x half> undef)
  %va.dw = bitcast <128 x half> %va to <64 x i32>
  %vb.dw = bitcast <256 x half> %vb to <128 x i32>
  %dot = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc, <128 x i32> %vb.dw, <64 x i32> %va.dw, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %ta1.x0 = extractelement <8 x i32> %ta.payload, i32 5
  %ta1.x = add i32 %ta1.x0, 16
  %ta1.hdr.x = insertelement <8 x i32> %ta.payload, i32 %ta1.x, i32 5
  %tb1.y0 = extractelement <8 x i32> %tb.payload, i32 6
  %tb1.y = add i32 %tb1.y0, 16
  %tb1.hdr.y = insertelement <8 x i32> %tb.payload, i32 %tb1.y, i32 6
  %k.next = add i32 %k.left, 16
  br label %k.header
k.exit:
  %scaled.0.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %acc, i32 0, i32 32, i32 1, i16 0, i32 32)
  %scaled.0 = fmul <32 x float> %scaled.0.a0, <float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000>
  %scaled.1.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %acc, i32 0, i32 32, i32 1, i16 128, i32 32)
  %scaled.1 = fmul <32 x float> %scaled.1.a0, <float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000>
  %scaled.2.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %acc, i32 0, i32 32, i32 1, i16 256, i32 32)
  %scaled.2 = fmul <32 x float> %scaled.2.a0, <float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000>
  %scaled.3.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %acc, i32 0, i32 32, i32 1, i16 384, i32 32)
  %scaled.3 = fmul <32 x float> %scaled.3.a0, <float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000, float 0x3fe0000000000000>
  %scaled.j0 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> undef, <32 x float> %scaled.0, i32 0, i32 32, i32 1, i16 0, i32 32, i1 true)
  %scaled.j1 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %scaled.j0, <32 x float> %scaled.1, i32 0, i32 32, i32 1, i16 128, i32 32, i1 true)
  %scaled.j2 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %scaled.j1, <32 x float> %scaled.2, i32 0, i32 32, i32 1, i16 256, i32 32, i1 true)
  %scaled = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %scaled.j2, <32 x float> %scaled.3, i32 0, i32 32, i32 1, i16 384, i32 32, i1 true)
  %bias1.x.ins = insertelement <16 x i64> undef, i64 %n, i32 0
  %bias1.x = shufflevector <16 x i64> %bias1.x.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %bias1.idx = add <16 x i64> %bias1.x, <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8, i64 9, i64 10, i64 11, i64 12, i64 13, i64 14, i64 15>
  %bias1.bytes = mul <16 x i64> %bias1.idx, <i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4, i64 4>
  %bias1.addr.base.ins = insertelement <16 x i64> undef, i64 %bias, i32 0
  %bias1.addr.base = shufflevector <16 x i64> %bias1.addr.base.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %bias1.addr = add <16 x i64> %bias1.addr.base, %bias1.bytes
  %bias1.inb = icmp ult <16 x i64> %bias1.idx, <i64 128, i64 128, i64 128, i64 128, i64 128, i64 128, i64 128, i64 128, i64 128, i64 128, i64 128, i64 128, i64 128, i64 128, i64 128, i64 128>
  %bias1 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1> %bias1.inb, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %bias1.addr, i32 0)
  %bias1.zf = select  <16 x i1> %bias1.inb, <16 x i32> %bias1, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %bias1.v = bitcast <16 x i32> %bias1.zf to <16 x float>
  %bias8.rd0.src = bitcast <16 x i32> %bias1.zf to <16 x float>
  %bias8.rd0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v16f32.i16(<16 x float> %bias8.rd0.src, i32 0, i32 16, i32 1, i16 0, i32 16)
  %bias8.w0 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> undef, <32 x float> %bias8.rd0, i32 0, i32 32, i32 1, i16 0, i32 32, i1 true)
  %bias8.rd1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v16f32.i16(<16 x float> %bias8.rd0.src, i32 0, i32 16, i32 1, i16 0, i32 16)
  %bias8.w1 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %bias8.w0, <32 x float> %bias8.rd1, i32 0, i32 32, i32 1, i16 128, i32 32, i1 true)
  %bias8.rd2 = call <32 x float> @llvm.genx.rdregionf.v32f32.v16f32.i16(<16 x float> %bias8.rd0.src, i32 0, i32 16, i32 1, i16 0, i32 16)
  %bias8.w2 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %bias8.w1, <32 x float> %bias8.rd2, i32 0, i32 32, i32 1, i16 256, i32 32, i1 true)
  %bias8.rd3 = call <32 x float> @llvm.genx.rdregionf.v32f32.v16f32.i16(<16 x float> %bias8.rd0.src, i32 0, i32 16, i32 1, i16 0, i32 16)
  %bias8 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %bias8.w2, <32 x float> %bias8.rd3, i32 0, i32 32, i32 1, i16 384, i32 32, i1 true)
  %out.0.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %scaled, i32 0, i32 32, i32 1, i16 0, i32 32)
  %out.0.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %bias8, i32 0, i32 32, i32 1, i16 0, i32 32)
  %out.0 = fadd <32 x float> %out.0.a0, %out.0.a1
  %out.1.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %scaled, i32 0, i32 32, i32 1, i16 128, i32 32)
  %out.1.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %bias8, i32 0, i32 32, i32 1, i16 128, i32 32)
  %out.1 = fadd <32 x float> %out.1.a0, %out.1.a1
  %out.2.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %scaled, i32 0, i32 32, i32 1, i16 256, i32 32)
  %out.2.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %bias8, i32 0, i32 32, i32 1, i16 256, i32 32)
  %out.2 = fadd <32 x float> %out.2.a0, %out.2.a1
  %out.3.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %scaled, i32 0, i32 32, i32 1, i16 384, i32 32)
  %out.3.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %bias8, i32 0, i32 32, i32 1, i16 384, i32 32)
  %out.3 = fadd <32 x float> %out.3.a0, %out.3.a1
  %out.j0 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> undef, <32 x float> %out.0, i32 0, i32 32, i32 1, i16 0, i32 32, i1 true)
  %out.j1 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %out.j0, <32 x float> %out.1, i32 0, i32 32, i32 1, i16 128, i32 32, i1 true)
  %out.j2 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %out.j1, <32 x float> %out.2, i32 0, i32 32, i32 1, i16 256, i32 32, i1 true)
  %out = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %out.j2, <32 x float> %out.3, i32 0, i32 32, i32 1, i16 384, i32 32, i1 true)
  %n.i32.1 = trunc i64 %n to i32
  %m.i32.1 = trunc i64 %m to i32
  %st.out.hdr.x = insertelement <8 x i32> %tc.hdr.dw, i32 %n.i32.1, i32 5
  %st.out.hdr.y = insertelement <8 x i32> %st.out.hdr.x, i32 %m.i32.1, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %st.out.hdr.y, <128 x float> %out)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64, i64)* @simt_upstream_gemm, !"simt_upstream_gemm", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48, i32 56}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t", !"svmptr_t"}
