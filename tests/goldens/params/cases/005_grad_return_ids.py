"""ops.grad / ops.value_and_grad with return_ids: gradients paired with input positions and
parameter names."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit


def run(key, fn):
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        out = e
    emit(key, out)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([2.0, 3.0], np.float32)), name="w")
        self.b = Parameter(Tensor(np.array([1.0], np.float32)), name="b")

    def construct(self, x, y):
        return (x * self.w * y).sum() + self.b.sum()


net = Net()
x = Tensor(np.array([1.0, 2.0], np.float32))
y = Tensor(np.array([3.0, 4.0], np.float32))
run("pos0", lambda: ops.grad(net, 0, return_ids=True)(x, y))
run("pos01", lambda: ops.grad(net, (0, 1), return_ids=True)(x, y))
run("weights", lambda: ops.grad(net, None, net.trainable_params(), return_ids=True)(x, y))
run("both", lambda: ops.grad(net, 0, net.trainable_params(), return_ids=True)(x, y))
run("aux", lambda: ops.grad(lambda a, b: (a * b, a), 0, has_aux=True, return_ids=True)(x, y))
run("value_and_grad", lambda: ops.value_and_grad(net, (0, 1), None, return_ids=True)(x, y))
run("value_and_grad.weights", lambda: ops.value_and_grad(net, None, net.trainable_params(),
                                                         return_ids=True)(x, y))
run("no_ids", lambda: ops.grad(net, 0)(x, y))
run("bad", lambda: ops.grad(net, 0, return_ids=1)(x, y))
