"""ms.export(file_format="ONNX"), ms.load and nn.GraphCell: exported networks run in
onnxruntime and back in mindcell with the original network's results; file naming, names in
the file and the error cases as MindSpore 2.10 (checked with the oracle)."""
import os
import pathlib
import stat
import subprocess
import sys

import numpy as np
import onnx
import onnxruntime as ort
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor

RTOL, ATOL = 1e-4, 1e-5


def _x(*shape, seed=0):
    return Tensor(np.random.default_rng(seed).standard_normal(shape).astype(np.float32))


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1, self.relu, self.fc2 = nn.Dense(8, 16), nn.ReLU(), nn.Dense(16, 4)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


class LeNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.relu, self.pool, self.flatten = nn.ReLU(), nn.MaxPool2d(2, 2), nn.Flatten()
        self.fc1, self.fc2, self.fc3 = nn.Dense(400, 120), nn.Dense(120, 84), nn.Dense(84, 10)

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.flatten(self.pool(self.relu(self.conv2(x))))
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(x)))))


class BasicBlock(nn.Cell):
    def __init__(self, c=8):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, pad_mode="pad", padding=1, has_bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, pad_mode="same", has_bias=False)
        self.bn2 = nn.BatchNorm2d(c)
        self.relu = nn.ReLU()

    def construct(self, x):
        y = self.relu(self.bn1(self.conv1(x)))
        return self.relu(x + self.bn2(self.conv2(y)))


