"""Source rewrite of construct's control flow on tensors (as MindSpore parses construct):
when tracing meets ``while <tensor>:`` (or an ``if`` on a tensor whose branches have side
effects), the function's source is parsed with ``ast`` and every ``while``, ``for ... in
range(...)`` and ``if`` statement becomes a call of :func:`while_stmt`, :func:`for_range_stmt`
or :func:`if_stmt` (in :mod:`mindcell.graph.rewrite_helpers`) on nested functions of the
names the statement assigns. Those run as plain Python for Python conditions and build
While/If nodes for traced ones. A loop's own
``break``/``continue`` (also under ``if``s) become loop-carried flags first. The rewritten
code (same file, same line numbers) runs in the user's function only while a trace needs it
(:func:`installed`); statements holding ``return``/``yield``/``global``/``nonlocal`` (or a
jump inside ``with``/``try``) are left as they are."""
import ast
import contextlib
import gc
import inspect
import sys
import textwrap
import threading
import types
import weakref

from mindcell.graph.symbolic import user_code_frame

_HELPERS = "mindcell.graph.rewrite_helpers"  # the module the rewritten code calls


# ----- the rewrite -----------------------------------------------------------------------------
_JUMPS = (ast.Break, ast.Continue)
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


def _written_into(nodes, assigned):
    """The names written into in place (``out[:, i] = v``, ``buf[k] += v``) that the
    statements do not assign: a tensor-dependent loop or branch carries them as it carries
    the assigned names, so that the write becomes part of its result (a Parameter is left to
    its own write, see :func:`rewrite_helpers._pick`)."""
    names = []
    for n in _walk_scope(nodes):
        if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store):
            base = n.value
            while isinstance(base, ast.Subscript):
                base = base.value
            if isinstance(base, ast.Name) and not base.id.startswith("__mc_") and \
                    base.id not in assigned and base.id not in names:
                names.append(base.id)
    return names


def _carried(nodes):
    """(names a loop or branch carries, keywords naming the in-place written ones)."""
    names = _assigned(nodes)
    written = _written_into(nodes, names)
    keywords = [ast.keyword("mutated", ast.Tuple(
        [ast.Constant(len(names) + i) for i in range(len(written))], ast.Load()))] \
        if written else []
    return names + written, keywords


def _blocked(nodes, allowed=()):
    # a break/continue of a loop nested inside the statement is its own business
    for n in _walk_scope(nodes):
        if isinstance(n, _STOP) and not any(n is a for a in allowed) and not (
                isinstance(n, _JUMPS) and _inside_inner_loop(n, nodes)):
            return True
    return False


def _own_jumps(stmts):
    """The loop's own break/continue statements in ``stmts`` (its body), or None if one sits
    in a statement other than ``if`` (with, try, match: not lowered)."""
    found = []
    for s in stmts:
        if isinstance(s, _JUMPS):
            found.append(s)
        elif isinstance(s, ast.If):
            inner = _own_jumps(s.body + s.orelse)
            if inner is None:
                return None
            found += inner
        elif not isinstance(s, (ast.For, ast.While, ast.AsyncFor) + _SCOPES) and any(
                isinstance(n, _JUMPS) and not _inside_inner_loop(n, [s])
                for n in _walk_scope([s])):
            return None
    return found


def _guard(stmts, flags):
    """``stmts`` with break/continue replaced by setting their flag ({type: name}) and the
    statements after one that may set a flag run under ``if running(flags):``."""
    out = []
    for i, s in enumerate(stmts):
        if isinstance(s, _JUMPS):
            out.append(ast.Assign([_name(flags[type(s)], ast.Store())], ast.Constant(True)))
            return out  # the rest of the block is unreachable
        out.append(s)
        if isinstance(s, ast.If) and _own_jumps([s]):
            s.body, s.orelse = _guard(s.body, flags), _guard(s.orelse, flags)
            if stmts[i + 1:]:
                out.append(ast.If(_running(flags), _guard(stmts[i + 1:], flags), []))
            return out
    return out


def _running(flags):
    return ast.Call(ast.Attribute(_helpers(), "running", ast.Load()),
                    [_name(n) for n in flags.values()], [])


def _flag_positions(names):
    return [i for i, n in enumerate(names) if n.startswith(_FLAGS)]


_FLAGS = ("__mcbrk_", "__mccnt_")


def _inside_inner_loop(target, nodes):
    for n in _walk_scope(nodes):
        if isinstance(n, (ast.For, ast.While)) and any(
                m is target for m in _walk_scope(n.body + n.orelse)):
            return True
    return False


