// RUN: genx-emit lower %s --block2d-form scalar | filecheck %s
// scf.for with iter_args: a header with phis for the induction variable (i32: constant bounds
// that fit it), the vector accumulator
// and the descriptor, which carries only its row (update_nd_offset [8, 0] adds 8 to it). With
// constant bounds the counter runs from lb - last up to 0 (last = lb + trips * step), the
// header tests it against 0, and the body reads counter + last as the induction variable.
// CHECK: i.header:
// CHECK-NEXT: %i.left = phi i32 [-4, %entry], [%i.next, %i.body]
// CHECK-NEXT: %acc = phi <128 x float> [zeroinitializer, %entry], [%s, %i.body]
// CHECK-NEXT: %td.y = phi i32 [0, %entry], [%n.y, %i.body]
// CHECK: %i.cond = icmp ne i32 %i.left, 0
// CHECK: @llvm.genx.lsc.load2d.stateless{{.*}}, i32 0, i32 %td.y)
// CHECK: %n.y = add i32 %td.y, 8
// CHECK: %i.next = add i32 %i.left, 1
// CHECK: i.exit:
// 1, 5, 9: three trips end at 13; a loop that never runs starts at 0.
// CHECK: %j.left = phi i32 [-12, %i.exit], [%j.next, %j.body]
// CHECK: %j.cond = icmp ne i32 %j.left, 0
// CHECK: j.body:
// CHECK-NEXT: %j = add nsw i32 %j.left, 13
// CHECK: %j.next = add i32 %j.left, 4
// CHECK: %e.left = phi i32 [0, %j.exit], [%e.next, %e.body]

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
    %c5 = arith.constant 5 : index
    %c10 = arith.constant 10 : index
    %q = scf.for %j = %c1 to %c10 step %c4 iter_args(%x = %z) -> (vector<8x16xf32>) {
      %ji = arith.index_cast %j : index to i32
      %jf = arith.sitofp %ji : i32 to f32
      %jv = vector.broadcast %jf : f32 to vector<8x16xf32>
      %y = arith.addf %x, %jv : vector<8x16xf32>
      scf.yield %y : vector<8x16xf32>
    }
    %w = scf.for %e = %c5 to %c4 step %c1 iter_args(%x = %q) -> (vector<8x16xf32>) {
      %y = arith.addf %x, %x : vector<8x16xf32>
      scf.yield %y : vector<8x16xf32>
    }
    xegpu.store_nd %w, %t : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
