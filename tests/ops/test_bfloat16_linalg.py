"""Linear algebra on bfloat16: computed in float32 and rounded once to bfloat16 (as every
primitive, through _core/bf16.py), the same in both modes, with bfloat16 gradients."""
import ml_dtypes
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops

BF = np.dtype(ml_dtypes.bfloat16)
F32 = np.float32


def _spd(shape, seed):
    """Well-conditioned symmetric positive-definite bfloat16 matrices."""
    a = np.random.RandomState(seed).uniform(-1, 1, shape)
    n = shape[-1]
    return (a @ np.swapaxes(a, -1, -2) + n * np.eye(n)).astype(BF)


def _first(r):
    return r if not isinstance(r, tuple) else r[0]


CASES = [
    ("inverse", ops.inverse, (3, 3)),
    ("matrix_inverse", lambda x: ops.matrix_inverse(x, True), (2, 3, 3)),
    ("det", ops.det, (2, 3, 3)),
    ("matrix_determinant", ops.matrix_determinant, (4, 4)),
    ("cholesky", ops.cholesky, (2, 3, 3)),
    ("cholesky_upper", lambda x: ops.cholesky(x, upper=True), (3, 3)),
    ("qr", ops.qr, (3, 3)),
    ("svd", ops.svd, (3, 3)),
    ("svd_values", lambda x: ops.svd(x, compute_uv=False), (2, 3, 3)),
    ("matmul", lambda x: ops.matmul(x, x), (3, 3)),
]


class _Fn(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, x):
        return self.fn(x)


@pytest.fixture
def mode():
    old = ms.get_context("mode")
    yield
    ms.set_context(mode=old)


@pytest.mark.parametrize("name, fn, shape", CASES, ids=[c[0] for c in CASES])
def test_float32_then_round_both_modes(mode, name, fn, shape):
    a = _spd(shape, 1)
    ref = fn(ms.Tensor(a.astype(F32)))
    ref = ref if isinstance(ref, tuple) else (ref,)
    got_modes = []
    for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=m)
        got = _Fn(fn)(ms.Tensor(a))
        got = got if isinstance(got, tuple) else (got,)
        assert all(g.dtype == ms.bfloat16 for g in got), name
        for g, r in zip(got, ref):
            np.testing.assert_array_equal(g.asnumpy(), r.asnumpy().astype(BF))
        got_modes.append([g.asnumpy() for g in got])
    for a_, b_ in zip(*got_modes):
        np.testing.assert_array_equal(a_, b_)


@pytest.mark.parametrize("name, fn, shape", CASES, ids=[c[0] for c in CASES])
def test_gradients_are_bfloat16_and_near_float32(name, fn, shape):
    a = _spd(shape, 2)
    loss = lambda x: _first(fn(x)).sum()  # noqa: E731
    g = ms.grad(loss)(ms.Tensor(a))
    g32 = ms.grad(loss)(ms.Tensor(a.astype(F32)))
    assert g.dtype == ms.bfloat16
    np.testing.assert_allclose(g.asnumpy().astype(F32), g32.asnumpy(), rtol=5e-2, atol=5e-2)


@pytest.mark.parametrize("fn", [ops.inverse, ops.det, ops.cholesky, ops.qr, ops.svd])
def test_integers_still_rejected(fn):
    with pytest.raises(TypeError, match="float32, float64 or bfloat16"):
        fn(ms.Tensor(np.eye(3), ms.int32))


@pytest.mark.parametrize("fn", [ops.inverse, ops.svd, ops.pinv])
def test_float16_still_rejected(fn):  # as MindSpore 2.10's CPU kernels (ms-oracle)
    with pytest.raises(TypeError, match="float32, float64 or bfloat16"):
        fn(ms.Tensor(np.eye(3), ms.float16))


@pytest.mark.parametrize("name", ["det", "matrix_determinant", "cholesky"])
def test_float16_worked_in_float32(name):
    # MindSpore 2.10's CPU det/matrix_determinant/cholesky take Float16 (ms-oracle: det of
    # [[4, 1, 2], [1, 3, 0], [2, 0, 5]] is 43.0, Float16)
    a = np.array([[4, 1, 2], [1, 3, 0], [2, 0, 5]], np.float16)
    got = getattr(ops, name)(ms.Tensor(a))
    want = getattr(ops, name)(ms.Tensor(a.astype(F32)))
    assert got.dtype == ms.float16
    np.testing.assert_allclose(got.asnumpy(), want.asnumpy().astype(np.float16), rtol=1e-3)
    assert getattr(ms.Tensor(a), name)().dtype == ms.float16


# MindSpore 2.10's CPU qr, lstsq, matrix_solve and cholesky_inverse (and their Primitive classes)
# take Float16 too and return Float16 (ms-oracle on A below: lstsq's first entries 0.113,
# 0.471, 0.065, 0.186 and qr's R[0, 0] -4.152)
_A = np.array([[4., 1., 0.5], [1., 3., 0.2], [0.5, 0.2, 2.]])
_B = np.array([[1., 2.], [0.5, 1.], [2., 0.]])


@pytest.mark.parametrize("call", [
    lambda a, b: ops.qr(a), lambda a, b: ops.Qr()(a), lambda a, b: ops.lstsq(a, b),
    lambda a, b: ops.Lstsq()(a, b), lambda a, b: ops.matrix_solve(a, b),
    lambda a, b: ops.MatrixSolve()(a, b),
    lambda a, b: ops.cholesky_inverse(ms.Tensor(np.linalg.cholesky(_A), a.dtype)),
    lambda a, b: ops.CholeskyInverse()(ms.Tensor(np.linalg.cholesky(_A), a.dtype)),
])
def test_float16_solvers_work_in_float32(call):
    half = call(ms.Tensor(_A, ms.float16), ms.Tensor(_B, ms.float16))
    single = call(ms.Tensor(_A, ms.float32), ms.Tensor(_B, ms.float32))
    halves, singles = (half, single) if isinstance(half, tuple) else ((half,), (single,))
    for h, s in zip(halves, singles):
        assert h.dtype == ms.float16
        np.testing.assert_allclose(h.asnumpy().astype(np.float64), s.asnumpy(), atol=2e-3)
    if not isinstance(half, tuple) and half.shape == (3, 2):  # lstsq / matrix_solve
        np.testing.assert_allclose(half.asnumpy().ravel()[:4], [0.113, 0.471, 0.065, 0.186],
                                   atol=1.5e-3)


def test_float16_solvers_still_check_dtypes_agree():
    with pytest.raises(TypeError, match="same dtype"):
        ops.matrix_solve(ms.Tensor(_A, ms.float16), ms.Tensor(_B, ms.float32))
