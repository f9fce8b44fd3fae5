// RUN: genx-emit opt %s --print-ir-after-all --no-locations -o %t.mlir 2>&1 | filecheck %s
// RUN: filecheck %s --check-prefix=OUT --input-file %t.mlir
// The IR after each pass of the default pipeline, in order, on stderr; the output file holds
// only the final IR. The workgroup tile is split by the distribution, and not before.
#l = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 16]>
gpu.module @m {
  gpu.func @k(%x: memref<32x16xf32>) kernel {
    %t = xegpu.create_nd_tdesc %x[0, 0] : memref<32x16xf32> -> !xegpu.tensor_desc<32x16xf32, #l>
    xegpu.prefetch_nd %t : !xegpu.tensor_desc<32x16xf32, #l>
    gpu.return
  }
}
// CHECK: // -----// IR Dump After genx-check-attribute-names //----- //
// CHECK: -> !xegpu.tensor_desc<32x16xf32, #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 16]>>
// CHECK: // -----// IR Dump After xegpu-wg-to-sg-distribute //----- //
// CHECK-NOT: sg_layout
// CHECK: gpu.subgroup_id : index
// CHECK: -> !xegpu.tensor_desc<8x16xf32>
// CHECK: // -----// IR Dump After genx-lane-to-subgroup //----- //
// CHECK: // -----// IR Dump After genx-carry-descriptors //----- //
// CHECK: xegpu.prefetch_nd
// OUT-NOT: IR Dump
// OUT: gpu.module @m {
// OUT: xegpu.prefetch_nd %{{.*}} : !xegpu.tensor_desc<8x16xf32>
