"""ops.grad / ops.value_and_grad return_ids (accepted and ignored before): each gradient comes
as (input position, grad) or (parameter name, grad), in both modes (MindSpore's packing:
tests/goldens/params/005)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Parameter, Tensor


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([2.0, 3.0], np.float32)), name="w")
        self.b = Parameter(Tensor(np.array([1.0], np.float32)), name="b")

    def construct(self, x, y):
        return (x * self.w * y).sum() + self.b.sum()


def _plain(o):
    if isinstance(o, tuple):
        return tuple(_plain(i) for i in o)
    return o.asnumpy().tolist() if isinstance(o, Tensor) else o


X = Tensor(np.array([1.0, 2.0], np.float32))
Y = Tensor(np.array([3.0, 4.0], np.float32))


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_ids_in_every_packing(mode):
    ms.set_context(mode=mode)
    try:
        net = _Net()
        params = net.trainable_params()
        assert _plain(ops.grad(net, 0, return_ids=True)(X, Y)) == (0, [6.0, 12.0])
        assert _plain(ops.grad(net, (0, 1), return_ids=True)(X, Y)) == (
            (0, [6.0, 12.0]), (1, [2.0, 6.0]))
        assert _plain(ops.grad(net, None, params, return_ids=True)(X, Y)) == (
            ("w", [3.0, 8.0]), ("b", [1.0]))
        assert _plain(ops.grad(net, 0, params, return_ids=True)(X, Y)) == (
            (0, [6.0, 12.0]), (("w", [3.0, 8.0]), ("b", [1.0])))
        aux = ops.grad(lambda a, b: (a * b, a), 0, has_aux=True, return_ids=True)(X, Y)
        assert _plain(aux) == ((0, [3.0, 4.0]), ([1.0, 2.0],))
        value, grads = ops.value_and_grad(net, (0, 1), None, return_ids=True)(X, Y)
        assert _plain(value) == 31.0
        assert _plain(grads) == ((0, [6.0, 12.0]), (1, [2.0, 6.0]))
        assert _plain(ops.grad(net, 0)(X, Y)) == [6.0, 12.0]  # default: no ids
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_return_ids_must_be_bool():
    with pytest.raises(TypeError, match="return_ids"):
        ops.grad(_Net(), 0, return_ids=1)
    with pytest.raises(TypeError, match="return_ids"):
        ops.value_and_grad(_Net(), 0, return_ids="yes")
