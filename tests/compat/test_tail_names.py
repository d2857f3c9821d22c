"""The long tail of MindSpore names (mindcell/{program_api,sparse_tensor}, train/sink,
common/{generator,dtype_names}, ops/{composite_extra,custom}, ops/function/functional_extra_func,
numpy/tail_ops):
numbers against numpy references, gradients, both modes; MindSpore's own values and error types
are in tests/goldens/tail."""
import sys

import numpy as np
import pytest

import mindcell as ms
import mindcell.numpy as mnp
from mindcell import nn, ops, Tensor
from mindcell import dataset as ds
from mindcell import program_api
from mindcell.ops import functional as F

RNG = np.random.default_rng(0)


def _f32(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


# ----- data_sink ------------------------------------------------------------------------------
def _data(n=5):
    return ds.NumpySlicesDataset({"x": np.arange(n, dtype=np.float32),
                                  "y": np.ones(n, np.float32)}, shuffle=False)


def test_data_sink_steps_through_rows_and_loops():
    seen = []

    def step(x, y):
        seen.append(float(x.asnumpy()))
        return x + y

    sink = ms.data_sink(step, _data(), sink_size=2)
    outs = [float(sink().asnumpy()) for _ in range(4)]
    assert seen == [0, 1, 2, 3, 4, 0, 1, 2]  # two rows per call, starting over after the last
    assert outs == [2.0, 4.0, 1.0, 3.0]  # the last step's result


def test_data_sink_jit_config_compiles_and_agrees():
    plain = ms.data_sink(lambda x, y: x * 2 + y, _data(), sink_size=1)
    compiled = ms.data_sink(lambda x, y: x * 2 + y, _data(), sink_size=1,
                            jit_config=ms.JitConfig())
    for _ in range(6):
        assert plain().asnumpy() == compiled().asnumpy()


def test_data_sink_trains_a_network():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((32, 3)).astype(np.float32)
    y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)
    data = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(8)
    net = nn.Dense(3, 1)
    opt = nn.SGD(net.trainable_params(), 0.1)
    loss_fn = nn.MSELoss()

    def forward(a, b):
        return loss_fn(net(a), b)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)

    def train_step(a, b):
        loss, grads = grad_fn(a, b)
        opt(grads)
        return loss

    sink = ms.data_sink(train_step, data, sink_size=4)
    first = float(sink().asnumpy())
    for _ in range(20):
        last = float(sink().asnumpy())
    assert last < first * 0.1


def test_data_sink_input_signature_and_arguments():
    sig = (Tensor(shape=(None,), dtype=ms.float32), Tensor(shape=(None,), dtype=ms.float32))
    data = _data().batch(2)
    assert ms.data_sink(lambda x, y: x + y, data, input_signature=sig)().shape == (2,)
    wrong = (Tensor(np.zeros(2, np.int32)), Tensor(np.zeros(2, np.float32)))
    with pytest.raises(TypeError, match="input_signature"):
        ms.data_sink(lambda x, y: x + y, data, input_signature=wrong)()
    with pytest.raises(ValueError):
        ms.data_sink(lambda x, y: x, data, sink_size=0)
    with pytest.raises(TypeError):
        ms.data_sink(lambda x, y: x, data, sink_size=1.0)
    with pytest.raises(TypeError):
        ms.data_sink(lambda x, y: x, [1, 2])
    with pytest.raises(TypeError):
        ms.data_sink(lambda x, y: x, data, jit_config={"jit_level": "O0"})


# ----- vmap -----------------------------------------------------------------------------------
def test_vmap_matches_per_example_numpy():
    x, w = _f32(4, 3, 5), _f32(5, 2)

    def f(a, m):
        return ops.tanh(a @ m).sum(0)

    got = ops.vmap(f, in_axes=(0, None))(Tensor(x), Tensor(w)).asnumpy()
    want = np.stack([np.tanh(x[i] @ w).sum(0) for i in range(4)])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    got = ops.vmap(f, in_axes=(2, None), out_axes=1)(Tensor(x.transpose(1, 2, 0)),
                                                    Tensor(w)).asnumpy()
    np.testing.assert_allclose(got, want.T, rtol=1e-5, atol=1e-6)


def test_vmap_gradients_equal_the_unbatched_ones():
    x = _f32(3, 4)
    g = ops.grad(lambda a: ops.vmap(lambda r: (r * r).sum() * r.mean())(a).sum())(Tensor(x))
    want = 2 * x * x.mean(1, keepdims=True) + (x * x).sum(1, keepdims=True) / 4
    np.testing.assert_allclose(g.asnumpy(), want, rtol=1e-5, atol=1e-6)


