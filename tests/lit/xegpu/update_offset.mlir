// RUN: genx-emit lower %s | filecheck %s
// update_offset adds 16 elements (64 bytes) to every lane's address: the same per-lane byte
// offsets (0, 4, ...) from the scalar base moved by 64, so IGC builds the offset vector once;
// the store still uses the old descriptor. The lanes are contiguous and all on, so both
// accesses are transposed block messages (order 2) at the scalar bases.
// CHECK: %g.addr = add <16 x i64> %g.addr.base, <i64 0, i64 4, i64 8,
// CHECK: %g2.base = add i64 %a, 64
// CHECK: %g2.addr = add <16 x i64> %g2.addr.base, <i64 0, i64 4, i64 8,
// CHECK: @llvm.genx.lsc.load.stateless{{.*}}(i1 true, {{.*}}, i8 2, i8 0, i64 %g2.base, i32 0)
// CHECK: @llvm.genx.lsc.store.stateless{{.*}}(i1 true, {{.*}}, i8 2, i8 0, i64 %a,

gpu.module @m {
  gpu.func @update_offset(%a: memref<256xf32>) kernel {
    %off = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xindex>
    %step = arith.constant dense<16> : vector<16xindex>
    %m = arith.constant dense<true> : vector<16xi1>
    %g = xegpu.create_tdesc %a, %off : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
    %g2 = xegpu.update_offset %g, %step : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xindex>
    %v = xegpu.load %g2, %m : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1> -> vector<16xf32>
    xegpu.store %v, %g, %m : vector<16xf32>, !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>
    gpu.return
  }
}
