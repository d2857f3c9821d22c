"""What the code written by :mod:`mindcell.graph.rewrite` calls at run time: each rewritten
``while``/``for ... in range``/``if`` statement, and ``not``/``and``/``or`` in their
conditions, run as plain Python for Python values and build While/If nodes (or bool tensors)
for traced ones."""
from mindcell._core import trace as _trace
from mindcell.common.tensor import Tensor
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.graph.symbolic import GraphModeError, graph_error


class _Undefined:
    """The value of a name a loop or branch assigns that had none before it."""

    def __repr__(self):
        return "<undefined: first assigned inside a tensor-dependent loop or branch>"


UNDEF = _Undefined()


def _traced(v):
    return getattr(v, "_traced", False)


def _pick(state, mutated=()):
    """(indices of the carried names, a function rebuilding the full state). A name carried
    only because the statement writes into it in place (``mutated``: its positions) is carried
    when it holds a plain tensor; a Parameter (its write is a side effect of the graph) and
    any other object stay outside the carried state."""
    idx = [i for i, v in enumerate(state) if v is not UNDEF and (
        i not in mutated or (isinstance(v, Tensor) and not isinstance(v, Parameter)))]
    copied = [i for i in idx if i in mutated]

    def full(carry):
        s = list(state)
        for i, v in zip(idx, carry):
            s[i] = v
        for i in copied:  # written into inside the region: a region-local copy, returned
            s[i] = _identity(s[i])
        return tuple(s)
    return idx, full


def _identity(x):
    return x.copy()  # its own buffer: the region's write goes into it, not into its input


def _at(state, idx):
    """The carried entries of a body's resulting state."""
    return tuple(state[i] for i in idx)


def while_stmt(cond_fn, body_fn, state, mutated=()):
    while True:
        c = cond_fn(state)
        if _traced(c):
            break
        if not c:
            return state
        state = body_fn(state)
    idx, full = _pick(state, mutated)
    carry = _trace.current().while_loop(
        lambda carry: cond_fn(full(carry)),
        lambda carry: _at(body_fn(full(carry)), idx),  # one call: its effects happen once
        tuple(state[i] for i in idx))
    return full(carry)


def for_range_stmt(bounds, body_fn, state, mutated=()):
    if not any(_traced(b) for b in bounds):
        for i in range(*bounds):
            state = body_fn(i, state)
        return state
    from mindcell.ops.control_flow import fori_loop
    lower, upper = (0, bounds[0]) if len(bounds) == 1 else bounds[:2]
    if len(bounds) > 2:
        raise graph_error("loop over range(...) with a step and tensor bounds",
                          "use a step of 1, or a Python int bound")
    idx, full = _pick(state, mutated)
    carry = fori_loop(lower, upper,
                      lambda i, carry: _at(body_fn(i, full(carry)), idx),
                      tuple(state[j] for j in idx), unroll=False)
    return full(carry)


def if_stmt(test, then_fn, else_fn, state, flags=(), mutated=()):
    """``flags``: the positions of the break/continue flags in ``state``; a tensor-dependent
    if makes them bool tensors (a branch that sets one and a branch that does not agree)."""
    if not _traced(test):
        return then_fn(state) if test else else_fn(state)
    state = _flag_tensors(state, flags)
    idx, full = _pick(state, mutated)
    # A name first assigned in only one branch (``percent`` set in the then-branch alone) has
    # no value after the if on the other path: it stays undefined after the if, as in Python
    # and MindSpore, instead of making the branches' results differ. The positions are learned
    # while tracing the branches; when a later branch adds one, both are traced again.
    undefined = set()

    def branch(fn):
        def run(*ops):
            out = list(_flag_tensors(fn(full(ops)), flags))
            undefined.update(i for i, v in enumerate(out) if v is UNDEF)
            for i in undefined:
                out[i] = UNDEF
            return tuple(out)
        return run

    while True:
        known = set(undefined)
        try:
            return _trace.current().cond(test, branch(then_fn), branch(else_fn),
                                         [state[i] for i in idx])
        except GraphModeError:
            if undefined == known:
                raise


