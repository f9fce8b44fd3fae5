// RUN: genx-emit lower %s | filecheck %s
// vector.reduction <add> of 16 f32: a tree of halves (8, 4, 2, 1), each step reading the two
// halves as regions and adding them (the low half where it sits, the high half moved first).
// CHECK: %s.s0 = fadd <8 x float> %s.s0.a0, %s.s0.v1
// CHECK: %s.s1 = fadd <4 x float>
// CHECK: %s.s2 = fadd <2 x float>
// CHECK: %s.s3 = fadd <1 x float>
// CHECK: %s = extractelement <1 x float> %s.s3, i32 0

gpu.module @m {
  gpu.func @vector_reduction(%a: memref<256xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0] : memref<256xf32> -> !xegpu.tensor_desc<16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<16xf32> -> vector<16xf32>
    %s = vector.reduction <add>, %v : vector<16xf32> into f32
    %b = vector.broadcast %s : f32 to vector<16xf32>
    xegpu.store_nd %b, %t : vector<16xf32>, !xegpu.tensor_desc<16xf32>
    gpu.return
  }
}
