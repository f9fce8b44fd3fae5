// A kernel that stages a 64x128 tile in SLM and calls a device function taking the SLM memref
// (no kernel could take one): the function doubles the tile in place at workgroup level.
#l = #xegpu.layout<sg_layout = [4, 4], sg_data = [16, 32], inst_data = [1, 16]>
gpu.module @m {
  gpu.func @twice(%slm: memref<32768xi8, 3>) {
    %c0 = arith.constant 0 : index
    %m = xegpu.create_mem_desc %slm : memref<32768xi8, 3> -> !xegpu.mem_desc<64x128xf32>
    %v = xegpu.load_matrix %m[%c0, %c0] {layout = #l} : !xegpu.mem_desc<64x128xf32>, index, index -> vector<64x128xf32>
    %w = arith.addf %v, %v : vector<64x128xf32>
    xegpu.store_matrix %w, %m[%c0, %c0] {layout = #l} : vector<64x128xf32>, !xegpu.mem_desc<64x128xf32>, index, index
    gpu.return
  }
  gpu.func @k(%x: memref<64x128xf32>, %y: memref<64x128xf32>) kernel {
    %c0 = arith.constant 0 : index
    %slm = memref.alloc() : memref<32768xi8, 3>
    %m = xegpu.create_mem_desc %slm : memref<32768xi8, 3> -> !xegpu.mem_desc<64x128xf32>
    %tx = xegpu.create_nd_tdesc %x : memref<64x128xf32> -> !xegpu.tensor_desc<64x128xf32, #l>
    %ty = xegpu.create_nd_tdesc %y : memref<64x128xf32> -> !xegpu.tensor_desc<64x128xf32, #l>
    %v = xegpu.load_nd %tx[%c0, %c0] {layout = #l} : !xegpu.tensor_desc<64x128xf32, #l> -> vector<64x128xf32>
    xegpu.store_matrix %v, %m[%c0, %c0] {layout = #l} : vector<64x128xf32>, !xegpu.mem_desc<64x128xf32>, index, index
    func.call @twice(%slm) : (memref<32768xi8, 3>) -> ()
    %r = xegpu.load_matrix %m[%c0, %c0] {layout = #l} : !xegpu.mem_desc<64x128xf32>, index, index -> vector<64x128xf32>
    xegpu.store_nd %r, %ty[%c0, %c0] {layout = #l} : vector<64x128xf32>, !xegpu.tensor_desc<64x128xf32, #l>
    gpu.return
  }
}
