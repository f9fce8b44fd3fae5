"""genx-emit."""

# How 2D block messages are sent (lower/block2d_send.py), the default first: raw sends from a
# header built once per descriptor, or the lsc.*2d.stateless intrinsics. Here, free of imports,
# so the command lines can offer the choice without loading the lowering.
BLOCK2D_FORMS = ("payload", "scalar")
