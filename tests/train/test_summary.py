"""SummaryRecord and SummaryCollector write TensorBoard event files: read back here with a
small independent reader (TFRecord framing, masked CRC-32C, the Event/Summary fields), and
with TensorBoard's own reader when tensorboard is installed (the test does not need it)."""
import doctest
import importlib.util
import os
import struct

import numpy as np
import pytest

import mindcell as ms
from mindcell.train.summary import SummaryRecord
from mindcell.train.summary import summary_record as summary_record_module
from mindcell.train import callback_summary
from mindcell.train.callback_summary import SummaryCollector

from dense_model import dense_model_and_data


# ----- a reader written for the test (bitwise CRC, not the package's table) -----------------
def _crc32c(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 & -(crc & 1))
    return crc ^ 0xFFFFFFFF


def _masked(data):
    c = _crc32c(data)
    return ((c >> 15 | c << 17) + 0xA282EAD8) & 0xFFFFFFFF


def _fields(buf):
    """{field number: [values]}: varints as ints, fixed64/32 as raw bytes, else bytes."""
    out, i = {}, 0
    while i < len(buf):
        key, i = _varint(buf, i)
        field, wire = key >> 3, key & 7
        if wire == 0:
            value, i = _varint(buf, i)
        elif wire == 1:
            value, i = buf[i:i + 8], i + 8
        elif wire == 5:
            value, i = buf[i:i + 4], i + 4
        else:
            n, i = _varint(buf, i)
            value, i = buf[i:i + n], i + n
        out.setdefault(field, []).append(value)
    return out


