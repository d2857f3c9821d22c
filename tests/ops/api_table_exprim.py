"""api_table rows and fuzz constructors for the optimizer primitives added from MindSpore 2.10's
documentation examples (tag exprim): ops.ApplyAdadelta, ApplyAdagrad(V2/DA),
ApplyAdamWithAmsgradV2, ApplyAddSign, ApplyPowerSign, ApplyRMSProp, ApplyCenteredRMSProp,
ApplyFtrl, ApplyGradientDescent, ApplyProximalGradientDescent, SGD, SparseApplyAdagradV2 and
SparseApplyFtrl. Each row resets its state Parameters to values of x first, so eager and
compiled calls start alike, and returns the updated var."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R

S = (2, 3)
STATE = [ms.Parameter(ms.Tensor(np.zeros(S, np.float32)), name="api_table_exprim_%d" % k)
         for k in range(4)]
INDICES = ms.Tensor(np.array([1, 0], np.int32))
NG = dict(grad=False, f16=False)


def _reset(x):
    var, a, b, c = STATE
    ops.assign(var, x)
    ops.assign(a, x * x + 1.0)  # positive: accumulators, mean squares
    ops.assign(b, x * 0.5)
    ops.assign(c, x * x + 2.0)
    return var, a, b, c


def _step(call):
    def fn(x, g):
        var, a, b, c = _reset(x)
        call(var, a, b, c, g)
        return var * 1
    return fn


STEPS = {
    "ApplyAdadelta": lambda v, a, b, c, g: ops.ApplyAdadelta()(v, a, c, 0.1, 0.9, 1e-6, g),
    "ApplyAdagrad": lambda v, a, b, c, g: ops.ApplyAdagrad()(v, a, 0.1, g),
    "ApplyAdagradV2": lambda v, a, b, c, g: ops.ApplyAdagradV2(1e-6)(v, a, 0.1, g),
    "ApplyAdagradDA": lambda v, a, b, c, g: ops.ApplyAdagradDA()(v, b, a, g, 0.1, 0.01, 0.01,
                                                                 2),
    "ApplyAdamWithAmsgradV2": lambda v, a, b, c, g: ops.ApplyAdamWithAmsgradV2()(
        v, b, a, c, 0.9, 0.99, 0.01, 0.9, 0.999, 1e-8, g),
    "ApplyAddSign": lambda v, a, b, c, g: ops.ApplyAddSign()(v, b, 0.1, 1.0, 0.5, 0.9, g),
    "ApplyPowerSign": lambda v, a, b, c, g: ops.ApplyPowerSign()(v, b, 0.1, 1.0, 0.5, 0.9, g),
    "ApplyRMSProp": lambda v, a, b, c, g: ops.ApplyRMSProp()(v, a, b, 0.1, g, 0.9, 0.5, 1e-6),
    "ApplyCenteredRMSProp": lambda v, a, b, c, g: ops.ApplyCenteredRMSProp()(
        v, b, c, a, g, 0.1, 0.9, 0.5, 1e-6),
    "ApplyFtrl": lambda v, a, b, c, g: ops.ApplyFtrl()(v, a, b, g, 0.1, 0.01, 0.01, -0.5),
    "ApplyGradientDescent": lambda v, a, b, c, g: ops.ApplyGradientDescent()(v, 0.1, g),
    "ApplyProximalGradientDescent": lambda v, a, b, c, g: ops.ApplyProximalGradientDescent()(
        v, 0.1, 0.01, 0.01, g),
    "SGD": lambda v, a, b, c, g: ops.SGD(0.0, 0.01)(v, g, 0.1, b, 0.9, a),
    "SparseApplyAdagradV2": lambda v, a, b, c, g: ops.SparseApplyAdagradV2(0.1, 1e-6)(
        v, a, g, INDICES),
    "SparseApplyFtrl": lambda v, a, b, c, g: ops.SparseApplyFtrl(0.1, 0.01, 0.01, -0.5)(
        v, a, b, g, INDICES),
}

ROWS = [R("ops." + name, _step(call), S, S if not name.startswith("Sparse") else S, **NG)
        for name, call in STEPS.items()]


def ctor_overrides(a, t):
    """Primitive classes: name -> () -> (constructor args, valid call args)."""
    def st(k):
        return [ms.Parameter(t(np.abs(a["X"]) + 0.5 + j)) for j in range(k)]

    x = lambda: t(a["X"])  # noqa: E731
    idx = lambda: t(np.array([1, 0], np.int32))  # noqa: E731
    return {
        "ApplyAdadelta": lambda: ([], [*st(3), 0.1, 0.9, 1e-6, x()]),
        "ApplyAdagrad": lambda: ([], [*st(2), 0.1, x()]),
        "ApplyAdagradV2": lambda: ([1e-6], [*st(2), 0.1, x()]),
        "ApplyAdagradDA": lambda: ([], [*st(3), x(), 0.1, 0.01, 0.01, 2]),
        "ApplyAdamWithAmsgradV2": lambda: ([], [*st(4), 0.9, 0.99, 0.01, 0.9, 0.999, 1e-8,
                                                x()]),
        "ApplyAddSign": lambda: ([], [*st(2), 0.1, 1.0, 0.5, 0.9, x()]),
        "ApplyPowerSign": lambda: ([], [*st(2), 0.1, 1.0, 0.5, 0.9, x()]),
        "ApplyRMSProp": lambda: ([], [*st(3), 0.1, x(), 0.9, 0.5, 1e-6]),
        "ApplyCenteredRMSProp": lambda: ([], [*st(4), x(), 0.1, 0.9, 0.5, 1e-6]),
        "ApplyFtrl": lambda: ([], [*st(3), x(), 0.1, 0.01, 0.01, -0.5]),
        "ApplyGradientDescent": lambda: ([], [*st(1), 0.1, x()]),
        "ApplyProximalGradientDescent": lambda: ([], [*st(1), 0.1, 0.01, 0.01, x()]),
        "SGD": lambda: ([], [st(1)[0], x(), 0.1, *st(1), 0.9, *st(1)]),
        "SparseApplyAdagradV2": lambda: ([0.1, 1e-6], [*st(2), x(), idx()]),
        "SparseApplyFtrl": lambda: ([0.1, 0.01, 0.01, -0.5], [*st(3), x(), idx()]),
    }
