"""nn.MaxUnpool1d, MaxUnpool2d and MaxUnpool3d: values (indices from the matching max pool),
output_size, gradients and error types. Left out: indices outside the default output (MindSpore
raises RuntimeError from its kernel; tests/nn/test_nn_more_unpool.py checks mindcell's error)."""
import numpy as np
from _target import ms, nn, Tensor, emit

from _nn_more import run  # noqa: E402  (the shared recorder)


x4 = Tensor((np.arange(1 * 2 * 4 * 6, dtype=np.float32).reshape(1, 2, 4, 6) * 7 % 11) - 5)
v2, i2 = ms.ops.max_pool2d(x4, 2, 2, return_indices=True)
run("mu2", lambda: nn.MaxUnpool2d(2)(v2, i2))
run("mu2_out", lambda: nn.MaxUnpool2d(2, 2)(v2, i2, (5, 7)))
run("mu2_3d", lambda: nn.MaxUnpool2d(2)(v2[0], i2[0]))
run("mu2_grad", lambda: ms.grad(lambda t: (nn.MaxUnpool2d(2)(t, i2) * x4).sum())(v2))
run("mu2_out_list", lambda: nn.MaxUnpool2d(2)(v2, i2, [4, 6]))
run("mu2_out_empty", lambda: nn.MaxUnpool2d(2)(v2, i2, ()))
run("mu2_attrs", lambda: [nn.MaxUnpool2d(3).stride, nn.MaxUnpool2d(3, 1, 1).padding])
vv = Tensor(np.array([[[1.0, 2.0, 3.0]], [[4.0, 5.0, 6.0]]], np.float32))
ii = Tensor(np.array([[[1, 2, 5]], [[0, 3, 4]]], np.int64))
run("mu1", lambda: nn.MaxUnpool1d(2)(vv, ii))
run("mu1_out", lambda: nn.MaxUnpool1d(2)(vv, ii, (7,)))
run("mu1_2d", lambda: nn.MaxUnpool1d(2)(vv[0], ii[0]))
x5 = Tensor((np.arange(1 * 1 * 4 * 4 * 4, dtype=np.float32).reshape(1, 1, 4, 4, 4) * 7 % 13) - 6)
v3, i3 = ms.ops.max_pool3d(x5, 2, 2, return_indices=True)
run("mu3", lambda: nn.MaxUnpool3d(2)(v3, i3))
run("mu3_4d", lambda: nn.MaxUnpool3d(2)(v3[0], i3[0]))
