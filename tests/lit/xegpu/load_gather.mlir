// RUN: genx-emit lower %s | filecheck %s
// A gather of 16 lanes at element offsets 0, 2, 4...: byte addresses are base + 8 * lane, one
// u32 (data size 3) per lane, all lanes on.
// CHECK: %g.addr = add <16 x i64> %g.addr.base, <i64 0, i64 8, i64 16, i64 24, i64 32, i64 40, i64 48, i64 56, i64 64, i64 72, i64 80, i64 88, i64 96, i64 104, i64 112, i64 120>
// CHECK: %v = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.v16i64(<16 x i1> <i1 1, {{.*}}>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %g.addr, i32 0)

gpu.module @m {
  gpu.func @load_gather(%a: memref<256xf32>, %b: memref<256xf32>) kernel {
    %off = arith.constant dense<[0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]> : vector<16xindex>
    %m = arith.constant dense<true> : vector<16xi1>
    %g = xegpu.create_tdesc %a, %off : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
    %v = xegpu.load %g, %m : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1> -> vector<16xf32>
    %s = xegpu.create_tdesc %b, %off : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
    xegpu.store %v, %s, %m : vector<16xf32>, !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>
    gpu.return
  }
}
