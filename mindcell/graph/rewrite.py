"""Source rewrite of construct's control flow on tensors (as MindSpore parses construct):
when tracing meets ``while <tensor>:`` (or an ``if`` on a tensor whose branches have side
effects), the function's source is parsed with ``ast`` and every ``while``, ``for ... in
range(...)`` and ``if`` statement becomes a call of :func:`while_stmt`, :func:`for_range_stmt`
or :func:`if_stmt` on nested functions of the names the statement assigns. Those run as
plain Python for Python conditions and build While/If nodes for traced ones. The function's
code object is replaced in place (same file, same line numbers); statements holding
``break``/``continue``/``return``/``yield``/``global``/``nonlocal`` are left as they are."""
import ast
import gc
import inspect
import textwrap
import types

from mindcell._core import trace as _trace
from mindcell.graph.symbolic import graph_error, user_code_frame

_HELPERS = "mindcell.graph.rewrite"


class _Undefined:
    """The value of a name a loop or branch assigns that had none before it."""

    def __repr__(self):
        return "<undefined: first assigned inside a tensor-dependent loop or branch>"


UNDEF = _Undefined()


def _traced(v):
    return getattr(v, "_traced", False)


def _pick(state):
    """(indices of the defined names, a function rebuilding the full state)."""
    idx = [i for i, v in enumerate(state) if v is not UNDEF]

    def full(carry):
        s = list(state)
        for i, v in zip(idx, carry):
            s[i] = v
        return tuple(s)
    return idx, full


def while_stmt(cond_fn, body_fn, state):
    while True:
        c = cond_fn(state)
        if _traced(c):
            break
        if not c:
            return state
        state = body_fn(state)
    idx, full = _pick(state)
    carry = _trace.current().while_loop(
        lambda carry: cond_fn(full(carry)),
        lambda carry: tuple(body_fn(full(carry))[i] for i in idx),
        tuple(state[i] for i in idx))
    return full(carry)


def for_range_stmt(bounds, body_fn, state):
    if not any(_traced(b) for b in bounds):
        for i in range(*bounds):
            state = body_fn(i, state)
        return state
    from mindcell.ops.control_flow import fori_loop
    lower, upper = (0, bounds[0]) if len(bounds) == 1 else bounds[:2]
    if len(bounds) > 2:
        raise graph_error("loop over range(...) with a step and tensor bounds",
                          "use a step of 1, or a Python int bound")
    idx, full = _pick(state)
    carry = fori_loop(lower, upper,
                      lambda i, carry: tuple(body_fn(i, full(carry))[j] for j in idx),
                      tuple(state[j] for j in idx), unroll=False)
    return full(carry)


def if_stmt(test, then_fn, else_fn, state):
    if not _traced(test):
        return then_fn(state) if test else else_fn(state)
    idx, full = _pick(state)
    return _trace.current().cond(test, lambda *ops: then_fn(full(ops)),
                                 lambda *ops: else_fn(full(ops)), [state[i] for i in idx])


# ----- the rewrite -----------------------------------------------------------------------------
_STOP = (ast.Break, ast.Continue, ast.Return, ast.Yield, ast.YieldFrom, ast.Global,
         ast.Nonlocal, ast.Await)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
           ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _walk_scope(nodes):
    """Every AST node of ``nodes`` outside nested scopes."""
    stack = list(nodes)
    while stack:
        n = stack.pop()
        yield n
        if not isinstance(n, _SCOPES):
            stack.extend(ast.iter_child_nodes(n))


def _assigned(nodes):
    names = []
    for n in _walk_scope(nodes):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and \
                not n.id.startswith("__mc_") and n.id not in names:
            names.append(n.id)
    return names


def _blocked(nodes):
    # a break/continue of a loop nested inside the statement is its own business
    for n in _walk_scope(nodes):
        if isinstance(n, _STOP) and not (isinstance(n, (ast.Break, ast.Continue))
                                         and _inside_inner_loop(n, nodes)):
            return True
    return False


def _inside_inner_loop(target, nodes):
    for n in _walk_scope(nodes):
        if isinstance(n, (ast.For, ast.While)) and any(
                m is target for m in _walk_scope(n.body + n.orelse)):
            return True
    return False


class _Rewriter(ast.NodeTransformer):
    """Rewrites the statements of one function body (nested scopes are left alone)."""

    def __init__(self):
        self.count = 0

    def rewrite(self, fdef):
        fdef.body = [s for stmt in fdef.body for s in _as_list(self.visit(stmt))]
        return fdef

    def _nested(self, node):
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = _nested

    def visit_While(self, node):
        self.generic_visit(node)
        if node.orelse or _blocked(node.body):
            return node
        names = _assigned(node.body)
        k = self._next()
        cond = _fn("__mc_cond_%d" % k, ["__mc_s"], names, [ast.Return(node.test)], ret=False)
        body = _fn("__mc_body_%d" % k, ["__mc_s"], names, node.body)
        return [cond, body, _call_assign(names, "while_stmt", [_name(cond.name),
                                                               _name(body.name), _state(names)])]

    def visit_For(self, node):
        self.generic_visit(node)
        it = node.iter
        if (node.orelse or _blocked(node.body) or not isinstance(it, ast.Call)
                or not isinstance(it.func, ast.Name) or it.func.id != "range" or it.keywords
                or not 1 <= len(it.args) <= 3 or any(isinstance(a, ast.Starred)
                                                     for a in it.args)):
            return node
        names = [n for n in _assigned(node.body + [node.target])]
        k = self._next()
        head = ast.Assign([node.target], _name("__mc_i"))
        body = _fn("__mc_body_%d" % k, ["__mc_i", "__mc_s"], names, [head] + node.body)
        bounds = ast.Tuple(list(it.args), ast.Load())
        return [body, _call_assign(names, "for_range_stmt",
                                   [bounds, _name(body.name), _state(names)])]

    def visit_If(self, node):
        self.generic_visit(node)
        if _blocked(node.body + node.orelse):
            return node
        names = _assigned(node.body + node.orelse)
        k = self._next()
        then = _fn("__mc_then_%d" % k, ["__mc_s"], names, node.body)
        other = _fn("__mc_else_%d" % k, ["__mc_s"], names, node.orelse or [ast.Pass()])
        return [then, other, _call_assign(names, "if_stmt", [node.test, _name(then.name),
                                                             _name(other.name), _state(names)])]

    def _next(self):
        self.count += 1
        return self.count


