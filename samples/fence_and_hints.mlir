// Fences, scheduling hints and work-group barriers in every spelling genx-emit accepts, around
// an 8x16 f32 copy, and shared local memory laid out from a workgroup attribution and
// memref.alloc/alloca (the SLM size in genx.kernels: 2048 + 1024 + 32 bytes at 64-byte or
// larger alignment = 3104; the buffers themselves are not accessed).
// Nothing is accessed between the fences: the kernel keeps one ugm fence (gpu scope, evict: the
// strongest of them) and one slm fence; the barriers' own fences order nothing new.
// Launch: grid 1x1x1, one subgroup; src, dst: 8x16 f32.
gpu.module @fence_and_hints {
  gpu.func @fence_and_hints(%src: memref<8x16xf32>, %dst: memref<8x16xf32>)
      workgroup(%stage : memref<32x32xf16, 3>) kernel {
    %in = xegpu.create_nd_tdesc %src[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.prefetch_nd %in : !xegpu.tensor_desc<8x16xf32>
    // Keep the prefetch where it is (the RFC's motivating case); IMEX form without attributes.
    xegpu.compile_hint
    %tile = xegpu.load_nd %in : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %out = xegpu.create_nd_tdesc %dst[0, 0] : memref<8x16xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %tile, %out : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    // Upstream custom and generic forms.
    xegpu.fence memory_kind = global, fence_scope = workgroup
    xegpu.fence memory_kind = global, fence_scope = gpu
    xegpu.fence memory_kind = slm, fence_scope = workgroup
    "xegpu.fence"() <{fence_scope = #xegpu.fence_scope<gpu>, memory_kind = #xegpu.memory_space<global>}> : () -> ()
    // RFC v2 (trailing comma as in the RFC's example) and RFC v1 mfence.
    XeGPU.fence {scope = "gpu",  memory_kind = "global", }
    XeGPU.mfence {memory_kind = "ugm", fence_op = "none", fence_scope = "local"}
    XeGPU.mfence {memory_kind = "ugm", fence_op = "evict", fence_scope = "tile"}
    XeGPU.mfence {memory_kind = "slm", fence_op = "none", fence_scope = "group"}
    // RFC v1 and v2 compile_hint spellings.
    XeGPU.compile_hint {hint = schedule_barrier}
    XeGPU.compile_hint {scheduling_barrier}
    // All address spaces, global only, workgroup (SLM) only, no memory fence.
    gpu.barrier
    gpu.barrier memfence [#gpu.address_space<global>]
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    gpu.barrier memfence []
    %buf = memref.alloc() {alignment = 128} : memref<256xf32, 3>
    %small = memref.alloca() : memref<16xf16, #gpu.address_space<workgroup>>
    memref.dealloc %buf : memref<256xf32, 3>
    gpu.return
  }
}
