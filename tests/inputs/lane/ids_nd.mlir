// A lane's share of an 8x16 tile is its column (vector<8xi32>); rows 0..3 get the subgroup
// id, the lane id, the number of subgroups and the subgroup size, rows 4..7 keep the input.
gpu.module @m {
  gpu.func @k(%src: memref<8x64xi32>, %dst: memref<8x64xi32>) kernel {
    %sg = gpu.subgroup_id : index
    %c16 = arith.constant 16 : index
    %col = arith.muli %sg, %c16 : index
    %c0 = arith.constant 0 : index
    %s = xegpu.create_nd_tdesc %src : memref<8x64xi32> -> !xegpu.tensor_desc<8x16xi32>
    %d = xegpu.create_nd_tdesc %dst : memref<8x64xi32> -> !xegpu.tensor_desc<8x16xi32>
    %v = xegpu.load_nd %s[%c0, %col] : !xegpu.tensor_desc<8x16xi32> -> vector<8xi32>
    %lane = gpu.lane_id
    %n = gpu.num_subgroups : index
    %size = gpu.subgroup_size : index
    %sg_i = arith.index_cast %sg : index to i32
    %lane_i = arith.index_cast %lane : index to i32
    %n_i = arith.index_cast %n : index to i32
    %size_i = arith.index_cast %size : index to i32
    %v0 = vector.insert %sg_i, %v[0] : i32 into vector<8xi32>
    %v1 = vector.insert %lane_i, %v0[1] : i32 into vector<8xi32>
    %v2 = vector.insert %n_i, %v1[2] : i32 into vector<8xi32>
    %v3 = vector.insert %size_i, %v2[3] : i32 into vector<8xi32>
    xegpu.store_nd %v3, %d[%c0, %col] : vector<8xi32>, !xegpu.tensor_desc<8x16xi32>
    gpu.return
  }
}
