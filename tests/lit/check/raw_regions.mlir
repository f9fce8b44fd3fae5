// RUN: genx-emit lower %s --no-legalize | not genx-emit check - 2>&1 | filecheck %s --check-prefix=RAW
// RUN: genx-emit lower %s | genx-emit check - | filecheck %s --check-prefix=LEGAL
// genx-emit check finds the raw (--no-legalize) form's illegal regions: the 4x8 slice spans
// more than 2 GRFs and its 2-D destination is not allowed; the legalized form passes.
// RAW: <stdin>:{{[0-9]+}}:8: error: llvm.genx.rdregionf: spans 240 bytes from byte 16 of its GRF: more than 2 GRFs of 64 bytes
// RAW: error: llvm.genx.wrregionf: destination region is 2D (width 8 of 32): destinations must be 1D
// LEGAL: <stdin>: {{[0-9]+}} region accesses, all legal for pvc

gpu.module @m {
  gpu.func @raw_regions(%a: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %e = vector.extract_strided_slice %v {offsets = [2, 4], sizes = [4, 8], strides = [1, 1]} : vector<8x16xf32> to vector<4x8xf32>
    %w = vector.insert_strided_slice %e, %v {offsets = [0, 0], strides = [1, 1]} : vector<4x8xf32> into vector<8x16xf32>
    xegpu.store_nd %w, %t : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