def test_vmap_in_graph_mode_agrees():
    x = Tensor(_f32(3, 4))

    class Net(nn.Cell):
        def construct(self, a):
            return ops.vmap(lambda r: ops.softmax(r, 0))(a)

    eager = Net()(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    np.testing.assert_allclose(Net()(x).asnumpy(), eager, rtol=1e-6)


def test_vmap_out_axes_none_for_unmapped_outputs():
    y = Tensor(np.arange(3, dtype=np.float32))
    a, b = ops.vmap(lambda r, s: (r + s, s.sum()), in_axes=(0, None), out_axes=(0, None))(
        Tensor(_f32(2, 3)), y)
    assert a.shape == (2, 3) and float(b.asnumpy()) == 3.0


# ----- F / C / ops tail -----------------------------------------------------------------------
@pytest.mark.parametrize("axes", [0, 1, 2, (2, 0), ((1, 2), (1, 0)), ([0], [2])])
def test_tensor_dot_matches_numpy(axes):
    a, b = _f32(2, 3, 4), _f32(4, 3, 2)
    if axes == 1:
        b = _f32(4, 5)
    np_axes = axes if not isinstance(axes, tuple) or isinstance(axes[0], (tuple, list)) \
        else ([axes[0]], [axes[1]])
    if axes == 2:
        a, b = _f32(2, 3, 4), _f32(3, 4, 5)
    want = np.tensordot(a, b, np_axes)
    np.testing.assert_allclose(ops.tensor_dot(Tensor(a), Tensor(b), axes).asnumpy(), want,
                               rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("args", [(0, 10, 3), (10, 0, -3), (0.5, 2.0, 0.25), (-3, 4, 1)])
def test_range_matches_arange(args):
    tensors = [Tensor(np.array(v, np.float32 if isinstance(v, float) else np.int64))
               for v in args]
    got = ops.range(*tensors).asnumpy()
    np.testing.assert_allclose(got, np.arange(*args).astype(got.dtype))


def test_range_maxlen_bounds_the_result():
    assert ops.range(0, 10, 1, maxlen=10).shape == (10,)
    with pytest.raises(RuntimeError, match="maxlen"):
        ops.range(0, 11, 1, maxlen=10)


def test_tensor_scatter_elements_matches_numpy_and_differentiates():
    x, u = _f32(3, 4), _f32(3, 2)
    idx = np.array([[0, 3], [1, 2], [3, 0]], np.int32)
    want = x.copy()
    np.put_along_axis(want, idx, u, 1)
    got = ops.tensor_scatter_elements(Tensor(x), Tensor(idx), Tensor(u), axis=1)
    np.testing.assert_array_equal(got.asnumpy(), want)
    gx, gu = ops.grad(lambda a, b: (ops.tensor_scatter_elements(a, Tensor(idx), b, 1)
                                    * Tensor(want)).sum(), (0, 1))(Tensor(x), Tensor(u))
    mask = np.ones_like(x)
    np.put_along_axis(mask, idx, 0, 1)
    np.testing.assert_allclose(gx.asnumpy(), want * mask)
    np.testing.assert_allclose(gu.asnumpy(), np.take_along_axis(want, idx, 1))
    with pytest.raises(ValueError):
        ops.tensor_scatter_elements(Tensor(x), Tensor(idx + 5), Tensor(u), axis=1)


def test_functional_helpers():
    assert F.make_range(2, 9, 3) == (2, 5, 8)
    assert F.tuple_len([1, 2, 3]) == 3
    out = F.mixed_precision_cast(ms.float16, [Tensor(_f32(2)), Tensor([1], ms.int32), "s"])
    assert [getattr(o, "dtype", o) for o in out] == [ms.float16, ms.int32, "s"]

    @ms.ops.composite.add_flags(inline=True)
    def g(v):
        return v

    assert g._func_graph_flags == {"inline": True}


# ----- Custom ---------------------------------------------------------------------------------
def test_custom_pyfunc_both_modes_with_bprop(mode):
    ms.set_context(mode=mode)
    op = ops.Custom(lambda a: np.sin(a), out_shape=lambda s: s, out_dtype=lambda d: d,
                    bprop=lambda a, out, dout: (dout * ops.cos(a),))

    class Net(nn.Cell):
        def construct(self, a):
            return op(a) * 2

    x = _f32(2, 3)
    np.testing.assert_allclose(Net()(Tensor(x)).asnumpy(), 2 * np.sin(x), rtol=1e-6)
    g = ops.grad(Net())(Tensor(x))
    np.testing.assert_allclose(g.asnumpy(), 2 * np.cos(x), rtol=1e-6)


def test_custom_checks_declarations_and_kinds():
    wrong = ops.Custom(lambda a: a.astype(np.float64), out_shape=lambda s: s,
                       out_dtype=lambda d: d)
    with pytest.raises(TypeError, match="out_dtype"):
        wrong(Tensor(_f32(2)))
    for kind in ("aot", "hybrid", "akg", "tbe", "aicpu"):
        with pytest.raises(NotImplementedError, match=kind):
            ops.Custom("./k.so:f", (2,), ms.float32, kind)
    with pytest.raises(RuntimeError, match="bprop"):
        ops.grad(lambda a: ops.Custom(np.abs, (2,), ms.float32)(a).sum())(Tensor(_f32(2)))


# ----- COOTensor / CSRTensor ------------------------------------------------------------------
def test_coo_dense_coalesce_csr_round_trip():
    idx = np.array([[2, 1], [0, 3], [2, 1], [1, 0]], np.int64)
    val = _f32(4)
    coo = ms.COOTensor(Tensor(idx), Tensor(val), (3, 4))
    want = np.zeros((3, 4), np.float32)
    np.add.at(want, (idx[:, 0], idx[:, 1]), val)
    np.testing.assert_allclose(coo.to_dense().asnumpy(), want, rtol=1e-6)
    np.testing.assert_allclose(coo.coalesce().to_dense().asnumpy(), want, rtol=1e-6)
    assert coo.coalesce().indices.shape == (3, 2)
    csr = coo.to_csr()
    np.testing.assert_array_equal(csr.indptr.asnumpy(), [0, 1, 2, 4])
    np.testing.assert_allclose(csr.to_dense().asnumpy(), want, rtol=1e-6)
    np.testing.assert_allclose(csr.to_coo().to_dense().asnumpy(), want, rtol=1e-6)
    v = _f32(4, 1)
    np.testing.assert_allclose(csr.mv(Tensor(v)).asnumpy(), want @ v, rtol=1e-5)


def test_coo_values_receive_gradients():
    idx = Tensor(np.array([[0, 1], [1, 0]], np.int32))
    w = _f32(2, 2)
    g = ops.grad(lambda v: (ms.COOTensor(idx, v, (2, 2)).to_dense() * Tensor(w)).sum())(
        Tensor(_f32(2)))
    np.testing.assert_allclose(g.asnumpy(), [w[0, 1], w[1, 0]])


# ----- mindcell.numpy -------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["constant", "edge", "reflect", "symmetric", "wrap", "maximum",
                                  "minimum", "mean", "linear_ramp"])
