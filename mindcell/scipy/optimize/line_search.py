"""``line_search``: an inexact line search satisfying the strong Wolfe conditions (Nocedal and
Wright, Numerical Optimization, algorithms 3.5 and 3.6)."""
from collections import namedtuple

import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.scipy.optimize._common import Objective, start, to_numpy

__all__ = ["line_search"]

_LineSearchResults = namedtuple(
    "_LineSearchResults", ["failed", "nit", "nfev", "ngev", "k", "a_k", "f_k", "g_k", "status"])


def _interpolate(a_lo, f_lo, d_lo, a_hi, f_hi, d_hi):
    """A trial step between a_lo and a_hi: the minimiser of the cubic through both ends'
    values and slopes when it falls well inside, else bisection."""
    lo, hi = min(a_lo, a_hi), max(a_lo, a_hi)
    d1 = d_lo + d_hi - 3.0 * (f_lo - f_hi) / (a_lo - a_hi)
    disc = d1 * d1 - d_lo * d_hi
    if disc >= 0:
        d2 = np.sign(a_hi - a_lo) * np.sqrt(disc)
        denom = d_hi - d_lo + 2.0 * d2
        if denom != 0:
            a = a_hi - (a_hi - a_lo) * (d_hi + d2 - d1) / denom
            margin = 0.1 * (hi - lo)
            if lo + margin <= a <= hi - margin and np.isfinite(a):
                return float(a)
    return 0.5 * (a_lo + a_hi)


def search(obj, xk, pk, f0, g0, c1=1e-4, c2=0.9, maxiter=20):
    """The strong-Wolfe search along ``pk`` from ``xk`` (numpy); ``obj`` evaluates.

    Returns (failed, nit, a, f, g, status): status 0 success, 1 no step found within
    ``maxiter`` evaluations, 2 ``pk`` is not a descent direction, 3 non-finite values."""
    dtype = xk.dtype
    d0 = float(np.dot(g0, pk))
    if not d0 < 0:
        return True, 0, 0.0, f0, g0, 2

    def phi(a):
        f, g = obj.value_and_grad(xk + dtype.type(a) * pk)
        return float(f), float(np.dot(g, pk)), f, g

    a_prev, f_prev, d_prev = 0.0, float(f0), d0
    # Sufficient decrease up to the rounding of f: near a minimum, differences below the
    # precision of ``f``'s dtype would otherwise reject every step (an approximate Wolfe test)
    slack = 4.0 * float(np.finfo(dtype).eps) * abs(float(f0))
    a, nit = 1.0, 0
    lo = hi = None
    best = None
    while nit < maxiter:
        nit += 1
        fa, da, f, g = phi(a)
        if not (np.isfinite(fa) and np.isfinite(da)):
            if lo is None:  # shrink into the finite region
                hi = (a, fa, da)
                a = 0.5 * (a_prev + a)
                continue
            return True, nit, a, f, g, 3
        best = (a, f, g)
        if lo is None:  # bracketing phase (algorithm 3.5)
            if fa > float(f0) + c1 * a * d0 + slack or (nit > 1 and fa > f_prev + slack):
                lo, hi = (a_prev, f_prev, d_prev), (a, fa, da)
            elif abs(da) <= -c2 * d0:
                return False, nit, a, f, g, 0
            elif da >= 0:
                lo, hi = (a, fa, da), (a_prev, f_prev, d_prev)
            else:
                a_prev, f_prev, d_prev = a, fa, da
                a = 2.0 * a
                continue
            a = _interpolate(*lo, *hi)
            continue
        # zoom phase (algorithm 3.6): a was the trial inside [lo, hi]
        if fa > float(f0) + c1 * a * d0 + slack or fa > lo[1] + slack:
            hi = (a, fa, da)
        else:
            if abs(da) <= -c2 * d0:
                return False, nit, a, f, g, 0
            if da * (hi[0] - lo[0]) >= 0:
                hi = lo
            lo = (a, fa, da)
        if abs(hi[0] - lo[0]) <= np.finfo(dtype).eps * max(1.0, abs(lo[0])):
            break
        a = _interpolate(*lo, *hi)
    if best is None:
        return True, nit, 0.0, f0, g0, 1
    return True, nit, best[0], best[1], best[2], 1


def line_search(f, xk, pk, jac=None, gfk=None, old_fval=None, old_old_fval=None, c1=1e-4,
                c2=0.9, maxiter=20):
    """Inexact line search that satisfies the strong Wolfe conditions.

    Algorithms 3.5 and 3.6 of Nocedal and Wright, 'Numerical Optimization', 1999: bracketing
    with doubling steps from 1, then zooming in with cubic interpolation.

    Args:
        f (function): ``f(x)`` of a 1-D Tensor ``x``, returning a real scalar.
        xk (Tensor): the starting point, 1-D.
        pk (Tensor): the search direction; must be a descent direction.
        jac (function): ``jac(x)``, the gradient of ``f``; ``None`` differentiates ``f``.
            Default: ``None``.
        gfk (Tensor): the gradient at ``xk`` if known. Default: ``None``.
        old_fval (Tensor): ``f(xk)`` if known (used with ``gfk``). Default: ``None``.
        old_old_fval (Tensor): unused, for SciPy compatibility (as in MindSpore).
            Default: ``None``.
        c1 (float): the sufficient-decrease constant. Default: ``1e-4``.
        c2 (float): the curvature constant. Default: ``0.9``.
        maxiter (int): the most trial steps. Default: ``20``.

    Returns:
        LineSearchResults, a named tuple: ``failed`` (bool), ``nit`` (trial steps), ``nfev``
        and ``ngev`` (evaluations), ``k`` (the same as ``nit`` + 1), ``a_k`` (the step, float),
        ``f_k`` (float, ``f`` there), ``g_k`` (Tensor, the gradient there) and ``status``
        (0: success, 1: no step within ``maxiter``, 2: ``pk`` is not a descent direction, 3:
        non-finite values).

    Raises:
        TypeError: ``f``/``jac`` is not callable, or ``xk``/``pk`` is not a Tensor.
        ValueError: ``xk`` and ``pk`` are not 1-D of one size.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.optimize import line_search
        >>> def func(x):
        ...     return (x ** 2).sum()
        >>> res = line_search(func, Tensor(np.ones(2, np.float32)),
        ...                   Tensor(np.array([-0.5, -0.5], np.float32)))
        >>> print(res.failed, res.a_k, res.f_k)
        False 1.0 0.5
    """
    x, dtype = start(xk, "line_search")
    if not isinstance(pk, Tensor):
        raise TypeError("For 'line_search', 'pk' should be a Tensor, but got %s."
                        % type(pk).__name__)
    p = pk.asnumpy().astype(dtype)
    if p.shape != x.shape:
        raise ValueError("For 'line_search', 'pk' should have the shape of 'xk' %s, but got %s."
                         % (x.shape, p.shape))
    obj = Objective(f, jac, (), dtype, "line_search")
    if gfk is None or old_fval is None:
        f0, g0 = obj.value_and_grad(x)
    else:
        f0, g0 = to_numpy(old_fval, dtype).reshape(()), to_numpy(gfk, dtype).reshape(x.shape)
    failed, nit, a, fa, ga, status = search(obj, x, p, f0, g0, c1, c2, maxiter)
    return _LineSearchResults(failed=bool(failed), nit=nit, nfev=obj.nfev, ngev=obj.ngev,
                              k=nit + 1, a_k=float(a), f_k=float(fa),
                              g_k=Tensor(np.asarray(ga, dtype)), status=int(status))
