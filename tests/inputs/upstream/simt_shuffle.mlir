#l = #xegpu.layout<lane_layout = [16], lane_data = [1]>
gpu.module @m {
  gpu.func @k(%p: memref<16xf32>) kernel {
    %lane = gpu.lane_id
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c16 = arith.constant 16 : i32
    %li = arith.index_cast %lane : index to i32
    %f = arith.sitofp %li : i32 to f32
    %x, %ok = gpu.shuffle xor %f, %c1, %c16 : f32
    %y, %ok2 = gpu.shuffle down %x, %c2, %c16 : f32
    %s = arith.select %ok2, %y, %f : f32
    %m = arith.constant 1 : i1
    %t = xegpu.create_tdesc %p, %lane : memref<16xf32>, index -> !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>, #l>
    xegpu.store %s, %t, %m : f32, !xegpu.tensor_desc<16xf32, #xegpu.scatter_tdesc_attr<>, #l>, i1
    gpu.return
  }
}
