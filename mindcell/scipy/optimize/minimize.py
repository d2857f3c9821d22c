"""``minimize``: BFGS and L-BFGS on a scalar function of a 1-D Tensor."""
from collections import namedtuple

import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.scipy.optimize._common import Objective, norm, start
from mindcell.scipy.optimize.line_search import search

__all__ = ["minimize"]

OptimizeResults = namedtuple("OptimizeResults", ["x", "success", "status", "fun", "jac",
                                                 "hess_inv", "nfev", "njev", "nit"])

_OPTIONS = {
    "bfgs": ("maxiter", "norm", "gtol", "line_search_maxiter"),
    "lbfgs": ("history_size", "maxiter", "norm", "gtol", "line_search_maxiter"),
}


def _status(converged, k, maxiter, failed, ls_status):
    """0 converged, 1 iteration limit, 2 + the line search's status when it failed."""
    if converged:
        return 0
    if k >= maxiter:
        return 1
    if failed:
        return 2 + ls_status
    return -1


def _bfgs(obj, x, maxiter=None, norm_order=np.inf, gtol=1e-5, line_search_maxiter=10):
    n = x.size
    maxiter = n * 200 if maxiter is None else maxiter
    f, g = obj.value_and_grad(x)
    h = np.eye(n, dtype=x.dtype)
    k, failed, ls_status = 0, False, 0
    converged = norm(g, norm_order) < gtol
    while not converged and not failed and k < maxiter:
        p = -h @ g
        failed, _, a, f1, g1, ls_status = search(obj, x, p, f, g, maxiter=line_search_maxiter)
        if failed:
            break
        s = x.dtype.type(a) * p
        y = g1 - g
        x, f, g = x + s, f1, g1
        sy = float(np.dot(s, y))
        if sy > 0:  # the curvature condition keeps H positive definite
            rho = 1.0 / sy
            left = np.eye(n) - rho * np.outer(s, y)
            h = (left @ h @ left.T + rho * np.outer(s, s)).astype(x.dtype)
        k += 1
        converged = norm(g, norm_order) < gtol
    return x, f, g, h, k, converged, _status(converged, k, maxiter, failed, ls_status)


def _lbfgs(obj, x, history_size=20, maxiter=None, norm_order=np.inf, gtol=1e-5,
           line_search_maxiter=10):
    n = x.size
    maxiter = n * 200 if maxiter is None else maxiter
    f, g = obj.value_and_grad(x)
    ss, ys = [], []
    k, failed, ls_status = 0, False, 0
    converged = norm(g, norm_order) < gtol
    while not converged and not failed and k < maxiter:
        # two-loop recursion: p = -H g with H from the last history_size (s, y) pairs
        q = g.astype(np.float64)
        alphas = []
        for s, y in zip(reversed(ss), reversed(ys)):
            a = np.dot(s, q) / np.dot(y, s)
            alphas.append(a)
            q = q - a * y
        gamma = np.dot(ss[-1], ys[-1]) / np.dot(ys[-1], ys[-1]) if ss else 1.0
        r = gamma * q
        for (s, y), a in zip(zip(ss, ys), reversed(alphas)):
            b = np.dot(y, r) / np.dot(y, s)
            r = r + s * (a - b)
        p = (-r).astype(x.dtype)
        failed, _, a, f1, g1, ls_status = search(obj, x, p, f, g, maxiter=line_search_maxiter)
        if failed:
            break
        s = (x.dtype.type(a) * p).astype(np.float64)
        y = (g1 - g).astype(np.float64)
        x, f, g = x + s.astype(x.dtype), f1, g1
        if np.dot(s, y) > 0:
            ss.append(s)
            ys.append(y)
            if len(ss) > history_size:
                ss.pop(0)
                ys.pop(0)
        k += 1
        converged = norm(g, norm_order) < gtol
    return x, f, g, None, k, converged, _status(converged, k, maxiter, failed, ls_status)


