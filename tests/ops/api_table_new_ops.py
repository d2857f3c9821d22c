"""api_table rows for the ops added with the nn optimizers and layers of 2026-11-28:
ops.ApplyAdaMax, ops.ApplyProximalAdagrad, ops.SparseApplyProximalAdagrad (in-place steps from a
state reset to values of x, so eager and compiled calls start alike), ops.igamma / ops.Igamma
and ops.fractional_max_pool2d/3d (fixed samples: the windows are then MindSpore's)."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R, Op, P

S = (2, 3)
POS = ("pos", S)
STATE = [ms.Parameter(ms.Tensor(np.zeros(S, np.float32)), name="api_table_new_" + n)
         for n in ("var", "m", "v")]
INDICES = ms.Tensor(np.array([1, 0], np.int32))
SAMPLES2 = ms.Tensor(np.array([[[0.3, 0.6], [0.5, 0.5]]], np.float32))
SAMPLES3 = ms.Tensor(np.array([[[0.3, 0.6, 0.1], [0.5, 0.5, 0.5]]], np.float32))
F32 = "MindSpore takes float32 only here"


def _reset(x):
    var, m, v = STATE
    ops.assign(var, x)
    ops.assign(m, x * 0.5)
    ops.assign(v, x * x + 1.0)
    return var, m, v


def adamax_step(x, g):
    var, m, v = _reset(x)
    ops.ApplyAdaMax()(var, m, v, 0.9, 0.01, 0.9, 0.999, 1e-8, g)
    return var * 1


def proximal_adagrad_step(x, g):
    var, _, accum = _reset(x)
    ops.ApplyProximalAdagrad()(var, accum, 0.01, 0.001, 0.01, g)
    return var * 1


def sparse_proximal_adagrad_step(x, g):
    var, _, accum = _reset(x)
    ops.SparseApplyProximalAdagrad()(var, accum, 0.01, 0.001, 0.01, g, INDICES)
    return var * 1


ROWS = [
    R("ops.ApplyAdaMax", adamax_step, S, S, grad=False, f16=False),
    R("ops.ApplyProximalAdagrad", proximal_adagrad_step, S, S, grad=False, f16=False),
    R("ops.SparseApplyProximalAdagrad", sparse_proximal_adagrad_step, S, S, grad=False,
      f16=False),
    Op("igamma", POS, POS, grad=False, f16=False),
    P("Igamma", (), POS, POS, grad=False, f16=False),
    R("ops.fractional_max_pool2d",
      lambda x: ops.fractional_max_pool2d(x, 2, (2, 2), _random_samples=SAMPLES2),
      (1, 2, 4, 4), f16=False, fd=F32),
    R("ops.fractional_max_pool3d",
      lambda x: ops.fractional_max_pool3d(x, 2, (2, 2, 2), _random_samples=SAMPLES3),
      (1, 2, 3, 4, 4), f16=False, fd=F32),
]
