; Hand-written GenX IR for samples/gemm_kloop_f16.mlir on DG2 (acm-g10): the floor the DG2
; emitter is compared with (bench/isa_quality.py). DG2 has no 2D block messages and no VNNI
; transform, so each K step of the 8x16 C tile needs, at the least:
;   - 8 A rows and 16 B rows, each its own 32-byte LSC load (the rows are a pitch apart; one
;     message reads one contiguous block), each from its own 64-bit address. The row addresses
;     are two loop-carried <N x i64> vectors moved by one add per K step; a row's message
;     takes its lane of them.
;   - B in VNNI layout for the two 8x8 dpas (SIMD8): each B row is interleaved into the k-pair
;     rows of both 8-column blocks by two word-strided register writes.
;   - 2 dpas, each writing its loop-carried accumulator; A rows are loaded straight into the
;     dpas operand.
; No prefetch (the pvc loop it is compared with has two). In-bounds tiles only (the launch
; below never crosses an edge). Same launch as the sample: grid 8x4x1 work-groups of 4x4
; threads, A, B 256x256 f16, C 256x256 f32.
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"
declare <64 x float> @llvm.genx.dpas2.v64f32.v64f32.v64i32.v64i32(<64 x float>, <64 x i32>, <64 x i32>, i32, i32, i32, i32, i32, i32)
declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare <3 x i32> @llvm.genx.local.id.v3i32()
declare <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, i32)
declare void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, <8 x i32>, i32)
declare <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16>, <8 x i16>, i32, i32, i32, i16, i32, i1)
declare <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)

define dllexport void @gemm_kloop_f16(i64 %a, i64 %b, i64 %c) #0 {
entry:
  %gx = call i32 @llvm.genx.group.id.x()
  %gy = call i32 @llvm.genx.group.id.y()
  %lid = call <3 x i32> @llvm.genx.local.id.v3i32()
  %tx = extractelement <3 x i32> %lid, i32 0
  %ty = extractelement <3 x i32> %lid, i32 1
  %bx4 = mul i32 %gx, 4
  %tr = add i32 %bx4, %tx
  %by4 = mul i32 %gy, 4
  %tc = add i32 %by4, %ty
  %m = mul i32 %tr, 8
  %n = mul i32 %tc, 16
  %aoff = mul i32 %m, 512
  %aoff64 = zext i32 %aoff to i64
  %a0 = add i64 %a, %aoff64
  %boff = mul i32 %n, 2
  %boff64 = zext i32 %boff to i64
  %b0 = add i64 %b, %boff64
  %a0i = insertelement <8 x i64> undef, i64 %a0, i32 0
  %a0s = shufflevector <8 x i64> %a0i, <8 x i64> undef, <8 x i32> zeroinitializer
  %av0 = add <8 x i64> %a0s, <i64 0, i64 512, i64 1024, i64 1536, i64 2048, i64 2560, i64 3072, i64 3584>
  %b0i = insertelement <16 x i64> undef, i64 %b0, i32 0
  %b0s = shufflevector <16 x i64> %b0i, <16 x i64> undef, <16 x i32> zeroinitializer
  %bv0 = add <16 x i64> %b0s, <i64 0, i64 512, i64 1024, i64 1536, i64 2048, i64 2560, i64 3072, i64 3584, i64 4096, i64 4608, i64 5120, i64 5632, i64 6144, i64 6656, i64 7168, i64 7680>
  br label %loop
