"""Loops that GRAPH_MODE does not unroll: ``ops.WhileLoop`` and ``ops.ForiLoop``. Eagerly they
are Python loops; traced (GRAPH_MODE), a condition that is a traced tensor makes one ``While``
node whose condition and body are compiled once, whatever the trip count."""
import numpy as np

from mindcell import dtype as mstype
from mindcell._core import trace as _trace
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, public_name, show
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
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
        raise TypeError("%s: '%s' must be an int or a one-element integer Tensor, but got %s"
                        % (public_name(op), arg, show(v)))
    v = int(v)
    if not -2 ** 63 <= v < 2 ** 63:
        raise ValueError("%s: '%s' must fit in int64, but got %d" % (public_name(op), arg, v))
    return v


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


__all__ = ["WhileLoop", "ForiLoop"]
