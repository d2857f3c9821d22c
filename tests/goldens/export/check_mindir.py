"""Check that MindSpore 2.10 runs the MINDIR files mindcell writes (a development step: tests
never need MindSpore). Two phases, one directory:

    python tests/goldens/export/check_mindir.py write /tmp/mindir
    ../shared/tools/ms-oracle tests/goldens/export/check_mindir.py check /tmp/mindir

``write`` (under mindcell) exports the networks of tests/train/test_export_onnx.py and a few
small cases with ``file_format="MINDIR"`` and saves their inputs and mindcell's outputs;
``check`` (under MindSpore) loads each file with ``mindspore.load`` + ``nn.GraphCell``, runs it
and prints the largest difference from mindcell's outputs (exit status 1 above 1e-4).
"""
import glob
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def _cases():
    sys.path.insert(0, os.path.join(HERE, "..", "..", "train"))
    import test_export_onnx as T
    import mindcell as ms
    from mindcell import nn, ops
    cases = {}
    index = ms.Tensor(np.array([4, 0, 1, 2, 3], np.int32))
    for cls, shape in T.NETS:
        net = cls()
        T._randomize_stats(net)
        cases[cls.__name__] = (net, [shape])
    small = {
        "elementwise": (lambda x, y: ops.rsqrt(ops.abs(x) + 1) + ops.square(x) * y
                        + ops.maximum(x, y) - ops.minimum(x, y) + ops.pow(ops.abs(x) + 1, y)
                        + ops.floor(x) + ops.sin(x) * ops.cos(y) + ops.exp(x) / (ops.abs(y) + 1)
                        + ops.log(ops.abs(x) + 1) + ops.neg(x) + ops.erf(x), [(3, 4), (3, 4)]),
        "gelu": (lambda x: ops.gelu(x, approximate="none") + ops.gelu(x), [(3, 4)]),
        "index": (lambda x: x[1:, ::-1][None, ..., 1:3] * 2 + x[-1, 2] + x[::2, 3:0:-2].sum(),
                  [(4, 5)]),
        "two_outputs": (lambda x: (x * 2, ops.softmax(x, 0)), [(2, 3)]),
        "identity": (lambda x: x, [(2, 3)]),
        "reduce": (lambda x: ops.sum(x, 1, keepdim=True) + ops.amax(x, 0) + ops.amin(x, (0, 1))
                   + x.mean(axis=1, keep_dims=True) + ops.prod(x, 0) + x.sum(), [(3, 4)]),
        "cast_compare": (lambda x, y: ops.select(x > y, x, y) + ops.cast(x <= y, ms.float32)
                         + ops.cast(ops.cast(x * 4, ms.int32), ms.float32)
                         + ops.cast(ops.cast(x, ms.float16), ms.float32)
                         + ops.cast(ops.cast(x, ms.float64), ms.float32)
                         + ops.cast(x == y, ms.float32) + ops.cast(x != y, ms.float32)
                         + ops.cast(x >= 0, ms.float32) + ops.cast(x < 0, ms.float32),
                         [(3, 4), (3, 4)]),
        "activations": (lambda x: ops.log_softmax(x, -1) + ops.silu(x) + ops.leaky_relu(x, 0.1)
                        + ops.cumsum(x, 1), [(3, 4)]),
        "shape_ops": (lambda x: ops.broadcast_to(x[:1], (6, 5)) + ops.tile(x, (2, 1))
                      + ops.gather(ops.tile(x, (2, 1)), index, 1), [(3, 5)]),
        "pad_pool": (lambda x: ops.avg_pool2d(ops.pad(x, (1, 1, 2, 0)), 2, 2)
                     + ops.max_pool2d(ops.pad(x, (1, 1, 2, 0)), 2, 2)
                     + ops.max_pool2d(ops.pad(x, (1, 1, 2, 0)), 3, 2, 1), [(1, 2, 6, 6)]),
        "argmax_one_hot": (lambda x: ops.one_hot(ops.argmax(x, 1), 4, ms.Tensor(1.0),
                                                 ms.Tensor(0.0)) * x, [(3, 4)]),
    }
    for name, (fn, shapes) in small.items():
        cases[name] = (T.Fn(fn), shapes)
    cases["lstm_states"] = (nn.LSTM(4, 5, batch_first=True, bidirectional=True), [(2, 3, 4)])
    cases["conv_transpose"] = (nn.Conv2dTranspose(4, 2, 3, stride=2, pad_mode="pad",
                                                  padding=(1, 0, 2, 1)), [(1, 4, 5, 5)])
    cases["conv_transpose_groups"] = (nn.Conv2dTranspose(4, 4, 3, stride=3, group=2,
                                                         has_bias=True), [(2, 4, 3, 3)])
    cases["gru"] = (nn.GRU(4, 5, num_layers=2, bidirectional=True), [(3, 2, 4)])
    cases["rnn_relu"] = (nn.RNN(4, 5, nonlinearity="relu", batch_first=True), [(2, 3, 4)])
    return cases, T._x


def write(directory):
    import mindcell as ms
    os.makedirs(directory, exist_ok=True)
    cases, make_x = _cases()
    for name, (net, shapes) in cases.items():
        net.set_train(False)
        xs = [make_x(*s, seed=k) for k, s in enumerate(shapes)]
        ms.export(net, *xs, file_name=os.path.join(directory, name), file_format="MINDIR")
        outs = net(*xs)
        flat = []
        for o in outs if isinstance(outs, tuple) else (outs,):
            flat.extend(o if isinstance(o, tuple) else (o,))
        np.savez(os.path.join(directory, name + ".npz"),
                 **{"x%d" % k: x.asnumpy() for k, x in enumerate(xs)},
                 **{"y%d" % k: y.asnumpy() for k, y in enumerate(flat)})
        print("wrote", name)


def check(directory):
    import mindspore as ms
    from mindspore import nn, Tensor
    worst = 0.0
    for path in sorted(glob.glob(os.path.join(directory, "*.mindir"))):
        name = os.path.basename(path)[:-len(".mindir")]
        data = np.load(os.path.join(directory, name + ".npz"))
        xs = [Tensor(data["x%d" % k]) for k in range(sum(1 for f in data.files if f[0] == "x"))]
        outs = nn.GraphCell(ms.load(path))(*xs)
        flat = []
        for o in outs if isinstance(outs, (tuple, list)) else (outs,):
            flat.extend(o if isinstance(o, (tuple, list)) else (o,))
        errs = [float(np.abs(o.asnumpy() - data["y%d" % k]).max()) for k, o in enumerate(flat)]
        assert len(flat) == sum(1 for f in data.files if f[0] == "y"), name
        worst = max([worst] + errs)
        print("%-18s max |MindSpore - mindcell| = %.2e" % (name, max(errs)))
    return 0 if worst <= 1e-4 else 1


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("write", "check"):
        sys.exit(__doc__)
    sys.exit(write(sys.argv[2]) if sys.argv[1] == "write" else check(sys.argv[2]))
