"""The strategy for targets without 2D block messages (DG2): row messages, gathers, in-bounds proofs."""
