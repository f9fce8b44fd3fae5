// C = A x B + bias, 1024x1024x1024 f16 -> f32, laid out like Intel's XeGPU integration tests:
// host @test/@main around the gpu.module (genx-emit lowers only the kernel). Each subgroup computes
// one 8x16 C tile (K loop: packed B, prefetch_nd, update_nd_offset), then adds a bias tile read with
// a transposed 16x8 f32 load from bias_t (the bias stored transposed). Launch: grid 128x64x1, 1 subgroup each.
module @imex_style_gemm attributes {gpu.container_module} {
  func.func @test(%a: memref<1024x1024xf16>, %b: memref<1024x1024xf16>, %bias_t: memref<1024x1024xf32>)
      -> memref<1024x1024xf32> attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %da = gpu.alloc host_shared () : memref<1024x1024xf16>
    memref.copy %a, %da : memref<1024x1024xf16> to memref<1024x1024xf16>
    %db = gpu.alloc host_shared () : memref<1024x1024xf16>
    memref.copy %b, %db : memref<1024x1024xf16> to memref<1024x1024xf16>
    %dbias = gpu.alloc host_shared () : memref<1024x1024xf32>
    memref.copy %bias_t, %dbias : memref<1024x1024xf32> to memref<1024x1024xf32>
    %dc = gpu.alloc host_shared () : memref<1024x1024xf32>
    gpu.launch_func @imex_style_gemm_kernels::@imex_style_gemm
        blocks in (%c128, %c64, %c1) threads in (%c1, %c1, %c1)
        args(%da : memref<1024x1024xf16>, %db : memref<1024x1024xf16>,
             %dbias : memref<1024x1024xf32>, %dc : memref<1024x1024xf32>)
    gpu.dealloc %da : memref<1024x1024xf16>
    gpu.dealloc %db : memref<1024x1024xf16>
    gpu.dealloc %dbias : memref<1024x1024xf32>
    return %dc : memref<1024x1024xf32>
  }

  gpu.module @imex_style_gemm_kernels attributes {spirv.target_env = #spirv.target_env<
      #spirv.vce<v1.4, [Addresses, Float16Buffer, Float16, Int64, Int16, Int8, Kernel, Vector16,
                        VectorComputeINTEL, VectorAnyINTEL], [SPV_INTEL_vector_compute]>,
      api=OpenCL, #spirv.resource_limits<>>} {
    gpu.func @imex_style_gemm(%a: memref<1024x1024xf16>, %b: memref<1024x1024xf16>,
                              %bias_t: memref<1024x1024xf32>, %c: memref<1024x1024xf32>) kernel
        attributes {VectorComputeFunctionINTEL, gpu.known_block_size = array<i32: 1, 1, 1>,
                    gpu.known_grid_size = array<i32: 128, 64, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c1024 = arith.constant 1024 : index
      %zero = arith.constant dense<0.000000e+00> : vector<8x16xf32>
      %bx = gpu.block_id  x
      %by = gpu.block_id  y
      %m = arith.muli %bx, %c8 : index
      %n = arith.muli %by, %c16 : index
      %a0 = xegpu.create_nd_tdesc %a[%m, %c0] : memref<1024x1024xf16> -> !xegpu.tensor_desc<8x16xf16>
      %b0 = xegpu.create_nd_tdesc %b[%c0, %n] : memref<1024x1024xf16> -> !xegpu.tensor_desc<16x16xf16>
      xegpu.prefetch_nd %a0 <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
          : !xegpu.tensor_desc<8x16xf16>
      xegpu.prefetch_nd %b0 <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
          : !xegpu.tensor_desc<16x16xf16>
      %r:3 = scf.for %k = %c0 to %c1024 step %c16 iter_args(%acc = %zero, %ta = %a0, %tb = %b0)
          -> (vector<8x16xf32>, !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>) {
        %va = xegpu.load_nd %ta : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
        %vb = xegpu.load_nd %tb {packed} : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
        %ta1 = xegpu.update_nd_offset %ta, [%c0, %c16] : !xegpu.tensor_desc<8x16xf16>
        %tb1 = xegpu.update_nd_offset %tb, [%c16, %c0] : !xegpu.tensor_desc<16x16xf16>
        xegpu.prefetch_nd %ta1 <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
            : !xegpu.tensor_desc<8x16xf16>
        xegpu.prefetch_nd %tb1 <{l1_hint = #xegpu.cache_hint<cached>, l2_hint = #xegpu.cache_hint<cached>, l3_hint = #xegpu.cache_hint<cached>}>
            : !xegpu.tensor_desc<16x16xf16>
        %acc1 = xegpu.dpas %va, %vb, %acc : vector<8x16xf16>, vector<8x16x2xf16>, vector<8x16xf32> -> vector<8x16xf32>
        scf.yield %acc1, %ta1, %tb1 : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf16>, !xegpu.tensor_desc<16x16xf16>
      }
      // bias[m + i][n + j] is stored at bias_t[n + j][m + i]: a 16x8 tile read transposed.
      %tbias = xegpu.create_nd_tdesc %bias_t[%n, %m] : memref<1024x1024xf32> -> !xegpu.tensor_desc<16x8xf32>
      %vbias = xegpu.load_nd %tbias <{transpose = array<i64: 1, 0>}> : !xegpu.tensor_desc<16x8xf32> -> vector<8x16xf32>
      %out = arith.addf %r#0, %vbias : vector<8x16xf32>
      %tc = xegpu.create_nd_tdesc %c[%m, %n] : memref<1024x1024xf32> -> !xegpu.tensor_desc<8x16xf32>
      xegpu.store_nd %out, %tc : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
      gpu.return
    }
  }

  func.func @main() attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %quarter = arith.constant 2.500000e-01 : f16
    %a = memref.alloc() : memref<1024x1024xf16>
    %b = memref.alloc() : memref<1024x1024xf16>
    %bias_t = memref.alloc() : memref<1024x1024xf32>
    // A[i][k] = (i + k) mod 4, B = 0.25 everywhere, bias_t[r][c] = r (so bias[m][n] = n)
    scf.for %i = %c0 to %c1024 step %c1 {
      scf.for %j = %c0 to %c1024 step %c1 {
        %s = arith.addi %i, %j : index
        %r = arith.remui %s, %c4 : index
        %ri = arith.index_cast %r : index to i32
        %rf = arith.uitofp %ri : i32 to f16
        memref.store %rf, %a[%i, %j] : memref<1024x1024xf16>
        memref.store %quarter, %b[%i, %j] : memref<1024x1024xf16>
        %ii = arith.index_cast %i : index to i32
        %if = arith.uitofp %ii : i32 to f32
        memref.store %if, %bias_t[%i, %j] : memref<1024x1024xf32>
      }
    }
    %res = call @test(%a, %b, %bias_t)
        : (memref<1024x1024xf16>, memref<1024x1024xf16>, memref<1024x1024xf32>) -> memref<1024x1024xf32>
    %cast = memref.cast %res : memref<1024x1024xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    memref.dealloc %a : memref<1024x1024xf16>
    memref.dealloc %b : memref<1024x1024xf16>
    memref.dealloc %bias_t : memref<1024x1024xf32>
    return
  }
  func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
}
