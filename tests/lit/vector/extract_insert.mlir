// RUN: genx-emit lower %s | filecheck %s
// Row 2 of an 8x16 f32 vector is the region at byte 2 * 16 * 4 = 128; inserting it as row 5
// writes at byte 320.
// CHECK: %row = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %v, i32 0, i32 16, i32 1, i16 128, i32 16)
// CHECK-NEXT: %w = call <128 x float> @llvm.genx.wrregionf.v128f32.v16f32.i16.i1(<128 x float> %v, <16 x float> %row, i32 0, i32 16, i32 1, i16 320, i32 16, i1 true)

gpu.module @m {
  gpu.func @vector_extract_insert(%a: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %row = vector.extract %v[2] : vector<16xf32> from vector<8x16xf32>
    %w = vector.insert %row, %v[5] : vector<16xf32> into vector<8x16xf32>
    xegpu.store_nd %w, %t : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
