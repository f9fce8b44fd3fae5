"""IR-to-IR passes over the generic IR (:mod:`genx_emit.mlir.ir`), each printable with
:mod:`genx_emit.mlir.printer` (``genx-emit opt``).

A pass is a function ``run(src: SourceModule, ctx: PassContext) -> None`` that rewrites ``src``
in place. It is registered by one line in :data:`registry.PASSES` (name -> ``"module:function"``,
imported only when the pass runs) and, if ``lower`` should run it, placed in
:data:`registry.DEFAULT_PIPELINE`. ``docs/passes.md`` lists the passes.
"""

from genx_emit.passes.manager import PassContext, PassError, parse_pipeline, run_pipeline
from genx_emit.passes.registry import DEFAULT_PIPELINE, PASSES, pass_function, pass_summary

__all__ = ["DEFAULT_PIPELINE", "PASSES", "PassContext", "PassError", "parse_pipeline", "pass_function",
           "pass_summary", "run_pipeline"]
