gpu.module @m {
  gpu.func @k(%a: memref<8x32xbf16>, %b: memref<8x32xbf16>, %c: memref<8x32xbf16>, %d: memref<8x32xi8>) kernel {
    %ta = xegpu.create_nd_tdesc %a[0, 0] : memref<8x32xbf16> -> !xegpu.tensor_desc<8x32xbf16>
    %tb = xegpu.create_nd_tdesc %b[0, 0] : memref<8x32xbf16> -> !xegpu.tensor_desc<8x32xbf16>
    %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x32xbf16> -> vector<8x32xbf16>
    %vb = xegpu.load_nd %tb : !xegpu.tensor_desc<8x32xbf16> -> vector<8x32xbf16>
    %s = arith.addf %va, %vb : vector<8x32xbf16>
    %p = arith.mulf %s, %va : vector<8x32xbf16>
    %m = arith.maximumf %p, %vb : vector<8x32xbf16>
    %lt = arith.cmpf olt, %va, %vb : vector<8x32xbf16>
    %tc = xegpu.create_nd_tdesc %c[0, 0] : memref<8x32xbf16> -> !xegpu.tensor_desc<8x32xbf16>
    xegpu.store_nd %m, %tc : vector<8x32xbf16>, !xegpu.tensor_desc<8x32xbf16>
    %lt8 = arith.extui %lt : vector<8x32xi1> to vector<8x32xi8>
    %td = xegpu.create_nd_tdesc %d[0, 0] : memref<8x32xi8> -> !xegpu.tensor_desc<8x32xi8>
    xegpu.store_nd %lt8, %td : vector<8x32xi8>, !xegpu.tensor_desc<8x32xi8>
    gpu.return
  }
}
