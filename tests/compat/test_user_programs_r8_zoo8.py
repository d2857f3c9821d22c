"""Round 8 (zoo8): mechanisms found running MindSpore scientific programs (SciAI's PINN family,
MindSPONGE, MindChemistry ...) under mindcell. Small programs written for these tests, in the
style of what failed; the expected structures and values were read from MindSpore 2.10 (CPU)
with the ms-oracle."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops


@pytest.fixture(params=[ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
def mode(request):
    old = ms.get_context("mode")
    ms.set_context(mode=request.param)
    yield request.param
    ms.set_context(mode=old)


def _structure(r):
    """'T(shape)' for a Tensor, 'tuple[...]' for a tuple/list of them."""
    if isinstance(r, (tuple, list)):
        return "tuple[" + ",".join(_structure(i) for i in r) + "]"
    assert isinstance(r, ms.Tensor), type(r)
    return "T" + str(tuple(r.shape))


def _dense():
    net = nn.Dense(2, 3, weight_init="ones", bias_init="zeros")
    x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(4, 2) / 8)
    return net, x


# MindSpore 2.10: weights given as ONE Parameter give its gradient as one Tensor; a list (or a
# ParameterTuple) of Parameters gives a tuple, even of one. vjp_fn returns a tuple of input
# gradients, a 1-tuple for one input.
_SINGLE_WEIGHT_CASES = {
    "GradOperation(get_by_list) w": (
        lambda m, x: ops.GradOperation(get_by_list=True)(m, m.weight)(x), "T(3, 2)"),
    "GradOperation(get_by_list) [w]": (
        lambda m, x: ops.GradOperation(get_by_list=True)(m, [m.weight])(x), "tuple[T(3, 2)]"),
    "GradOperation(get_all, get_by_list) w": (
        lambda m, x: ops.GradOperation(get_all=True, get_by_list=True)(m, m.weight)(x),
        "tuple[tuple[T(4, 2)],T(3, 2)]"),
    "GradOperation(get_by_list, sens_param) w": (
        lambda m, x: ops.GradOperation(get_by_list=True, sens_param=True)(m, m.weight)(
            x, ops.ones((4, 3), ms.float32)), "T(3, 2)"),
    "grad(None, w)": (lambda m, x: ops.grad(m, None, m.weight)(x), "T(3, 2)"),
    "grad(0, w)": (lambda m, x: ops.grad(m, 0, m.weight)(x), "tuple[T(4, 2),T(3, 2)]"),
    "grad(None, [w])": (lambda m, x: ops.grad(m, None, [m.weight])(x), "tuple[T(3, 2)]"),
    "value_and_grad(None, w)": (
        lambda m, x: ops.value_and_grad(m, None, m.weight)(x), "tuple[T(4, 3),T(3, 2)]"),
    "value_and_grad(0, w)": (
        lambda m, x: ops.value_and_grad(m, 0, m.weight)(x),
        "tuple[T(4, 3),tuple[T(4, 2),T(3, 2)]]"),
    "vjp one input": (
        lambda m, x: ops.vjp(lambda a: a * 2, x)[1](x), "tuple[T(4, 2)]"),
    "vjp weights=w": (
        lambda m, x: ops.vjp(m, x, weights=m.weight)[1](ops.ones((4, 3), ms.float32)),
        "tuple[tuple[T(4, 2)],T(3, 2)]"),
    "vjp weights=[w]": (
        lambda m, x: ops.vjp(m, x, weights=[m.weight])[1](ops.ones((4, 3), ms.float32)),
        "tuple[tuple[T(4, 2)],tuple[T(3, 2)]]"),
}


@pytest.mark.parametrize("case", sorted(_SINGLE_WEIGHT_CASES))
def test_single_parameter_weights_give_one_tensor(case):
    fn, expected = _SINGLE_WEIGHT_CASES[case]
    net, x = _dense()
    assert _structure(fn(net, x)) == expected


def test_single_parameter_weight_gradient_values_match_the_list_form():
    net, x = _dense()
    one = ops.GradOperation(get_by_list=True)(net, net.weight)(x)
    listed, = ops.GradOperation(get_by_list=True)(net, [net.weight])(x)
    np.testing.assert_allclose(one.asnumpy(), listed.asnumpy())
    # d(sum(x W^T))/dW: each row of W gets the column sums of x
    np.testing.assert_allclose(one.asnumpy(), np.tile(x.asnumpy().sum(0), (3, 1)), rtol=1e-6)
