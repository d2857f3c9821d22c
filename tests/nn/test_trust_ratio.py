"""optimizer.trust_ratio, the one layer-wise ratio Lamb (defaults) and LARS (coefficient,
weight decay, epsilon) use: ``c * w / (u + wd * w + eps)`` where both norms are positive, else
exactly 1; checked against the formula in float64 over a table with zero norms."""
import numpy as np
import pytest

import mindcell as ms
from mindcell.nn.optim.optimizer import trust_ratio

NORMS = [(3.0, 2.0), (0.5, 4.0), (0.0, 2.0), (3.0, 0.0), (0.0, 0.0), (1e-3, 1e3)]
PARAMS = [(1.0, 0.0, 0.0), (0.001, 0.0, 1e-5), (0.001, 0.1, 1e-5), (2.0, 0.5, 0.0)]


def _reference(w, u, c, wd, eps):
    return c * w / (u + wd * w + eps) if w > 0 and u > 0 else 1.0


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("c,wd,eps", PARAMS)
@pytest.mark.parametrize("w,u", NORMS)
def test_trust_ratio_matches_formula(w, u, c, wd, eps, dtype):
    got = trust_ratio(ms.Tensor(np.array(w, dtype)), ms.Tensor(np.array(u, dtype)), c, wd, eps)
    assert got.asnumpy().dtype == dtype and got.shape == ()
    # c, wd and eps are Python floats: Float32 scalars first, as MindSpore 2.10 makes them
    c, wd, eps = (float(np.float32(v)) for v in (c, wd, eps))
    want = _reference(np.float64(dtype(w)), np.float64(dtype(u)), c, wd, eps)
    np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-6 if dtype is np.float32 else 1e-12)
    if w == 0 or u == 0:
        assert got.asnumpy() == 1.0  # exactly: the parameter moves by its plain update
