// RUN: genx-emit lower %s | filecheck %s
// cmpf + select: fcmp olt against zero and a select per 32-element piece (ReLU).
// CHECK: %c.0 = fcmp olt <32 x float> %c.0.a0, zeroinitializer
// CHECK: %r.0 = select <32 x i1> %c.0, <32 x float> zeroinitializer, <32 x float> %r.0.a2

gpu.module @m {
  gpu.func @cmp_select(%a: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %c = arith.cmpf olt, %v, %z : vector<8x16xf32>
    %r = arith.select %c, %z, %v : vector<8x16xi1>, vector<8x16xf32>
    xegpu.store_nd %r, %t : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
