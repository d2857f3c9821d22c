"""Round 11, st11b: MindSpore's own CPU op tests (tests/st/ops/cpu, ops m..z) run under mindcell.
Fresh tests for what they found: the backward primitives of ``ops.operations._grad_ops``, and the
gradients of maximum/minimum (a tie splits, a NaN passes), clamp (its edges pass wholly) and relu6
(x == 6 passes), each as MindSpore 2.10 gives them (ms-oracle values)."""
import importlib

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell import compat


@pytest.fixture
def aliases():
    compat.install()
    yield
    compat.uninstall()


def _grad_ops():
    return importlib.import_module("mindcell.ops.operations._grad_ops")


def test_grad_ops_module_path(aliases):
    from mindspore.ops.operations import _grad_ops as G  # noqa: F401 (the path MindSpore has)
    assert G.SigmoidGrad is _grad_ops().SigmoidGrad
    with pytest.raises(ImportError, match="not implemented by mindcell"):
        exec("from mindspore.ops.operations._grad_ops import WKVGrad")


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_grad_prims_against_numpy(mode):
    G = _grad_ops()
    ms.set_context(mode=mode)
    r = np.random.RandomState(3)
    x = r.uniform(-3, 8, (3, 4)).astype(np.float32)
    dy = r.uniform(-1, 1, (3, 4)).astype(np.float32)
    y = 1 / (1 + np.exp(-x))

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.sg, self.rg, self.r6 = G.SigmoidGrad(), G.ReluGrad(), G.ReLU6Grad()
            self.sp, self.tg = G.SoftplusGrad(), G.TanhGrad()

        def construct(self, y, dy, x, t):
            return self.sg(y, dy), self.rg(dy, x), self.r6(dy, x), self.sp(dy, x), self.tg(t, dy)

    t = np.tanh(x)
    out = Net()(Tensor(y), Tensor(dy), Tensor(x), Tensor(t))
    want = (dy * y * (1 - y), dy * (x > 0), dy * ((x > 0) & (x <= 6)), dy / (1 + np.exp(-x)),
            dy * (1 - t * t))
    for o, w in zip(out, want):
        np.testing.assert_allclose(o.asnumpy(), w, rtol=1e-5, atol=1e-6)