class TransformerBlock(nn.Cell):
    def __init__(self, d=16, heads=4):
        super().__init__()
        self.heads = heads
        self.q, self.k, self.v, self.o = (nn.Dense(d, d) for _ in range(4))
        self.ln1, self.ln2 = nn.LayerNorm((d,)), nn.LayerNorm((d,))
        self.ff1, self.ff2, self.gelu = nn.Dense(d, 32), nn.Dense(32, d), nn.GELU()
        self.softmax = nn.Softmax(-1)

    def _split(self, t, b, s, d):
        return t.reshape(b, s, self.heads, d // self.heads).transpose(0, 2, 1, 3)

    def construct(self, x):
        b, s, d = x.shape
        q, k, v = (self._split(f(x), b, s, d) for f in (self.q, self.k, self.v))
        a = self.softmax(ops.matmul(q, k.transpose(0, 1, 3, 2)) / (d // self.heads) ** 0.5)
        o = ops.matmul(a, v).transpose(0, 2, 1, 3).reshape(b, s, d)
        x = self.ln1(x + self.o(o))
        return self.ln2(x + self.ff2(self.gelu(self.ff1(x))))


class LSTMNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(6, 10, num_layers=2, batch_first=True, bidirectional=True)
        self.fc = nn.Dense(20, 3)

    def construct(self, x):
        y, _ = self.lstm(x)
        return self.fc(y[:, -1])


NETS = [(MLP, (2, 8)), (LeNet, (2, 1, 32, 32)), (BasicBlock, (2, 8, 6, 6)),
        (TransformerBlock, (2, 5, 16)), (LSTMNet, (2, 7, 6))]


def _randomize_stats(net, seed=1):
    """Non-trivial BatchNorm statistics, so inference-mode normalisation is tested."""
    rng = np.random.default_rng(seed)
    for p in net.get_parameters():
        if "moving_mean" in p.name or "moving_variance" in p.name or "gamma" in p.name:
            value = rng.uniform(0.5, 1.5, p.shape) if "mean" not in p.name \
                else rng.standard_normal(p.shape)
            p.set_data(Tensor(value.astype(np.float32)))


def _export(tmp_path, net, *inputs, name="net"):
    path = str(tmp_path / name)
    ms.export(net, *inputs, file_name=path, file_format="ONNX")
    return path + ".onnx"


def _run_ort(path, *inputs):
    sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    feed = {i.name: x.asnumpy() for i, x in zip(sess.get_inputs(), inputs)}
    return sess.run(None, feed)


def _close(a, b):
    np.testing.assert_allclose(a, b, rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("cls,shape", NETS, ids=[c.__name__ for c, _ in NETS])
def test_exported_network_matches_in_onnxruntime_and_graph_cell(tmp_path, cls, shape):
    net = cls()
    _randomize_stats(net)
    net.set_train(False)
    x = _x(*shape)
    want = net(x).asnumpy()
    path = _export(tmp_path, net, x)
    onnx.checker.check_model(onnx.load(path))
    (got,) = _run_ort(path, x)
    _close(got, want)
    back = nn.GraphCell(ms.load(path))
    _close(back(x).asnumpy(), want)


def test_graph_cell_runs_in_graph_mode(tmp_path):
    net = TransformerBlock()
    net.set_train(False)
    x = _x(2, 5, 16)
    want = net(x).asnumpy()
    cell = nn.GraphCell(ms.load(_export(tmp_path, net, x)))
    ms.set_context(mode=ms.GRAPH_MODE)
    _close(cell(x).asnumpy(), want)
    _close(cell(x).asnumpy(), want)  # the compiled program again


def test_export_uses_inference_mode_and_restores_training_flags(tmp_path):
    net = BasicBlock()
    _randomize_stats(net)
    net.set_train(True)
    net.bn2.set_train(False)
    x = _x(2, 8, 6, 6)
    path = _export(tmp_path, net, x)
    assert net.training and net.bn1.training and not net.bn2.training
    net.set_train(False)
    (got,) = _run_ort(path, x)
    _close(got, net(x).asnumpy())


# ----- many primitives, one small cell each ---------------------------------------------------
class Fn(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *xs):
        return self.fn(*xs)


_X = (3, 4)
OPS = {
    "unary": (lambda x: ops.exp(ops.sin(x)) + ops.cos(x) * ops.tanh(x) - ops.sigmoid(x)
              + ops.abs(x).sqrt() + ops.rsqrt(ops.abs(x) + 1) + ops.log(ops.abs(x) + 1)
              + ops.floor(x) + ops.ceil(x) + ops.sign(x) + ops.square(x) + ops.neg(x)
              + ops.erf(x) + ops.reciprocal(x + 10) + ops.log1p(ops.abs(x)) + ops.expm1(x), _X),
    "activations": (lambda x: ops.gelu(x, approximate="tanh") + ops.gelu(x, approximate="none")
                    + ops.silu(x) + ops.softplus(x, beta=2.0) + ops.leaky_relu(x, 0.1)
                    + ops.elu(x, 0.7) + ops.relu6(x * 4) + ops.hardswish(x), _X),
    "binary": (lambda x, y: ops.pow(ops.abs(x) + 1, y) + ops.maximum(x, y) - ops.minimum(x, y)
               + x / (ops.abs(y) + 1) + ops.floor_divide(x * 4, ops.abs(y) + 1)
               + ops.floor_mod(x * 4, ops.abs(y) + 1) + ops.clamp(x, -0.5, 0.5), (_X, _X)),
    "compare_select": (lambda x, y: ops.select(x > y, x, y) + ops.select(x <= 0, y, x * 2)
                       + ops.cast(ops.logical_and(x >= y, ops.logical_not(x == y)), ms.float32)
                       + ops.cast((x < 0) | (y != 0), ms.float32), (_X, _X)),
    "reduce": (lambda x: ops.sum(x, 1, keepdim=True) + ops.amax(x, 0) + ops.amin(x, (0, 1))
               + x.mean(axis=1, keep_dims=True) + ops.prod(x, 0), _X),
    "arg_cumsum": (lambda x: ops.cast(ops.argmax(x, 1), ms.float32) + ops.cumsum(x, 1)[:, 0]
                   - ops.cast(ops.argmin(x, 1), ms.float32), _X),
    "index": (lambda x: x[1:, ::-1][None, ..., 1:3] * 2 + x[-1, 2], (4, 5)),
    "shape": (lambda x: ops.concat((ops.tile(x, (2, 1)), ops.broadcast_to(x[:1], (6, 5))), 1)
              .transpose(1, 0).reshape(2, 5, 6), (3, 5)),
    "pad_pool": (lambda x: ops.avg_pool2d(ops.pad(x, (1, 1, 2, 0)), 2, 2)
                 + ops.max_pool2d(ops.pad(x, (1, 1, 2, 0)), 2, 2), (1, 2, 6, 6)),
    "softmax": (lambda x: ops.softmax(x, 0) + ops.log_softmax(x, -1), _X),
    "gather": (lambda x: ops.gather(x, Tensor(np.array([2, 0, 1], np.int32)), 1)
               + ops.gather_elements(x, 1, Tensor(np.array([[0, 1, 2]] * 3, np.int64))), (3, 3)),
    "topk_sort": (lambda x: ops.topk(x, 2)[0].sum() + ops.sort(x, 1)[0], _X),
    "one_hot": (lambda x: ops.one_hot(ops.argmax(x, 1), 4, Tensor(1.0, ms.float32),
                                      Tensor(0.0, ms.float32)) * x, _X),
}


def _inputs(shapes):
    if isinstance(shapes[0], int):
        shapes = (shapes,)
    return [_x(*s, seed=k) for k, s in enumerate(shapes)]


@pytest.mark.parametrize("name", sorted(OPS))
def test_primitive_round_trips(tmp_path, name):
    fn, shapes = OPS[name]
    xs = _inputs(shapes)
    net = Fn(fn)
    want = net(*xs).asnumpy()
    path = _export(tmp_path, net, *xs)
    (got,) = _run_ort(path, *xs)
    _close(got, want)
    _close(nn.GraphCell(ms.load(path))(*xs).asnumpy(), want)


LAYERS = {
    "conv_transpose": (lambda: nn.Conv2dTranspose(4, 2, 3, stride=3, pad_mode="pad",
                                                  padding=(0, 2, 1, 0), has_bias=True),
                       [(2, 4, 5, 5)]),
    "conv_transpose_groups": (lambda: nn.Conv2dTranspose(4, 2, 3, stride=2, group=2),
                              [(1, 4, 4, 4)]),
    "conv1d_same": (lambda: nn.Conv1d(3, 4, 4, stride=2, pad_mode="same"), [(2, 3, 9)]),
    "group_norm": (lambda: nn.GroupNorm(2, 4), [(2, 4, 3, 3)]),
    "adaptive_pool": (lambda: nn.AdaptiveAvgPool2d(1), [(1, 3, 6, 6)]),
    "max_pool_same": (lambda: nn.MaxPool2d(3, 2, pad_mode="same"), [(1, 2, 7, 7)]),
    "prelu_mish": (lambda: nn.SequentialCell([nn.PReLU(), nn.Mish()]), [(2, 4)]),
    "attention": (lambda: nn.MultiheadAttention(8, 2), [(3, 2, 8), (3, 2, 8), (3, 2, 8)]),
    "encoder_layer": (lambda: nn.TransformerEncoderLayer(8, 2, 16), [(2, 3, 8)]),
}


@pytest.mark.parametrize("name", sorted(LAYERS))
def test_layer_round_trips(tmp_path, name):
    make, shapes = LAYERS[name]
    net = make()
    net.set_train(False)
    xs = [_x(*s, seed=k) for k, s in enumerate(shapes)]
    want = net(*xs)
    want = [t.asnumpy() for t in (want if isinstance(want, tuple) else (want,)) if t is not None]
    path = _export(tmp_path, net, *xs)
    for got, w in zip(_run_ort(path, *xs), want):
        _close(got, w)
    back = nn.GraphCell(ms.load(path))(*xs)
    for got, w in zip(back if isinstance(back, tuple) else (back,), want):
        _close(got.asnumpy(), w)


@pytest.mark.parametrize("cls", [nn.GRU, nn.RNN])
def test_gru_and_rnn_export(tmp_path, cls):
    net = cls(5, 7, num_layers=1, batch_first=False, bidirectional=True)
    x, h0 = _x(4, 3, 5), _x(2, 3, 7, seed=1)
    want = [t.asnumpy() for t in net(x, h0)]
    path = _export(tmp_path, net, x, h0)
    got = _run_ort(path, x, h0)
    for g, w in zip(got, want):
        _close(g, w)
    back = nn.GraphCell(ms.load(path))(x, h0)
    for g, w in zip(back, want):
        _close(g.asnumpy(), w)


def test_lstm_with_sequence_lengths(tmp_path):
    net = nn.LSTM(4, 6, bidirectional=True, batch_first=True)
    x = _x(3, 5, 4)
    h = (_x(2, 3, 6, seed=1), _x(2, 3, 6, seed=2))
    lengths = Tensor(np.array([5, 2, 3], np.int32))
    want = [net(x, h, lengths)[0].asnumpy()] + [t.asnumpy() for t in net(x, h, lengths)[1]]
    path = _export(tmp_path, net, x, h, lengths)
    got = _run_ort(path, x, h[0], h[1], lengths)
    for g, w in zip(got, want):
        _close(g, w)


# ----- the file -------------------------------------------------------------------------------
def test_file_names_as_mindspore(tmp_path):
    net, x = nn.Dense(3, 2), _x(1, 3)
    for given, written in [("a", "a.onnx"), ("b.onnx", "b.onnx"), ("c.ONNX", "c.ONNX.onnx"),
                           ("sub/dir/d", "sub/dir/d.onnx")]:
        ms.export(net, x, file_name=str(tmp_path / given), file_format="ONNX")
        assert (tmp_path / written).is_file(), given
    assert stat.S_IMODE(os.stat(tmp_path / "a.onnx").st_mode) == 0o400  # as MindSpore leaves it
    ms.export(net, x, file_name=str(tmp_path / "a"), file_format="ONNX")  # overwrites
    assert ms.train.serialization.export is ms.export


def test_names_in_the_file(tmp_path):
    class Two(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(3, 4)

        def construct(self, data, mask):
            return self.fc1(data) * mask, data

    model = onnx.load(_export(tmp_path, Two(), _x(2, 3), _x(2, 4)))
    assert [i.name for i in model.graph.input] == ["data", "mask"]
    assert {i.name for i in model.graph.initializer} >= {"fc1.weight", "fc1.bias"}
    assert len(model.graph.output) == 2 and model.graph.output[1].name != "data"
    assert model.opset_import[0].version == 17


def test_graph_cell_parameters_and_checkpoints(tmp_path):
    net = MLP()
    x = _x(2, 8)
    cell = nn.GraphCell(ms.load(_export(tmp_path, net, x)))
    assert sorted(cell.parameters_dict()) == sorted(net.parameters_dict())
    assert not cell.training
    other = MLP()  # new weights, loaded into the graph from a checkpoint of the network
    ms.save_checkpoint(other, str(tmp_path / "other.ckpt"))
    ms.load_param_into_net(cell, ms.load_checkpoint(str(tmp_path / "other.ckpt")))
    _close(cell(x).asnumpy(), other(x).asnumpy())
    zero = nn.GraphCell(ms.load(str(tmp_path / "net.onnx")),
                        params_init={"fc2.weight": np.zeros((4, 16), np.float32)})
    _close(zero(x).asnumpy(), np.broadcast_to(net.fc2.bias.asnumpy(), (2, 4)))


# ----- errors ---------------------------------------------------------------------------------
def test_format_errors(tmp_path):
    net, x, path = nn.Dense(3, 2), _x(1, 3), str(tmp_path / "n")
    formats = r"must be one of \['AIR', 'ONNX', 'MINDIR'\], but got onnx"
    with pytest.raises(ValueError, match=formats):
        ms.export(net, x, file_name=path, file_format="onnx")
    with pytest.raises(ValueError, match="Ascend"):
        ms.export(net, x, file_name=path, file_format="AIR")
    with pytest.raises(TypeError, match="file_format"):
        ms.export(net, x, file_name=path)
    assert not os.listdir(tmp_path)


def test_argument_errors(tmp_path):
    net, x, path = nn.Dense(3, 2), _x(1, 3), str(tmp_path / "n")
    with pytest.raises(ValueError, match="only support nn.Cell"):
        ms.export(3, x, file_name=path, file_format="ONNX")
    with pytest.raises(TypeError, match="'file_name' must be a str, but got int"):
        ms.export(net, x, file_name=3, file_format="ONNX")
    with pytest.raises(ValueError, match="'enc_key'"):
        ms.export(net, x, file_name=path, file_format="ONNX", enc_key=b"0" * 16)
    with pytest.raises(TypeError, match="must be Tensors.*ndarray"):
        ms.export(net, np.ones((1, 3), np.float32), file_name=path, file_format="ONNX")
    assert not os.listdir(tmp_path)


def test_unsupported_primitive_names_it_and_the_cell(tmp_path):
    class Odd(nn.Cell):
        def construct(self, x):
            return ops.lgamma(x)

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc, self.odd = nn.Dense(3, 3), Odd()

        def construct(self, x):
            return self.odd(self.fc(x))

    with pytest.raises(RuntimeError, match=r"'Lgamma' has no ONNX converter.*'odd' \(Odd"):
        ms.export(Outer(), _x(1, 3), file_name=str(tmp_path / "n"), file_format="ONNX")
    assert not os.listdir(tmp_path)


def test_load_and_graph_cell_errors(tmp_path):
    with pytest.raises(ValueError, match="'file_name' must be string"):
        ms.load(3)
    with pytest.raises(ValueError, match="does not exist"):
        ms.load(str(tmp_path / "n.mindir"))
    with pytest.raises(ValueError, match="should end with '.mindir' or '.onnx'"):
        ms.load(str(tmp_path / "n.ckpt"))
    with pytest.raises(ValueError, match="does not exist"):
        ms.load(str(tmp_path / "n.onnx"))
    with pytest.raises(TypeError, match="'graph' must be a graph loaded by mindcell.load"):
        nn.GraphCell(3)
    graph = ms.load(_export(tmp_path, nn.Dense(3, 2), _x(1, 3)))
    with pytest.raises(ValueError, match="obf_random_seed"):
        nn.GraphCell(graph, obf_random_seed=1)
    with pytest.raises(ValueError, match="not a parameter of the graph"):
        nn.GraphCell(graph, params_init={"nope": np.zeros(2, np.float32)})
    with pytest.raises(ValueError, match=r"shape \(1, 3\) and dtype float32.*\(2, 3\)"):
        nn.GraphCell(graph)(_x(2, 3))


def test_missing_onnx_names_the_extra(tmp_path):
    code = ("import sys; sys.modules['onnx'] = None\n"
            "import numpy as np, mindcell as ms\n"
            "try:\n"
            "    ms.export(ms.nn.Dense(2, 2), ms.Tensor(np.ones((1, 2), np.float32)),\n"
            "              file_name=%r, file_format='ONNX')\n"
            "except ImportError as e:\n"
            "    print(e)\n" % str(tmp_path / "n"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "pip install mindcell[onnx]" in out


# ----- ONNX files from elsewhere ----------------------------------------------------------------
def test_graph_cell_runs_mindspores_onnx_file(tmp_path):
    """A file MindSpore 2.10's export wrote (Gemm, BatchNormalization, Flatten, MaxPool with
    auto_pad, Constant, two inputs and two outputs) gives MindSpore's outputs."""
    import base64
    import json
    record = json.loads((pathlib.Path(__file__).parents[1] / "goldens" / "export"
                         / "mindspore_convnet.json").read_text())
    path = tmp_path / "ms.onnx"
    path.write_bytes(base64.b64decode(record["onnx"]))
    cell = nn.GraphCell(ms.load(str(path)))
    x, y = (Tensor(np.array(record[k], np.float32)) for k in ("x", "y"))
    for got, want in zip(cell(x, y), record["outputs"]):
        _close(got.asnumpy(), np.array(want, np.float32))
    assert sorted(cell.parameters_dict())[:2] == ["bn.beta", "bn.gamma"]


def _model(nodes, inputs, outputs, inits):
    helper = onnx.helper
    graph = helper.make_graph(
        nodes, "g", [helper.make_tensor_value_info(n, onnx.TensorProto.FLOAT, s)
                     for n, s in inputs],
        [helper.make_tensor_value_info(n, onnx.TensorProto.FLOAT, None) for n in outputs],
        initializer=[onnx.numpy_helper.from_array(v, k) for k, v in inits.items()])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def _compare_with_ort(tmp_path, model, feeds):
    path = str(tmp_path / "m.onnx")
    onnx.save(model, path)
    sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    want = sess.run(None, feeds)
    got = nn.GraphCell(ms.load(path))(*[Tensor(v) for v in feeds.values()])
    for g, w in zip(got if isinstance(got, tuple) else (got,), want):
        _close(g.asnumpy(), w)


def test_graph_cell_foreign_operator_forms(tmp_path):
    rng = np.random.default_rng(0)
    h = onnx.helper
    inits = {"w": rng.standard_normal((4, 3, 3, 3)).astype(np.float32),
             "fc": rng.standard_normal((5, 4)).astype(np.float32),
             "c": rng.standard_normal((5,)).astype(np.float32)}
    nodes = [h.make_node("Conv", ["x", "w"], ["a"], strides=[2, 2], auto_pad="SAME_UPPER"),
             h.make_node("MaxPool", ["a"], ["b"], kernel_shape=[2, 2], auto_pad="SAME_LOWER"),
             h.make_node("GlobalAveragePool", ["b"], ["g"]),
             h.make_node("Flatten", ["g"], ["f"]),
             h.make_node("Gemm", ["f", "fc", "c"], ["y"], transB=1, alpha=0.5, beta=2.0),
             h.make_node("Dropout", ["y"], ["z"])]
    model = _model(nodes, [("x", [2, 3, 7, 7])], ["z", "b"], inits)
    _compare_with_ort(tmp_path, model, {"x": rng.standard_normal((2, 3, 7, 7))
                                        .astype(np.float32)})


def test_graph_cell_onnx_lstm_defaults(tmp_path):
    """An ONNX LSTM with no bias, sequence lengths or initial state (zeros and full lengths)."""
    rng = np.random.default_rng(0)
    inits = {"W": rng.standard_normal((1, 16, 3)).astype(np.float32) * 0.5,
             "R": rng.standard_normal((1, 16, 4)).astype(np.float32) * 0.5}
    node = onnx.helper.make_node("LSTM", ["x", "W", "R"], ["y", "h", "c"], hidden_size=4,
                                 direction="reverse")
    model = _model([node], [("x", [5, 2, 3])], ["y", "h", "c"], inits)
    _compare_with_ort(tmp_path, model, {"x": rng.standard_normal((5, 2, 3)).astype(np.float32)})


def test_graph_cell_unsupported_onnx(tmp_path):
    node = onnx.helper.make_node("Hardmax", ["x"], ["y"])
    path = str(tmp_path / "m.onnx")
    onnx.save(_model([node], [("x", [2, 3])], ["y"], {}), path)
    with pytest.raises(ValueError, match="'Hardmax'.*cannot be run by mindcell"):
        ms.load(path)
    node = onnx.helper.make_node("AveragePool", ["x"], ["y"], kernel_shape=[2, 2], ceil_mode=1)
    onnx.save(_model([node], [("x", [1, 1, 5, 5])], ["y"], {}), path)
    with pytest.raises(ValueError, match=r"AveragePool\) cannot be run: ceil_mode"):
        nn.GraphCell(ms.load(path))(_x(1, 1, 5, 5))
