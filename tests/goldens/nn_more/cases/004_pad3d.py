"""nn.ReflectionPad3d and ReplicationPad3d: values, shapes, gradients and error types."""
import numpy as np
from _target import ms, nn, Tensor, emit

from _nn_more import run  # noqa: E402  (the shared recorder)


x5 = Tensor(np.arange(2 * 2 * 3 * 3, dtype=np.float32).reshape(1, 2, 2, 3, 3))
x4 = Tensor(np.arange(2 * 3 * 3 * 3, dtype=np.float32).reshape(2, 3, 3, 3) - 20)
wt = Tensor(np.arange(1 * 2 * 3 * 4 * 6, dtype=np.float32).reshape(1, 2, 3, 4, 6) % 7)
for cls in ("ReflectionPad3d", "ReplicationPad3d"):
    c = getattr(nn, cls)
    key = cls.lower()
    run(key + "_int", lambda: c(1)(x5))
    run(key + "_tuple", lambda: c((1, 2, 0, 1, 1, 0))(x5))
    run(key + "_4d", lambda: c((2, 0, 1, 1, 0, 2))(x4))
    run(key + "_int_dtype", lambda: c(1)(Tensor(np.arange(27, dtype=np.int32).reshape(1, 3, 3, 3))))
    run(key + "_grad", lambda: ms.grad(lambda t: (c((1, 2, 0, 1, 1, 0))(t) * wt).sum())(x5))
    run(key + "_3d", lambda: c(1)(x4[0]))
    run(key + "_neg", lambda: c(-1)(x5))
    run(key + "_len", lambda: c((1, 1, 1, 1))(x5))
    run(key + "_float", lambda: c(1.5)(x5))
    run(key + "_big", lambda: c((3, 0, 0, 0, 0, 0))(x5))
    run(key + "_attr", lambda: c(2).padding)
