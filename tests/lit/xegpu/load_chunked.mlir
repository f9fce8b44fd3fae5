// RUN: genx-emit lower %s | filecheck %s
// chunk_size = 4: each lane reads 4 consecutive f32 (vector size 4, code 4), lane addresses
// 32 bytes apart (a gap after each lane's chunk: not one contiguous run, so a gather; see
// load_block.mlir for the contiguous case). The message returns the data channel-major; it is shuffled into MLIR's
// lane-major [16, 4] layout with regions; stored again in the same layout, it goes back in the
// message's own order (no transpose there and back).
// CHECK: %v = call <64 x i32> @llvm.genx.lsc.load.stateless.v64i32.v16i1.v16i64({{.*}}, i8 3, i8 4, i8 1, i8 0, <16 x i64> %g.addr, i32 0)
// CHECK: @llvm.genx.rdregioni
// CHECK: call void @llvm.genx.lsc.store.stateless.v16i1.v16i64.v64i32({{.*}}, i8 3, i8 4, i8 1, i8 0, <16 x i64> %g.addr, <64 x i32> %v, i32 0)

gpu.module @m {
  gpu.func @load_chunked(%a: memref<256xf32>) kernel {
    %off = arith.constant dense<[0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120]> : vector<16xindex>
    %m = arith.constant dense<true> : vector<16xi1>
    %g = xegpu.create_tdesc %a, %off : memref<256xf32>, vector<16xindex> -> !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>
    %v = xegpu.load %g, %m : !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>, vector<16xi1> -> vector<16x4xf32>
    xegpu.store %v, %g, %m : vector<16x4xf32>, !xegpu.tensor_desc<16x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 4>>, vector<16xi1>
    gpu.return
  }
}
