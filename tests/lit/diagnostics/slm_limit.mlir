// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// The work-group's SLM is at most 128 KiB on pvc.

gpu.module @m {
  gpu.func @slm_too_big(%a: memref<64xf32>) kernel {
    %s = memref.alloc() : memref<65536xf32, 3>
    gpu.return
  }
}

// CHECK: slm_limit.mlir:6:10: error: memref.alloc '%s' (262144 bytes at offset 0) brings the work-group's SLM to 262144 bytes, over the 131072-byte limit of pvc
// CHECK-NEXT: %s = memref.alloc() : memref
// CHECK-NEXT: {{^ {9}\^$}}
