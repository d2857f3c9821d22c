"""Parameter names of built-in layers that hold sub-cells or several parameters (recurrent
layers, transformer stacks, attention, normalisation), alone and as an attribute of a user
cell: checkpoints of networks made of them need these names.

Not recorded (mindcell differs, outside the naming rules): the order of a decoder layer's
parameters (MindSpore registers multihead_attn before dense1; the names are the same, so they
are compared as sets) and cells_and_names of these layers (mindcell's hold other
parameter-free sub-cells: dropout/activation cells, no 'rnn'/'dropout_op' in RNNs)."""
from _target import ms, nn, emit

ms.set_context(mode=ms.PYNATIVE_MODE)


class Holder(nn.Cell):
    def construct(self, x):
        return x


def record(tag, make, order=True):
    try:
        layer = make()
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(tag + "/build", e)
        return
    h = Holder()
    h.m = make()
    arrange = list if order else sorted
    emit(tag + "/names", arrange(p.name for p in layer.get_parameters()))
    emit(tag + "/attr_names", arrange(p.name for p in h.get_parameters()))


LAYERS = [
    ("lstm", lambda: nn.LSTM(2, 3, num_layers=2, bidirectional=True)),
    ("gru", lambda: nn.GRU(2, 3, num_layers=2)),
    ("rnn", lambda: nn.RNN(2, 3, num_layers=1, bidirectional=True)),
    ("lstm_cell", lambda: nn.LSTMCell(2, 3)),
    ("gru_cell", lambda: nn.GRUCell(2, 3)),
    ("mha", lambda: nn.MultiheadAttention(4, 2)),
    ("encoder_layer", lambda: nn.TransformerEncoderLayer(4, 2, dim_feedforward=8)),
    ("encoder", lambda: nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 8), 2)),
    ("decoder_layer", lambda: nn.TransformerDecoderLayer(4, 2, dim_feedforward=8)),
    ("transformer", lambda: nn.Transformer(4, 2, 1, 1, 8)),
    ("batchnorm", lambda: nn.BatchNorm2d(3)),
    ("layernorm", lambda: nn.LayerNorm((3,))),
    ("groupnorm", lambda: nn.GroupNorm(2, 4)),
    ("conv", lambda: nn.Conv2d(2, 3, 3, has_bias=True)),
    ("embedding", lambda: nn.Embedding(5, 3)),
    ("dense_act", lambda: nn.Dense(2, 3, activation="relu")),
    ("prelu", lambda: nn.PReLU()),
]

for tag, make in LAYERS:
    record(tag, make, order=tag not in ("decoder_layer", "transformer"))
