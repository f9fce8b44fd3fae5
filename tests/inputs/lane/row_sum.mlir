// Row sums of a 16x16 tile across lanes (a lane holds a column): per row, a dynamic extract
// and a butterfly of xor shuffles; the sums go back in as rows and are stored in two halves.
gpu.module @m {
  gpu.func @k(%in: memref<16x16xf32>, %out: memref<16x16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %x1 = arith.constant 1 : i32
    %x2 = arith.constant 2 : i32
    %x4 = arith.constant 4 : i32
    %x8 = arith.constant 8 : i32
    %w = arith.constant 16 : i32
    %t = xegpu.create_nd_tdesc %in : memref<16x16xf32> -> !xegpu.tensor_desc<16x16xf32>
    %o = xegpu.create_nd_tdesc %out : memref<16x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t[%c0, %c0] : !xegpu.tensor_desc<16x16xf32> -> vector<16xf32>
    %init = arith.constant dense<0.0> : vector<16xf32>
    %r = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %init) -> vector<16xf32> {
      %e = vector.extract %v[%i] : f32 from vector<16xf32>
      %s1, %k1 = gpu.shuffle xor %e, %x1, %w : f32
      %a1 = arith.addf %e, %s1 : f32
      %s2, %k2 = gpu.shuffle xor %a1, %x2, %w : f32
      %a2 = arith.addf %a1, %s2 : f32
      %s4, %k4 = gpu.shuffle xor %a2, %x4, %w : f32
      %a4 = arith.addf %a2, %s4 : f32
      %s8, %k8 = gpu.shuffle xor %a4, %x8, %w : f32
      %a8 = arith.addf %a4, %s8 : f32
      %next = vector.insert %a8, %acc[%i] : f32 into vector<16xf32>
      scf.yield %next : vector<16xf32>
    }
    %lo = vector.extract_strided_slice %r {offsets = [0], sizes = [8], strides = [1]} : vector<16xf32> to vector<8xf32>
    %hi = vector.extract_strided_slice %r {offsets = [8], sizes = [8], strides = [1]} : vector<16xf32> to vector<8xf32>
    xegpu.store_nd %lo, %o[%c0, %c0] : vector<8xf32>, !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %hi, %o[%c8, %c0] : vector<8xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
