// RUN: genx-emit lower %s --block2d-form scalar | filecheck %s
// A plain 2-D tile load: one lsc.load2d of the whole 8x16 f32 tile. The offsets [8, 16] are
// row 8, column 16: x (column) = 16, y (row) = 8. Surface width and pitch are 64 * 4 - 1 bytes.
// CHECK-LABEL: define dllexport void @load_nd_plain(i64 %a, i64 %b)
// CHECK: %v = call <128 x float> @llvm.genx.lsc.load2d.stateless.v128f32.i1.i64(i1 true, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 8, i8 0, i64 %a, i32 255, i32 63, i32 255, i32 16, i32 8)

gpu.module @m {
  gpu.func @load_nd_plain(%a: memref<64x64xf32>, %b: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %u = xegpu.create_nd_tdesc %b[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %u : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
