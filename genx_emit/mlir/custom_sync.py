"""Custom forms of barrier, fence, hint and SLM-allocation ops (xegpu nbarrier/fence/
compile_hint, gpu.barrier, memref.alloc/alloca), in upstream and RFC spellings."""

from __future__ import annotations
