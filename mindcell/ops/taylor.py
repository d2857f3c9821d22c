"""``ops.derivative`` and ``ops.jet``: higher-order derivatives along a path, computed exactly
by nested forward-mode differentiation (``ops.jvp`` of ``ops.jvp`` ...)."""
import math

import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops.forward_ad import jvp

__all__ = ["derivative", "jet"]


def _float_inputs(primals, op):
    single = isinstance(primals, Tensor)
    items = (primals,) if single else primals
    if not isinstance(items, tuple) or not items or \
            not all(isinstance(p, Tensor) for p in items):
        raise TypeError("%s: 'primals' must be a Tensor or a tuple of Tensors, but got %r"
                        % (op, primals))
    out = tuple(p if p.dtype.is_floating_point else p.astype(np.float32) for p in items)
    return single, out


def _check_fn(fn, op):
    if not callable(fn):
        raise TypeError("%s: 'fn' must be a Cell or a function, but got %s"
                        % (op, type(fn).__name__))


def _path_derivatives(fn, primals, series, order):
    """d^k/dt^k fn(x(t)) at t = 0 for k = 1..order, x(t) = x + sum_j s_j t^j / j! per input."""
    zero = Tensor(np.zeros((), np.float32))

    def path(t):
        inputs = []
        for x, s in zip(primals, series):
            value, power = x, None
            for j, s_j in enumerate(s, 1):
                power = t if power is None else power * t  # t**j by products: no pow at 0
                value = value + s_j * (power / float(math.factorial(j)))
            inputs.append(value)
        return fn(*inputs)

    out, current = [], path
    for _ in range(order):
        current = (lambda g: (lambda t: jvp(g, (t,), (Tensor(np.ones((), np.float32)),))[1]))(
            current)
        out.append(current(zero))
    return out


def _stack(values, index):
    from mindcell.ops import functional as F
    if isinstance(values[0], (tuple, list)):
        return [F.stack([v[i] for v in values]) if index is None else values[index][i]
                for i in range(len(values[0]))]
    return F.stack(values) if index is None else values[index]


def derivative(fn, primals, order):
    """derivative(fn, primals, order): ``fn(primals)`` and its ``order``-th derivative along the
    direction of ones in every input (``d^n/dt^n fn(x + t)`` at ``t = 0``; for an element-wise
    ``fn`` the ``n``-th derivative of each element), as MindSpore 2.10's. Computed exactly by
    nested forward-mode differentiation, in PYNATIVE_MODE and GRAPH_MODE.

    Args:
        fn (Union[Cell, function]): the function.
        primals (Union[Tensor, tuple[Tensor]]): its inputs (int tensors become float32).
        order (int): the derivative's order, >= 1.

    Returns:
        tuple (out_primals, out_series): ``fn(primals)`` and the ``order``-th derivative (lists
        of Tensors when ``fn`` returns several).

    Raises:
        TypeError: ``fn`` is not callable, ``primals`` is not a Tensor or a tuple of Tensors,
            or ``order`` not an int.
        ValueError: ``order`` < 1 or beyond int64.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> x = ms.tensor([[1, 2], [3, 4]], ms.float32)
        >>> out, third = ops.derivative(lambda x: ops.exp(ops.sin(x)), x, 3)
        >>> print(third.asnumpy().round(3))
        [[-4.052  3.672]
         [ 0.505 -0.521]]
    """
    _check_fn(fn, "derivative")
    if isinstance(order, bool) or not isinstance(order, int):
        raise TypeError("derivative: 'order' must be an int, but got %r" % (order,))
    if not 1 <= order < 2 ** 63:  # MindSpore 2.10 builds an order-long series: an error above
        raise ValueError("derivative: 'order' must be in [1, 2**63), but got %d" % order)
    _, xs = _float_inputs(primals, "derivative")
    series = [[Tensor(np.ones(x.shape, x._np_dtype))] for x in xs]
    out = fn(*xs)
    values = _path_derivatives(fn, xs, series, order)
    last = _stack(values, order - 1)
    return (list(out) if isinstance(out, tuple) else out), last


def jet(fn, primals, series):
    """jet(fn, primals, series): ``fn(primals)`` and the derivatives of order 1 to ``n`` of
    ``fn(x(t))`` at ``t = 0``, where ``x(t)`` is the input's path with derivatives
    ``series[0], ..., series[n - 1]`` (``x(t) = x + sum_j series[j - 1] t^j / j!``), as
    MindSpore 2.10's. Computed exactly by nested forward-mode differentiation.

    Args:
        fn (Union[Cell, function]): the function.
        primals (Union[Tensor, tuple[Tensor]]): its inputs (int tensors become float32).
        series (Union[Tensor, tuple[Tensor]]): for each input, its path's derivatives stacked
            on axis 0: shape ``(n,) + input.shape``.

    Returns:
        tuple (out_primals, out_series): ``fn(primals)`` and the derivatives of order 1..n
        stacked on axis 0 (lists when ``fn`` returns several Tensors).

    Raises:
        TypeError: ``fn`` is not callable, or ``primals``/``series`` are not Tensors (or tuples
            of them).
        ValueError: ``series`` does not match ``primals`` (count or shapes).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> x = ms.tensor([2.0], ms.float32)
        >>> s = ms.tensor([[1.0], [0.0]], ms.float32)
        >>> out, d = ops.jet(lambda x: x ** 3, x, s)
        >>> print(out, d.reshape(-1))
        [8.] [12. 12.]
    """
    _check_fn(fn, "jet")
    single, xs = _float_inputs(primals, "jet")
    _, ss = _float_inputs(series, "jet")
    if len(ss) != len(xs):
        raise ValueError("jet: 'series' must have one Tensor per input (%d), but got %d"
                         % (len(xs), len(ss)))
    orders = {s.shape[0] if s.shape else 0 for s in ss}
    if len(orders) != 1 or 0 in orders or any(tuple(s.shape[1:]) != tuple(x.shape)
                                                for s, x in zip(ss, xs)):
        raise ValueError("jet: each series must have shape (n,) + its input's shape, one n for "
                         "all, but got %s for inputs %s"
                         % ([tuple(s.shape) for s in ss], [tuple(x.shape) for x in xs]))
    n = orders.pop()
    per_input = [[s[j].astype(x.dtype) for j in range(n)] for s, x in zip(ss, xs)]
    out = fn(*xs)
    values = _path_derivatives(fn, xs, per_input, n)
    return (list(out) if isinstance(out, tuple) else out), _stack(values, None)
