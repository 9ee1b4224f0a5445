"""`jit.to_static`'s source conversion: a Python function's AST rewritten so
that control flow on tensors becomes program control flow.

    if x.mean() > 0:           ->  def __pm_fn_true_0(y): y = x * 2; return (y,)
        y = x * 2                  def __pm_fn_false_0(y): y = -x; return (y,)
    else:                          (y,) = _jst.convert_ifelse(x.mean() > 0, __pm_fn_true_0,
        y = -x                         __pm_fn_false_0, _jst.get_vars(locals(), ('y',)),
                                       ('y',), 'model.py:12')

The rewrites, in order:
  1. early `return`s: a return flag and value, the statements after a
     statement that may return guarded by `if not flag`, one final return;
  2. `for i in range(...)` becomes a `while` (so a tensor bound is a
     pd.while); `break`/`continue` become flags that guard the rest of the
     body and end the loop;
  3. `if`/`while` become calls of `_jst.convert_ifelse`/`convert_while` with
     the bodies as functions of the variables they assign; `a if c else b`,
     `and`/`or`/`not` likewise; every call goes through `_jst.convert_call`
     so user functions and layers called from here are converted too.
At capture time the helpers (convert.py) run Python-valued conditions as
Python and tensor-valued ones as pd.if/pd.while. The converted code keeps
the user's file name and line numbers, so errors and op locations point at
the user's source.
"""

from __future__ import annotations

import ast
import inspect
import textwrap

from . import convert
from .convert import Dy2StaticError

_PREFIX = "__pm_"
#: FunctionDef has type_params from Python 3.12 on.
_TYPE_PARAMS = {"type_params": []} if "type_params" in ast.FunctionDef._fields else {}
_CACHE: dict = {}          # code object -> converted function
_FAILED: set = set()


def unconvertible(fn) -> bool:
    """Functions whose source cannot be read (builtins, lambdas typed at a
    prompt, C extensions) are called as they are."""
    if fn.__code__ in _FAILED:
        return True
    try:
        inspect.getsource(fn)
    except (OSError, TypeError):
        _FAILED.add(fn.__code__)
        return True
    return False


def convert_function(fn):
    """The converted version of `fn` (cached by code object)."""
    code = fn.__code__
    hit = _CACHE.get(code)
    if hit is not None:
        return _rebind(hit, fn)
    try:
        source = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError) as e:
        raise Dy2StaticError(f"to_static cannot read the source of {fn.__qualname__} ({e}): "
                             "define it in a file") from None
    filename = code.co_filename
    tree = ast.parse(source)
    ast.increment_lineno(tree, code.co_firstlineno - 1)
    node = tree.body[0]
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        raise Dy2StaticError(f"{filename}:{code.co_firstlineno}: to_static converts functions "
                             f"defined with `def`, not {type(node).__name__}")
    if isinstance(node, ast.AsyncFunctionDef):
        raise Dy2StaticError(f"{filename}:{node.lineno}: an async function is not supported by "
                             "to_static")
    node.decorator_list = []
    _Converter(filename).convert(node)
    freevars = code.co_freevars
    factory = ast.FunctionDef(
        name=f"{_PREFIX}factory", args=ast.arguments(
            posonlyargs=[], args=[ast.arg(arg=v) for v in freevars], vararg=None, kwonlyargs=[],
            kw_defaults=[], kwarg=None, defaults=[]),
        body=[node, ast.Return(value=ast.Name(id=node.name, ctx=ast.Load()))],
        decorator_list=[], returns=None, **_TYPE_PARAMS)
    module = ast.Module(body=[factory], type_ignores=[])
    ast.fix_missing_locations(module)
    ast.copy_location(factory, node)
    namespace = dict(fn.__globals__)
    namespace["_jst"] = convert
    exec(compile(module, filename, "exec"), namespace)
    make = namespace[f"{_PREFIX}factory"]
    _CACHE[code] = (make, node.name)
    return _rebind(_CACHE[code], fn)


def _rebind(entry, fn):
    make, _name = entry
    cells = [c.cell_contents for c in (fn.__closure__ or ())]
    converted = make(*cells)
    converted.__defaults__ = fn.__defaults__
    converted.__kwdefaults__ = fn.__kwdefaults__
    converted.__pm_original__ = fn
    return converted


# -- helpers to build AST --------------------------------------------------------
def _name(id_, store=False):
    return ast.Name(id=id_, ctx=ast.Store() if store else ast.Load())


def _jst(attr):
    return ast.Attribute(value=_name("_jst"), attr=attr, ctx=ast.Load())


def _call(func, *args):
    return ast.Call(func=func, args=list(args), keywords=[])


def _const(v):
    return ast.Constant(value=v)


