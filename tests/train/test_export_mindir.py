"""ms.export(file_format="MINDIR"): the file is MindSpore's mind_ir.proto ModelProto, read back
here with a minimal protobuf reader (mindcell's own reader, ms.load, is tested in
test_load_mindir.py). That MindSpore 2.10 loads and runs these files
(``mindspore.load`` + ``nn.GraphCell``, outputs within 1e-4 of mindcell's) is checked with real
MindSpore by tests/goldens/export/check_mindir.py, a development step."""
import os
import stat

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from test_export_onnx import NETS, _randomize_stats, _x


def _varint(buf, pos):
    value = shift = 0
    while True:
        byte = buf[pos]
        value |= (byte & 0x7F) << shift
        pos, shift = pos + 1, shift + 7
        if byte < 0x80:
            return value, pos


def fields(buf):
    """{field number: [values]}: ints for varints, bytes for length-delimited fields."""
    out, pos = {}, 0
    while pos < len(buf):
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(buf, pos)
        elif wire == 2:
            size, pos = _varint(buf, pos)
            value, pos = buf[pos:pos + size], pos + size
        elif wire == 5:
            value, pos = buf[pos:pos + 4], pos + 4
        else:
            raise AssertionError("unexpected wire type %d" % wire)
        out.setdefault(number, []).append(value)
    return out


def _export(tmp_path, net, *inputs, name="net"):
    ms.export(net, *inputs, file_name=str(tmp_path / name), file_format="MINDIR")
    return fields((tmp_path / (name + ".mindir")).read_bytes())


def _op_types(model):
    return {fields(p)[2][0].decode() for p in model[12]}


def test_model_graph_parameters_and_inputs(tmp_path):
    net = nn.SequentialCell([nn.Dense(3, 4), nn.ReLU()])
    model = _export(tmp_path, net, _x(2, 3))
    assert model[1] == [b"1.1"] and model[13] == [3]  # ir_version, mind_ir_version
    graph = fields(model[7][0])
    assert graph[2] == [b"SequentialCell"]
    params = {fields(p)[13][0].decode(): fields(p) for p in graph[3]}
    assert sorted(params) == ["0.bias", "0.weight"]
    weight = params["0.weight"]
    assert weight[1] == [4, 3] and weight[2] == [1]  # dims, FLOAT
    assert weight[9][0] == net[0].weight.asnumpy().tobytes()
    assert weight[7] == [b"SequentialCell:0.weight"]
    inputs = [fields(v) for v in graph[5]]
    assert [i[1][0] for i in inputs] == [b"SequentialCell:input_data"]
    assert fields(inputs[0][2][0])[1] == [2, 3]
    assert {"MatMul", "Add", "ReLU"} <= _op_types(model)
    path = tmp_path / "net.mindir"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o400


@pytest.mark.parametrize("cls,shape", NETS, ids=[c.__name__ for c, _ in NETS])
def test_networks_export(tmp_path, cls, shape):
    net = cls()
    _randomize_stats(net)
    model = _export(tmp_path, net, _x(*shape))
    graph = fields(model[7][0])
    names = sorted(fields(p)[13][0].decode() for p in graph[3])
    assert names == sorted(net.parameters_dict())
    nodes = [fields(n) for n in graph[1]]
    refs = {n[4][0].decode() for n in nodes} - {"Constant"}
    assert refs == {"REF::" + fields(p)[1][0].decode() for p in model[12]}
    if cls.__name__ == "LSTMNet":  # unrolled: gate arithmetic, no fused LSTM primitive
        assert {"Sigmoid", "Tanh", "MatMul"} <= _op_types(model)


def test_file_names(tmp_path):
    for given, written in [("a", "a.mindir"), ("b.mindir", "b.mindir"),
                           ("c.MINDIR", "c.MINDIR.mindir"), ("d/e", "d/e.mindir")]:
        ms.export(nn.Dense(3, 2), _x(1, 3), file_name=str(tmp_path / given),
                  file_format="MINDIR")
        assert (tmp_path / written).is_file(), given


def test_unsupported_primitives_name_the_format(tmp_path):
    class Odd(nn.Cell):
        def construct(self, x):
            return ops.lgamma(x)

    with pytest.raises(RuntimeError, match="'Lgamma' has no MINDIR converter.*Odd"):
        ms.export(Odd(), _x(1, 3), file_name=str(tmp_path / "n"), file_format="MINDIR")
    lstm = nn.LSTM(3, 4, batch_first=True)
    lengths = Tensor(np.array([2, 1], np.int32))
    h = (_x(1, 2, 4), _x(1, 2, 4, seed=1))
    with pytest.raises(RuntimeError, match="LSTMSequence.*sequence lengths"):
        ms.export(lstm, _x(2, 2, 3), h, lengths, file_name=str(tmp_path / "n"),
                  file_format="MINDIR")
    assert not os.listdir(tmp_path)


def test_mindcell_reads_its_mindir_back(tmp_path):
    """The whole round trip (every network and case) is tests/train/test_load_mindir.py."""
    net = nn.Dense(3, 2)
    x = _x(1, 3)
    ms.export(net, x, file_name=str(tmp_path / "n"), file_format="MINDIR")
    back = nn.GraphCell(ms.load(str(tmp_path / "n.mindir")))
    np.testing.assert_allclose(back(x).asnumpy(), net(x).asnumpy(), rtol=1e-5, atol=1e-6)
