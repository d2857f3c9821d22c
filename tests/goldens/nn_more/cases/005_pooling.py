"""nn.LPPool1d, LPPool2d and MaxPool3d: values, shapes, gradients, attributes and error types."""
import numpy as np
from _target import ms, nn, Tensor, emit

from _nn_more import run  # noqa: E402  (the shared recorder)


x4 = Tensor((np.arange(2 * 2 * 5 * 6, dtype=np.float32).reshape(2, 2, 5, 6) % 7 - 2) / 2)
x3 = Tensor((np.arange(2 * 3 * 7, dtype=np.float32).reshape(2, 3, 7) % 5) / 2)
run("lp2", lambda: nn.LPPool2d(2, 2)(x4))
run("lp2_k_s", lambda: nn.LPPool2d(3, (2, 3), stride=(1, 2))(x4))
run("lp2_ceil", lambda: nn.LPPool2d(1.5, 2, stride=2, ceil_mode=True)(Tensor(np.abs(x4.asnumpy()))))
run("lp2_3d", lambda: nn.LPPool2d(2, 2)(x4[0]))
run("lp2_grad", lambda: ms.grad(nn.LPPool2d(2, 2))(x4 + 3.0))
run("lp2_norm0", lambda: nn.LPPool2d(0, 2)(x4))
run("lp2_norm_str", lambda: nn.LPPool2d("2", 2)(x4))
run("lp2_attrs", lambda: [nn.LPPool2d(2, 3).norm_type, nn.LPPool2d(2, 3).kernel_size,
                          nn.LPPool2d(2, 3).stride, nn.LPPool2d(2, 3).ceil_mode])
run("lp1", lambda: nn.LPPool1d(2, 3)(x3))
run("lp1_s", lambda: nn.LPPool1d(1, 2, stride=1)(x3))
run("lp1_ceil", lambda: nn.LPPool1d(2.0, 3, 2, True)(x3))
run("lp1_2d", lambda: nn.LPPool1d(2, 3)(x3[0]))
run("lp1_grad", lambda: ms.grad(nn.LPPool1d(2, 3))(x3 + 1.0))
run("lp1_norm0", lambda: nn.LPPool1d(0, 2)(x3))
x5 = Tensor((np.arange(1 * 2 * 4 * 5 * 6, dtype=np.float32).reshape(1, 2, 4, 5, 6) * 7 % 11) - 5)
run("mp3", lambda: nn.MaxPool3d()(x5))
run("mp3_k2", lambda: nn.MaxPool3d(2, 2)(x5))
run("mp3_k_tuple", lambda: nn.MaxPool3d((2, 3, 2), (1, 2, 2))(x5))
run("mp3_same", lambda: nn.MaxPool3d(3, 2, pad_mode="same")(x5))
run("mp3_pad", lambda: nn.MaxPool3d(3, 2, pad_mode="pad", padding=1)(x5))
run("mp3_pad_tuple", lambda: nn.MaxPool3d(2, 2, pad_mode="pad", padding=(1, 0, 1))(x5))
run("mp3_ceil", lambda: nn.MaxPool3d(2, 2, ceil_mode=True)(x5))
run("mp3_4d", lambda: nn.MaxPool3d(2, 2)(x5[0]))
run("mp3_grad", lambda: ms.grad(lambda t: (nn.MaxPool3d(2, 2)(t) * 3.0).sum())(x5))
run("mp3_pad_bad_mode", lambda: nn.MaxPool3d(2, 2, padding=1)(x5))
run("mp3_mode_bad", lambda: nn.MaxPool3d(2, 2, pad_mode="full"))
run("mp3_k0", lambda: nn.MaxPool3d(0))
run("mp3_dil_valid", lambda: nn.MaxPool3d(2, 1, dilation=2))