def _assign(name, value):
    return ast.Assign(targets=[_name(name, True)], value=value)


def _tuple(names, store=False):
    return ast.Tuple(elts=[_name(n, store) for n in names],
                     ctx=ast.Store() if store else ast.Load())


def _lambda(body):
    return ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[],
                                         kw_defaults=[], kwarg=None, defaults=[]), body=body)


def _def(name, params, body):
    return ast.FunctionDef(
        name=name, args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params],
                                      vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
                                      defaults=[]),
        body=body or [ast.Pass()], decorator_list=[], returns=None, **_TYPE_PARAMS)


def _located(nodes, at):
    for n in nodes:
        ast.copy_location(n, at)
        for child in ast.walk(n):
            if not hasattr(child, "lineno") and "lineno" in child._attributes:
                ast.copy_location(child, at)
    return nodes


def assigned_names(stmts) -> list:
    """Variables a block assigns (in order), not counting nested function and
    class scopes nor the converter's helper functions."""
    found = []

    def add(name):
        if name not in found and not name.startswith(f"{_PREFIX}fn_"):
            found.append(name)

    def visit(node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            add(node.name)
            return
        if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
                             ast.GeneratorExp)):
            return
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                add((alias.asname or alias.name).split(".")[0])
        for child in ast.iter_child_nodes(node):
            visit(child)
    for s in stmts:
        visit(s)
    return found


def _contains(stmts, kinds, stop_at_loops=False) -> bool:
    """Whether any statement (not inside nested functions; not inside nested
    loops with stop_at_loops) is one of `kinds`."""
    for s in stmts:
        for node in _walk_local(s, stop_at_loops):
            if isinstance(node, kinds):
                return True
    return False


def _walk_local(node, stop_at_loops):
    yield node
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
        return
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if stop_at_loops and isinstance(child, (ast.For, ast.While)):
            continue
        yield from _walk_local(child, stop_at_loops)


