"""Round 8 (zoo8): mechanisms found running MindSpore scientific programs (SciAI's PINN family,
MindSPONGE, MindChemistry ...) under mindcell. Small programs written for these tests, in the
style of what failed; the expected structures and values were read from MindSpore 2.10 (CPU)
with the ms-oracle."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops


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


# GRAPH_MODE: a Parameter passed as an argument of a compiled cell (SciAI's JacobianWeights
# passes the weight it differentiates as the last input) is the Parameter inside construct,
# bound by reference as MindSpore's Ref arguments are: it is accepted as GradOperation's
# 'weights', its current value is read on every call, and an assign into it writes it.
class _JacobianOfWeight(nn.Cell):
    def __init__(self, model):
        super().__init__()
        self.model = model
        self.grad = ops.GradOperation(get_by_list=True, sens_param=True)

    def construct(self, *x):
        inputs, weight = x[:-1], x[-1]
        grad_fn = self.grad(self.model, weight)
        rows = ops.vmap(grad_fn, in_axes=(None, 0), out_axes=0)(*inputs, self.sens)
        return grad_fn(*inputs, ops.ones((4, 3), ms.float32)), rows


def test_parameter_argument_is_the_weight_of_gradoperation(mode):
    net = nn.SequentialCell([nn.Dense(2, 3, weight_init="ones", bias_init="zeros"), nn.Tanh()])
    x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(4, 2) / 8)
    jac = _JacobianOfWeight(net)
    jac.sens = ms.Tensor(np.ones((5, 4, 3), np.float32))
    weight = net.trainable_params()[0]
    whole, rows = jac(x, weight)
    assert whole.shape == (3, 2) and rows.shape == (5, 3, 2)
    # d sum(tanh(x W^T)) / dW = (1 - tanh^2)^T x  (MindSpore 2.10: sum of rows 17.663368)
    h = np.tanh(x.asnumpy() @ np.ones((2, 3), np.float32))
    expected = (1 - h * h).T @ x.asnumpy()
    np.testing.assert_allclose(whole.asnumpy(), expected, rtol=1e-5)
    np.testing.assert_allclose(float(rows.sum()), 17.663368, rtol=1e-5)


class _Scale(nn.Cell):
    def construct(self, x, p):
        return x * p


class _Accumulate(nn.Cell):
    def construct(self, x, p):
        ops.assign_add(p, x)
        return p * 2


def test_parameter_argument_is_bound_by_reference(mode):
    # values from MindSpore 2.10 (GRAPH_MODE and PYNATIVE_MODE alike)
    p = ms.Parameter(ms.Tensor(np.ones(3, np.float32)), name="p")
    x = ms.Tensor(np.arange(3, dtype=np.float32))
    scale = _Scale()
    np.testing.assert_allclose(scale(x, p).asnumpy(), [0, 1, 2])
    p.set_data(ms.Tensor(np.full(3, 5, np.float32)))  # the next call reads the new value
    np.testing.assert_allclose(scale(x, p).asnumpy(), [0, 5, 10])
    acc = _Accumulate()
    np.testing.assert_allclose(acc(x, p).asnumpy(), [10, 12, 14])
    np.testing.assert_allclose(p.asnumpy(), [5, 6, 7])
    np.testing.assert_allclose(acc(x, p).asnumpy(), [10, 14, 18])
    np.testing.assert_allclose(p.asnumpy(), [5, 7, 9])
    np.testing.assert_allclose(ops.grad(scale, grad_position=1)(x, p).asnumpy(), [0, 1, 2])

    @ms.jit
    def dot(a, b):
        return (a * b).sum()
    assert float(dot(p, x)) == float(dot(x, p)) == 25.0


_HANDLE_LOSS_PROGRAM = r'''
import numpy as np
import mindspore as ms
from mindspore import nn
from mindspore.train.callback._callback import (Callback, CallbackManager, InternalCallbackParam,
                                                RunContext, _handle_loss, set_cur_net)
import mindspore.train.callback._callback as private

t = ms.Tensor(np.array([1.0, 2.0], np.float32))
out = []
for v in [t, (t, t * 2), [t], (1.5, t), "x", 3, ms.Tensor(np.array(4, np.int32))]:
    r = _handle_loss(v)
    out.append((type(r).__name__, r.asnumpy().tolist() if isinstance(r, ms.Tensor) else
                (r if not isinstance(r, tuple) else len(r))))
net = nn.Dense(2, 1)
set_cur_net(net)
out.append(private.CUR_NET is net)
try:
    _handle_loss([])
except IndexError:
    out.append("IndexError")
print(repr(out))
'''


def test_private_callback_module_helpers(tmp_path):
    # SciAI's enso imports _handle_loss from mindspore.train.callback._callback; other model
    # code imports set_cur_net from there. Values from MindSpore 2.10.
    import subprocess
    import sys
    script = tmp_path / "handle_loss.py"
    script.write_text(_HANDLE_LOSS_PROGRAM)
    res = subprocess.run([sys.executable, "-m", "mindcell.run", str(script)],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]
    assert res.stdout.strip().splitlines()[-1] == repr([
        ("float", 1.5), ("Tensor", [1.0, 2.0]), ("Tensor", [1.0, 2.0]), ("tuple", 2),
        ("str", "x"), ("int", 3), ("float", 4.0), True, "IndexError"])
