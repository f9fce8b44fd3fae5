// y[r, c] = s * x[r, c] for the rows r < n of a 16x64 f32 tile (the other rows of y untouched), in
// upstream's form with scattered accesses: offsets r * 64 + c built from two vector.steps,
// shape_cast to a column and broadcast, the row step compared with n for the mask, s a scalar
// loaded from memory and broadcast. Only the store has a layout.
// Launch: --grid 1 --threads 8.
#l = #xegpu.layout<sg_layout = [4, 2], sg_data = [4, 32]>
gpu.module @m {
  gpu.func @k(%x: memref<1024xf32>, %y: memref<1024xf32>, %s: memref<1xf32>, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %rows = vector.step : vector<16xindex>
    %cols = vector.step : vector<64xindex>
    %w = arith.constant dense<64> : vector<16xindex>
    %rstart = arith.muli %rows, %w : vector<16xindex>
    %rcol = vector.shape_cast %rstart : vector<16xindex> to vector<16x1xindex>
    %rb = vector.broadcast %rcol : vector<16x1xindex> to vector<16x64xindex>
    %cb = vector.broadcast %cols : vector<64xindex> to vector<16x64xindex>
    %off = arith.addi %rb, %cb : vector<16x64xindex>
    %nv = vector.broadcast %n : index to vector<16xindex>
    %live = arith.cmpi ult, %rows, %nv : vector<16xindex>
    %lcol = vector.shape_cast %live : vector<16xi1> to vector<16x1xi1>
    %mask = vector.broadcast %lcol : vector<16x1xi1> to vector<16x64xi1>
    %v = xegpu.load %x[%off], %mask : memref<1024xf32>, vector<16x64xindex>, vector<16x64xi1> -> vector<16x64xf32>
    %sc = memref.load %s[%c0] : memref<1xf32>
    %sv = vector.broadcast %sc : f32 to vector<16x64xf32>
    %r = arith.mulf %v, %sv : vector<16x64xf32>
    xegpu.store %r, %y[%off], %mask <{layout = #l}> : vector<16x64xf32>, memref<1024xf32>, vector<16x64xindex>, vector<16x64xi1>
    gpu.return
  }
}
