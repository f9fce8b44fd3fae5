// RUN: genx-emit lower %s | filecheck %s
// memref.alloc in address space 3 is a constant SLM offset; element 64 of it is byte 256.
// CHECK: call void @llvm.genx.lsc.store.slm.i1.i32.v32i64({{.*}}, i32 256, <32 x i64>
// CHECK: !{void (i64)* @slm_alloc, !"slm_alloc", !{{[0-9]+}}, i32 1024,

gpu.module @m {
  gpu.func @slm_alloc(%a: memref<256xf32>) kernel {
    %s = memref.alloc() : memref<256xf32, 3>
    %t = xegpu.create_nd_tdesc %a[0] : memref<256xf32> -> !xegpu.tensor_desc<64xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<64xf32> -> vector<64xf32>
    %u = xegpu.create_nd_tdesc %s[64] : memref<256xf32, 3> -> !xegpu.tensor_desc<64xf32, #xegpu.block_tdesc_attr<memory_space = slm>>
    xegpu.store_nd %v, %u : vector<64xf32>, !xegpu.tensor_desc<64xf32, #xegpu.block_tdesc_attr<memory_space = slm>>
    gpu.return
  }
}
