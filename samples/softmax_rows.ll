target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <32 x float> @llvm.genx.exp.v32f32(<32 x float>)
declare <16 x float> @llvm.genx.fmax.v16f32.v16f32(<16 x float>, <16 x float>)
declare <32 x float> @llvm.genx.fmax.v32f32.v32f32(<32 x float>, <32 x float>)
declare <8 x float> @llvm.genx.fmax.v8f32.v8f32(<8 x float>, <8 x float>)
declare i32 @llvm.genx.group.id.x()
declare <128 x i32> @llvm.genx.lsc.load.merge.stateless.v128i32.v16i1.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32, <128 x i32>)
declare void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v128i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <128 x i32>, i32)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half>, <32 x half>, i32, i32, i32, i16, i32, i1)
declare <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float>, <32 x float>, i32, i32, i32, i16, i32, i1)

define dllexport void @softmax_rows(i64 %in, i64 %out) #0 {
entry:
  %group_id.x = call i32 @llvm.genx.group.id.x()
  %bx = zext i32 %group_id.x to i64
  %row = mul i64 %bx, 8
  %row.i32 = trunc i64 %row to i32
  %t.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 63, i32 63, i32 0, i32 undef, i32 1823> to <4 x i64>
  %t.hdr.base = insertelement <4 x i64> %t.hdr.q, i64 %in, i32 0
  %t.hdr.dw = bitcast <4 x i64> %t.hdr.base to <8 x i32>
  %t.hdr.y = insertelement <8 x i32> %t.hdr.dw, i32 %row.i32, i32 6
  %.4 = sext i32 %row.i32 to i64
  %.5 = zext i32 64 to i64
  %h.rowb = mul i64 %.4, %.5
  %h.base = add i64 %in, %h.rowb
  %h.bv.ins = insertelement <16 x i64> undef, i64 %h.base, i32 0
  %h.bv = shufflevector <16 x i64> %h.bv.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %h.addr = add <16 x i64> %h.bv, <i64 0, i64 64, i64 128, i64 192, i64 256, i64 320, i64 384, i64 448, i64 32, i64 96, i64 160, i64 224, i64 288, i64 352, i64 416, i64 480>
  %h.yv.ins = insertelement <16 x i32> undef, i32 %row.i32, i32 0
  %h.yv = shufflevector <16 x i32> %h.yv.ins, <16 x i32> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %h.rows = add <16 x i32> %h.yv, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %h.inside = icmp ult <16 x i32> %h.rows, <i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64>
  %h.g0 = call <128 x i32> @llvm.genx.lsc.load.merge.stateless.v128i32.v16i1.v16i64(<16 x i1> %h.inside, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 1, i8 0, <16 x i64> %h.addr, i32 0, <128 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>)
  %h.halves = bitcast <128 x i32> %h.g0 to <256 x half>
  %h.p0.rd0.src = bitcast <128 x i32> %h.g0 to <256 x half>
  %x.0.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %h.p0.rd0.src, i32 0, i32 32, i32 2, i16 0, i32 32)
  %x.0 = fpext <32 x half> %x.0.a0 to <32 x float>
  %x.1.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %h.p0.rd0.src, i32 0, i32 32, i32 2, i16 128, i32 32)
  %x.1 = fpext <32 x half> %x.1.a0 to <32 x float>
  %x.2.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %h.p0.rd0.src, i32 0, i32 32, i32 2, i16 256, i32 32)
  %x.2 = fpext <32 x half> %x.2.a0 to <32 x float>
  %x.3.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %h.p0.rd0.src, i32 0, i32 32, i32 2, i16 384, i32 32)
  %x.3 = fpext <32 x half> %x.3.a0 to <32 x float>
  %x.4.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %h.p0.rd0.src, i32 0, i32 32, i32 2, i16 2, i32 32)
  %x.4 = fpext <32 x half> %x.4.a0 to <32 x float>
  %x.5.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %h.p0.rd0.src, i32 0, i32 32, i32 2, i16 130, i32 32)
  %x.5 = fpext <32 x half> %x.5.a0 to <32 x float>
  %x.6.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %h.p0.rd0.src, i32 0, i32 32, i32 2, i16 258, i32 32)
  %x.6 = fpext <32 x half> %x.6.a0 to <32 x float>
  %x.7.a0 = call <32 x half> @llvm.genx.rdregionf.v32f16.v256f16.i16(<256 x half> %h.p0.rd0.src, i32 0, i32 32, i32 2, i16 386, i32 32)
  %x.7 = fpext <32 x half> %x.7.a0 to <32 x float>
  %max.d1.s0.0.sel = call <32 x float> @llvm.genx.fmax.v32f32.v32f32(<32 x float> %x.0, <32 x float> %x.4)
  %max.d1.s0.0.nan = fcmp uno <32 x float> %x.0, %x.4
  %max.d1.s0.0 = select  <32 x i1> %max.d1.s0.0.nan, <32 x float> <float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000>, <32 x float> %max.d1.s0.0.sel
  %max.d1.s0.1.sel = call <32 x float> @llvm.genx.fmax.v32f32.v32f32(<32 x float> %x.1, <32 x float> %x.5)
  %max.d1.s0.1.nan = fcmp uno <32 x float> %x.1, %x.5
  %max.d1.s0.1 = select  <32 x i1> %max.d1.s0.1.nan, <32 x float> <float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000>, <32 x float> %max.d1.s0.1.sel
  %max.d1.s0.2.sel = call <32 x float> @llvm.genx.fmax.v32f32.v32f32(<32 x float> %x.2, <32 x float> %x.6)
  %max.d1.s0.2.nan = fcmp uno <32 x float> %x.2, %x.6
  %max.d1.s0.2 = select  <32 x i1> %max.d1.s0.2.nan, <32 x float> <float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000>, <32 x float> %max.d1.s0.2.sel
  %max.d1.s0.3.sel = call <32 x float> @llvm.genx.fmax.v32f32.v32f32(<32 x float> %x.3, <32 x float> %x.7)
  %max.d1.s0.3.nan = fcmp uno <32 x float> %x.3, %x.7
  %max.d1.s0.3 = select  <32 x i1> %max.d1.s0.3.nan, <32 x float> <float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000>, <32 x float> %max.d1.s0.3.sel
  %max.d1.s1.0.sel = call <32 x float> @llvm.genx.fmax.v32f32.v32f32(<32 x float> %max.d1.s0.0, <32 x float> %max.d1.s0.2)
  %max.d1.s1.0.nan = fcmp uno <32 x float> %max.d1.s0.0, %max.d1.s0.2
  %max.d1.s1.0 = select  <32 x i1> %max.d1.s1.0.nan, <32 x float> <float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000>, <32 x float> %max.d1.s1.0.sel
  %max.d1.s1.1.sel = call <32 x float> @llvm.genx.fmax.v32f32.v32f32(<32 x float> %max.d1.s0.1, <32 x float> %max.d1.s0.3)
  %max.d1.s1.1.nan = fcmp uno <32 x float> %max.d1.s0.1, %max.d1.s0.3
  %max.d1.s1.1 = select  <32 x i1> %max.d1.s1.1.nan, <32 x float> <float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000>, <32 x float> %max.d1.s1.1.sel
  %max.d1.s1.j0 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> undef, <32 x float> %max.d1.s1.0, i32 0, i32 32, i32 1, i16 0, i32 32, i1 true)
  %max.d1.s1 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> %max.d1.s1.j0, <32 x float> %max.d1.s1.1, i32 0, i32 32, i32 1, i16 128, i32 32, i1 true)
  %max.d1.s2.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %max.d1.s1, i32 0, i32 32, i32 1, i16 0, i32 32)
  %max.d1.s2.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %max.d1.s1, i32 0, i32 32, i32 1, i16 128, i32 32)
  %max.d1.s2.sel = call <32 x float> @llvm.genx.fmax.v32f32.v32f32(<32 x float> %max.d1.s2.a0, <32 x float> %max.d1.s2.a1)
  %max.d1.s2.nan = fcmp uno <32 x float> %max.d1.s2.a0, %max.d1.s2.a1
  %max.d1.s2 = select  <32 x i1> %max.d1.s2.nan, <32 x float> <float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000>, <32 x float> %max.d1.s2.sel
  %max.d1.s3.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %max.d1.s2, i32 0, i32 16, i32 1, i16 0, i32 16)
  %max.d1.s3.a1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %max.d1.s2, i32 0, i32 16, i32 1, i16 64, i32 16)
  %max.d1.s3.sel = call <16 x float> @llvm.genx.fmax.v16f32.v16f32(<16 x float> %max.d1.s3.a0, <16 x float> %max.d1.s3.a1)
  %max.d1.s3.nan = fcmp uno <16 x float> %max.d1.s3.a0, %max.d1.s3.a1
  %max.d1.s3 = select  <16 x i1> %max.d1.s3.nan, <16 x float> <float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000>, <16 x float> %max.d1.s3.sel
  %max.d1.s4.v1 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %max.d1.s3, i32 0, i32 8, i32 1, i16 32, i32 8)
  %max.d1.s4.a0 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %max.d1.s3, i32 0, i32 8, i32 1, i16 0, i32 8)
  %max.d1.s4.sel = call <8 x float> @llvm.genx.fmax.v8f32.v8f32(<8 x float> %max.d1.s4.a0, <8 x float> %max.d1.s4.v1)
  %max.d1.s4.nan = fcmp uno <8 x float> %max.d1.s4.a0, %max.d1.s4.v1
  %max.d1.s4 = select  <8 x i1> %max.d1.s4.nan, <8 x float> <float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000, float 0x7ff8000000000000>, <8 x float> %max.d1.s4.sel
  %max.cmp = fcmp olt <8 x float> %max.d1.s4, <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>
  %max = select  <8 x i1> %max.cmp, <8 x float> <float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000, float 0xfff0000000000000>, <8 x float> %max.d1.s4
  %xs.0.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %max, i32 0, i32 8, i32 1, i16 0, i32 8)
  %xs.0 = fsub <32 x float> %x.0, %xs.0.a1
  %xs.1.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %max, i32 0, i32 8, i32 1, i16 0, i32 8)
  %xs.1 = fsub <32 x float> %x.1, %xs.1.a1
  %xs.2.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %max, i32 0, i32 8, i32 1, i16 0, i32 8)
  %xs.2 = fsub <32 x float> %x.2, %xs.2.a1
  %xs.3.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %max, i32 0, i32 8, i32 1, i16 0, i32 8)
  %xs.3 = fsub <32 x float> %x.3, %xs.3.a1
  %xs.4.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %max, i32 0, i32 8, i32 1, i16 0, i32 8)
  %xs.4 = fsub <32 x float> %x.4, %xs.4.a1
  %xs.5.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %max, i32 0, i32 8, i32 1, i16 0, i32 8)
  %xs.5 = fsub <32 x float> %x.5, %xs.5.a1
  %xs.6.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %max, i32 0, i32 8, i32 1, i16 0, i32 8)
  %xs.6 = fsub <32 x float> %x.6, %xs.6.a1
  %xs.7.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %max, i32 0, i32 8, i32 1, i16 0, i32 8)
  %xs.7 = fsub <32 x float> %x.7, %xs.7.a1
  %e.0.x2 = fmul <32 x float> %xs.0, <float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000>
  %e.0 = call <32 x float> @llvm.genx.exp.v32f32(<32 x float> %e.0.x2)
  %e.1.x2 = fmul <32 x float> %xs.1, <float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000>
  %e.1 = call <32 x float> @llvm.genx.exp.v32f32(<32 x float> %e.1.x2)
  %e.2.x2 = fmul <32 x float> %xs.2, <float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000>
  %e.2 = call <32 x float> @llvm.genx.exp.v32f32(<32 x float> %e.2.x2)
  %e.3.x2 = fmul <32 x float> %xs.3, <float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000>
  %e.3 = call <32 x float> @llvm.genx.exp.v32f32(<32 x float> %e.3.x2)
  %e.4.x2 = fmul <32 x float> %xs.4, <float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000>
  %e.4 = call <32 x float> @llvm.genx.exp.v32f32(<32 x float> %e.4.x2)
  %e.5.x2 = fmul <32 x float> %xs.5, <float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000>
  %e.5 = call <32 x float> @llvm.genx.exp.v32f32(<32 x float> %e.5.x2)
  %e.6.x2 = fmul <32 x float> %xs.6, <float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000>
  %e.6 = call <32 x float> @llvm.genx.exp.v32f32(<32 x float> %e.6.x2)
  %e.7.x2 = fmul <32 x float> %xs.7, <float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000, float 0x3ff7154760000000>
  %e.7 = call <32 x float> @llvm.genx.exp.v32f32(<32 x float> %e.7.x2)
  %sum.d1.s0.0 = fadd <32 x float> %e.0, %e.4
  %sum.d1.s0.1 = fadd <32 x float> %e.1, %e.5
  %sum.d1.s0.2 = fadd <32 x float> %e.2, %e.6
  %sum.d1.s0.3 = fadd <32 x float> %e.3, %e.7
  %sum.d1.s1.0 = fadd <32 x float> %sum.d1.s0.0, %sum.d1.s0.2
  %sum.d1.s1.1 = fadd <32 x float> %sum.d1.s0.1, %sum.d1.s0.3
  %sum.d1.s1.j0 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> undef, <32 x float> %sum.d1.s1.0, i32 0, i32 32, i32 1, i16 0, i32 32, i1 true)
  %sum.d1.s1 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> %sum.d1.s1.j0, <32 x float> %sum.d1.s1.1, i32 0, i32 32, i32 1, i16 128, i32 32, i1 true)
  %sum.d1.s2.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %sum.d1.s1, i32 0, i32 32, i32 1, i16 0, i32 32)
  %sum.d1.s2.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %sum.d1.s1, i32 0, i32 32, i32 1, i16 128, i32 32)
  %sum.d1.s2 = fadd <32 x float> %sum.d1.s2.a0, %sum.d1.s2.a1
  %sum.d1.s3.a0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %sum.d1.s2, i32 0, i32 16, i32 1, i16 0, i32 16)
  %sum.d1.s3.a1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %sum.d1.s2, i32 0, i32 16, i32 1, i16 64, i32 16)
  %sum.d1.s3 = fadd <16 x float> %sum.d1.s3.a0, %sum.d1.s3.a1
  %sum.d1.s4.v1 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %sum.d1.s3, i32 0, i32 8, i32 1, i16 32, i32 8)
  %sum.d1.s4.a0 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %sum.d1.s3, i32 0, i32 8, i32 1, i16 0, i32 8)
  %sum.d1.s4 = fadd <8 x float> %sum.d1.s4.a0, %sum.d1.s4.v1
  %sum = fadd <8 x float> %sum.d1.s4, zeroinitializer
  %p.0.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %sum, i32 0, i32 8, i32 1, i16 0, i32 8)
  %p.0 = fdiv <32 x float> %e.0, %p.0.a1
  %p.1.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %sum, i32 0, i32 8, i32 1, i16 0, i32 8)
  %p.1 = fdiv <32 x float> %e.1, %p.1.a1
  %p.2.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %sum, i32 0, i32 8, i32 1, i16 0, i32 8)
  %p.2 = fdiv <32 x float> %e.2, %p.2.a1
  %p.3.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %sum, i32 0, i32 8, i32 1, i16 0, i32 8)
  %p.3 = fdiv <32 x float> %e.3, %p.3.a1
  %p.4.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %sum, i32 0, i32 8, i32 1, i16 0, i32 8)
  %p.4 = fdiv <32 x float> %e.4, %p.4.a1
  %p.5.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %sum, i32 0, i32 8, i32 1, i16 0, i32 8)
  %p.5 = fdiv <32 x float> %e.5, %p.5.a1
  %p.6.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %sum, i32 0, i32 8, i32 1, i16 0, i32 8)
  %p.6 = fdiv <32 x float> %e.6, %p.6.a1
  %p.7.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v8f32.i16(<8 x float> %sum, i32 0, i32 8, i32 1, i16 0, i32 8)
  %p.7 = fdiv <32 x float> %e.7, %p.7.a1
  %ph.0 = fptrunc <32 x float> %p.0 to <32 x half>
  %ph.1 = fptrunc <32 x float> %p.1 to <32 x half>
  %ph.2 = fptrunc <32 x float> %p.2 to <32 x half>
  %ph.3 = fptrunc <32 x float> %p.3 to <32 x half>
  %ph.4 = fptrunc <32 x float> %p.4 to <32 x half>
  %ph.5 = fptrunc <32 x float> %p.5 to <32 x half>
  %ph.6 = fptrunc <32 x float> %p.6 to <32 x half>
  %ph.7 = fptrunc <32 x float> %p.7 to <32 x half>
  %ph.j0 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> undef, <32 x half> %ph.0, i32 0, i32 32, i32 1, i16 0, i32 32, i1 true)
  %ph.j1 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %ph.j0, <32 x half> %ph.1, i32 0, i32 32, i32 1, i16 64, i32 32, i1 true)
  %ph.j2 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %ph.j1, <32 x half> %ph.2, i32 0, i32 32, i32 1, i16 128, i32 32, i1 true)
  %ph.j3 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %ph.j2, <32 x half> %ph.3, i32 0, i32 32, i32 1, i16 192, i32 32, i1 true)
  %ph.j4 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %ph.j3, <32 x half> %ph.4, i32 0, i32 32, i32 1, i16 256, i32 32, i1 true)
  %ph.j5 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %ph.j4, <32 x half> %ph.5, i32 0, i32 32, i32 1, i16 320, i32 32, i1 true)
  %ph.j6 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %ph.j5, <32 x half> %ph.6, i32 0, i32 32, i32 1, i16 384, i32 32, i1 true)
  %ph = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %ph.j6, <32 x half> %ph.7, i32 0, i32 32, i32 1, i16 448, i32 32, i1 true)
  %o.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 63, i32 63, i32 0, i32 undef, i32 1823> to <4 x i64>
  %o.hdr.base = insertelement <4 x i64> %o.hdr.q, i64 %out, i32 0
  %o.hdr.dw = bitcast <4 x i64> %o.hdr.base to <8 x i32>
  %o.hdr.y = insertelement <8 x i32> %o.hdr.dw, i32 %row.i32, i32 6
  %.6 = sext i32 %row.i32 to i64
  %.7 = zext i32 64 to i64
  %st.ph.rowb = mul i64 %.6, %.7
  %st.ph.base = add i64 %out, %st.ph.rowb
  %st.ph.bv.ins = insertelement <16 x i64> undef, i64 %st.ph.base, i32 0
  %st.ph.bv = shufflevector <16 x i64> %st.ph.bv.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.ph.addr = add <16 x i64> %st.ph.bv, <i64 0, i64 64, i64 128, i64 192, i64 256, i64 320, i64 384, i64 448, i64 32, i64 96, i64 160, i64 224, i64 288, i64 352, i64 416, i64 480>
  %st.ph.yv.ins = insertelement <16 x i32> undef, i32 %row.i32, i32 0
  %st.ph.yv = shufflevector <16 x i32> %st.ph.yv.ins, <16 x i32> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.ph.rows = add <16 x i32> %st.ph.yv, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %st.ph.inside = icmp ult <16 x i32> %st.ph.rows, <i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64, i32 64>
  %st.ph.p0.w0 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> undef, <32 x half> %ph.0, i32 0, i32 32, i32 2, i16 0, i32 32, i1 true)
  %st.ph.p0.w1 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %st.ph.p0.w0, <32 x half> %ph.1, i32 0, i32 32, i32 2, i16 128, i32 32, i1 true)
  %st.ph.p0.w2 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %st.ph.p0.w1, <32 x half> %ph.2, i32 0, i32 32, i32 2, i16 256, i32 32, i1 true)
  %st.ph.p0 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %st.ph.p0.w2, <32 x half> %ph.3, i32 0, i32 32, i32 2, i16 384, i32 32, i1 true)
  %st.ph.p1.w0 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %st.ph.p0, <32 x half> %ph.4, i32 0, i32 32, i32 2, i16 2, i32 32, i1 true)
  %st.ph.p1.w1 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %st.ph.p1.w0, <32 x half> %ph.5, i32 0, i32 32, i32 2, i16 130, i32 32, i1 true)
  %st.ph.p1.w2 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %st.ph.p1.w1, <32 x half> %ph.6, i32 0, i32 32, i32 2, i16 258, i32 32, i1 true)
  %st.ph.p1 = call <256 x half> @llvm.genx.wrregionf.v256f16.v32f16.i16.i1(<256 x half> %st.ph.p1.w2, <32 x half> %ph.7, i32 0, i32 32, i32 2, i16 386, i32 32, i1 true)
  %st.ph.dw = bitcast <256 x half> %st.ph.p1 to <128 x i32>
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v128i32(<16 x i1> %st.ph.inside, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 1, i8 0, <16 x i64> %st.ph.addr, <128 x i32> %st.ph.dw, i32 0)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64)* @softmax_rows, !"softmax_rows", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 32, i32 40}
!3 = !{i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t"}
