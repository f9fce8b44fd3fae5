// RUN: genx-emit lower --block2d-form scalar %s | filecheck %s
// xegpu.convert_layout in a SIMT kernel. A lane-layout change keeps the subgroup's tile, so
// columns-to-rows (%w) emits nothing: the loaded tile is stored as it is. Between a plain bf16
// tile and its VNNI form (lane_data = [2, 1]) each lane holds the same elements in the same
// order, but the whole tile changes form: %b is re-packed (rows 0, 2, .. to the even words, rows
// 1, 3, .. to the odd ones) before the dpas, and %u unpacked before its store.

// CHECK-LABEL: @rows(
// CHECK: %v = call <256 x float> @llvm.genx.lsc.load2d.stateless
// CHECK-NOT: wrregion
// CHECK: rdregionf.v128f32.v256f32.i16(<256 x float> %v,
// CHECK-NOT: wrregion
// CHECK: call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128f32({{.*}} i64 %o,

// CHECK-LABEL: @vnni(
// CHECK: %bp = call <256 x i16> @llvm.genx.lsc.load2d.stateless
// Rows 0 and 2 (byte offset 0, rows 32 words apart) to words 0, 2, .. (stride 2):
// CHECK: %b.0.rd0 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %bp, i32 32, i32 16, i32 1, i16 0, i32 32)
// CHECK: wrregioni.v256i16.v32i16.i16.i1(<256 x i16> undef, <32 x i16> %b.0.rd0, i32 0, i32 32, i32 2, i16 0,
// Rows 1 and 3 (byte offset 32) to words 1, 3, .. (byte offset 2):
// CHECK: %b.rd0 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v256i16.i16(<256 x i16> %bp, i32 32, i32 16, i32 1, i16 32, i32 32)
// CHECK: wrregioni.v256i16.v32i16.i16.i1(<256 x i16> %b.0, <32 x i16> %b.rd0, i32 0, i32 32, i32 2, i16 2,
// CHECK: %b.dw = bitcast <256 x i16> %b to <128 x i32>
// CHECK: @llvm.genx.dpas.nosrc0.v128f32.v128i32.v64i32(<128 x i32> %b.dw,
// The VNNI load (transform operand i8 1), then its odd words (byte offset 2) back to row 1 (byte 32):
// CHECK: %p = call <256 x i16> @llvm.genx.lsc.load2d.stateless.v256i16.i1.i64(i1 true, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 16, i8 1,
// CHECK: %u.rd0 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v256i16.i16(<256 x i16> %p, i32 0, i32 16, i32 2, i16 2, i32 16)
// CHECK: wrregioni.v256i16.v16i16.i16.i1(<256 x i16> %u.0, <16 x i16> %u.rd0, i32 0, i32 16, i32 1, i16 32,
// CHECK: call void @llvm.genx.lsc.store2d.stateless.i1.i64.v128i16({{.*}} i64 %pd,

#row = #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>
#col = #xegpu.layout<lane_layout = [16, 1], lane_data = [1, 1]>
#vnni = #xegpu.layout<lane_layout = [1, 16], lane_data = [2, 1]>
gpu.module @m {
  gpu.func @rows(%m: memref<16x16xf32>, %o: memref<16x16xf32>) kernel {
    %t = xegpu.create_nd_tdesc %m[0, 0] : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32, #row>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<16x16xf32, #row> -> vector<16xf32>
    %w = xegpu.convert_layout %v <{input_layout = #row, target_layout = #col}> : vector<16xf32>
    %u = xegpu.create_nd_tdesc %o[0, 0] : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32, #col>
    xegpu.store_nd %w, %u : vector<16xf32>, !xegpu.tensor_desc<16x16xf32, #col>
    gpu.return
  }

  gpu.func @vnni(%pa: memref<8x16xbf16>, %pb: memref<16x16xbf16>, %pc: memref<8x16xf32>,
                 %pd: memref<16x16xbf16>) kernel {
    %ta = xegpu.create_nd_tdesc %pa[0, 0] : memref<8x16xbf16> -> !xegpu.tensor_desc<8x16xbf16, #row>
    %a = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xbf16, #row> -> vector<8xbf16>
    %tb = xegpu.create_nd_tdesc %pb[0, 0] : memref<16x16xbf16> -> !xegpu.tensor_desc<16x16xbf16, #row>
    %bp = xegpu.load_nd %tb : !xegpu.tensor_desc<16x16xbf16, #row> -> vector<16xbf16>
    %b = xegpu.convert_layout %bp <{input_layout = #row, target_layout = #vnni}> : vector<16xbf16>
    %c = xegpu.dpas %a, %b {layout_a = #row, layout_b = #vnni, layout_cd = #row}
        : vector<8xbf16>, vector<16xbf16> -> vector<8xf32>
    %tc = xegpu.create_nd_tdesc %pc[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32, #row>
    xegpu.store_nd %c, %tc : vector<8xf32>, !xegpu.tensor_desc<8x16xf32, #row>
    %tp = xegpu.create_nd_tdesc %pb[0, 0] : memref<16x16xbf16> -> !xegpu.tensor_desc<16x16xbf16, #vnni>
    %p = xegpu.load_nd %tp : !xegpu.tensor_desc<16x16xbf16, #vnni> -> vector<16xbf16>
    %u = "xegpu.convert_layout"(%p) <{input_layout = #vnni, target_layout = #row}> : (vector<16xbf16>) -> vector<16xbf16>
    %td = xegpu.create_nd_tdesc %pd[0, 0] : memref<16x16xbf16> -> !xegpu.tensor_desc<16x16xbf16, #row>
    xegpu.store_nd %u, %td : vector<16xbf16>, !xegpu.tensor_desc<16x16xbf16, #row>
    gpu.return
  }
}
