// An input of the batch test (not a test itself).
gpu.module @m {
  gpu.func @other(%a: memref<64x64xf32>) kernel { gpu.return }
}
