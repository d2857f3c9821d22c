"""Softmax, log-softmax and sparse softmax cross-entropy are shift-invariant: rows offset by a
huge constant give the results of the small rows, in the eager kernels and in GRAPH_MODE's
executor (the kernels computed x - (max + log(sum)), which rounds the log away at |x| ~ 1e17:
log_softmax([1e17, 1e17]) was 0 instead of -log 2)."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import mindcell as ms
from mindcell import Tensor, nn, ops
from mindcell._core.kernels import KERNELS

OFFSETS = {np.float64: [0.0, 1e8, -1e8, 1e17, -1e17, 1e300], np.float32: [0.0, 1e4, -1e4, 1e30]}


def _exact_rows(rng, dtype, offset, rows=3, n=5):
    """Rows of offset + small integers: exactly representable, so the shift is exact."""
    step = dtype(max(abs(float(np.spacing(dtype(offset)))), 1.0))
    small = rng.integers(-3, 4, (rows, n)).astype(dtype) * step
    big = (dtype(offset) + small).astype(dtype)
    assert np.array_equal(big - dtype(offset), small)  # the shift is exact
    return big, small


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), dtype=st.sampled_from([np.float64, np.float32]),
       k=st.integers(0, 5))
def test_kernels_are_shift_invariant(seed, dtype, k):
    offset = OFFSETS[dtype][k % len(OFFSETS[dtype])]
    rng = np.random.default_rng(seed)
    big, small = _exact_rows(rng, dtype, offset)
    tol = dict(rtol=1e-6 if dtype == np.float32 else 1e-12, atol=1e-6 if dtype == np.float32
               else 1e-12)
    for name in ("Softmax", "LogSoftmax"):
        np.testing.assert_allclose(KERNELS[name](big), KERNELS[name](small), err_msg=name, **tol)
    labels = rng.integers(0, big.shape[1], big.shape[0])
    for got, want in zip(KERNELS["SparseSoftmaxCrossEntropy"](big, labels),
                         KERNELS["SparseSoftmaxCrossEntropy"](small, labels)):
        np.testing.assert_allclose(got, want, **tol)


class _LogSoftmax(nn.Cell):
    def construct(self, x):
        return ops.log_softmax(x, -1) * 1.0


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_log_softmax_of_equal_huge_values_is_minus_log_n(mode, dtype):
    ms.set_context(mode=mode)
    try:
        x = Tensor(np.full((2, 4), 1e30 if dtype == np.float32 else 1e300, dtype))
        got = _LogSoftmax()(x).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(got, np.full((2, 4), -np.log(4.0)), rtol=1e-6)
