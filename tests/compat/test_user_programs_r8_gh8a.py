"""Round 8 (gh8a): small programs in the style of public MindSpore repositories by individuals,
students and courses that stopped under mindcell (or printed differently). Expected values were
recorded with MindSpore 2.10 CPU (ms-oracle)."""
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn
import mindcell.dataset as ds


def _run(tmp_path, source):
    """Run `source` as a MindSpore program under ``python -m mindcell.run`` in a subprocess."""
    script = tmp_path / "prog.py"
    script.write_text(textwrap.dedent(source))
    proc = subprocess.run([sys.executable, "-m", "mindcell.run", str(script)], cwd=str(tmp_path),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


# ---- ``from mindspore import dtype as mstype`` is the module mindspore.common.dtype ----------

def test_mindspore_dtype_serves_every_common_dtype_name():
    """A tutorial calls mstype.dtype_to_nptype/dtype_to_pytype after
    ``from mindspore import dtype as mstype``: every public name of common.dtype must be there."""
    import mindcell.common.dtype as common_dtype
    public = [n for n in vars(common_dtype) if not n.startswith("_")]
    missing = [n for n in public if not hasattr(ms.dtype, n)]
    assert missing == []
    for name in ("dtype_to_nptype", "dtype_to_pytype", "pytype_to_dtype", "get_py_obj_dtype",
                 "Int", "Float", "Type", "all_types", "number_type"):
        assert getattr(ms.dtype, name) is getattr(common_dtype, name)


def test_mindspore_dtype_helpers_as_mindspore(tmp_path):
    out = _run(tmp_path, """
        import numpy as np
        from mindspore import dtype as mstype
        print(mstype.dtype_to_nptype(mstype.int32).__name__,
              mstype.dtype_to_nptype(mstype.float16).__name__,
              mstype.dtype_to_pytype(mstype.float64).__name__,
              mstype.dtype_to_pytype(mstype.int8).__name__,
              mstype.pytype_to_dtype(float), mstype.get_py_obj_dtype(1.0))
    """)
    # MindSpore 2.10: int32 float16 float int Float64 Float64
    assert out.split() == ["int32", "float16", "float", "int", "Float64", "Float64"]


# ---- connect_network_with_dataset: imported by custom loops, sink mode only ----------------

def test_connect_network_with_dataset_is_importable_and_refuses_non_sink(tmp_path):
    out = _run(tmp_path, """
        import numpy as np
        import mindspore as ms
        from mindspore import nn, dataset as ds
        from mindspore.train.dataset_helper import DatasetHelper, connect_network_with_dataset
        from mindspore.train.model import connect_network_with_dataset as c2
        print(ms.connect_network_with_dataset is connect_network_with_dataset is c2)
        data = ds.NumpySlicesDataset((np.ones((4, 2), np.float32),), shuffle=False).batch(2)
        helper = DatasetHelper(data, dataset_sink_mode=False)
        for args in [(nn.Dense(2, 1), helper), (1, helper)]:
            try:
                connect_network_with_dataset(*args)
            except RuntimeError as e:
                print("RuntimeError", e)
        for bad in (3, data):
            try:
                connect_network_with_dataset(nn.Dense(2, 1), bad)
            except AttributeError:
                print("AttributeError")
        # the loop the program runs instead
        net = nn.TrainOneStepCell(nn.WithLossCell(nn.Dense(2, 1), nn.MSELoss()),
                                  nn.SGD(nn.Dense(2, 1).trainable_params()))
        n = 0
        for inputs in helper:
            n += 1
        print("batches", n)
    """)
    msg = "RuntimeError The API 'connect_network_with_dataset' should be called in dataset sink mode."
    assert out.splitlines() == ["True", msg, msg, "AttributeError", "AttributeError", "batches 2"]


# ---- TimeMonitor prints "Train/Eval epoch time", divides by batch_num -----------------------

def test_time_monitor_lines_as_mindspore(tmp_path):
    out = _run(tmp_path, """
        import numpy as np
        from mindspore import nn, dataset as ds
        from mindspore.train import Model, TimeMonitor
        d = ds.NumpySlicesDataset((np.ones((8, 2), np.float32), np.ones((8, 1), np.float32)),
                                  shuffle=False).batch(2)
        net = nn.Dense(2, 1)
        m = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()), metrics={'mae': nn.MAE()})
        t = TimeMonitor(data_size=100)
        m.train(1, d, callbacks=[t], dataset_sink_mode=False)
        m.eval(d, callbacks=[TimeMonitor(data_size=100)], dataset_sink_mode=False)
        m.fit(1, d, d, callbacks=[TimeMonitor()], dataset_sink_mode=False)
        print("epochs", len(t.epoch_times))
    """)
    lines = out.splitlines()
    kinds = [re.match(r"(\w+) epoch time: ([\d.]+) ms, per step time: ([\d.]+) ms", ln)
             for ln in lines[:4]]
    # MindSpore 2.10 prints Train, Eval, then (fit: the evaluation ends inside the epoch) Eval, Train
    assert [k.group(1) for k in kinds] == ["Train", "Eval", "Eval", "Train"]
    for k in kinds:  # per step = epoch / batch_num (4 batches), not / data_size
        assert abs(float(k.group(2)) / 4 - float(k.group(3))) < 2e-3 + 1e-3 * float(k.group(2))
    assert lines[4] == "epochs 1"


# ---- build_train_network: boost levels train alike; the step comes back in training mode -----

_BOOST_LOSSES = [0.695283830165863, 0.6848449110984802, 0.6672614216804504, 0.6462870836257935,
                 0.6238546967506409, 0.5999161601066589, 0.5735776424407959, 0.5447589755058289]


def _bn_net():
    net = nn.SequentialCell(nn.Dense(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Dense(8, 2))
    values = {}
    for i, (name, p) in enumerate(net.parameters_and_names()):
        v = np.abs(np.random.RandomState(i).randn(*p.shape).astype(np.float32)) * 0.3
        values[name] = ms.Parameter(ms.Tensor(v + (0.5 if "variance" in name else 0)), name=name)
    ms.load_param_into_net(net, values)
    return net


@pytest.mark.parametrize("boost_level", ["O0", "O1", "O2"])
def test_build_train_network_boost_levels_and_train_mode(boost_level):
    """A segmentation program builds its step with boost_level='O1' and a fixed loss scale and
    calls it without set_train(): MindSpore 2.10 (BoostTrainOneStepCell, boost algorithms off)
    trains in training mode (BatchNorm on batch statistics); recorded losses."""
    net = _bn_net()
    opt = nn.Momentum(net.trainable_params(), 0.05, 0.9, loss_scale=1024.0)
    step = ms.build_train_network(net, opt, nn.SoftmaxCrossEntropyWithLogits(sparse=True,
                                                                             reduction="mean"),
                                  level="O0", boost_level=boost_level,
                                  loss_scale_manager=ms.FixedLossScaleManager(1024.0, False))
    assert step.training and net.training and net[1].training
    x = ms.Tensor(np.random.RandomState(5).randn(6, 4).astype(np.float32))
    y = ms.Tensor(np.array([0, 1, 0, 1, 1, 0], np.int32))
    losses = [float(step(x, y).asnumpy()) for _ in range(8)]
    np.testing.assert_allclose(losses, _BOOST_LOSSES, rtol=2e-6, atol=1e-6)


def test_model_puts_network_in_training_mode_and_refuses_boost():
    net = nn.Dense(2, 2)
    net.set_train(False)
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    ms.Model(net, nn.MSELoss(), opt)
    assert net.training  # MindSpore 2.10: True after Model(...) builds its training step
    with pytest.raises(NotImplementedError, match="boost_level"):
        ms.Model(net, nn.MSELoss(), opt, boost_level="O1")
