// A 256x256 workgroup GEMM tile (32 subgroups, 32x64 pieces of C each) in upstream's form: only
// the anchors have layouts; the zero accumulator and the loop-carried C get theirs from
// propagation. C (f16) = A @ B, K = 1024 in steps of 32, one work-group per 256x256 tile.
// Launch: --grid N/256 M/256 --threads 32.
#a = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 32], inst_data = [8, 16]>
#b = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], inst_data = [16, 16]>
#c = #xegpu.layout<sg_layout = [8, 4], sg_data = [32, 64], inst_data = [8, 16]>
gpu.module @m {
  gpu.func @k(%A: memref<256x1024xf16>, %B: memref<1024x256xf16>, %C: memref<256x256xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %m = arith.muli %bx, %c256 : index
    %n = arith.muli %by, %c256 : index
    %zero = arith.constant dense<0.0> : vector<256x256xf32>
    %ta = xegpu.create_nd_tdesc %A : memref<256x1024xf16> -> !xegpu.tensor_desc<256x32xf16>
    %tb = xegpu.create_nd_tdesc %B : memref<1024x256xf16> -> !xegpu.tensor_desc<32x256xf16>
    %tc = xegpu.create_nd_tdesc %C : memref<256x256xf16> -> !xegpu.tensor_desc<256x256xf16>
    %out = scf.for %k = %c0 to %c1024 step %c32 iter_args(%acc = %zero) -> (vector<256x256xf32>) {
      %a = xegpu.load_nd %ta[%m, %k] <{layout = #a}> : !xegpu.tensor_desc<256x32xf16> -> vector<256x32xf16>
      %b = xegpu.load_nd %tb[%k, %n] <{layout = #b}> : !xegpu.tensor_desc<32x256xf16> -> vector<32x256xf16>
      %d = xegpu.dpas %a, %b, %acc {layout_a = #a, layout_b = #b, layout_cd = #c}
        : vector<256x32xf16>, vector<32x256xf16>, vector<256x256xf32> -> vector<256x256xf32>
      scf.yield %d : vector<256x256xf32>
    }
    %h = arith.truncf %out : vector<256x256xf32> to vector<256x256xf16>
    xegpu.store_nd %h, %tc[%m, %n] <{layout = #c}> : vector<256x256xf16>, !xegpu.tensor_desc<256x256xf16>
    gpu.return
  }
}
