"""Semantics that must match MindSpore exactly: autodiff result structures with ``has_aux``,
gradients of integer inputs, nn.Dense on integer inputs, nested container parameter names."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops


def _fn(x, y):
    return (x * x * y).sum(), x + y, y * 2


X = np.array([1.0, 2.0], np.float32)
Y = np.array([3.0, -1.0], np.float32)


def test_grad_has_aux_returns_aux_tuple(mode):
    # MindSpore returns (gradient, out[1:]): aux is a tuple even with one auxiliary output.
    x, y = ms.Tensor(X), ms.Tensor(Y)
    g, aux = ops.grad(_fn, 0, has_aux=True)(x, y)
    np.testing.assert_allclose(g.asnumpy(), 2 * X * Y)
    assert isinstance(aux, tuple) and len(aux) == 2
    np.testing.assert_allclose(aux[0].asnumpy(), X + Y)
    g, aux = ops.grad(lambda a, b: _fn(a, b)[:2], (0, 1), has_aux=True)(x, y)
    assert isinstance(g, tuple) and len(g) == 2
    assert isinstance(aux, tuple) and len(aux) == 1
    np.testing.assert_allclose(g[1].asnumpy(), X * X)


def test_value_and_grad_has_aux_structure(mode):
    x, y = ms.Tensor(X), ms.Tensor(Y)
    (loss, a, b), g = ops.value_and_grad(_fn, 0, has_aux=True)(x, y)
    np.testing.assert_allclose(loss.asnumpy(), (X * X * Y).sum(), rtol=1e-6)
    np.testing.assert_allclose(b.asnumpy(), Y * 2)
    np.testing.assert_allclose(g.asnumpy(), 2 * X * Y)


def test_vjp_has_aux_structure():
    x = ms.Tensor(X)
    out, vjp_fn, aux = ops.vjp(lambda a: (a * a, a + 1), x, has_aux=True)
    np.testing.assert_allclose(out.asnumpy(), X * X)
    np.testing.assert_allclose(aux.asnumpy(), X + 1)  # one aux: unwrapped (Union[Tensor, tuple])
    grads = vjp_fn(ms.Tensor(np.ones(2, np.float32)))  # a 1-tuple for one input (MindSpore 2.10)
    assert isinstance(grads, tuple) and len(grads) == 1
    np.testing.assert_allclose(grads[0].asnumpy(), 2 * X)
    out, vjp_fn, aux = ops.vjp(lambda a: (a * a, a + 1, a - 1), x, has_aux=True)
    assert isinstance(aux, tuple) and len(aux) == 2


def test_grad_of_integer_input_is_the_gradient_in_its_dtype(mode):
    # MindSpore 2.10 (ms-oracle, PyNative): the integer input's gradient is [1 2], Int32 (d30505f)
    x, i = ms.Tensor(X), ms.Tensor(np.array([2, 3], np.int32))
    gx, gi = ops.grad(lambda a, b: (a * b).sum(), (0, 1))(x, i)
    np.testing.assert_allclose(gx.asnumpy(), [2.0, 3.0])
    assert gi.dtype == ms.int32 and gi.shape == (2,)
    np.testing.assert_array_equal(gi.asnumpy(), [1, 2])


@pytest.mark.parametrize("data", [np.array([[1, 2]], np.int32), np.array([[1, 2]], np.int64),
                                  np.array([[True, False]])])
def test_dense_rejects_integer_input(mode, data):
    with pytest.raises(TypeError, match="Dense"):
        nn.Dense(2, 3)(ms.Tensor(data))


def test_nested_container_parameter_names():
    net = nn.SequentialCell([nn.SequentialCell([nn.Dense(2, 2)]),
                             nn.CellList([nn.Dense(2, 2), nn.ReLU()]), nn.Dense(2, 1)])
    assert [p.name for p in net.get_parameters()] == [
        "0.0.weight", "0.0.bias", "1.0.weight", "1.0.bias", "2.weight", "2.bias"]

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.body = nn.SequentialCell(nn.Dense(2, 2), nn.SequentialCell(nn.Dense(2, 2)))
            self.heads = nn.CellList([nn.Dense(2, 1)])

        def construct(self, x):
            return self.heads[0](self.body(x))

    assert [p.name for p in Net().trainable_params()] == [
        "body.0.weight", "body.0.bias", "body.1.0.weight", "body.1.0.bias",
        "heads.0.weight", "heads.0.bias"]
