// RUN: genx-emit lower %s | filecheck %s
// gpu.block_id x is genx.group.id.x, thread_id x lane 0 of genx.local.id; both widen to index
// (i64).
// CHECK: %group_id.x = call i32 @llvm.genx.group.id.x()
// CHECK: %local_id = call <3 x i32> @llvm.genx.local.id.v3i32()
// CHECK: %bx = zext i32 %group_id.x to i64
// CHECK: %tx.x = extractelement <3 x i32> %local_id, i32 0

gpu.module @m {
  gpu.func @gpu_ids(%a: memref<256xf32>) kernel {
    %bx = gpu.block_id x
    %tx = gpu.thread_id x
    %c16 = arith.constant 16 : index
    %o = arith.muli %bx, %c16 : index
    %p = arith.addi %o, %tx : index
    %t = xegpu.create_nd_tdesc %a[%p] : memref<256xf32> -> !xegpu.tensor_desc<16xf32>
    xegpu.prefetch_nd %t : !xegpu.tensor_desc<16xf32>
    gpu.return
  }
}