def _flag_tensors(state, flags):
    from mindcell.graph.control import as_bool_tensor
    return tuple(as_bool_tensor(v, "loop flag") if i in flags and isinstance(v, bool) else v
                 for i, v in enumerate(state))


def defined(v):
    """A for loop's target before a loop that may break: its value, else 0 (so that it is
    carried through a tensor-dependent loop and keeps its value after the break)."""
    return 0 if v is UNDEF else v


def running(*flags):
    """Whether none of the break/continue flags is set (a bool, or a bool tensor)."""
    from mindcell.ops import functional as F
    if any(f is True for f in flags):
        return False
    tensors = [f for f in flags if f is not False]
    if not tensors:
        return True
    out = F.logical_not(tensors[0])
    for f in tensors[1:]:
        out = F.logical_and(out, F.logical_not(f))
    return out


def not_(v):
    """``not v`` in a rewritten condition: a traced ``v`` gives a bool tensor (Python's
    ``not`` would ask the traced tensor for a value it does not have yet)."""
    if not _traced(v):
        return not v
    from mindcell.graph.control import as_bool_tensor
    from mindcell.ops import functional as F
    return F.logical_not(as_bool_tensor(v, "condition"))


def and_(first, *rest):
    """``first and rest[0]() and ...`` in a rewritten condition. Python operands short-circuit
    as in Python; once an operand is traced the rest are evaluated and combined with
    logical_and (conditions are expected to have no side effects)."""
    return _bool_op(first, rest, is_and=True)


def or_(first, *rest):
    """``first or rest[0]() or ...`` in a rewritten condition (see :func:`and_`)."""
    return _bool_op(first, rest, is_and=False)


def _bool_op(value, thunks, is_and):
    from mindcell.graph.control import as_bool_tensor
    from mindcell.ops import functional as F
    combine = F.logical_and if is_and else F.logical_or
    for thunk in thunks:
        if not _traced(value):
            if bool(value) != is_and:  # decided: False for `and`, True for `or`
                return value
            value = thunk()
            continue
        nxt = thunk()
        value = combine(as_bool_tensor(value, "condition"), as_bool_tensor(
            nxt if _traced(nxt) else bool(nxt), "condition"))
    return value


def loop_test(broke, test):
    """A loop's test after a ``break`` lowered to the flag ``broke``: ``test()`` is not run
    once the flag is a Python True (as Python does not evaluate it after a break)."""
    go = running(broke)
    if go is False:
        return False
    c = test()
    if go is True:
        return c
    from mindcell.graph.control import as_bool_tensor
    from mindcell.ops import functional as F
    return F.logical_and(go, as_bool_tensor(c if _traced(c) else bool(c), "loop condition"))


def has_key(obj, key):
    """``obj.has_key(key)`` as MindSpore's graph syntax gives dicts: ``key in obj``."""
    if isinstance(obj, dict):
        return key in obj
    return obj.has_key(key)


def unpack(value, spec):
    """The value of a tuple assignment (or ``for`` target) whose targets have the structure
    ``spec`` (a tuple: None per plain target, a nested tuple per nested unpacking). As MindSpore's
    graph compiler does, a tuple, list or Tensor with more items than targets gives its first
    ones (``h, w = x.shape`` on a 4-D ``x`` is ``x.shape[:2]``); otherwise the value is
    unpacked as Python does (too few items still raise)."""
    if isinstance(value, Tensor):
        if value.ndim == 0 or len(value) <= len(spec):
            return value
    elif not isinstance(value, (tuple, list)) or len(value) < len(spec):
        return value  # (a tuple of the right length still unpacks its nested targets here)
    items = [value[i] for i in range(len(spec))]
    return tuple(v if s is None else unpack(v, s) for v, s in zip(items, spec))
