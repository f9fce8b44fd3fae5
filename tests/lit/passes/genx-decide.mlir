// RUN: genx-emit opt %s --pass genx-decide --no-locations | filecheck %s --check-prefix=PVC
// RUN: genx-emit opt %s --pass genx-decide --target dg2 --no-locations | filecheck %s --check-prefix=DG2
// RUN: genx-emit lower %s --target dg2 > %t.dg2.ll
// RUN: genx-emit opt %s --pass genx-decide --target dg2 | genx-emit lower - --target dg2 | diff %t.dg2.ll -
// RUN: genx-emit lower %s > %t.pvc.ll
// RUN: genx-emit opt %s --pass genx-decide | genx-emit lower - | diff %t.pvc.ll -
// RUN: genx-emit opt %s --pass genx-decide --target dg2 > %t.mlir
// RUN: not genx-emit lower %t.mlir 2>&1 | filecheck %s --check-prefix=OTHER
// How each 2-D load is sent and what its users then skip, decided for the target before
// lowering and recorded as genx.* attributes; IR printed with them lowers to the same code, and
// lowered for another target than it was decided for is an error.
gpu.module @m {
  // A plain B tile only dpas reads: the message packs it (VNNI), dpas does not; A as stored.
  gpu.func @b_only(%a: memref<8x16xf16>, %b: memref<16x16xf16>, %c: memref<8x16xf32>) kernel {
    %ta = xegpu.create_nd_tdesc %a[0, 0] : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb = xegpu.create_nd_tdesc %b[0, 0] : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %tc = xegpu.create_nd_tdesc %c[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %vb = xegpu.load_nd %tb : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
    %d = xegpu.dpas %va, %vb : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
    xegpu.store_nd %d, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
  // The same B tile also stored: loaded as stored, dpas packs it.
  gpu.func @b_also_stored(%a: memref<8x16xf16>, %b: memref<16x16xf16>, %c: memref<8x16xf32>) kernel {
    %ta = xegpu.create_nd_tdesc %a[0, 0] : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    %tb = xegpu.create_nd_tdesc %b[0, 0] : memref<16x16xf16> -> !xegpu.tensor_desc<16x16xf16>
    %tc = xegpu.create_nd_tdesc %c[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %vb = xegpu.load_nd %tb : !xegpu.tensor_desc<16x16xf16> -> vector<16x16xf16>
    %d = xegpu.dpas %va, %vb : vector<8x16xf16>, vector<16x16xf16> -> vector<8x16xf32>
    xegpu.store_nd %d, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %vb, %tb : vector<16x16xf16>, !xegpu.tensor_desc<16x16xf16>
    gpu.return
  }
  // Tiles only transposed: f32 by the message (PVC); f16 at an even column known at compile
  // time as transposed word pairs, the transpose de-interleaving them; f16 at a run-time column
  // in registers.
  gpu.func @transposed(%a: memref<32x64xf32>, %h: memref<32x64xf16>, %o: memref<64x64xf32>,
                       %oh: memref<64x64xf16>, %x: index) kernel {
    %c2 = arith.constant 2 : index
    %ta = xegpu.create_nd_tdesc %a[0, 0] : memref<32x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %ra = vector.transpose %va, [1, 0] : vector<8x16xf32> to vector<16x8xf32>
    %sa = arith.addf %ra, %ra : vector<16x8xf32>
    %th = xegpu.create_nd_tdesc %h[0, %c2] : memref<32x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %vh = xegpu.load_nd %th : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %rh = vector.transpose %vh, [1, 0] : vector<8x16xf16> to vector<16x8xf16>
    %sh = arith.addf %rh, %rh : vector<16x8xf16>
    %tx = xegpu.create_nd_tdesc %h[0, %x] : memref<32x64xf16> -> !xegpu.tensor_desc<8x16xf16>
    %vx = xegpu.load_nd %tx : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    %rx = vector.transpose %vx, [1, 0] : vector<8x16xf16> to vector<16x8xf16>
    %sx = arith.addf %rx, %rx : vector<16x8xf16>
    %to = xegpu.create_nd_tdesc %o[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<16x8xf32>
    xegpu.store_nd %sa, %to : vector<16x8xf32>, !xegpu.tensor_desc<16x8xf32>
    %toh = xegpu.create_nd_tdesc %oh[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x8xf16>
    xegpu.store_nd %sh, %toh : vector<16x8xf16>, !xegpu.tensor_desc<16x8xf16>
    %tox = xegpu.create_nd_tdesc %oh[16, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x8xf16>
    xegpu.store_nd %sx, %tox : vector<16x8xf16>, !xegpu.tensor_desc<16x8xf16>
    gpu.return
  }
}

// PVC-LABEL: gpu.func @b_only
// PVC: %va = xegpu.load_nd %ta {{.*}}genx.send = "plain"
// PVC: %vb = xegpu.load_nd %tb {{.*}}genx.send = "vnni"
// PVC: %d = xegpu.dpas %va, %vb {{.*}}genx.vnni_b
// PVC-LABEL: gpu.func @b_also_stored
// PVC: %vb = xegpu.load_nd %tb {{.*}}genx.send = "plain"
// PVC-NOT: genx.vnni_b
// PVC-LABEL: gpu.func @transposed
// PVC: %va = xegpu.load_nd %ta {{.*}}genx.send = "transposed"
// PVC: %ra = {{.*}}genx.by_load = "transposed"
// PVC: %vh = xegpu.load_nd %th {{.*}}genx.send = "transposed_pairs"
// PVC: %rh = {{.*}}genx.by_load = "transposed_pairs"
// PVC: %vx = xegpu.load_nd %tx {{.*}}genx.send = "plain"
// PVC-NOT: genx.by_load

// DG2 loads B VNNI too (its gathers pack the pairs), but transposes in registers:
// DG2-LABEL: gpu.func @b_only
// DG2: %vb = xegpu.load_nd %tb {{.*}}genx.send = "vnni"
// DG2: %d = xegpu.dpas %va, %vb {{.*}}genx.vnni_b
// DG2-LABEL: gpu.func @transposed
// DG2-NOT: genx.by_load
// DG2: %va = xegpu.load_nd %ta {{.*}}genx.send = "plain"
// DG2: %vh = xegpu.load_nd %th {{.*}}genx.send = "plain"
// DG2-NOT: genx.by_load

// OTHER: error: 'genx.send = "plain"' disagrees with the decision made for target pvc ("transposed")
