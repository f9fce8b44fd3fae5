// RUN: genx-emit lower %s | filecheck %s
// Fences that order nothing new are dropped: after the store, the two global fences with nothing
// between them become one at the wider (gpu) scope; the barrier's own global fence orders nothing
// new either, but its SLM fence stays (no SLM fence yet). After the second store the global
// fence is needed again.
// CHECK: call void @llvm.genx.lsc.store.stateless
// CHECK-NEXT: call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 3)
// CHECK-NEXT: call void @llvm.genx.lsc.fence.i1(i1 true, i8 3, i8 0, i8 0)
// CHECK-NEXT: call void @llvm.genx.barrier()
// CHECK-NOT: lsc.fence
// CHECK: call void @llvm.genx.lsc.store.stateless
// CHECK-NEXT: call void @llvm.genx.lsc.fence.i1(i1 true, i8 0, i8 0, i8 0)
// CHECK-NOT: lsc.fence

gpu.module @m {
  gpu.func @fences(%a: memref<64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0] : memref<64xf32> -> !xegpu.tensor_desc<16xf32>
    %v = arith.constant dense<1.0> : vector<16xf32>
    xegpu.store_nd %v, %t : vector<16xf32>, !xegpu.tensor_desc<16xf32>
    xegpu.fence memory_kind = global, fence_scope = workgroup
    xegpu.fence memory_kind = global, fence_scope = gpu
    gpu.barrier
    xegpu.store_nd %v, %t : vector<16xf32>, !xegpu.tensor_desc<16xf32>
    xegpu.fence memory_kind = global, fence_scope = workgroup
    gpu.return
  }
}
