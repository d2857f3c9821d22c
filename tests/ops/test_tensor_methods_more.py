"""Tensor methods of mindcell/ops/tensor_methods_more.py: in-place methods write self (views see
it) in PYNATIVE and GRAPH_MODE alike, with gradients; new tensors and aliases against numpy."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor, Parameter

RNG = np.random.default_rng(0)
A = RNG.standard_normal((2, 3)).astype(np.float32)


def _t(a):
    return Tensor(np.array(a))


# (method call on y, numpy of the new value of a) for float self ``a``
INPLACE = [
    ("add_", lambda y: y.add_(_t(A[0]), alpha=2), lambda a: a + 2 * A[0]),
    ("add_scalar", lambda y: y.add_(1.5), lambda a: a + 1.5),
    ("sub_", lambda y: y.sub_(_t(A), alpha=0.5), lambda a: a - 0.5 * A),
    ("mul_", lambda y: y.mul_(_t(A)), lambda a: a * A),
    ("div_", lambda y: y.div_(4.0), lambda a: a / 4),
    ("div_floor", lambda y: y.div_(0.5, rounding_mode="floor"), lambda a: np.floor(a / 0.5)),
    ("clamp_", lambda y: y.clamp_(-0.3, 0.4), lambda a: np.clip(a, -0.3, 0.4)),
    ("exp_", lambda y: y.exp_(), np.exp),
    ("tanh_", lambda y: y.tanh_(), np.tanh),
    ("masked_fill_", lambda y: y.masked_fill_(_t(A > 0), -2.0), lambda a: np.where(A > 0, -2, a)),
    ("index_add_", lambda y: y.index_add_(1, _t(np.array([2, 2])), _t(A[:, :2]), alpha=3),
     lambda a: a + np.stack([0 * A[:, 0], 0 * A[:, 0], 3 * (A[:, 0] + A[:, 1])], 1)),
    ("scatter_", lambda y: y.scatter_(1, _t(np.array([[2], [0]])), _t(A[:, :1])),
     lambda a: np.array([[a[0, 0], a[0, 1], A[0, 0]], [A[1, 0], a[1, 1], a[1, 2]]])),
    ("scatter_value", lambda y: y.scatter_(0, _t(np.array([[1, 0, 1]])), 9.0),
     lambda a: np.array([[a[0, 0], 9, a[0, 2]], [9, a[1, 1], 9]])),
    ("scatter_add", lambda y: y.scatter_(1, _t(np.array([[0, 0]] * 2)), _t(A[:, :2]),
                                         reduce="add"),
     lambda a: a + np.stack([A[:, 0] + A[:, 1], 0 * A[:, 0], 0 * A[:, 0]], 1)),
    ("copy_", lambda y: y.copy_(_t(np.arange(3, dtype=np.int64))),
     lambda a: np.broadcast_to(np.arange(3.0), a.shape)),
]


@pytest.mark.parametrize("name,call,expect", INPLACE, ids=[c[0] for c in INPLACE])
def test_inplace_writes_self_and_views_eagerly(name, call, expect):
    base = RNG.standard_normal((2, 3)).astype(np.float32)
    y = Tensor(base.copy())
    view = y[1]
    out = call(y)
    assert out is y and y.dtype == ms.float32
    want = expect(base.astype(np.float64))
    np.testing.assert_allclose(y.asnumpy(), want, rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(view.asnumpy(), want[1], rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("name,call,expect", INPLACE, ids=[c[0] for c in INPLACE])
def test_inplace_graph_mode_matches_pynative(name, call, expect):
    class Net(nn.Cell):
        def construct(self, x):
            y = x * 1
            v = y[1]
            call(y)
            return y, v * 1
    x = RNG.standard_normal((2, 3)).astype(np.float32)
    eager = Net()(Tensor(x))
    ms.set_context(mode=ms.GRAPH_MODE)
    graph = Net()(Tensor(x))
    for e, g in zip(eager, graph):
        np.testing.assert_allclose(g.asnumpy(), e.asnumpy(), rtol=1e-6)
    np.testing.assert_allclose(graph[0].asnumpy(), expect(x.astype(np.float64)), rtol=1e-5,
                               atol=1e-6)


def test_inplace_on_a_parameter_in_both_modes():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.ones(3, np.float32)), name="w")

        def construct(self, x):
            self.w.add_(x)
            self.w.mul_(2)
            return self.w * 1

    x = Tensor(np.arange(3, dtype=np.float32))
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        net = Net()
        np.testing.assert_allclose(net(x).asnumpy(), [2, 4, 6])
        net(x)
        np.testing.assert_allclose(net.w.asnumpy(), [4, 10, 16])


def test_inplace_int_self_keeps_its_dtype():
    y = Tensor(np.arange(6, dtype=np.int32))
    y.mul_(2.5)
    assert y.dtype == ms.int32
    np.testing.assert_array_equal(y.asnumpy(), (np.arange(6) * 2.5).astype(np.int32))


def test_inplace_refuses_a_larger_result():
    y = Tensor(np.zeros((2, 3), np.float32))
    with pytest.raises(RuntimeError, match="add_"):
        y.add_(Tensor(np.ones((3, 2, 3), np.float32)))
    with pytest.raises(RuntimeError, match="copy_"):
        y.copy_(Tensor(np.ones(2, np.float32)))
    with pytest.raises(TypeError, match="copy_"):
        y.copy_(1.0)
    with pytest.raises(ValueError, match="non_blocking"):
        y.copy_(Tensor(np.ones(3, np.float32)), non_blocking=True)
    with pytest.raises(ValueError, match="reduce"):
        y.scatter_(1, Tensor(np.zeros((2, 1), np.int64)), 1.0, reduce="multiply")


def test_gradients_through_inplace():
    def f(x):
        y = x * 1
        y.mul_(x)
        y.add_(x, alpha=3)
        y.exp_()
        return y.sum()

    x = np.array([0.1, -0.5, 0.7], np.float32)
    g = ops.grad(f)(Tensor(x)).asnumpy()
    np.testing.assert_allclose(g, (2 * x + 3) * np.exp(x * x + 3 * x), rtol=1e-5)

    def h(x, s):
        y = x * 1
        y.masked_fill_(x > 0, 0.0)
        y.copy_(y * s)
        return y.sum()

    gx, gs = ops.grad(h, grad_position=(0, 1))(Tensor(x), Tensor(np.float32(2.0)))
    np.testing.assert_allclose(gx.asnumpy(), np.where(x > 0, 0, 2.0))
    np.testing.assert_allclose(gs.asnumpy(), x[x <= 0].sum(), rtol=1e-6)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_random_inplace_draws_and_reproduces(mode):
    class Net(nn.Cell):
        def construct(self, x):
            a, b = x * 1, x * 1
            a.uniform_(2, 3)
            b.normal_(5, 0.1)
            return a, b
    ms.set_context(mode=mode)
    x = Tensor(np.zeros((200,), np.float32))
    ms.set_seed(3)
    a, b = Net()(x)
    ms.set_seed(3)
    a2, b2 = Net()(x)
    assert a.asnumpy().min() >= 2 and a.asnumpy().max() < 3 and a.asnumpy().std() > 0.2
    assert abs(b.asnumpy().mean() - 5) < 0.05 and 0.07 < b.asnumpy().std() < 0.13
    np.testing.assert_array_equal(a.asnumpy(), a2.asnumpy())
    np.testing.assert_array_equal(b.asnumpy(), b2.asnumpy())
    assert np.all(x.asnumpy() == 0)


def test_random_checks():
    with pytest.raises(TypeError):
        Tensor(np.zeros(3, np.int32)).uniform_()
    with pytest.raises(TypeError, match="generator"):  # a Generator is drawn from (r7)
        Tensor(np.zeros(3, np.float32)).normal_(generator=object())
    with pytest.raises(ValueError, match="std"):
        Tensor(np.zeros(3, np.float32)).normal_(0, -1)
    with pytest.raises(ValueError, match="from_"):
        Tensor(np.zeros(3, np.float32)).uniform(3, 2)
    u = Tensor(np.zeros((4, 5), np.float64)).uniform(-1, 1)
    assert u.shape == (4, 5) and u.dtype == ms.float64 and np.abs(u.asnumpy()).max() <= 1


def test_new_tensors_and_views():
    x = Tensor(A)
    np.testing.assert_array_equal(x.fill(2.5).asnumpy(), np.full((2, 3), 2.5))
    np.testing.assert_array_equal(x.asnumpy(), A)  # fill makes a new tensor
    assert x.new_zeros(4).shape == (4,) and x.new_zeros(4).dtype == ms.float32
    assert x.new_ones((2, 2), dtype=ms.int8).dtype == ms.int8
    np.testing.assert_array_equal(x.new_full((2,), 7, dtype=ms.int32).asnumpy(), [7, 7])
    np.testing.assert_array_equal(x.t().asnumpy(), A.T)
    np.testing.assert_array_equal(x.take(Tensor([1, 4, 99])).asnumpy(), A.ravel()[[1, 4, 5]])
    np.testing.assert_array_equal(x.take(Tensor([-1, 4]), axis=1, mode="wrap").asnumpy(),
                                  np.take(A, [-1, 4], axis=1, mode="wrap"))
    np.testing.assert_array_equal(x.select(1, -1).asnumpy(), A[:, -1])
    np.testing.assert_array_equal(x.index_select(1, Tensor([2, 0, 2])).asnumpy(), A[:, [2, 0, 2]])
    b = RNG.standard_normal((2, 4, 3))
    for off, a1, a2 in [(0, 0, 1), (1, 1, 2), (-2, 2, 1), (0, -1, 0)]:
        np.testing.assert_array_equal(Tensor(b).diagonal(off, a1, a2).asnumpy(),
                                      np.diagonal(b, off, a1, a2))
    np.testing.assert_array_equal(x.masked_select(Tensor(A > 0)).asnumpy(), A[A > 0])
    np.testing.assert_allclose(x.mm(Tensor(A.T)).asnumpy(), A @ A.T, rtol=1e-6)
    assert x.view_as(Tensor(np.zeros(6))).shape == (6,)
    assert x.reshape_as(Tensor(np.zeros((3, 2)))).shape == (3, 2)
    assert x.stride() == (3, 1) and x.stride(-2) == 3 and Tensor(1.0).stride() == ()
    assert x.type() == "Float32" and x.type(ms.float16).dtype == ms.float16
    assert x.type_as(Tensor([1])).dtype == Tensor([1]).dtype
    assert x.value() is x and x.device == "CPU"
    s = Tensor(np.array([1.0, 3.0, 5.0], np.float32)).searchsorted(Tensor([3.0, 6.0]))
    assert s.dtype == ms.int32 and s.asnumpy().tolist() == [1, 3]


def test_unique():
    x = Tensor(np.array([3, 1, 3, 2, 1]))
    np.testing.assert_array_equal(x.unique().asnumpy(), [1, 2, 3])
    u, inv, cnt = x.unique(sorted=False, return_inverse=True, return_counts=True)
    assert u.asnumpy().tolist() == [3, 1, 2] and cnt.asnumpy().tolist() == [2, 2, 1]
    np.testing.assert_array_equal(u.asnumpy()[inv.asnumpy()], x.asnumpy())
    rows = Tensor(np.array([[1, 2], [0, 1], [1, 2]]))
    np.testing.assert_array_equal(rows.unique(dim=0).asnumpy(), [[0, 1], [1, 2]])


def test_from_numpy_shares_memory_and_flags():
    a = np.zeros(3, np.float32)
    t = Tensor.from_numpy(a)
    a[1] = 4
    assert t.asnumpy().tolist() == [0, 4, 0]
    with pytest.raises(TypeError):
        Tensor.from_numpy([1, 2])
    p = Parameter(Tensor([1.0]), name="p")
    assert p.requires_grad_(False) is None and p.requires_grad is False
    assert Tensor([1.0]).requires_grad_() is None
    assert Tensor([1.0]).flush_from_cache() is None and Tensor([1.0]).data_sync() is None


def test_register_hook():
    seen = []

    def f(x):
        y = x * 2
        y.register_hook(lambda g: seen.append(g.asnumpy().copy()))
        y.register_hook(lambda g: g * 10)
        y.register_hook(lambda g: g + 1)  # hooks run in registration order
        removed = y.register_hook(lambda g: g * 0)
        removed.remove()
        return (y * y).sum()

    x = np.array([1.0, 2.0], np.float32)
    for _ in range(2):  # a second differentiation hooks afresh
        seen.clear()
        np.testing.assert_allclose(ops.grad(f)(Tensor(x)).asnumpy(), 2 * (4 * x * 10 + 1))
        np.testing.assert_allclose(seen[0], 4 * x)
    with pytest.raises(TypeError, match="register_hook"):
        Tensor(x).register_hook(3)
    with pytest.raises(RuntimeError, match="register_hook"):
        Tensor(x).register_hook(print)  # no gradient flows through it (MindSpore raises too)

    class Net(nn.Cell):
        def construct(self, t):
            y = t * 2
            y.register_hook(lambda g: g)
            return y.sum()
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(ValueError, match="register_hook"):
        ms.grad(Net())(Tensor(x))


def test_rot90_index_fill_masked_scatter_fill_diagonal():
    a = RNG.standard_normal((2, 3, 4))
    for k in range(-3, 6):
        for dims in [(0, 1), (2, 0), (-1, 1)]:
            np.testing.assert_array_equal(Tensor(a).rot90(k, list(dims)).asnumpy(),
                                          np.rot90(a, k, dims))
    x = Tensor(A)
    want = A.copy()
    want[:, [0, 2]] = 0.5
    np.testing.assert_array_equal(x.index_fill(1, Tensor([0, -1]), 0.5).asnumpy(), want)
    m = A > 0
    src = np.arange(10, 16, dtype=np.float32)
    want = A.copy()
    want[m] = src[:m.sum()]
    np.testing.assert_array_equal(x.masked_scatter(Tensor(m), Tensor(src)).asnumpy(), want)
    for shape, wrap in [((5, 3), True), ((5, 3), False), ((3, 3, 3), False), ((2, 4), False)]:
        y, ref = Tensor(np.zeros(shape, np.float32)), np.zeros(shape, np.float32)
        np.fill_diagonal(ref, 2.0, wrap=wrap)
        assert y.fill_diagonal_(2.0, wrap=wrap) is y
        np.testing.assert_array_equal(y.asnumpy(), ref)
    with pytest.raises(ValueError, match="fill_diagonal_"):
        Tensor(np.zeros((2, 3, 4), np.float32)).fill_diagonal_(1.0)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_more_inplace_in_both_modes(mode):
    class Net(nn.Cell):
        def construct(self, x):
            y = x * 1
            y.index_fill_(1, Tensor([1]), -1.0)
            y.remainder_(0.7)
            y.fill_diagonal_(5.0)
            return y
    ms.set_context(mode=mode)
    want = A.copy()
    want[:, 1] = -1
    want = np.mod(want, np.float32(0.7))
    np.fill_diagonal(want, 5)
    np.testing.assert_allclose(Net()(Tensor(A)).asnumpy(), want, rtol=1e-6)


def test_index_add_takes_both_spellings():
    # MindSpore 2.10's Tensor.index_add: (dim, index, source, *, alpha) or (indices, y, axis)
    x = ms.Tensor(np.array([[1, -2, 3], [0, 5, -6]], np.int8))
    idx = ms.Tensor(np.array([0, 2], np.int32))
    y = ms.Tensor(np.array([[2, 2], [1, 3]], np.int8))
    want = np.array([[3, -2, 5], [1, 5, -3]], np.int8)
    np.testing.assert_array_equal(x.index_add(1, idx, y).asnumpy(), want)
    np.testing.assert_array_equal(x.index_add(idx, y, 1).asnumpy(), want)
    got = x.index_add(dim=1, index=idx, source=y, alpha=2).asnumpy()
    np.testing.assert_array_equal(got, [[5, -2, 7], [2, 5, 0]])
    assert x.index_add(1, idx, y).dtype == ms.int8


def test_ptp_is_the_range_in_the_input_dtype():
    # MindSpore 2.10's Tensor.ptp: max - min in the input's dtype (uint8 wraps), bool refused
    a = np.array([[1, -2, 3], [0, 5, -6]])
    for dt in (np.int8, np.int32, np.float16, np.float32):
        x = ms.Tensor(a.astype(dt))
        assert x.ptp().dtype == x.dtype
        np.testing.assert_array_equal(x.ptp(axis=1).asnumpy(), np.ptp(a.astype(dt), axis=1))
        assert x.ptp(axis=0, keepdims=True).shape == (1, 3)
    np.testing.assert_array_equal(ms.Tensor(a.astype(np.uint8)).ptp(axis=1).asnumpy(),
                                  [253, 250])
    with pytest.raises(TypeError):
        ms.Tensor(a.astype(bool)).ptp()


def test_bincount_of_bool_counts_false_and_true():
    # MindSpore 2.10 (and numpy): [2, 4] as Float32
    got = ms.Tensor(np.array([True, False, True, True, True, False])).bincount()
    assert got.dtype == ms.float32
    np.testing.assert_array_equal(got.asnumpy(), [2.0, 4.0])


def test_histc_of_float16_counts_in_float32():
    # MindSpore 2.10: Tensor.histc of a Float16 input is Float32
    got = ms.Tensor(np.array([0.5, 1.25, 2.5, 0.0, 3.75, 6.5], np.float16)).histc(4, 0, 4)
    assert got.dtype == ms.float32
    np.testing.assert_array_equal(got.asnumpy(), [2.0, 1.0, 1.0, 1.0])
