// RUN: genx-emit lower %s --block2d-form scalar | filecheck %s
// store_nd writes the tile with lsc.store2d: same block shape and surface as the load (u32
// data, 16 wide, 8 high), the value as the last operand.
// CHECK: call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %b, i32 255, i32 63, i32 255, i32 16, i32 8, <128 x float> %v)

gpu.module @m {
  gpu.func @store_nd(%a: memref<64x64xf32>, %b: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %u = xegpu.create_nd_tdesc %b[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %u : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
