// Row means of a 2x16x64 f32 tensor seen as 1x2x16x64, one work-group per plane: the 4-D tile
// 1x1x16x64 reduced along its last dimension to 1x1x16, divided by the row length and reshaped to
// 1x1x16x1 for the store. Offsets are built as a front end writes them: 1-element steps scaled and
// broadcast to 4-D (leading dimensions added and a unit dimension stretched in one broadcast), a
// reshaped step of the rows, a step of the columns, and the plane's base.
// Launch: --grid 2 --threads 2.
#data = #xegpu.layout<sg_layout = [1, 1, 2, 1], sg_data = [1, 1, 8, 64]>
#out = #xegpu.layout<sg_layout = [1, 1, 2, 1], sg_data = [1, 1, 8, 1]>
gpu.module @m {
  gpu.func @k(%src: memref<2048xf32>, %dst: memref<32xf32>) kernel {
    %plane = gpu.block_id x
    %c1024 = arith.constant 1024 : index
    %c16 = arith.constant 16 : index
    %big = arith.constant dense<4096> : vector<1xindex>
    %row_stride = arith.constant dense<64> : vector<16xindex>
    %len = arith.constant dense<64.0> : vector<1x1x16xf32>
    %zero = arith.constant dense<0.0> : vector<1x1x16xf32>
    %all = arith.constant dense<true> : vector<1x1x16x64xi1>
    %all_out = arith.constant dense<true> : vector<1x1x16x1xi1>
    %one = vector.step : vector<1xindex>
    %rows = vector.step : vector<16xindex>
    %cols = vector.step : vector<64xindex>
    %batch = arith.muli %one, %big : vector<1xindex>
    %row_off = arith.muli %rows, %row_stride : vector<16xindex>
    %row_off4 = vector.shape_cast %row_off : vector<16xindex> to vector<1x1x16x1xindex>
    %b0 = vector.broadcast %batch : vector<1xindex> to vector<1x1x16x64xindex>
    %b1 = vector.broadcast %row_off4 : vector<1x1x16x1xindex> to vector<1x1x16x64xindex>
    %b2 = vector.broadcast %cols : vector<64xindex> to vector<1x1x16x64xindex>
    %s0 = arith.addi %b0, %b1 : vector<1x1x16x64xindex>
    %s1 = arith.addi %s0, %b2 : vector<1x1x16x64xindex>
    %base = arith.muli %plane, %c1024 : index
    %bb = vector.broadcast %base : index to vector<1x1x16x64xindex>
    %offsets = arith.addi %bb, %s1 : vector<1x1x16x64xindex>
    %v = xegpu.load %src[%offsets], %all <{layout = #data}>
      : memref<2048xf32>, vector<1x1x16x64xindex>, vector<1x1x16x64xi1> -> vector<1x1x16x64xf32>
    %sum = vector.multi_reduction <add>, %v, %zero [3] : vector<1x1x16x64xf32> to vector<1x1x16xf32>
    %mean = arith.divf %sum, %len : vector<1x1x16xf32>
    %mean4 = vector.shape_cast %mean : vector<1x1x16xf32> to vector<1x1x16x1xf32>
    %orow = vector.shape_cast %rows : vector<16xindex> to vector<1x1x16x1xindex>
    %obase = arith.muli %plane, %c16 : index
    %ob = vector.broadcast %obase : index to vector<1x1x16x1xindex>
    %ooff = arith.addi %ob, %orow : vector<1x1x16x1xindex>
    xegpu.store %mean4, %dst[%ooff], %all_out <{layout = #out}>
      : vector<1x1x16x1xf32>, memref<32xf32>, vector<1x1x16x1xindex>, vector<1x1x16x1xi1>
    gpu.return
  }
}
