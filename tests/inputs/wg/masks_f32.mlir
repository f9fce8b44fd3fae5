// y[r, c] = x[r, c] + 1 where r < n and c < 40 (elsewhere y is untouched), over a 16x64 f32
// tile in upstream's form: the mask is a vector.create_mask (dynamic rows, 48 columns) and-ed
// with a broadcast vector.constant_mask of 40 columns; the offsets are a reshaped vector.step.
// Only the store has a layout. Launch: --grid 1 --threads 8.
#l = #xegpu.layout<sg_layout = [4, 2], sg_data = [4, 32]>
gpu.module @m {
  gpu.func @k(%x: memref<1024xf32>, %y: memref<1024xf32>, %n: index) kernel {
    %c48 = arith.constant 48 : index
    %step = vector.step : vector<1024xindex>
    %off = vector.shape_cast %step : vector<1024xindex> to vector<16x64xindex>
    %rows = vector.create_mask %n, %c48 : vector<16x64xi1>
    %cols = vector.constant_mask [40] : vector<64xi1>
    %colsb = vector.broadcast %cols : vector<64xi1> to vector<16x64xi1>
    %mask = arith.andi %rows, %colsb : vector<16x64xi1>
    %v = xegpu.load %x[%off], %mask : memref<1024xf32>, vector<16x64xindex>, vector<16x64xi1> -> vector<16x64xf32>
    %one = arith.constant dense<1.0> : vector<16x64xf32>
    %r = arith.addf %v, %one : vector<16x64xf32>
    xegpu.store %r, %y[%off], %mask <{layout = #l}> : vector<16x64xf32>, memref<1024xf32>, vector<16x64xindex>, vector<16x64xi1>
    gpu.return
  }
}
