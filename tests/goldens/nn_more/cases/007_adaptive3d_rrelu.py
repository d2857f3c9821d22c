"""nn.AdaptiveAvgPool3d, AdaptiveMaxPool3d and RReLU (its deterministic parts: non-negative inputs,
lower == upper, the checks): values, shapes, gradients, attributes and error types."""
import numpy as np
from _target import ms, nn, Tensor, emit

from _nn_more import run  # noqa: E402  (the shared recorder)


x5 = Tensor((np.arange(1 * 2 * 5 * 6 * 7, dtype=np.float32).reshape(1, 2, 5, 6, 7) * 7 % 11) - 5)
run("aap3", lambda: nn.AdaptiveAvgPool3d(2)(x5))
run("aap3_tuple", lambda: nn.AdaptiveAvgPool3d((3, 4, 5))(x5))
run("aap3_none", lambda: nn.AdaptiveAvgPool3d((None, 2, 3))(x5))
run("aap3_4d", lambda: nn.AdaptiveAvgPool3d((2, 3, 2))(x5[0]))
run("aap3_grad", lambda: ms.grad(lambda t: (nn.AdaptiveAvgPool3d((2, 4, 3))(t) * 3.0).sum())(x5))
run("aap3_3d", lambda: nn.AdaptiveAvgPool3d(2)(x5[0, 0]))
run("aap3_bad", lambda: nn.AdaptiveAvgPool3d((2, 2))(x5))
run("amp3", lambda: nn.AdaptiveMaxPool3d(2)(x5))
run("amp3_tuple", lambda: nn.AdaptiveMaxPool3d((3, 4, 5))(x5))
run("amp3_4d", lambda: nn.AdaptiveMaxPool3d((2, 3, 2))(x5[0]))
run("amp3_grad", lambda: ms.grad(lambda t: (nn.AdaptiveMaxPool3d((2, 4, 3))(t) * 3.0).sum())(x5))
run("amp3_attr", lambda: nn.AdaptiveMaxPool3d(2).output_size)
run("amp3_3d", lambda: nn.AdaptiveMaxPool3d(2)(x5[0, 0]))
xp = Tensor(np.array([[0.0, 1.5, 3.0], [2.0, 0.5, 7.0]], np.float32))
run("rrelu_pos", lambda: nn.RReLU()(xp))
run("rrelu_fixed", lambda: nn.RReLU(0.25, 0.25)(Tensor(np.array([-4.0, -1.0, 2.0], np.float32))))
run("rrelu_attrs", lambda: [nn.RReLU().lower, nn.RReLU(0.1, 0.2).upper])
run("rrelu_order", lambda: nn.RReLU(0.5, 0.2))
run("rrelu_str", lambda: nn.RReLU("0.1"))
run("rrelu_list", lambda: nn.RReLU()([1.0]))
