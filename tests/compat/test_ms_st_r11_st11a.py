"""Fixes found by running MindSpore's tests/st/ops/cpu test files (op names a..l) under mindcell
(round 11, helper st11a). Each test is written fresh; the expected values are numpy references or
what MindSpore 2.10 printed for the same program (ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor, ops
from mindcell.ops import operations as P


def _sgd(var, lr, grad):
    return P.ApplyGradientDescent()(var, lr, grad)


def test_vmap_inplace_optimizer_writes_each_row_of_the_parameter():
    # ms-oracle: vmap(ApplyGradientDescent) over a Parameter updates the Parameter row by row
    start = np.array([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]], np.float32)
    var = Parameter(Tensor(start.copy()), name="var")
    lr = np.array([0.1, 0.2, 0.5], np.float32)
    grad = np.arange(6, dtype=np.float32).reshape(3, 2)
    out = ops.vmap(_sgd, in_axes=(0, 0, 0))(var, Tensor(lr), Tensor(grad))
    expect = start - lr[:, None] * grad
    np.testing.assert_allclose(out.asnumpy(), expect, rtol=1e-6)
    np.testing.assert_allclose(var.asnumpy(), expect, rtol=1e-6)


def test_inplace_optimizer_on_a_row_view_writes_the_base():
    # a plain Tensor row (basic indexing: a view eagerly) handed to an optimizer primitive:
    # the kernel writes into that memory, so the base changes too (as ops.assign on the row)
    base = Tensor(np.ones((2, 3), np.float32))
    accum = Tensor(np.full((2, 3), 0.5, np.float32))
    row, acc_row = base[1], accum[1]
    grad = Tensor(np.array([1.0, 2.0, 4.0], np.float32))
    P.ApplyAdagrad()(row, acc_row, Tensor(np.float32(0.1)), grad)
    g = np.array([1.0, 2.0, 4.0], np.float32)
    new_acc = 0.5 + g * g
    np.testing.assert_allclose(accum.asnumpy()[1], new_acc, rtol=1e-6)
    np.testing.assert_allclose(base.asnumpy()[1], 1 - 0.1 * g / np.sqrt(new_acc), rtol=1e-6)
    np.testing.assert_array_equal(base.asnumpy()[0], np.ones(3, np.float32))


POINTS = np.array([0.3 + 0.2j, -0.1 + 0.5j, 1.5 - 0.7j, -2.0 + 0.0j, 2.5 + 0.1j, -0.8 - 1.2j])
INVERSE = {"atan": np.arctan, "asin": np.arcsin, "acos": np.arccos, "atanh": np.arctanh,
           "asinh": np.arcsinh, "acosh": np.arccosh, "rsqrt": lambda z: 1 / np.sqrt(z),
           "sigmoid": lambda z: 1 / (1 + np.exp(-z))}


@pytest.mark.parametrize("name", sorted(INVERSE))
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_inverse_trig_values(name, dtype):
    # MindSpore 2.10 computes them on complex numbers (ms-oracle; tests/goldens/ms_st_a/001)
    out = getattr(ops, name)(Tensor(POINTS.astype(dtype)))
    assert out.asnumpy().dtype == dtype
    tol = 1e-5 if dtype == np.complex64 else 1e-12
    np.testing.assert_allclose(out.asnumpy(), INVERSE[name](POINTS), rtol=tol, atol=tol)


@pytest.mark.parametrize("name", ["atan", "asin", "acos", "asinh", "acosh", "sigmoid", "rsqrt"])
def test_complex_inverse_trig_gradient_is_the_conjugate_derivative(name):
    # MindSpore's convention: the gradient of a real loss L is dL/dRe(z) + i dL/dIm(z), here
    # checked against float64 central differences along the real and imaginary axes (acosh:
    # the principal branch's derivative 1 / sinh(acosh z), not the principal 1 / sqrt(z^2 - 1))
    f = INVERSE[name]
    z = POINTS[[0, 1, 2, 5]]  # off the branch cuts

    def loss(v):
        w = f(v)
        return w.real + 2 * w.imag
    h = 1e-6
    expect = ((loss(z + h) - loss(z - h)) + 1j * (loss(z + 1j * h) - loss(z - 1j * h))) / (2 * h)

    def ms_loss(t):
        out = getattr(ops, name)(t)
        return ops.real(out).sum() + 2 * ops.imag(out).sum()
    got = ms.grad(ms_loss)(Tensor(z.astype(np.complex128))).asnumpy()
    np.testing.assert_allclose(got, expect, rtol=1e-6, atol=1e-6)


def test_cell_keeps_a_tensor_attribute_set_before_its_init():
    # ms-oracle: a plain Tensor (or number) set before super().__init__() is a plain attribute;
    # a Parameter or a Cell set then raises AttributeError
    class Early(ms.nn.Cell):
        def __init__(self, t):
            self.t = t
            self.scale = 2.0
            super().__init__()

        def construct(self, x):
            return x * self.t * self.scale

    t = Tensor(np.array([1.0, 3.0], np.float32))
    net = Early(t)
    assert net.t is t and net.scale == 2.0
    np.testing.assert_allclose(net(Tensor(np.ones(2, np.float32))).asnumpy(), [2.0, 6.0])

    class EarlyParam(ms.nn.Cell):
        def __init__(self):
            self.p = Parameter(Tensor(np.ones(2, np.float32)), name="p")
            super().__init__()

    class EarlyChild(ms.nn.Cell):
        def __init__(self):
            self.c = ms.nn.Dense(2, 2)
            super().__init__()

    for cls in (EarlyParam, EarlyChild):
        with pytest.raises(AttributeError):
            cls()


@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_uniform_candidate_sampler_takes_int32_classes(mode, dtype):
    # ms-oracle: Int32 or Int64 true_classes; the candidates have their dtype (both modes:
    # conftest's mode fixture)
    sampler = ms.nn.Cell()
    sampler.op = P.UniformCandidateSampler(2, 4, True, 10, seed=3)
    sampler.construct = lambda t: sampler.op(t)
    cand, true_exp, samp_exp = sampler(Tensor(np.array([[1, 2], [3, 4]], dtype)))
    assert cand.asnumpy().dtype == dtype and cand.shape == (4,)
    values = cand.asnumpy()
    assert len(set(values.tolist())) == 4 and values.min() >= 0 and values.max() < 10
    assert true_exp.shape == (2, 2) and samp_exp.shape == (4,)


def test_log_uniform_candidate_sampler_still_wants_int64():
    with pytest.raises(TypeError, match="Int64"):
        ops.log_uniform_candidate_sampler(Tensor(np.array([[1]], np.int32)), 1, 2, True, 5)
    with pytest.raises(TypeError, match="Int32 or Int64"):
        ops.uniform_candidate_sampler(Tensor(np.array([[1]], np.int16)), 1, 2, True, 5)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("exclusive", [False, True])
@pytest.mark.parametrize("reverse", [False, True])
def test_cumsum_runs_in_the_input_dtype(dtype, exclusive, reverse):
    # MindSpore 2.10's CumSum equals the running sum in the input's own dtype, float16 included,
    # and its exclusive form is that running sum shifted by one (ms-oracle, exact)
    x = (np.random.RandomState(0).rand(3, 500) * 10).astype(dtype)
    y = np.flip(x, 1) if reverse else x
    expect = np.cumsum(y, axis=1, dtype=dtype)
    if exclusive:
        expect = np.concatenate([np.zeros_like(expect[:, :1]), expect[:, :-1]], 1)
    if reverse:
        expect = np.flip(expect, 1)
    out = P.CumSum(exclusive, reverse)(Tensor(x), 1).asnumpy()
    assert out.dtype == dtype
    np.testing.assert_array_equal(out, expect)


@pytest.mark.parametrize("prim, rank", [(P.Dropout2D, 4), (P.Dropout3D, 5)])
@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64])
def test_channel_dropout_takes_signed_integers(prim, rank, dtype):
    # ms-oracle: Int8..Int64 inputs keep their dtype; a kept value is x * (1 / keep_prob) in
    # Float32, truncated (3 -> 7 and 18 -> 45 at 0.4; 3 -> 10 at 0.3); UInt8 and Bool raise
    x = (np.arange(4 * 6 * 4) % 45 + 1).reshape((4, 6) + (1,) * (rank - 3) + (4,)).astype(dtype)
    out, mask = prim(0.4)(Tensor(x))
    assert out.asnumpy().dtype == dtype and mask.asnumpy().dtype == np.bool_
    o, m = out.asnumpy(), mask.asnumpy()
    np.testing.assert_array_equal(o[m], np.trunc(x[m] * np.float32(1 / 0.4)).astype(dtype))
    assert not o[~m].any()
    full, _ = prim(1.0)(Tensor(x))
    np.testing.assert_array_equal(full.asnumpy(), x)
    for bad in (np.uint8, np.bool_):
        with pytest.raises(TypeError):
            prim(0.4)(Tensor(x.astype(bad)))


def test_primitive_set_device_records_the_target():
    # ms-oracle: returns the primitive, attrs['primitive_target']; other values RuntimeError
    prim = P.EmbeddingLookup()
    assert prim.set_device("CPU") is prim and prim.attrs["primitive_target"] == "CPU"
    params = Tensor(np.arange(8, dtype=np.float32).reshape(4, 2))
    out = prim(params, Tensor(np.array([3, 0], np.int32)), 0)
    np.testing.assert_array_equal(out.asnumpy(), [[6, 7], [0, 1]])
    assert P.Add().set_device("GPU").attrs["primitive_target"] == "GPU"
    for bad in ("XPU", 3):
        with pytest.raises(RuntimeError, match="CPU\\|GPU\\|Ascend"):
            P.Add().set_device(bad)


def test_approximate_equal_wants_equal_shapes():
    # ms-oracle: ApproximateEqual does not broadcast ((2, 3) vs (3,), (3,) vs (1,): RuntimeError)
    a = Tensor(np.ones((2, 3), np.float32))
    for other in ((3,), (1, 3), (2, 1)):
        with pytest.raises(RuntimeError, match="same shape"):
            P.ApproximateEqual(0.5)(a, Tensor(np.ones(other, np.float32)))
    with pytest.raises(TypeError, match="the type of 'tolerance' should be 'float'"):
        ops.approximate_equal(a, a, "0.5")
    out = P.ApproximateEqual(0.5)(a, Tensor(np.array([[1, 2, 1.4], [0, 1, 1]], np.float32)))
    np.testing.assert_array_equal(out.asnumpy(), [[True, False, True], [False, True, True]])
