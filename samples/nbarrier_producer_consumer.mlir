// Named-barrier tile exchange between the two subgroups (threads) of one work-group. Subgroup s
// owns rows 8s..8s+7 of a 16x16 f32 matrix: it publishes its tile in a scratch buffer, adds
// the partner's tile once it is there, writes the sum to dst and then reuses its scratch slot
// for the sum. Every thread is producer and consumer of both barriers, so no control flow:
//   barrier 1 "published": a thread signals once its tile is stored and fenced, then waits;
//   barrier 2 "consumed": a thread may overwrite its slot only after the partner has read it.
// Id 0 is the hardware's work-group barrier, so the ids start at 1 and alloc_nbarrier asks for 3.
// Launch: grid 1x1x1, work-group of 2 subgroups (2x1x1 threads); src, scratch, dst: 16x16 f32.
gpu.module @nbarrier_producer_consumer {
  gpu.func @nbarrier_exchange(%src: memref<16x16xf32>, %scratch: memref<16x16xf32>,
                              %dst: memref<16x16xf32>) kernel {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %published_id = arith.constant 1 : i8
    %consumed_id = arith.constant 2 : i8
    %threads = arith.constant 2 : i8
    xegpu.alloc_nbarrier 3
    %published = xegpu.init_nbarrier %published_id, %threads : i8, i8 -> !xegpu.nbarrier
    %consumed = xegpu.init_nbarrier %consumed_id, %threads : i8, i8 -> !xegpu.nbarrier
    %sg = gpu.subgroup_id : index
    %partner = arith.subi %c1, %sg : index
    %row = arith.muli %sg, %c8 : index
    %partner_row = arith.muli %partner, %c8 : index
    %in = xegpu.create_nd_tdesc %src[%row, 0] : memref<16x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %mine = xegpu.load_nd %in : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %slot = xegpu.create_nd_tdesc %scratch[%row, 0] : memref<16x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %mine, %slot : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    // The store is an asynchronous message: make it visible to the work-group before signalling.
    xegpu.fence memory_kind = global, fence_scope = workgroup
    xegpu.nbarrier_arrive %published : !xegpu.nbarrier
    xegpu.nbarrier_wait %published : !xegpu.nbarrier
    %other = xegpu.create_nd_tdesc %scratch[%partner_row, 0] : memref<16x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    %theirs = xegpu.load_nd %other : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %sum = arith.addf %mine, %theirs : vector<8x16xf32>
    // Loads are asynchronous too: the fence completes the read before the partner may overwrite.
    xegpu.fence memory_kind = global, fence_scope = workgroup
    xegpu.nbarrier_arrive %consumed : !xegpu.nbarrier
    %out = xegpu.create_nd_tdesc %dst[%row, 0] : memref<16x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %sum, %out : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    xegpu.nbarrier_wait %consumed : !xegpu.nbarrier
    xegpu.store_nd %sum, %slot : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
