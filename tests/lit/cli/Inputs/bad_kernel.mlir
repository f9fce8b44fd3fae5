// An input of the batch test (not a test itself): a dpas with a wrong result shape.
gpu.module @m {
  gpu.func @bad(%a: vector<8x16xf16>, %b: vector<8x16x2xf16>) kernel {
    %d = xegpu.dpas %a, %b : vector<8x16xf16>, vector<8x16x2xf16> -> vector<8x8xf32>
    gpu.return
  }
}
