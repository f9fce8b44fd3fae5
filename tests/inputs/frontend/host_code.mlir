// Host code around a gpu.module, in the shapes mlir-opt and the IMEX tests print it.
#map = affine_map<(d0, d1) -> (d0 * 16 + d1)>
!tile = !xegpu.tensor_desc<8x16xf16>
module @host attributes {gpu.container_module} {
  memref.global "private" constant @__constant_8x16xf16 : memref<8x16xf16> = dense<1.000000e+00> loc(#loc0)
  func.func @test(%arg0: memref<8x16xf16>) -> memref<8x16xf16> attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %memref = gpu.alloc  host_shared () : memref<8x16xf16>
    memref.copy %arg0, %memref : memref<8x16xf16> to memref<8x16xf16>
    gpu.launch_func  @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%memref : memref<8x16xf16>)
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      "some.thing"() : () -> ()
      gpu.terminator
    }
    %r:2 = "test.pair"(%memref) : (memref<8x16xf16>) -> (index, index)
    %s = arith.addi %r#0, %r#1 : index
    return %memref : memref<8x16xf16>
  }
  gpu.module @kernels [#xevm.target<O = 3, chip = "pvc">] {
    gpu.func @k(%a: memref<8x16xf16>) kernel attributes {VectorComputeFunctionINTEL, spirv.entry_point_abi = #spirv.entry_point_abi<>} {
      %t = xegpu.create_nd_tdesc %a[0, 0] : memref<8x16xf16> -> !tile
      %v = xegpu.load_nd %t : !tile -> vector<8x16xf16>
      xegpu.store_nd %v, %t : vector<8x16xf16>, !tile
      gpu.return
    }
  }
  func.func @main() attributes {llvm.emit_c_interface} {
    %0 = memref.get_global @__constant_8x16xf16 : memref<8x16xf16>
    %1 = call @test(%0) : (memref<8x16xf16>) -> memref<8x16xf16>
    %cast = memref.cast %1 : memref<8x16xf16> to memref<*xf16>
    call @printMemrefF16(%cast) : (memref<*xf16>) -> ()
    %2 = vector.transfer_read %1[%c0, %c0], %pad
        {in_bounds = [true, true]} : memref<8x16xf16>, vector<8x16xf16>
    affine.for %i = 0 to 8 {
      %x = affine.load %1[%i, 0] : memref<8x16xf16>
    }
    return
  }
  func.func private @printMemrefF16(memref<*xf16>) attributes {llvm.emit_c_interface}
}
#loc0 = loc("host.mlir":3:4)
