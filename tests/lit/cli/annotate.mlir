// RUN: genx-emit lower %s --block2d-form scalar --annotate | filecheck %s
// RUN: genx-emit lower %s --block2d-form scalar | filecheck %s --check-prefix=PLAIN
// --annotate: each group of instructions under the MLIR line it came from, each intrinsic call
// followed by its immediate operands by name, encodings decoded (cached = 2, u16 = 2, VNNI = 1).
// Without it there are no comments (goldens are unchanged).

gpu.module @m {
  gpu.func @annotate(%a: memref<64x64xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %v = xegpu.load_nd %t <{packed, l1_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
    gpu.return
  }
}

// CHECK: ; {{.*}}annotate.mlir:10: %v = xegpu.load_nd %t <{packed,
// CHECK-NEXT: %v = call <256 x half> @llvm.genx.lsc.load2d.stateless.v256f16.i1.i64({{.*}})  ; l1=cached l3=cached data_size=u16 order=non_transpose num_blocks=1 block_width=16 block_height=16 vnni=vnni surface_width=127 surface_height=63 surface_pitch=127 x=0 y=0
// PLAIN-NOT: ;
