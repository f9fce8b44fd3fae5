// Lane-divergent branches: lanes below 8 double their element of src into dst, the others
// write -1 there, and lanes whose id is a multiple of 3 (inside the first branch only) also
// write 100 + id to dst[16 + id]; a branch result picked per lane goes to dst[32 + id].
gpu.module @m {
  gpu.func @k(%src: memref<64xf32>, %dst: memref<64xf32>) kernel {
    %l = gpu.lane_id
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c0 = arith.constant 0 : index
    %on = arith.constant true
    %low = arith.cmpi ult, %l, %c8 : index
    %li = arith.index_cast %l : index to i32
    %lf = arith.sitofp %li : i32 to f32
    %r = scf.if %low -> (f32) {
      %v = xegpu.load %src[%l], %on : memref<64xf32>, index, i1 -> vector<1xf32>
      %w = arith.addf %v, %v : vector<1xf32>
      xegpu.store %w, %dst[%l], %on : vector<1xf32>, memref<64xf32>, index, i1
      %m3 = arith.remui %l, %c3 : index
      %third = arith.cmpi eq, %m3, %c0 : index
      scf.if %third {
        %hundred = arith.constant dense<100.0> : vector<1xf32>
        %lv = vector.broadcast %lf : f32 to vector<1xf32>
        %x = arith.addf %hundred, %lv : vector<1xf32>
        %o = arith.addi %l, %c16 : index
        xegpu.store %x, %dst[%o], %on : vector<1xf32>, memref<64xf32>, index, i1
      }
      %s = vector.extract %w[0] : f32 from vector<1xf32>
      scf.yield %s : f32
    } else {
      %neg = arith.constant dense<-1.0> : vector<1xf32>
      xegpu.store %neg, %dst[%l], %on : vector<1xf32>, memref<64xf32>, index, i1
      scf.yield %lf : f32
    }
    %rv = vector.broadcast %r : f32 to vector<1xf32>
    %o2 = arith.addi %l, %c32 : index
    xegpu.store %rv, %dst[%o2], %on : vector<1xf32>, memref<64xf32>, index, i1
    gpu.return
  }
}
