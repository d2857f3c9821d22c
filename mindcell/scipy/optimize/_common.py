"""What the optimizers share: evaluating a user's objective (and its gradient) on a numpy
point through mindcell Tensors, and vector norms."""
import numpy as np

from mindcell.common.tensor import Tensor


def to_numpy(v, dtype):
    """A Tensor, numpy value or Python number as a numpy array of ``dtype``."""
    if isinstance(v, Tensor):
        v = v.asnumpy()
    return np.asarray(v, dtype)


class Objective:
    """``func(x, *args)`` and its gradient (``jac(x, *args)``, or mindcell autodiff of ``func``)
    on numpy points of one dtype, counting evaluations."""

    def __init__(self, func, jac, args, dtype, api):
        if not callable(func):
            raise TypeError("For '%s', 'func' should be callable, but got %s."
                            % (api, type(func).__name__))
        if jac is not None and not callable(jac):
            raise TypeError("For '%s', 'jac' should be callable or None, but got %s."
                            % (api, type(jac).__name__))
        self.func, self.jac, self.args, self.dtype, self.api = func, jac, tuple(args), dtype, api
        self.nfev = 0
        self.ngev = 0
        self._vg = None

    def _scalar(self, value):
        v = to_numpy(value, self.dtype)
        if v.size != 1:
            raise ValueError("For '%s', 'func' should return a scalar, but returned shape %s."
                             % (self.api, v.shape))
        return v.reshape(())

    def value_and_grad(self, x):
        """(f(x), grad f(x)) for a numpy point ``x``."""
        t = Tensor(np.ascontiguousarray(x, self.dtype))
        self.nfev += 1
        self.ngev += 1
        if self.jac is not None:
            return self._scalar(self.func(t, *self.args)), to_numpy(self.jac(t, *self.args),
                                                                   self.dtype).reshape(x.shape)
        if self._vg is None:
            from mindcell.ops.grad import value_and_grad
            self._vg = value_and_grad(lambda p: self.func(p, *self.args))
        value, grad = self._vg(t)
        return self._scalar(value), to_numpy(grad, self.dtype).reshape(x.shape)


def norm(v, order):
    if order == np.inf:
        return float(np.max(np.abs(v))) if v.size else 0.0
    if order == -np.inf:
        return float(np.min(np.abs(v))) if v.size else 0.0
    return float(np.sum(np.abs(v) ** order) ** (1.0 / order))


def start(x0, api):
    """``x0`` as a flat float numpy vector and its dtype (float32 unless float64, as the
    optimizers compute in the initial guess's precision)."""
    if not isinstance(x0, Tensor):
        raise TypeError("For '%s', 'x0' should be a Tensor, but got %s."
                        % (api, type(x0).__name__))
    x = x0.asnumpy()
    if x.ndim != 1:
        raise ValueError("For '%s', 'x0' should be a 1-D Tensor of shape (n,), but got shape %s."
                         % (api, x.shape))
    dtype = x.dtype if x.dtype in (np.float32, np.float64) else np.dtype(np.float32)
    return x.astype(dtype), dtype