class _Converter:
    def __init__(self, filename):
        self.filename = filename
        self.counter = 0

    def loc(self, node) -> str:
        return f"{self.filename}:{node.lineno}"

    def fresh(self, kind) -> str:
        self.counter += 1
        return f"{_PREFIX}{kind}_{self.counter}"

    def error(self, node, what):
        raise Dy2StaticError(f"{self.loc(node)}: {what} is not supported by to_static")

    # -- entry ------------------------------------------------------------------
    def convert(self, fdef: ast.FunctionDef):
        for node in ast.walk(fdef):
            if isinstance(node, (ast.Yield, ast.YieldFrom)) and node is not fdef:
                self.error(node, "a generator (`yield`)")
            if isinstance(node, (ast.Nonlocal, ast.Global)):
                self.error(node, f"`{type(node).__name__.lower()}`")
        fdef.body = self.rewrite_returns(fdef)
        fdef.body = self.rewrite_loops(fdef.body)
        fdef.body = _StatementConverter(self).visit_block(fdef.body)
        _ExpressionConverter(self).visit(fdef)

    # -- 1. returns -------------------------------------------------------------
    def rewrite_returns(self, fdef):
        body = fdef.body
        nested = any(isinstance(n, ast.Return) for s in body
                     if not isinstance(s, ast.Return)
                     for n in _walk_local(s, False))
        if not nested:
            return body
        flag, value = f"{_PREFIX}ret_flag", f"{_PREFIX}ret_value"
        new, _ = self._returns_block(body, flag, value, in_loop=False)
        head = _located([_assign(flag, _const(False)), _assign(value, _const(None))], body[0])
        tail = _located([ast.Return(value=_name(value))], body[-1])
        return head + new + tail

    def _returns_block(self, stmts, flag, value, in_loop):
        out = []
        for i, s in enumerate(stmts):
            if isinstance(s, ast.Return):
                out += _located([_assign(value, s.value or _const(None)),
                                 _assign(flag, _const(True))], s)
                if in_loop:
                    out.append(ast.copy_location(ast.Break(), s))
                return out, True
            may_return = False
            if isinstance(s, ast.If):
                s.body, r1 = self._returns_block(s.body, flag, value, in_loop)
                s.orelse, r2 = self._returns_block(s.orelse, flag, value, in_loop)
                may_return = r1 or r2
            elif isinstance(s, (ast.While, ast.For)):
                s.body, may_return = self._returns_block(s.body, flag, value, True)
                if may_return and s.orelse:
                    self.error(s, "a loop `else` with a `return` in the loop")
            elif isinstance(s, ast.With):
                s.body, may_return = self._returns_block(s.body, flag, value, in_loop)
            elif isinstance(s, ast.Try):
                if any(isinstance(n, ast.Return) for n in _walk_local(s, False)):
                    self.error(s, "a `return` inside `try`")
            out.append(s)
            if may_return:
                rest, _ = self._returns_block(stmts[i + 1:], flag, value, in_loop)
                if rest:
                    guard = ast.If(test=ast.UnaryOp(op=ast.Not(), operand=_name(flag)),
                                   body=rest, orelse=[])
                    out.append(_located([guard], stmts[i + 1])[0])
                return out, True
        return out, False

    # -- 2. loops ---------------------------------------------------------------
    def rewrite_loops(self, stmts):
        out = []
        for s in stmts:
            for field in ("body", "orelse", "finalbody"):
                if hasattr(s, field) and isinstance(getattr(s, field), list) and \
                        not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    setattr(s, field, self.rewrite_loops(getattr(s, field)))
            if isinstance(s, ast.Try):
                for h in s.handlers:
                    h.body = self.rewrite_loops(h.body)
            if isinstance(s, ast.For):
                out += self._rewrite_for(s)
            elif isinstance(s, ast.While):
                out += self._rewrite_while(s)
            else:
                out.append(s)
        return out

    @staticmethod
    def _range_args(node):
        it = node.iter
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" \
                and not it.keywords and 1 <= len(it.args) <= 3 and isinstance(node.target, ast.Name):
            args = it.args
            if len(args) == 1:
                return _const(0), args[0], _const(1)
            if len(args) == 2:
                return args[0], args[1], _const(1)
            return args[0], args[1], args[2]
        return None

    def _rewrite_for(self, node):
        bounds = self._range_args(node)
        if bounds is None:
            # A Python for over a list/layers: unrolled at capture. Its break
            # flags must stay Python values (checked at the top of each step).
            if not _contains(node.body, (ast.Break, ast.Continue), stop_at_loops=True):
                return [node]
            if node.orelse:
                self.error(node, "a `for ... else` with `break`")
            brk, cnt = self.fresh("brk"), self.fresh("cnt")
            body = self._flags_block(node.body, brk, cnt)
            check = ast.If(test=_call(_jst("python_flag"), _name(brk), _const(self.loc(node))),
                           body=[ast.Break()], orelse=[])
            check.pm_python = True
            node.body = _located([check, _assign(cnt, _const(False))], node) + body
            return _located([_assign(brk, _const(False))], node) + [node]
        if node.orelse:
            self.error(node, "a `for ... else`")
        start, stop, step = bounds
        var = node.target.id
        stop_name, step_name = self.fresh("stop"), self.fresh("step")
        prologue = _located([_assign(stop_name, stop), _assign(step_name, step),
                             _assign(var, start)], node)
        increment = _located([_assign(var, ast.BinOp(left=_name(var), op=ast.Add(),
                                                      right=_name(step_name)))], node)
        loop = ast.While(test=_call(_jst("range_cond"), _name(var), _name(stop_name),
                                    _name(step_name)),
                         body=node.body, orelse=[])
        ast.copy_location(loop, node)
        return prologue + self._rewrite_while(loop, increment)

    def _rewrite_while(self, node, increment=()):
        if node.orelse:
            self.error(node, "a `while ... else`")
        has_break = _contains(node.body, ast.Break, stop_at_loops=True)
        has_continue = _contains(node.body, ast.Continue, stop_at_loops=True)
        if not has_break and not has_continue:
            node.body = node.body + list(increment)
            return [node]
        brk, cnt = self.fresh("brk"), self.fresh("cnt")
        body = self._flags_block(node.body, brk, cnt)
        node.body = _located([_assign(cnt, _const(False))], node) + body + list(increment)
        if has_break:
            node.test = _call(_jst("loop_test"), _name(brk), _lambda(node.test))
            ast.copy_location(node.test, node)
        return _located([_assign(brk, _const(False))], node) + [node]

    def _flags_block(self, stmts, brk, cnt):
        """break/continue of this loop as flags; what follows a statement that
        may set one runs only while neither is set."""
        out = []
        for i, s in enumerate(stmts):
            if isinstance(s, ast.Break):
                out.append(ast.copy_location(_assign(brk, _const(True)), s))
                return out
            if isinstance(s, ast.Continue):
                out.append(ast.copy_location(_assign(cnt, _const(True)), s))
                return out
            may = False
            if isinstance(s, ast.If):
                may = _contains([s], (ast.Break, ast.Continue), stop_at_loops=True)
                if may:
                    s.body = self._flags_block(s.body, brk, cnt)
                    s.orelse = self._flags_block(s.orelse, brk, cnt)
            elif isinstance(s, (ast.With, ast.Try)):
                if _contains([s], (ast.Break, ast.Continue), stop_at_loops=True):
                    self.error(s, f"`break`/`continue` inside `{type(s).__name__.lower()}`")
            out.append(s)
            if may and stmts[i + 1:]:
                rest = self._flags_block(stmts[i + 1:], brk, cnt)
                guard = ast.If(test=_call(_jst("neither"), _name(brk), _name(cnt)),
                               body=rest, orelse=[])
                out.append(_located([guard], stmts[i + 1])[0])
                return out
        return out


