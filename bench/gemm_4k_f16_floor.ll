; Hand-written GenX IR for the K loop of Intel's 4k GEMM (IMEX's gemm_4kx4kx4k_f16_f16_f16, an
; XeGPU VC integration test): the floor the emitter is compared with (bench/isa_quality.py --imex).
; One thread computes a 32x64 tile of C = A B (A, B, C square, %size x %size f16, row-major) in K
; steps of 32. Per step: one 32x16 array_length = 2 A load (both K halves), two 32x16 array_length = 2
; VNNI B loads (the four 16-column blocks), an 8x32 prefetch of A and of B ahead, 32 dpas whose
; operands are each ONE rdregion of a load (A: 8 rows of 8 dwords, B: 8 VNNI rows of 16 dwords), so
; IGC reads them in place, into loop-carried accumulators (16 x 8 GRFs: the 256-GRF mode). Message
; headers (2D block payload form) are made once; a step adds 32 to one dword of each. Left out:
; IMEX's named-barrier signal / wait every 8th step. Launch: grid (size / 32, size / 64), one thread.
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

declare <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float>, <128 x i32>, <64 x i32>, i32, i32, i32, i32, i32, i32)
declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare <1024 x i16> @llvm.genx.raw.send2.v1024i16.i1.v8i32(i8, i8, i1, i8, i8, i8, i32, i32, <8 x i32>, <1024 x i16>)
declare void @llvm.genx.raw.send2.noresult.i1.v8i32(i8, i8, i1, i8, i8, i32, i32, <8 x i32>)
declare void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <128 x half>)
declare <64 x i32> @llvm.genx.rdregioni.v64i32.v512i32.i16(<512 x i32>, i32, i32, i32, i16, i32)
declare <128 x i32> @llvm.genx.rdregioni.v128i32.v512i32.i16(<512 x i32>, i32, i32, i32, i16, i32)

define dllexport void @gemm_4k_f16_floor(i64 %a, i64 %b, i64 %c, i32 %size) #0 {
entry:
  %gx = call i32 @llvm.genx.group.id.x()
  %gy = call i32 @llvm.genx.group.id.y()
  %m = mul i32 %gx, 32
  %n = mul i32 %gy, 64
  %n32 = add i32 %n, 32
  %rowb = mul i32 %size, 2
  %wb = sub i32 %rowb, 1
  %h = sub i32 %size, 1
  %ha.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 73487> to <4 x i64>
  %ha.b = insertelement <4 x i64> %ha.q, i64 %a, i32 0
  %ha.d = bitcast <4 x i64> %ha.b to <8 x i32>
  %ha.w = insertelement <8 x i32> %ha.d, i32 %wb, i32 2
  %ha.h = insertelement <8 x i32> %ha.w, i32 %h, i32 3
  %ha.p = insertelement <8 x i32> %ha.h, i32 %wb, i32 4
  %ha.x = insertelement <8 x i32> %ha.p, i32 0, i32 5
  %ha.0 = insertelement <8 x i32> %ha.x, i32 %m, i32 6
  %hb0.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 73487> to <4 x i64>
  %hb0.b = insertelement <4 x i64> %hb0.q, i64 %b, i32 0
  %hb0.d = bitcast <4 x i64> %hb0.b to <8 x i32>
  %hb0.w = insertelement <8 x i32> %hb0.d, i32 %wb, i32 2
  %hb0.h = insertelement <8 x i32> %hb0.w, i32 %h, i32 3
  %hb0.p = insertelement <8 x i32> %hb0.h, i32 %wb, i32 4
  %hb0.x = insertelement <8 x i32> %hb0.p, i32 %n, i32 5
  %hb0.0 = insertelement <8 x i32> %hb0.x, i32 0, i32 6
  %hb1.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 73487> to <4 x i64>
  %hb1.b = insertelement <4 x i64> %hb1.q, i64 %b, i32 0
  %hb1.d = bitcast <4 x i64> %hb1.b to <8 x i32>
  %hb1.w = insertelement <8 x i32> %hb1.d, i32 %wb, i32 2
  %hb1.h = insertelement <8 x i32> %hb1.w, i32 %h, i32 3
  %hb1.p = insertelement <8 x i32> %hb1.h, i32 %wb, i32 4
  %hb1.x = insertelement <8 x i32> %hb1.p, i32 %n32, i32 5
  %hb1.0 = insertelement <8 x i32> %hb1.x, i32 0, i32 6
  %hpa.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 1823> to <4 x i64>
  %hpa.b = insertelement <4 x i64> %hpa.q, i64 %a, i32 0
  %hpa.d = bitcast <4 x i64> %hpa.b to <8 x i32>
  %hpa.w = insertelement <8 x i32> %hpa.d, i32 %wb, i32 2
  %hpa.h = insertelement <8 x i32> %hpa.w, i32 %h, i32 3
  %hpa.p = insertelement <8 x i32> %hpa.h, i32 %wb, i32 4
  %hpa.x = insertelement <8 x i32> %hpa.p, i32 32, i32 5
  %hpa.0 = insertelement <8 x i32> %hpa.x, i32 %m, i32 6
  %hpb.q = bitcast <8 x i32> <i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 1823> to <4 x i64>
  %hpb.b = insertelement <4 x i64> %hpb.q, i64 %b, i32 0
  %hpb.d = bitcast <4 x i64> %hpb.b to <8 x i32>
  %hpb.w = insertelement <8 x i32> %hpb.d, i32 %wb, i32 2
  %hpb.h = insertelement <8 x i32> %hpb.w, i32 %h, i32 3
  %hpb.p = insertelement <8 x i32> %hpb.h, i32 %wb, i32 4
  %hpb.x = insertelement <8 x i32> %hpb.p, i32 %n, i32 5
  %hpb.0 = insertelement <8 x i32> %hpb.x, i32 32, i32 6
  br label %loop
