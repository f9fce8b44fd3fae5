// Means of the 4 planes of a 4x8x32 f32 tile: a 3-D tile reduced along its two trailing
// dimensions to a 1-D vector, across subgroups (sg_layout [2, 4, 1]: the 4 subgroups of a plane
// pair exchange their partial sums through SLM), then divided by the plane's size (a post-op on
// the reduction's slice layout) and stored by offsets from a vector.step. Only the load and the
// store carry layouts; the rest is propagated.
// Launch: --grid 1 --threads 8.
#data = #xegpu.layout<sg_layout = [2, 4, 1], sg_data = [2, 2, 32]>
gpu.module @m {
  gpu.func @k(%src: memref<1024xf32>, %dst: memref<4xf32>) kernel {
    %step = vector.step : vector<1024xindex>
    %offsets = vector.shape_cast %step : vector<1024xindex> to vector<4x8x32xindex>
    %all = arith.constant dense<true> : vector<4x8x32xi1>
    %v = xegpu.load %src[%offsets], %all <{layout = #data}>
      : memref<1024xf32>, vector<4x8x32xindex>, vector<4x8x32xi1> -> vector<4x8x32xf32>
    %zero = arith.constant dense<0.0> : vector<4xf32>
    %sum = vector.multi_reduction <add>, %v, %zero [1, 2] : vector<4x8x32xf32> to vector<4xf32>
    %size = arith.constant dense<256.0> : vector<4xf32>
    %mean = arith.divf %sum, %size : vector<4xf32>
    %out = vector.step : vector<4xindex>
    %mask = arith.constant dense<true> : vector<4xi1>
    xegpu.store %mean, %dst[%out], %mask <{layout = #xegpu.slice<#data, dims = [1, 2]>}>
      : vector<4xf32>, memref<4xf32>, vector<4xindex>, vector<4xi1>
    gpu.return
  }
}
