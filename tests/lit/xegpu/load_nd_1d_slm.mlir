// RUN: genx-emit lower %s | filecheck %s
// A workgroup(...) attribution is SLM at offset 0; its 256 bytes go into the kernel's SLM size
// in genx.kernels (the fourth field), and its accesses use the SLM messages with i32 addresses.
// CHECK: call <32 x i64> @llvm.genx.lsc.load.slm.v32i64.i1.i32(i1 true, {{.*}}, i32 0, i32 0)
// CHECK: call void @llvm.genx.lsc.store.slm.i1.i32.v32i64(
// CHECK: !{void (i64)* @slm_workgroup, !"slm_workgroup", !{{[0-9]+}}, i32 256,

gpu.module @m {
  gpu.func @slm_workgroup(%a: memref<64xf32>) workgroup(%s: memref<64xf32, 3>) kernel {
    %t = xegpu.create_nd_tdesc %s[0] : memref<64xf32, 3> -> !xegpu.tensor_desc<64xf32, #xegpu.block_tdesc_attr<memory_space = slm>>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<64xf32, #xegpu.block_tdesc_attr<memory_space = slm>> -> vector<64xf32>
    xegpu.store_nd %v, %t : vector<64xf32>, !xegpu.tensor_desc<64xf32, #xegpu.block_tdesc_attr<memory_space = slm>>
    gpu.return
  }
}
