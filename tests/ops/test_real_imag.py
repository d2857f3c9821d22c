"""ops.real / ops.imag and the Real / Imag primitives on the real tensors mindcell has: the
values and zeros MindSpore 2.10 returns for real inputs (dtype kept, Int32 too), in both
modes; real passes the gradient through, imag has none."""
import numpy as np
import pytest

from mindcell import Tensor, ops

X = np.array([1.5, -2.0, 0.25], np.float32)


def test_real_is_a_copy_and_imag_zeros(mode):
    x = Tensor(X)
    for r in (ops.real(x), ops.Real()(x)):
        np.testing.assert_array_equal(r.asnumpy(), X)
        assert r.dtype == x.dtype and r is not x
    for i in (ops.imag(x), ops.Imag()(Tensor(np.array([1, 2], np.int32)))):
        assert not i.asnumpy().any()
    int_zeros = ops.Imag()(Tensor(np.array([1, 2], np.int32)))
    assert int_zeros.dtype == Tensor(np.array([1], np.int32)).dtype


def test_gradients(mode):
    x = Tensor(X)
    np.testing.assert_array_equal(ops.grad(lambda a: (ops.real(a) * 3).sum())(x).asnumpy(),
                                  np.full(3, 3.0, np.float32))
    np.testing.assert_array_equal(ops.grad(lambda a: (ops.imag(a) + a).sum())(x).asnumpy(),
                                  np.ones(3, np.float32))


def test_real_result_does_not_alias_input():
    x = Tensor(X.copy())
    r = ops.real(x)
    r[0] = 100.0
    assert x.asnumpy()[0] == X[0]


def test_non_tensor_raises():
    with pytest.raises(TypeError, match="real"):
        ops.real([1.0])
    with pytest.raises(TypeError, match="imag"):
        ops.imag(1.0)