def minimize(func, x0, args=(), method=None, jac=None, hess=None, hessp=None, bounds=None,
             constraints=(), tol=None, callback=None, options=None):
    """Minimization of a scalar function of one or more variables.

    The API follows SciPy's: ``method`` is required (``'BFGS'`` or ``'LBFGS'``, any case);
    gradients of ``func`` come from mindcell's autodiff unless ``jac`` is given. The line search
    is :func:`line_search`'s strong-Wolfe search, so iteration and evaluation counts can differ
    from SciPy's and MindSpore's while the minimum agrees.

    Args:
        func (Callable): the objective ``func(x, *args) -> scalar`` of a 1-D Tensor ``x``.
        x0 (Tensor): the initial guess, of shape (n,); float64 is kept, other dtypes run in
            float32.
        args (tuple): extra arguments of ``func`` (and ``jac``). Default: ``()``.
        method (str): ``'BFGS'`` or ``'LBFGS'``. ``'LAGRANGE'`` (GPU-only in MindSpore) is not
            implemented. Default: ``None`` (an error, as in MindSpore).
        jac (Callable): ``jac(x, *args)``, the gradient of ``func``; ``None`` differentiates
            ``func``. Default: ``None``.
        hess (Callable): not implemented: must be ``None``. Default: ``None``.
        hessp (Callable): not implemented: must be ``None``. Default: ``None``.
        bounds (Sequence): not implemented: must be ``None``. Default: ``None``.
        constraints (Sequence): only used by ``'LAGRANGE'``: must be empty. Default: ``()``.
        tol (float): the gradient tolerance ``gtol`` when ``options`` sets none.
            Default: ``None``.
        callback (Callable): not implemented: must be ``None``. Default: ``None``.
        options (Mapping[str, Any]): solver options: ``maxiter`` (default ``200 * n``),
            ``gtol`` (stop when the gradient's ``norm`` is below it; default ``1e-5``), ``norm``
            (default ``inf``), ``line_search_maxiter`` (default ``10``) and, for ``'LBFGS'``,
            ``history_size`` (default ``20``). Default: ``None``.

    Returns:
        OptimizeResults, a named tuple: ``x`` (Tensor), ``success`` (bool), ``status`` (int: 0
        converged, 1 ``maxiter`` reached, 2 + the line search's status when it failed),
        ``fun`` (float), ``jac`` (Tensor, the gradient at ``x``), ``hess_inv`` (Tensor, the
        inverse Hessian estimate of ``'BFGS'``; None for ``'LBFGS'``), ``nfev``, ``njev`` and
        ``nit`` (ints).

    Raises:
        ValueError: ``method`` is None or unknown.
        TypeError: ``func`` is not callable, ``x0`` not a 1-D Tensor, or an option unknown.
        NotImplementedError: ``hess``, ``hessp``, ``bounds``, ``constraints`` or ``callback``
            is given, or ``method`` is ``'LAGRANGE'``.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.optimize import minimize
        >>> def func(p):
        ...     x, y = p
        ...     return (x ** 2 + y - 11.) ** 2 + (x + y ** 2 - 7.) ** 2
        >>> res = minimize(func, Tensor(np.zeros(2, np.float32)), method='BFGS',
        ...                options=dict(maxiter=None, gtol=1e-6))
        >>> print(np.round(res.x.asnumpy(), 4))
        [3. 2.]
        >>> res = minimize(func, Tensor(np.zeros(2, np.float32)), method='LBFGS',
        ...                options=dict(maxiter=None, gtol=1e-6))
        >>> print(np.round(res.x.asnumpy(), 4))
        [3. 2.]
    """
    if method is None:
        raise ValueError("You must specify a solver.")
    if not isinstance(method, str):
        raise TypeError("For 'minimize', 'method' should be a str, but got %s."
                        % type(method).__name__)
    name = method.lower()
    if name == "lagrange":
        raise NotImplementedError("minimize: method 'LAGRANGE' (GPU-only in MindSpore) is not "
                                  "implemented by mindcell; use 'BFGS' or 'LBFGS'")
    if name not in _OPTIONS:
        raise ValueError("Method %s not recognized" % method)
    for arg, value, default in (("hess", hess, None), ("hessp", hessp, None),
                                ("bounds", bounds, None), ("callback", callback, None)):
        if value is not default:
            raise NotImplementedError("minimize: '%s' is not implemented (it must be None), "
                                      "but got %r" % (arg, value))
    if constraints:
        raise NotImplementedError("minimize: 'constraints' are only used by the 'LAGRANGE' "
                                  "method, which mindcell does not implement")
    opts = dict(options or {})
    unknown = sorted(set(opts) - set(_OPTIONS[name]))
    if unknown:
        raise TypeError("minimize: unknown option(s) %s for method %r; expected some of %s"
                        % (unknown, method, list(_OPTIONS[name])))
    if tol is not None and "gtol" not in opts:
        opts["gtol"] = tol
    if "norm" in opts:
        opts["norm_order"] = opts.pop("norm")
    if not isinstance(args, tuple):
        args = (args,)
    x, dtype = start(x0, "minimize")
    obj = Objective(func, jac, args, dtype, "minimize")
    solver = _bfgs if name == "bfgs" else _lbfgs
    x, f, g, h, k, converged, status = solver(obj, x, **opts)
    return OptimizeResults(x=Tensor(np.asarray(x, dtype)), success=bool(converged),
                           status=int(status), fun=float(f), jac=Tensor(np.asarray(g, dtype)),
                           hess_inv=None if h is None else Tensor(np.asarray(h, dtype)),
                           nfev=obj.nfev, njev=obj.ngev, nit=k)
