"""Mutation fuzzing of genx-emit over the bundled samples (used by ``test_fuzz.py``).

Each input is a real sample with one to three mutations applied: truncations, token deletions,
duplications and swaps, tokens borrowed from other samples (op names, keywords), element type and
shape substitutions, out-of-range integers, line edits, stray characters and deep nesting. Every
input must end in verified LLVM IR or a located :class:`DiagnosticError`; anything else (another
exception, a RecursionError, a run over the time limit) is a finding.

Run directly to fuzz for longer than the test does and print the findings::

    python tests/fuzz_mutate.py --inputs 100000 --seed 7
"""

from __future__ import annotations

import random
import re
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from genx_emit.api import lower_text
from genx_emit.diagnostics import DiagnosticError

SAMPLES = Path(__file__).resolve().parents[1] / "samples"

# Tokens as a human reads MLIR: comments, strings, sigil names, numbers, words, punctuation.
_TOKEN = re.compile(r'//[^\n]*|"(?:[^"\\\n]|\\.)*"|[%^@#!]?[\w$.]+(?:#\d+)?|->|::|\S')
_ELEMENT_TYPE = re.compile(r"(?<![\w%#@!])(?:bf16|tf32|f16|f32|f64|i1|i8|i16|i32|i64|ui8|ui16|ui32|ui64"
                           r"|si32|index)(?![\w])")
_DIM = re.compile(r"(?<=[<x?])(\d+)(?=x)|(?<=x)(\d+)(?=x)")
_INT = re.compile(r"(?<![\w.%#^])\d+(?![\w.])")
_TYPES = ["bf16", "tf32", "f16", "f32", "f64", "i1", "i8", "i16", "i32", "i64", "ui8", "ui64", "index",
          "f8E4M3FN", "i3", "i128", "none", "vector<2xf32>", "memref<?xf32>", "!xegpu.tensor_desc<8x16xf16>"]
_DIMS = [0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 24, 31, 32, 33, 48, 63, 64, 65, 100, 128, 256, 257, 512,
         1024, 4096, 65536, 2**31 - 1, 2**31, 2**32 + 1, 2**63, 10**30]
_INTS = [0, 1, 2, 3, 7, 15, 16, 31, 32, 63, 64, 127, 128, 255, 256, 511, 1024, 4097, 65535, 65536, 2**31 - 1,
         2**31, 2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64, 10**40]
_CHARS = ["\x00", "\t", "\\", '"', "'", "{", "}", "(", ")", "<", ">", "[", "]", "%", "#", "!", "^", "@", ":",
          "=", ",", "-", "?", "*", "é", "\u2028", "\ufeff", "\U0001f600", "\r", "0x", "1e999", ".", "$"]
_NESTERS = ["(", "[", "{", "<", "vector<", "!xegpu.tensor_desc<", "array<i64: ", "dense<[", "scf.if %x {\n",
            "#xegpu.block_tdesc_attr<", "{a = {"]

Mutator = Callable[[random.Random, str, list[str]], str]


def _tokens(text: str) -> list[re.Match[str]]:
    return list(_TOKEN.finditer(text))


