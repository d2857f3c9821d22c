"""ops.jacrev / ops.jacfwd (and mindspore.jacrev at the top level): shapes out.shape +
in.shape, packing over outputs and positions as MindSpore 2.10 packs them (checked with
ms-oracle), values against closed forms, and Jacobians of Jacobians (Hessians) inside a
trained Cell."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn, ops

X = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
Y = np.array([0.5, -1.0], np.float32)


def square2(a):
    return a * a * 2


def two_outputs(a, b):
    return a * b, a.sum() * b


def cube_sum(a):
    return (a ** 3).sum()


@pytest.mark.parametrize("jac", [ops.jacrev, ops.jacfwd])
def test_elementwise_jacobian_is_diagonal(jac, mode):
    got = jac(square2)(Tensor(X)).asnumpy()
    assert got.shape == (2, 2, 2, 2)
    want = np.zeros((2, 2, 2, 2), np.float32)
    for i in range(2):
        for j in range(2):
            want[i, j, i, j] = 4 * X[i, j]
    np.testing.assert_allclose(got, want)


@pytest.mark.parametrize("jac", [ops.jacrev, ops.jacfwd])
def test_packing_over_outputs_and_positions(jac, mode):
    per_output = jac(two_outputs, grad_position=(0, 1))(Tensor(X), Tensor(Y))
    shapes = [[t.shape for t in inner] for inner in per_output]
    assert shapes == [[(2, 2, 2, 2), (2, 2, 2)], [(2, 2, 2), (2, 2)]]
    # d(sum(a) * b) / db = sum(a) * I
    np.testing.assert_allclose(per_output[1][1].asnumpy(), X.sum() * np.eye(2))
    np.testing.assert_allclose(per_output[1][0].asnumpy(), np.broadcast_to(
        Y[:, None, None], (2, 2, 2)))
    first_only = jac(two_outputs)(Tensor(X), Tensor(Y))
    assert [t.shape for t in first_only] == [(2, 2, 2, 2), (2, 2, 2)]
    # a one-element position tuple gives a Tensor, not a tuple (MindSpore)
    assert isinstance(jac(square2, grad_position=(0,))(Tensor(X)), Tensor)


def test_has_aux_returns_aux_unchanged(mode):
    def f(a):
        return a.sum() * 3, a + 1
    j, aux = ops.jacrev(f, has_aux=True)(Tensor(X))
    np.testing.assert_allclose(j.asnumpy(), np.full((2, 2), 3.0))
    np.testing.assert_allclose(aux.asnumpy(), X + 1)


@pytest.mark.parametrize("jac", [ops.jacrev, ops.jacfwd])
def test_hessian_by_nesting(jac, mode):
    hess = jac(jac(cube_sum))(Tensor(Y)).asnumpy()
    np.testing.assert_allclose(hess, np.diag(6 * Y), atol=1e-6)


def test_top_level_names_and_errors():
    assert ms.jacrev is ops.jacrev and ms.jacfwd is ops.jacfwd
    with pytest.raises(TypeError, match="jacrev: the input at position 0"):
        ops.jacrev(square2)(Tensor(np.array([1, 2], np.int32)))
    with pytest.raises(TypeError, match="jacfwd: 'has_aux' must be a bool"):
        ops.jacfwd(square2, has_aux=1)
    with pytest.raises(ValueError, match="jacrev: 'grad_position' 3"):
        ops.jacrev(square2, grad_position=3)(Tensor(X))


class _SumOver(nn.Cell):
    def __init__(self, fn, axis):
        super().__init__()
        self.fn = fn
        self.axis = axis

    def construct(self, x):
        return self.fn(x).sum(axis=self.axis)


def test_third_order_training_step_matches_pynative():
    """A loss on the Hessian of a network (a third derivative for the parameter gradients),
    trained for two steps: GRAPH_MODE and PYNATIVE_MODE agree, and the loss changes."""
    x = Tensor(np.array([[0.1, 0.2], [0.3, -0.4], [1.0, 0.5]], np.float32))
    losses = {}
    for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=m)
        net = nn.SequentialCell([nn.Dense(2, 6, weight_init="ones", bias_init="zeros"),
                                 nn.Tanh(), nn.Dense(6, 1, weight_init="ones",
                                                     bias_init="zeros")])
        net[0].weight.set_data(Tensor(np.linspace(-1, 1, 12, dtype=np.float32).reshape(6, 2)))
        hessian = ops.jacrev(_SumOver(ops.jacrev(_SumOver(net, 0)), 1))

        def loss_fn(inp):
            h = hessian(inp)
            return (h[0, 0] + h[0, 1]).square().mean()

        opt = nn.SGD(net.trainable_params(), 0.1)
        grad_fn = ops.value_and_grad(loss_fn, None, opt.parameters)
        seen = []
        for _ in range(2):
            loss, grads = grad_fn(x)
            opt(grads)
            seen.append(float(loss.asnumpy()))
        losses[m] = seen
    ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(losses[ms.GRAPH_MODE], losses[ms.PYNATIVE_MODE], rtol=1e-5)
    assert losses[ms.PYNATIVE_MODE][0] != losses[ms.PYNATIVE_MODE][1]
