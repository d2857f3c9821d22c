"""Loops that GRAPH_MODE does not unroll: ``ops.WhileLoop``, ``ops.ForiLoop`` and ``ops.Scan``.
Eagerly they are Python loops; traced (GRAPH_MODE), a condition that is a traced tensor makes
one ``While`` node whose condition and body are compiled once, whatever the trip count."""
import numpy as np

from mindcell import dtype as mstype
from mindcell._core import trace as _trace
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_int, public_name, show
from mindcell.ops.operations import Primitive


def _check_callable(fn, op, arg):
    if not callable(fn):
        raise TypeError("%s: '%s' must be a function, but got %s" % (public_name(op), arg,
                                                                     show(fn)))


def _check_bound(v, op, arg):
    if isinstance(v, Tensor):
        if v.size != 1 or v._np_dtype.kind not in "iu":
            raise TypeError("%s: '%s' must be an int or a one-element integer Tensor, but got "
                            "a Tensor of shape %s and dtype %s" % (public_name(op), arg,
                                                                   v.shape, v.dtype))
        return v.reshape(())
    return check_int(v, op, arg, -2 ** 63, 2 ** 63 - 1)


def while_loop(cond_func, loop_func, init_val):
    """while_loop(cond_func, loop_func, init_val): ``while cond_func(val): val =
    loop_func(val)``, starting from ``init_val``; returns the final ``val``."""
    _check_callable(cond_func, "WhileLoop", "cond_func")
    _check_callable(loop_func, "WhileLoop", "loop_func")
    return _trace.current().while_loop(cond_func, loop_func, init_val)


def fori_loop(lower, upper, loop_func, init_val, unroll=True):
    """fori_loop(lower, upper, loop_func, init_val, unroll=True): ``for i in range(lower,
    upper): val = loop_func(i, val)``. With int bounds and ``unroll`` the loop runs in Python
    (unrolled into a graph, differentiable); otherwise ``i`` is an int64 Tensor and the loop is
    one While node in GRAPH_MODE."""
    lower = _check_bound(lower, "ForiLoop", "lower")
    upper = _check_bound(upper, "ForiLoop", "upper")
    _check_callable(loop_func, "ForiLoop", "loop_func")
    unroll = check_bool(unroll, "ForiLoop", "unroll")
    if unroll and isinstance(lower, int) and isinstance(upper, int):
        val = init_val
        for i in range(lower, upper):
            val = loop_func(i, val)
        return val
    from mindcell.ops import functional as F
    i0 = F.cast(lower, mstype.int64) if isinstance(lower, Tensor) else \
        Tensor._make(np.asarray(lower, np.int64))
    end = F.cast(upper, mstype.int64) if isinstance(upper, Tensor) else upper

    def body(state):
        i, val = state
        return i + 1, loop_func(i, val)
    return while_loop(lambda state: state[0] < end, body, (i0, init_val))[1]


def scan(loop_func, init, xs, length=None, unroll=True):
    """scan(loop_func, init, xs, length=None, unroll=True): ``carry = init``, then for each ``x``
    of ``xs`` (``length`` Nones when ``xs`` is None) ``carry, y = loop_func(carry, x)``;
    returns ``(carry, [y, ...])``. Unrolled, or with ``unroll=False`` over a list of same-shaped
    tensors in GRAPH_MODE one While node (``graph.scan``)."""
    _check_callable(loop_func, "Scan", "loop_func")
    if xs is not None and not isinstance(xs, (tuple, list)):
        raise TypeError("%s: 'xs' must be a tuple, a list or None, but got %s"
                        % (public_name("Scan"), show(xs)))
    if length is not None:
        length = check_int(length, "Scan", "length", 0)
    unroll = check_bool(unroll, "Scan", "unroll")
    if xs is None:
        if length is None:
            raise ValueError("%s: 'length' must be given when 'xs' is None"
                             % public_name("Scan"))
        xs = [None] * length
    elif length is not None and length != len(xs):
        raise ValueError("%s: 'length' must be len(xs) = %d, but got %d"
                         % (public_name("Scan"), len(xs), length))
    scan_loop = getattr(_trace.current(), "scan_loop", None)  # a GRAPH_MODE trace's
    if not unroll and xs and scan_loop is not None:
        out = scan_loop(loop_func, init, list(xs))
        if out is not None:
            return out
    carry, ys = init, []
    for x in xs:
        carry, y = scan_step(loop_func, carry, x)
        ys.append(y)
    return carry, ys


def scan_step(loop_func, carry, x):
    """``loop_func(carry, x)`` checked: a pair whose first item is like ``carry``."""
    out = loop_func(carry, x)
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        raise ValueError("%s: 'loop_func' must return a pair (carry, y), but got %s"
                         % (public_name("Scan"), show(out)))
    if _signature(out[0]) != _signature(carry):
        raise ValueError("%s: the carry 'loop_func' returns must have the type, structure, "
                         "shapes and dtypes of 'init' %s, but got %s"
                         % (public_name("Scan"), _signature(carry), _signature(out[0])))
    return out[0], out[1]


def _signature(v):
    if isinstance(v, Tensor):
        return ("Tensor", tuple(v.shape), str(v.dtype))
    if isinstance(v, (tuple, list)):
        return (type(v).__name__,) + tuple(_signature(o) for o in v)
    if isinstance(v, dict):
        return ("dict",) + tuple((k, _signature(o)) for k, o in v.items())
    return type(v).__name__


class WhileLoop(Primitive):
    """WhileLoop()(cond_func, loop_func, init_val): a while loop that GRAPH_MODE does not
    unroll (see :func:`while_loop`)."""

    def __call__(self, cond_func, loop_func, init_val):
        return while_loop(cond_func, loop_func, init_val)


class ForiLoop(Primitive):
    """ForiLoop()(lower, upper, loop_func, init_val, unroll=True): ``for i in range(lower,
    upper)`` (see :func:`fori_loop`)."""

    def __call__(self, lower, upper, loop_func, init_val, unroll=True):
        return fori_loop(lower, upper, loop_func, init_val, unroll)


class Scan(Primitive):
    """Scan()(loop_func, init, xs, length=None, unroll=True): scan ``loop_func`` over ``xs``
    carrying a value (see :func:`scan`); returns ``(carry, ys)``."""

    def __call__(self, loop_func, init, xs, length=None, unroll=True):
        return scan(loop_func, init, xs, length, unroll)


__all__ = ["WhileLoop", "ForiLoop", "Scan"]
