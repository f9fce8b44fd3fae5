// RUN: genx-emit opt %s --pass inline --no-locations | filecheck %s
// A device function called twice from a kernel: each call becomes a copy of its body, with values
// named after the call site, its arguments the caller's values (an SLM memref here), and the
// returned value used where the call's result was. The callee stays in the module.
gpu.module @m {
  gpu.func @scale(%slm: memref<256xf32, 3>, %s: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %v = memref.load %slm[%c0] : memref<256xf32, 3>
    %w = arith.mulf %v, %s : f32
    gpu.return %w : f32
  }
  gpu.func @k(%out: memref<2xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    %slm = memref.alloc() : memref<256xf32, 3>
    %a = func.call @scale(%slm, %two) : (memref<256xf32, 3>, f32) -> f32
    %b = func.call @scale(%slm, %a) : (memref<256xf32, 3>, f32) -> f32
    memref.store %b, %out[%c0] : memref<2xf32>
    gpu.return
  }
}
// CHECK: gpu.func @scale(
// CHECK: gpu.func @k(
// CHECK-NOT: func.call
// CHECK: %slm = "memref.alloc"(){{.*}} -> memref<256xf32, 3>
// CHECK: %scale_1_c0 = arith.constant 0 : index
// CHECK: %scale_1_v = "memref.load"(%slm, %scale_1_c0)
// CHECK: %scale_1_w = arith.mulf %scale_1_v, %two : f32
// CHECK: %scale_2_c0 = arith.constant 0 : index
// CHECK: %scale_2_v = "memref.load"(%slm, %scale_2_c0)
// CHECK: %scale_2_w = arith.mulf %scale_2_v, %scale_1_w : f32
// CHECK: "memref.store"(%scale_2_w, %out, %c0)
// CHECK-NOT: func.call
