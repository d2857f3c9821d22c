"""amp.custom_mixed_precision with a white list and a black list (values and dtypes from the
same weights), the lists get_white_list/get_black_list return (their cell classes), and the
argument errors."""
import numpy as np
from _target import ms, nn, Tensor, emit, emit_err

amp = ms.amp


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.d1 = nn.Dense(3, 4)
        self.act = nn.ReLU()
        self.bn = nn.BatchNorm1d(4)
        self.d2 = nn.Dense(4, 2)

    def construct(self, x):
        return self.d2(self.bn(self.act(self.d1(x))))


def make():
    net = Net()
    rng = np.random.default_rng(0)
    for p in net.trainable_params():
        p.set_data(Tensor(rng.uniform(-1, 1, p.shape).astype(np.float32)))
    return net


x = Tensor(np.linspace(-2, 2, 6).reshape(2, 3).astype(np.float32))
emit("white_cells_have", sorted(c.__name__ for c in amp.get_white_list()
                                if issubclass(c, nn.Cell)))
emit("black", [c.__name__ for c in amp.get_black_list()])
for name, kw in (("white_default_cells", dict(white_list=[c for c in amp.get_white_list()
                                                          if issubclass(c, nn.Cell)])),
                 ("white_relu", dict(white_list=[nn.ReLU])),
                 ("black_default", dict(black_list=amp.get_black_list())),
                 ("black_empty", dict(black_list=[]))):
    net = make()
    out = amp.custom_mixed_precision(net, **kw)
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        y = out(x)
        # MindSpore's GRAPH_MODE float16 results differ from its PyNative ones by a few
        # float16 ulps (0.032043 against 0.032227): GRAPH_MODE values are compared rounded
        emit("%s_%d" % (name, mode), y if mode == ms.PYNATIVE_MODE
             else np.round(y.asnumpy().astype(np.float64), 2).tolist())
        emit("%s_%d_dtype" % (name, mode), str(y.dtype))
    emit("%s_weight_dtype" % name, str(net.d1.weight.dtype))
    ms.set_context(mode=ms.PYNATIVE_MODE)

emit_err("none", amp.custom_mixed_precision, make())
emit_err("both", lambda: amp.custom_mixed_precision(make(), white_list=[nn.Dense],
                                                     black_list=[nn.BatchNorm1d]))
emit_err("not_list", lambda: amp.custom_mixed_precision(make(), white_list=nn.Dense))
emit_err("names", lambda: amp.custom_mixed_precision(make(), white_list=["Dense"]))
emit_err("fp32", lambda: amp.custom_mixed_precision(make(), white_list=[nn.Dense],
                                                     dtype=ms.float32))
emit_err("not_cell", lambda: amp.custom_mixed_precision(3, white_list=[nn.Dense]))
