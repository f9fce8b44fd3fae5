"""MLIR text -> generic IR (:mod:`genx_emit.mlir.ir`).

A recursive-descent parser for what ``mlir-opt`` prints: the generic op form for any op, the
custom forms registered by the modules of :mod:`genx_emit.mlir.syntax` (one per op family),
alias definitions, regions and blocks.

Code outside ``gpu.module`` is host code: ops without a registered custom form are skipped
statement by statement, and a host op whose custom form fails to parse is skipped too. Inside a
``gpu.module`` every problem is a located error.
"""

from __future__ import annotations

from genx_emit.diagnostics import DiagnosticError, Location, did_you_mean
from genx_emit.mlir.attr_type_parser import AttrTypeParser
from genx_emit.mlir.attrs import ArrayAttr, Attribute, DialectAttr, DictAttr, IntegerAttr
from genx_emit.mlir.ir import Block, Operation, Region, SourceModule, Value
from genx_emit.mlir.lexer import BANG, BARE, CARET, EOF, HASH, PUNCT, STRING, VALUE, tokenize, unescape_string
from genx_emit.mlir.syntax import CUSTOM_PARSERS
from genx_emit.mlir.syntax.module import narrow_results
from genx_emit.mlir.type_parser import canon_dialect
from genx_emit.mlir.types import NoneType, TensorDescType, Type

# Ops whose regions do not see enclosing SSA values, and what their bodies default to.
_ISOLATED = {"builtin.module": None, "gpu.module": None, "gpu.func": "gpu", "func.func": "func"}
_NO_RECOVERY = frozenset({"builtin.module", "gpu.module"})
_BARE_STATEMENT_WORDS = frozenset({"return", "module", "func", "call"})
_CONTINUATION_TOKENS = frozenset({",", "(", "[", "{", "<", "=", ":", "->", "::"})
_CLOSERS = {")": "(", "]": "[", "}": "{", ">": "<"}

ArgSpec = tuple[str, Type, Location]  # (name as written, type, location)


# Ops upstream XeGPU has that no installed toolchain can compile, and why (said instead of a
# spelling suggestion).
NOT_COMPILABLE = {
    "xegpu.dpas_mx": "MX-scaled DPAS (f8E5M2 / f8E4M3 / f4E2M1 operands with f8E8M0 scales) needs "
                     "block-scaled DPAS formats, which genx-emit's targets (pvc, dg2) do not have",
}

