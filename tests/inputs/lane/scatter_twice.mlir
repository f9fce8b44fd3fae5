// One subgroup of 16 work items, no layout anywhere: each lane reads src at its id, and
// stores its id (as f32) at dst[id] and dst[id + 16] (offsets as one-element vectors).
gpu.module @m {
  gpu.func @k(%src: memref<64xf32>, %dst: memref<64xf32>) kernel {
    %tid = gpu.thread_id x
    %zero = arith.constant dense<0> : vector<1xindex>
    %off = vector.insert %tid, %zero[0] : index into vector<1xindex>
    %mask = arith.constant dense<true> : vector<1xi1>
    %v = xegpu.load %src[%off], %mask : memref<64xf32>, vector<1xindex>, vector<1xi1> -> vector<1xf32>
    %ti = arith.index_cast %tid : index to i32
    %tf = arith.sitofp %ti : i32 to f32
    %w = vector.insert %tf, %v[0] : f32 into vector<1xf32>
    xegpu.store %w, %dst[%off], %mask : vector<1xf32>, memref<64xf32>, vector<1xindex>, vector<1xi1>
    %c16 = arith.constant dense<16> : vector<1xindex>
    %off2 = arith.addi %off, %c16 : vector<1xindex>
    %w2 = arith.addf %w, %v : vector<1xf32>
    xegpu.store %w2, %dst[%off2], %mask : vector<1xf32>, memref<64xf32>, vector<1xindex>, vector<1xi1>
    gpu.return
  }
}
