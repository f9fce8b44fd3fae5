// RUN: cat %s | genx-emit lower - -o - | filecheck %s
// '-' reads stdin and writes stdout.
// CHECK: define dllexport void @from_stdin(

gpu.module @m {
  gpu.func @from_stdin(%a: memref<64x64xf32>, %b: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %u = xegpu.create_nd_tdesc %b[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %u : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
