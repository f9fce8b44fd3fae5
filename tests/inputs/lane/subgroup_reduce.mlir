// gpu.subgroup_reduce over all 16 lanes (a value the same in every lane) and over clusters:
// out[16 * m + l] is lane l's result of reduction m of x = f(l).
gpu.module @m {
  gpu.func @k(%out: memref<96xf32>) kernel {
    %l = gpu.lane_id
    %li = arith.index_cast %l : index to i32
    %c7 = arith.constant 7 : i32
    %c13 = arith.constant 13 : i32
    %m = arith.muli %li, %c7 : i32
    %r = arith.remui %m, %c13 : i32
    %x = arith.sitofp %r : i32 to f32
    %on = arith.constant true
    %s0 = gpu.subgroup_reduce add %x : (f32) -> f32
    %c0 = arith.constant 0 : index
    %o0 = arith.addi %l, %c0 : index
    %v0 = vector.broadcast %s0 : f32 to vector<1xf32>
    xegpu.store %v0, %out[%o0], %on : vector<1xf32>, memref<96xf32>, index, i1
    %s1 = gpu.subgroup_reduce maximumf %x : (f32) -> f32
    %c1 = arith.constant 16 : index
    %o1 = arith.addi %l, %c1 : index
    %v1 = vector.broadcast %s1 : f32 to vector<1xf32>
    xegpu.store %v1, %out[%o1], %on : vector<1xf32>, memref<96xf32>, index, i1
    %s2 = gpu.subgroup_reduce add %x cluster(size = 4) : (f32) -> f32
    %c2 = arith.constant 32 : index
    %o2 = arith.addi %l, %c2 : index
    %v2 = vector.broadcast %s2 : f32 to vector<1xf32>
    xegpu.store %v2, %out[%o2], %on : vector<1xf32>, memref<96xf32>, index, i1
    %s3 = gpu.subgroup_reduce minimumf %x cluster(size = 4, stride = 2) : (f32) -> f32
    %c3 = arith.constant 48 : index
    %o3 = arith.addi %l, %c3 : index
    %v3 = vector.broadcast %s3 : f32 to vector<1xf32>
    xegpu.store %v3, %out[%o3], %on : vector<1xf32>, memref<96xf32>, index, i1
    %s4 = gpu.subgroup_reduce mul %x cluster(size = 2, stride = 8) : (f32) -> f32
    %c4 = arith.constant 64 : index
    %o4 = arith.addi %l, %c4 : index
    %v4 = vector.broadcast %s4 : f32 to vector<1xf32>
    xegpu.store %v4, %out[%o4], %on : vector<1xf32>, memref<96xf32>, index, i1
    %s5 = gpu.subgroup_reduce maxnumf %x cluster(size = 8) : (f32) -> f32
    %c5 = arith.constant 80 : index
    %o5 = arith.addi %l, %c5 : index
    %v5 = vector.broadcast %s5 : f32 to vector<1xf32>
    xegpu.store %v5, %out[%o5], %on : vector<1xf32>, memref<96xf32>, index, i1
    gpu.return
  }
}