loop:
  %k = phi i32 [0, %entry], [%k.next, %loop]
  %ha = phi <8 x i32> [%ha.0, %entry], [%ha.next, %loop]
  %hb0 = phi <8 x i32> [%hb0.0, %entry], [%hb0.next, %loop]
  %hb1 = phi <8 x i32> [%hb1.0, %entry], [%hb1.next, %loop]
  %hpa = phi <8 x i32> [%hpa.0, %entry], [%hpa.next, %loop]
  %hpb = phi <8 x i32> [%hpb.0, %entry], [%hpb.next, %loop]
  %acc00 = phi <128 x float> [zeroinitializer, %entry], [%e00, %loop]
  %acc01 = phi <128 x float> [zeroinitializer, %entry], [%e01, %loop]
  %acc02 = phi <128 x float> [zeroinitializer, %entry], [%e02, %loop]
  %acc03 = phi <128 x float> [zeroinitializer, %entry], [%e03, %loop]
  %acc10 = phi <128 x float> [zeroinitializer, %entry], [%e10, %loop]
  %acc11 = phi <128 x float> [zeroinitializer, %entry], [%e11, %loop]
  %acc12 = phi <128 x float> [zeroinitializer, %entry], [%e12, %loop]
  %acc13 = phi <128 x float> [zeroinitializer, %entry], [%e13, %loop]
  %acc20 = phi <128 x float> [zeroinitializer, %entry], [%e20, %loop]
  %acc21 = phi <128 x float> [zeroinitializer, %entry], [%e21, %loop]
  %acc22 = phi <128 x float> [zeroinitializer, %entry], [%e22, %loop]
  %acc23 = phi <128 x float> [zeroinitializer, %entry], [%e23, %loop]
  %acc30 = phi <128 x float> [zeroinitializer, %entry], [%e30, %loop]
  %acc31 = phi <128 x float> [zeroinitializer, %entry], [%e31, %loop]
  %acc32 = phi <128 x float> [zeroinitializer, %entry], [%e32, %loop]
  %acc33 = phi <128 x float> [zeroinitializer, %entry], [%e33, %loop]
  %va = call <1024 x i16> @llvm.genx.raw.send2.v1024i16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 32, i8 15, i32 0, i32 66585091, <8 x i32> %ha, <1024 x i16> undef)
  %vb0 = call <1024 x i16> @llvm.genx.raw.send2.v1024i16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 32, i8 15, i32 0, i32 66585219, <8 x i32> %hb0, <1024 x i16> undef)
  %vb1 = call <1024 x i16> @llvm.genx.raw.send2.v1024i16.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 32, i8 15, i32 0, i32 66585219, <8 x i32> %hb1, <1024 x i16> undef)
  call void @llvm.genx.raw.send2.noresult.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 15, i32 0, i32 34079235, <8 x i32> %hpa)
  call void @llvm.genx.raw.send2.noresult.i1.v8i32(i8 0, i8 0, i1 true, i8 1, i8 15, i32 0, i32 34079235, <8 x i32> %hpb)
  %ha.o = extractelement <8 x i32> %ha, i32 5
  %ha.v = add i32 %ha.o, 32
  %ha.next = insertelement <8 x i32> %ha, i32 %ha.v, i32 5
  %hb0.o = extractelement <8 x i32> %hb0, i32 6
  %hb0.v = add i32 %hb0.o, 32
  %hb0.next = insertelement <8 x i32> %hb0, i32 %hb0.v, i32 6
  %hb1.o = extractelement <8 x i32> %hb1, i32 6
  %hb1.v = add i32 %hb1.o, 32
  %hb1.next = insertelement <8 x i32> %hb1, i32 %hb1.v, i32 6
  %hpa.o = extractelement <8 x i32> %hpa, i32 5
  %hpa.v = add i32 %hpa.o, 32
  %hpa.next = insertelement <8 x i32> %hpa, i32 %hpa.v, i32 5
  %hpb.o = extractelement <8 x i32> %hpb, i32 6
  %hpb.v = add i32 %hpb.o, 32
  %hpb.next = insertelement <8 x i32> %hpb, i32 %hpb.v, i32 6
  %va.dw = bitcast <1024 x i16> %va to <512 x i32>
  %vb0.dw = bitcast <1024 x i16> %vb0 to <512 x i32>
  %vb1.dw = bitcast <1024 x i16> %vb1 to <512 x i32>
  %a00 = call <64 x i32> @llvm.genx.rdregioni.v64i32.v512i32.i16(<512 x i32> %va.dw, i32 0, i32 64, i32 1, i16 0, i32 64)
  %a01 = call <64 x i32> @llvm.genx.rdregioni.v64i32.v512i32.i16(<512 x i32> %va.dw, i32 0, i32 64, i32 1, i16 256, i32 64)
  %a02 = call <64 x i32> @llvm.genx.rdregioni.v64i32.v512i32.i16(<512 x i32> %va.dw, i32 0, i32 64, i32 1, i16 512, i32 64)
  %a03 = call <64 x i32> @llvm.genx.rdregioni.v64i32.v512i32.i16(<512 x i32> %va.dw, i32 0, i32 64, i32 1, i16 768, i32 64)
  %a10 = call <64 x i32> @llvm.genx.rdregioni.v64i32.v512i32.i16(<512 x i32> %va.dw, i32 0, i32 64, i32 1, i16 1024, i32 64)
  %a11 = call <64 x i32> @llvm.genx.rdregioni.v64i32.v512i32.i16(<512 x i32> %va.dw, i32 0, i32 64, i32 1, i16 1280, i32 64)
  %a12 = call <64 x i32> @llvm.genx.rdregioni.v64i32.v512i32.i16(<512 x i32> %va.dw, i32 0, i32 64, i32 1, i16 1536, i32 64)
  %a13 = call <64 x i32> @llvm.genx.rdregioni.v64i32.v512i32.i16(<512 x i32> %va.dw, i32 0, i32 64, i32 1, i16 1792, i32 64)
  %b00 = call <128 x i32> @llvm.genx.rdregioni.v128i32.v512i32.i16(<512 x i32> %vb0.dw, i32 0, i32 128, i32 1, i16 0, i32 128)
  %b01 = call <128 x i32> @llvm.genx.rdregioni.v128i32.v512i32.i16(<512 x i32> %vb0.dw, i32 0, i32 128, i32 1, i16 512, i32 128)
  %b10 = call <128 x i32> @llvm.genx.rdregioni.v128i32.v512i32.i16(<512 x i32> %vb0.dw, i32 0, i32 128, i32 1, i16 1024, i32 128)
  %b11 = call <128 x i32> @llvm.genx.rdregioni.v128i32.v512i32.i16(<512 x i32> %vb0.dw, i32 0, i32 128, i32 1, i16 1536, i32 128)
  %b20 = call <128 x i32> @llvm.genx.rdregioni.v128i32.v512i32.i16(<512 x i32> %vb1.dw, i32 0, i32 128, i32 1, i16 0, i32 128)
  %b21 = call <128 x i32> @llvm.genx.rdregioni.v128i32.v512i32.i16(<512 x i32> %vb1.dw, i32 0, i32 128, i32 1, i16 512, i32 128)
  %b30 = call <128 x i32> @llvm.genx.rdregioni.v128i32.v512i32.i16(<512 x i32> %vb1.dw, i32 0, i32 128, i32 1, i16 1024, i32 128)
  %b31 = call <128 x i32> @llvm.genx.rdregioni.v128i32.v512i32.i16(<512 x i32> %vb1.dw, i32 0, i32 128, i32 1, i16 1536, i32 128)
  %d00 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc00, <128 x i32> %b00, <64 x i32> %a00, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d01 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc01, <128 x i32> %b10, <64 x i32> %a00, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d02 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc02, <128 x i32> %b20, <64 x i32> %a00, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d03 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc03, <128 x i32> %b30, <64 x i32> %a00, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d10 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc10, <128 x i32> %b00, <64 x i32> %a01, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d11 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc11, <128 x i32> %b10, <64 x i32> %a01, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d12 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc12, <128 x i32> %b20, <64 x i32> %a01, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d13 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc13, <128 x i32> %b30, <64 x i32> %a01, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d20 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc20, <128 x i32> %b00, <64 x i32> %a02, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d21 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc21, <128 x i32> %b10, <64 x i32> %a02, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d22 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc22, <128 x i32> %b20, <64 x i32> %a02, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d23 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc23, <128 x i32> %b30, <64 x i32> %a02, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d30 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc30, <128 x i32> %b00, <64 x i32> %a03, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d31 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc31, <128 x i32> %b10, <64 x i32> %a03, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d32 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc32, <128 x i32> %b20, <64 x i32> %a03, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %d33 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %acc33, <128 x i32> %b30, <64 x i32> %a03, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e00 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d00, <128 x i32> %b01, <64 x i32> %a10, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e01 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d01, <128 x i32> %b11, <64 x i32> %a10, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e02 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d02, <128 x i32> %b21, <64 x i32> %a10, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e03 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d03, <128 x i32> %b31, <64 x i32> %a10, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e10 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d10, <128 x i32> %b01, <64 x i32> %a11, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e11 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d11, <128 x i32> %b11, <64 x i32> %a11, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e12 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d12, <128 x i32> %b21, <64 x i32> %a11, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e13 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d13, <128 x i32> %b31, <64 x i32> %a11, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e20 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d20, <128 x i32> %b01, <64 x i32> %a12, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e21 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d21, <128 x i32> %b11, <64 x i32> %a12, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e22 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d22, <128 x i32> %b21, <64 x i32> %a12, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e23 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d23, <128 x i32> %b31, <64 x i32> %a12, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e30 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d30, <128 x i32> %b01, <64 x i32> %a13, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e31 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d31, <128 x i32> %b11, <64 x i32> %a13, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e32 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d32, <128 x i32> %b21, <64 x i32> %a13, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %e33 = call <128 x float> @llvm.genx.dpas2.v128f32.v128f32.v128i32.v64i32(<128 x float> %d33, <128 x i32> %b31, <64 x i32> %a13, i32 10, i32 10, i32 8, i32 8, i32 0, i32 0)
  %k.next = add i32 %k, 32
  %more = icmp slt i32 %k.next, %size
  br i1 %more, label %loop, label %done
