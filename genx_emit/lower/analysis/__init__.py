"""Analyses and checks over a function's op model, run before its ops are lowered."""
