// gpu.shuffle with offsets known only at run time (kernel arguments %k, %w) and a per-lane idx
// source: out[16 * m + l] is lane l's result of mode m (xor k, down k, up k, idx k,
// idx (5 * l) % 16) on x = l * l, out[80 + 16 * m + l] its valid flag.
gpu.module @m {
  gpu.func @k(%out: memref<160xi32>, %k: i32, %w: i32) kernel {
    %l = gpu.lane_id
    %li = arith.index_cast %l : index to i32
    %x = arith.muli %li, %li : i32
    %c5 = arith.constant 5 : i32
    %c15 = arith.constant 15 : i32
    %l5 = arith.muli %li, %c5 : i32
    %src = arith.andi %l5, %c15 : i32
    %on = arith.constant true
    %v0, %ok0 = gpu.shuffle xor %x, %k, %w : i32
    %f0 = arith.extui %ok0 : i1 to i32
    %cv0 = arith.constant 0 : index
    %ov0 = arith.addi %l, %cv0 : index
    %sv0 = vector.broadcast %v0 : i32 to vector<1xi32>
    xegpu.store %sv0, %out[%ov0], %on : vector<1xi32>, memref<160xi32>, index, i1
    %cf0 = arith.constant 80 : index
    %of0 = arith.addi %l, %cf0 : index
    %sf0 = vector.broadcast %f0 : i32 to vector<1xi32>
    xegpu.store %sf0, %out[%of0], %on : vector<1xi32>, memref<160xi32>, index, i1
    %v1, %ok1 = gpu.shuffle down %x, %k, %w : i32
    %f1 = arith.extui %ok1 : i1 to i32
    %cv1 = arith.constant 16 : index
    %ov1 = arith.addi %l, %cv1 : index
    %sv1 = vector.broadcast %v1 : i32 to vector<1xi32>
    xegpu.store %sv1, %out[%ov1], %on : vector<1xi32>, memref<160xi32>, index, i1
    %cf1 = arith.constant 96 : index
    %of1 = arith.addi %l, %cf1 : index
    %sf1 = vector.broadcast %f1 : i32 to vector<1xi32>
    xegpu.store %sf1, %out[%of1], %on : vector<1xi32>, memref<160xi32>, index, i1
    %v2, %ok2 = gpu.shuffle up %x, %k, %w : i32
    %f2 = arith.extui %ok2 : i1 to i32
    %cv2 = arith.constant 32 : index
    %ov2 = arith.addi %l, %cv2 : index
    %sv2 = vector.broadcast %v2 : i32 to vector<1xi32>
    xegpu.store %sv2, %out[%ov2], %on : vector<1xi32>, memref<160xi32>, index, i1
    %cf2 = arith.constant 112 : index
    %of2 = arith.addi %l, %cf2 : index
    %sf2 = vector.broadcast %f2 : i32 to vector<1xi32>
    xegpu.store %sf2, %out[%of2], %on : vector<1xi32>, memref<160xi32>, index, i1
    %v3, %ok3 = gpu.shuffle idx %x, %k, %w : i32
    %f3 = arith.extui %ok3 : i1 to i32
    %cv3 = arith.constant 48 : index
    %ov3 = arith.addi %l, %cv3 : index
    %sv3 = vector.broadcast %v3 : i32 to vector<1xi32>
    xegpu.store %sv3, %out[%ov3], %on : vector<1xi32>, memref<160xi32>, index, i1
    %cf3 = arith.constant 128 : index
    %of3 = arith.addi %l, %cf3 : index
    %sf3 = vector.broadcast %f3 : i32 to vector<1xi32>
    xegpu.store %sf3, %out[%of3], %on : vector<1xi32>, memref<160xi32>, index, i1
    %v4, %ok4 = gpu.shuffle idx %x, %src, %w : i32
    %f4 = arith.extui %ok4 : i1 to i32
    %cv4 = arith.constant 64 : index
    %ov4 = arith.addi %l, %cv4 : index
    %sv4 = vector.broadcast %v4 : i32 to vector<1xi32>
    xegpu.store %sv4, %out[%ov4], %on : vector<1xi32>, memref<160xi32>, index, i1
    %cf4 = arith.constant 144 : index
    %of4 = arith.addi %l, %cf4 : index
    %sf4 = vector.broadcast %f4 : i32 to vector<1xi32>
    xegpu.store %sf4, %out[%of4], %on : vector<1xi32>, memref<160xi32>, index, i1
    gpu.return
  }
}
