// RUN: genx-emit opt %s --pass-pipeline '' > %t.mlir
// RUN: filecheck %s --check-prefix=SAME --input-file %t.mlir
// RUN: genx-emit opt %t.mlir --pass-pipeline '' | diff %t.mlir -
// RUN: genx-emit lower %s > %t.source.ll
// RUN: genx-emit opt %s | genx-emit lower - | diff %t.source.ll -
// opt without passes prints the IR as read; reading that back prints the same text, and the IR
// after the default pipeline lowers to the same LLVM IR as the source. Names are the source's,
// `%r:2` results stay grouped, and each op keeps its source position.
gpu.module @m {
  gpu.func @k(%a: memref<64x64xf32>, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant dense<0.0> : vector<8x16xf32>
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %r:2 = scf.for %k = %c0 to %n step %c16 iter_args(%acc = %zero, %tk = %t)
        -> (vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>) {
      %v = xegpu.load_nd %tk : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
      %s = arith.addf %acc, %v : vector<8x16xf32>
      %tn = xegpu.update_nd_offset %tk, [%c0, %c16] : !xegpu.tensor_desc<8x16xf32>
      scf.yield %s, %tn : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    }
    xegpu.store_nd %r#0, %t : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
// SAME: gpu.module @m {
// SAME-NEXT: gpu.func @k(%a: memref<64x64xf32>, %n: index) kernel {
// SAME-NEXT: %c0 = arith.constant 0 : index loc("{{.*}}round-trip.mlir":11:11)
// SAME: %r:2 = scf.for %k = %c0 to %n step %c16 iter_args(%acc = %zero, %tk = %t) -> (vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>) {
// SAME-NEXT: %v = xegpu.load_nd %tk : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
// SAME: scf.yield %s, %tn : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32> loc("{{.*}}round-trip.mlir":20:7)
// SAME-NEXT: } loc("{{.*}}round-trip.mlir":15:12)
// SAME-NEXT: xegpu.store_nd %r#0, %t : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
