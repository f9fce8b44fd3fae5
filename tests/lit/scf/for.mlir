// RUN: genx-emit lower %s --block2d-form scalar | filecheck %s
// scf.for with iter_args: a header with phis for the induction variable (i32: constant bounds
// that fit it), the vector accumulator
// and the descriptor, which carries only its row (update_nd_offset [8, 0] adds 8 to it).
// CHECK: i.header:
// CHECK-NEXT: %i = phi i32 [0, %entry], [%i.next, %i.body]
// CHECK-NEXT: %acc = phi <128 x float> [zeroinitializer, %entry], [%s, %i.body]
// CHECK-NEXT: %td.y = phi i32 [0, %entry], [%n.y, %i.body]
// CHECK: %i.cond = icmp slt i32 %i, 4
// CHECK: @llvm.genx.lsc.load2d.stateless{{.*}}, i32 0, i32 %td.y)
// CHECK: %n.y = add i32 %td.y, 8
// CHECK: i.exit:

gpu.module @m {
  gpu.func @scf_for(%a: memref<64x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %z = arith.constant dense<0.0> : vector<8x16xf32>
    %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z, %td = %t) -> (vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>) {
      %v = xegpu.load_nd %td : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
      %s = arith.addf %acc, %v : vector<8x16xf32>
      %n = xegpu.update_nd_offset %td, [8, 0] : !xegpu.tensor_desc<8x16xf32>
      scf.yield %s, %n : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    }
    xegpu.store_nd %r#0, %t : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
