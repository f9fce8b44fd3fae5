// scf.if at workgroup level: a result chosen between two workgroup tiles, and work for a range
// of subgroups (sg_id_range: subgroups 2..5 of 6 form the 2x2 layout, counted from 2).
// Launch: --threads 6.
#l = #xegpu.layout<sg_layout = [2, 2], sg_data = [16, 32], inst_data = [8, 16]>
gpu.module @m {
  gpu.func @k(%x: memref<32x64xf32>, %y: memref<32x64xf32>, %z: memref<32x64xf32>, %neg: i32) kernel {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %zero = arith.constant 0 : i32
    %sg = gpu.subgroup_id : index
    %lo = arith.cmpi sge, %sg, %c2 : index
    %hi = arith.cmpi slt, %sg, %c6 : index
    %mine = arith.andi %lo, %hi : i1
    scf.if %mine {
      %tx = xegpu.create_nd_tdesc %x : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #l>
      %ty = xegpu.create_nd_tdesc %y : memref<32x64xf32> -> !xegpu.tensor_desc<32x64xf32, #l>
      %v = xegpu.load_nd %tx[%c0, %c0] : !xegpu.tensor_desc<32x64xf32, #l> -> vector<32x64xf32>
      %flip = arith.cmpi ne, %neg, %zero : i32
      %w = scf.if %flip -> (vector<32x64xf32>) {
        %m1 = arith.constant dense<-1.0> : vector<32x64xf32>
        %n = arith.mulf %v, %m1 {layout_result_0 = #l} : vector<32x64xf32>
        scf.yield %n : vector<32x64xf32>
      } else {
        scf.yield %v : vector<32x64xf32>
      }
      %two = arith.constant dense<2.0> : vector<32x64xf32>
      %s = arith.mulf %w, %two : vector<32x64xf32>
      xegpu.store_nd %s, %ty[%c0, %c0] : vector<32x64xf32>, !xegpu.tensor_desc<32x64xf32, #l>
    } {sg_id_range = #xegpu.range<[2, 6]>}
    gpu.return
  }
}
