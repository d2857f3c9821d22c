"""Round 6 (gh6): small programs in the style of public MindSpore programs by individuals and
courses that stopped or differed under mindcell. Each test is written for this file; expected
values come from MindSpore 2.10 (ms-oracle) where they matter."""
import inspect
import json
from pathlib import Path

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, Parameter, ParameterTuple, Tensor
from mindcell.nn._cell.registration import FREE_IN_MINDSPORE

GOLDENS = Path(__file__).resolve().parents[1] / "goldens"


def _ms_cell_names():
    return set(json.loads((GOLDENS / "cell_surface" / "mindspore_cell_dir.json").read_text())
               ["names"])


def test_free_names_are_the_mindcell_only_cell_methods():
    """FREE_IN_MINDSPORE lists exactly the public methods of mindcell's Cell that MindSpore
    2.10's Cell lacks (its dir() recorded with ms-oracle)."""
    ms_names = _ms_cell_names()
    extra = {n for n in dir(nn.Cell) if not n.startswith("_") and n not in ms_names
             and not isinstance(inspect.getattr_static(nn.Cell, n), property)}
    assert extra == set(FREE_IN_MINDSPORE)
    assert not FREE_IN_MINDSPORE & ms_names


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
@pytest.mark.parametrize("name", sorted(FREE_IN_MINDSPORE))
def test_assigned_child_parameter_tuple_hide_mindcell_only_methods(name, mode):
    """A child Cell, Parameter or ParameterTuple assigned under a name MindSpore's Cell leaves
    free (modules, children, parameters, train ...) is what the attribute reads, in __init__
    and in construct (a SAM optimizer's ``self.parameters = base.parameters``; ported code's
    ``self.modules = nn.CellList(...)``)."""
    ms.set_context(mode=mode)

    class Net(nn.Cell):
        def __init__(self, kind):
            super().__init__()
            self.kind = kind
            if kind == "cell":
                setattr(self, name, nn.Dense(2, 2, weight_init="ones", bias_init="zeros"))
            elif kind == "param":
                setattr(self, name, Parameter(Tensor(np.full(2, 3.0, np.float32))))
            else:
                setattr(self, name, ParameterTuple(
                    [Parameter(Tensor(np.full(2, 5.0, np.float32)), name="pt_" + name)]))

        def construct(self, x):
            v = getattr(self, name)
            if self.kind == "cell":
                return v(x)
            if self.kind == "param":
                return x + v
            return x + v[0]

    x = Tensor(np.ones((1, 2), np.float32))
    cell = Net("cell")
    assert isinstance(getattr(cell, name), nn.Dense)
    np.testing.assert_allclose(cell(x).asnumpy(), [[2.0, 2.0]])
    assert sorted(k for k, _ in cell.parameters_and_names()) == [name + ".bias", name + ".weight"]
    par = Net("param")
    assert isinstance(getattr(par, name), Parameter) and getattr(par, name).name == name
    np.testing.assert_allclose(par(x).asnumpy(), [[4.0, 4.0]])
    tup = Net("tuple")
    assert isinstance(getattr(tup, name), ParameterTuple)
    np.testing.assert_allclose(tup(x).asnumpy(), [[6.0, 6.0]])
    assert [k for k, _ in tup.parameters_and_names()] == ["pt_" + name]
    # deleting the attribute brings the method back; a plain value hides it as well
    delattr(par, name)
    assert callable(getattr(par, name)) and not isinstance(getattr(par, name), Parameter)
    setattr(par, name, 7)
    assert getattr(par, name) == 7


def test_sam_optimizer_reuses_base_optimizer_parameters():
    """A SAM-style optimizer (nn.Optimizer subclass wrapping nn.SGD) reads
    ``self.parameters`` after setting it to the base optimizer's ParameterTuple, perturbs the
    weights, restores them and steps the base optimizer in PYNATIVE_MODE."""
    ms.set_context(mode=ms.PYNATIVE_MODE)

    class Sam(nn.Optimizer):
        def __init__(self, params, lr, rho=0.5, **kw):
            super().__init__(lr, params)
            self.base_optimizer = nn.SGD(params, lr, **kw)
            self.parameters = self.base_optimizer.parameters
            self.rho = rho
            self.old = []

        def first_step(self, grads):
            norm = ms.ops.norm(ms.ops.stack([ms.ops.norm(g) for g in grads]))
            self.old = [p.value().copy() for p in self.parameters]
            for p, g in zip(self.parameters, grads):
                ms.ops.assign(p, p + g * (self.rho / (norm + 1e-12)))

        def construct(self, grads):
            for p, old in zip(self.parameters, self.old):
                p.set_data(old)
            return self.base_optimizer(grads)

    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    opt = Sam(net.trainable_params(), 0.1, momentum=0.9)
    assert isinstance(opt.parameters, ParameterTuple)
    assert [p.name for p in opt.parameters] == ["weight", "bias"]
    x = Tensor(np.array([[1.0, 2.0]], np.float32))
    y = Tensor(np.array([[0.0]], np.float32))

    def fwd(a, b):
        return ((net(a) - b) ** 2).mean()

    grad_fn = ms.value_and_grad(fwd, None, opt.parameters)
    _, g1 = grad_fn(x, y)
    opt.first_step(g1)
    # at w = (1, 1), b = 0: error 3, gradients 2 * 3 * (1, 2) and 2 * 3; norm over all of them
    g_w, g_b = 6.0 * np.array([1.0, 2.0]), 6.0
    scale = 0.5 / np.sqrt((g_w ** 2).sum() + g_b ** 2)
    w1, b1 = 1 + scale * g_w, scale * g_b
    np.testing.assert_allclose(net.weight.asnumpy()[0], w1, rtol=1e-6)
    np.testing.assert_allclose(net.bias.asnumpy(), [b1], rtol=1e-6)
    _, g2 = grad_fn(x, y)
    opt(g2)
    # the base step starts from the restored weights with the perturbed point's gradient
    err = w1 @ np.array([1.0, 2.0]) + b1
    np.testing.assert_allclose(net.weight.asnumpy()[0], 1 - 0.1 * 2 * err * np.array([1.0, 2.0]),
                               rtol=1e-5)
    np.testing.assert_allclose(net.bias.asnumpy(), [-0.1 * 2 * err], rtol=1e-5)


