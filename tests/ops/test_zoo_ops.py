"""Numerical references for the shape, scatter, einsum, linear-algebra, sampling, jvp and hook
ops (the api table checks modes and gradients; here the values against numpy)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell.graph.symbolic import GraphModeError

RNG = np.random.default_rng(0)
X = RNG.standard_normal((3, 4, 5)).astype(np.float32)


@pytest.mark.parametrize("eq,shapes", [
    ("ij,jk->ik", [(2, 3), (3, 4)]), ("bij,bjk->bik", [(2, 2, 3), (2, 3, 4)]),
    ("ii->i", [(3, 3)]), ("ii", [(3, 3)]), ("...ij->...ji", [(2, 3, 4)]), ("ij,ij->", [(2, 3)] * 2),
    ("i,j,ij", [(2,), (3,), (2, 3)]), ("bij,jk->bk", [(2, 3, 4), (4, 5)]), ("ij->", [(2, 3)]),
    ("ijk,ikl->jl", [(2, 3, 4), (2, 4, 5)]), ("ij,jk", [(2, 3), (3, 4)]), ("i,i", [(4,)] * 2)])
def test_einsum_matches_numpy(eq, shapes):
    arrays = [RNG.standard_normal(s) for s in shapes]
    got = ops.einsum(eq, *[Tensor(a) for a in arrays]).asnumpy()
    np.testing.assert_allclose(got, np.einsum(eq, *arrays), rtol=1e-10, atol=1e-12)


def test_einsum_rejects_bad_equations():
    a = Tensor(np.ones((2, 3)))
    for eq in ("ij,jk->ik", "ijk->i", "ij->k", "i.j->i"):
        with pytest.raises(ValueError, match="einsum"):
            ops.einsum(eq, a)


def test_strided_slice_masks_match_numpy():
    t = Tensor(X)
    assert np.array_equal(ops.strided_slice(t, (0, 1, 0), (3, 4, 5), (2, 1, 2)).asnumpy(),
                          X[0:3:2, 1:4, 0:5:2])
    assert np.array_equal(ops.strided_slice(t, (1, 0, -1), (0, 3, 0), (1, 2, -1), begin_mask=1,
                                            shrink_axis_mask=1).asnumpy(), X[1, 0:3:2, -1:0:-1])
    assert np.array_equal(ops.StridedSlice(0, 2, 1, 0, 0)(t, (0, 1), (0, 3), (1, 1)).asnumpy(),
                          X[..., 1:])
    with pytest.raises(IndexError, match="strided_slice"):
        ops.strided_slice(t, (5,), (6,), (1,), shrink_axis_mask=1)


def test_shape_queries_unstack_roll_meshgrid_triangles():
    t = Tensor(X)
    assert ops.shape(t) == (3, 4, 5) and ops.rank(t) == 3 and ops.size(t) == 60
    assert ops.Shape()(t) == (3, 4, 5) and ops.Rank()(t) == 3 and ops.Size()(t) == 60
    parts = ops.unstack(t, axis=1)
    assert len(parts) == 4 and np.array_equal(parts[2].asnumpy(), X[:, 2])
    assert np.array_equal(ops.roll(t, (1, -2), (0, 2)).asnumpy(), np.roll(X, (1, -2), (0, 2)))
    assert np.array_equal(ops.roll(t, 7).asnumpy(), np.roll(X, 7))
    a, b, c = Tensor(np.arange(2.0)), Tensor(np.arange(3.0)), Tensor(np.arange(4.0))
    for indexing in ("xy", "ij"):
        for g, w in zip(ops.meshgrid(a, b, c, indexing=indexing),
                        np.meshgrid(np.arange(2.0), np.arange(3.0), np.arange(4.0),
                                    indexing=indexing)):
            assert np.array_equal(g.asnumpy(), w)
    for k in (-5, -1, 0, 2, 9):
        assert np.array_equal(ops.tril(t, k).asnumpy(), np.tril(X, k))
        assert np.array_equal(ops.triu(t, k).asnumpy(), np.triu(X, k))
    assert np.array_equal(ops.diag(Tensor(X[0, :2, :2])).asnumpy(),
                          np.einsum("ij,kl,ik,jl->ijkl", X[0, :2, :2], np.ones((2, 2)),
                                    np.eye(2), np.eye(2)))
    bias = RNG.standard_normal(4).astype(np.float32)
    assert np.array_equal(ops.bias_add(Tensor(X), Tensor(bias)).asnumpy(),
                          X + bias[:, None])
    assert np.array_equal(ops.BiasAdd("NHWC")(Tensor(X[:, :, :4]), Tensor(bias)).asnumpy(),
                          X[:, :, :4] + bias)


def test_unique_first_occurrence_values_and_inverse_and_graph_refusal():
    # MindSpore 2.10 keeps the values in order of first occurrence, not sorted (ms-oracle:
    # [5, 5, 0, -1, 0, 7] -> [5, 0, -1, 7], idx [0, 0, 1, 2, 1, 3])
    y, idx = ops.unique(Tensor(np.array([1, 5, 2, 5, 1], np.int32)))
    assert y.asnumpy().tolist() == [1, 5, 2] and idx.asnumpy().tolist() == [0, 1, 2, 1, 0]
    assert y.dtype == ms.int32 and idx.dtype == ms.int32
    y, idx = ops.Unique()(Tensor(np.array([5, 5, 0, -1, 0, 7], np.int32)))
    assert y.asnumpy().tolist() == [5, 0, -1, 7] and idx.asnumpy().tolist() == [0, 0, 1, 2, 1, 3]
    x = Tensor(np.array([[3.0, 1.0], [3.0, 2.0]], np.float32))
    y, idx = ops.unique(x)
    assert y.asnumpy().tolist() == [3.0, 1.0, 2.0] and idx.shape == (2, 2)
    np.testing.assert_array_equal(y.asnumpy()[idx.asnumpy()], x.asnumpy())
    # each occurrence of a value gets that value's gradient
    w = Tensor(np.array([1.0, 10.0, 100.0], np.float32))
    g = ms.grad(lambda v: (ops.unique(v)[0] * w).sum())(x)
    np.testing.assert_array_equal(g.asnumpy(), [[1.0, 10.0], [1.0, 100.0]])
    with pytest.raises(GraphModeError):
        ms.jit(lambda v: ops.unique(v))(Tensor(np.array([1, 2])))


def test_index_add_updates_a_parameter_in_place(mode):
    # MindSpore's IndexAdd writes into its Parameter input, in PYNATIVE and GRAPH mode
    # (ms-oracle: the Parameter reads [0, 5, 0] after index_add(p, [1], [5.0], 0)); the result
    # is returned too and the gradient reaches y
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = ms.Parameter(Tensor(np.zeros(3, np.float32)), name="p")

        def construct(self, v):
            return ops.index_add(self.p, Tensor(np.array([1], np.int32)), v, 0) * 2

    net = Net()
    v = Tensor(np.array([5.0], np.float32))
    assert net(v).asnumpy().tolist() == [0.0, 10.0, 0.0]
    assert net.p.asnumpy().tolist() == [0.0, 5.0, 0.0]
    assert ms.grad(Net(), grad_position=0)(v).asnumpy().tolist() == [2.0]
    x = Tensor(np.zeros(3, np.float32))  # a plain Tensor is not written
    out = ops.index_add(x, Tensor(np.array([2], np.int32)), v, 0)
    assert out.asnumpy().tolist() == [0.0, 0.0, 5.0] and x.asnumpy().tolist() == [0.0] * 3


def test_scatter_nd_family():
    idx = Tensor(np.array([[0], [2], [0]], np.int32))
    upd = RNG.standard_normal((3, 4)).astype(np.float32)
    want = np.zeros((3, 4), np.float32)
    np.add.at(want, idx.asnumpy()[:, 0], upd)
    np.testing.assert_allclose(ops.scatter_nd(idx, Tensor(upd), (3, 4)).asnumpy(), want)
    x = RNG.standard_normal((3, 4)).astype(np.float32)
    np.testing.assert_allclose(ops.tensor_scatter_add(Tensor(x), idx, Tensor(upd)).asnumpy(),
                               x + want, rtol=1e-6)
    out = ops.tensor_scatter_update(Tensor(x), idx, Tensor(upd)).asnumpy()
    assert np.array_equal(out[2], upd[1]) and np.array_equal(out[0], upd[2])  # last write wins
    assert np.array_equal(out[1], x[1])
    p = ms.Parameter(Tensor(x.copy()), name="p")
    ops.scatter_nd_add(p, idx, Tensor(upd))
    np.testing.assert_allclose(p.asnumpy(), x + want, rtol=1e-6)
    pairs = Tensor(np.array([[0, 1], [2, 3]], np.int64))
    assert np.array_equal(ops.gather_nd(Tensor(x), pairs).asnumpy(), x[[0, 2], [1, 3]])
    with pytest.raises(ValueError, match="tensor_scatter_update"):
        ops.tensor_scatter_update(Tensor(x), Tensor(np.array([[3]])), Tensor(upd[:1]))


def test_linalg_matches_numpy():
    a = RNG.standard_normal((2, 4, 4)) + 4 * np.eye(4)
    t = Tensor(a)
    np.testing.assert_allclose(ops.inverse(t).asnumpy(), np.linalg.inv(a), rtol=1e-10)
    np.testing.assert_allclose(ops.det(t).asnumpy(), np.linalg.det(a), rtol=1e-10)
    spd = a @ a.transpose(0, 2, 1)
    np.testing.assert_allclose(ops.cholesky(Tensor(spd)).asnumpy(), np.linalg.cholesky(spd),
                               rtol=1e-10)
    q, r = ops.qr(Tensor(a[0, :, :3]))
    np.testing.assert_allclose((q @ r).asnumpy(), a[0, :, :3], rtol=1e-10, atol=1e-12)
    s, u, v = ops.svd(Tensor(a[0, :3]))
    np.testing.assert_allclose(s.asnumpy(), np.linalg.svd(a[0, :3], compute_uv=False))
    np.testing.assert_allclose((u * s.expand_dims(0)) @ v.swapaxes(0, 1), a[0, :3], atol=1e-10)
    with pytest.raises(ValueError, match="cholesky"):
        ops.cholesky(Tensor(-spd))
    with pytest.raises(TypeError, match="inverse"):
        ops.inverse(Tensor(a.astype(np.float16)))


def test_multinomial_is_seeded_and_respects_weights():
    w = Tensor(np.array([[0.0, 9.0, 4.0, 0.0]] * 3, np.float32))
    ms.set_seed(3)
    first = ops.multinomial(w, 50).asnumpy()
    ms.set_seed(3)
    assert np.array_equal(first, ops.multinomial(w, 50).asnumpy())
    assert set(first.ravel()) <= {1, 2} and first.shape == (3, 50)
    assert sorted(ops.multinomial(w[0], 2, replacement=False).asnumpy().tolist()) == [1, 2]
    with pytest.raises(ValueError, match="multinomial"):
        ops.multinomial(Tensor(np.array([-1.0, 2.0], np.float32)), 1)


def test_jvp_matches_finite_differences_and_has_aux():
    x = RNG.standard_normal((2, 3))
    v = RNG.standard_normal((2, 3))
    f = lambda a: ops.sin(a) * a  # noqa: E731
    out, tangent = ops.jvp(f, Tensor(x), Tensor(v))
    eps = 1e-6
    fd = (np.sin(x + eps * v) * (x + eps * v) - np.sin(x - eps * v) * (x - eps * v)) / (2 * eps)
    np.testing.assert_allclose(tangent.asnumpy(), fd, rtol=1e-6)
    np.testing.assert_allclose(out.asnumpy(), np.sin(x) * x)
    out, tangent, aux = ops.jvp(lambda a: (a * 2, a + 1), Tensor(x), Tensor(v), has_aux=True)
    np.testing.assert_allclose(tangent.asnumpy(), 2 * v)
    np.testing.assert_allclose(aux.asnumpy(), x + 1)


def test_hook_backward_sees_and_replaces_the_gradient():
    seen = []

    def hook(grads):
        seen.append(grads[0].asnumpy())
        return (grads[0] * 10,)

    hook_op = ops.HookBackward(hook)

    def f(x, y):
        return hook_op(x * y) * y

    gx, gy = ops.GradOperation(get_all=True)(f)(Tensor(1.0), Tensor(2.0))
    assert seen[0] == 2.0
    assert gx.asnumpy() == 40.0 and gy.asnumpy() == 22.0  # dz*10*y, dz*10*x + x*y
    with pytest.raises(TypeError, match="HookBackward"):
        ops.HookBackward(3)
