// RUN: genx-emit lower %s | filecheck %s
// atomic_rmw addi on i32: lsc.xatomic with the LSC opcode 12 (iadd), returning the old values.
// CHECK: %old = call <16 x i32> @llvm.genx.lsc.xatomic.stateless.v16i32.v16i1.v16i64(<16 x i1> <i1 1, {{.*}}>, i8 12, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %g.addr, <16 x i32> <i32 1,

gpu.module @m {
  gpu.func @atomic_rmw(%a: memref<256xi32>) kernel {
    %off = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xindex>
    %m = arith.constant dense<true> : vector<16xi1>
    %one = arith.constant dense<1> : vector<16xi32>
    %g = xegpu.create_tdesc %a, %off : memref<256xi32>, vector<16xindex> -> !xegpu.tensor_desc<16xi32, #xegpu.scatter_tdesc_attr<>>
    %old = xegpu.atomic_rmw addi %g, %m, %one : !xegpu.tensor_desc<16xi32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>, vector<16xi32> -> vector<16xi32>
    gpu.return
  }
}
