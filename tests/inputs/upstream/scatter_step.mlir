// A scattered kernel in upstream's offset form: lane offsets from vector.step, xegpu.load / store
// naming the memory and the offsets on the access, l1 + l2 hints. dst[i] = 2 * src[2 i] for the
// 16 lanes of each work-group's 16-element slice, and the odd lanes of src get src + 1 back.
gpu.module @m {
  gpu.func @k(%src: memref<512xf32>, %dst: memref<256xf32>) kernel {
    %c16 = arith.constant 16 : index
    %bx = gpu.block_id x
    %base = arith.muli %bx, %c16 : index
    %step = vector.step : vector<16xindex>
    %bv = vector.broadcast %base : index to vector<16xindex>
    %lane = arith.addi %step, %bv : vector<16xindex>
    %two = arith.constant dense<2> : vector<16xindex>
    %even = arith.muli %lane, %two : vector<16xindex>
    %mask = arith.constant dense<true> : vector<16xi1>
    %v = xegpu.load %src[%even], %mask <{chunk_size = 1 : i64, l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<uncached>}> : memref<512xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
    %w = arith.addf %v, %v : vector<16xf32>
    xegpu.store %w, %dst[%lane], %mask <{l1_hint = #xegpu.cache_hint<write_back>, l2_hint = #xegpu.cache_hint<uncached>}> : vector<16xf32>, memref<256xf32>, vector<16xindex>, vector<16xi1>
    %one = arith.constant dense<1> : vector<16xindex>
    %odd = arith.addi %even, %one : vector<16xindex>
    %cmp = arith.constant dense<8> : vector<16xindex>
    %low = arith.cmpi ult, %step, %cmp : vector<16xindex>
    %u = xegpu.load %src[%odd], %low : memref<512xf32>, vector<16xindex>, vector<16xi1> -> vector<16xf32>
    %ones = arith.constant dense<1.0> : vector<16xf32>
    %u1 = arith.addf %u, %ones : vector<16xf32>
    xegpu.store %u1, %src[%odd], %low : vector<16xf32>, memref<512xf32>, vector<16xindex>, vector<16xi1>
    gpu.return
  }
}
