// RUN: genx-emit lower %s --block2d-form scalar | filecheck %s
// scf.if without results: a conditional branch around the then-block.
// CHECK: %c = icmp sgt i32 %x, 0
// CHECK-NEXT: br i1 %c, label %[[THEN:.*]], label %[[END:.*]]
// CHECK: [[THEN]]:
// CHECK-NEXT: call void @llvm.genx.lsc.prefetch2d
// CHECK-NEXT: br label %[[END]]

gpu.module @m {
  gpu.func @scf_if(%a: memref<64x64xf32>, %x: i32) kernel {
    %c0 = arith.constant 0 : i32
    %c = arith.cmpi sgt, %x, %c0 : i32
    scf.if %c {
      %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
      xegpu.prefetch_nd %t : !xegpu.tensor_desc<8x16xf32>
    }
    gpu.return
  }
}
