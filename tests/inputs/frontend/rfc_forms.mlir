// RFC / IMEX spellings: capitalised dialect, `into`, operand packs, tensor_desc<...> with
// inline `key = value` parameters and attribute aliases written with '!'.
#tdesc_attr = !xegpu.tdesc_attr<memory_scope = global, boundary_check = true>
gpu.module @rfc {
  gpu.func @rfc(%mem: ui64, %mref: memref<1024x1024xbf16>, %x: index, %y: index) kernel {
    %c1 = arith.constant 1 : index
    %c1024 = arith.constant 1024 : index
    %off:2 = "test.offsets"() : () -> (index, index)
    %t1 = XeGPU.create_nd_tdesc %mem, %off:2, %c1024, %c1024, %c1024, %c1 {mode = vc}
        : ui64, index, index, index, index, index, index
        into tensor_desc<8x16xbf16, memory_scope = global, array_length = 1>
    %t2 = XeGPU.create_nd_tdesc %mref, %x, %y {mode = vc} : memref<1024x1024xbf16>, index, index
        into tensor_desc<16x16xbf16, #tdesc_attr>
    %a = XeGPU.load_nd %t1 {mode = vc, L1_hint = cached, L3_hint = uncached} : tensor_desc<8x16xbf16, memory_scope = global, array_length = 1>
        into vector<8x16xbf16>
    %b = XeGPU.load_nd %t2 {mode = vc, vnni_axis = 0} : tensor_desc<16x16xbf16, #tdesc_attr> into vector<8x16x2xbf16>
    %c = XeGPU.dpas %a, %b {mode = vc} : vector<8x16xbf16>, vector<8x16x2xbf16> into vector<8x16xf32>
    %t3 = XeGpu.update_nd_offset %t2, %x, %y {mode = vc} : tensor_desc<16x16xbf16, #tdesc_attr>, index, index
        into tensor_desc<16x16xbf16, #tdesc_attr>
    XeGPU.prefetch_nd %t3 {mode = vc} : tensor_desc<16x16xbf16, #tdesc_attr>
    gpu.return
  }
}
