"""ms.load of MINDIR files and nn.GraphCell: files mindcell's export writes run back in mindcell
with the original network's results; files MindSpore 2.10's export wrote
(tests/goldens/export/mindspore_files, recorded by record_mindspore_mindir.py there) give
MindSpore's outputs; unreadable files and unsupported primitives are ValueErrors naming load."""
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell._export import _mindir_proto as pb
from mindcell._export._mindir_ops import MINDIR_RUNNERS
from test_export_mindir import fields
from test_export_onnx import NETS, MLP, TransformerBlock, _randomize_stats, _x

RTOL, ATOL = 1e-4, 1e-5
FILES = pathlib.Path(__file__).parents[1] / "goldens" / "export" / "mindspore_files"


def _close(a, b, rtol=RTOL, atol=ATOL):
    np.testing.assert_allclose(a, b, rtol=rtol, atol=atol)


def _export(tmp_path, net, *inputs, name="net"):
    path = str(tmp_path / name)
    ms.export(net, *inputs, file_name=path, file_format="MINDIR")
    return path + ".mindir"


def _outputs(value):
    """The tensors of a result, flattened (an exported graph returns nested tuples flat)."""
    if isinstance(value, (tuple, list)):
        return tuple(t for v in value for t in _outputs(v))
    return (value,)


# ----- mindcell's own files -------------------------------------------------------------------
@pytest.mark.parametrize("cls,shape", NETS, ids=[c.__name__ for c, _ in NETS])
def test_exported_network_runs_back_in_graph_cell(tmp_path, cls, shape):
    """MLP, LeNet, a ResNet block (BatchNorm in eval), a transformer block, an LSTM."""
    net = cls()
    _randomize_stats(net)
    net.set_train(False)
    x = _x(*shape)
    want = net(x).asnumpy()
    graph = ms.load(_export(tmp_path, net, x))
    cell = nn.GraphCell(graph)
    _close(cell(x).asnumpy(), want)
    assert sorted(cell.parameters_dict()) == sorted(net.parameters_dict())
    other = _x(*shape, seed=5)  # another input of the exported shape
    _close(cell(other).asnumpy(), net(other).asnumpy())


def _check_cases():
    sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "goldens" / "export"))
    import check_mindir
    cases, make_x = check_mindir._cases()
    return cases, make_x


CASES, MAKE_X = _check_cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_primitive_export_writes_runs_back(tmp_path, name):
    """The cases MindSpore runs in check_mindir.py (every converter of the export table), read
    back by mindcell: the two directions of the table agree."""
    net, shapes = CASES[name]
    net.set_train(False)
    xs = [MAKE_X(*s, seed=k) for k, s in enumerate(shapes)]
    want = _outputs(net(*xs))
    path = _export(tmp_path, net, *xs, name=name)
    model = fields(pathlib.Path(path).read_bytes())
    written = {fields(p)[2][0].decode() for p in model[12]}
    assert written <= set(MINDIR_RUNNERS), written - set(MINDIR_RUNNERS)
    got = _outputs(nn.GraphCell(ms.load(path))(*xs))
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == w.shape and g.dtype == w.dtype
        _close(g.asnumpy(), w.asnumpy())


def test_graph_cell_of_mindir_runs_in_graph_mode(tmp_path):
    net = TransformerBlock()
    x = _x(2, 5, 16)
    want = net(x).asnumpy()
    cell = nn.GraphCell(ms.load(_export(tmp_path, net, x)))
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        got = cell(x).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    _close(got, want)


