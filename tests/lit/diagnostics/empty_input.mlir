// RUN: not genx-emit lower %s 2>&1 | filecheck %s
// RUN: printf '' | not genx-emit lower - 2>&1 | filecheck %s --check-prefix=EMPTY
// RUN: printf 'func.func @main() {\n  return\n}\n' | not genx-emit lower - 2>&1 | filecheck %s --check-prefix=HOST
// Input with no code (only comments, or nothing) is located at line 1; input with code but no
// gpu.module kernel at its first line of code.

// CHECK: empty_input.mlir:1:1: error: the input has no code: expected a gpu.module holding a gpu.func ... kernel
// EMPTY: <stdin>:1:1: error: the input has no code
// HOST: <stdin>:1:1: error: the input has no gpu.func ... kernel inside a gpu.module
// HOST-NEXT: func.func @main() {
