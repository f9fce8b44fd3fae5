// The gemm_tile_bf16 tile with A, B, C passed as 64-bit device addresses (64-byte aligned) and
// each surface given by shape [rows, cols] and strides [row stride, 1]. @ptr_source_gemm uses the
// positional form `[%x, %y], [%h, %w], [%w, %c1]` (ui64); @ptr_source_gemm_kw the `shape :` /
// `strides :` keyword form upstream uses since mid-2025 (i64). Launch: each kernel grid 1x1x1.
gpu.module @ptr_source_gemm {
  gpu.func @ptr_source_gemm(%a: ui64, %b: ui64, %c: ui64) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %ta = xegpu.create_nd_tdesc %a[%c0, %c0], [%c8, %c16], [%c16, %c1] : ui64 -> !xegpu.tensor_desc<8x16xbf16>
    %tb = xegpu.create_nd_tdesc %b[%c0, %c0], [%c16, %c16], [%c16, %c1] : ui64 -> !xegpu.tensor_desc<16x16xbf16>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xbf16> -> vector<8x16xbf16>
    %vb = xegpu.load_nd %tb <{packed}> : !xegpu.tensor_desc<16x16xbf16> -> vector<8x16x2xbf16>
    %vc = xegpu.dpas %va, %vb : vector<8x16xbf16>, vector<8x16x2xbf16> -> vector<8x16xf32>
    %tc = xegpu.create_nd_tdesc %c[%c0, %c0], [%c8, %c16], [%c16, %c1] : ui64 -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %vc, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }

  gpu.func @ptr_source_gemm_kw(%a: i64, %b: i64, %c: i64) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %ta = xegpu.create_nd_tdesc %a[%c0, %c0], shape : [%c8, %c16], strides : [%c16, %c1]
        : i64 -> !xegpu.tensor_desc<8x16xbf16>
    %tb = xegpu.create_nd_tdesc %b[%c0, %c0], shape : [%c16, %c16], strides : [%c16, %c1]
        : i64 -> !xegpu.tensor_desc<16x16xbf16>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xbf16> -> vector<8x16xbf16>
    %vb = xegpu.load_nd %tb <{packed}> : !xegpu.tensor_desc<16x16xbf16> -> vector<8x16x2xbf16>
    %vc = xegpu.dpas %va, %vb : vector<8x16xbf16>, vector<8x16x2xbf16> -> vector<8x16xf32>
    %tc = xegpu.create_nd_tdesc %c[%c0, %c0], shape : [%c8, %c16], strides : [%c16, %c1]
        : i64 -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %vc, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
