// RUN: genx-emit lower %s | filecheck %s
// cf.cond_br and cf.br: blocks become LLVM blocks of the same names.
// CHECK: br i1 %c, label %bb1, label %bb2
// CHECK: bb1:
// CHECK: br label %bb2
// CHECK: bb2:
// CHECK-NEXT: ret void

gpu.module @m {
  gpu.func @cf_branch(%a: memref<64x64xf32>, %x: i32) kernel {
    %c0 = arith.constant 0 : i32
    %c = arith.cmpi sgt, %x, %c0 : i32
    cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.prefetch_nd %t : !xegpu.tensor_desc<8x16xf32>
    cf.br ^bb2
    ^bb2:
    gpu.return
  }
}
