"""mindspore.ops functions as MindSpore 2.10's own docstring examples use them (round 6, exfn):
small cases of our own in the style of what failed, asserting values recorded with ms-oracle."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops


def _arange(shape, dtype=np.float32):
    return Tensor(np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape))


@pytest.mark.parametrize("a,b,shape", [((2, 3), (4, 3, 5), (2, 4, 5)),
                                       ((2, 2, 3), (4, 3, 5), (2, 2, 4, 5)),
                                       ((3, 2, 3), (2, 1, 3, 2), (3, 2, 2, 1, 2)),
                                       ((2, 3), (3, 2), (2, 2))])
def test_dot_is_numpy_dot_not_batched_matmul(a, b, shape):
    # MindSpore 2.10: ops.dot contracts input's last axis with other's second-to-last and
    # crosses the batches (ms-oracle: shape (2, 4, 5) and values equal to numpy.dot)
    x, y = _arange(a), _arange(b)
    out = ops.dot(x, y)
    assert out.shape == shape
    np.testing.assert_allclose(out.asnumpy(), np.dot(x.asnumpy(), y.asnumpy()), rtol=1e-6)


def test_dot_checks_batched_operands():
    with pytest.raises(ValueError, match="dot"):
        ops.dot(_arange((2, 3)), _arange((4, 2, 5)))
    with pytest.raises(TypeError, match="dot"):
        ops.dot(_arange((2, 3)), _arange((4, 3, 5), np.float16))


def test_dot_gradient_beyond_2d():
    x, y = _arange((2, 3)), _arange((4, 3, 5))
    gx, gy = ops.grad(lambda a, b: ops.dot(a, b).sum(), (0, 1))(x, y)
    np.testing.assert_allclose(gx.asnumpy(), np.broadcast_to(
        y.asnumpy().sum(axis=(0, 2)), (2, 3)), rtol=1e-6)
    assert gy.shape == (4, 3, 5)


@pytest.mark.parametrize("name,n", [("hsplit", 3), ("vsplit", 2)])
def test_hsplit_vsplit_return_tuples(name, n):
    x = _arange((2, 3))
    out = getattr(ops, name)(x, n)
    assert isinstance(out, tuple) and len(out) == n
    assert isinstance(getattr(x, name)(n), tuple)