def _condition(test):
    """A test expression whose ``not``/``and``/``or`` (at its top, and nested in each other)
    call :func:`not_`/:func:`and_`/:func:`or_`, so they also take traced tensors."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return ast.copy_location(ast.Call(ast.Attribute(_helpers(), "not_", ast.Load()),
                                          [_condition(test.operand)], []), test)
    if isinstance(test, ast.BoolOp):
        helper = "and_" if isinstance(test.op, ast.And) else "or_"
        first, *rest = [_condition(v) for v in test.values]
        thunks = [ast.Lambda(ast.arguments([], [], None, [], [], None, []), v) for v in rest]
        return ast.copy_location(ast.Call(ast.Attribute(_helpers(), helper, ast.Load()),
                                          [first] + thunks, []), test)
    return test


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

    def _lower_jumps(self, node):
        """Lower the loop's own break/continue into flags (the loop's body changes); the
        statements to put before the loop and the break flag's name (None if no break)."""
        jumps = _own_jumps(node.body) if not node.orelse else None
        if not jumps or _blocked(node.body, jumps):
            return [], None
        k = self._next()
        flags = {t: "%s%d" % (p, k) for t, p in zip(_JUMPS, _FLAGS)
                 if any(isinstance(j, t) for j in jumps)}
        node.body = _guard(node.body, flags)
        if ast.Continue in flags:  # cleared at the start of each iteration
            node.body.insert(0, ast.Assign([_name(flags[ast.Continue], ast.Store())],
                                           ast.Constant(False)))
        brk = flags.get(ast.Break)
        if brk is None:
            return [], None
        return [ast.Assign([_name(brk, ast.Store())], ast.Constant(False))], brk

    def visit_While(self, node):
        node.test = _condition(node.test)
        pre, brk = self._lower_jumps(node)
        if brk is not None:
            node.test = ast.Call(ast.Attribute(_helpers(), "loop_test", ast.Load()), [
                _name(brk), ast.Lambda(ast.arguments([], [], None, [], [], None, []),
                                       node.test)], [])
        self.generic_visit(node)
        if node.orelse or _blocked(node.body):
            return pre + [node]
        names, keywords = _carried(node.body)
        k = self._next()
        cond = _fn("__mc_cond_%d" % k, ["__mc_s"], names, [ast.Return(node.test)], ret=False)
        body = _fn("__mc_body_%d" % k, ["__mc_s"], names, node.body)
        return pre + [cond, body, _call_assign(names, "while_stmt", [
            _name(cond.name), _name(body.name), _state(names)], keywords)]

    def visit_For(self, node):
        it = node.iter
        if (node.orelse or not isinstance(it, ast.Call)
                or not isinstance(it.func, ast.Name) or it.func.id != "range" or it.keywords
                or not 1 <= len(it.args) <= 3 or any(isinstance(a, ast.Starred)
                                                     for a in it.args)):
            self.generic_visit(node)
            spec = _unpack_spec(node.target)
            if spec is not None:  # for a, b in pairs: each item unpacked as assignments are
                k = self._next()
                item = "__mc_item_%d" % k
                node.body.insert(0, ast.Assign([node.target], _lenient_unpack(_name(item), spec)))
                node.target = _name(item, ast.Store())
            return node
        node.body.insert(0, ast.Assign([node.target], _name("__mc_i")))
        pre, brk = self._lower_jumps(node)
        if brk is not None:  # later iterations do nothing (the target keeps its value)
            node.body = [ast.If(_running({ast.Break: brk}), node.body, [])]
            if isinstance(node.target, ast.Name):  # defined before the loop: carried
                pre.append(ast.Assign([_name(node.target.id, ast.Store())], ast.Call(
                    ast.Attribute(_helpers(), "defined", ast.Load()),
                    [_state([node.target.id]).elts[0]], [])))
        self.generic_visit(node)
        if _blocked(node.body):
            node.body.pop(0)
            return pre + [node]
        names, keywords = _carried(node.body + [node.target])
        k = self._next()
        body = _fn("__mc_body_%d" % k, ["__mc_i", "__mc_s"], names, node.body)
        bounds = ast.Tuple(list(it.args), ast.Load())
        return pre + [body, _call_assign(names, "for_range_stmt",
                                         [bounds, _name(body.name), _state(names)], keywords)]

    def visit_If(self, node):
        self.generic_visit(node)
        node.test = _condition(node.test)
        if _blocked(node.body + node.orelse):
            return node
        names, keywords = _carried(node.body + node.orelse)
        k = self._next()
        then = _fn("__mc_then_%d" % k, ["__mc_s"], names, node.body)
        other = _fn("__mc_else_%d" % k, ["__mc_s"], names, node.orelse or [ast.Pass()])
        args = [node.test, _name(then.name), _name(other.name), _state(names)]
        flags = _flag_positions(names)
        if flags:
            args.append(ast.Tuple([ast.Constant(i) for i in flags], ast.Load()))
        return [then, other, _call_assign(names, "if_stmt", args, keywords)]

    def visit_Assign(self, node):
        self.generic_visit(node)
        spec = _unpack_spec(node.targets[0]) if len(node.targets) == 1 else None
        if spec is not None:
            node.value = _lenient_unpack(node.value, spec)
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr == "has_key" and len(node.args) == 1 \
                and not node.keywords and not isinstance(node.args[0], ast.Starred):
            return ast.copy_location(ast.Call(ast.Attribute(_helpers(), "has_key", ast.Load()),
                                              [f.value, node.args[0]], []), node)
        return node

    def _next(self):
        self.count += 1
        return self.count