class _StatementConverter:
    """3a. if / while statements into convert_ifelse / convert_while calls."""

    def __init__(self, converter):
        self.c = converter

    def visit_block(self, stmts):
        out = []
        for s in stmts:
            out += self.visit(s)
        return out

    def visit(self, s):
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return [s]
        for field in ("body", "orelse", "finalbody"):
            value = getattr(s, field, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                setattr(s, field, self.visit_block(value))
        if isinstance(s, ast.Try):
            for h in s.handlers:
                h.body = self.visit_block(h.body)
        if isinstance(s, ast.If) and not getattr(s, "pm_python", False):
            return self.convert_if(s)
        if isinstance(s, ast.While):
            return self.convert_while(s)
        return [s]

    def convert_if(self, s):
        for n in _contains_jumps(s.body + s.orelse):
            self.c.error(n, f"`{type(n).__name__.lower()}` inside an `if` outside a loop")
        names = assigned_names(s.body + s.orelse)
        true_fn, false_fn = self.c.fresh("fn_true"), self.c.fresh("fn_false")
        ret = ast.Return(value=_tuple(names))
        defs = [_def(true_fn, names, s.body + [ret]),
                _def(false_fn, names, (s.orelse or []) + [ast.Return(value=_tuple(names))])]
        call = _call(_jst("convert_ifelse"), s.test, _name(true_fn), _name(false_fn),
                     _get_vars(names), ast.Tuple(elts=[_const(n) for n in names], ctx=ast.Load()),
                     _const(self.c.loc(s)))
        stmt = ast.Assign(targets=[_tuple(names, True)], value=call) if names else ast.Expr(call)
        return _located(defs + [stmt], s)

    def convert_while(self, s):
        names = assigned_names(s.body)
        cond_fn, body_fn = self.c.fresh("fn_cond"), self.c.fresh("fn_body")
        defs = [_def(cond_fn, names, [ast.Return(value=s.test)]),
                _def(body_fn, names, s.body + [ast.Return(value=_tuple(names))])]
        call = _call(_jst("convert_while"), _name(cond_fn), _name(body_fn), _get_vars(names),
                     ast.Tuple(elts=[_const(n) for n in names], ctx=ast.Load()),
                     _const(self.c.loc(s)))
        stmt = ast.Assign(targets=[_tuple(names, True)], value=call) if names else ast.Expr(call)
        return _located(defs + [stmt], s)


def _contains_jumps(stmts):
    """break/continue/return left in a block that becomes a function (the
    loop rewrites removed those of converted loops)."""
    found = []
    for s in stmts:
        for node in _walk_local(s, stop_at_loops=True):
            if isinstance(node, (ast.Break, ast.Continue, ast.Return)):
                found.append(node)
    return found


def _get_vars(names):
    return _call(_jst("get_vars"), _call(_name("locals")),
                 ast.Tuple(elts=[_const(n) for n in names], ctx=ast.Load()))


class _ExpressionConverter(ast.NodeTransformer):
    """3b. `and`/`or`/`not`, `a if c else b` and calls."""

    _DIRECT = {"range", "len", "print", "isinstance", "super", "locals", "getattr", "hasattr",
               "setattr", "type", "int", "float", "bool", "str", "list", "tuple", "dict",
               "enumerate", "zip", "min", "max", "abs", "sum", "any", "all", "iter", "next",
               "id", "repr", "format", "sorted", "reversed", "map", "filter", "round"}

    def __init__(self, converter):
        self.c = converter

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        helper = "convert_and" if isinstance(node.op, ast.And) else "convert_or"
        return ast.copy_location(_call(_jst(helper), *[_lambda(v) for v in node.values]), node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return ast.copy_location(_call(_jst("convert_not"), node.operand), node)
        return node

    def visit_IfExp(self, node):
        self.generic_visit(node)
        return ast.copy_location(_call(_jst("convert_ifexp"), node.test, _lambda(node.body),
                                       _lambda(node.orelse), _const(self.c.loc(node))), node)

    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Name) and (func.id in self._DIRECT or func.id.startswith(_PREFIX)):
            return node
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
                func.value.id == "_jst":
            return node
        node.func = ast.copy_location(_call(_jst("convert_call"), func), func)
        return node

    def visit_FunctionDef(self, node):
        # Nested user functions keep their own semantics; the converter's
        # helpers (and the converted function itself) are visited.
        self.generic_visit(node)
        return node

    def visit_Lambda(self, node):
        self.generic_visit(node)
        return node