def test_py_transforms_normalize_after_to_tensor_is_chw():
    """MindSpore 1.x's Python pipeline (a SharpDRO CIFAR loader): c_transforms Resize and flip
    on a PIL image, then py_transforms ToTensor (<C, H, W> in [0, 1]) and py_transforms
    Normalize with 3 values, which works on channels first; NormalizePad adds a zero channel
    first; py_transforms.Decode returns a PIL image."""
    from PIL import Image
    import mindcell.dataset.transforms.c_transforms as c_t
    import mindcell.dataset.vision.c_transforms as c_v
    import mindcell.dataset.vision.py_transforms as py_v
    rgb = (np.arange(6 * 5 * 3) * 7 % 256).astype(np.uint8).reshape(6, 5, 3)
    mean, std = [0.5, 0.4, 0.3], [0.2, 0.3, 0.4]
    pipe = c_t.Compose([c_v.Resize([6, 5]), c_v.RandomHorizontalFlip(prob=0.0),
                        py_v.ToTensor(), py_v.Normalize(mean=mean, std=std)])
    out = pipe(Image.fromarray(rgb))
    expect = (rgb.transpose(2, 0, 1) / 255.0 - np.reshape(mean, (3, 1, 1))) / np.reshape(
        std, (3, 1, 1))
    assert out.shape == (3, 6, 5) and out.dtype == np.float32
    np.testing.assert_allclose(out, expect, rtol=1e-5, atol=1e-6)
    padded = py_v.NormalizePad(mean=mean, std=std)(rgb.transpose(2, 0, 1) / np.float32(255))
    assert padded.shape == (4, 6, 5)
    np.testing.assert_allclose(padded[:3], expect, rtol=1e-5, atol=1e-6)
    assert not padded[3].any()
    import io
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, format="PNG")
    assert isinstance(py_v.Decode()(np.frombuffer(buf.getvalue(), np.uint8)), Image.Image)


def test_py_transforms_compose_returns_a_tuple():
    """MindSpore 1.x's py_transforms.Compose returns its outputs as a tuple, so a few-shot loader
    writes ``transform(img)[0]`` for the <C, H, W> array (EGNN's MiniImageNet); in a dataset map
    the one-item tuple is one column."""
    from PIL import Image
    import mindcell.dataset as ds
    from mindcell.dataset.transforms import py_transforms as py_t
    import mindcell.dataset.vision.py_transforms as py_v
    rgb = (np.arange(4 * 5 * 3) * 11 % 256).astype(np.uint8).reshape(4, 5, 3)
    compose = py_t.Compose([py_v.ToTensor(), py_v.Normalize(mean=[0.5] * 3, std=[0.25] * 3)])
    out = compose(Image.fromarray(rgb))
    assert isinstance(out, tuple) and len(out) == 1
    expect = (rgb.transpose(2, 0, 1) / 255.0 - 0.5) / 0.25
    np.testing.assert_allclose(out[0], expect, rtol=1e-5, atol=1e-6)
    pipe = ds.NumpySlicesDataset({"image": np.stack([rgb, rgb])}, shuffle=False)
    pipe = pipe.map(operations=compose, input_columns="image")
    rows = list(pipe.create_tuple_iterator(output_numpy=True))
    assert len(rows) == 2 and all(len(r) == 1 for r in rows)
    np.testing.assert_allclose(rows[1][0], expect, rtol=1e-5, atol=1e-6)


def test_metric_subclass_from_the_1x_module_path_is_a_metric():
    """A TCN adding-problem script subclasses ``mindspore.nn.metrics.metric.Metric`` (the 1.x
    path of mindspore.train.metrics) and passes it to Model: the submodule of the renamed
    package is the one module, not a second copy whose Metric class Model rejected."""
    import subprocess
    import sys
    code = """
import mindcell.compat as c
c.install()
import numpy as np
import mindspore as ms
from mindspore import nn
from mindspore.nn.metrics.metric import Metric, rearrange_inputs
import mindspore.nn.metrics.metric as old_path
import mindspore.train.metrics.metric as new_path
assert old_path is new_path and Metric is ms.train.Metric

class MeanErr(Metric):
    def __init__(self):
        super().__init__()
        self.clear()
    def clear(self):
        self.total, self.n = 0.0, 0
    @rearrange_inputs
    def update(self, *inputs):
        pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        self.total += float(np.abs(pred - y).mean())
        self.n += 1
    def eval(self):
        return self.total / self.n

net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
data = ms.dataset.NumpySlicesDataset({"x": np.ones((4, 2), np.float32),
                                      "y": np.zeros((4, 1), np.float32)}, shuffle=False).batch(2)
model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.0), metrics={"err": MeanErr()})
print(model.eval(data, dataset_sink_mode=False)["err"])
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert float(r.stdout.split()[-1]) == pytest.approx(2.0)
