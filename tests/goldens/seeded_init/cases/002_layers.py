"""Layers built after set_seed hold MindSpore's exact initial parameters (default initializers,
the order of their draws when a layer makes several parameters, and numpy's global generator
afterwards): parameter names with uint32 bit patterns, large ones as a hash of their bytes."""
import hashlib

import numpy as np
from _target import ms, nn, emit


def bits(a):
    return a.astype(np.float32).view(np.uint32).ravel().tolist()


def show(tag, cell):
    for name, p in cell.parameters_and_names():
        a = p.asnumpy()
        if a.size <= 64:
            emit("%s.%s" % (tag, name), bits(a))
        else:
            emit("%s.%s_sha" % (tag, name),
                 hashlib.sha256(np.ascontiguousarray(a.astype(np.float32)).tobytes()).hexdigest())
    emit("%s.numpy_after" % tag, int(np.random.randint(0, 1 << 30)))


LAYERS = (
    ("dense", lambda: nn.Dense(3, 4)),
    ("dense_nobias", lambda: nn.Dense(5, 2, has_bias=False)),
    ("dense_big", lambda: nn.Dense(300, 40)),
    ("conv2d", lambda: nn.Conv2d(2, 3, 3, has_bias=True)),
    ("conv2d_nobias", lambda: nn.Conv2d(3, 4, 2)),
    ("conv1d", lambda: nn.Conv1d(2, 3, 3, has_bias=True)),
    ("conv2d_transpose", lambda: nn.Conv2dTranspose(2, 3, 2, has_bias=True)),
    ("embedding", lambda: nn.Embedding(10, 4)),
    ("lstm", lambda: nn.LSTM(3, 2, num_layers=2, bidirectional=True)),
    ("gru", lambda: nn.GRU(3, 2)),
    ("rnn", lambda: nn.RNN(2, 3)),
    ("lstm_cell", lambda: nn.LSTMCell(3, 2)),
    ("layernorm", lambda: nn.LayerNorm((4,))),
    ("batchnorm2d", lambda: nn.BatchNorm2d(3)),
    ("prelu", lambda: nn.PReLU()),
)

for seed in (1, 42):
    for tag, make in LAYERS:
        ms.set_seed(seed)
        show("%s_%d" % (tag, seed), make())


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, has_bias=True)
        self.fc1 = nn.Dense(8, 5)
        self.fc2 = nn.Dense(5, 3, weight_init="normal", bias_init="uniform")

    def construct(self, x):
        return self.fc2(self.fc1(self.conv(x)))


ms.set_seed(0)
show("net", Net())