def _unpack_spec(target):
    """The structure of a tuple/list assignment target (a tuple holding None for each plain
    target and a nested tuple for each nested unpacking), or None for other targets and for
    targets with a starred name (their unpacking is never short)."""
    if not isinstance(target, (ast.Tuple, ast.List)):
        return None
    spec = []
    for elt in target.elts:
        if isinstance(elt, ast.Starred):
            return None
        inner = _unpack_spec(elt)
        if inner is None and isinstance(elt, (ast.Tuple, ast.List)):
            return None
        spec.append(inner)
    return tuple(spec)


def _lenient_unpack(value, spec):
    return ast.Call(ast.Attribute(_helpers(), "unpack", ast.Load()),
                    [value, ast.Constant(spec)], [])


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


def _call_assign(names, helper, args, keywords=()):
    call = ast.Call(ast.Attribute(_helpers(), helper, ast.Load()), args, list(keywords))
    if not names:
        return ast.Expr(call)
    return ast.Assign([_names_tuple(names, ast.Store)], call)


_rewritten = weakref.WeakKeyDictionary()  # original code -> rewritten code (None: cannot be)
_results = weakref.WeakSet()  # the rewritten code objects
_installed = {}  # id(function) -> [function, its original code, traces using the rewrite]
_lock = threading.Lock()
_local = threading.local()  # .scope: the functions this thread's trace installed code into


@contextlib.contextmanager
def installed():
    """The scope of one (outermost) trace: the rewritten code that :func:`rewrite_function`
    installs into functions is taken out again when it ends, so that the user's functions are
    changed only while GRAPH_MODE traces them (calls in other threads meanwhile run the
    rewritten code, which does the same as the original outside a trace)."""
    if getattr(_local, "scope", None) is not None:
        yield
        return
    _local.scope = []
    try:
        yield
    finally:
        scope, _local.scope = _local.scope, None
        with _lock:
            for f in scope:
                entry = _installed[id(f)]
                entry[2] -= 1
                if not entry[2]:
                    f.__code__ = entry[1]
                    del _installed[id(f)]


def rewrite_function(code):
    """Install the rewrite of the function whose code object is ``code`` into the function
    objects running it, for the current trace; False if nothing was (no source, a different
    closure, already rewritten, no trace scope)."""
    scope = getattr(_local, "scope", None)
    if scope is None or code in _results or code.co_name == "<lambda>" \
            or code.co_name.startswith("__mc_"):
        return False
    funcs = [f for f in gc.get_referrers(code)
             if isinstance(f, types.FunctionType) and f.__code__ is code]
    with _lock:  # and those another thread's trace runs the rewrite in right now
        funcs += [e[0] for e in _installed.values() if e[1] is code and e[0] not in funcs]
    if not funcs:
        return False
    if code not in _rewritten:
        _rewritten[code] = _rewrite_code(code, funcs[0].__globals__)
    new = _rewritten[code]
    if new is None:
        return False
    # A nested function (``def discounted(...)`` inside the traced method) is made afresh from
    # its code constant on every run of the enclosing function, so the traced restart would
    # meet the original loop again: the enclosing functions get that constant swapped too.
    funcs += _enclosing_functions(code, new)
    with _lock:
        for f in funcs:
            entry = _installed.setdefault(id(f), [f, f.__code__, 0])
            entry[2] += 1
            f.__code__ = new if f.__code__ is code else _swapped_const(f.__code__, code, new)
            scope.append(f)
    return True


_const_swaps = {}  # (id(outer code), id(inner code)) -> (outer, inner, outer with inner's rewrite)


