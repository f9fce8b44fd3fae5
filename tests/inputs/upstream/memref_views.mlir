gpu.module @m {
  gpu.func @k(%ga: memref<16x32xf32, 1>, %gb: memref<16x32xf32, 1>, %gs: memref<4xf32, 1>, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %a = memref.memory_space_cast %ga : memref<16x32xf32, 1> to memref<16x32xf32>
    %b = memref.memory_space_cast %gb : memref<16x32xf32, 1> to memref<16x32xf32>
    %s = memref.memory_space_cast %gs : memref<4xf32, 1> to memref<4xf32>
    // a static subview: rows 8..15, columns 16..31 of A
    %sub = memref.subview %a[8, 16] [8, 16] [1, 1] : memref<16x32xf32> to memref<8x16xf32, strided<[32, 1], offset: 272>>
    %t = xegpu.create_nd_tdesc %sub[0, 0] : memref<8x16xf32, strided<[32, 1], offset: 272>> -> !xegpu.tensor_desc<8x16xf32>
    %v = xegpu.load_nd %t : !xegpu.tensor_desc<8x16xf32> -> vector<8x16xf32>
    // B viewed flat with run-time sizes and strides, then as 2-D again
    %flat = memref.reinterpret_cast %b to offset: [0], sizes: [512], strides: [1] : memref<16x32xf32> to memref<512xf32>
    %dyn = memref.reinterpret_cast %flat to offset: [%c0], sizes: [%n, %c32], strides: [%c32, %c1] : memref<512xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    %any = memref.cast %dyn : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x32xf32, strided<[?, ?], offset: ?>>
    %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %any : memref<?x32xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
    %p = memref.extract_aligned_pointer_as_index %any : memref<?x32xf32, strided<[?, ?], offset: ?>> -> index
    %pi = arith.index_castui %p : index to i64
    %td = xegpu.create_nd_tdesc %pi, shape : [%sz#0, %sz#1], strides : [%st#0, %st#1] : i64 -> !xegpu.tensor_desc<8x16xf32>
    %w = arith.addf %v, %v : vector<8x16xf32>
    xegpu.store_nd %w, %td[%c2, %c1] : vector<8x16xf32>, !xegpu.tensor_desc<8x16xf32>
    // scalar loads and stores: s[3] = a[1, 2] + b-view[0, 5] read back through the dynamic view
    %x = memref.load %a[%c1, %c2] : memref<16x32xf32>
    %c5 = arith.constant 5 : index
    %y = memref.load %any[%c0, %c5] : memref<?x32xf32, strided<[?, ?], offset: ?>>
    %z = arith.addf %x, %y : f32
    memref.store %z, %s[%c3] : memref<4xf32>
    %offi = arith.index_cast %off : index to i32
    %offf = arith.sitofp %offi : i32 to f32
    memref.store %offf, %s[%c0] : memref<4xf32>
    gpu.return
  }
}