def _varint(buf, i):
    shift = value = 0
    while True:
        b = buf[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, i


def read_events(path):
    """[(step, wall_time, file_version, {tag: (kind, value)})] of an event file."""
    with open(path, "rb") as f:
        blob = f.read()
    events, at = [], 0
    while at < len(blob):
        header = blob[at:at + 8]
        assert struct.unpack("<I", blob[at + 8:at + 12])[0] == _masked(header)
        (n,) = struct.unpack("<Q", header)
        data = blob[at + 12:at + 12 + n]
        assert struct.unpack("<I", blob[at + 12 + n:at + 16 + n])[0] == _masked(data)
        at += 16 + n
        f = _fields(data)
        values = {}
        for v in (_fields(f[5][0]).get(1, []) if 5 in f else []):
            v = _fields(v)
            tag = v[1][0].decode()
            if 2 in v:
                values[tag] = ("scalar", struct.unpack("<f", v[2][0])[0])
            elif 5 in v:
                h = _fields(v[5][0])
                d = {k: struct.unpack("<d", h[i][0])[0] if i in h else 0.0
                     for i, k in ((1, "min"), (2, "max"), (3, "num"), (4, "sum"))}
                d.update(limits=np.frombuffer(h[6][0], "<f8"), counts=np.frombuffer(h[7][0], "<f8"))
                values[tag] = ("histogram", d)
            elif 4 in v:
                im = _fields(v[4][0])
                values[tag] = ("image", (im[1][0], im[2][0], im[3][0], im[4][0]))
            elif 8 in v:
                t = _fields(v[8][0])
                dims = [_fields(d)[1][0] for d in _fields(t[2][0]).get(2, [])]
                values[tag] = ("tensor", (t[1][0], dims, t[4][0]))
        step = f.get(2, [0])[0]
        wall = struct.unpack("<d", f[1][0])[0]
        version = f[3][0].decode() if 3 in f else None
        events.append((step, wall, version, values))
    return events


def _tensorboard_events(log_dir):
    """TensorBoard's accumulator over log_dir, or None when tensorboard is not installed."""
    if importlib.util.find_spec("tensorboard") is None:
        return None
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    acc = EventAccumulator(log_dir, size_guidance={"scalars": 0, "histograms": 0,
                                                   "images": 0, "tensors": 0})
    acc.Reload()
    return acc


# ----- SummaryRecord --------------------------------------------------------------------------
def test_values_round_trip(tmp_path):
    rng = np.random.default_rng(0)
    w = rng.normal(size=(8, 5)).astype(np.float32)
    image = rng.random((2, 3, 4, 5)).astype(np.float32)
    with SummaryRecord(str(tmp_path)) as sr:
        sr.add_value("scalar", "loss", ms.Tensor(np.float32(0.5)))
        sr.add_value("histogram", "w", ms.Tensor(w))
        sr.add_value("image", "img", ms.Tensor(image))
        sr.add_value("tensor", "t", ms.Tensor(np.arange(6, dtype=np.int32).reshape(2, 3)))
        assert sr.record(1) is True
        sr.add_value("scalar", "loss", ms.Tensor([0.25]))
        assert sr.record(2)
        path = sr.log_dir
    assert "tfevents" in os.path.basename(path) and path.endswith("_MS")
    events = read_events(path)
    assert events[0][2] == "brain.Event:2" and not events[0][3]
    step, _, _, values = events[1]
    assert step == 1 and values["loss"] == ("scalar", 0.5)
    h = values["w"][1]
    assert h["num"] == w.size and h["counts"].sum() == w.size
    assert h["min"] == pytest.approx(w.min()) and h["max"] == pytest.approx(w.max())
    assert h["sum"] == pytest.approx(float(w.astype(np.float64).sum()))
    assert h["limits"][-1] == pytest.approx(w.max())
    ref_counts, _ = np.histogram(w.astype(np.float64), bins=len(h["counts"]))
    np.testing.assert_array_equal(h["counts"], ref_counts)
    height, width, channels, png = values["img"][1]
    assert (height, width, channels) == (4, 10, 3) and png.startswith(b"\x89PNG")
    dtype, dims, content = values["t"][1]
    assert dtype == 3 and dims == [2, 3]
    np.testing.assert_array_equal(np.frombuffer(content, "<i4"), np.arange(6))
    assert events[2][0] == 2 and events[2][3] == {"loss": ("scalar", 0.25)}
    acc = _tensorboard_events(str(tmp_path))
    if acc is not None:
        assert [(e.step, e.value) for e in acc.Scalars("loss")] == [(1, 0.5), (2, 0.25)]
        assert acc.Histograms("w")[0].histogram_value.num == w.size
        assert acc.Images("img")[0].width == 10


def test_add_value_checks(tmp_path):
    with SummaryRecord(str(tmp_path)) as sr:
        with pytest.raises(ValueError, match="plugin"):
            sr.add_value("bad", "x", ms.Tensor(1.0))
        with pytest.raises(TypeError, match="Tensor"):
            sr.add_value("scalar", "x", 1.0)
        with pytest.raises(ValueError, match="one element"):
            sr.add_value("scalar", "x", ms.Tensor([1.0, 2.0]))
        with pytest.raises(ValueError, match="name"):
            sr.add_value("scalar", 3, ms.Tensor(1.0))
        with pytest.raises(ValueError, match="name"):
            sr.add_value("scalar", "", ms.Tensor(1.0))
        with pytest.raises(ValueError, match="histogram"):
            sr.add_value("histogram", "h", ms.Tensor(1.0))
        with pytest.raises(ValueError, match="NCHW"):
            sr.add_value("image", "i", ms.Tensor(np.zeros((3, 4, 4), np.float32)))
        with pytest.raises(NotImplementedError, match="train_lineage"):
            sr.add_value("train_lineage", "l", ms.Tensor(1.0))
        with pytest.raises(TypeError, match="step"):
            sr.record("1")
        with pytest.raises(ValueError, match="mode"):
            sr.set_mode("x")
        sr.add_value("scalar", "ok", ms.Tensor(3))
        assert sr.record(0)
    assert sr.record(5) is False  # closed


def test_constructor_checks_and_one_instance(tmp_path):
    d = str(tmp_path)
    with pytest.raises(TypeError, match="log_dir"):
        SummaryRecord(3)
    with pytest.raises(TypeError, match="file_prefix"):
        SummaryRecord(d, file_prefix=1)
    with pytest.raises(TypeError, match="max_file_size"):
        SummaryRecord(d, max_file_size=1.5)
    with pytest.raises(TypeError, match="raise_exception"):
        SummaryRecord(d, raise_exception=1)
    with pytest.raises(ValueError, match="export_options"):
        SummaryRecord(d, export_options={"x": "npy"})
    with pytest.raises(ValueError, match="tensor_format"):
        SummaryRecord(d, export_options={"tensor_format": "txt"})
    first = SummaryRecord(d)
    with pytest.raises(RuntimeError, match="one instance"):
        SummaryRecord(d)
    first.close()
    SummaryRecord(d).close()  # closing frees the slot


def test_filters_modes_operator_values_and_limits(tmp_path):
    with SummaryRecord(str(tmp_path / "a"), max_file_size=400,
                       export_options={"tensor_format": "npy"}) as sr:
        sr.add_value("scalar", "keep", ms.Tensor(1.0))
        sr.add_value("tensor", "drop", ms.Tensor(np.ones(2, np.float32)))
        sr.record(1, plugin_filter=lambda plugin: plugin == "scalar")
        ms.ops.ScalarSummary()("op", ms.Tensor(2.0))
        ms.ops.HistogramSummary()("bad", ms.Tensor(2.0))  # 0-d: not written, with a warning
        sr.record(2)
        sr.set_mode("eval")
        ms.ops.ScalarSummary()("op", ms.Tensor(3.0))
        sr.add_value("tensor", "t", ms.Tensor(np.ones(2, np.float32)))
        sr.record(3)
        for step in range(4, 40):
            sr.add_value("scalar", "filler", ms.Tensor(float(step)))
            sr.record(step)
        path = sr.log_dir
    events = read_events(path)
    assert events[1][3] == {"keep": ("scalar", 1.0)}
    assert events[2][3] == {"op": ("scalar", 2.0)}  # an operator's value: tagged by its name
    assert set(events[3][3]) == {"t"}  # eval mode: no operator values
    assert os.path.getsize(path) <= 400 and events[-1][0] < 39  # stopped at the limit
    exported = [f for _, _, files in os.walk(tmp_path / "a") for f in files if f.endswith(".npy")]
    assert exported == ["t_3.npy"]


def test_doc_examples():
    for module in (summary_record_module, callback_summary):
        result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert result.attempted > 0 and result.failed == 0


# ----- SummaryCollector -----------------------------------------------------------------------
def test_summary_collector_in_fit(tmp_path):
    model, net, data = dense_model_and_data(metrics=("acc", "loss"))
    model.fit(2, data, data, callbacks=[SummaryCollector(str(tmp_path), collect_freq=2)])
    (name,) = [f for f in os.listdir(tmp_path) if "tfevents" in f]
    events = read_events(str(tmp_path / name))
    loss_steps = [e[0] for e in events if "loss/auto" in e[3]]
    assert loss_steps == [1, 2, 4, 6, 6]  # first step, every 2nd, and the end (as MindSpore)
    train = [e for e in events if "loss/auto" in e[3]][-1][3]
    assert {"weight/auto", "bias/auto", "learning_rate/auto"} <= set(train)
    assert train["learning_rate/auto"][1] == pytest.approx(0.1)
    h = train["weight/auto"][1]
    assert h["num"] == 8 and h["min"] == pytest.approx(float(net.weight.asnumpy().min()))
    # fit evaluates without the built-in callbacks (MindSpore 2.10's rule): no eval records
    assert not [e for e in events if "acc/eval" in e[3]]
    acc = _tensorboard_events(str(tmp_path))
    if acc is not None:
        assert [e.step for e in acc.Scalars("loss/auto")] == [1, 2, 4, 6, 6]
    collector = SummaryCollector(str(tmp_path / "later"))
    model.train(1, data, callbacks=[collector])
    model.eval(data, callbacks=[collector])  # after training: its own record, then closed
    SummaryRecord(str(tmp_path / "free")).close()  # nothing left open


def test_summary_collector_options(tmp_path):
    d = str(tmp_path)
    with pytest.raises(ValueError, match="collect_freq"):
        SummaryCollector(d, collect_freq=0)
    with pytest.raises(TypeError, match="collect_freq"):
        SummaryCollector(d, collect_freq=1.5)
    with pytest.raises(TypeError, match="summary_dir"):
        SummaryCollector(3)
    with pytest.raises(ValueError, match="foo"):
        SummaryCollector(d, collect_specified_data={"foo": True})
    with pytest.raises(TypeError, match="collect_metric"):
        SummaryCollector(d, collect_specified_data={"collect_metric": 1})
    with pytest.raises(TypeError, match="custom_lineage_data"):
        SummaryCollector(d, custom_lineage_data={"a": [1]})
    with pytest.raises(NotImplementedError, match="collect_landscape"):
        SummaryCollector(d, collect_specified_data={"collect_landscape": {"unit": "step"}})
    only = SummaryCollector(d, collect_specified_data={"collect_metric": False},
                            keep_default_action=False)
    assert only.collect_specified_data == {"collect_metric": False}
    model, net, data = dense_model_and_data(metrics=None)
    model.train(1, data, callbacks=[SummaryCollector(
        d, collect_freq=1, custom_lineage_data={"batch": 4, "note": "x"},
        collect_specified_data={"histogram_regular": "^bias", "collect_train_lineage": False})])
    (name,) = [f for f in os.listdir(tmp_path) if "tfevents" in f]
    tags = set().union(*[e[3] for e in read_events(str(tmp_path / name))])
    assert tags == {"loss/auto", "bias/auto", "custom_lineage_data/batch"}
