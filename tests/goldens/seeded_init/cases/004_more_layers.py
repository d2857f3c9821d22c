"""More layers' initial parameters after set_seed, bit for bit (uint32 patterns, large ones as
a hash), with numpy's global generator after each: mint layers, 3-D and transposed
convolutions, attention, bilinear and float16 layers."""
import hashlib

import numpy as np
from _target import ms, nn, emit

mint = ms.mint


def show(tag, cell):
    for name, p in cell.parameters_and_names():
        a = p.asnumpy()
        if a.dtype == np.float16:
            emit("%s.%s" % (tag, name), a.view(np.uint16).ravel().tolist())
        elif a.size <= 48:
            emit("%s.%s" % (tag, name), a.astype(np.float32).view(np.uint32).ravel().tolist())
        else:
            emit("%s.%s_sha" % (tag, name), hashlib.sha256(
                np.ascontiguousarray(a.astype(np.float32)).tobytes()).hexdigest())
    emit("%s.numpy_after" % tag, int(np.random.randint(0, 1 << 30)))


LAYERS = (
    ("mint_linear", lambda: mint.nn.Linear(3, 4)),
    ("mint_conv2d", lambda: mint.nn.Conv2d(2, 3, 2)),
    ("conv3d", lambda: nn.Conv3d(1, 2, 2, has_bias=True)),
    ("conv1d_transpose", lambda: nn.Conv1dTranspose(2, 3, 2, has_bias=True)),
    ("dense_f16", lambda: nn.Dense(3, 2, dtype=ms.float16)),
    ("bidense", lambda: nn.BiDense(2, 3, 2)),
    ("mha", lambda: nn.MultiheadAttention(4, 2)),
    ("groupnorm", lambda: nn.GroupNorm(2, 4)),
    ("gru_cell", lambda: nn.GRUCell(2, 3)),
)

for tag, make in LAYERS:
    ms.set_seed(9)
    show(tag, make())
