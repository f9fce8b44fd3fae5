"""Helpers shared by the simulator tests (imported as ``test_sim_kit``), and their own checks.

``kernel_ll(body, params)`` wraps hand-written instructions into a module the simulator reads
(declarations of the called intrinsics and ``!genx.kernels`` added), so intrinsic semantics
can be tested on hand-computed cases without going through the emitter.
"""

from __future__ import annotations

import re
import struct

import numpy as np

from genx_emit.sim import run


def kernel_ll(body: str, params: str = "i64 %out", slm: int = 0, named_barriers: int = 0,
              descs: list[str] | None = None, name: str = "k") -> str:
    """A one-kernel module around ``body`` (instructions, optionally with block labels)."""
    callees = sorted(set(re.findall(r"@(llvm\.genx\.[A-Za-z0-9_.]+)", body)))
    decls = "\n".join(f"declare void @{c}()" for c in callees)
    nparams = len([p for p in params.split(",") if p.strip()])
    if descs is None:
        descs = ["svmptr_t" if p.strip().startswith("i64") else "" for p in params.split(",") if p.strip()]
    zeros = ", ".join(["i32 0"] * nparams)
    desc_md = ", ".join(f'!"{d}"' for d in descs)
    lines = body.strip("\n").splitlines()
    if not lines[0].rstrip().endswith(":"):
        lines.insert(0, "entry:")
    types = ", ".join(p.strip().split(" ")[0] for p in params.split(",") if p.strip())
    return f"""target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "genx64-unknown-unknown"

{decls}

define dllexport void @{name}({params}) #0 {{
{chr(10).join(lines)}
}}

attributes #0 = {{ "CMGenxMain" "oclrt"="1" }}

!genx.kernels = !{{!0}}
!0 = !{{void ({types})* @{name}, !"{name}", !1, i32 {slm}, !2, !1, !3, i32 {named_barriers}}}
!1 = !{{{zeros}}}
!2 = !{{{zeros}}}
!3 = !{{{desc_md}}}
"""


def vec(ty: str, values) -> str:
    """An LLVM vector constant (no type prefix): vec("i32", [1, 2]) -> '<i32 1, i32 2>'."""
    vals = list(values)
    if ty == "i1":
        items = ", ".join(f"i1 {'true' if v else 'false'}" for v in vals)
    elif ty in ("float", "double", "half"):
        # LLVM's exact form: the value's f64 bit pattern in hex (also for float and half)
        items = ", ".join(f"{ty} 0x{struct.unpack('<Q', struct.pack('<d', float(v)))[0]:016X}" for v in vals)
    else:
        items = ", ".join(f"{ty} {int(v)}" for v in vals)
    return f"<{items}>"


def store_words(value: str, n: int, elem: str = "i32", dst: str = "%out") -> str:
    """A 1-D SIMD1 block store of ``<n x elem>`` ``value`` (32-bit data) to ``dst``: how the
    unit tests get a result out of a kernel (n * bytes / 4 dwords, n*4 bytes <= 256...)."""
    nbytes = {"i8": 1, "i16": 2, "half": 2, "i32": 4, "float": 4, "i64": 8, "double": 8}[elem] * n
    words = nbytes // 4
    code = {1: 1, 2: 2, 3: 3, 4: 4, 8: 5, 16: 6, 32: 7, 64: 8}[words]
    return (f"  %st.{value[1:]} = bitcast <{n} x {elem}> {value} to <{words} x i32>\n"
            f"  call void @llvm.genx.lsc.store.stateless(i1 true, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, "
            f"i8 {code}, i8 2, i8 0, i64 {dst}, <{words} x i32> %st.{value[1:]}, i32 0)\n")


def run_body(body: str, out_shape, out_dtype, params: str = "i64 %out", args: dict | None = None,
             **kw) -> np.ndarray:
    """Run a hand-written kernel once and return the final ``out`` array."""
    run_kw = {k: kw.pop(k) for k in ("grid", "threads") if k in kw}
    a = dict(args or {})
    a.setdefault("out", np.zeros(out_shape, dtype=out_dtype))
    res = run(kernel_ll(body, params, **kw), None, run_kw.get("grid", 1), a, threads=run_kw.get("threads", 1),
              check_types=True)
    return res["out"]


def test_kernel_ll_round_trip() -> None:
    body = f"  %v = add <4 x i32> {vec('i32', range(4))}, {vec('i32', [10] * 4)}\n" + store_words("%v", 4) + \
        "  ret void\n"
    assert run_body(body, 4, np.int32).tolist() == [10, 11, 12, 13]
