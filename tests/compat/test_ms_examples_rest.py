"""Cases in the style of MindSpore 2.10's docstring examples outside mindspore.ops (Tensor
methods, nn, numpy, top-level, dataset, hal, ...) that failed or differed under mindcell; the
expected values were recorded with MindSpore 2.10 CPU (ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn, ops


def test_softmax_xent_gradient_is_softmax_minus_labels_and_labels_get_none():
    # labels whose rows do not sum to 1: MindSpore's backprop is softmax - labels, not the
    # exact derivative, and the labels' gradient is zero
    lg = Tensor(np.array([[2.0, 1.0, 0.0], [0.5, 0.2, 0.1]], np.float32))
    lb = Tensor(np.array([[1.0, 1.0, 0.0], [0.2, 0.3, 0.1]], np.float32))
    loss, backprop = ops.SoftmaxCrossEntropyWithLogits()(lg, lb)
    np.testing.assert_allclose(loss.asnumpy(), [1.81521177, 0.658059418], rtol=1e-5)
    want = np.array([[-3.34759057e-01, -7.55271554e-01, 9.00305733e-02],
                     [2.14741871e-01, 7.24831223e-03, 1.78009778e-01]], np.float32)
    np.testing.assert_allclose(backprop.asnumpy(), want, rtol=1e-5, atol=1e-6)
    f = lambda a, b: (nn.SoftmaxCrossEntropyWithLogits()(a, b) * Tensor([1.0, 3.0])).sum()
    ga, gb = ms.grad(f, grad_position=(0, 1))(lg, lb)
    np.testing.assert_allclose(ga.asnumpy(), want * np.array([[1.0], [3.0]], np.float32),
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(gb.asnumpy(), np.zeros((2, 3), np.float32))
    # nn.ForwardValueAndGrad over a WithLossCell: inputs' and weights' gradients
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.weight = ms.Parameter(Tensor(np.ones([2, 2], np.float32)), name="weight")

        def construct(self, x):
            return ops.matmul(x, self.weight)

    net = Net()
    wl = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits())
    fvg = nn.ForwardValueAndGrad(wl, weights=ms.ParameterTuple(net.trainable_params()),
                                 get_all=True, get_by_list=True)
    loss, ((gx, gy), (gw,)) = fvg(Tensor(np.ones([1, 2], np.float32)),
                                  Tensor(np.ones([1, 2], np.float32)))
    np.testing.assert_allclose(loss.asnumpy(), [1.38629436], rtol=1e-6)
    np.testing.assert_allclose(gx.asnumpy(), [[-1.0, -1.0]])
    np.testing.assert_array_equal(gy.asnumpy(), [[0.0, 0.0]])
    np.testing.assert_allclose(gw.asnumpy(), np.full((2, 2), -0.5))
