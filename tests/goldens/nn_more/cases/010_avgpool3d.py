"""nn.AvgPool3d: values for the pad modes, ceil_mode, count_include_pad and divisor_override,
gradients and error types."""
import numpy as np
from _target import ms, nn, Tensor, emit

from _nn_more import run  # noqa: E402  (the shared recorder)


x5 = Tensor((np.arange(1 * 2 * 4 * 5 * 6, dtype=np.float32).reshape(1, 2, 4, 5, 6) * 7 % 11) - 5)
run("ap3", lambda: nn.AvgPool3d()(x5))
run("ap3_k2", lambda: nn.AvgPool3d(2, 2)(x5))
run("ap3_tuple", lambda: nn.AvgPool3d((2, 3, 2), (1, 2, 2))(x5))
run("ap3_same", lambda: nn.AvgPool3d(3, 2, pad_mode="same")(x5))
run("ap3_pad", lambda: nn.AvgPool3d(3, 2, pad_mode="pad", padding=1)(x5))
run("ap3_pad_excl", lambda: nn.AvgPool3d(3, 2, "pad", 1, count_include_pad=False)(x5))
run("ap3_pad_ceil", lambda: nn.AvgPool3d(3, 2, "pad", 1, ceil_mode=True)(x5))
run("ap3_pad_ceil_excl", lambda: nn.AvgPool3d(3, 2, "pad", 1, True, False)(x5))
run("ap3_div", lambda: nn.AvgPool3d(2, 2, divisor_override=3)(x5))
run("ap3_pad_tuple6", lambda: nn.AvgPool3d(2, 2, "pad", (1, 0, 0, 1, 1, 1))(x5))
run("ap3_4d", lambda: nn.AvgPool3d(2, 2)(x5[0]))
run("ap3_grad", lambda: ms.grad(lambda t: (nn.AvgPool3d(3, 2, "pad", 1)(t) * 3.0).sum())(x5))
run("ap3_div0", lambda: nn.AvgPool3d(2, 2, divisor_override=0))
run("ap3_pad_valid", lambda: nn.AvgPool3d(2, 2, padding=1)(x5))
run("ap3_mode_bad", lambda: nn.AvgPool3d(2, 2, pad_mode="full"))
run("ap3_k0", lambda: nn.AvgPool3d(0))
