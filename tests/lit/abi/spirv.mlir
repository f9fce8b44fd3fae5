// RUN: genx-emit lower %s --abi spirv | filecheck %s
// --abi spirv: the SPIR-V-ready form the vc-intrinsics writer adaptor makes: triple spir64, a
// spir_kernel with VC argument attributes and VCFunction, no genx.kernels.
// CHECK: target triple = "spir64"
// CHECK: define dllexport spir_kernel void @spirv(i64 "VCArgumentDesc"="svmptr_t" "VCArgumentIOKind"="0" "VCArgumentKind"="0" %a,
// CHECK: attributes #1 = { "CMGenxMain" "VCFunction" "VCNamedBarrierCount"="0" "VCSLMSize"="0" "oclrt"="1" }
// CHECK-NOT: genx.kernels

gpu.module @m {
  gpu.func @spirv(%a: memref<64x64xf32>, %b: memref<64x64xf32>) kernel {
    %t = xegpu.create_nd_tdesc %a[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    %u = xegpu.create_nd_tdesc %b[8, 16] : memref<64x64xf32> -> !xegpu.tensor_desc<8x16xf32>
    xegpu.store_nd %v, %u : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    gpu.return
  }
}
