// RUN: genx-emit lower %s | filecheck %s
// A scattered prefetch: lsc.prefetch at each lane's address (offsets of 16 f32 = 64 bytes).
// CHECK: <i64 0, i64 64, i64 128,
// CHECK: call void @llvm.genx.lsc.prefetch.stateless.v16i1.v16i64(

gpu.module @m {
  gpu.func @prefetch_scattered(%a: memref<256xf32>) kernel {
    %off = arith.constant dense<[0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240]> : vector<16xindex>
    %g = xegpu.create_tdesc %a, %off : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
    xegpu.prefetch %g : !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>>
    gpu.return
  }
}
