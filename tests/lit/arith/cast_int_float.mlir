// RUN: genx-emit lower %s | filecheck %s
// sitofp and truncf f32 -> f16 are the LLVM casts.
// CHECK: %f = sitofp <16 x i32> %v.v to <16 x float>
// CHECK-NEXT: %h = fptrunc <16 x float> %f to <16 x half>

gpu.module @m {
  gpu.func @cast_int_float(%a: memref<256xi32>, %b: memref<256xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0] : memref<256xi32> -> !xegpu.tensor_desc<16xi32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<16xi32> -> vector<16xi32>
    %f = arith.sitofp %v : vector<16xi32> to vector<16xf32>
    %h = arith.truncf %f : vector<16xf32> to vector<16xf16>
    %u = xegpu.create_nd_tdesc %b[0] : memref<256xf16> -> !xegpu.tensor_desc<16xf16>
    xegpu.store_nd %h, %u : vector<16xf16>, !xegpu.tensor_desc<16xf16>
    gpu.return
  }
}
