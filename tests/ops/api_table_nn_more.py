"""api_table rows for the convolution/pooling faces, lrn, losses, windows and numeric helpers of
mindcell/ops/function/nn_more_func.py (round 6, exfn)."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R, Op

NG = dict(grad=False)
_T = ms.Tensor


def _labels(x):
    return _T(np.where(np.arange(x.size).reshape(x.shape) % 2, 1.0, -1.0), x.dtype)


ROWS = [
    Op("conv1d", (1, 2, 6), (3, 2, 3)),
    R("ops.conv1d", lambda x, w, b: ops.conv1d(x, w, b, 2, "pad", 1, 1, 2), (1, 4, 7), (2, 2, 3),
      (2,)),
    R("ops.avg_pool1d", lambda x: ops.avg_pool1d(x, 3, 2, 1), (1, 2, 6)),
    R("ops.avg_pool3d", lambda x: ops.avg_pool3d(x, 2, 1), (1, 1, 3, 3, 3)),
    R("ops.adaptive_avg_pool3d", lambda x: ops.adaptive_avg_pool3d(x, (2, 1, 2)), (1, 1, 3, 3, 3)),
    R("ops.lrn", lambda x: ops.lrn(x, 1), (1, 3, 2, 2)),
    R("ops.hinge_embedding_loss", lambda x: ops.hinge_embedding_loss(x, _labels(x), 0.3, "sum"),
      ("away", (2, 3)), fd="piecewise: max(0, margin - x) has a kink at x = margin"),
    R("ops.gaussian_nll_loss", lambda x, t, v: ops.gaussian_nll_loss(x, t, v + 1.0), (2, 3),
      (2, 3), ("pos", (2, 1))),
    R("ops.multilabel_soft_margin_loss", lambda x: ops.multilabel_soft_margin_loss(
        x, _T(np.array([[0, 1, 1], [1, 0, 1]]), x.dtype)), (2, 3)),
    R("ops.hann_window", lambda x: x * ops.hann_window(3, dtype=x.dtype), (3,)),
    R("ops.hamming_window", lambda x: x * ops.hamming_window(3, dtype=x.dtype), (3,)),
    R("ops.blackman_window", lambda x: x * ops.blackman_window(_T(3), dtype=x.dtype), (3,)),
    R("ops.kaiser_window", lambda x: x * ops.kaiser_window(3, dtype=x.dtype), (3,)),
    R("ops.is_nonzero", lambda x: ops.is_nonzero(x[:1]), (2,), kind="datadep"),
    Op("approximate_equal", (2, 3), (2, 3), **NG),
    Op("trapz", (2, 3)), R("ops.trapz", lambda y, x: ops.trapz(y, x, dim=0), (3, 2), (3,)),
    Op("cov", (2, 4)),
    R("ops.mvlgamma", lambda x: ops.mvlgamma(x + 2.0, 2), ("pos", (2, 3))),
]


def base_overrides(a, t):
    """Valid base calls for tests/ops/test_bad_input_fuzz.py: name -> () -> (args, kwargs)."""
    x = a["X"]
    return {
        "conv1d": lambda: ([t(np.ones((1, 2, 6), np.float32)), t(np.ones((3, 2, 3), np.float32))],
                           {}),
        "avg_pool1d": lambda: ([t(np.ones((1, 2, 6), np.float32)), 2], {}),
        "avg_pool3d": lambda: ([t(np.ones((1, 1, 2, 2, 2), np.float32)), 2], {}),
        "adaptive_avg_pool3d": lambda: ([t(np.ones((1, 1, 2, 2, 2), np.float32)), 1], {}),
        "lrn": lambda: ([t(np.ones((1, 3, 2, 2), np.float32))], {}),
        "hann_window": lambda: ([4], {}), "hamming_window": lambda: ([4], {}),
        "kaiser_window": lambda: ([4], {}), "blackman_window": lambda: ([_T(4)], {}),
        "is_nonzero": lambda: ([t(x[:1, :1].copy())], {}),
        "mvlgamma": lambda: ([t(np.abs(x) + 2), 2], {}),
        "gaussian_nll_loss": lambda: ([t(x), t(x), t(np.abs(x) + 1)], {}),
        "max_unpool1d": lambda: ([t(np.ones((1, 1, 2), np.float32)),
                                  t(np.array([[[1, 3]]], np.int64)), 2], {}),
        "max_unpool2d": lambda: ([t(np.ones((1, 1, 1, 1), np.float32)),
                                  t(np.array([[[[3]]]], np.int64)), 2], {}),
        "max_unpool3d": lambda: ([t(np.ones((1, 1, 1, 1, 1), np.float32)),
                                  t(np.array([[[[[7]]]]], np.int64)), 2], {}),
    }


_IDX2 = _T(np.array([[[[1, 6], [5, 8]]]], np.int64))
ROWS += [
    R("ops.max_unpool1d", lambda x: ops.max_unpool1d(x, _T(np.array([[[1, 3]]], np.int64)), 2),
      (1, 1, 2)),
    R("ops.max_unpool2d", lambda x: ops.max_unpool2d(x, _IDX2, 2, 1), (1, 1, 2, 2)),
    R("ops.max_unpool3d", lambda x: ops.max_unpool3d(
        x, _T(np.array([[[[[0, 1], [2, 7]]]]], np.int64)), 2, 1), (1, 1, 1, 2, 2)),
]
