"""nn.WithGradCell, Jvp and Vjp: gradients of a small network and function, with and without
sens / several inputs, in PYNATIVE and GRAPH_MODE. The network is polynomial: with tanh,
MindSpore 2.10's gradient is 1.3e-3 off the exact value (-0.045588 for -0.045528)."""
import numpy as np
from _target import ms, nn, Tensor, emit

from _nn_more import run  # noqa: E402  (the shared recorder)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(Tensor(np.array([[0.5, -1.0], [2.0, 0.25], [-0.5, 1.5]], np.float32)),
                              name="w")
        self.b = ms.Parameter(Tensor(np.array([0.1, -0.2], np.float32)), name="b")

    def construct(self, x):
        return ms.ops.square(ms.ops.matmul(x, self.w) + self.b)


x = Tensor(np.array([[1.0, 2.0, -1.0], [0.5, -0.5, 2.0]], np.float32))
y = Tensor(np.array([[0.2, -0.1], [0.4, 0.3]], np.float32))


def cube(a):
    return a * a * a


class Cube(nn.Cell):
    def construct(self, a):
        return a * a * a


def fn2(a, b):
    return a * a * b + ms.ops.sin(b)


u = Tensor(np.array([1.0, -2.0, 0.5], np.float32))
v = Tensor(np.array([0.3, 0.7, -1.0], np.float32))
for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
    ms.set_context(mode=getattr(ms, mode))
    m = mode[0]
    run(m + "_wgc_loss", lambda: nn.WithGradCell(Net(), nn.MSELoss())(x, y))
    run(m + "_wgc_sens", lambda: nn.WithGradCell(Net(), sens=Tensor(np.array([[1.0, 0.5], [-1.0, 2.0]],
                                                                          np.float32)))(x))
    run(m + "_jvp1", lambda: nn.Jvp(cube)(u, v))
    run(m + "_jvp1_cell", lambda: nn.Jvp(Cube())(u, v))
    run(m + "_jvp2", lambda: nn.Jvp(fn2)(u, v, (v, u)))
    run(m + "_vjp1", lambda: nn.Vjp(cube)(u, v))
    run(m + "_vjp1_cell", lambda: nn.Vjp(Cube())(u, v))
    run(m + "_vjp2", lambda: nn.Vjp(fn2)(u, v, u))
ms.set_context(mode=ms.PYNATIVE_MODE)
