// An input of verify_diagnostics.mlir (not a test itself): expectations that do not match.
gpu.module @m {
  gpu.func @bad(%a: vector<8x16xf16>, %b: vector<8x16x2xf16>) kernel {
    // The message differs:
    // expected-error @+1 {{result shape [8, 4]}}
    %d = xegpu.dpas %a, %b : vector<8x16xf16>, vector<8x16x2xf16> -> vector<8x8xf32>
    gpu.return
  }
}
// -----
gpu.module @m {
  gpu.func @good(%a: memref<64x64xf32>) kernel {
    // expected-error @+1 {{offsets}}
    gpu.return
  }
}