def _swapped_const(outer, code, new):
    """``outer`` with its code constant ``code`` replaced by ``new`` (cached: one object)."""
    key = (id(outer), id(code))
    hit = _const_swaps.get(key)
    if hit is None or hit[0] is not outer or hit[1] is not code:
        consts = tuple(new if c is code else c for c in outer.co_consts)
        hit = _const_swaps[key] = (outer, code, outer.replace(co_consts=consts))
    return hit[2]


def _enclosing_functions(code, new):
    """The function objects running on the stack whose code holds ``code`` as a constant (its
    enclosing functions, original or already rewritten)."""
    outers, frame = [], sys._getframe(1)
    while frame is not None:  # code objects are not tracked by gc: their frames hold them
        c = frame.f_code
        if c not in outers and any(k is code for k in c.co_consts):
            outers.append(c)
        frame = frame.f_back
    found = []
    for outer in outers:
        found += [f for f in gc.get_referrers(outer)
                  if isinstance(f, types.FunctionType) and f.__code__ is outer]
    return found


def _rewrite_code(code, globals_):
    """The rewritten code object of ``code`` (same file, same line numbers), or None."""
    tree = _source_tree(code)
    if tree is None:
        return None
    fdef = tree.body[0]
    if not isinstance(fdef, ast.FunctionDef):
        return None
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
    exec(compile(module, code.co_filename, "exec"), globals_, namespace)
    new = namespace["__mc_wrap"]().__code__
    if new.co_freevars != code.co_freevars:
        return None
    _results.add(new)
    return new


def _source_tree(code):
    """The parsed (dedented) source of ``code``'s function, or None when it has none."""
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(code)))
    except (OSError, TypeError, SyntaxError):
        return None


class NeedsRewrite(Exception):
    """Raised while tracing when a function was rewritten: the trace starts again."""


# code -> line numbers of the tests of its while / for statements, and of the ifs inside a
# loop that hold a break or continue of it
_while_lines = weakref.WeakKeyDictionary()


def _loop_lines(code):
    lines = _while_lines.get(code)
    if lines is None:
        lines, tree = set(), _source_tree(code)
        for n in ast.walk(tree) if tree is not None else ():
            head = n.test if isinstance(n, ast.While) else n.iter if isinstance(n, ast.For) \
                else None
            heads = [head] if head is not None else []
            if head is not None and not n.orelse and _own_jumps(n.body):
                heads += [m.test for m in _walk_scope(n.body) if isinstance(m, ast.If)]
            for h in heads:
                lines.update(range(h.lineno + code.co_firstlineno - 1,
                                   h.end_lineno + code.co_firstlineno))
        _while_lines[code] = lines
    return lines


def user_code():
    """(code, line) of the innermost frame outside mindcell."""
    frame = user_code_frame()
    return (None, 0) if frame is None else (frame.f_code, frame.f_lineno)


def rewrite_for_attribute_error(error):
    """``d.has_key(k)`` (MindSpore's graph syntax for dicts) failed in user code: rewrite the
    function holding it (the call becomes :func:`rewrite_helpers.has_key`); True if it was,
    so the trace starts again."""
    if "'dict' object has no attribute 'has_key'" not in str(error):
        return False
    return _rewrite_raising_function(error)


def rewrite_for_value_error(error):
    """An unpacking in user code got more values than it has targets (``h, w = x.shape`` on a
    4-D ``x``): MindSpore's graph compiler takes the first ones, so the function holding it is
    rewritten (every tuple assignment and ``for`` target unpacks with
    :func:`rewrite_helpers.unpack`); True if it was, so the trace starts again."""
    if not str(error).startswith("too many values to unpack"):
        return False
    return _rewrite_raising_function(error)


def _rewrite_raising_function(error):
    """Rewrite the innermost user function (outside mindcell) on ``error``'s traceback."""
    import os
    from mindcell.graph.symbolic import _PACKAGE_DIR
    tb, code = error.__traceback__, None
    while tb is not None:
        if not os.path.abspath(tb.tb_frame.f_code.co_filename).startswith(_PACKAGE_DIR):
            code = tb.tb_frame.f_code
        tb = tb.tb_next
    return code is not None and rewrite_function(code)


def rewrite_loop_here():
    """At a tensor used as a loop condition or range bound in user code: rewrite that function
    and raise NeedsRewrite (nothing happens elsewhere, or if it cannot be rewritten)."""
    code, line = user_code()
    if code is not None and line in _loop_lines(code) and rewrite_function(code):
        raise NeedsRewrite()
