// RUN: genx-emit lower %s --kernel second | filecheck %s
// --kernel NAME lowers only that kernel.
// CHECK-NOT: @first
// CHECK: define dllexport void @second(

gpu.module @m {
  gpu.func @first(%a: memref<64x64xf32>, %b: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %u = xegpu.create_nd_tdesc %b[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %u : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
  gpu.func @second(%a: memref<64x64xf32>, %b: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %u = xegpu.create_nd_tdesc %b[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %u : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