def _splice(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def truncate(rng: random.Random, text: str, vocab: list[str]) -> str:
    return text[: rng.randrange(len(text) + 1)]


def truncate_at_token(rng: random.Random, text: str, vocab: list[str]) -> str:
    toks = _tokens(text)
    return text[: toks[rng.randrange(len(toks))].start()] if toks else text


def delete_token(rng: random.Random, text: str, vocab: list[str]) -> str:
    toks = _tokens(text)
    if not toks:
        return text
    m = toks[rng.randrange(len(toks))]
    return _splice(text, m.start(), m.end(), "")


def duplicate_token(rng: random.Random, text: str, vocab: list[str]) -> str:
    toks = _tokens(text)
    if not toks:
        return text
    m = toks[rng.randrange(len(toks))]
    return _splice(text, m.start(), m.end(), m.group() + " " + m.group())


def swap_adjacent(rng: random.Random, text: str, vocab: list[str]) -> str:
    toks = _tokens(text)
    if len(toks) < 2:
        return text
    j = rng.randrange(len(toks) - 1)
    a, b = toks[j], toks[j + 1]
    return text[: a.start()] + b.group() + text[a.end() : b.start()] + a.group() + text[b.end() :]


def swap_tokens(rng: random.Random, text: str, vocab: list[str]) -> str:
    toks = _tokens(text)
    if len(toks) < 2:
        return text
    a, b = sorted(rng.sample(range(len(toks)), 2))
    ma, mb = toks[a], toks[b]
    return text[: ma.start()] + mb.group() + text[ma.end() : mb.start()] + ma.group() + text[mb.end() :]


def replace_token(rng: random.Random, text: str, vocab: list[str]) -> str:
    """A token of this file replaced by one seen in any sample (op names, keywords, values)."""
    toks = _tokens(text)
    if not toks:
        return text
    m = toks[rng.randrange(len(toks))]
    return _splice(text, m.start(), m.end(), rng.choice(vocab))


def _sub_match(rng: random.Random, text: str, pattern: re.Pattern[str], choices: list[str]) -> str:
    ms = list(pattern.finditer(text))
    if not ms:
        return text
    m = ms[rng.randrange(len(ms))]
    return _splice(text, m.start(), m.end(), rng.choice(choices))


def element_type(rng: random.Random, text: str, vocab: list[str]) -> str:
    return _sub_match(rng, text, _ELEMENT_TYPE, _TYPES)


def all_element_types(rng: random.Random, text: str, vocab: list[str]) -> str:
    """One element type replaced everywhere: keeps the file self-consistent, so it reaches the
    verifier and the lowering rather than a type mismatch in the parser."""
    found = sorted(set(_ELEMENT_TYPE.findall(text)))
    if not found:
        return text
    old, new = rng.choice(found), rng.choice(_TYPES[:13])
    return re.sub(rf"(?<![\w%#@!]){re.escape(old)}(?![\w])", new, text)


def shape(rng: random.Random, text: str, vocab: list[str]) -> str:
    return _sub_match(rng, text, _DIM, [str(d) for d in _DIMS])


def all_shapes(rng: random.Random, text: str, vocab: list[str]) -> str:
    """One dimension value replaced in every shape that has it (again: consistent files)."""
    found = sorted({m.group() for m in _DIM.finditer(text)})
    if not found:
        return text
    old, new = rng.choice(found), str(rng.choice(_DIMS[:28]))
    return _DIM.sub(lambda m: new if m.group() == old else m.group(), text)


def integer(rng: random.Random, text: str, vocab: list[str]) -> str:
    ms = list(_INT.finditer(text))
    if not ms:
        return text
    m = ms[rng.randrange(len(ms))]
    v = rng.choice(_INTS)
    return _splice(text, m.start(), m.end(), f"-{v}" if rng.random() < 0.25 else str(v))


def delete_line(rng: random.Random, text: str, vocab: list[str]) -> str:
    lines = text.split("\n")
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def duplicate_line(rng: random.Random, text: str, vocab: list[str]) -> str:
    lines = text.split("\n")
    j = rng.randrange(len(lines))
    lines.insert(j, lines[j])
    return "\n".join(lines)


def swap_lines(rng: random.Random, text: str, vocab: list[str]) -> str:
    lines = text.split("\n")
    if len(lines) < 2:
        return text
    a, b = rng.sample(range(len(lines)), 2)
    lines[a], lines[b] = lines[b], lines[a]
    return "\n".join(lines)


def stray_char(rng: random.Random, text: str, vocab: list[str]) -> str:
    j = rng.randrange(len(text) + 1)
    end = j + (1 if rng.random() < 0.5 and j < len(text) else 0)  # insert or overwrite
    return _splice(text, j, end, rng.choice(_CHARS))


def deep_nesting(rng: random.Random, text: str, vocab: list[str]) -> str:
    j = rng.randrange(len(text) + 1)
    return _splice(text, j, j, rng.choice(_NESTERS) * rng.choice([8, 64, 600, 5000]))


def nest_lines(rng: random.Random, text: str, vocab: list[str]) -> str:
    """A run of lines wrapped in balanced ``scf.if`` blocks, shallow or very deep."""
    lines = text.split("\n")
    a, b = sorted(rng.sample(range(len(lines) + 1), 2)) if len(lines) > 1 else (0, len(lines))
    depth = rng.choice([1, 2, 40, 150, 1000])
    head = ["%fz_true = arith.constant true"] + ["scf.if %fz_true {"] * depth
    return "\n".join(lines[:a] + head + lines[a:b] + ["}"] * depth + lines[b:])


# (mutator, weight): the cheap syntax breakers dominate; the type/shape ones reach deeper.
MUTATORS: list[tuple[Mutator, int]] = [
    (truncate, 3), (truncate_at_token, 3), (delete_token, 8), (duplicate_token, 5), (swap_adjacent, 5),
    (swap_tokens, 4), (replace_token, 10), (element_type, 8), (all_element_types, 6), (shape, 8),
    (all_shapes, 6), (integer, 10), (delete_line, 5), (duplicate_line, 3), (swap_lines, 3), (stray_char, 4),
    (deep_nesting, 1), (nest_lines, 1),
]
_FNS = [m for m, _ in MUTATORS]
_WEIGHTS = [w for _, w in MUTATORS]


def load_corpus() -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(SAMPLES.glob("*.mlir"))}


def vocabulary(corpus: dict[str, str]) -> list[str]:
    """Every distinct token of every sample (comments left out), sorted: seeded runs repeat."""
    toks = {m.group() for t in corpus.values() for m in _TOKEN.finditer(t)}
    return sorted(t for t in toks if not t.startswith("//"))


