// Scalar offset and mask per lane, two elements each: lane l reads src[3l], src[3l + 1] and
// writes (its global id, src[3l + 1] * 2) there in dst; lanes with an odd id are masked off.
gpu.module @m {
  gpu.func @k(%src: memref<256xf32>, %dst: memref<256xf32>) kernel {
    %gid = gpu.global_id x
    %c3 = arith.constant 3 : index
    %off = arith.muli %gid, %c3 : index
    %c2 = arith.constant 2 : index
    %odd = arith.remui %gid, %c2 : index
    %c0 = arith.constant 0 : index
    %mask = arith.cmpi eq, %odd, %c0 : index
    %v = xegpu.load %src[%off], %mask <{chunk_size = 2}> : memref<256xf32>, index, i1 -> vector<2xf32>
    %gi = arith.index_cast %gid : index to i32
    %gf = arith.sitofp %gi : i32 to f32
    %second = vector.extract %v[1] : f32 from vector<2xf32>
    %twice = arith.addf %second, %second : f32
    %w0 = vector.insert %gf, %v[0] : f32 into vector<2xf32>
    %w = vector.insert %twice, %w0[1] : f32 into vector<2xf32>
    xegpu.store %w, %dst[%off], %mask <{chunk_size = 2}> : vector<2xf32>, memref<256xf32>, index, i1
    gpu.return
  }
}