class Parser(AttrTypeParser):
    """Parses one file. Use :func:`parse_mlir` rather than this class directly."""

    def __init__(self, text: str, filename: str):
        super().__init__(tokenize(text, filename))
        self.filename = filename
        self.text = text
        self.scopes: list[dict[str, list[Value]]] = [{}]
        self.floor = 0  # first scope visible from here (isolated regions cut the chain)
        self.device = False  # inside a gpu.module
        self.default_dialect: str | None = None
        self.labels: list[dict[str, Block]] = [{}]

    # -- entry -------------------------------------------------------------------------------
    def parse_source(self) -> SourceModule:
        ops: list[Operation] = []
        while self.kinds[self.i] != EOF:
            if self.at("}"):
                raise self.error("unexpected '}' at top level")
            self.parse_statement(ops)
        return SourceModule(self.filename, self.text, ops)

    # -- SSA values --------------------------------------------------------------------------
    def lookup(self, name: str) -> list[Value] | None:
        scopes = self.scopes
        for k in range(len(scopes) - 1, self.floor - 1, -1):  # innermost first, no slice copy
            vals = scopes[k].get(name)
            if vals is not None:
                return vals
        return None

    def define(self, name: str, values: list[Value], index: int) -> None:
        if self.device and self.lookup(name) is not None:
            raise self.error(f"redefinition of SSA value '{name}'", index)
        self.scopes[-1][name] = values

    def use_value(self) -> Value:
        """An SSA use at the cursor: ``%x`` or ``%x#1``."""
        index = self.i
        tok = self.expect_kind(VALUE, "SSA value")
        name, _, num = tok.partition("#")
        return self.resolve(name, int(num) if num else 0, index, bool(num))

    def resolve(self, name: str, n: int, index: int, numbered: bool = True) -> Value:
        """Result ``n`` of the values bound to ``name`` (used at token ``index``)."""
        vals = self.lookup(name)
        if vals is not None and n < len(vals):
            return vals[n]
        if self.device:
            if vals is not None:
                msg = f"result number {n} of '{name}' is out of range ({len(vals)} results)"
                raise self.error(msg, index)
            raise self.error(f"use of undefined value '{name}{f'#{n}' if numbered else ''}'", index)
        # Host code: the defining op was skipped; stand in an untyped value.
        vals = list(vals or [])
        while len(vals) <= n:
            vals.append(Value(f"{name}#{len(vals)}" if numbered else name, NoneType(), self.loc(index)))
        self.scopes[-1][name] = vals
        return vals[n]

    def use_values(self) -> list[Value]:
        """Zero or more comma-separated SSA uses."""
        out: list[Value] = []
        if self.kinds[self.i] != VALUE:
            return out
        out.append(self.use_value())
        while self.at(",") and self.kinds[self.i + 1] == VALUE:
            self.i += 1
            out.append(self.use_value())
        return out

    def check_type(self, v: Value, written: Type, index: int) -> None:
        """A type written for an operand must be the type of its definition (device code;
        host placeholders have no type to compare)."""
        if self.device and not isinstance(v.type, NoneType) and not same_type(v.type, written):
            msg = f"use of value '{v.name}' expects different type than prior uses: '{written}' vs '{v.type}'"
            e = self.error(msg, index)
            e.notes.append((v.loc, f"'{v.name}' is defined here as '{v.type}'"))
            raise e

    def typed(self, v: Value) -> Type:
        """The type written for operand ``v``, checked against its definition."""
        index = self.i
        t = self.parse_type()
        self.check_type(v, t, index)
        return t

    def typed_list(self, values: list[Value]) -> list[Type]:
        """``t1, t2, ...`` written for ``values``: one each, each checked."""
        first = self.i
        types = [self.typed(values[0]) if values else self.parse_type()]
        while self.accept(","):
            index = self.i
            t = self.parse_type()
            if len(types) < len(values):
                self.check_type(values[len(types)], t, index)
            types.append(t)
        if len(types) != len(values):
            raise self.error(f"{len(values)} operands but {len(types)} types", first)
        return types

    def new_op(
        self,
        name: str,
        index: int,
        operands: list[Value],
        result_types: list[Type],
        attributes: dict[str, Attribute] | None = None,
        regions: list[Region] | None = None,
        successors: list[Block] | None = None,
    ) -> Operation:
        """An op whose result values are named later by the statement that binds them."""
        loc = self.loc(index)
        if self.device and result_types:
            narrow_results(name, result_types, loc)
        results = [Value("", t, loc) for t in result_types]
        return Operation(name, operands, results, attributes or {}, regions or [], loc, successors or [])

    # -- statements --------------------------------------------------------------------------
    def parse_statement(self, ops: list[Operation]) -> None:
        start = self.i
        if self.device:
            try:
                op = self._statement()
            except DiagnosticError as e:
                e.from_device = True  # type: ignore[attr-defined]
                raise
        else:
            saved = (len(self.scopes), self.floor, self.device, self.default_dialect, len(self.labels))
            try:
                op = self._statement()
            except DiagnosticError as e:
                # Device errors, containers and truncated input (cursor at EOF) are never skipped.
                truncated = self.kinds[min(self.i, len(self.kinds) - 1)] == EOF
                if getattr(e, "from_device", False) or truncated or not self._may_skip(start):
                    raise
                del self.scopes[saved[0] :]
                del self.labels[saved[4] :]
                self.floor, self.device, self.default_dialect = saved[1:4]
                self.skip_statement(self._name_index(start))
                return
        if op is not None:
            ops.append(op)

    def _statement(self) -> Operation | None:
        k = self.kinds[self.i]
        if (k == HASH or k == BANG) and self.peek_is(1, "="):
            self._alias_definition()
            return None
        names = self._result_names() if k == VALUE else []
        name_index = self.i
        k = self.kinds[self.i]
        if k == STRING:
            op = self.parse_generic_op()
        elif k == BARE:
            op = self._custom_op()
            if op is None:
                return None
        else:
            raise self.error(f"expected operation name, got {self.describe()}")
        self._bind_results(op, names, name_index)
        return op

    def _result_names(self) -> list[tuple[str, int, bool, int]]:
        names: list[tuple[str, int, bool, int]] = []
        while True:
            index = self.i
            tok = self.expect_kind(VALUE, "result name")
            if "#" in tok:
                raise self.error(f"result name '{tok}' may not carry a result number", index)
            explicit = self.accept(":")
            count = self.parse_int("result count") if explicit else 1
            if count < 1:
                raise self.error("result count must be positive", self.i - 1)
            names.append((tok, count, explicit, index))
            if not self.accept(","):
                break
        self.expect("=", "after result names")
        return names

    def _bind_results(self, op: Operation, names: list[tuple[str, int, bool, int]], name_index: int) -> None:
        if len(names) == 1 and len(op.results) == 1 and not names[0][2]:  # `%x = ...`: most ops
            tok, _, _, index = names[0]
            op.results[0].name = tok
            self.define(tok, op.results[:1], index)
            return
        total = sum(n[1] for n in names)
        if total == 0:
            return  # results need not be bound (MLIR allows it): e.g. an atomic whose old value is unused
        if total != len(op.results):
            where = names[0][3] if names else name_index
            msg = f"operation '{op.name}' defines {len(op.results)} results but was provided {total} to bind"
            raise self.error(msg, where)
        pos = 0
        for tok, count, explicit, index in names:
            vals = op.results[pos : pos + count]
            for j, v in enumerate(vals):
                v.name = f"{tok}#{j}" if explicit else tok
            self.define(tok, vals, index)
            pos += count

    def _after_result_names(self, j: int) -> int | None:
        """If tokens from ``j`` are ``%a, %b:2 =``, the index of the op name, else None."""
        kinds, texts = self.kinds, self.texts
        while kinds[j] == VALUE:
            j += 1
            if texts[j] == ":":
                j += 2
            if texts[j] != ",":
                break
            j += 1
        return j + 1 if texts[j] == "=" and kinds[j] == PUNCT else None

    def _name_index(self, start: int) -> int:
        """Index of the op name of the statement starting at ``start``."""
        after = self._after_result_names(start) if self.kinds[start] == VALUE else None
        return start if after is None else after

    def _may_skip(self, start: int) -> bool:
        j = self._name_index(start)
        word = self.texts[j]
        if self.kinds[j] == STRING:
            word = unescape_string(word)
        return self._canonical_name(word) not in _NO_RECOVERY and self.kinds[j] in (BARE, STRING)

    def _canonical_name(self, word: str) -> str:
        if "." in word:
            dialect, _, rest = word.partition(".")
            return f"{canon_dialect(dialect)}.{rest}"
        if word == "module":
            return "builtin.module"
        if word == "func":
            return "func.func"
        if self.default_dialect:
            return f"{self.default_dialect}.{word}"
        return word

    def _custom_op(self) -> Operation | None:
        name_index = self.i
        name = self._canonical_name(self.texts[name_index])
        fn = CUSTOM_PARSERS.get(name)
        if fn is None:
            if self.device:
                why = NOT_COMPILABLE.get(name)
                if why is not None:
                    raise self.error(f"unsupported op '{name}': {why}", name_index)
                raise self.error(f"unsupported op '{name}'{did_you_mean(name, CUSTOM_PARSERS)}", name_index)
            self.skip_statement(name_index)
            return None
        self.i += 1
        op = fn(self, name, name_index)
        self._located(op)
        return op

    def skip_statement(self, name_index: int) -> None:
        """Host code: step over an op we do not parse, to the start of the next statement."""
        self.i = name_index + 1
        stack: list[tuple[str, int]] = []
        kinds, texts = self.kinds, self.texts
        while True:
            k, t = kinds[self.i], texts[self.i]
            if k == EOF:
                if stack:
                    opener, at = stack[-1]
                    raise self.error(f"unbalanced '{opener}': end of file before it is closed", at)
                return
            if not stack and (t == "}" and k == PUNCT or self._starts_statement(self.i)):
                return
            if k == PUNCT:
                if t in "([{<":
                    stack.append((t, self.i))
                elif t in _CLOSERS:
                    want = _CLOSERS[t]
                    while stack and stack[-1][0] != want and stack[-1][0] == "<":
                        stack.pop()  # a stray '<' never closed: do not let it swallow the file
                    if stack and stack[-1][0] == want:
                        stack.pop()
            self.i += 1

    def _starts_statement(self, j: int) -> bool:
        if not self.toks.starts_line(j) or self.texts[j - 1] in _CONTINUATION_TOKENS:
            return False
        k, t = self.kinds[j], self.texts[j]
        if k == VALUE:
            return self._after_result_names(j) is not None
        if k == BARE:
            return "." in t or t in _BARE_STATEMENT_WORDS
        if k == STRING:
            return self.texts[j + 1] == "("
        if k == CARET:
            return True
        return (k == HASH or k == BANG) and self.texts[j + 1] == "="

    def _alias_definition(self) -> None:
        index = self.i
        tok = self.texts[self.i]
        name = tok[1:]
        self.i += 2  # name '='
        if "." in name:
            raise self.error(f"alias name '{tok}' may not contain '.'", index)
        if tok[0] == "!":
            if name in self.type_aliases:
                raise self.error(f"redefinition of type alias '{tok}'", index)
            self.type_aliases[name] = self.parse_type()
            return
        if name in self.attr_aliases:
            raise self.error(f"redefinition of attribute alias '{tok}'", index)
        if self.kinds[self.i] == BANG and "." in self.texts[self.i] and self.peek_is(1, "<"):
            # RFC writes attribute aliases with a '!' (`#a = !xegpu.tdesc_attr<...>`).
            dialect, _, mnemonic = self.texts[self.i][1:].partition(".")
            self.i += 1
            attr: Attribute = self.parse_dialect_attr_body(canon_dialect(dialect), mnemonic)
        else:
            attr = self.parse_attr()
        self.attr_aliases[name] = attr

    # -- generic form ------------------------------------------------------------------------
    def parse_generic_op(self) -> Operation:
        name_index = self.i
        name = self._canonical_name(unescape_string(self.texts[self.i]))
        self.i += 1
        self.expect("(", "to start the operand list")
        operands = self.use_values()
        self.expect(")", "to close the operand list")
        successors: list[Block] = []
        if self.accept("["):
            while True:
                successors.append(self._block_ref())
                if not self.accept(","):
                    break
            self.expect("]", "to close the successor list")
        attributes: dict[str, Attribute] = {}
        if self.at("<") and self.peek_is(1, "{"):
            self.i += 1
            attributes.update(self.parse_attr_dict().entries)
            self.expect(">", "to close the properties")
        regions: list[Region] = []
        if self.at("(") and self.peek_is(1, "{"):
            self.i += 1
            isolated = name in _ISOLATED
            while True:
                regions.append(
                    self.parse_region(
                        isolated=isolated,
                        device=True if name == "gpu.module" else None,
                        default_dialect=_ISOLATED.get(name),
                    )
                )
                if not self.accept(","):
                    break
            self.expect(")", "to close the region list")
        if self.at("{"):
            attributes.update(self.parse_attr_dict().entries)
        self.expect(":", "and the function type of the generic op")
        ftype_index = self.i
        self.expect("(", "to start a function type")
        inputs: list[Type] = []
        if not self.accept(")"):
            while True:
                index = self.i
                t = self.parse_type()
                if len(inputs) < len(operands):
                    self.check_type(operands[len(inputs)], t, index)
                inputs.append(t)
                if self.accept(")"):
                    break
                self.expect(",", "in type list")
        self.expect("->", "in function type")
        results = self.parse_result_types()
        if len(inputs) != len(operands):
            msg = f"'{name}' has {len(operands)} operands but its type lists {len(inputs)}"
            raise self.error(msg, ftype_index)
        for v, t in zip(operands, inputs, strict=True):
            if isinstance(v.type, NoneType):  # host placeholder: learn its type
                v.type = t
        op = self.new_op(name, name_index, operands, results, attributes, regions, successors)
        self._located(op)
        return op

    def _located(self, op: Operation) -> None:
        """An op followed by ``loc("file":line:col)`` is at that position (printed IR)."""
        loc = self.trailing_loc()
        if loc is not None:
            op.loc = loc
            for v in op.results:
                v.loc = loc

    def _block_ref(self) -> Block:
        label = self.expect_kind(CARET, "block label")
        labels = self.labels[-1]
        if label not in labels:
            labels[label] = Block(label)
        return labels[label]

    # -- regions -----------------------------------------------------------------------------
    def parse_region(
        self,
        entry_args: list[ArgSpec] | None = None,
        *,
        isolated: bool = False,
        device: bool | None = None,
        default_dialect: str | None = None,
    ) -> Region:
        open_index = self.i
        self.expect("{", "to start a region")
        saved = (self.floor, self.device, self.default_dialect)
        self.scopes.append({})
        self.labels.append({})
        if isolated:
            self.floor = len(self.scopes) - 1
            self.default_dialect = default_dialect
        if device is not None:
            self.device = device
        try:
            return self._region_body(entry_args, open_index)
        finally:
            self.scopes.pop()
            self.labels.pop()
            self.floor, self.device, self.default_dialect = saved

    def _region_body(self, entry_args: list[ArgSpec] | None, open_index: int) -> Region:
        region = Region()
        if self.kinds[self.i] != CARET:
            block = Block(None, self._define_args(entry_args or []))
            region.blocks.append(block)
            if self.accept("}"):
                if entry_args is None and not block.arguments:
                    region.blocks.clear()  # `{}`: an empty region has no block
                return region
            self._block_ops(block, open_index)
        while self.kinds[self.i] == CARET:
            block = self._block_ref()
            if block in region.blocks:
                raise self.error(f"redefinition of block '{block.label}'", self.i - 1)
            if self.at("("):
                block.arguments = self._define_args(self._arg_specs())
            elif not region.blocks and entry_args:
                block.arguments = self._define_args(entry_args)
            self.expect(":", "after block label")
            region.blocks.append(block)
            self._block_ops(block, open_index)
        self.expect("}", "to close the region")
        undefined = [b.label for b in self.labels[-1].values() if b not in region.blocks]
        if undefined:
            raise self.error(f"reference to undefined block '{undefined[0]}'", open_index)
        return region

    def _block_ops(self, block: Block, open_index: int) -> None:
        kinds = self.kinds
        while True:
            k = kinds[self.i]
            if k == CARET or (k == PUNCT and self.texts[self.i] == "}"):
                return
            if k == EOF:
                at = self.loc(open_index)
                msg = f"unexpected end of file: missing '}}' for the region opened at {at.line}:{at.col}"
                raise self.error(msg)
            self.parse_statement(block.operations)

    def _arg_specs(self) -> list[ArgSpec]:
        """``(%a: t, %b: t loc(...))`` for block labels."""
        self.expect("(")
        specs: list[ArgSpec] = []
        if self.accept(")"):
            return specs
        while True:
            index = self.i
            name = self.expect_kind(VALUE, "block argument")
            self.expect(":", "after block argument name")
            specs.append((name, self.parse_type(), self.loc(index)))
            self.skip_loc()
            if self.accept(")"):
                return specs
            self.expect(",", "in block argument list")

    def _define_args(self, specs: list[ArgSpec]) -> list[Value]:
        out = []
        for name, ty, loc in specs:
            v = Value(name, ty, loc)
            if self.device and self.lookup(name) is not None:
                raise DiagnosticError(loc, f"redefinition of SSA value '{name}'")
            self.scopes[-1][name] = [v]
            out.append(v)
        return out


