"""The Primitive classes generated from ops functions (mindcell/ops/operations_from_functions.py):
docs and examples, attributes kept as MindSpore keeps them, inputs passed by name past the
attributes, SoftMarginLoss (unregistered on MindSpore's CPU) against numpy, and every record
naming real parameters. Values against MindSpore: tests/goldens/method_faces/002."""
import doctest
import inspect
import pickle

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops
from mindcell.ops import operations_from_functions as generated

NAMES = [record.name for record in generated.RECORDS]


@pytest.mark.parametrize("name", NAMES)
def test_doc_names_the_call_and_its_example_runs(name):
    cls = getattr(ops, name)
    doc = inspect.getdoc(cls)
    assert doc.startswith(name + "(") and "Inputs:" in doc and "Outputs:" in doc
    assert "ops.%s(" % name in doc  # the example calls the class
    test = doctest.DocTestParser().get_doctest(cls.__doc__, {}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert test.examples and runner.failures == 0
    assert pickle.loads(pickle.dumps(cls)) is cls and cls.__module__ == "mindcell.ops"


def test_attributes_are_kept_as_mindspore_keeps_them():
    prim = ops.TensorScatterElements(1, "add")
    assert (prim.axis, prim.reduction) == (1, "add")
    assert prim.attrs["axis"] == 1 and prim.attrs["reduction"] == "add"
    assert ops.Logit().eps == -1.0 and ops.Cross().dim == -65530
    with pytest.raises(TypeError, match=r"ops\.Renorm: missing a required argument: 'p'"):
        ops.Renorm()
    with pytest.raises(TypeError, match=r"ops\.GLU: too many positional arguments"):
        ops.GLU(0, 1)


def test_inputs_after_an_attribute_are_passed_by_name():
    # multi_margin_loss(input, target, p, margin, weight, reduction): the class's third input
    # is the weight, not p
    x = Tensor(np.array([[0.1, 0.8, 0.3], [0.5, 0.2, 0.9]], np.float32))
    target = Tensor(np.array([1, 2], np.int64))
    weight = Tensor(np.array([1.0, 3.0, 0.5], np.float32))
    got = ops.MultiMarginLoss(reduction="none")(x, target, weight)
    want = ops.multi_margin_loss(x, target, weight=weight, reduction="none")
    np.testing.assert_array_equal(got.asnumpy(), want.asnumpy())
    with pytest.raises(TypeError, match=r"ops\.MultiMarginLoss: the call takes at most 3"):
        ops.MultiMarginLoss()(x, target, weight, weight)


def test_soft_margin_loss_against_numpy():
    rng = np.random.default_rng(1)
    x, y = rng.standard_normal((3, 4)), np.sign(rng.standard_normal((3, 4)))
    want = np.log1p(np.exp(-y * x))
    for reduction, ref in (("none", want), ("sum", want.sum()), ("mean", want.mean())):
        got = ops.SoftMarginLoss(reduction)(Tensor(x), Tensor(y))
        np.testing.assert_allclose(got.asnumpy(), ref, rtol=1e-12)


def test_every_record_maps_onto_real_parameters():
    for record in generated.RECORDS:
        fn_params = inspect.signature(record.fn or getattr(ops, record.function)).parameters
        init = inspect.signature(getattr(ops, record.name).__init__).parameters
        for attr in init:
            if attr != "self" and record.attrs.get(attr, attr) is not None:
                assert record.attrs.get(attr, attr) in fn_params, (record.name, attr)


def test_graph_mode_calls_the_class_in_construct():
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.glu = ops.GLU(axis=0)
            self.renorm = ops.Renorm(2, 1, 0.5)

        def construct(self, x):
            return self.renorm(self.glu(x))

    x = Tensor(np.random.default_rng(2).standard_normal((4, 3)).astype(np.float32))
    eager = Net()(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = Net()(x).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(graph, eager, rtol=1e-6)


def test_batch_norm_class_nhwc_and_gradient_agree_with_nchw():
    rng = np.random.default_rng(3)
    x = rng.standard_normal((4, 3, 2, 2)).astype(np.float32)
    gamma, beta = Tensor(np.array([1.0, 2.0, 0.5], np.float32)), Tensor(np.zeros(3, np.float32))

    def run(fmt, data):
        mean = ms.Parameter(Tensor(np.zeros(3, np.float32)), name="bn_m_" + fmt)
        var = ms.Parameter(Tensor(np.ones(3, np.float32)), name="bn_v_" + fmt)
        out = ops.BatchNorm(True, 1e-3, 0.2, fmt)(Tensor(data), gamma, beta, mean, var)
        return [o.asnumpy() for o in out], mean.asnumpy(), var.asnumpy()

    nchw, nhwc = run("NCHW", x), run("NHWC", x.transpose(0, 2, 3, 1))
    np.testing.assert_allclose(nhwc[0][0].transpose(0, 3, 1, 2), nchw[0][0], rtol=1e-6)
    for a, b in zip(nhwc[0][1:] + [nhwc[1], nhwc[2]], nchw[0][1:] + [nchw[1], nchw[2]]):
        np.testing.assert_allclose(a, b, rtol=1e-6)
    np.testing.assert_allclose(nchw[0][3], x.mean((0, 2, 3)), rtol=1e-5)
    np.testing.assert_allclose(nchw[0][4], x.var((0, 2, 3)), rtol=1e-5)

    stats = [ms.Parameter(Tensor(np.zeros(3, np.float32)), name="bn_g%d" % i) for i in range(4)]

    def loss(t):
        return (ops.BatchNorm(True)(t, gamma, beta, *stats[:2])[0] * Tensor(x)).sum()

    def reference(t):
        return (ops.batch_norm(t, *stats[2:], gamma, beta, True) * Tensor(x)).sum()

    np.testing.assert_allclose(ms.grad(loss)(Tensor(x)).asnumpy(),
                               ms.grad(reference)(Tensor(x)).asnumpy(), rtol=1e-6)


@pytest.mark.parametrize("kw,size", [
    (dict(pad_mode="pad", pad=(1, 0, 2, 1), stride=(2, 1)), (1, 1, 5, 4)),
    (dict(pad_mode="same", stride=2, dilation=2), (1, 2, 7, 6)),
    (dict(pad_mode="valid", stride=3), (2, 2, 8, 7)),
])
def test_conv2d_backprop_input_is_the_convolution_s_input_gradient(kw, size):
    rng = np.random.default_rng(6)
    weight = Tensor(rng.standard_normal((2, size[1], 2, 3)))
    conv = ops.Conv2D(2, (2, 3), **kw)
    x = Tensor(np.zeros(size))
    dout = Tensor(rng.standard_normal(conv(x, weight).shape))
    want = ms.grad(lambda t: (conv(t, weight) * dout).sum())(x)
    got = ops.Conv2DBackpropInput(2, (2, 3), **kw)(dout, weight, size)
    np.testing.assert_allclose(got.asnumpy(), want.asnumpy(), rtol=1e-12, atol=1e-12)
