// Layout changes at workgroup level: through SLM (pieces move between the 4 subgroups), within
// each subgroup (same pieces, other instruction blocks) and a 2-D transpose (the source layout
// transposed). Launch: --threads 4.
#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16]>
#b = #xegpu.layout<sg_layout = [4, 1], sg_data = [8, 64], inst_data = [8, 32]>
#c = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [16, 8]>
#t = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 16], inst_data = [16, 8], order = [0, 1]>
gpu.module @m {
  gpu.func @k(%x: memref<32x64xf32>, %y: memref<32x64xf32>, %z: memref<32x64xf32>, %w: memref<64x32xf32>) kernel {
    %c0 = arith.constant 0 : index
    %tx = xegpu.create_nd_tdesc %x : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #a>
    %ty = xegpu.create_nd_tdesc %y : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #b>
    %tz = xegpu.create_nd_tdesc %z : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #c>
    %tw = xegpu.create_nd_tdesc %w : memref<64x32xf32> -> !xegpu.tensor_desc<64x32xf32, #t>
    %v = xegpu.load_nd %tx[%c0, %c0] : !xegpu.tensor_desc<32x64xf32, #a> -> vector<32x64xf32>
    %m = "xegpu.convert_layout"(%v) <{input_layout = #a, target_layout = #b}> : (vector<32x64xf32>) -> vector<32x64xf32>
    xegpu.store_nd %m, %ty[%c0, %c0] : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #b>
    %r = "xegpu.convert_layout"(%v) <{input_layout = #a, target_layout = #c}> : (vector<32x64xf32>) -> vector<32x64xf32>
    xegpu.store_nd %r, %tz[%c0, %c0] : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #c>
    %tr = vector.transpose %v, [1, 0] {layout_result_0 = #t} : vector<32x64xf32> to vector<64x32xf32>
    xegpu.store_nd %tr, %tw[%c0, %c0] : vector<64x32xf32>, !xegpu.tensor_desc<64x32xf32, #t>
    gpu.return
  }
}
