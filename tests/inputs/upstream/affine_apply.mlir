#map = affine_map<(d0)[s0] -> (d0 * 16 + s0 - 3)>
gpu.module @m {
  gpu.func @k(%p: memref<64xi64>, %n: index) kernel {
    %c5 = arith.constant 5 : index
    %a = affine.apply #map(%n)[%c5]
    %b = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%a)
    %c = affine.apply affine_map<(d0, d1) -> ((d0 - d1) mod 7)>(%c5, %n)
    %d = affine.apply affine_map<(d0) -> (d0 ceildiv 4)>(%a)
    %e = "affine.apply"(%n) <{map = affine_map<(d0) -> (-d0 floordiv 3)>}> : (index) -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %ai = arith.index_cast %a : index to i64
    %bi = arith.index_cast %b : index to i64
    %ci = arith.index_cast %c : index to i64
    %di = arith.index_cast %d : index to i64
    %ei = arith.index_cast %e : index to i64
    memref.store %ai, %p[%c0] : memref<64xi64>
    memref.store %bi, %p[%c1] : memref<64xi64>
    memref.store %ci, %p[%c2] : memref<64xi64>
    memref.store %di, %p[%c3] : memref<64xi64>
    memref.store %ei, %p[%c4] : memref<64xi64>
    gpu.return
  }
}
