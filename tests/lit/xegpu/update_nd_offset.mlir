// RUN: genx-emit lower %s --block2d-form scalar | filecheck %s
// update_nd_offset [8, 16] moves the tile 8 rows down and 16 columns right: constant offsets
// fold into the message's x = 16, y = 8; no instruction of its own.
// CHECK-NOT: add
// CHECK: @llvm.genx.lsc.prefetch2d.stateless.i1.i64({{.*}}, i32 16, i32 8)

gpu.module @m {
  gpu.func @update_nd_offset(%a: memref<64x64xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %t2 = xegpu.update_nd_offset %t, [8, 16] : !xegpu.tensor_desc<8x16xf16>
    xegpu.prefetch_nd %t2 : !xegpu.tensor_desc<8x16xf16>
    gpu.return
  }
}
