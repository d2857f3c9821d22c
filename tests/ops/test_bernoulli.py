"""ops.bernoulli(input, p=0.5, seed=None): 0/1 samples with the shape and dtype of ``input``,
frequencies matching ``p`` (a float or a per-element tensor), no gradient into ``input``, the
same draws in GRAPH_MODE and PYNATIVE_MODE, and argument errors naming bernoulli."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import mindcell as ms
from mindcell import Tensor, nn, ops

DTYPES = [np.int8, np.uint8, np.int16, np.int32, np.int64, np.bool_, np.float32, np.float64]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("p", [0.0, 0.2, 0.5, 0.9, 1.0, 1])
def test_scalar_p_frequency_shape_and_dtype(dtype, p):
    ms.set_seed(3)
    out = ops.bernoulli(Tensor(np.zeros((50, 80), dtype)), p).asnumpy()
    assert out.shape == (50, 80) and out.dtype == np.dtype(dtype)
    assert set(np.unique(out.astype(np.float64)).tolist()) <= {0.0, 1.0}
    # 4000 draws: the frequency is within 5 standard errors of p
    assert abs(out.astype(np.float64).mean() - p) <= 5 * np.sqrt(p * (1 - p) / out.size) + 1e-12


@pytest.mark.parametrize("p_dtype", [np.float32, np.float64])
def test_tensor_p_is_per_element(p_dtype):
    ms.set_seed(4)
    p = np.tile(np.array([0.0, 0.25, 0.75, 1.0], p_dtype), (3000, 1))
    out = ops.bernoulli(Tensor(np.ones((3000, 4), np.int32)), Tensor(p)).asnumpy()
    assert out.dtype == np.int32
    freq = out.mean(axis=0)
    assert freq[0] == 0.0 and freq[3] == 1.0
    np.testing.assert_allclose(freq[1:3], [0.25, 0.75], atol=5 * np.sqrt(0.1875 / 3000))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=0, max_size=3), st.floats(0.0, 1.0))
def test_graph_mode_draws_equal_pynative(shape, p):
    class Draw(nn.Cell):
        def construct(self, x):
            return ops.bernoulli(x, p), ops.bernoulli(x, ops.ones_like(x) * p)

    x = Tensor(np.zeros(shape, np.float32))
    try:
        ms.set_context(mode=ms.PYNATIVE_MODE)
        ms.set_seed(9)
        eager = [o.asnumpy() for o in Draw()(x)]
        ms.set_context(mode=ms.GRAPH_MODE)
        ms.set_seed(9)
        graph = [o.asnumpy() for o in Draw()(x)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for e, g in zip(eager, graph):
        assert e.shape == tuple(shape) and e.dtype == np.float32
        np.testing.assert_array_equal(g, e)


def test_no_gradient_into_input():
    x = Tensor(np.full((3, 4), 2.0, np.float32))
    ms.set_seed(1)
    mask = ops.bernoulli(x, 0.5).asnumpy()
    ms.set_seed(1)
    grad = ops.grad(lambda t: (ops.bernoulli(t, 0.5) * t).sum())(x).asnumpy()
    np.testing.assert_array_equal(grad, mask)  # d(mask * t)/dt = mask: the mask is a constant


X = Tensor(np.zeros((2, 3), np.float32))
BAD = [  # (call, error type, words the message must contain)
    (lambda: ops.bernoulli(np.zeros(3)), TypeError, "'input' must be a Tensor"),
    (lambda: ops.bernoulli(Tensor(np.zeros(3, np.float16))), TypeError, "'input'"),
    (lambda: ops.bernoulli(X, 1.5), ValueError, "'p' must be in [0, 1]"),
    (lambda: ops.bernoulli(X, -0.1), ValueError, "'p' must be in [0, 1]"),
    (lambda: ops.bernoulli(X, float("nan")), ValueError, "'p'"),
    (lambda: ops.bernoulli(X, "a"), TypeError, "'p'"),
    (lambda: ops.bernoulli(X, Tensor(np.full((2, 3), 0.5, np.float16))), TypeError, "float32"),
    (lambda: ops.bernoulli(X, Tensor(np.full((3,), 0.5, np.float32))), ValueError, "shape"),
    (lambda: ops.bernoulli(X, Tensor(np.full((2, 3), 1.5, np.float32))), ValueError, "[0, 1]"),
    (lambda: ops.bernoulli(X, seed=1.5), TypeError, "'seed'"),
    (lambda: ops.bernoulli(X, seed=True), TypeError, "'seed'"),
    (lambda: ops.bernoulli(X, seed=-2), ValueError, "'seed'"),  # -1: no seed (MindSpore)
]


@pytest.mark.parametrize("call,err,words", BAD)
def test_bad_arguments_raise_naming_bernoulli(call, err, words):
    with pytest.raises(err) as info:
        call()
    assert "bernoulli" in str(info.value) and words in str(info.value), str(info.value)
