"""Meaning of a ``!xegpu.tensor_desc`` type's parameters, whatever spelling was used.

Upstream: ``#xegpu.block_tdesc_attr<array_length = 2, boundary_check = false,
memory_space = slm>``, ``#xegpu.scatter_tdesc_attr<chunk_size = 2>``, ``#xegpu.layout<...>``,
``#xegpu.sg_map<...>``. RFC: ``array_length = 2``, ``memory_scope = slm``, ``#scattered``,
``#xegpu.tdesc_attr<scattered = true, chunk_size_per_lane = 8>``.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

from genx_emit.diagnostics import Location, error
from genx_emit.mlir.attrs import (
    Attribute,
    BoolAttr,
    DialectAttr,
    DictAttr,
    IntegerAttr,
    KeywordAttr,
    as_str,
)
from genx_emit.mlir.types import MemRefType, TensorDescType, Type


@dataclass(frozen=True)
class TDescInfo:
    shape: tuple[int, ...]
    element: Type
    array_length: int = 1
    boundary_check: bool = True
    memory_space: str = "global"  # "global" | "slm"
    scattered: bool = False
    chunk_size: int = 1
    layout: DialectAttr | None = None  # sg_map / layout, interpreted by the SIMT path

    @property
    def lanes_shape(self) -> tuple[int, ...]:
        """Scattered descriptors: the shape of the address vector (the shape minus the chunk)."""
        return self.shape[:-1] if self.chunk_size > 1 else self.shape

    @property
    def lanes(self) -> int:
        return prod(self.lanes_shape)


_SLM_WORDS = {"slm", "shared", "workgroup", "3"}


def is_slm(t: Type) -> bool:
    """True for a memref in shared local memory: address space 3 or ``#gpu.address_space<workgroup>``."""
    if not isinstance(t, MemRefType) or t.memory_space is None:
        return False
    a = t.memory_space
    word = as_str(a)
    if word is None and isinstance(a, IntegerAttr):
        word = str(a.value)
    return word in _SLM_WORDS


# type -> its interpretation: every op on a descriptor asks again (errors are not kept: they
# are reported at each asker's location)
_TDESC_INFO: dict[TensorDescType, TDescInfo] = {}


# The same by object identity first: hashing a descriptor type hashes its layout attributes,
# and the parser gives every use of one spelling the same object. (Each entry holds its type,
# so an id is never reused while its entry stands.)
_TDESC_INFO_BY_ID: dict[int, tuple[TensorDescType, TDescInfo]] = {}


def tdesc_info(t: TensorDescType, loc: Location | None = None) -> TDescInfo:
    """Interpret ``t``'s parameters; unknown parameters are an error at ``loc``."""
    hit = _TDESC_INFO_BY_ID.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    info = _TDESC_INFO.get(t)
    if info is None:
        info = _TDESC_INFO[t] = _tdesc_info(t, loc)
    if len(_TDESC_INFO_BY_ID) >= 4096:  # bounded: types built anew (not parsed) are many objects
        _TDESC_INFO_BY_ID.clear()
    _TDESC_INFO_BY_ID[id(t)] = (t, info)
    return info


def _tdesc_info(t: TensorDescType, loc: Location | None) -> TDescInfo:
    kv: dict[str, Attribute] = {}
    scattered = False
    upstream_scatter = False  # spelled #xegpu.scatter_tdesc_attr: a missing chunk_size means 1
    layout = None
    for p in t.params:
        if isinstance(p, DictAttr):  # RFC `key = value` written inline
            kv.update(dict(p.entries))
        elif isinstance(p, KeywordAttr) and p.value in ("scattered", "#scattered"):
            scattered = True
        elif isinstance(p, DialectAttr) and p.dialect == "xegpu":
            if p.name in ("sg_map", "layout"):
                layout = p
                continue
            if p.name in ("scattered",):
                scattered = True
                continue
            if p.name in ("scatter_tdesc_attr",):
                scattered = upstream_scatter = True
            elif p.name not in ("block_tdesc_attr", "tdesc_attr"):
                raise error(loc, f"unknown tensor_desc parameter '{p}'")
            kv.update(dict(p.named))
        elif isinstance(p, DialectAttr) and p.name in ("scattered", "Scattered"):
            scattered = True
        else:
            raise error(loc, f"unknown tensor_desc parameter '{p}'")

    def get_int(*keys: str, default: int) -> int:
        for k in keys:
            if k in kv:
                v = kv[k]
                if isinstance(v, IntegerAttr):
                    return v.value
                raise error(loc, f"tensor_desc parameter '{k}' must be an integer, got '{v}'")
        return default

    def get_bool(key: str, default: bool) -> bool:
        v = kv.get(key)
        if v is None:
            return default
        if isinstance(v, BoolAttr):
            return v.value
        raise error(loc, f"tensor_desc parameter '{key}' must be true or false, got '{v}'")

    space = "global"
    for key in ("memory_space", "memory_scope"):
        if key in kv:
            word = as_str(kv[key])
            if word is None and isinstance(kv[key], IntegerAttr):
                word = str(kv[key].value)  # type: ignore[union-attr]
            if word is None:
                raise error(loc, f"tensor_desc parameter '{key}' is not a memory space: '{kv[key]}'")
            space = "slm" if word in _SLM_WORDS else "global"
    if get_bool("scattered", False):
        scattered = True
    chunk = get_int("chunk_size", "chunk_size_per_lane", default=0)
    if chunk == 0:
        # RFC spellings put the chunk in the shape only: tensor_desc<16x8xf16, #scattered>.
        chunk = t.shape[-1] if scattered and not upstream_scatter and len(t.shape) == 2 else 1
    return TDescInfo(
        shape=t.shape,
        element=t.element,
        array_length=get_int("array_length", default=1),
        boundary_check=get_bool("boundary_check", True),
        memory_space=space,
        scattered=scattered,
        chunk_size=chunk,
        layout=layout,
    )
