// RUN: genx-emit lower %s --split-input-file --verify-diagnostics -o /dev/null
// RUN: not genx-emit lower %S/Inputs/wrong_expectation.mlir --split-input-file --verify-diagnostics -o /dev/null 2>&1 | filecheck %s --check-prefix=WRONG
// --verify-diagnostics, as mlir-opt has it: each chunk's diagnostics must be exactly those its
// expected-error (and expected-note) comments announce, at those lines (the message, a part of
// it, in double braces; @+N, @-N, @above, @below for another line than the comment's); then the
// exit is 0. Several rules in one file, one chunk each.

// WRONG: wrong_expectation.mlir:6:10: error: unexpected error: xegpu.dpas: result shape [8, 8] must be [M, N] = [8, 16]
// WRONG: wrong_expectation.mlir:5:1: error: expected error "result shape [8, 4]" at line 6 was not produced
// WRONG: wrong_expectation.mlir:13:1: error: expected error "offsets" at line 14 was not produced

gpu.module @m {
  gpu.func @k(%a: memref<64x64xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    // expected-error @+1 {{'packed' and 'transpose' cannot be combined}}
    %v = xegpu.load_nd %t <{packed, transpose = array<i64: 1, 0>}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: memref<64x64xf16>) kernel {
    %t = xegpu.create_nd_tdesc %a[0, 0] : memref<64x64xf16> -> !xegpu.tensor_desc<16x16xf16>
    %v = xegpu.load_nd %t <{pakced}> : !xegpu.tensor_desc<16x16xf16> -> vector<8x16x2xf16> // expected-error {{did you mean 'packed'?}}
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-note @below {{'%x' is defined here as 'i32'}}
  gpu.func @k(%x: i32) kernel {
    %n = arith.constant 4 : i8
    // expected-error @below {{the barrier id '%x' must be i8, got 'i32'}}
    %b = xegpu.init_nbarrier %x, %n : i32, i8 -> !xegpu.nbarrier
    gpu.return
  }
}

// -----

// A chunk that lowers announces nothing, and passes.
gpu.module @m {
  gpu.func @ok(%a: memref<64x64xf32>) kernel { gpu.return }
}