def test_structural_grad_prims():
    G = _grad_ops()
    x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
    dout = Tensor(np.array([[[[1, 2], [3, 4]]]], np.float32))
    dx = G.MaxPoolGrad(kernel_size=2, strides=2)(x, ops.MaxPool(2, 2)(x), dout).asnumpy()
    want = np.zeros((4, 4), np.float32)
    want[1, 1], want[1, 3], want[3, 1], want[3, 3] = 1, 2, 3, 4
    np.testing.assert_array_equal(dx[0, 0], want)
    d = Tensor(np.ones((2, 2), np.float32))
    got = G.SliceGrad()(d, Tensor(np.zeros((3, 4), np.float32)), (1, 2), (2, 2)).asnumpy()
    np.testing.assert_array_equal(got, np.pad(np.ones((2, 2)), ((1, 0), (2, 0))))
    got = G.StridedSliceGrad()(Tensor(np.ones((2, 2), np.float32)), (4, 4), (0, 0), (4, 4),
                               (2, 2)).asnumpy()
    np.testing.assert_array_equal(got, np.kron(np.ones((2, 2)), [[1, 0], [0, 0]]))
    # a dy of the slice's size in another shape, and a bool dy (MindSpore 2.10 takes both)
    got = G.StridedSliceGrad()(Tensor([True, False, True]), (3, 2, 3), (1, 0, 0), (2, 1, 3),
                               (1, 1, 1))
    assert got.dtype == ms.bool_ and got.shape == (3, 2, 3)
    np.testing.assert_array_equal(got.asnumpy()[1, 0], [True, False, True])
    assert got.asnumpy().sum() == 2
    got = G.SliceGrad()(Tensor(np.array([1, 2], np.int32)), Tensor(np.zeros((2, 3), np.int32)),
                        (0, 1), (1, 2))
    assert got.dtype == ms.int32
    np.testing.assert_array_equal(got.asnumpy(), [[0, 1, 2], [0, 0, 0]])
    np.testing.assert_array_equal(G.BiasAddGrad()(Tensor(np.ones((2, 3, 4), np.float32))).asnumpy(),
                                  [8, 8, 8])
    with pytest.raises(TypeError, match="SigmoidGrad"):
        G.SigmoidGrad()(np.ones(2), Tensor(np.ones(2, np.float32)))
    with pytest.raises(TypeError):
        G.MaxPoolGrad(2, 2, "VALID", "NCHW", 5)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_maximum_minimum_gradient_ties_and_nan(mode):
    ms.set_context(mode=mode)
    n = np.nan
    x = Tensor(np.array([1, 2, 1, n, 1, n], np.float32))
    y = Tensor(np.array([2, 1, 1, 1, n, n], np.float32))
    ones = ops.ones_like(x)
    # MindSpore 2.10: the winner takes dout, a tie halves it, a NaN side passes it to both
    gx, gy = ops.vjp(ops.maximum, x, y)[1](ones)
    np.testing.assert_array_equal(gx.asnumpy(), [0, 1, 0.5, 1, 1, 1])
    np.testing.assert_array_equal(gy.asnumpy(), [1, 0, 0.5, 1, 1, 1])
    gx, gy = ops.vjp(ops.minimum, x, y)[1](ones)
    np.testing.assert_array_equal(gx.asnumpy(), [1, 0, 0.5, 1, 1, 1])
    np.testing.assert_array_equal(gy.asnumpy(), [0, 1, 0.5, 1, 1, 1])


def test_bounded_ops_gradient_at_the_edges():
    x = Tensor(np.array([-1., 0., 0.5, 1., 2.], np.float32))
    lo, hi = Tensor(np.float32(0)), Tensor(np.float32(1))

    def g(f):
        return ops.grad(lambda t: f(t).sum())(x).asnumpy().tolist()

    whole, split = [0, 1, 1, 1, 0], [0, 0.5, 1, 0.5, 0]  # MindSpore 2.10's
    assert g(lambda t: ops.clamp(t, 0., 1.)) == whole
    assert g(lambda t: ops.clamp(t, lo, hi)) == whole
    assert g(lambda t: t.clip(0., 1.)) == whole
    assert g(lambda t: ms.mint.clamp(t, 0., 1.)) == whole
    assert g(lambda t: ops.clip_by_value(t, lo, hi)) == split
    assert g(lambda t: ops.hardtanh(t, 0., 1.)) == split
    assert g(lambda t: ops.maximum(t, 0.)) == [0, 0.5, 1, 1, 1]
    assert g(lambda t: ops.fmax(t, ops.zeros_like(t))) == [0, 1, 1, 1, 1]
    assert g(lambda t: ops.relu6(t * 6)) == [0, 0, 6, 6, 0]
    # the forward values are unchanged
    np.testing.assert_array_equal(ops.clamp(x, 0., 1.).asnumpy(), np.clip(x.asnumpy(), 0, 1))
    np.testing.assert_array_equal(ops.clip_by_value(x, lo, hi).asnumpy(), np.clip(x.asnumpy(), 0, 1))


