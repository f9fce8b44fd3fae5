// y = cos(x) * sin(x) over a 64x64 f32 tile of 8 subgroups, in upstream's form: layouts on the
// load and the store only. Launch: --grid 1 --threads 8.
#l = #xegpu.layout<sg_layout = [4, 2], sg_data = [16, 32], inst_data = [8, 16]>
gpu.module @m {
  gpu.func @k(%x: memref<64x64xf32>, %y: memref<64x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %tx = xegpu.create_nd_tdesc %x : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32>
    %ty = xegpu.create_nd_tdesc %y : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32>
    %v = xegpu.load_nd %tx[%c0, %c0] <{layout = #l}> : !xegpu.tensor_desc<64x64xf32> -> vector<64x64xf32>
    %c = math.cos %v : vector<64x64xf32>
    %s = math.sin %v : vector<64x64xf32>
    %r = arith.mulf %c, %s : vector<64x64xf32>
    xegpu.store_nd %r, %ty[%c0, %c0] <{layout = #l}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32>
    gpu.return
  }
}
