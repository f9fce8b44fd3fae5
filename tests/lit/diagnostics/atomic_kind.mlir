// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// An atomic kind the LSC hardware lacks is refused, saying why.

gpu.module @m {
  gpu.func @atomic_kind(%a: memref<256xi32>) kernel {
    %off = arith.constant dense<0> : vector<16xindex>
    %m = arith.constant dense<true> : vector<16xi1>
    %one = arith.constant dense<1> : vector<16xi32>
    %g = xegpu.create_tdesc %a, %off : memref<256xi32>, vector<16xindex> -> !xegpu.tensor_desc<16xi32, #xegpu.scatter_tdesc_attr<>>
    %old = xegpu.atomic_rmw muli %g, %m, %one : !xegpu.tensor_desc<16xi32, #xegpu.scatter_tdesc_attr<>>, vector<16xi1>, vector<16xi32> -> vector<16xi32>
    gpu.return
  }
}

// CHECK: atomic_kind.mlir:10:12: error: xegpu.atomic_rmw: atomic kind 'muli' has no hardware form: LSC has no atomic multiply
// CHECK-NEXT: %old = xegpu.atomic_rmw muli %g, %m, %one : !xegpu.tensor_desc
// CHECK-NEXT: {{^ {11}\^$}}
