"""genx-emit."""