def mutate(rng: random.Random, text: str, vocab: list[str]) -> tuple[str, list[str]]:
    """``text`` with one to three random mutations; also the names of the mutations applied."""
    names = []
    for fn in rng.choices(_FNS, _WEIGHTS, k=rng.choice([1, 1, 1, 2, 2, 3])):
        text = fn(rng, text, vocab)
        names.append(fn.__name__)
    return text, names


# -- running one input ---------------------------------------------------------------------------

class InputTimeout(BaseException):
    """Raised by the alarm when one input runs over its limit (BaseException: not caught as bad input)."""


@dataclass
class Outcome:
    kind: str  # "ok", "error" (located diagnostic) or "finding"
    detail: str = ""


def _on_alarm(signum: int, frame: object) -> None:
    raise InputTimeout


# Whole-input problems that have no place to point at: none since empty input and a missing
# kernel are located (line 1, the first line of code, or the function without `kernel`).
UNLOCATED_OK: tuple[str, ...] = ()


def run_one(text: str, filename: str, target: str = "pvc", time_limit: float = 5.0) -> Outcome:
    """Lower ``text``; classify the result. Uses SIGALRM for the time limit (main thread only)."""
    old = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, time_limit)
    try:
        lower_text(text, filename, target=target)
        return Outcome("ok")
    except DiagnosticError as e:
        if e.loc.filename == filename and e.loc.line > 0 and e.loc.col > 0:
            return Outcome("error", e.message)
        if e.message in UNLOCATED_OK:
            return Outcome("error", e.message)
        return Outcome("finding", f"unlocated diagnostic: {e.loc}: error: {e.message}")
    except InputTimeout:
        return Outcome("finding", f"no result within {time_limit} s")
    except RecursionError:
        return Outcome("finding", "RecursionError")
    except Exception:  # noqa: BLE001  (every other exception is what the fuzzer looks for)
        return Outcome("finding", traceback.format_exc(limit=-6))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def finding_key(detail: str) -> str:
    """One line that identifies a finding (its last traceback line or its message)."""
    lines = [ln for ln in detail.strip().splitlines() if ln.strip()]
    return lines[-1] if lines else detail


@dataclass
class Report:
    tried: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    by_mutation: Counter[str] = field(default_factory=Counter)
    findings: dict[str, tuple[str, str, str]] = field(default_factory=dict)  # key -> (file, input, detail)
    excluded: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    def summary(self) -> str:
        o = self.outcomes
        return (f"{self.tried} inputs in {self.seconds:.1f} s: {o['ok']} lowered, {o['error']} located "
                f"errors, {o['finding']} findings ({len(self.findings)} distinct), "
                f"{sum(self.excluded.values())} known exclusions")


# Known findings whose fix belongs to another part of the project: (substring of the finding,
# reason). Matching inputs are counted as tried and reported, but not failed.
KNOWN: list[tuple[str, str]] = []


def fuzz(inputs: int, seed: int, targets: tuple[str, ...] = ("pvc",), time_limit: float = 5.0,
         budget: float | None = None) -> Report:
    """Try ``inputs`` mutated samples (fewer if ``budget`` seconds run out first)."""
    corpus = load_corpus()
    names = list(corpus)
    vocab = vocabulary(corpus)
    rng = random.Random(seed)
    rep = Report()
    t0 = time.perf_counter()
    for n in range(inputs):
        if budget is not None and time.perf_counter() - t0 > budget:
            break
        name = names[n % len(names)]
        text, muts = mutate(rng, corpus[name], vocab)
        target = targets[n % len(targets)]
        out = run_one(text, name, target, time_limit)
        rep.tried += 1
        rep.by_mutation.update(muts)
        if out.kind == "finding":
            key = finding_key(out.detail)
            known = next((why for sub, why in KNOWN if sub in out.detail), None)
            if known is not None:
                rep.excluded[known] += 1
                rep.outcomes["error"] += 1  # counted, but as an accepted (known) outcome
                continue
            rep.findings.setdefault(key, (name, text, out.detail))
        rep.outcomes[out.kind] += 1
    rep.seconds = time.perf_counter() - t0
    return rep


def iter_findings(rep: Report) -> Iterator[str]:
    for key, (name, text, detail) in rep.findings.items():
        yield f"== {key}\n-- from {name}:\n{text}\n-- result:\n{detail}"


def main(argv: list[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", action="append", choices=["pvc", "dg2"])
    ap.add_argument("--time-limit", type=float, default=5.0)
    args = ap.parse_args(argv)
    rep = fuzz(args.inputs, args.seed, tuple(args.target or ["pvc"]), args.time_limit)
    for block in iter_findings(rep):
        print(block, end="\n\n")
    print(rep.summary())
    print("mutations:", dict(rep.by_mutation.most_common()))
    return 1 if rep.findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