def test_pad_matches_numpy(mode):
    x = _f32(3, 4)
    width = ((2, 1), (3, 5))
    kw = {"end_values": ((1, -2), (3, 4))} if mode == "linear_ramp" else {}
    if mode in ("maximum", "minimum", "mean"):
        kw = {"stat_length": ((1, 2), (2, 3))}
    got = mnp.pad(Tensor(x), width, mode=mode, **kw).asnumpy()
    np.testing.assert_allclose(got, np.pad(x, width, mode=mode, **kw), rtol=1e-5, atol=1e-6)
    if mode in ("reflect", "symmetric"):
        got = mnp.pad(Tensor(x), width, mode=mode, reflect_type="odd").asnumpy()
        np.testing.assert_allclose(got, np.pad(x, width, mode=mode, reflect_type="odd"),
                                   rtol=1e-5, atol=1e-5)


def test_pad_gradient_counts_copies():
    g = ops.grad(lambda a: mnp.pad(a, 2, mode="edge").sum())(Tensor(_f32(4)))
    np.testing.assert_array_equal(g.asnumpy(), [3, 1, 1, 3])
    with pytest.raises(TypeError, match="keyword"):
        mnp.pad(Tensor(_f32(3)), 1, foo=1)


@pytest.mark.parametrize("ord_,axis", [(None, None), ("fro", None), (1, None), (-1, None),
                                       (np.inf, None), (-np.inf, None), (None, 1), (3, 0),
                                       (0, 1), (-np.inf, 1), (1, (1, 0))])