def _as_list(x):
    return x if isinstance(x, list) else [x]


def _name(id_, ctx=None):
    return ast.Name(id_, ctx or ast.Load())


def _names_tuple(names, ctx):
    return ast.Tuple([_name(n, ctx()) for n in names], ctx())


def _fn(name, args, names, body, ret=True):
    unpack = ast.Assign([_names_tuple(names, ast.Store)], _name(args[-1])) if names else None
    stmts = ([unpack] if unpack else []) + list(body)
    if ret:
        stmts.append(ast.Return(_names_tuple(names, ast.Load)))
    header = ast.parse("def %s(%s):\n    pass" % (name, ", ".join(args))).body[0]
    header.body = stmts
    return header


def _state(names):
    """(name if defined else UNDEF, ...) read from ``locals()``."""
    get = ast.Attribute(ast.Call(_name("locals"), [], []), "get", ast.Load())
    undef = ast.Attribute(_helpers(), "UNDEF", ast.Load())
    return ast.Tuple([ast.Call(get, [ast.Constant(n), undef], []) for n in names], ast.Load())


def _helpers():
    return ast.Call(_name("__import__"), [ast.Constant(_HELPERS), ast.Constant(None),
                                          ast.Constant(None), ast.Tuple([ast.Constant("_")],
                                                                        ast.Load())], [])


def _call_assign(names, helper, args):
    call = ast.Call(ast.Attribute(_helpers(), helper, ast.Load()), args, [])
    if not names:
        return ast.Expr(call)
    return ast.Assign([_names_tuple(names, ast.Store)], call)


_done = {}  # original code -> rewritten code


def rewrite_function(code):
    """Rewrite the function whose code object is ``code`` (all function objects sharing it);
    False if it cannot be (no source, a different closure)."""
    if code in _done or code.co_name == "<lambda>" or code.co_name.startswith("__mc_"):
        return False
    funcs = [f for f in gc.get_referrers(code)
             if isinstance(f, types.FunctionType) and f.__code__ is code]
    try:
        source = textwrap.dedent(inspect.getsource(code))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError):
        return False
    fdef = tree.body[0]
    if not funcs or not isinstance(fdef, ast.FunctionDef):
        return False
    fdef.decorator_list = []
    fdef = _Rewriter().rewrite(fdef)
    free = list(code.co_freevars)
    wrapper = ast.parse("def __mc_wrap():\n    pass").body[0]
    wrapper.body = [ast.Assign([_name(n, ast.Store())], ast.Constant(None)) for n in free] + \
        [fdef, ast.Return(_name(fdef.name))]
    module = ast.Module([wrapper], [])
    ast.fix_missing_locations(module)
    ast.increment_lineno(module, code.co_firstlineno - 1)
    namespace = {}
    exec(compile(module, code.co_filename, "exec"), funcs[0].__globals__, namespace)
    new = namespace["__mc_wrap"]().__code__
    if new.co_freevars != code.co_freevars:
        return False
    for f in funcs:
        f.__code__ = new
    _done[code] = new
    return True


class NeedsRewrite(Exception):
    """Raised while tracing when a function was rewritten: the trace starts again."""


_while_lines = {}  # code -> line numbers of the tests of its while / for-range statements


def _loop_lines(code):
    lines = _while_lines.get(code)
    if lines is None:
        lines = set()
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(code)))
        except (OSError, TypeError, SyntaxError):
            tree = None
        for n in ast.walk(tree) if tree is not None else ():
            head = n.test if isinstance(n, ast.While) else n.iter if isinstance(n, ast.For) \
                else None
            if head is not None:
                lines.update(range(head.lineno + code.co_firstlineno - 1,
                                   head.end_lineno + code.co_firstlineno))
        _while_lines[code] = lines
    return lines


def user_code():
    """(code, line) of the innermost frame outside mindcell."""
    frame = user_code_frame()
    return (None, 0) if frame is None else (frame.f_code, frame.f_lineno)


def rewrite_loop_here():
    """At a tensor used as a loop condition or range bound in user code: rewrite that function
    and raise NeedsRewrite (nothing happens elsewhere, or if it cannot be rewritten)."""
    code, line = user_code()
    if code is not None and line in _loop_lines(code) and rewrite_function(code):
        raise NeedsRewrite()