def test_parameters_checkpoints_and_params_init(tmp_path):
    net = MLP()
    x = _x(2, 8)
    path = _export(tmp_path, net, x)
    cell = nn.GraphCell(ms.load(path))
    assert not cell.training
    other = MLP()  # new weights, loaded into the graph from a checkpoint of the network
    ms.save_checkpoint(other, str(tmp_path / "other.ckpt"))
    ms.load_param_into_net(cell, ms.load_checkpoint(str(tmp_path / "other.ckpt")))
    _close(cell(x).asnumpy(), other(x).asnumpy())
    zero = nn.GraphCell(ms.load(path), params_init={"fc2.weight": np.zeros((4, 16), np.float32)})
    _close(zero(x).asnumpy(), np.broadcast_to(net.fc2.bias.asnumpy(), (2, 4)))
    with pytest.raises(ValueError, match="not a parameter of the graph"):
        nn.GraphCell(ms.load(path), params_init={"nope": np.zeros(2, np.float32)})
    with pytest.raises(ValueError, match=r"shape \(2, 8\) and dtype float32.*\(3, 8\)"):
        cell(_x(3, 8))


def test_two_outputs_and_names(tmp_path):
    class Two(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(3, 4)

        def construct(self, data, mask):
            return self.fc(data) * mask, ops.softmax(data, 0)

    net = Two()
    xs = (_x(2, 3), _x(2, 4, seed=1))
    graph = ms.load(_export(tmp_path, net, *xs))
    assert [i[0] for i in graph.inputs] == ["Two:data", "Two:mask"]
    assert graph.parameters == ["fc.weight", "fc.bias"]
    got = nn.GraphCell(graph)(*xs)
    assert isinstance(got, tuple) and len(got) == 2
    for g, w in zip(got, net(*xs)):
        _close(g.asnumpy(), w.asnumpy())


# ----- MindSpore's files ----------------------------------------------------------------------
def _recorded(name):
    data = np.load(FILES / (name + ".npz"))
    count = sum(1 for k in data.files if k.startswith("in"))
    return ([Tensor(data["in%d" % k]) for k in range(count)],
            [data["out%d" % k] for k in range(len(data.files) - count)])


@pytest.mark.parametrize("name,primitives", [
    ("mlp", {"MatMul", "BiasAdd", "ReLU", "Softmax", "Load", "UpdateState", "Depend",
             "MakeTuple"}),
    ("convnet", {"Conv2D", "BiasAdd", "BatchNorm", "TupleGetItem", "MaxPool", "Flatten",
                 "Muls", "Add"}),
    ("mixed", {"LayerNorm", "GeLU", "StridedSlice", "Concat", "Transpose", "ReduceMean",
               "SumExt", "ArgMaxWithValue", "ExpandDims", "Squeeze", "Cast", "AvgPool",
               "Gather", "MatMulExt", "Divs", "Maximum", "Pow"}),
    ("activations", {"SiLU", "Select", "Sigmoid", "LogSoftmax", "ClampScalar", "ReLU6",
                     "HSwish", "Softplus", "Elu"}),
    ("tensor_ops", {"Stack", "make_list", "Split", "ReverseV2", "Tile", "BroadcastTo",
                    "ReduceMean", "ReduceMax", "ProdExt", "Argmax", "OneHot", "CumSum",
                    "Select", "Greater"}),
    ("int_ops", {"Div", "Divs", "Muls", "Add"}),
    ("batch_ops", {"BatchMatMul", "BatchMatMulExt", "ArgMinWithValue", "Argmin"}),
    ("pooling", {"Conv2D", "MaxPool", "AvgPool", "Conv2DTranspose"}),
    ("attention", {"Split", "MatMulExt", "Softmax", "Div"}),
    ("gru", {"Split", "Stack", "Sigmoid", "Tanh", "StridedSlice"}),
    ("if_else", {"Partial", "Switch", "Greater", "Muls", "Sub"}),
    ("lazy_inline", {"MatMul", "BiasAdd", "ReLU"}),
    ("more_layers", {"Conv2D", "AdaptiveAvgPool2D", "AdaptiveMaxPool2D", "GroupNorm",
                     "PReLU", "ResizeNearestNeighborV2", "ResizeBilinearV2", "PadV3"}),
    ("math", {"Ceil", "Round", "Sign", "Log1p", "Expm1", "IsNan", "TopK", "Sort", "Erf"}),
    ("lstm", {"LSTM", "ReverseV2", "Concat"}),
    ("lstm_no_bias", {"LSTM"})])
def test_mindspores_files_give_mindspores_outputs(name, primitives):
    graph = ms.load(str(FILES / (name + ".mindir")))
    assert primitives <= set(graph.primitives)
    inputs, want = _recorded(name)
    got = _outputs(nn.GraphCell(graph)(*inputs))
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == w.shape and g.asnumpy().dtype == w.dtype
        _close(g.asnumpy(), w, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("mode", ["PYNATIVE_MODE", "GRAPH_MODE"])
def test_mindspores_if_takes_either_branch(mode):
    """The branch is chosen per call from the input (Switch), in both modes."""
    graph = ms.load(str(FILES / "if_else.mindir"))
    assert len(graph.functions) == 2
    cell = nn.GraphCell(graph)
    (x,), (want,) = _recorded("if_else")
    ms.set_context(mode=getattr(ms, mode))
    try:
        got, other = cell(x).asnumpy(), cell(-x).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    _close(got, want, rtol=1e-5, atol=1e-6)
    positive = x.asnumpy().sum() > 0  # the recorded input takes one branch, -x the other
    _close(got, x.asnumpy() * 2 if positive else x.asnumpy() - 1)
    _close(other, -x.asnumpy() - 1 if positive else -x.asnumpy() * 2)


def test_a_form_mindcell_does_not_run_is_refused_at_load(tmp_path):
    """A primitive mindcell runs, with attributes it does not (a multi-layer fused LSTM node,
    which MindSpore's own export never writes: it writes one node per layer and direction)."""
    attrs = [pb.attribute("num_layers", pb.A_INT64, i=2),
             pb.attribute("hidden_size", pb.A_INT64, i=3)]
    data = _model([pb.node(["g:x", "g:x", "g:x", "g:x"], "g:y", "REF::LSTM:1")],
                  [pb.primitive("LSTM:1", "LSTM", pb.PRIMITIVE, attrs)])
    with pytest.raises(ValueError, match=r"For 'load', the MindSpore primitive 'LSTM' .*lstm2."
                                         r"mindir' cannot be run by mindcell in this form: only "
                                         r"one layer in one direction.*num_layers=2"):
        ms.load(_write(tmp_path, "lstm2.mindir", data))


@pytest.mark.parametrize("name", ["convnet", "mixed", "attention", "lazy_inline"])
def test_mindspores_files_in_graph_mode(name):
    """Traced and compiled like any construct: the plumbing (Load, UpdateState, Depend,
    tuples, function calls) is resolved while tracing."""
    cell = nn.GraphCell(ms.load(str(FILES / (name + ".mindir"))))
    inputs, want = _recorded(name)
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        got = _outputs(cell(*inputs))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for g, w in zip(got, want):
        _close(g.asnumpy(), w, rtol=1e-5, atol=1e-6)


def test_mindspores_file_parameters_are_the_networks():
    cell = nn.GraphCell(ms.load(str(FILES / "convnet.mindir")))
    assert sorted(cell.parameters_dict()) == [
        "bn.beta", "bn.gamma", "bn.moving_mean", "bn.moving_variance", "conv.bias",
        "conv.weight", "fc.bias", "fc.weight"]
    assert cell.parameters_dict()["conv.weight"].shape == (4, 2, 3, 3)


# ----- errors ---------------------------------------------------------------------------------
def _with_primitive_renamed(data, old, new):
    """The model with primitive ``old``'s op_type written as ``new`` (same length)."""
    assert len(old) == len(new)
    needle = pb.bytes_field(2, old)
    assert needle in data
    return data.replace(needle, pb.bytes_field(2, new))


def test_unsupported_primitive_names_it_and_the_file(tmp_path):
    path = _export(tmp_path, MLP(), _x(2, 8))
    data = pathlib.Path(path).read_bytes()
    bad = tmp_path / "bad.mindir"
    bad.write_bytes(_with_primitive_renamed(data, "ReLU", "Relu"))
    with pytest.raises(ValueError, match=r"For 'load', the MindSpore primitive 'Relu' .*%s.* "
                                         r"cannot be run by mindcell; supported: .*ReLU"
                       % "bad.mindir"):
        ms.load(str(bad))


def test_truncated_and_corrupt_files(tmp_path):
    data = pathlib.Path(_export(tmp_path, MLP(), _x(2, 8))).read_bytes()
    for name, bad in [("cut", data[:len(data) // 2]), ("junk", b"\xff" * 64),
                      ("text", b"not a model at all\n" * 4)]:
        with pytest.raises(ValueError, match=r"For 'load', '.*%s.mindir' is not a .*MINDIR "
                                             r"file" % name):
            ms.load(_write(tmp_path, name + ".mindir", bad))
    with pytest.raises(ValueError, match="For 'load'.*empty.mindir.*has no graph"):
        ms.load(_write(tmp_path, "empty.mindir", b""))


def _write(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def _model(nodes, prims, params=(), functions=(), x_shape=(2, 3)):
    """A MINDIR model built with the export's message writers: input g:x, output g:y."""
    graph = pb.graph("g", nodes, list(params), [pb.value_info("g:x", x_shape, np.float32)],
                     [pb.value_info("g:y", x_shape, np.float32)])
    return pb.model(graph, prims) + b"".join(pb.bytes_field(8, f) for f in functions)


def test_weight_of_the_wrong_size(tmp_path):
    w = pb.tensor((2, 3), np.float32, name="g:w", raw=b"\0" * 20, ref_key="w")
    data = _model([pb.node(["g:x", "g:w"], "g:y", "REF::Add:1")],
                  [pb.primitive("Add:1", "Add", pb.PRIMITIVE_FUNCTION)], [w])
    with pytest.raises(ValueError, match=r"For 'load'.*parameter 'w' has 20 bytes of data for "
                                         r"shape \(2, 3\) and dtype float32 \(24 expected\)"):
        ms.load(_write(tmp_path, "w.mindir", data))
    good = pb.tensor((2, 3), np.float32, name="g:w", raw=np.ones((2, 3), np.float32).tobytes(),
                     ref_key="w")
    data = _model([pb.node(["g:x", "g:w"], "g:y", "REF::Add:1")],
                  [pb.primitive("Add:1", "Add", pb.PRIMITIVE_FUNCTION)], [good])
    cell = nn.GraphCell(ms.load(_write(tmp_path, "w.mindir", data)))
    _close(cell(_x(2, 3)).asnumpy(), _x(2, 3).asnumpy() + 1)


def test_unsupported_primitive_in_a_built_file(tmp_path):
    data = _model([pb.node(["g:x"], "g:y", "REF::Lgamma:1")],
                  [pb.primitive("Lgamma:1", "Lgamma", pb.PRIMITIVE_FUNCTION)])
    with pytest.raises(ValueError, match="primitive 'Lgamma' .*g:y.*lg.mindir.*cannot be run"):
        ms.load(_write(tmp_path, "lg.mindir", data))
    data = _model([pb.node(["g:x", "g:nowhere"], "g:y", "REF::Add:1")],
                  [pb.primitive("Add:1", "Add", pb.PRIMITIVE_FUNCTION)])
    with pytest.raises(ValueError, match="'g:y' uses 'g:nowhere', which the graph does not "
                                         "define"):
        ms.load(_write(tmp_path, "undefined.mindir", data))


def test_a_node_calling_a_function_graph(tmp_path):
    """MindSpore keeps called sub-graphs in the model's ``functions``; a node whose op_type is
    REF::<graph name> runs that graph on its inputs (free names come from the caller)."""
    sub = pb.graph("f", [pb.node(["f:a", "g:w"], "f:out", "REF::Mul:2")], [],
                   [pb.value_info("f:a", (2, 3), np.float32)],
                   [pb.value_info("f:out", (2, 3), np.float32)])
    w = pb.tensor((2, 3), np.float32, name="g:w", raw=np.full((2, 3), 3, np.float32).tobytes(),
                  ref_key="w")
    data = _model([pb.node(["g:x"], "g:t", "REF::ReLU:1"), pb.node(["g:t"], "g:y", "REF::f")],
                  [pb.primitive("ReLU:1", "ReLU", pb.PRIMITIVE_FUNCTION),
                   pb.primitive("Mul:2", "Mul", pb.PRIMITIVE_FUNCTION)], [w], [sub])
    cell = nn.GraphCell(ms.load(_write(tmp_path, "f.mindir", data)))
    x = _x(2, 3)
    _close(cell(x).asnumpy(), np.maximum(x.asnumpy(), 0) * 3)


def test_node_argument_forms_mindcell_does_not_run(tmp_path):
    """A primitive mindcell runs, given arguments in a form it does not (BatchNorm in training
    mode): GraphCell names the node and the form."""
    nodes = [pb.node([], "g:c", "Constant", [pb.attribute("value", pb.A_BOOL, i=1)]),
             pb.node(["g:x", "g:s", "g:s", "g:s", "g:s", "g:c"], "g:bn", "REF::BatchNorm:1"),
             pb.node([], "g:zero", "Constant", [pb.attribute("value", pb.A_INT64, i=0)]),
             pb.node(["g:bn", "g:zero"], "g:y", "REF::TupleGetItem:2")]
    s = pb.tensor((3,), np.float32, name="g:s", raw=np.ones(3, np.float32).tobytes(),
                  ref_key="s")
    data = _model(nodes, [pb.primitive("BatchNorm:1", "BatchNorm", pb.PRIMITIVE_FUNCTION),
                          pb.primitive("TupleGetItem:2", "TupleGetItem", pb.PRIMITIVE)], [s])
    cell = nn.GraphCell(ms.load(_write(tmp_path, "bn.mindir", data)))
    with pytest.raises(ValueError, match=r"MINDIR node 'g:bn' \(BatchNorm\) cannot be run: "
                                         r"is_training=True"):
        cell(_x(2, 3))


def test_load_argument_errors(tmp_path):
    with pytest.raises(ValueError, match="'file_name' must be string"):
        ms.load(3)
    with pytest.raises(ValueError, match="does not exist"):
        ms.load(str(tmp_path / "missing.mindir"))
    with pytest.raises(ValueError, match=r"should end with '.mindir' or '.onnx'"):
        ms.load(str(tmp_path / "n.ckpt"))
    path = _export(tmp_path, nn.Dense(3, 2), _x(1, 3))
    with pytest.raises(ValueError, match="'dec_key'"):
        ms.load(path, dec_key=b"0" * 16)
    assert isinstance(ms.load(pathlib.Path(path)).inputs, list)  # a PathLike is a file name


def test_mindir_needs_no_package(tmp_path):
    """Export and load of MINDIR work without onnx (or protobuf) installed."""
    code = ("import sys; sys.modules['onnx'] = None; sys.modules['google.protobuf'] = None\n"
            "import numpy as np, mindcell as ms\n"
            "net = ms.nn.Dense(2, 3)\n"
            "x = ms.Tensor(np.ones((1, 2), np.float32))\n"
            "ms.export(net, x, file_name=%r, file_format='MINDIR')\n"
            "cell = ms.nn.GraphCell(ms.load(%r))\n"
            "print(np.allclose(cell(x).asnumpy(), net(x).asnumpy()))\n"
            % (str(tmp_path / "n"), str(tmp_path / "n.mindir")))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "True"