def test_norm_matches_numpy(ord_, axis):
    x = _f32(3, 4)
    np.testing.assert_allclose(mnp.norm(Tensor(x), ord_, axis).asnumpy(),
                               np.linalg.norm(x, ord_, axis), rtol=1e-5)


def test_cross_cumprod_copy():
    a, b = _f32(4, 3), _f32(4, 3)
    np.testing.assert_allclose(mnp.cross(Tensor(a), Tensor(b)).asnumpy(), np.cross(a, b),
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(mnp.cross(Tensor(a.T), Tensor(b[:, :2].T), axisa=0, axisb=0,
                                         axisc=0).asnumpy(),
                               np.cross(a.T, np.concatenate([b[:, :2], np.zeros((4, 1),
                                                                              np.float32)],
                                                            1).T, axisa=0, axisb=0, axisc=0),
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(mnp.cumprod(Tensor(a), axis=0).asnumpy(), np.cumprod(a, 0),
                               rtol=1e-5)
    t = Tensor(a)
    c = mnp.copy(t)
    c[0, 0] = 100.0
    assert float(t.asnumpy()[0, 0]) == a[0, 0]


def test_random_arrays():
    ms.set_seed(3)
    first = mnp.randn(1000).asnumpy()
    assert abs(first.mean()) < 0.15 and abs(first.std() - 1) < 0.1
    u = mnp.rand(1000).asnumpy()
    assert 0 <= u.min() and u.max() < 1 and abs(u.mean() - 0.5) < 0.05
    r = mnp.randint(-2, 3, (1000,), dtype=ms.int64)
    assert r.dtype == ms.int64 and set(np.unique(r.asnumpy())) == {-2, -1, 0, 1, 2}
    ms.set_seed(3)
    np.testing.assert_array_equal(mnp.randn(1000).asnumpy(), first)


# ----- program-level API ----------------------------------------------------------------------
def test_no_grad_context_and_decorator():
    @ms._no_grad()
    def square(v):
        return v * v

    g = ops.grad(lambda v: v * square(v))(Tensor(np.float32(3.0)))
    assert float(g.asnumpy()) == 9.0


def test_lazy_inline_keeps_results():
    class Block(nn.Cell):
        @ms.lazy_inline
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")

        def construct(self, v):
            return self.dense(v)

    x = _f32(2, 3)
    np.testing.assert_allclose(Block()(Tensor(x)).asnumpy(),
                               x.sum(1, keepdims=True).repeat(2, 1), rtol=1e-6)


def test_jit_class_objects_in_graph_mode():
    @ms.jit_class
    class Scale:
        def __init__(self):
            self.k = 3.0

        def apply(self, v):
            return v * self.k

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.s = Scale()

        def construct(self, v):
            return self.s.apply(v)

    ms.set_context(mode=ms.GRAPH_MODE)
    np.testing.assert_allclose(Net()(Tensor(np.ones(2, np.float32))).asnumpy(), [3.0, 3.0])


def test_recursion_limit_and_deterministic(monkeypatch):
    old = sys.getrecursionlimit()
    try:
        ms.set_recursion_limit(old + 500)
        assert sys.getrecursionlimit() == old + 500
        ms.set_recursion_limit(10)  # never lowered
        assert sys.getrecursionlimit() == old + 500
    finally:
        sys.setrecursionlimit(old)
    monkeypatch.setitem(program_api._deterministic, "set", False)
    ms.set_deterministic(False)
    assert ms.get_context("deterministic") == "OFF"
    with pytest.raises(RuntimeError):
        ms.set_deterministic(True)


def test_generator_state_round_trip():
    g = ms.Generator().manual_seed(2 ** 40 + 7)
    g._step(5)
    state = g.get_state()
    np.testing.assert_array_equal(state.asnumpy().view("<i8"), [2 ** 40 + 7, 5])
    h = ms.Generator()
    h.set_state(state)
    assert h.initial_seed() == 2 ** 40 + 7
    with pytest.raises(RuntimeError):
        h.set_state(Tensor(np.zeros(16, np.int32)))


def test_complex_dtypes_make_tensors():
    # complex tensors exist since issue 16's complex8 (tests/ops/test_complex.py tests them)
    assert ms.dtype_to_nptype(ms.complex64) is np.complex64
    assert Tensor(np.ones(2), ms.complex64).dtype == ms.complex64
    assert ops.cast(Tensor(np.ones(2, np.float32)), ms.complex128).dtype == ms.complex128
    with pytest.raises(TypeError, match="Int4"):
        Tensor(np.ones(2), ms.qint4x2)
