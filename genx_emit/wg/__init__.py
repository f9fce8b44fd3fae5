"""Workgroup-level XeGPU: layouts over subgroups and their distribution to subgroup-level ops."""
