// C = A @ B + bias (bias broadcast along the rows) for one 64x64 tile on 4 subgroups, in the
// form of upstream's bias GEMMs: descriptors with boundary_check = false, A and B loaded in taller
// blocks and converted to the dpas layouts, the bias gathered by offsets from a vector.step (a
// slice of C's layout) and broadcast. K = 128 in steps of 32. Launch: --grid 1 --threads 4.
#a = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [8, 16]>
#b = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [16, 16]>
#c = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [8, 16]>
#a_load = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [32, 16]>
#b_load = #xegpu.layout<sg_layout = [2, 2], sg_data = [32, 32], inst_data = [32, 16]>
gpu.module @m {
  gpu.func @k(%bias: memref<64xf32>, %A: memref<64x128xf16>, %B: memref<128x64xf16>, %C: memref<64x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %all = arith.constant dense<true> : vector<64xi1>
    %zero = arith.constant dense<0.0> : vector<64x64xf32>
    %step = vector.step : vector<64xindex>
    %bv = xegpu.load %bias[%step], %all <{layout = #xegpu.slice<#c, dims = [0]>}>
      : memref<64xf32>, vector<64xindex>, vector<64xi1> -> vector<64xf32>
    %bb = vector.broadcast %bv : vector<64xf32> to vector<64x64xf32>
    %ta = xegpu.create_nd_tdesc %A : memref<64x128xf16> -> !xegpu.tensor_desc<64x32xf16, #xegpu.block_tdesc_attr<boundary_check = false>>
    %tb = xegpu.create_nd_tdesc %B : memref<128x64xf16> -> !xegpu.tensor_desc<32x64xf16, #xegpu.block_tdesc_attr<boundary_check = false>>
    %tc = xegpu.create_nd_tdesc %C : memref<64x64xf32> -> !xegpu.tensor_desc<64x64xf32, #xegpu.block_tdesc_attr<boundary_check = false>>
    %acc = scf.for %k = %c0 to %c128 step %c32 iter_args(%cv = %zero) -> (vector<64x64xf32>) {
      %la = xegpu.load_nd %ta[%c0, %k] <{layout = #a_load}> : !xegpu.tensor_desc<64x32xf16, #xegpu.block_tdesc_attr<boundary_check = false>> -> vector<64x32xf16>
      %lb = xegpu.load_nd %tb[%k, %c0] <{layout = #b_load}> : !xegpu.tensor_desc<32x64xf16, #xegpu.block_tdesc_attr<boundary_check = false>> -> vector<32x64xf16>
      %va = xegpu.convert_layout %la <{input_layout = #a_load, target_layout = #a}> : vector<64x32xf16>
      %vb = xegpu.convert_layout %lb <{input_layout = #b_load, target_layout = #b}> : vector<32x64xf16>
      %d = xegpu.dpas %va, %vb, %cv {layout_a = #a, layout_b = #b, layout_cd = #c}
        : vector<64x32xf16>, vector<32x64xf16>, vector<64x64xf32> -> vector<64x64xf32>
      scf.yield %d : vector<64x64xf32>
    }
    %r = arith.addf %bb, %acc : vector<64x64xf32>
    xegpu.store_nd %r, %tc[%c0, %c0] <{layout = #c}> : vector<64x64xf32>, !xegpu.tensor_desc<64x64xf32, #xegpu.block_tdesc_attr<boundary_check = false>>
    gpu.return
  }
}
