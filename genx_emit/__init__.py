"""genx-emit: XeGPU MLIR in, GenX LLVM IR (llvm.genx.* intrinsics, genx.kernels metadata) out."""

__version__ = "0.1.0"
