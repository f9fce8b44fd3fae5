"""A CPU simulator (numpy) of the GenX LLVM IR genx-emit emits. Being written."""
