"""nn.TimeDistributed: per-step and merged (reshape_with_axis) application of a layer, values,
shapes, gradients and error types."""
import numpy as np
from _target import ms, nn, Tensor, emit

from _nn_more import run  # noqa: E402  (the shared recorder)


class Lin(nn.Cell):
    """A fixed linear map of the last axis (3 -> 2)."""

    def __init__(self):
        super().__init__()
        self.w = Tensor(np.array([[1.0, -0.5], [0.25, 2.0], [-1.0, 0.5]], np.float32))

    def construct(self, x):
        return ms.ops.matmul(x, self.w)


x3 = Tensor((np.arange(4 * 5 * 3, dtype=np.float32).reshape(4, 5, 3) % 7) / 2 - 1)
x4 = Tensor((np.arange(2 * 3 * 4 * 3, dtype=np.float32).reshape(2, 3, 4, 3) % 5) - 2)
run("td_steps", lambda: nn.TimeDistributed(Lin(), time_axis=1)(x3))
run("td_merge0", lambda: nn.TimeDistributed(Lin(), 1, reshape_with_axis=0)(x3))
run("td_t0_merge1", lambda: nn.TimeDistributed(Lin(), 0, reshape_with_axis=1)(x3))
run("td_neg", lambda: nn.TimeDistributed(Lin(), -2)(x3))
run("td_4d_steps", lambda: nn.TimeDistributed(Lin(), 2)(x4))
run("td_4d_merge", lambda: nn.TimeDistributed(Lin(), 2, reshape_with_axis=0)(x4))
run("td_4d_merge_last", lambda: nn.TimeDistributed(nn.ReLU(), 1, reshape_with_axis=-1)(x4))
run("td_grad", lambda: ms.grad(lambda t: (nn.TimeDistributed(Lin(), 1, 0)(t) * 2.0).sum())(x3))
run("td_relu", lambda: nn.TimeDistributed(nn.ReLU(), 0)(x3))
run("td_layer_bad", lambda: nn.TimeDistributed(lambda t: t, 1))
run("td_axis_float", lambda: nn.TimeDistributed(Lin(), 1.0))
run("td_rw_float", lambda: nn.TimeDistributed(Lin(), 1, 0.0))
run("td_2d", lambda: nn.TimeDistributed(Lin(), 1)(x3[0]))
run("td_not_tensor", lambda: nn.TimeDistributed(Lin(), 1)(1.0))