def parse_mlir(text: str, filename: str = "<input>") -> SourceModule:
    """Parse MLIR text. Bad input raises DiagnosticError; nothing else escapes."""
    parser: Parser | None = None
    try:
        parser = Parser(text, filename)
        return parser.parse_source()
    except DiagnosticError:
        raise
    except RecursionError:
        raise _internal(parser, filename, "input is nested too deeply") from None
    except (IndexError, ValueError, KeyError, TypeError, AttributeError, OverflowError, AssertionError) as e:
        raise _internal(parser, filename, f"malformed input ({type(e).__name__}: {e})") from None


def _internal(parser: Parser | None, filename: str, message: str) -> DiagnosticError:
    if parser is None:
        return DiagnosticError(Location(filename, 1, 1), message)
    last = min(parser.i, len(parser.kinds) - 1)
    return DiagnosticError(parser.loc(last), message)


def same_type(a: Type, b: Type) -> bool:
    """Type equality that ignores spelling-only differences in tensor_desc parameters
    (``array_length = 2`` vs ``array_length = 2 : i64``, spacing in raw attribute text)."""
    if a == b:
        return True
    if isinstance(a, TensorDescType) and isinstance(b, TensorDescType):
        return (a.shape, a.element) == (b.shape, b.element) and _same_attrs(a.params, b.params)
    return False


