// Column sums of a 32x64 f32 tile in upstream's form, with scattered accesses: the load's offsets
// are a vector.step reshaped to the tile (each element's row-major index), the reduction runs
// across the 4 subgroups of a column through SLM, and the 64 sums are stored by offsets from a
// vector.step. Only the store has a layout; everything else gets it by propagation.
// Launch: --grid 1 --threads 8.
#data = #xegpu.layout<sg_layout = [4, 2], sg_data = [8, 32]>
gpu.module @m {
  gpu.func @k(%src: memref<2048xf32>, %dst: memref<64xf32>) kernel {
    %step = vector.step : vector<2048xindex>
    %offsets = vector.shape_cast %step : vector<2048xindex> to vector<32x64xindex>
    %all = arith.constant dense<true> : vector<32x64xi1>
    %v = xegpu.load %src[%offsets], %all : memref<2048xf32>, vector<32x64xindex>, vector<32x64xi1> -> vector<32x64xf32>
    %zero = arith.constant dense<0.0> : vector<64xf32>
    %sum = vector.multi_reduction <add>, %v, %zero [0] : vector<32x64xf32> to vector<64xf32>
    %out = vector.step : vector<64xindex>
    %mask = arith.constant dense<true> : vector<64xi1>
    xegpu.store %sum, %dst[%out], %mask <{layout = #xegpu.slice<#data, dims = [0]>}>
      : vector<64xf32>, memref<64xf32>, vector<64xindex>, vector<64xi1>
    gpu.return
  }
}