def test_initializer_of_a_tensor_keeps_its_dtype():
    from mindcell.common.initializer import initializer
    # MindSpore 2.10 (ms-oracle): the Tensor's dtype wins over the dtype argument, in layers too
    assert initializer(Tensor(np.arange(4, dtype=np.int64)), [4]).dtype == ms.int64
    assert initializer(Tensor(np.ones(4)), [4], ms.float16).dtype == ms.float64
    assert ms.Parameter(initializer(Tensor(np.arange(3, dtype=np.uint8)), [3]),
                        name="p").dtype == ms.uint8
    dense = nn.Dense(2, 3, weight_init=Tensor(np.ones((3, 2))),
                     bias_init=Tensor(np.zeros(3, np.int32)))
    assert (dense.weight.dtype, dense.bias.dtype) == (ms.float64, ms.int32)
    conv = nn.Conv2d(1, 2, 3, weight_init=Tensor(np.ones((2, 1, 3, 3), np.float16)))
    assert conv.weight.dtype == ms.float16
    np.testing.assert_array_equal(initializer(Tensor(np.arange(4, dtype=np.int64)), [4]).asnumpy(),
                                  np.arange(4))


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_unsorted_topk_of_every_element_keeps_the_input_order(mode):
    ms.set_context(mode=mode)
    x = np.random.RandomState(1).rand(3, 5).astype(np.float32)
    # MindSpore 2.10: TopK(sorted=False) with k == n returns the input as it is, on any dim
    values, indices = ops.TopK(False)(Tensor(x), 5)
    np.testing.assert_array_equal(values.asnumpy(), x)
    np.testing.assert_array_equal(indices.asnumpy(), np.tile(np.arange(5), (3, 1)))
    values, indices = ops.topk(Tensor(x), 3, dim=0, largest=False, sorted=False)
    np.testing.assert_array_equal(values.asnumpy(), x)
    np.testing.assert_array_equal(indices.asnumpy(), np.repeat(np.arange(3)[:, None], 5, 1))
    values, _ = ops.TopK(True)(Tensor(x), 5)  # sorted stays largest first
    np.testing.assert_array_equal(values.asnumpy(), -np.sort(-x, axis=1))


def test_unique_with_pad_takes_a_tensor_pad_num():
    x = Tensor(np.array([1, 1, 5, 5, 4, 4, 3, 3, 2, 2], np.int32))
    values, idx = ops.UniqueWithPad()(x, Tensor(-1, ms.int32))  # MindSpore 2.10 takes it
    np.testing.assert_array_equal(values.asnumpy(), [1, 5, 4, 3, 2, -1, -1, -1, -1, -1])
    np.testing.assert_array_equal(idx.asnumpy(), [0, 0, 1, 1, 2, 2, 3, 3, 4, 4])
    with pytest.raises(TypeError):
        ops.unique_with_pad(x, Tensor(1.5))


def test_sparse_ftrl_float16_steps_in_float32():
    # MindSpore 2.10's CPU kernel computes a float16 step in float32 and rounds once: here the
    # float32 numpy step rounded to float16 (float16 arithmetic was up to 0.07 off in linear)
    g = np.linspace(0.1, 0.9, 12).reshape(3, 4).astype(np.float16)
    params = [ms.Parameter(Tensor(np.full((3, 4), v, np.float16)), name=n)
              for v, n in ((1.0, "var"), (1.5, "accum"), (2.0, "linear"))]
    ops.SparseApplyFtrl(lr=0.01, l1=0.1, l2=0.2, lr_power=-0.5)(
        *params, Tensor(g), Tensor(np.array([0, 2, 1], np.int32)))
    var, acc, lin, gr = (np.full((3, 4), v, np.float32) for v in (1.0, 1.5, 2.0, 0.0))
    gr = g.astype(np.float32)[[0, 2, 1]]
    new_acc = acc + gr * gr
    lin = lin + gr - (np.sqrt(new_acc) - np.sqrt(acc)) / np.float32(0.01) * var
    quad = np.sqrt(new_acc) / np.float32(0.01) + np.float32(0.4)
    var = np.where(np.abs(lin) > 0.1, (np.sign(lin) * np.float32(0.1) - lin) / quad, 0)
    for p, want in zip(params, (var, new_acc, lin)):
        assert p.dtype == ms.float16
        np.testing.assert_allclose(p.asnumpy().astype(np.float32),
                                   want.astype(np.float16).astype(np.float32), rtol=1e-3,
                                   atol=2e-5)
