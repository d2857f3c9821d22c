"""nn.ClipByNorm: values against a numpy reference over axes, clip values (scalar, broadcast
Tensor, below and above the norm, all-zero slices) and dtypes in both modes; gradients against
float64 finite differences; argument errors name the Cell and the argument."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops

RNG = np.random.default_rng(0)
X = RNG.normal(size=(3, 4, 5))
X_ZERO_ROW = X.copy()
X_ZERO_ROW[1] = 0.0


def _ref(x, clip, axis):
    norm = np.sqrt((x.astype(np.float64) ** 2).sum(axis=axis, keepdims=True))
    return x * clip / np.maximum(norm, clip)


CASES = [  # (axis, x, clip_norm as given, clip_norm for the reference)
    (None, X, 1.0, 1.0),
    (None, X, 100.0, 100.0),  # below the norm: unchanged
    (1, X, np.array([0.5], np.float32), 0.5),
    ((0, 2), X, np.array([[[0.5], [1.0], [2.0], [50.0]]], np.float32),
     np.array([[[0.5], [1.0], [2.0], [50.0]]])),
    (-1, X_ZERO_ROW, 0.7, 0.7),  # all-zero rows stay zero (no 0/0)
    ((1, 2), X_ZERO_ROW, np.array(2.0, np.float32), 2.0),  # a 0-D Tensor
    (0, X, np.float32(3.0), 3.0),  # a numpy scalar
]


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("axis, x, clip, clip_ref", CASES)
def test_values_match_numpy(mode, axis, x, clip, clip_ref, dtype):
    clip_in = ms.Tensor(clip) if isinstance(clip, np.ndarray) else clip
    out = nn.ClipByNorm(axis)(ms.Tensor(x.astype(dtype)), clip_in)
    assert out.dtype == (ms.float64 if dtype == np.float64 else ms.float32)
    assert out.shape == x.shape
    want = _ref(x.astype(dtype).astype(np.float64), clip_ref, axis)
    np.testing.assert_allclose(out.asnumpy(), want, rtol=1e-6 if dtype == np.float64 else 1e-5,
                               atol=1e-7)


@pytest.mark.parametrize("axis, x, clip, clip_ref", CASES)
def test_gradient_matches_finite_differences(axis, x, clip, clip_ref):
    cell = nn.ClipByNorm(axis)
    clip_in = ms.Tensor(np.asarray(clip, np.float64)) if isinstance(clip, np.ndarray) else clip
    w = RNG.normal(size=x.shape)
    f = lambda t: (cell(t, clip_in) * ms.Tensor(w)).sum()  # noqa: E731
    g = ops.grad(f)(ms.Tensor(x)).asnumpy()
    assert np.isfinite(g).all()
    eps = 1e-6
    for i in RNG.choice(x.size, 12, replace=False):
        if x.reshape(-1)[i] == 0.0:
            continue  # the norm is not differentiable at an all-zero slice
        plus, minus = x.copy().reshape(-1), x.copy().reshape(-1)
        plus[i] += eps
        minus[i] -= eps
        fd = (_ref(plus.reshape(x.shape), clip_ref, axis) * w).sum() - \
             (_ref(minus.reshape(x.shape), clip_ref, axis) * w).sum()
        np.testing.assert_allclose(g.reshape(-1)[i], fd / (2 * eps), rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("make, call, err, match", [
    (lambda: nn.ClipByNorm(axis=1.0), None, TypeError, "'axis' must be None, an int or a tuple"),
    (lambda: nn.ClipByNorm(axis=[0]), None, TypeError, "but got list"),
    (lambda: nn.ClipByNorm(axis=True), None, TypeError, "but got bool"),
    (lambda: nn.ClipByNorm(axis=3), lambda c: c(ms.Tensor(X), 1.0), ValueError, "out of range"),
    (nn.ClipByNorm, lambda c: c(X, 1.0), TypeError, "'x' must be a Tensor"),
    (nn.ClipByNorm, lambda c: c(ms.Tensor(np.ones(3, np.int32)), 1.0), TypeError,
     "'x' must be a float16, float32 or float64 Tensor, but got Int32"),
    (nn.ClipByNorm, lambda c: c(ms.Tensor(X), "1"), TypeError, "'clip_norm' must be a float"),
    (nn.ClipByNorm, lambda c: c(ms.Tensor(X), True), TypeError, "'clip_norm' must be a float"),
    (nn.ClipByNorm, lambda c: c(ms.Tensor(X), ms.Tensor(np.ones(3, np.int32))), TypeError,
     "'clip_norm' must be a float"),
    (nn.ClipByNorm, lambda c: c(ms.Tensor(X), ms.Tensor(np.ones(3, np.float32))), ValueError,
     r"'clip_norm' of shape \(3,\) must broadcast to x's shape \(3, 4, 5\)"),
])
def test_errors(make, call, err, match):
    with pytest.raises(err, match="ClipByNorm: .*" + match):
        cell = make()
        call(cell)
