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
    """A while loop that GRAPH_MODE does not unroll: ``while cond_func(val): val = loop_func(val)``,
    starting from ``init_val`` (see :func:`while_loop`).

    Eagerly it is a Python loop; traced in GRAPH_MODE, a condition that is a traced tensor makes
    one While node whose condition and body are compiled once, whatever the trip count.

    Inputs:
        - **cond_func** (Callable) - takes the loop value, returns whether to go on (a bool or
          a one-element bool Tensor).
        - **loop_func** (Callable) - takes the loop value, returns the next one (of the same
          structure, shapes and dtypes).
        - **init_val** (Union[Tensor, number, tuple, list]) - the first value.

    Outputs:
        The loop value when ``cond_func`` turns false.

    Raises:
        TypeError: ``cond_func`` or ``loop_func`` is not callable.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> ops.WhileLoop()(lambda v: v < 10, lambda v: v * 2, 1)
        16
        >>> step = lambda s: (s[0] + 1, s[1] * 2)
        >>> print(ops.WhileLoop()(lambda s: s[0] < 3, step, (0, Tensor(np.ones(2, np.float32))))[1])
        [8. 8.]
    """

    def __call__(self, cond_func, loop_func, init_val):
        return while_loop(cond_func, loop_func, init_val)


class ForiLoop(Primitive):
    """A counted loop: ``for i in range(lower, upper): val = loop_func(i, val)``, starting from
    ``init_val`` (see :func:`fori_loop`).

    With int bounds and ``unroll`` the loop runs in Python (unrolled into a traced graph,
    differentiable); otherwise ``i`` is an Int64 Tensor and in GRAPH_MODE the loop is one While
    node.

    Inputs:
        - **lower** (Union[int, Tensor]) - the first index (an int or a one-element integer
          Tensor).
        - **upper** (Union[int, Tensor]) - the end index, excluded.
        - **loop_func** (Callable) - takes ``(i, val)``, returns the next value.
        - **init_val** (Union[Tensor, number, tuple, list]) - the first value.
        - **unroll** (bool) - run the loop in Python when the bounds are ints. Default:
          ``True``.

    Outputs:
        The value after the last step (``init_val`` when ``lower >= upper``).

    Raises:
        TypeError: ``loop_func`` is not callable, a bound is not an int or one-element integer
            Tensor, or ``unroll`` is not a bool.

    Examples:
        >>> from mindcell import ops
        >>> ops.ForiLoop()(0, 4, lambda i, v: v + i, 0)
        6
        >>> print(ops.ForiLoop()(1, 4, lambda i, v: v * i, 1, unroll=False))
        6
    """

    def __call__(self, lower, upper, loop_func, init_val, unroll=True):
        return fori_loop(lower, upper, loop_func, init_val, unroll)


class Scan(Primitive):
    """Scans a function over a sequence, carrying a value: ``carry = init``, then for each ``x``
    of ``xs`` ``carry, y = loop_func(carry, x)``; returns ``(carry, [y, ...])`` (see
    :func:`scan`).

    Unrolled by default; with ``unroll=False`` a list of same-shaped tensors makes one While
    node in GRAPH_MODE.

    Inputs:
        - **loop_func** (Callable) - takes ``(carry, x)``, returns ``(new_carry, y)``, the new
          carry of ``init``'s type, structure, shapes and dtypes.
        - **init** (Union[Tensor, number, tuple, list, dict]) - the first carry.
        - **xs** (Union[tuple, list, None]) - the items; None scans ``length`` Nones.
        - **length** (int, optional) - the number of steps, ``len(xs)`` if given with ``xs``.
          Default: ``None``.
        - **unroll** (bool) - run the loop in Python. Default: ``True``.

    Outputs:
        tuple(carry, ys): the last carry and the list of the ``y`` of each step.

    Raises:
        TypeError: ``loop_func`` is not callable, ``xs`` is not a tuple, list or None, or
            ``length``/``unroll`` has a wrong type.
        ValueError: ``length`` is missing with ``xs`` None, differs from ``len(xs)`` or is
            negative, or ``loop_func`` returns no pair or a carry unlike ``init``.

    Examples:
        >>> from mindcell import ops
        >>> ops.Scan()(lambda c, x: (c + x, c * x), 0, [1, 2, 3])
        (6, [0, 2, 9])
        >>> ops.Scan()(lambda c, x: (c + 1, c), 10, None, length=2)
        (12, [10, 11])
    """

    def __call__(self, loop_func, init, xs, length=None, unroll=True):
        return scan(loop_func, init, xs, length, unroll)


__all__ = ["WhileLoop", "ForiLoop", "Scan"]