def _same_attrs(xs: tuple, ys: tuple) -> bool:
    return len(xs) == len(ys) and all(_same_attr(x, y) for x, y in zip(xs, ys, strict=True))


def _same_attr(x: Attribute, y: Attribute) -> bool:
    if x == y:
        return True
    if isinstance(x, IntegerAttr) and isinstance(y, IntegerAttr):
        return x.value == y.value and (x.type is None or y.type is None or x.type == y.type)
    if isinstance(x, DialectAttr) and isinstance(y, DialectAttr):
        return ((x.dialect, x.name) == (y.dialect, y.name) and _same_attrs(x.positional, y.positional)
                and [k for k, _ in x.named] == [k for k, _ in y.named]
                and _same_attrs(tuple(v for _, v in x.named), tuple(v for _, v in y.named)))
    if isinstance(x, DictAttr) and isinstance(y, DictAttr):
        return ([k for k, _ in x.entries] == [k for k, _ in y.entries]
                and _same_attrs(tuple(v for _, v in x.entries), tuple(v for _, v in y.entries)))
    if isinstance(x, ArrayAttr) and isinstance(y, ArrayAttr):
        return _same_attrs(x.elements, y.elements)
    return False


__all__ = ["ArgSpec", "Parser", "parse_mlir", "same_type"]
