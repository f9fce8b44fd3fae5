target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v128i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <128 x i32>, i32)
declare <512 x half> @llvm.genx.raw.send2.v512f16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <512 x half>)
declare <64 x float> @llvm.genx.raw.send2.v64f32.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <64 x float>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v64f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <64 x float>)
declare <128 x i32> @llvm.genx.rdregioni.v128i32.v256i32.i16(<256 x i32>, i32, i32, i32, i16, i32)

define dllexport void @transpose_vector(i64 %src, i64 %dst, i64 %hsrc, i64 %hdst) #0 {
entry:
  %group_id.x = call i32 @llvm.genx.group.id.x()
  %group_id.y = call i32 @llvm.genx.group.id.y()
  %bx = zext i32 %group_id.x to i64
  %by = zext i32 %group_id.y to i64
  %row = mul i64 %bx, 8
  %col = mul i64 %by, 16
  %col.i32 = trunc i64 %col to i32
  %row.i32 = trunc i64 %row to i32
  %t.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 127, i32 31, i32 127, i32 undef, i32 undef, i32 1807> to <4 x i64>
  %t.hdr.base = insertelement <4 x i64> %t.hdr.q, i64 %src, i32 0
  %t.hdr.dw = bitcast <4 x i64> %t.hdr.base to <8 x i32>
  %t.hdr.x = insertelement <8 x i32> %t.hdr.dw, i32 %col.i32, i32 5
  %t.hdr.y = insertelement <8 x i32> %t.hdr.x, i32 %row.i32, i32 6
  %v.m0.hdr.shape = insertelement <8 x i32> %t.hdr.y, i32 1799, i32 7
  %v.m0 = call <64 x float> @llvm.genx.raw.send2.v64f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 37782531, <8 x i32> %v.m0.hdr.shape, <64 x float> undef)
  %v.m1.x = add i32 %col.i32, 8
  %v.m1.hdr.x = insertelement <8 x i32> %v.m0.hdr.shape, i32 %v.m1.x, i32 5
  %v.m1 = call <64 x float> @llvm.genx.raw.send2.v64f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 37782531, <8 x i32> %v.m1.hdr.x, <64 x float> undef)
  %o.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 127, i32 31, i32 127, i32 undef, i32 undef, i32 3847> to <4 x i64>
  %o.hdr.base = insertelement <4 x i64> %o.hdr.q, i64 %dst, i32 0
  %o.hdr.dw = bitcast <4 x i64> %o.hdr.base to <8 x i32>
  %o.hdr.x = insertelement <8 x i32> %o.hdr.dw, i32 %row.i32, i32 5
  %o.hdr.y = insertelement <8 x i32> %o.hdr.x, i32 %col.i32, i32 6
  %st.vt.m0.hdr.shape = insertelement <8 x i32> %o.hdr.y, i32 1799, i32 7
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v64f32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 33555463, <8 x i32> %st.vt.m0.hdr.shape, <64 x float> %v.m0)
  %st.vt.m1.y = add i32 %col.i32, 8
  %st.vt.m1.hdr.y = insertelement <8 x i32> %st.vt.m0.hdr.shape, i32 %st.vt.m1.y, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v64f32(i8 0, i8 0, i1 true, i8 1, i8 4, i8 15, i32 0, i32 33555463, <8 x i32> %st.vt.m1.hdr.y, <64 x float> %v.m1)
  %th.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 15, i32 63, i32 0, i32 0, i32 3871> to <4 x i64>
  %th.hdr.base = insertelement <4 x i64> %th.hdr.q, i64 %hsrc, i32 0
  %th.hdr.dw = bitcast <4 x i64> %th.hdr.base to <8 x i32>
  %h.hdr.shape = insertelement <8 x i32> %th.hdr.dw, i32 69391, i32 7
  %h = call <512 x half> @llvm.genx.raw.send2.v512f16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 16, i8 15, i32 0, i32 50332291, <8 x i32> %h.hdr.shape, <512 x half> undef)
  %oh.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 31, i32 31, i32 31, i32 0, i32 0, i32 7951> to <4 x i64>
  %oh.hdr.base = insertelement <4 x i64> %oh.hdr.q, i64 %hdst, i32 0
  %oh.hdr.dw = bitcast <4 x i64> %oh.hdr.base to <8 x i32>
  %st.ht.dw = bitcast <512 x half> %h to <256 x i32>
  %.8 = sext i32 0 to i64
  %.9 = zext i32 32 to i64
  %st.ht.b0.rowb = mul i64 %.8, %.9
  %st.ht.b0.base = add i64 %hdst, %st.ht.b0.rowb
  %st.ht.b0.bv.ins = insertelement <16 x i64> undef, i64 %st.ht.b0.base, i32 0
  %st.ht.b0.bv = shufflevector <16 x i64> %st.ht.b0.bv.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.ht.b0.addr = add <16 x i64> %st.ht.b0.bv, <i64 0, i64 32, i64 64, i64 96, i64 128, i64 160, i64 192, i64 224, i64 256, i64 288, i64 320, i64 352, i64 384, i64 416, i64 448, i64 480>
  %st.ht.b0.data = call <128 x i32> @llvm.genx.rdregioni.v128i32.v256i32.i16(<256 x i32> %st.ht.dw, i32 0, i32 128, i32 1, i16 0, i32 128)
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v128i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 1, i8 0, <16 x i64> %st.ht.b0.addr, <128 x i32> %st.ht.b0.data, i32 0)
  %.11 = sext i32 16 to i64
  %.12 = zext i32 32 to i64
  %st.ht.b1.rowb = mul i64 %.11, %.12
  %st.ht.b1.base = add i64 %hdst, %st.ht.b1.rowb
  %st.ht.b1.bv.ins = insertelement <16 x i64> undef, i64 %st.ht.b1.base, i32 0
  %st.ht.b1.bv = shufflevector <16 x i64> %st.ht.b1.bv.ins, <16 x i64> undef, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %st.ht.b1.addr = add <16 x i64> %st.ht.b1.bv, <i64 0, i64 32, i64 64, i64 96, i64 128, i64 160, i64 192, i64 224, i64 256, i64 288, i64 320, i64 352, i64 384, i64 416, i64 448, i64 480>
  %st.ht.b1.data = call <128 x i32> @llvm.genx.rdregioni.v128i32.v256i32.i16(<256 x i32> %st.ht.dw, i32 0, i32 128, i32 1, i16 512, i32 128)
  call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v128i32(<16 x i1> <i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1, i1 1>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 1, i8 0, <16 x i64> %st.ht.b1.addr, <128 x i32> %st.ht.b1.data, i32 0)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64, i64)* @transpose_vector, !"transpose_vector", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48, i32 56}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t", !"svmptr_t"}
