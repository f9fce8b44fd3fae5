// RUN: genx-emit lower %s | filecheck %s
// extract_strided_slice [2, 4] size [4, 8]: a 2-D region (vstride 16, width 8) starting at
// byte (2 * 16 + 4) * 4 = 144, read in two 16-element pieces.
// CHECK: %e.rd0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %v, i32 16, i32 8, i32 1, i16 144, i32 16)
// CHECK: %e.rd1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %v, i32 16, i32 8, i32 1, i16 272, i32 16)

gpu.module @m {
  gpu.func @vector_strided_slice(%a: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %e = vector.extract_strided_slice %v {offsets = [2, 4], sizes = [4, 8], strides = [1, 1]} : vector<8x16xf32> to vector<4x8xf32>
    %w = vector.insert_strided_slice %e, %v {offsets = [0, 0], strides = [1, 1]} : vector<4x8xf32> into vector<8x16xf32>
    xegpu.store_nd %w, %t : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
