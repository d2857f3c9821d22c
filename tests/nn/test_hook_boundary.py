"""Where a cell's backward hooks sit relative to its forward hooks: the input gradient is the
one of the input the forward pre-hook returned, and the output gradient the one of the output
the forward hook returned (MindSpore 2.10, checked with ms-oracle; the hook tutorial shows it),
in both modes."""
import numpy as np

import mindcell as ms
from mindcell import nn


class Square(nn.Cell):
    def construct(self, x):
        return x * x


class Outer(nn.Cell):
    def __init__(self, seen):
        super().__init__()
        self.sq = Square()
        self.sq.register_forward_pre_hook(lambda cell, inputs: (inputs[0] * 5,))
        self.sq.register_forward_hook(lambda cell, inputs, output: output * 3)

        def before(cell, grad_output):
            seen.append(("pre", float(grad_output[0].asnumpy()[0])))

        def after(cell, grad_input, grad_output):
            seen.append(("in", float(grad_input[0].asnumpy()[0])))
            seen.append(("out", float(grad_output[0].asnumpy()[0])))

        self.sq.register_backward_pre_hook(before)
        self.sq.register_backward_hook(after)

    def construct(self, x):
        return self.sq(x) * 7


def test_backward_hooks_see_the_hooked_output_and_input(mode):
    seen = []
    x = ms.Tensor(np.array([2.0], np.float32))
    net = Outer(seen)
    np.testing.assert_allclose(net(x).asnumpy(), [2100.0])
    grad = ms.grad(net)(x)
    # final = 7 * 3 * (5x)^2: d/dx = 2100 at x = 2
    np.testing.assert_allclose(grad.asnumpy(), [2100.0])
    # output gradient: of the forward hook's result (7), not of x*x (21);
    # input gradient: of the pre-hook's result 5x = 10 (7 * 3 * 2 * 10)
    assert seen == [("pre", 7.0), ("in", 420.0), ("out", 7.0)]
