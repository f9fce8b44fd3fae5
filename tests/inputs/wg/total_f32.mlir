// The sum and the maximum of every element of a 32x64 f32 tile on 8 subgroups, each reduced to a
// scalar across all subgroups (through SLM), plus the accumulators 1.0 and -inf; both written by
// memref.store. Only the load has a layout. Launch: --grid 1 --threads 8.
#l = #xegpu.layout<sg_layout = [4, 2], sg_data = [8, 32], inst_data = [8, 16]>
gpu.module @m {
  gpu.func @k(%x: memref<32x64xf32>, %out: memref<2xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %lowest = arith.constant 0xFF800000 : f32
    %tx = xegpu.create_nd_tdesc %x : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32>
    %v = xegpu.load_nd %tx[%c0, %c0] <{layout = #l}> : !xegpu.tensor_desc<32x64xf32> -> vector<32x64xf32>
    %s = vector.multi_reduction <add>, %v, %one [0, 1] : vector<32x64xf32> to f32
    %m = vector.multi_reduction <maximumf>, %v, %lowest [0, 1] : vector<32x64xf32> to f32
    memref.store %s, %out[%c0] : memref<2xf32>
    memref.store %m, %out[%c1] : memref<2xf32>
    gpu.return
  }
}
