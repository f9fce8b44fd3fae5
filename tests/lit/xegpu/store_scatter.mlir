// RUN: genx-emit lower %s | filecheck %s
// The matching scatter: lsc.store (opcode 4) to the same per-lane addresses; the gathered
// value goes back as the gather returned it (its 32-bit words).
// CHECK: call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v16i32(<16 x i1> <i1 1, {{.*}}>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %s.addr, <16 x i32> %v, i32 0)

gpu.module @m {
  gpu.func @store_scatter(%a: memref<256xf32>, %b: memref<256xf32>) kernel {
    %off = arith.constant dense<[0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]> : vector<16xindex>
    %m = arith.constant dense<true> : vector<16xi1>
    %g = xegpu.create_tdesc %a, %off : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
    %v = xegpu.load %g, %m : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1> -> vector<16xf32>
    %s = xegpu.create_tdesc %b, %off : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
    xegpu.store %v, %s, %m : vector<16xf32>, !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>
    gpu.return
  }
}
