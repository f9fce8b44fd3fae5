target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <3 x i32> @llvm.genx.local.id.v3i32()
declare <3 x i32> @llvm.genx.local.size.v3i32()
declare void @llvm.genx.lsc.fence.i1(i1, i8, i8, i8)
declare void @llvm.genx.nbarrier(i8, i8, i8)
declare <128 x float> @llvm.genx.raw.send2.v128f32.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)
declare void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <128 x float>)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float>, i32, i32, i32, i16, i32)
declare <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float>, <32 x float>, i32, i32, i32, i16, i32, i1)

define dllexport void @nbarrier_exchange(i64 %src, i64 %scratch, i64 %dst) #0 {
entry:
  %local_id = call <3 x i32> @llvm.genx.local.id.v3i32()
  %local_size = call <3 x i32> @llvm.genx.local.size.v3i32()
  %sg.x = extractelement <3 x i32> %local_id, i32 0
  %sg.y = extractelement <3 x i32> %local_id, i32 1
  %sg.z = extractelement <3 x i32> %local_id, i32 2
  %sg.x.1 = extractelement <3 x i32> %local_size, i32 0
  %sg.y.1 = extractelement <3 x i32> %local_size, i32 1
  %.5 = mul i32 %sg.z, %sg.y.1
  %.6 = add i32 %sg.y, %.5
  %.7 = mul i32 %.6, %sg.x.1
  %sg.i32 = add i32 %sg.x, %.7
  %sg = zext i32 %sg.i32 to i64
  %partner = sub i64 1, %sg
  %row = mul i64 %sg, 8
  %partner_row = mul i64 %partner, 8
  %row.i32 = trunc i64 %row to i32
  %in.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 15, i32 63, i32 0, i32 undef, i32 1807> to <4 x i64>
  %in.hdr.base = insertelement <4 x i64> %in.hdr.q, i64 %src, i32 0
  %in.hdr.dw = bitcast <4 x i64> %in.hdr.base to <8 x i32>
  %in.hdr.y = insertelement <8 x i32> %in.hdr.dw, i32 %row.i32, i32 6
  %mine = call <128 x float> @llvm.genx.raw.send2.v128f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 41944067, <8 x i32> %in.hdr.y, <128 x float> undef)
  %slot.hdr.q = bitcast <8 x i32> %in.hdr.y to <4 x i64>
  %slot.hdr.base = insertelement <4 x i64> %slot.hdr.q, i64 %scratch, i32 0
  %slot.hdr.dw = bitcast <4 x i64> %slot.hdr.base to <8 x i32>
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %slot.hdr.dw, <128 x float> %mine)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 0)
  call void @llvm.genx.nbarrier(i8 1, i8 1, i8 2)
  call void @llvm.genx.nbarrier(i8 0, i8 1, i8 0)
  %partner_row.i32 = trunc i64 %partner_row to i32
  %other.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 15, i32 63, i32 0, i32 undef, i32 1807> to <4 x i64>
  %other.hdr.base = insertelement <4 x i64> %other.hdr.q, i64 %scratch, i32 0
  %other.hdr.dw = bitcast <4 x i64> %other.hdr.base to <8 x i32>
  %other.hdr.y = insertelement <8 x i32> %other.hdr.dw, i32 %partner_row.i32, i32 6
  %theirs = call <128 x float> @llvm.genx.raw.send2.v128f32.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 41944067, <8 x i32> %other.hdr.y, <128 x float> undef)
  %sum.0.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %mine, i32 0, i32 32, i32 1, i16 0, i32 32)
  %sum.0.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %theirs, i32 0, i32 32, i32 1, i16 0, i32 32)
  %sum.0 = fadd <32 x float> %sum.0.a0, %sum.0.a1
  %sum.1.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %mine, i32 0, i32 32, i32 1, i16 128, i32 32)
  %sum.1.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %theirs, i32 0, i32 32, i32 1, i16 128, i32 32)
  %sum.1 = fadd <32 x float> %sum.1.a0, %sum.1.a1
  %sum.2.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %mine, i32 0, i32 32, i32 1, i16 256, i32 32)
  %sum.2.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %theirs, i32 0, i32 32, i32 1, i16 256, i32 32)
  %sum.2 = fadd <32 x float> %sum.2.a0, %sum.2.a1
  %sum.3.a0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %mine, i32 0, i32 32, i32 1, i16 384, i32 32)
  %sum.3.a1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %theirs, i32 0, i32 32, i32 1, i16 384, i32 32)
  %sum.3 = fadd <32 x float> %sum.3.a0, %sum.3.a1
  %sum.j0 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> undef, <32 x float> %sum.0, i32 0, i32 32, i32 1, i16 0, i32 32, i1 true)
  %sum.j1 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %sum.j0, <32 x float> %sum.1, i32 0, i32 32, i32 1, i16 128, i32 32, i1 true)
  %sum.j2 = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %sum.j1, <32 x float> %sum.2, i32 0, i32 32, i32 1, i16 256, i32 32, i1 true)
  %sum = call <128 x float> @llvm.genx.wrregionf.v128f32.v32f32.i16.i1(<128 x float> %sum.j2, <32 x float> %sum.3, i32 0, i32 32, i32 1, i16 384, i32 32, i1 true)
  call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 0)
  call void @llvm.genx.nbarrier(i8 1, i8 2, i8 2)
  %out.hdr.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 63, i32 15, i32 63, i32 0, i32 undef, i32 1807> to <4 x i64>
  %out.hdr.base = insertelement <4 x i64> %out.hdr.q, i64 %dst, i32 0
  %out.hdr.dw = bitcast <4 x i64> %out.hdr.base to <8 x i32>
  %out.hdr.y = insertelement <8 x i32> %out.hdr.dw, i32 %row.i32, i32 6
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %out.hdr.y, <128 x float> %sum)
  call void @llvm.genx.nbarrier(i8 0, i8 2, i8 0)
  call void @llvm.genx.raw.sends2.noresult.i1.v8i32.v128f32(i8 0, i8 0, i1 true, i8 1, i8 8, i8 15, i32 0, i32 33555463, <8 x i32> %slot.hdr.dw, <128 x float> %sum)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @nbarrier_exchange, !"nbarrier_exchange", !1, i32 0, !2, !3, !4, i32 3}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
