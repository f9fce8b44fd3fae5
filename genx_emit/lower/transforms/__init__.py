"""Whole-kernel steps around lowering: loop fission before, fence clean-up and GRF size after."""
