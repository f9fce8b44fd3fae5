// RUN: genx-emit lower %s | filecheck %s
// Scalar integer arith maps to LLVM instructions one to one; maxsi is icmp sgt + select; a
// constant operand folds into the instruction.
// CHECK: %s = add i32 %x, 3
// CHECK-NEXT: %p = mul i32 %s, %x
// CHECK-NEXT: %q = lshr i32 %p, 3
// CHECK-NEXT: %r.cmp = icmp sgt i32 %q, %x
// CHECK-NEXT: %r = select i1 %r.cmp, i32 %q, i32 %x
// CHECK-NEXT: %i = sext i32 %r to i64

gpu.module @m {
  gpu.func @arith_int(%a: memref<256xf32>, %x: i32) kernel {
    %c3 = arith.constant 3 : i32
    %s = arith.addi %x, %c3 : i32
    %p = arith.muli %s, %x : i32
    %q = arith.shrui %p, %c3 : i32
    %r = arith.maxsi %q, %x : i32
    %i = arith.index_cast %r : i32 to index
    %v = vector.broadcast %i : index to vector<16xindex>
    %m = arith.constant dense<true> : vector<16xi1>
    %g = xegpu.create_tdesc %a, %v : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
    xegpu.prefetch %g : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
    gpu.return
  }
}
