// RUN: genx-emit opt %s --print-ir-after-all --no-locations -o /dev/null 2>&1 | filecheck %s
// RUN: genx-emit opt %s --target dg2 --no-locations | filecheck %s --check-prefix=DG2
// RUN: genx-emit opt %s | genx-emit lower - > %t.opt.ll
// RUN: genx-emit lower %s | diff - %t.opt.ll
// genx-decide is the last pass of the default pipeline: the decisions print after it, not
// before. The B tile only dpas reads goes VNNI by its message (PVC and DG2 alike); the slice of
// A only dpas reads is passed whole (read where it lies); the SLM buffer gets its offset.
gpu.module @m {
  gpu.func @k(%a: memref<8x32xf16>, %b: memref<16x16xf16>, %c: memref<8x16xf32>) kernel {
    %s = memref.alloc() : memref<64xf32, 3>
    %ta = xegpu.create_nd_tdesc %a[0, 0] : memref<8x32xf16> -> !xegpu.tensor_desc<8x32xf16>
    %tb = xegpu.create_nd_tdesc %b[0, 0] : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %tc = xegpu.create_nd_tdesc %c[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x32xf16> -> vector<8x32xf16>
    %vb = xegpu.load_nd %tb : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
    %a0 = vector.extract_strided_slice %va {offsets = [0, 16], sizes = [8, 16], strides = [1, 1]}
        : vector<8x32xf16> to vector<8x16xf16>
    %d = xegpu.dpas %a0, %vb : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
    xegpu.store_nd %d, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
// CHECK: // -----// IR Dump After genx-carry-descriptors //----- //
// CHECK-NOT: genx.
// CHECK: // -----// IR Dump After genx-decide //----- //
// CHECK: "memref.alloc"() {{.*}}genx.slm_offset = 0 : i64
// CHECK: %va = {{.*}}genx.send = "plain"
// CHECK: %vb = {{.*}}genx.send = "vnni"
// CHECK: %a0 = {{.*}}genx.passed_whole
// CHECK: xegpu.dpas {{.*}}genx.vnni_b
// DG2: %vb = {{.*}}genx.send = "vnni"
// DG2: %a0 = {{.*}}genx.passed_whole
