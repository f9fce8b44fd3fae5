// A loop whose trip count is the lane's own: lane l sums src[16 * i + l] for i < l % 5 + 1
// (a carried per-lane sum) and writes the running sum of each step to dst[16 * i + l];
// the sums go to sums[l].
gpu.module @m {
  gpu.func @k(%src: memref<128xf32>, %dst: memref<128xf32>, %sums: memref<16xf32>) kernel {
    %l = gpu.lane_id
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c16 = arith.constant 16 : index
    %on = arith.constant true
    %r = arith.remui %l, %c5 : index
    %n = arith.addi %r, %c1 : index
    %zero = arith.constant dense<0.0> : vector<1xf32>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<1xf32>) {
      %row = arith.muli %i, %c16 : index
      %off = arith.addi %row, %l : index
      %v = xegpu.load %src[%off], %on : memref<128xf32>, index, i1 -> vector<1xf32>
      %next = arith.addf %acc, %v : vector<1xf32>
      xegpu.store %next, %dst[%off], %on : vector<1xf32>, memref<128xf32>, index, i1
      scf.yield %next : vector<1xf32>
    }
    xegpu.store %s, %sums[%l], %on : vector<1xf32>, memref<16xf32>, index, i1
    gpu.return
  }
}
