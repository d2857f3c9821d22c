"""Gaps found by running MindSpore's tests/st/nn and tests/st/tensor files under mindcell
(helper st11c); every expectation was checked against MindSpore 2.10 (ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, Tensor


@pytest.mark.parametrize("dtype", [ms.int8, ms.int32, ms.int64, ms.uint8])
def test_dense_integer_dtype_computes_in_its_dtype(mode, dtype):
    # MindSpore: an integer Dense (dtype=ms.int32 ...) multiplies integer inputs exactly
    w = np.array([[1, 2], [3, -4], [5, 6]]) if dtype != ms.uint8 else np.ones((3, 2))
    net = nn.Dense(2, 3, weight_init=Tensor(w, dtype), bias_init="ones", dtype=dtype)
    x = np.array([[2, 7], [1, 0]])
    out = net(Tensor(x, dtype))
    assert out.dtype == dtype
    np.testing.assert_array_equal(out.asnumpy(), (x @ w.T + 1).astype(out.asnumpy().dtype))


def test_dense_mixed_or_bool_inputs_still_raise(mode):
    with pytest.raises(TypeError, match="Dense"):
        nn.Dense(2, 3)(Tensor(np.ones((1, 2)), ms.int32))
    with pytest.raises(TypeError, match="Dense"):
        nn.Dense(2, 3, dtype=ms.int32)(Tensor(np.ones((1, 2)), ms.float32))
    with pytest.raises(TypeError, match="Dense"):
        nn.Dense(2, 3, dtype=ms.bool_)(Tensor(np.ones((1, 2)), ms.bool_))


@pytest.mark.parametrize("dtype", [ms.int32, ms.int64, ms.uint8, ms.bool_, ms.float64])
def test_embedding_lookup_table_of_any_number_dtype(mode, dtype):
    look = nn.EmbeddingLookup(4, 2, param_init="ones", dtype=dtype)
    assert look.embedding_table.dtype == dtype
    out = look(Tensor(np.array([[1, 0], [3, 2]]), ms.int32))
    assert out.dtype == dtype and out.shape == (2, 2, 2)
    np.testing.assert_array_equal(out.asnumpy(), np.ones((2, 2, 2)))
    # the default normal(0.01) initializer cast to an integer table is all zeros, as MindSpore
    if dtype in (ms.int32, ms.int64, ms.uint8):
        assert not nn.EmbeddingLookup(4, 2, dtype=dtype).embedding_table.asnumpy().any()


def test_embedding_lookup_dtype_errors(mode):
    for bad in ("float32", 3):
        with pytest.raises(TypeError, match="EmbeddingLookup"):
            nn.EmbeddingLookup(4, 2, dtype=bad)
    # MindSpore's ClipByNorm takes float16/float32 only
    look = nn.EmbeddingLookup(4, 2, param_init="ones", max_norm=1.0, dtype=ms.int32)
    with pytest.raises(TypeError, match="max_norm"):
        look(Tensor(np.array([1, 0]), ms.int32))


def test_bool_ddof_of_var_nanvar_nanstd_cov_means_0_or_1(mode):
    # MindSpore 2.10 (Tensor.var(ddof=True), mindspore.numpy var/nanvar/nanstd/cov) takes a
    # bool ddof as 0/1; its std alone refuses one
    import mindcell.numpy as mnp
    a = np.array([[1., 2., 4.], [3., 5., 9.]], np.float32)
    x = Tensor(a)
    for d in (True, False):
        np.testing.assert_allclose(x.var(axis=0, ddof=d).asnumpy(), a.var(0, ddof=int(d)),
                                   rtol=1e-6)
        np.testing.assert_allclose(mnp.var(x, axis=0, ddof=d).asnumpy(), a.var(0, ddof=int(d)),
                                   rtol=1e-6)
        np.testing.assert_allclose(mnp.nanvar(x, axis=0, ddof=d).asnumpy(),
                                   a.var(0, ddof=int(d)), rtol=1e-6)
        np.testing.assert_allclose(mnp.nanstd(x, axis=0, ddof=d).asnumpy(),
                                   a.std(0, ddof=int(d)), rtol=1e-6)
        np.testing.assert_allclose(mnp.cov(x, ddof=d).asnumpy(), np.cov(a, ddof=int(d)),
                                   rtol=1e-5)
        with pytest.raises(TypeError, match="std"):
            x.std(axis=0, ddof=d)
        with pytest.raises(TypeError, match="std"):
            mnp.std(x, axis=0, ddof=d)
    for bad in (1.5, None):
        with pytest.raises(TypeError, match="ddof"):
            x.var(axis=0, ddof=bad)


def test_cov_bias_int_is_a_truth_value():
    # MindSpore 2.10's mindspore.numpy.cov(bias=1) normalises by N (bias=0 by N - 1)
    import mindcell.numpy as mnp
    a = np.array([[1., 2., 4.], [3., 5., 9.]], np.float32)
    for b in (1, 0, 2):
        np.testing.assert_allclose(mnp.cov(Tensor(a), bias=b).asnumpy(),
                                   np.cov(a, bias=bool(b)), rtol=1e-5)
    with pytest.raises(TypeError, match="bias"):
        mnp.cov(Tensor(a), bias="a")
