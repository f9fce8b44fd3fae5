// RUN: genx-emit lower %s | filecheck %s
// Elementwise float ops on an 8x16 f32 vector are split into legal 32-element pieces (2 GRFs
// on pvc); maximumf is the hardware's fmax (sel) and keeps MLIR's NaN rule (a NaN operand gives NaN).
// CHECK: %s.0 = fmul <32 x float> %s.0.a0, %s.0.a0
// CHECK: %d.0 = fsub <32 x float>
// CHECK: %m.0.sel = call <32 x float> @llvm.genx.fmax.v32f32.v32f32(<32 x float> %m.0.a0, <32 x float> %m.0.a1)
// CHECK: %m.0.nan = fcmp uno <32 x float>
// CHECK: %m.0 = select <32 x i1> %m.0.nan, <32 x float> <float 0x7ff8000000000000

gpu.module @m {
  gpu.func @arith_float(%a: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %s = arith.mulf %v, %v : vector<8x16xf32>
    %d = arith.subf %s, %v : vector<8x16xf32>
    %m = arith.maximumf %d, %v : vector<8x16xf32>
    xegpu.store_nd %m, %t : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