loop:
  %k = phi i32 [0, %entry], [%k.next, %loop]
  %pa = phi <8 x i64> [%av0, %entry], [%pa.next, %loop]
  %pb = phi <16 x i64> [%bv0, %entry], [%pb.next, %loop]
  %acc0 = phi <64 x float> [zeroinitializer, %entry], [%d0, %loop]
  %acc1 = phi <64 x float> [zeroinitializer, %entry], [%d1, %loop]
  %ar0.p = extractelement <8 x i64> %pa, i32 0
  %ar0 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %ar0.p, i32 0)
  %A0 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> undef, <8 x i32> %ar0, i32 0, i32 8, i32 1, i16 0, i32 8, i1 true)
  %ar1.p = extractelement <8 x i64> %pa, i32 1
  %ar1 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %ar1.p, i32 0)
  %A1 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %A0, <8 x i32> %ar1, i32 0, i32 8, i32 1, i16 32, i32 8, i1 true)
  %ar2.p = extractelement <8 x i64> %pa, i32 2
  %ar2 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %ar2.p, i32 0)
  %A2 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %A1, <8 x i32> %ar2, i32 0, i32 8, i32 1, i16 64, i32 8, i1 true)
  %ar3.p = extractelement <8 x i64> %pa, i32 3
  %ar3 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %ar3.p, i32 0)
  %A3 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %A2, <8 x i32> %ar3, i32 0, i32 8, i32 1, i16 96, i32 8, i1 true)
  %ar4.p = extractelement <8 x i64> %pa, i32 4
  %ar4 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %ar4.p, i32 0)
  %A4 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %A3, <8 x i32> %ar4, i32 0, i32 8, i32 1, i16 128, i32 8, i1 true)
  %ar5.p = extractelement <8 x i64> %pa, i32 5
  %ar5 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %ar5.p, i32 0)
  %A5 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %A4, <8 x i32> %ar5, i32 0, i32 8, i32 1, i16 160, i32 8, i1 true)
  %ar6.p = extractelement <8 x i64> %pa, i32 6
  %ar6 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %ar6.p, i32 0)
  %A6 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %A5, <8 x i32> %ar6, i32 0, i32 8, i32 1, i16 192, i32 8, i1 true)
  %ar7.p = extractelement <8 x i64> %pa, i32 7
  %ar7 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %ar7.p, i32 0)
  %A7 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %A6, <8 x i32> %ar7, i32 0, i32 8, i32 1, i16 224, i32 8, i1 true)
  %br0.p = extractelement <16 x i64> %pb, i32 0
  %br0 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br0.p, i32 0)
  %br0.w = bitcast <8 x i32> %br0 to <16 x i16>
  %br0.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br0.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.0 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> undef, <8 x i16> %br0.h0, i32 0, i32 8, i32 2, i16 0, i32 8, i1 true)
  %br0.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br0.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.0 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> undef, <8 x i16> %br0.h1, i32 0, i32 8, i32 2, i16 0, i32 8, i1 true)
  %br1.p = extractelement <16 x i64> %pb, i32 1
  %br1 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br1.p, i32 0)
  %br1.w = bitcast <8 x i32> %br1 to <16 x i16>
  %br1.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br1.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.1 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.0, <8 x i16> %br1.h0, i32 0, i32 8, i32 2, i16 2, i32 8, i1 true)
  %br1.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br1.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.1 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.0, <8 x i16> %br1.h1, i32 0, i32 8, i32 2, i16 2, i32 8, i1 true)
  %br2.p = extractelement <16 x i64> %pb, i32 2
  %br2 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br2.p, i32 0)
  %br2.w = bitcast <8 x i32> %br2 to <16 x i16>
  %br2.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br2.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.2 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.1, <8 x i16> %br2.h0, i32 0, i32 8, i32 2, i16 32, i32 8, i1 true)
  %br2.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br2.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.2 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.1, <8 x i16> %br2.h1, i32 0, i32 8, i32 2, i16 32, i32 8, i1 true)
  %br3.p = extractelement <16 x i64> %pb, i32 3
  %br3 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br3.p, i32 0)
  %br3.w = bitcast <8 x i32> %br3 to <16 x i16>
  %br3.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br3.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.3 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.2, <8 x i16> %br3.h0, i32 0, i32 8, i32 2, i16 34, i32 8, i1 true)
  %br3.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br3.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.3 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.2, <8 x i16> %br3.h1, i32 0, i32 8, i32 2, i16 34, i32 8, i1 true)
  %br4.p = extractelement <16 x i64> %pb, i32 4
  %br4 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br4.p, i32 0)
  %br4.w = bitcast <8 x i32> %br4 to <16 x i16>
  %br4.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br4.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.4 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.3, <8 x i16> %br4.h0, i32 0, i32 8, i32 2, i16 64, i32 8, i1 true)
  %br4.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br4.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.4 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.3, <8 x i16> %br4.h1, i32 0, i32 8, i32 2, i16 64, i32 8, i1 true)
  %br5.p = extractelement <16 x i64> %pb, i32 5
  %br5 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br5.p, i32 0)
  %br5.w = bitcast <8 x i32> %br5 to <16 x i16>
  %br5.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br5.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.5 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.4, <8 x i16> %br5.h0, i32 0, i32 8, i32 2, i16 66, i32 8, i1 true)
  %br5.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br5.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.5 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.4, <8 x i16> %br5.h1, i32 0, i32 8, i32 2, i16 66, i32 8, i1 true)
  %br6.p = extractelement <16 x i64> %pb, i32 6
  %br6 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br6.p, i32 0)
  %br6.w = bitcast <8 x i32> %br6 to <16 x i16>
  %br6.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br6.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.6 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.5, <8 x i16> %br6.h0, i32 0, i32 8, i32 2, i16 96, i32 8, i1 true)
  %br6.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br6.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.6 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.5, <8 x i16> %br6.h1, i32 0, i32 8, i32 2, i16 96, i32 8, i1 true)
  %br7.p = extractelement <16 x i64> %pb, i32 7
  %br7 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br7.p, i32 0)
  %br7.w = bitcast <8 x i32> %br7 to <16 x i16>
  %br7.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br7.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.7 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.6, <8 x i16> %br7.h0, i32 0, i32 8, i32 2, i16 98, i32 8, i1 true)
  %br7.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br7.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.7 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.6, <8 x i16> %br7.h1, i32 0, i32 8, i32 2, i16 98, i32 8, i1 true)
  %br8.p = extractelement <16 x i64> %pb, i32 8
  %br8 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br8.p, i32 0)
  %br8.w = bitcast <8 x i32> %br8 to <16 x i16>
  %br8.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br8.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.8 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.7, <8 x i16> %br8.h0, i32 0, i32 8, i32 2, i16 128, i32 8, i1 true)
  %br8.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br8.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.8 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.7, <8 x i16> %br8.h1, i32 0, i32 8, i32 2, i16 128, i32 8, i1 true)
  %br9.p = extractelement <16 x i64> %pb, i32 9
  %br9 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br9.p, i32 0)
  %br9.w = bitcast <8 x i32> %br9 to <16 x i16>
  %br9.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br9.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.9 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.8, <8 x i16> %br9.h0, i32 0, i32 8, i32 2, i16 130, i32 8, i1 true)
  %br9.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br9.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.9 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.8, <8 x i16> %br9.h1, i32 0, i32 8, i32 2, i16 130, i32 8, i1 true)
  %br10.p = extractelement <16 x i64> %pb, i32 10
  %br10 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br10.p, i32 0)
  %br10.w = bitcast <8 x i32> %br10 to <16 x i16>
  %br10.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br10.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.10 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.9, <8 x i16> %br10.h0, i32 0, i32 8, i32 2, i16 160, i32 8, i1 true)
  %br10.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br10.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.10 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.9, <8 x i16> %br10.h1, i32 0, i32 8, i32 2, i16 160, i32 8, i1 true)
  %br11.p = extractelement <16 x i64> %pb, i32 11
  %br11 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br11.p, i32 0)
  %br11.w = bitcast <8 x i32> %br11 to <16 x i16>
  %br11.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br11.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.11 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.10, <8 x i16> %br11.h0, i32 0, i32 8, i32 2, i16 162, i32 8, i1 true)
  %br11.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br11.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.11 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.10, <8 x i16> %br11.h1, i32 0, i32 8, i32 2, i16 162, i32 8, i1 true)
  %br12.p = extractelement <16 x i64> %pb, i32 12
  %br12 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br12.p, i32 0)
  %br12.w = bitcast <8 x i32> %br12 to <16 x i16>
  %br12.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br12.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.12 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.11, <8 x i16> %br12.h0, i32 0, i32 8, i32 2, i16 192, i32 8, i1 true)
  %br12.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br12.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.12 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.11, <8 x i16> %br12.h1, i32 0, i32 8, i32 2, i16 192, i32 8, i1 true)
  %br13.p = extractelement <16 x i64> %pb, i32 13
  %br13 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br13.p, i32 0)
  %br13.w = bitcast <8 x i32> %br13 to <16 x i16>
  %br13.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br13.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.13 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.12, <8 x i16> %br13.h0, i32 0, i32 8, i32 2, i16 194, i32 8, i1 true)
  %br13.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br13.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.13 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.12, <8 x i16> %br13.h1, i32 0, i32 8, i32 2, i16 194, i32 8, i1 true)
  %br14.p = extractelement <16 x i64> %pb, i32 14
  %br14 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br14.p, i32 0)
  %br14.w = bitcast <8 x i32> %br14 to <16 x i16>
  %br14.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br14.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.14 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.13, <8 x i16> %br14.h0, i32 0, i32 8, i32 2, i16 224, i32 8, i1 true)
  %br14.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br14.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.14 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.13, <8 x i16> %br14.h1, i32 0, i32 8, i32 2, i16 224, i32 8, i1 true)
  %br15.p = extractelement <16 x i64> %pb, i32 15
  %br15 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.i1.i64(i1 true, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %br15.p, i32 0)
  %br15.w = bitcast <8 x i32> %br15 to <16 x i16>
  %br15.h0 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br15.w, i32 0, i32 8, i32 1, i16 0, i32 8)
  %B0.15 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B0.14, <8 x i16> %br15.h0, i32 0, i32 8, i32 2, i16 226, i32 8, i1 true)
  %br15.h1 = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %br15.w, i32 0, i32 8, i32 1, i16 16, i32 8)
  %B1.15 = call <128 x i16> @llvm.genx.wrregioni.v128i16.v8i16.i16.i1(<128 x i16> %B1.14, <8 x i16> %br15.h1, i32 0, i32 8, i32 2, i16 226, i32 8, i1 true)
  %Bx0 = bitcast <128 x i16> %B0.15 to <64 x i32>
  %Bx1 = bitcast <128 x i16> %B1.15 to <64 x i32>
  %d0 = call <64 x float> @llvm.genx.dpas2.v64f32.v64f32.v64i32.v64i32(<64 x float> %acc0, <64 x i32> %Bx0, <64 x i32> %A7, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d1 = call <64 x float> @llvm.genx.dpas2.v64f32.v64f32.v64i32.v64i32(<64 x float> %acc1, <64 x i32> %Bx1, <64 x i32> %A7, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %pa.next = add <8 x i64> %pa, <i64 32, i64 32, i64 32, i64 32, i64 32, i64 32, i64 32, i64 32>
  %pb.next = add <16 x i64> %pb, <i64 8192, i64 8192, i64 8192, i64 8192, i64 8192, i64 8192, i64 8192, i64 8192, i64 8192, i64 8192, i64 8192, i64 8192, i64 8192, i64 8192, i64 8192, i64 8192>
  %k.next = add i32 %k, 16
  %more = icmp slt i32 %k.next, 256
  br i1 %more, label %loop, label %done
done:
  %coff = mul i32 %m, 1024
  %coff2 = mul i32 %n, 4
  %coff3 = add i32 %coff, %coff2
  %coff64 = zext i32 %coff3 to i64
  %c0 = add i64 %c, %coff64
  %cs0.0.p = add i64 %c0, 0
  %cs0.0.f = bitcast <64 x float> %d0 to <64 x i32>
  %cs0.0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs0.0.f, i32 0, i32 8, i32 1, i16 0, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs0.0.p, <8 x i32> %cs0.0, i32 0)
  %cs0.1.p = add i64 %c0, 32
  %cs0.1.f = bitcast <64 x float> %d1 to <64 x i32>
  %cs0.1 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs0.1.f, i32 0, i32 8, i32 1, i16 0, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs0.1.p, <8 x i32> %cs0.1, i32 0)
  %cs1.0.p = add i64 %c0, 1024
  %cs1.0.f = bitcast <64 x float> %d0 to <64 x i32>
  %cs1.0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs1.0.f, i32 0, i32 8, i32 1, i16 32, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs1.0.p, <8 x i32> %cs1.0, i32 0)
  %cs1.1.p = add i64 %c0, 1056
  %cs1.1.f = bitcast <64 x float> %d1 to <64 x i32>
  %cs1.1 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs1.1.f, i32 0, i32 8, i32 1, i16 32, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs1.1.p, <8 x i32> %cs1.1, i32 0)
  %cs2.0.p = add i64 %c0, 2048
  %cs2.0.f = bitcast <64 x float> %d0 to <64 x i32>
  %cs2.0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs2.0.f, i32 0, i32 8, i32 1, i16 64, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs2.0.p, <8 x i32> %cs2.0, i32 0)
  %cs2.1.p = add i64 %c0, 2080
  %cs2.1.f = bitcast <64 x float> %d1 to <64 x i32>
  %cs2.1 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs2.1.f, i32 0, i32 8, i32 1, i16 64, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs2.1.p, <8 x i32> %cs2.1, i32 0)
  %cs3.0.p = add i64 %c0, 3072
  %cs3.0.f = bitcast <64 x float> %d0 to <64 x i32>
  %cs3.0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs3.0.f, i32 0, i32 8, i32 1, i16 96, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs3.0.p, <8 x i32> %cs3.0, i32 0)
  %cs3.1.p = add i64 %c0, 3104
  %cs3.1.f = bitcast <64 x float> %d1 to <64 x i32>
  %cs3.1 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs3.1.f, i32 0, i32 8, i32 1, i16 96, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs3.1.p, <8 x i32> %cs3.1, i32 0)
  %cs4.0.p = add i64 %c0, 4096
  %cs4.0.f = bitcast <64 x float> %d0 to <64 x i32>
  %cs4.0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs4.0.f, i32 0, i32 8, i32 1, i16 128, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs4.0.p, <8 x i32> %cs4.0, i32 0)
  %cs4.1.p = add i64 %c0, 4128
  %cs4.1.f = bitcast <64 x float> %d1 to <64 x i32>
  %cs4.1 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs4.1.f, i32 0, i32 8, i32 1, i16 128, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs4.1.p, <8 x i32> %cs4.1, i32 0)
  %cs5.0.p = add i64 %c0, 5120
  %cs5.0.f = bitcast <64 x float> %d0 to <64 x i32>
  %cs5.0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs5.0.f, i32 0, i32 8, i32 1, i16 160, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs5.0.p, <8 x i32> %cs5.0, i32 0)
  %cs5.1.p = add i64 %c0, 5152
  %cs5.1.f = bitcast <64 x float> %d1 to <64 x i32>
  %cs5.1 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs5.1.f, i32 0, i32 8, i32 1, i16 160, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs5.1.p, <8 x i32> %cs5.1, i32 0)
  %cs6.0.p = add i64 %c0, 6144
  %cs6.0.f = bitcast <64 x float> %d0 to <64 x i32>
  %cs6.0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs6.0.f, i32 0, i32 8, i32 1, i16 192, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs6.0.p, <8 x i32> %cs6.0, i32 0)
  %cs6.1.p = add i64 %c0, 6176
  %cs6.1.f = bitcast <64 x float> %d1 to <64 x i32>
  %cs6.1 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs6.1.f, i32 0, i32 8, i32 1, i16 192, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs6.1.p, <8 x i32> %cs6.1, i32 0)
  %cs7.0.p = add i64 %c0, 7168
  %cs7.0.f = bitcast <64 x float> %d0 to <64 x i32>
  %cs7.0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs7.0.f, i32 0, i32 8, i32 1, i16 224, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs7.0.p, <8 x i32> %cs7.0, i32 0)
  %cs7.1.p = add i64 %c0, 7200
  %cs7.1.f = bitcast <64 x float> %d1 to <64 x i32>
  %cs7.1 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %cs7.1.f, i32 0, i32 8, i32 1, i16 224, i32 8)
  call void @llvm.genx.lsc.store.stateless.i1.i64.v8i32(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i64 %cs7.1.p, <8 x i32> %cs7.1, i32 0)
  ret void
}

attributes #0 = { "CMGenxMain" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64)* @gemm_kloop_f16, !"gemm_kloop_f16", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t"}
