// Maxima along the middle dimension of a 4x16x32 f32 tile: a 3-D tile reduced to a 2-D 4x32
// one across the 4 subgroups that share a plane (sg_layout [2, 4, 1]); each partial is a run of
// 32 positions of the 4x32 result, exchanged through SLM. Stored by offsets from a reshaped
// vector.step.
// Launch: --grid 1 --threads 8.
#data = #xegpu.layout<sg_layout = [2, 4, 1], sg_data = [2, 4, 32]>
gpu.module @m {
  gpu.func @k(%src: memref<2048xf32>, %dst: memref<128xf32>) kernel {
    %step = vector.step : vector<2048xindex>
    %offsets = vector.shape_cast %step : vector<2048xindex> to vector<4x16x32xindex>
    %all = arith.constant dense<true> : vector<4x16x32xi1>
    %v = xegpu.load %src[%offsets], %all <{layout = #data}>
      : memref<2048xf32>, vector<4x16x32xindex>, vector<4x16x32xi1> -> vector<4x16x32xf32>
    %low = arith.constant dense<0xFF800000> : vector<4x32xf32>
    %max = vector.multi_reduction <maximumf>, %v, %low [1] : vector<4x16x32xf32> to vector<4x32xf32>
    %ostep = vector.step : vector<128xindex>
    %out = vector.shape_cast %ostep : vector<128xindex> to vector<4x32xindex>
    %mask = arith.constant dense<true> : vector<4x32xi1>
    xegpu.store %max, %dst[%out], %mask <{layout = #xegpu.slice<#data, dims = [1]>}>
      : vector<4x32xf32>, memref<128xf32>, vector<4x32xindex>, vector<4x32xi1>
    gpu.return
  }
}
