// RUN: genx-emit lower %s | filecheck %s
// chunk_size = 4 with lane l at element 4 * l and every lane on: the 16 x 4 f32 are bytes
// [0, 256) of %a in the op's lane-major [16, 4] layout, so the load and the store are each one
// transposed SIMD1 block message (i1 true predicate, u64 data size 4, vector size 32 -> code 7,
// order 2) at the scalar address, and no lane addresses or register shuffles are needed.
// CHECK: %v = call <32 x i64> @llvm.genx.lsc.load.stateless.v32i64.i1.i64(i1 true, {{.*}}, i8 4, i8 7, i8 2, i8 0, i64 %a, i32 0)
// CHECK-NOT: rdregion
// CHECK: call void @llvm.genx.lsc.store.stateless.i1.i64.v32i64(i1 true, {{.*}}, i8 4, i8 7, i8 2, i8 0, i64 %a, <32 x i64> %st.v.units, i32 0)

gpu.module @m {
  gpu.func @load_block(%a: memref<256xf32>) kernel {
    %off = arith.constant dense<[0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60]> : vector<16xindex>
    %m = arith.constant dense<true> : vector<16xi1>
    %g = xegpu.create_tdesc %a, %off : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>
    %v = xegpu.load %g, %m : !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>, vector<16xi1> -> vector<16x4xf32>
    xegpu.store %v, %g, %m : vector<16x4xf32>, !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>, vector<16xi1>
    gpu.return
  }
}