done:
  %t00 = fptrunc <128 x float> %e00 to <128 x half>
  %x00 = add i32 %n, 0
  %y00 = add i32 %m, 0
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x00, i32 %y00, <128 x half> %t00)
  %t01 = fptrunc <128 x float> %e01 to <128 x half>
  %x01 = add i32 %n, 16
  %y01 = add i32 %m, 0
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x01, i32 %y01, <128 x half> %t01)
  %t02 = fptrunc <128 x float> %e02 to <128 x half>
  %x02 = add i32 %n, 32
  %y02 = add i32 %m, 0
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x02, i32 %y02, <128 x half> %t02)
  %t03 = fptrunc <128 x float> %e03 to <128 x half>
  %x03 = add i32 %n, 48
  %y03 = add i32 %m, 0
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x03, i32 %y03, <128 x half> %t03)
  %t10 = fptrunc <128 x float> %e10 to <128 x half>
  %x10 = add i32 %n, 0
  %y10 = add i32 %m, 8
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x10, i32 %y10, <128 x half> %t10)
  %t11 = fptrunc <128 x float> %e11 to <128 x half>
  %x11 = add i32 %n, 16
  %y11 = add i32 %m, 8
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x11, i32 %y11, <128 x half> %t11)
  %t12 = fptrunc <128 x float> %e12 to <128 x half>
  %x12 = add i32 %n, 32
  %y12 = add i32 %m, 8
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x12, i32 %y12, <128 x half> %t12)
  %t13 = fptrunc <128 x float> %e13 to <128 x half>
  %x13 = add i32 %n, 48
  %y13 = add i32 %m, 8
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x13, i32 %y13, <128 x half> %t13)
  %t20 = fptrunc <128 x float> %e20 to <128 x half>
  %x20 = add i32 %n, 0
  %y20 = add i32 %m, 16
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x20, i32 %y20, <128 x half> %t20)
  %t21 = fptrunc <128 x float> %e21 to <128 x half>
  %x21 = add i32 %n, 16
  %y21 = add i32 %m, 16
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x21, i32 %y21, <128 x half> %t21)
  %t22 = fptrunc <128 x float> %e22 to <128 x half>
  %x22 = add i32 %n, 32
  %y22 = add i32 %m, 16
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x22, i32 %y22, <128 x half> %t22)
  %t23 = fptrunc <128 x float> %e23 to <128 x half>
  %x23 = add i32 %n, 48
  %y23 = add i32 %m, 16
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x23, i32 %y23, <128 x half> %t23)
  %t30 = fptrunc <128 x float> %e30 to <128 x half>
  %x30 = add i32 %n, 0
  %y30 = add i32 %m, 24
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x30, i32 %y30, <128 x half> %t30)
  %t31 = fptrunc <128 x float> %e31 to <128 x half>
  %x31 = add i32 %n, 16
  %y31 = add i32 %m, 24
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x31, i32 %y31, <128 x half> %t31)
  %t32 = fptrunc <128 x float> %e32 to <128 x half>
  %x32 = add i32 %n, 32
  %y32 = add i32 %m, 24
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x32, i32 %y32, <128 x half> %t32)
  %t33 = fptrunc <128 x float> %e33 to <128 x half>
  %x33 = add i32 %n, 48
  %y33 = add i32 %m, 24
  call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f16(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %c, i32 %wb, i32 %h, i32 %wb, i32 %x33, i32 %y33, <128 x half> %t33)
  ret void
}

attributes #0 = { "CMGenxMain" "genx-emit-grf"="256" "oclrt"="1" }

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i64, i32)* @gemm_4k_f16_floor, !"gemm_4k_f16_floor", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 32, i32 40, i32 48, i32 56}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"svmptr_t", !""}
